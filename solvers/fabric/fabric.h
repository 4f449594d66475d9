// SPDX-License-Identifier: Apache-2.0
#pragma once

// Fabric and cabling solver: for every fabric plane of a project it generates the switch
// graph (topology.h), places the switches into the layout's racks, measures the graph
// (tiers, oversubscription, bisection, hop counts, failure blast radius), cables every link
// from the floor plan (length, medium, transceivers, trunks, tray fill) and produces the
// network BOM, the port-to-port cable schedule and the network power per rack.
//
// Model, rules and sources: docs/fabric-model.md (sources in docs/references.md). Units are in
// the member names. No global state, no I/O.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/common/bom.h"
#include "solvers/common/copyonwrite.h"
#include "solvers/fabric/topology.h"
#include "solvers/layout/layout.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace aidc {

// Cable routing geometry and structured-cabling rules. Defaults are [U] engineering ranges (the
// lower end where a range is given) unless a field cites a source. All editable.
struct CablingOptions
{
    double rackHeightM = 2.2;          // racks 2.0-2.3 m tall [U]
    double trayAboveRackM = 0.3;       // tray 0.3-0.6 m above the racks [U]
    double rackUnitM = 0.04445;        // EIA-310 rack unit [V] [ref:eia-310]
    double firstUnitAboveFloorM = 0.1; // bottom of U1 above the floor (plinth)
    double slackPerEndM = 0.5;         // service loop, 0.5-1 m per end [U]
    double dressingFraction = 0.05;    // 5-10% for dressing [U]
    double reachMarginFraction = 0.10; // reach >= L + max(10% L, 1 m) [U]
    double reachMarginMinM = 1.0;
    double crossoverSpacingM = 0; // trays cross between rows every n m (0 = anywhere)
    // Between halls, beyond the distance along the site's axes between their corners (the
    // layout's geometry): out of one hall and into the other, through walls and corridor turns,
    // about 10 m each [U].
    double interHallAllowanceM = 20;
    double structuredAboveM = 50;  // optical runs longer than this go trunk + patch [U]
    double madeToOrderStepM = 1;   // media without stock lengths are cut to this step
    int fibresPerLink = 8;         // 4-lane parallel optics (SR4/DR4: 8 fibres of MPO-12) [V]
    int trunkFibres = 144;         // fibres per MPO trunk [U]
    double trunkDiameterMm = 13;   // 144-fibre trunk outer diameter [U]
    double trunkMassKgPerM = 0.15; // [U]
    double trunkLengthStepM = 5;   // trunks are made to order in these steps [U]
    int patchPanelPorts = 48;      // MPO ports per 1U patch panel [U]
    // Stock jumper lengths [V] [ref:optics-vendor-lists]
    std::vector<double> jumperStockLengthsM{1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 100};
    double jumperDiameterMm = 3;
    double trayWidthM = 0.6; // one copper and one fibre tray per row [U]
    double trayDepthM = 0.1;
    double trayFillLimit = 0.45;    // keep fill <= ~40-50% [U]
    double trayLoadLimitKgPerM = 0; // 0 = not checked (no sourced default)
    // BOM/price keys of the structured parts; lines carry their length so a per-m price works
    std::string jumperPart = "mpo-jumper";    // priced each (prices.json fibre/mpo-jumper)
    std::string trunkPart = "mpo-trunk-144f"; // priced per m of its length (fibre/mpo-trunk-144f)
    std::string patchPanelPart = "mpo-patch-panel-1u";
    // What a media policy's "lifecycle" order counts (docs/fabric-model.md §6): the service
    // years and the electricity price are the project's (/cost/horizonYears,
    // /site/electricityUsdPerKWh; solveFabric sets them); the facility overhead on the network's
    // energy stands in for the PUE, which the power solver computes after the fabric [U].
    struct Lifecycle
    {
        double years = 5;
        double usdPerKWh = 0.078;
        double energyOverhead = 1.25;
    } lifecycle;

    // Problems with the values, with paths like "cabling/trayFillLimit".
    Diagnostics validate() const;
};

struct FabricOptions
{
    CablingOptions cabling;
    int maxTiers = 4; // auto tiers stop here
                      // (64-port NDR at 1:1: 32 DGX = 256 GPUs, NVIDIA SU [V]
                      // [ref:nvidia-superpod-h100-ra])
    std::map<std::string, std::int64_t> targetEndpoints; // plane name -> planned build-out
    int networkRackSwitchU = 12; // rack units of switches a network rack takes (= layout's
                                 // switchesPerNetworkRack of 1U switches)
    int defaultRackHeightU = 42; // racks whose type is not in the catalog
    int pdusPerRack = 2;         // OOB endpoints per rack besides servers/switches (A/B PDU)
    // A leaf switch with dedicated uplink ports (SN2201: 48 x 1G + 4 x 100G) builds its plane as
    // leaves only, each with this many of them into the in-band network: 16 x 100G for 8 SN2201
    // in the DGX SuperPOD reference architecture [V] [ref:nvidia-superpod-h100-ra].
    int externalUplinksPerLeaf = 2;
    bool countEndpointModulePower = false; // add NIC-side module power to the network power
                                           // (default: it is in the server's own max power)
    double infinibandHopLatencyNs = 130;   // per switch hop [U: vendor port-to-port figures]
    double ethernetHopLatencyNs = 600;     // [U]

    // Problems with the values, with paths like "maxTiers".
    Diagnostics validate() const;
};

// One tier of a plane as measured on the generated graph (per plane copy).
struct FabricTierStats
{
    int tier = 1; // 1 = leaf
    std::int64_t switches = 0;
    int downPortsPerSwitch = 0; // planned down ports (capacity)
    int upPortsPerSwitch = 0;
    std::int64_t downLinks = 0;   // links from the tier below (endpoint links for leaves)
    std::int64_t upLinks = 0;     // links to the tier above
    std::int64_t unusedPorts = 0; // radix * switches - used ports
    double oversubscription = 1;  // downLinks / upLinks, measured (1 at the top)
    double powerWPerSwitch = 0;   // mean: base + module/active-cable ends in its ports
};

// Switch hops between two endpoints (a same-leaf pair is 1 hop).
struct HopStats
{
    int minHops = 0;
    int maxHops = 0;
    double meanHops = 0;
    std::int64_t pairs = 0; // pairs measured (BFS from the representative sources)
};

// Endpoints and GPUs that lose connectivity to the largest remaining part of the plane when
// one switch of a tier fails.
struct FailureBlast
{
    int tier = 1;
    std::int64_t endpointsLost = 0;
    std::int64_t gpusLost = 0;
};

struct MediumUsage
{
    std::string medium;       // catalog id
    std::int64_t links = 0;   // per plane copy
    std::int64_t modules = 0; // transceiver modules (both ends), 0 for cables
    std::int64_t cables = 0;  // cables (splitters count once), 0 for transceiver links
    double totalLengthM = 0;  // routed
};

// What the performance model needs of a backend plane.
struct PlanePerformanceFacts
{
    std::int64_t gpus = 0;
    std::int64_t islandGpus = 0;             // GPUs of one full-bisection island (all if none)
    double oversubscriptionInsideIsland = 1; // worst per-tier ratio below the island top
    double oversubscriptionAboveIsland = 1;  // end-to-end ratio across islands
    std::int64_t railGroupGpus = 0;          // GPUs of one rail group: same rail = 1 hop
    double nicGbpsPerGpu = 0;                // port speed x ports per GPU x parallel planes
    int parallelPlanes = 1;
    int tiers = 0;
    double hopLatencyNs = 0; // per switch hop
    int maxHops = 0;         // diameter in switch hops
};

struct PlaneResult
{
    std::string name;
    std::string jsonPath; // "/network/planes/0", or "/network/planes" for a default plane
    PlaneRole role = PlaneRole::Backend;
    std::string switchModel;
    int switchHeightU = 1;
    int radix = 0;    // ports per switch at the plane's speed (breakout included)
    int breakout = 1; // plane links per switch port
    double portGbps = 0;
    int parallelPlanes = 1;
    bool railOptimized = true;
    LeafPlacement leafPlacement = LeafPlacement::NetworkRack;
    std::int64_t hosts = 0, endpoints = 0, gpus = 0; // per plane copy
    int tiers = 0;
    // Endpoints a non-blocking fat tree of the plane's radix holds with 1, 2, ... 6 tiers,
    // 2 (k/2)^t [ref:al-fares-2008; D for t != 3]: what each tier count could reach.
    std::vector<std::int64_t> maxEndpointsByTiers;
    std::vector<FabricTierStats> tierStats;
    std::vector<TierPlan> tierPlans;
    int islandTier = 0; // 0 = no islands
    std::int64_t islands = 1;
    std::int64_t railGroups = 0;
    int railGroupHosts = 0;
    int reservedPorts = 0;
    // Fabric-manager appliances (catalog appliances, role fabric-manager) cabled to the reserved
    // ports, per plane copy; an empty model: the catalog has none for the plane's technology and
    // the ports are only kept free.
    std::string fabricManagerModel;
    int fabricManagers = 0;
    double fabricManagerPowerW = 0; // all copies

    std::int64_t switches = 0, links = 0; // per plane copy
    double endToEndOversubscription = 1;
    double bisectionTbps = 0;            // all copies
    double nonBlockingBisectionTbps = 0; // N r / 2, all copies
    HopStats sameRail, sameIsland, crossIsland;
    int diameterHops = 0;
    std::vector<FailureBlast> failures;

    std::vector<std::string> media; // catalog medium ids referenced by linkMedium
    std::vector<MediumUsage> mediaUsage;
    std::int64_t opticalLinks = 0;       // links needing transceivers (per copy)
    std::int64_t transceiverEnds = 0;    // 2 per optical link (per copy)
    std::int64_t transceiverModules = 0; // physical modules after twin-port packing (per copy)
    std::int64_t unroutedLinks = 0;      // no medium reaches (violation)
    // Uplinks that leave the plane (a management switch's 100G ports into the in-band network):
    // count per copy, their speed and the medium chosen for them.
    std::int64_t externalUplinks = 0;
    double externalUplinkGbps = 0;
    std::string externalUplinkMedium;
    std::int64_t cables = 0;             // physical cables, jumpers and trunks (per copy)
    double copperShareEndpointLinks = 0; // of the GPU/host-to-leaf links
    double copperShareAllLinks = 0;
    double switchPowerW = 0;         // all copies: chassis + switch-side link ends
    double switchChassisPowerW = 0;  // all copies: base power (passive copper in every port)
    double endpointModulePowerW = 0; // all copies: NIC-side link ends
    double totalCableLengthM = 0;    // all copies

    PlanePerformanceFacts performance;
    CopyOnWrite<FabricTopology> topology; // one copy; lengths and media filled
    Bom bom;                              // this plane's lines (all copies)
    Diagnostics diagnostics;
};

// Fill of one row's trays at its busiest point.
struct TrayFill
{
    std::string row; // layout row id
    int hall = 0;
    int copperTrays = 1; // stacked trays of each kind (the project's /network/cabling)
    int fibreTrays = 1;
    double copperFill = 0; // cable cross-section / area of the row's trays of that kind
    double fibreFill = 0;
    double peakLoadKgPerM = 0;
};

// A stack of switches of one plane and tier in one rack: `count` physical switches (parallel
// plane copies included) of FabricResult::planes[plane], each planes[plane].switchHeightU high
// (its catalog switch model planes[plane].switchModel), the lowest starting at U `firstU`
// (1-based) and the others directly above it. Kept apart from the topology so views need not
// hold the graph; 12 bytes per run, one run per contiguous stack.
struct RackSwitchRun
{
    std::uint16_t plane = 0; // index into FabricResult::planes
    std::uint8_t tier = 1;   // 1 = leaf; switchTierName(tier, planes[plane].tiers)
    std::uint16_t firstU = 1;
    std::uint32_t count = 0;
};

struct FabricResult
{
    std::vector<PlaneResult> planes;
    Bom bom;
    std::int64_t switches = 0, transceivers = 0, cables = 0; // all planes and copies
    double copperShare = 0;                                  // copper links / all links, all planes
    // Power, all planes and copies. Switch power = chassis base + the module/active-cable ends
    // in its ports (catalog powerWPerEnd per link end), so module power is counted once:
    // switchPowerW = switchChassisPowerW + switchModulePowerW.
    double switchPowerW = 0;
    double switchChassisPowerW = 0;
    double switchModulePowerW = 0;
    double endpointModulePowerW = 0; // NIC-side ends (in networkPowerW only if counted)
    std::int64_t fabricManagers = 0; // fabric-manager appliances, all planes and copies
    double fabricManagerPowerW = 0;
    // switches + fabric managers + NIC-side ends if counted
    double networkPowerW = 0;
    std::map<std::string, double> rackNetworkPowerW; // layout rack id -> W ("" = unplaced)
    std::vector<TrayFill> trays;
    std::vector<std::string> rackIds; // layout rack ids, by rack index (for the schedule)
    // The switches placed in each layout rack, compact: the runs of rack i are
    // rackSwitchRuns[rackSwitchRunFirst[i] .. rackSwitchRunFirst[i + 1]), listed from the top
    // of the rack down in the order the solver stacked them (switchesInRack(i)). A rack whose
    // switches exceed its height (a violation the plane's diagnostics name) has its overflow
    // runs clamped to start at U1, overlapping the runs above. rackSwitchRunFirst has
    // rackIds.size() + 1 entries.
    std::vector<RackSwitchRun> rackSwitchRuns;
    std::vector<std::int32_t> rackSwitchRunFirst;
    std::int64_t placedSwitches = 0;   // physical switches in some rack (all planes and copies)
    std::int64_t unplacedSwitches = 0; // no rack had room (switches = placed + unplaced)
    Diagnostics diagnostics;

    std::span<const RackSwitchRun> switchesInRack(std::size_t rack) const
    {
        if (rack + 1 >= rackSwitchRunFirst.size())
            return {};
        return std::span<const RackSwitchRun>(rackSwitchRuns)
            .subspan(std::size_t(rackSwitchRunFirst[rack]),
                     std::size_t(rackSwitchRunFirst[rack + 1] - rackSwitchRunFirst[rack]));
    }
};

// The planes the solver builds: the project's, or when it lists none the documented default
// planes (solvers/common/defaults.h: backend, frontend, storage, OOB).
std::vector<FabricPlane> effectivePlanes(const Project &project, const Catalog &catalog);

// All planes: switches share the layout's rack space (leaves of every plane first, then the
// upper tiers), trays are shared; the OOB planes also reach every other plane's switches.
FabricResult solveFabric(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                         const FabricOptions &options = {});

// One plane (index into effectivePlanes) on its own, for tests and benchmarks.
PlaneResult solveFabricPlane(const Project &project, const Catalog &catalog,
                             const LayoutResult &layout, int planeIndex,
                             const FabricOptions &options = {});

} // namespace aidc

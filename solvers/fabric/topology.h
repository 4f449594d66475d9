// SPDX-License-Identifier: Apache-2.0
#pragma once

// Fabric topology generation: one plane of a folded Clos (fat tree) as a compact graph.
//
// Vertices are endpoints (NIC ports, ids [0, E)) and switches (ids E + s). Links are stored as
// a struct of arrays (two vertex ids, two port numbers, the tier boundary, the routed length and
// the chosen medium) so a 1M-GPU plane with millions of links stays small; cable ids and names
// are generated only when a schedule is written.
//
// The construction, per tier j (1 = leaf) (docs/fabric-model.md §3):
//   - a tier-j switch at oversubscription o above it splits its k ports as
//     down = k - ceil(k/(o+1)), up = ceil(down/o)            (k = 64, o = 3: 48/16) [D]
//   - leaves take endpoints by rail group (SU) or rack (ToR) or whole nodes (non-rail); a host
//     of n nodes (an NVL72 rack: 18 trays) offers n ports per rail, and a leaf takes whole
//     hosts' rail ports while they fit; rail groups are cabled for their full size; a leaf's
//     uplinks are sized for what it can serve (a rail group or a rack does not grow);
//   - a tier-j pod is n_j tier-(j-1) pods plus W_j = W_(j-1) * m_j tier-j switches; every
//     tier-(j-1) switch at position q links to the m_j tier-j switches q*m_j .. q*m_j+m_j-1 of
//     its pod with u_(j-1)/m_j links each (spine j of every pod goes to core group j
//     [ref:cmcc-wanka-2024 §4.3.1]);
//   - below the top, m_j = u_(j-1) and n_j = down_j (largest pod), rounded down to whole rail
//     groups at tier 2; with spine groups per rail a tier-2 pod is one rail of those groups,
//     with the fewest spines m_2 dividing u_1 whose down ports take its leaves' uplinks
//     [ref:nvidia-superpod-h100-ra]; the top tier holds every tier-(t-1) pod and m_t is the
//     smallest divisor of u_(t-1) that gives each top switch at most k ports, so each lower
//     switch's uplinks divide evenly over the top switches [ref:nvidia-superpod-h100-ra];
//   - islands: the pod at the island tier holds `islandEndpoints`, its switches split at the
//     island oversubscription, the tiers above are built for the resulting uplinks.
// With all ports at one speed and o = 1 this reproduces E_max = 2(k/2)^t and the full-build
// switch count (2t-1)(k/2)^(t-1) of Al-Fares et al. [ref:al-fares-2008] (any t: [D]).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

enum class HostKind : std::uint8_t { Server, StorageNode, Switch, Pdu, FabricManager };

// Something in a rack with NIC ports on this plane: a server, a storage node, the plane's
// fabric-manager appliance (UFM), or (OOB plane) another plane's switch or appliance, or a PDU.
struct FabricHost
{
    std::int32_t rack = -1;        // index into LayoutResult::racks, -1 = not placed
    std::uint16_t baseU = 1;       // lowest rack unit it occupies (1-based)
    std::uint16_t heightU = 1;     // rack units
    std::uint16_t ports = 1;       // endpoints on this plane
    std::uint16_t cagePorts = 1;   // NIC ports sharing one cage (DGX H100 twin OSFP: 2)
    std::uint16_t nodes = 1;       // compute nodes (trays); port p is NIC p % (ports/nodes)
                                   // of node p / (ports/nodes), that NIC's rail
    std::uint16_t gpus = 0;        // accelerators behind this host
    std::uint16_t indexInRack = 0; // for names: "<rack>/srv2"
    HostKind kind = HostKind::Server;
};

// One plane's graph. For `parallelPlanes` identical planes only one copy is stored.
struct FabricTopology
{
    std::vector<FabricHost> hosts;
    std::vector<std::int32_t> endpointHost;  // endpoint -> host
    std::vector<std::uint16_t> endpointPort; // endpoint -> 0-based NIC port (rail) on its host
    // The fabric-manager appliances' endpoints come last; metrics of what the plane serves
    // (bisection, hops, failure blast) leave them out.
    std::size_t managerEndpoints = 0;

    std::vector<std::uint8_t> switchTier;      // 1 = leaf
    std::vector<std::int32_t> switchRack;      // layout rack index, -1 = not placed
    std::vector<std::uint16_t> switchU;        // lowest rack unit of copy 1 (copy c: c-1 below)
    std::vector<std::int32_t> switchGroup;     // leaves: rail group; upper tiers: pod index
    std::vector<std::int32_t> switchIsland;    // island index, -1 above the islands
    std::vector<std::int32_t> tierFirstSwitch; // tier j switches: [tierFirst[j-1], tierFirst[j])

    // Links: A is the lower end (endpoint or lower-tier switch), B the upper switch.
    std::vector<std::uint32_t> linkA, linkB;
    std::vector<std::uint16_t> portA, portB; // 1-based ports (endpoint: NIC port)
    std::vector<std::uint8_t> linkLevel;     // 0 = endpoint-leaf, j = tier j to tier j+1
    std::vector<float> lengthM;              // routed cable length (set by the cabling step)
    std::vector<float> stockLengthM;         // length it is bought in (0 = no medium)
    std::vector<std::uint8_t> linkMedium;    // index into PlaneResult::media, kNoMedium = none

    static constexpr std::uint8_t kNoMedium = 255;

    std::size_t endpointCount() const { return endpointHost.size(); }
    std::size_t hostEndpointCount() const { return endpointCount() - managerEndpoints; }
    std::size_t switchCount() const { return switchTier.size(); }
    std::size_t vertexCount() const { return endpointCount() + switchCount(); }
    std::size_t linkCount() const { return linkA.size(); }
    int tiers() const { return int(tierFirstSwitch.size()) - 1; }
    bool isSwitch(std::uint32_t vertex) const { return vertex >= endpointCount(); }
    std::uint32_t switchVertex(std::size_t sw) const { return std::uint32_t(endpointCount() + sw); }
    std::size_t switchOf(std::uint32_t vertex) const { return vertex - endpointCount(); }
};

// How one tier is built; counts are per plane copy.
struct TierPlan
{
    int tier = 1;
    int downPorts = 0;      // ports per switch facing down (capacity; leaves: endpoints)
    int upPorts = 0;        // ports per switch facing up (0 at the top)
    int fanOut = 1;         // m: switches of this tier each switch below links to
    int linksPerPair = 1;   // links between a lower switch and each of its m parents
    int childrenPerPod = 1; // n: tier-(j-1) pods per pod (leaves: endpoints per leaf)
    int switchesPerPod = 1; // W
    // Tier 2 with spine groups per rail: each group of leaves is split into this many pods, one
    // per rail (childrenPerPod then counts one rail's leaves); 1 = the pod's leaves share spines.
    int railPods = 1;
    std::int64_t pods = 0;
    std::int64_t switches = 0;
    double oversubscription = 1; // requested down:up at the boundary above this tier
};

struct TopologyInput
{
    std::vector<FabricHost> hosts; // endpoints follow the hosts' order (layout order)
    int radix = 64;                // k at the plane's port speed (breakout included)
    bool railOptimized = true;
    bool topOfRack = false;
    int railGroupHosts = 0;     // hosts per rail group (SU); 0 = what one leaf takes
    bool spinesPerRail = false; // tier-2 pods per rail (rail-optimized, not ToR, 3+ tiers)
    std::optional<int> tiers;   // nullopt = fewest that fit
    int maxTiers = 4;
    std::vector<double> oversubscription; // per tier boundary, leaf->spine first
    std::int64_t islandEndpoints = 0;     // 0 = no islands
    double islandOversubscription = 1;
    std::int64_t targetEndpoints = 0; // build-out the top tier is sized for (0 = hosts)
    int managementPorts = 0;          // leaf ports kept free for the fabric manager (UFM)
    // > 0: the reserved ports are cabled to fabric-manager appliances of this many ports each
    // (FabricHost kind FabricManager, appended after the hosts, not yet in a rack); 0: the ports
    // are only kept free.
    int managerPortsPerAppliance = 0;
    std::uint16_t managerHeightU = 1;
    // > 0: the leaves are the whole plane, each with this many uplinks to another network (a
    // management switch's dedicated 100G ports into the in-band network); no upper tiers.
    int externalUplinks = 0;
};

struct TopologyBuild
{
    FabricTopology topology;
    std::vector<TierPlan> tiers; // tiers[0] = leaves
    int islandTier = 0;          // tier whose pods are the islands; 0 = no islands
    std::int64_t islands = 1;
    int railGroupHosts = 0; // hosts of one rail group (SU) / rack (ToR) / leaf (non-rail)
    std::int64_t railGroups = 0;
    int reservedPorts = 0;           // management ports actually reserved
    int managerAppliances = 0;       // fabric-manager appliances cabled to them
    std::vector<std::string> errors; // the plane cannot be built (then links are empty)
    std::vector<std::string> warnings;
};

// Largest endpoint count of a non-blocking t-tier fat tree of radix k: 2 (k/2)^t
// [ref:al-fares-2008; D for t != 3].
std::int64_t fatTreeMaxEndpoints(int radix, int tiers);

// Nodes a host's ports split over (its `nodes` when they divide its ports evenly, else 1), and
// its rails: the NIC ports of one node. Port p is NIC p % rails of node p / rails.
int hostNodes(const FabricHost &host);
int hostRails(const FabricHost &host);

// Name of tier `tier` of a `tiers`-tier plane as BOM lines and views show it: "leaf" (tier 1),
// "spine" (tier 2), "core" (the top of 3 or more tiers), "tier-3" (tier 3 of 4).
const char *switchTierName(int tier, int tiers);

// Builds the plane's graph (switches, links, ports); lengths and media are left empty.
TopologyBuild buildTopology(const TopologyInput &input);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// The project: a whole L0-L3 site design as plain, Qt-free data.
//
// Units are in the member names (W, kW, MW, m, kg, kPa, Gbps, USD). Every optional member
// is "not set by the user": the solvers then use the documented default (docs/project-format.md).
// The JSON form, its validation and its upgrade chain live in projectjson.h.

#include "diagnostics.h"
#include "mediumkind.h"
#include "workload.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// ---------------------------------------------------------------- L0: site and halls

// Monthly means of the site's outdoor air, January first. Drives economizer hours.
struct Climate
{
    std::array<double, 12> dryBulbC{};
    std::array<double, 12> wetBulbC{};

    bool operator==(const Climate &) const = default;
};

// Utility capacity from a date on (ISO 8601), until the next step.
struct UtilityStep
{
    std::string date;
    double utilityMW = 0;

    bool operator==(const UtilityStep &) const = default;
};

// What on-site generation is for: prime (runs as the site's supply), bridge (runs until the
// grid connection comes, between `from` and `until`), backup (only when the grid fails; not
// counted as supply).
enum class GenerationRole { Prime, Bridge, Backup };

struct OnsiteGeneration
{
    std::string name;
    std::string type;    // free text: "gas-turbine", "recip-engine", "fuel-cell", ...
    double ratingMW = 0; // per unit, net
    int units = 1;
    GenerationRole role = GenerationRole::Bridge;
    std::string from, until; // ISO dates; "" = from the start date / for ever
    // Fuel and running costs (docs/power-model.md, section 6): heat rate on the higher heating
    // value, fuel price, CO2 per GJ of fuel, share of time a unit can run, and O&M.
    double heatRateMJPerKWh = 9.6;   // aeroderivative gas turbine order [U]
    double fuelUsdPerGJ = 3.5;       // natural gas [U]
    double co2KgPerGJ = 50.3;        // natural gas, HHV [ref:epa-ghg-factors]
    double availability = 0.95;      // [U]
    double fixedOmUsdPerKWYear = 20; // [U]
    double variableOmUsdPerMWh = 5;  // [U]

    bool operator==(const OnsiteGeneration &) const = default;
};

struct Site
{
    std::string name;
    double electricityUsdPerKWh = 0.078; // seed tariff [ref:zomi-100k-slides]
    double demandChargeUsdPerKWMonth = 0.0;
    double gridCo2KgPerKWh = 0.39;       // US grid average [V] [ref:eia-co2]
    std::optional<double> utilityFeedMW; // contracted grid capacity, if known
    // The utility's ramp-rate limit at the meter, up and down (docs/load-profile.md); unset:
    // no limit is checked.
    std::optional<double> rampLimitMWPerS;
    // Cooling design conditions of the site's climate (ASHRAE-style 0.4 % or extreme values,
    // entered with their source): the peak plant power is taken at them. Unset: the hottest
    // monthly means + 9 K dry / + 4 K wet bulb (PowerOptions, fitted on ASHRAE stations).
    std::optional<double> designDryBulbC, designWetBulbC;
    std::string designConditionsSource; // where the design values come from, for the report
    // Share of the facility's energy bought as renewable (REF numerator), 0..1; it also takes
    // that share out of the grid CO2 [ref:iso-iec-30134].
    double renewableFraction = 0.0;
    // Power supply over time: the date the design runs at its full load, the utility capacity
    // from each date on (dated on or after it) and on-site generation.
    std::string startDate;
    std::vector<UtilityStep> utilitySteps;
    std::vector<OnsiteGeneration> generation;
    // Site battery available to smooth the load (energy and power); unset: none.
    std::optional<double> batteryMWh, batteryMW;
    double batteryRoundTripEfficiency = 0.85; // [ref:nrel-atb-battery]
    // Sustained utility interruptions (IEEE 1366 SAIFI) and their mean length (SAIDI / SAIFI);
    // US 2022 with major events: 1.4 a year, 5.6 h in all [ref:eia-reliability-2022].
    double utilityInterruptionsPerYear = 1.4;
    double utilityOutageHours = 4.0;
    Climate climate; // default: temperate (docs/project-format.md)

    bool operator==(const Site &) const = default;
};

enum class RackRole { Compute, Network, Storage, Management };

// One rack position in a row. Compute racks name their pool; network racks hold leaves/spines.
struct RackSlot
{
    std::string id;
    RackRole role = RackRole::Compute;
    std::string rackType; // catalog rack id ("" = default for the role)
    std::string pool;     // compute racks: pool name
    int servers = 0;      // compute racks: servers (NVL72: 1 rack-scale system)

    bool operator==(const RackSlot &) const = default;
};

// A straight row of racks along +x from its origin, in hall coordinates (metres).
// Rows the user gives are kept as given ("pinned"); the layout solver adds rows for the rest.
struct Row
{
    std::string id;
    double xM = 0.0;
    double yM = 0.0;
    double rackPitchM = 0.6; // 600 mm racks [U]
    std::vector<RackSlot> racks;

    bool operator==(const Row &) const = default;
};

struct Hall
{
    std::string id;
    std::string name;
    double widthM = 0.0;                     // along the rows (x)
    double lengthM = 0.0;                    // across the rows (y)
    std::optional<double> usableAreaM2;      // default: 70% of width x length
    double floorLoadKPa = 12.0;              // TIA-942 recommended 12 kPa (250 lbf/ft2)
    std::optional<double> powerCapacityMW;   // critical IT the hall's electrical plant carries
    std::optional<double> coolingCapacityMW; // heat the hall's cooling can reject
    double rowPitchM = 3.6;                  // rack depth 1.2 + cold aisle 1.2 + hot aisle 1.2
    std::vector<Row> rows;

    bool operator==(const Hall &) const = default;
};

// ---------------------------------------------------------------- L1: power and cooling

enum class UpsType { DoubleConversion, Eco, None };
enum class Redundancy { N, NPlus1, TwoN, Distributed };
enum class Distribution { Ac12V, Dc48V, Dc800V };

struct UpsDesign
{
    UpsType type = UpsType::DoubleConversion;
    Redundancy redundancy = Redundancy::NPlus1;
    int modules = 4;                        // N+1: modules carrying the load
    int distributedX = 4, distributedY = 3; // "xN/y": 4 to make 3

    bool operator==(const UpsDesign &) const = default;
};

struct PowerDesign
{
    double utilityVoltageKV = 34.5;
    std::string transformer; // catalog id ("" = default)
    UpsDesign ups;
    Distribution distribution = Distribution::Dc48V;
    double gpuLoadFactor = 1.0;     // provisioned power / TDP (Meta GB200: ~0.8)
    double averageLoadFactor = 0.8; // average / peak IT power, for energy
    double otherItFraction = 0.0;   // extra IT not modelled bottom-up, share of IT
    // GPU power while the job waits (exposed communication, a checkpoint stall, a restart), as a
    // share of its provisioned power: "near idle" [ref:choukse-2025]; 0.25 [U].
    double gpuWaitPowerFraction = 0.25;
    // Power floor the GPUs hold while the job runs (NVIDIA GB300 power smoothing, or a software
    // "burn"), share of provisioned power; 0 = none [ref:nvidia-gb300-power-smoothing].
    double gpuPowerFloorFraction = 0.0;
    // Energy the racks' own smoothing stores (power-supply capacitors, battery backup units)
    // can give per GPU, joules; 0 = none. They answer the load's swings before the site battery.
    double rackStorageJPerGpu = 0.0;
    bool generators = true;
    // Probability that one backup generator starts and takes load on demand: the US nuclear
    // regulator's goal for standby diesels (0.99; 0.94 measured historically)
    // [ref:nrc-nureg-0933].
    double generatorStartReliability = 0.99;
    Redundancy generatorRedundancy = Redundancy::NPlus1;
    std::optional<double> pueOverride; // use this PUE instead of the bottom-up one

    bool operator==(const PowerDesign &) const = default;
};

enum class CoolingType { Air, DirectLiquid, Immersion, RearDoor };
// Where the liquid loop rejects its heat: dry coolers, dry coolers with evaporative pre-cooling
// of their air (adiabatic), or wet cooling towers.
enum class HeatRejection { DryCooler, Adiabatic, CoolingTower };
// ASHRAE TC 9.9 liquid-cooling classes: the highest facility-water supply temperature the
// liquid-cooled IT is built for [ref:ashrae-liquid-cooling-2021].
enum class WaterClass { W17, W27, W32, W40, W45, WPlus };
// The facility loop's fluid: water or a glycol mix (freeze protection on dry coolers).
enum class Coolant { Water, PropyleneGlycol25, PropyleneGlycol40, EthyleneGlycol30 };

// A class's supply limit in degC; none for W+ (above 45 degC, no upper limit).
std::optional<double> waterClassLimitC(WaterClass waterClass);

struct CoolingDesign
{
    CoolingType type = CoolingType::DirectLiquid;
    double liquidFraction = 0.8; // DLC: rack heat share to liquid, 70-85% cited [U]
    double supplyWaterC = 32.0;  // facility water supply (ASHRAE W32); default: the class's limit
    double designDeltaTK = 10.0; // rack loop temperature rise
    HeatRejection liquidHeatRejection = HeatRejection::DryCooler; // warm water: dry coolers [A]
    HeatRejection airHeatRejection = HeatRejection::CoolingTower; // the air loop's chillers
    std::optional<WaterClass> facilityWaterClass;
    double cduApproachK = 3.0; // facility supply to rack-loop supply across the CDU [U]
    Coolant coolant = Coolant::Water;
    double facilityPumpHeadKPa = 250.0; // facility loop pressure drop the pumps overcome [U]
    std::string cdu;                    // catalog id ("" = default)
    Redundancy cduRedundancy = Redundancy::NPlus1;
    std::string chiller; // catalog id ("" = default)
    bool economizer = true;
    // Wet cooling towers: cycles of concentration of the circulating water (blowdown =
    // evaporation / (cycles - 1)); 4 [U].
    double towerCyclesOfConcentration = 4.0;
    // Share of the liquid loop's heat delivered to a heat-reuse network (ERF numerator), 0..1.
    double heatReuseFraction = 0.0;
    // Temperature the heat-reuse network takes its heat at; above the loop's return a heat pump
    // lifts it. Unset: the network takes the loop's return as it is.
    std::optional<double> heatReuseSupplyC;

    bool operator==(const CoolingDesign &) const = default;
};

// ---------------------------------------------------------------- L2: compute, network, storage

struct ComputePool
{
    std::string name;
    std::string gpu;    // catalog accelerator id
    std::string server; // catalog server id ("" = the GPU's default)
    int gpuCount = 0;
    std::optional<int> serversPerRack; // default: from power density (catalog)
    std::string hall;                  // hall id ("" = layout solver chooses)

    bool operator==(const ComputePool &) const = default;
};

enum class PlaneRole { Backend, Frontend, Storage, Oob };
enum class LeafPlacement { ToR, MoR, EoR, NetworkRack };
enum class Technology { InfiniBand, Ethernet };

// How the cabling solver ranks the media of a link's speed: the catalog's ladder order
// (cheapest link first), or the lowest life-cycle cost per link (purchase, energy over the
// service life and expected replacements; docs/fabric-model.md §6).
enum class MediaOrder { Catalog, Lifecycle };

// The media one tier boundary of a plane may use. Unset members take the plane's policy.
struct MediaBoundaryRule
{
    std::optional<std::vector<MediumKind>> allowed;
    std::optional<bool> opticsRequired;

    bool operator==(const MediaBoundaryRule &) const = default;
};

// Which media a plane's links may use (docs/fabric-model.md §6): the allowed classes (empty =
// every class the catalog offers at the plane's speed and technology), whether a link must be
// transceivers and fibre, the ranking, and overrides per tier boundary (entry 0: endpoint to
// leaf, entry j: tier j to tier j + 1).
struct MediaPolicy
{
    std::vector<MediumKind> allowed;
    bool opticsRequired = false;
    MediaOrder order = MediaOrder::Lifecycle; // format 2 files: Catalog (projectupgrade.h)
    std::vector<MediaBoundaryRule> boundaries;

    bool operator==(const MediaPolicy &) const = default;
};

// One scale-out fabric plane (one of the four networks, or one of several identical
// backend planes). Backend endpoints are per GPU, the others per server.
struct FabricPlane
{
    std::string name;
    PlaneRole role = PlaneRole::Backend;
    Technology technology = Technology::InfiniBand;
    std::string switchModel;               // catalog switch id ("" = default for role)
    double portGbps = 400;                 // endpoint port speed in this plane
    int parallelPlanes = 1;                // identical planes (800G NIC as 2 x 400G: 2)
    std::optional<int> endpointsPerServer; // default: GPUs (backend), 2 (frontend/storage), 1 (OOB)
    bool railOptimized = true;
    LeafPlacement leafPlacement = LeafPlacement::NetworkRack;
    std::optional<int> tiers;             // nullopt = auto (fewest tiers that fit)
    std::vector<double> oversubscription; // per tier boundary, leaf->spine first (1 = non-blocking)
    std::optional<int> islandGpus;        // full bisection inside, islandOversubscription above
    double islandOversubscription = 1.0;
    std::vector<std::string> pools; // pools attached (empty = all)
    bool allowAoc = true;
    MediaPolicy media;
    // Leaf ports cabled to the fabric-manager appliances (UFM); nullopt = 2 on an InfiniBand
    // plane (a primary and a high-availability appliance), 0 on Ethernet
    // [ref:nvidia-superpod-h100-ra; ref:nvidia-ufm-um].
    std::optional<int> fabricManagerPorts;
    // Servers per rail group (scalable unit, SU) of a rail-optimized plane; nullopt = the
    // leaf's down ports (32 DGX at radix 64, the SuperPOD SU [ref:nvidia-superpod-h100-ra]).
    std::optional<int> railGroupServers;
    // Rail-optimized plane of three or more tiers: each pod's spines come in one group per rail
    // and the leaves of rail i link only to group i, as the DGX SuperPOD builds it
    // [ref:nvidia-superpod-h100-ra]; false: every leaf of a pod links to every spine of it.
    bool spinesPerRail = true;

    bool operator==(const FabricPlane &) const = default;
};

// Cable trays over each row: the fabric's tray-fill check spreads a row's cables over them.
struct CablingDesign
{
    // Stacked trays of each kind over each row; 0 sizes every row to the fill limit, as a
    // designer would, and a count states the trays actually built [U].
    int copperTraysPerRow = 0; // copper (DAC/AEC/Cat6)
    int fibreTraysPerRow = 0;  // fibre (AOC, jumpers, trunks)

    bool operator==(const CablingDesign &) const = default;
};

struct StorageDesign
{
    double capacityPB = 0.0; // 0 = sized from the workload's checkpoints
    double writeTBps = 0.0;  // 0 = from the storage system's per-node rate
    double readTBps = 0.0;
    std::string system; // catalog storage id ("" = default all-flash PFS)
    // Share of the rated write/read bandwidth a checkpoint save or restore achieves: many
    // uncoalesced tensor writes reach about half of a synthetic benchmark [P]
    // [ref:gossman-2026].
    double checkpointBandwidthFraction = 0.5;
    double driveWritesPerDay = 1.0; // flash endurance the checkpoints may use [U]

    bool operator==(const StorageDesign &) const = default;
};

// ---------------------------------------------------------------- settings of the later solvers

// What a job does after a node-removing failure when no spare node is left: restart at once
// without the failed node's data-parallel replica until the repair (elastic shrink, as large
// runs do), or wait for the repair.
enum class NoSpareRecovery { Shrink, WaitForRepair };

struct ReliabilitySettings
{
    std::map<std::string, double> failuresPerYearOverride; // component class -> failures/unit-year
    double detectionMinutes = 5;
    double restartMinutes = 15; // reschedule + communicator init + warm-up
    double repairHours = 48;    // localise and repair a hardware fault [ref:cmcc-wanka-2024 §2.4]
    double spareConfidence = 0.99;
    std::optional<int> spareNodes; // nullopt = sized by the solver
    // Failed nodes repaired at the same time in each island of the job (repair crews, the
    // machine-repairman model); nullopt = every failed node at once.
    std::optional<int> repairCrews;
    NoSpareRecovery noSpareRecovery = NoSpareRecovery::Shrink;

    bool operator==(const ReliabilitySettings &) const = default;
};

struct CostSettings
{
    double horizonYears = 5;
    double costOfCapital = 0.08; // annual
    double staffUsdPerYear = 0;
    double networkServicesUsdPerYear = 0;
    std::string priceBook; // SQLite price book path ("" = catalog prices only)

    bool operator==(const CostSettings &) const = default;
};

// ---------------------------------------------------------------- the project

// The +/- share of its value a sensitivity run applies to an assumption of each confidence
// class (solvers/uncertainty/assumptions.h). Engineering choices [U], user-editable.
struct UncertaintySettings
{
    double vendor = 0.05;     // [V] data sheets, reference architectures
    double paper = 0.10;      // [P] measured in a paper
    double analyst = 0.20;    // [A] analyst estimates
    double secondary = 0.25;  // [S] press and secondary summaries
    double derived = 0.15;    // [D] derived from other figures
    double unverified = 0.30; // [U] engineering assumptions, and project fields left at default
    double project = 0.10;    // values the project states (the user's own estimate)

    bool operator==(const UncertaintySettings &) const = default;
};

// A warning the design accepts on purpose, and why. The evaluation still reports the warning,
// marked with the reason; --strict and the GUI's warning count leave it out. An entry that
// matches no warning is itself a warning, so a stale acknowledgement cannot hide a new problem.
struct WarningAcknowledgement
{
    std::string path;     // the warning's JSON pointer, exactly ("/network/planes/0")
    std::string contains; // text the warning's message contains
    std::string reason;   // why the design accepts it

    // A warning (never an error) at exactly `path` whose message contains `contains`.
    bool covers(const Diagnostic &d) const;

    bool operator==(const WarningAcknowledgement &) const = default;
};

struct Project
{
    std::string schemaLocation; // "$schema": where editors find the JSON Schema ("" = none)
    std::string name;
    std::string description;
    Site site;
    std::vector<Hall> halls; // empty = one hall sized by the layout solver
    PowerDesign power;
    CoolingDesign cooling;
    std::vector<ComputePool> pools;
    std::vector<FabricPlane> planes; // empty = a default backend + frontend + OOB
    CablingDesign cabling;
    StorageDesign storage;
    std::optional<Workload> workload;
    ReliabilitySettings reliability;
    CostSettings cost;
    UncertaintySettings uncertainty;
    std::vector<WarningAcknowledgement> acknowledgedWarnings;
    std::string catalogOverridesJson; // verbatim JSON object merged over the catalog ("" = none)

    bool operator==(const Project &) const = default;

    int totalGpus() const;
    const ComputePool *findPool(const std::string &name) const;
};

} // namespace aidc

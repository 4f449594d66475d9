// SPDX-License-Identifier: Apache-2.0
#pragma once

// The part catalog: accelerators, servers, racks, switches, optics and cables, power and
// cooling plant, storage systems, failure rates and default prices, as loaded from the
// reviewable JSON files in catalogs/data/ (see docs/catalog-format.md).
//
// Every figure keeps where it came from: `sources` maps a field name to its source and a
// confidence tag (V vendor, P paper, A analyst, S secondary, D derived, U unverified; defined in
// docs/references.md). Units are in the member names. Plain data, Qt-free.

#include "model/mediumkind.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aidc {

enum class Confidence { Vendor, Paper, Analyst, Secondary, Derived, Unverified };

struct FigureSource
{
    std::string source;
    Confidence confidence = Confidence::Unverified;
};

using FigureSources = std::map<std::string, FigureSource>; // field name -> source

// Efficiency of a power or conversion stage against its load fraction (0..1), interpolated
// linearly between points and held constant outside them.
struct EfficiencyCurve
{
    std::vector<std::pair<double, double>> points; // (load fraction, efficiency in (0,1])

    double at(double loadFraction) const;
};

// -------------------------------------------------------------------------- compute

struct Accelerator
{
    std::string id, name, vendor;
    double bf16Tflops = 0; // dense
    double fp8Tflops = 0;  // dense; 0 = no FP8
    double hbmGB = 0;
    double hbmTBps = 0;
    double scaleUpGBpsPerDirection = 0; // NVLink/xGMI/HCCS per GPU, one direction
    int scaleUpDomain = 8;              // GPUs sharing the scale-up fabric by default
    double nicGbps = 400;               // backend NIC per GPU
    double tdpW = 0;
    std::string defaultServer; // server id used when a pool names none
    // Performance-model calibration [ref:calculon-2023]; editable per SKU.
    std::vector<std::pair<double, double>> gemmEfficiency; // (min GFLOP of one GEMM, efficiency)
    double attentionEfficiency = 0.6;                      // FlashAttention kernels vs dense peak
    double fp8GemmEfficiency = 0.7;                        // achieved / FP8 peak for FP8 GEMMs
    double memoryEfficiency = 0.8;      // achieved / HBM bandwidth for memory-bound ops
    double scaleUpBusEfficiency = 0.65; // NCCL busBw / link bandwidth on NVLink-class links
    double scaleOutBusEfficiency = 0.9; // NCCL busBw / NIC rate
    FigureSources sources;
};

// How long an order of a part takes to arrive, in weeks from order to delivery, as a range
// reported on a date (lead times move with the market: the date says which market). Stated per
// catalog part with its own source (`sources.leadTimeWeeks`), never the datasheet's.
struct LeadTime
{
    double minWeeks = 0, maxWeeks = 0; // 0, 0 = not stated
    std::string date;                  // ISO date the range was reported for

    bool stated() const { return maxWeeks > 0; }
};

// `manufacturer` and `partNumber` (optional, "" = not stated) name the orderable part for
// hand-off (NetBox device types, the procurement BOM), and `leadTime` says how long it takes to
// arrive; nothing is filled in without a source. Facility plant entries state the same three.
struct Server
{
    std::string id, name;
    std::string manufacturer, partNumber;
    LeadTime leadTime;
    std::string accelerator; // accelerator id
    int gpus = 8;
    int scaleUpDomain = 8;  // GPUs per scale-up domain (NVL72 rack: 72)
    bool rackScale = false; // the "server" is a whole rack (GB200 NVL72)
    int heightU = 8;
    double maxPowerW = 0; // nameplate max of the whole server/system
    double massKg = 0;
    int backendPorts = 8; // scale-out compute NIC ports
    double backendPortGbps = 400;
    int backendCages = 4; // OSFP cages carrying the backend ports (twin-port)
    // Compute nodes (trays) the system is made of; the backend ports split evenly over them, so
    // NIC i of every node is rail i (GB200 NVL72: 18 trays of 4 NICs, 4 rails).
    int nodes = 1;
    int frontendPorts = 2;
    double frontendPortGbps = 200;
    int storagePorts = 2;
    double storagePortGbps = 200;
    int oobPorts = 1; // 1 GbE BMC
    int psus = 6;
    int psusRequired = 4; // N of N+M
    std::string defaultRackType;
    int defaultServersPerRack = 4;
    FigureSources sources;

    // Power of everything but the GPUs at max load (CPUs, DRAM, NVSwitch, NICs, fans, PSU loss).
    double nonGpuPowerW(const Accelerator &gpu) const { return maxPowerW - gpus * gpu.tdpW; }
};

struct RackType
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    int heightU = 42;
    double widthMm = 600, depthMm = 1200;
    double maxPowerKW = 0;      // electrical/thermal rating of the rack
    double staticLoadKg = 1360; // rated static load of the frame
    double emptyMassKg = 150;
    int feet = 4; // casters or levelling feet carrying the load
    bool liquidCooled = false;
    FigureSources sources;
};

struct StorageSystem
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    double capacityPBPerNode = 0;
    double writeGBpsPerNode = 0;
    double readGBpsPerNode = 0;
    double powerWPerNode = 0;
    int heightU = 2;
    double massKg = 0;
    int networkPorts = 2;
    double portGbps = 400;
    FigureSources sources;
};

// -------------------------------------------------------------------------- network

// A fabric's management appliance: the server that runs its subnet manager (NVIDIA UFM on
// InfiniBand). It is cabled into the plane's leaves on the ports the plane reserves for it
// (FabricPlane::fabricManagerPorts) and into the OOB network, and takes rack space and power.
struct Appliance
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    std::string role;       // "fabric-manager"
    std::string technology; // fabric it manages: "infiniband" | "ethernet"
    int ports = 2;          // fabric ports per appliance
    double powerW = 0;
    int heightU = 1;
    double massKg = 0;
    FigureSources sources;
};

struct SwitchModel
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    std::string technology; // "infiniband" | "ethernet"
    int radix = 64;         // ports at portGbps
    double portGbps = 400;
    int maxBreakout = 2;   // a port may split into this many lanes-groups
    int portsPerCage = 2;  // twin-port OSFP: 2
    double basePowerW = 0; // with passive copper in every port (no modules)
    int heightU = 1;
    double massKg = 0;
    // Dedicated uplink ports at another speed (a 48 x 1G management switch's 4 x 100G): 0 = none,
    // every port is one of the radix ports.
    int uplinkPorts = 0;
    double uplinkGbps = 0;
    FigureSources sources;

    // Ports this switch offers at `portGbps`: radix at its native speed, radix x lanes when
    // the speed is its native speed split `lanes` ways (lanes <= maxBreakout), else 0.
    int radixAt(double portGbps) const;
};

// One rung of the media ladder: what it takes to carry one link of `gbps` up to `reachM`.
struct Medium
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    MediumKind kind = MediumKind::Dac;
    double gbps = 400;
    double reachM = 0;
    double powerWPerEnd = 0;        // module (or active cable end) power at each end
    bool needsTransceivers = false; // true: a module at each end plus fibre
    int linksPerModule = 1;         // twin-port modules serve 2 links per cage
    // Fabric technologies ("infiniband", "ethernet") the medium is offered for; empty = both.
    // XDR InfiniBand has no DAC, AOC or multimode parts [V] [ref:nvidia-xdr-interconnect].
    std::vector<std::string> technologies;
    std::vector<double> stockLengthsM; // lengths the cable/jumper is sold in (empty: made to order)
    double diameterMm = 0;
    double massKgPerM = 0;
    double relativePrice = 1.0; // ladder multiplier on the SR price [ref:zomi-100k-slides]
    FigureSources sources;
};

// -------------------------------------------------------------------------- facility

struct PowerStage
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    std::string stage;   // "transformer" | "ups" | "pdu" | "rack-conversion" | "board"
    std::string variant; // e.g. UPS "double-conversion"/"eco"; rack "12V"/"48V"/"800VDC"
    EfficiencyCurve efficiency;
    bool insideItBoundary = false; // PSU onward counts as IT power (the model's boundary)
    FigureSources sources;
};

struct CoolingUnit
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    std::string kind; // "cdu" | "chiller" | "dry-cooler" | "crah" | "rdhx" | "tower"
    double capacityKW = 0;
    double cop = 0;           // chillers: heat removed / electric input
    double powerFraction = 0; // pumps/fans: electric W per W of heat moved
    FigureSources sources;
};

struct Generator
{
    std::string id, name;
    std::string manufacturer, partNumber; // optional, see Server
    LeadTime leadTime;
    double ratingMW = 2.5;
    double usableFraction = 0.7; // after derating [U: 60-75%, no source recorded]
    FigureSources sources;
};

// -------------------------------------------------------------------------- reliability and price

// Failures per unit-year of a component class ("gpu", "hbm", "host", "nic", "transceiver",
// "cable", "switch", "psu", "cooling-loop").
struct FailureRate
{
    std::string componentClass;
    double failuresPerYear = 0;
    double repairHours = 0; // 0 = project default
    FigureSources sources;
};

struct Price
{
    std::string part; // part id, or a category key such as "facility/power-per-MW"
    double unitUsd = 0;
    std::string unit = "each"; // "each" | "per-MW" | "per-m" | "per-m2" | ...
    std::string currency = "USD";
    std::string date; // ISO date of the figure
    FigureSource source;
};

// -------------------------------------------------------------------------- the catalog

// What a buyer needs to order one catalog part: who makes it, its part number and lead time,
// and where the lead time comes from.
struct PartOrdering
{
    std::string name; // the catalog's name of the part
    std::string manufacturer, partNumber;
    LeadTime leadTime;
    std::optional<FigureSource> leadTimeSource;
};

struct Catalog
{
    std::vector<Accelerator> accelerators;
    std::vector<Server> servers;
    std::vector<RackType> rackTypes;
    std::vector<StorageSystem> storageSystems;
    std::vector<Appliance> appliances;
    std::vector<SwitchModel> switches;
    std::vector<Medium> media; // ladder order: cheapest first
    std::vector<PowerStage> powerStages;
    std::vector<CoolingUnit> coolingUnits;
    std::vector<Generator> generators;
    std::vector<FailureRate> failureRates;
    std::vector<Price> prices;

    const Accelerator *accelerator(const std::string &id) const;
    const Server *server(const std::string &id) const;
    const RackType *rackType(const std::string &id) const;
    const StorageSystem *storageSystem(const std::string &id) const;
    const Appliance *appliance(const std::string &id) const;
    // The first appliance of `role` for fabrics of `technology`, or nullptr.
    const Appliance *applianceFor(const std::string &role, const std::string &technology) const;
    const SwitchModel *switchModel(const std::string &id) const;
    const Medium *medium(const std::string &id) const;
    const PowerStage *powerStage(const std::string &stage, const std::string &variant) const;
    const PowerStage *powerStageById(const std::string &id) const;
    const Generator *generator(const std::string &id) const;
    const CoolingUnit *coolingUnit(const std::string &id) const;
    const FailureRate *failureRate(const std::string &componentClass) const;
    const Price *price(const std::string &part) const;
    // The orderable identity of the part with id `part` (any kind), or nullopt if no part has it.
    std::optional<PartOrdering> ordering(const std::string &part) const;
};

} // namespace aidc

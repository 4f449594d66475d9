// SPDX-License-Identifier: Apache-2.0
#pragma once

// Power, cooling, PUE and facility solver: from GPU watts to utility megawatts.
//
// solvePower() takes a placed layout and computes
//   1. IT power per rack, row, hall and site, peak (sizes the plant) and average (energy):
//      GPUs at PowerDesign::gpuLoadFactor x TDP, the rest of each server
//      (Server::nonGpuPowerW), network and storage from the other solvers, management racks and
//      PowerDesign::otherItFraction on top (~10% [ref:zomi-100k-slides]);
//   2. the power chain utility -> MV/LV transformer -> UPS -> PDU/busway (facility losses, in
//      PUE) -> rack conversion -> board (inside metered IT), each stage's efficiency read from a
//      catalog PowerStage curve at the load fraction its redundancy leaves it (2N <= 50%),
//      installed vs critical capacity, generators, and a 12 V / 48 V / 800 V DC comparison
//      [ref:doe-10cfr431-196; ref:schneider-wp157; ref:80plus; ref:nvidia-800vdc-2025];
//   3. cooling: heat split into liquid and air loops, CDUs, coolant flow from Q = m cp dT,
//      economizer hours from the site's monthly climate, chiller, pump and fan energy
//      [ref:bac-free-cooling; ref:hpe-rdhx-quickspecs; ref:ashrae-liquid-cooling-2021];
//   4. PUE annualized and at peak, annual energy, cost and CO2 [ref:eia-co2];
//   5. facility checks reported as violations (warnings), never as errors [ref:tia-942];
//   6. facility BOM lines for the cost solver.
// The model and every default are described in docs/power-model.md.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/common/bom.h"
#include "solvers/layout/layout.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// Network and storage power as the fabric and storage solvers found it; the pipeline fills it.
struct NetworkLoad
{
    double switchPowerW = 0;    // switch chassis with ASICs and fans, passive-copper ports
    double modulePowerW = 0;    // transceivers and active cable ends (both ends of every link)
    double appliancePowerW = 0; // fabric-manager appliances (UFM servers)
    // rack id -> W of the switches (with their modules) placed in that rack. Power not tied to a
    // rack is spread evenly over the layout's network racks, or over the halls by GPU share
    // (outside any rack) when there are none.
    std::map<std::string, double> rackPowerW;
    // Storage systems, if sized; spread evenly over the storage racks. Unset: every storage rack
    // draws PowerOptions::storageRackPowerW.
    std::optional<double> storagePowerW;

    double totalW() const { return switchPowerW + modulePowerW + appliancePowerW; }
};

// Solver settings. Figures marked [U] are unverified engineering defaults; catalog entries,
// where the catalog has them, take precedence over the *Default* fallbacks.
struct PowerOptions
{
    // --- IT build-up
    double storageRackPowerW = 12000;       // ~16 2U all-flash nodes x ~750 W [U]
    double managementRackPowerW = 6000;     // head, scheduler and login nodes [U]
    double networkRackEquipmentKg = 400;    // switches, patching, cable mass per network rack [U]
    double storageRackEquipmentKg = 700;    // storage nodes per storage rack [U]
    double managementRackEquipmentKg = 400; // [U]
    // Rack-scale systems fed from the rack's busbar (GB200 NVL72: power shelves onto a 48-54 V
    // busbar, NVIDIA MGX) have their catalog power as measured with this distribution; other
    // distributions rescale it by their conversion and busbar losses. Servers with their own
    // PSUs (DGX/HGX) take AC: their vendor maximum (DGX H100 10.2 kW) already includes their
    // PSUs, so the rack distribution does not change their power (docs/power-model.md §2).
    Distribution nameplateDistribution = Distribution::Dc48V;

    // --- power chain
    // Rack busbar resistance, the same conductor for every distribution voltage. ORv3: <= 50 W
    // busbar loss at 30 kW and 48 V gives 50 / 625^2 = 1.28e-4 ohm [ref:ocp-orv3].
    double rackBusbarResistanceOhm = 1.28e-4;
    // Current a rack busbar is built to carry. GB200 NVL72-class racks (120-132 kW) draw
    // ~2.5-2.8 kA at 48-54 V [D], so ~3 kA is taken as the rating of a
    // high-power rack busbar [D from that figure; U as a rating]. A busbar-fed rack above it is
    // a violation: at 12 V that is any rack above ~35 kW.
    double rackBusbarLimitA = 3000;
    // Busbar voltage inside an 800 V DC rack: 54 V when the rack converts 800 V to 54 V (the
    // catalog's RACK-800VDC stage); 800 when 800 V runs to the trays (NVIDIA Kyber-class).
    double dc800RackBusV = 54;
    double acRackFeedVoltageV = 415;       // line-to-line three-phase feed of AC racks [U]
    double comparisonRackLoadW = 0;        // 0 = mean peak compute rack (40 kW without any)
    double transformerRatingKVA = 3000;    // LV unit substation [U]
    double powerFactor = 0.95;             // kW / kVA at the transformers [U]
    double miscFacilityFraction = 0.01;    // lighting, offices, security, share of IT [U]
    double generatorMarginFraction = 0.25; // IT x PUE + 20-25% [U]
    int buswayFeedsPerRow = 0;             // 0 = 2 (A/B) for 2N and distributed, else 1
    bool coolingOnUps = false;             // mechanical load behind the UPS (else only the
                                           // transformer feeds it)

    // --- cooling
    double airRackLimitKW = 40;         // ~30 practical, ~40 with containment [U]
    double rdhxRackLimitKWDefault = 75; // active RDHx 40-75 kW [ref:hpe-rdhx-quickspecs]
    double airLoopSupplyWaterC = 18;    // CRAH chilled water (ASHRAE W17-class) [U]
    double dryCoolerApproachK = 8;      // outdoor dry bulb to supply water [U]
    double towerApproachK = 6;          // wet bulb to supply water: tower ~4 K + plate HX ~2 K [U]
    // A month's hourly temperatures are taken as spread evenly over +-band/2 around its mean, so
    // its economizer share rises linearly across the band (0 = a month is all or nothing).
    double economizerBandK = 8;
    // The peak hour when a project gives no design conditions: the hottest monthly means + these.
    // Fitted on 13 US stations' ASHRAE 2009 0.4 % cooling dry bulb and 0.4 % evaporation wet
    // bulb against their TMY3 monthly means (validation/site/fit_peak_offsets.py): dry +9.0 K,
    // leave-one-station-out error 1.8 K mean, 4.3 K worst (humid Florida +5-7 K, dry West
    // +10-12 K); wet +4.2 K, 1.1 K mean, 2.2 K worst [D].
    double peakDryBulbOverHottestMonthK = 9;
    double peakWetBulbOverHottestMonthK = 4;
    // Adiabatic coolers: the pads cool the air by effectiveness x (dry bulb - wet bulb) when
    // the dry coil alone cannot hold the supply [ref:liao-chiu-2002]; the
    // air warms by adiabaticAirRiseK across the coil, which sets the air flow and so the water
    // evaporated per J rejected [U].
    double adiabaticEffectiveness = 0.8;
    double adiabaticAirRiseK = 10;
    // Rating points for derating at the design hour: a dry cooler's capacity scales with its
    // inlet temperature difference (fluid in - air in), rated at 15 K (EN 1048-style, 40 degC
    // fluid / 25 degC air) [U]; a tower's with approach + range, rated at the CTI point 95/85/78
    // degF (range 5.56 K, approach 3.89 K) [ref:cti-std-201].
    double dryCoolerRatedItdK = 15;
    double towerRatedApproachPlusRangeK = 9.44;
    // Pumps: wire-to-water efficiency [U]; the air loop's chilled-water rise (CRAH coils) [U].
    double pumpEfficiency = 0.7;
    double airLoopDeltaTK = 6;
    // Heat reuse: the network takes the facility loop's return less a plate exchanger's
    // approach [U]; a heat pump lifts it further at this share of the Carnot COP [U].
    double reuseExchangerApproachK = 2;
    double heatPumpCarnotEfficiency = 0.5;
    double chillerCopDefault = 6.5; // water-cooled centrifugal 6-7 [ref:bac-free-cooling]
    // Condenser water temperature rise: 94.3 - 85 degF at AHRI 550/590 [ref:ahri-550-590].
    double condenserRangeK = 5.17;
    // Least lift the COP model takes: a compressor's fixed losses cap its COP at low lift (15 K
    // gives ~2x the rated COP at 18 degC chilled water) [U].
    double chillerMinLiftK = 15;
    // Wet towers: share of the heat rejected by evaporation (the rest sensibly) [U], and the
    // latent heat of water near 30 degC (physical property).
    double towerEvaporativeShare = 0.85;
    double latentHeatJPerKg = 2.43e6;
    double chillerCapacityKWDefault = 3517;      // 1000 RT [U]
    double towerPowerFraction = 0.2 / 3.517;     // 0.2 kW/ton [ref:bac-free-cooling]
    double towerCapacityKWDefault = 5000;        // [U]
    double dryCoolerPowerFractionDefault = 0.02; // fan W per W rejected [U]
    double dryCoolerCapacityKWDefault = 1500;    // [U]
    double cduCapacityKWDefault = 2000;          // facility CDU 2-4 MW [U]
    double cduPumpPowerFractionDefault = 0.01;   // [U]
    double crahFanPowerFractionDefault = 0.04;   // [U]
    double crahCapacityKWDefault = 200;          // [U]
    double rdhxFanPowerFractionDefault = 0.015;  // active RDHx fans [U]
    Redundancy chillerRedundancy = Redundancy::NPlus1;
    Redundancy heatRejectionRedundancy = Redundancy::NPlus1;

    // --- generators (when the catalog has none)
    double generatorRatingMWDefault = 2.5;       // 2-3 MW sets [U]
    double generatorUsableFractionDefault = 0.7; // 60-75% usable [U]

    // Each out-of-range field as an error naming it ("power option <field> ..."); options are
    // not part of the project file, so the errors carry no JSON pointer.
    Diagnostics validate() const;
};

// ------------------------------------------------------------------------------------ results

// IT power split by origin, in W.
struct ItBreakdown
{
    double gpuW = 0;          // GPUs at gpuLoadFactor x TDP
    double serverOtherW = 0;  // rest of the server: Server::nonGpuPowerW
    double distributionW = 0; // rack distribution vs the nameplate one (+ more loss, - saving)
    double networkW = 0;
    double storageW = 0;
    double managementW = 0;
    double otherW = 0; // PowerDesign::otherItFraction

    double totalW() const
    {
        return gpuW + serverOtherW + distributionW + networkW + storageW + managementW + otherW;
    }
    ItBreakdown &operator+=(const ItBreakdown &other);
    ItBreakdown scaled(double factor) const;
};

// Facility checks a rack can fail (bit flags in RackPower::violations).
enum RackViolation : unsigned {
    RackOverRating = 1u << 0,        // IT peak over RackType::maxPowerKW
    RackOverCoolingLimit = 1u << 1,  // air / RDHx share over what the cooling carries per rack
    RackOverWeight = 1u << 2,        // mass over RackType::staticLoadKg
    RackOverFootprintLoad = 1u << 3, // m g / footprint over Hall::floorLoadKPa
    RackOverCellLoad = 1u << 4,      // m g / (pitch x row pitch) over Hall::floorLoadKPa
    RackOutsideHall = 1u << 5,       // not inside the hall's width x length
    RackOverBusbarCurrent = 1u << 6, // busbar current over PowerOptions::rackBusbarLimitA
};

struct RackPower
{
    std::string id;
    int hall = 0, row = 0; // layout indices
    RackRole role = RackRole::Compute;
    ItBreakdown peak;       // IT at peak; average = peak x averageLoadFactor
    double liquidHeatW = 0; // peak heat to the liquid loop (CDU)
    double airHeatW = 0;    // peak heat to the room air
    double massKg = 0;
    // Peak current in the rack busbar of a busbar-fed rack (rack-scale systems); 0 when the
    // servers take AC through their own PSUs.
    double busCurrentA = 0;
    double footprintKPa = 0; // m g / (width x depth)
    double cellKPa = 0;      // m g / (pitch x row pitch), aisles included
    unsigned violations = 0; // RackViolation flags

    double peakW() const { return peak.totalW(); }
};

struct RowPower
{
    std::string id;
    int hall = 0;
    int racks = 0;
    double peakW = 0, averageW = 0;
};

struct HallPower
{
    std::string id;
    ItBreakdown peak; // racks plus power not tied to a rack
    double peakW = 0, averageW = 0;
    double heatW = 0;              // IT + PDU/busway losses rejected in the hall, peak
    double liquidHeatW = 0;        // to CDUs, peak
    double airHeatW = 0;           // to room air, peak
    int cdus = 0;                  // installed, with redundancy
    double coolantFlowLPerMin = 0; // rack-side liquid flow at the design delta-T
    double massKg = 0;
    double floorAverageKPa = 0; // all rack mass over the hall's usable area
    double maxFootprintKPa = 0;
    double maxCellKPa = 0;
    double floorRatingKPa = 0; // the project hall's floorLoadKPa (its default when not stated)
    double rackAreaM2 = 0;     // sum over racks of pitch x row pitch
    double usableAreaM2 = 0;
    std::optional<double> powerCapacityW, coolingCapacityW; // from the project hall
};

// One stage of the power chain at the site's peak and average IT load.
struct ChainStage
{
    std::string stage;   // "transformer" | "ups" | "pdu" | "rack-conversion" | "busbar" | "board"
    std::string variant; // e.g. "double-conversion", "48V"
    std::string part;    // catalog id, or "default" when the catalog had none
    bool insideItBoundary = false; // PSU onward is metered IT (the model's boundary)
    double loadFractionPeak = 0, loadFractionAverage = 0;
    double efficiencyPeak = 1, efficiencyAverage = 1;
    double lossPeakW = 0, lossAverageW = 0;
};

// Installed vs critical capacity of one redundant subsystem.
struct InstalledCapacity
{
    std::string subsystem; // "transformer", "ups", "pdu", "generator", "cdu", "chiller", ...
    std::string part;      // catalog id, or "default-<subsystem>"
    Redundancy redundancy = Redundancy::N;
    double criticalW = 0;  // load it must carry
    double installedW = 0; // nameplate installed
    int unitsNeeded = 0;   // 0 for continuous (UPS modules are sized to the load)
    int unitsInstalled = 0;
    double unitRatingW = 0;

    double installedToCritical() const { return criticalW > 0 ? installedW / criticalW : 0; }
};

struct GeneratorSizing
{
    std::string part;
    double loadW = 0;       // peak facility power x (1 + margin)
    double unitRatingW = 0; // nameplate
    double unitUsableW = 0; // after derating
    int unitsNeeded = 0, unitsInstalled = 0;
};

// One row of the rack distribution comparison: the same load delivered past the board stage,
// fed through each distribution from the utility (I^2 R: 4x the voltage is 1/16 the loss on the
// same conductor [D]).
struct DistributionOption
{
    Distribution distribution = Distribution::Dc48V;
    double busVoltageV = 0;   // rack busbar voltage
    double deliveredW = 0;    // out of the board stage (the same for every row)
    double busCurrentA = 0;   // in the rack busbar
    double feedCurrentA = 0;  // per rack feed: AC three-phase at acRackFeedVoltageV, or 800 V DC
    double upstreamLossW = 0; // switchgear, transformer (or SST), UPS, PDU/busway
    double rackConversionLossW = 0;  // PSU / power shelf / rack DC-DC
    double conductorLossW = 0;       // I^2 R in the rack busbar, same conductor for all
    double boardConversionLossW = 0; // board stage (bus converter and/or VRM, per catalog)
    double utilityInputW = 0;
    double totalLossW = 0;
    double efficiency = 0;         // rail load / utility input
    double lossVs12VW = 0;         // this row's loss minus the 12 V row's (negative = saves)
    bool feasible = true;          // false: the conductor cannot carry the load at this voltage
    bool withinBusbarLimit = true; // busCurrentA <= PowerOptions::rackBusbarLimitA (and feasible)
};

// The cooling plant of the whole site.
struct CoolingPlant
{
    CoolingType type = CoolingType::DirectLiquid;
    double liquidHeatPeakW = 0;     // to the facility water loop (CDUs, RDHx)
    double airHeatPeakW = 0;        // to the air loop (CRAH), incl. UPS/PDU losses
    double liquidSupplyWaterC = 0;  // facility water supply to the liquid loop
    double airSupplyWaterC = 0;     // chilled water to the CRAHs
    double coolantFlowLPerMin = 0;  // rack-side liquid flow at designDeltaTK
    double coolantLPerMinPerKW = 0; // the same per kW of liquid heat (derived, not an input)
    std::array<double, 12> liquidEconomizerFraction{}; // share of each month on free cooling
    std::array<double, 12> airEconomizerFraction{};
    double liquidEconomizerHours = 0; // per year
    double airEconomizerHours = 0;
    double economizerHours = 0; // heat-weighted over both loops
    double chillerCop = 0;      // rated (AHRI 550/590 conditions)
    // The conditions the peak plant power is taken at, one hour: "design hour" (the site's
    // design dry and wet bulb) or "hottest month + offset" (the hottest monthly means + the
    // fitted offsets of PowerOptions).
    std::string peakConditions;
    double peakDryBulbC = 0, peakWetBulbC = 0;
    std::string peakSource; // Site::designConditionsSource with a design hour, else ""
    double chillerCopPeakLiquid = 0, chillerCopPeakAir = 0; // at the peak's lift
    // Electric power of the plant at peak IT and the year's worst month, and the annual mean.
    double chillerPeakW = 0, heatRejectionPeakW = 0, pumpPeakW = 0, fanPeakW = 0;
    double chillerAverageW = 0, heatRejectionAverageW = 0, pumpAverageW = 0, fanAverageW = 0;
    int cdusNeeded = 0, cdusInstalled = 0;
    double cduCapacityW = 0;
    int chillers = 0, dryCoolers = 0, coolingTowers = 0, crahs = 0, rdhxUnits = 0;
    HeatRejection liquidHeatRejection = HeatRejection::DryCooler;
    HeatRejection airHeatRejection = HeatRejection::CoolingTower;
    Coolant coolant = Coolant::Water;
    double rackLoopSupplyC = 0; // facility supply + CDU approach
    // Capacity at the design hour over the rating (dry/adiabatic coolers, towers).
    double dryCoolerDerate = 1, towerDerate = 1;
    // Facility-loop pump power per kW of heat: flow x head / efficiency.
    double liquidPumpWPerKW = 0, airPumpWPerKW = 0;

    double peakW() const { return chillerPeakW + heatRejectionPeakW + pumpPeakW + fanPeakW; }
    double averageW() const
    {
        return chillerAverageW + heatRejectionAverageW + pumpAverageW + fanAverageW;
    }
};

// The site's power supply from one date on (Site::startDate, utilitySteps, generation).
struct SupplyPoint
{
    std::string date;
    double utilityW = 0; // the grid capacity in force
    double onsiteW = 0;  // prime and bridge generation running
    double availableW = 0;
    double shortfallW = 0; // facility peak - available, when positive
    // The facility's average load served from that date on: prime units first, then the grid,
    // then bridge units (each at its availability); what none of them covers is unserved.
    double primeAverageW = 0, gridAverageW = 0, bridgeAverageW = 0, unservedAverageW = 0;
};

// Energy, fuel and running costs of the site's supply (docs/power-model.md, section 6b).
// Per-year figures are those of the last supply date (every step and bridge in place).
struct SiteEnergy
{
    bool fromSupplyTable = false; // false: the grid supplies all of it (no supply table)
    std::string steadyDate;
    double gridMWh = 0, onsiteMWh = 0;                        // per year
    double fuelGJ = 0, fuelUsd = 0, omUsd = 0, co2Tonnes = 0; // per year, on-site generation
    // Bridge power over the dated periods before the last supply date, in all.
    double bridgeMWh = 0, bridgeFuelUsd = 0, bridgeOmUsd = 0, bridgeCo2Tonnes = 0;
    double generationInstalledMW = 0; // every block, any role (priced as capex)
};

// Whether a utility interruption stops the training job (docs/power-model.md, section 6b).
struct ElectricalAvailability
{
    double utilityInterruptionsPerYear = 0;
    double outageHours = 0;
    std::string rideThrough; // how the site carries an interruption, or why it cannot
    double rideThroughProbability = 0;
    int backupUnitsNeeded = 0, backupUnitsInstalled = 0;
    double jobInterruptionsPerYear = 0; // interruptions not ridden through
    double outageHoursPerYear = 0;      // their hours without power
};

struct PowerResult
{
    // A rack's IT power on average: its peak times the site's average / peak ratio (racks are
    // not metered apart), as the rack table and the floor plan's tooltip state it.
    double rackAverageW(const RackPower &rack) const
    {
        return itPeakW > 0 ? rack.peakW() * itAverageW / itPeakW : 0.0;
    }

    std::vector<RackPower> racks; // in LayoutResult::racks order
    std::vector<RowPower> rows;   // halls' rows in order
    std::vector<HallPower> halls;

    ItBreakdown itPeak; // site
    double itPeakW = 0, itAverageW = 0;
    std::vector<ChainStage> chain;                    // utility to board, in order
    double chainLossPeakW = 0, chainLossAverageW = 0; // facility side only (in PUE)
    double itConversionLossPeakW = 0; // inside the IT boundary (not in PUE), for information
    double miscPeakW = 0, miscAverageW = 0;
    std::vector<InstalledCapacity> capacities;
    std::optional<GeneratorSizing> generators; // unset when PowerDesign::generators is false
    CoolingPlant cooling;
    std::vector<DistributionOption> distributionComparison; // 12 V, 48 V, 800 V DC

    double facilityPeakW = 0, facilityAverageW = 0;
    double pueBottomUpAnnual = 0, pueBottomUpPeak = 0;
    double pueAnnual = 0, puePeak = 0; // = pueOverride when the project sets it
    bool pueOverridden = false;
    double annualItEnergyMWh = 0, annualEnergyMWh = 0;
    double energyCostUsd = 0, demandChargeUsd = 0, annualElectricityCostUsd = 0;
    double co2Tonnes = 0; // grid CO2 of the energy not bought as renewable

    // Water and the EU data-centre reporting figures (docs/power-model.md, section 6).
    double annualWaterM3 = 0;       // wet-tower make-up water (evaporation + blowdown)
    double wueLPerKWh = 0;          // annual site water / IT energy [ref:iso-iec-30134]
    double wuePeakMonthLPerKWh = 0; // the month with the most water per IT kWh
    double heatReusedMWh = 0;       // heatReuseFraction x liquid-loop heat, per year
    double erf = 0;                 // energy reuse factor: reused / facility energy
    double ref = 0;                 // renewable energy factor: Site::renewableFraction
    double cueKgPerKWh = 0;         // carbon usage effectiveness: CO2 / IT energy
    double heatReuseSourceC = 0;    // the loop's return less the reuse exchanger's approach
    double heatPumpCop = 0;         // 0 when the network takes the heat as it is
    double heatPumpMWh = 0;         // heat pump electricity, outside the facility's PUE

    // From the start date, one point per date the supply changes; empty without a start date.
    std::vector<SupplyPoint> supply;
    SiteEnergy siteEnergy;
    ElectricalAvailability electrical;

    Bom bom;
    std::vector<std::string> assumptions; // defaults used where the catalog had no entry
    Diagnostics diagnostics;              // input errors, warnings and facility violations
};

// Errors for out-of-range inputs of this solver that the project file cannot state: the
// catalog's power stages, cooling units, generators and rack types (file "catalog"), the network
// load and the options. The project's own fields are checked once by checkProjectFields
// (model/projectjson.h) before the pipeline runs any solver.
Diagnostics validatePowerInputs(const Catalog &catalog, const NetworkLoad &network,
                                const PowerOptions &options);

// Runs the whole evaluation. With input errors the result holds only the diagnostics.
PowerResult solvePower(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                       const NetworkLoad &network, const PowerOptions &options = {});

} // namespace aidc

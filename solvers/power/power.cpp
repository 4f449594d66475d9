// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/power.h"
#include "solvers/common/reportformat.h"

#include "model/enumnames.h"
#include "solvers/power/cooling.h"
#include "solvers/power/facilitybom.h"
#include "solvers/power/facilitychecks.h"
#include "solvers/power/itpower.h"
#include "solvers/power/powerchain.h"
#include "solvers/power/sitesupply.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <utility>

namespace aidc {

// ------------------------------------------------------------------------------ breakdown

ItBreakdown &ItBreakdown::operator+=(const ItBreakdown &other)
{
    gpuW += other.gpuW;
    serverOtherW += other.serverOtherW;
    distributionW += other.distributionW;
    networkW += other.networkW;
    storageW += other.storageW;
    managementW += other.managementW;
    otherW += other.otherW;
    return *this;
}

ItBreakdown ItBreakdown::scaled(double factor) const
{
    ItBreakdown result = *this;
    for (double *value : {&result.gpuW, &result.serverOtherW, &result.distributionW,
                          &result.networkW, &result.storageW, &result.managementW, &result.otherW})
        *value *= factor;
    return result;
}

// ------------------------------------------------------------------------------ validation

namespace {

// Adds an error unless lo (<|<=) value (<|<=) hi; the message names the range and the fix.
void checkRange(Diagnostics &diagnostics, const std::string &file, const std::string &path,
                double value, double lo, double hi, bool loOpen, bool hiOpen,
                const std::string &meaning)
{
    const bool ok = std::isfinite(value) && (loOpen ? value > lo : value >= lo) &&
                    (hiOpen ? value < hi : value <= hi);
    if (ok)
        return;
    const std::string range = std::string(loOpen ? "(" : "[") + formatSignificant(lo) + ", " +
                              (std::isinf(hi) ? std::string("inf") : formatSignificant(hi)) +
                              (hiOpen ? ")" : "]");
    diagnostics.error(file, path,
                      meaning + " must be in " + range + ", got " + formatSignificant(value) +
                          "; set a value in that range");
}

void checkNonNegative(Diagnostics &diagnostics, const std::string &file, const std::string &path,
                      double value, const std::string &meaning)
{
    checkRange(diagnostics, file, path, value, 0, INFINITY, false, true, meaning);
}

void checkPositive(Diagnostics &diagnostics, const std::string &file, const std::string &path,
                   double value, const std::string &meaning)
{
    checkRange(diagnostics, file, path, value, 0, INFINITY, true, true, meaning);
}

// Options are not part of the project file: their errors carry no JSON pointer and name the
// option in the message instead.
void optionRange(Diagnostics &diagnostics, const std::string &name, double value, double lo,
                 double hi, bool loOpen, bool hiOpen, const std::string &meaning)
{
    checkRange(diagnostics, "", "", value, lo, hi, loOpen, hiOpen,
               "power option " + name + " (" + meaning + ")");
}

void optionNonNegative(Diagnostics &diagnostics, const std::string &name, double value,
                       const std::string &meaning)
{
    optionRange(diagnostics, name, value, 0, INFINITY, false, true, meaning);
}

void optionPositive(Diagnostics &diagnostics, const std::string &name, double value,
                    const std::string &meaning)
{
    optionRange(diagnostics, name, value, 0, INFINITY, true, true, meaning);
}

} // namespace

Diagnostics PowerOptions::validate() const
{
    Diagnostics d;
    optionNonNegative(d, "storageRackPowerW", storageRackPowerW, "storage rack power");
    optionNonNegative(d, "managementRackPowerW", managementRackPowerW, "management rack power");
    optionNonNegative(d, "networkRackEquipmentKg", networkRackEquipmentKg,
                      "network rack equipment mass");
    optionNonNegative(d, "storageRackEquipmentKg", storageRackEquipmentKg,
                      "storage rack equipment mass");
    optionNonNegative(d, "managementRackEquipmentKg", managementRackEquipmentKg,
                      "management rack equipment mass");
    optionNonNegative(d, "rackBusbarResistanceOhm", rackBusbarResistanceOhm,
                      "rack busbar resistance");
    optionPositive(d, "rackBusbarLimitA", rackBusbarLimitA, "rack busbar current rating");

    optionRange(d, "dc800RackBusV", dc800RackBusV, 12, 1000, false, false,
                "800 V DC rack busbar voltage");
    optionPositive(d, "acRackFeedVoltageV", acRackFeedVoltageV, "AC rack feed voltage");
    optionNonNegative(d, "comparisonRackLoadW", comparisonRackLoadW, "comparison rack load");
    optionPositive(d, "transformerRatingKVA", transformerRatingKVA, "transformer rating");
    optionRange(d, "powerFactor", powerFactor, 0, 1, true, false, "power factor");
    optionRange(d, "miscFacilityFraction", miscFacilityFraction, 0, 1, false, true,
                "misc facility share of IT");
    optionRange(d, "generatorMarginFraction", generatorMarginFraction, 0, 2, false, false,
                "generator margin");
    optionRange(d, "buswayFeedsPerRow", buswayFeedsPerRow, 0, 8, false, false,
                "busway feeds per row");
    optionPositive(d, "airRackLimitKW", airRackLimitKW, "air rack limit");
    optionPositive(d, "rdhxRackLimitKWDefault", rdhxRackLimitKWDefault, "RDHx rack limit");
    optionRange(d, "airLoopSupplyWaterC", airLoopSupplyWaterC, 0, 80, false, false,
                "air loop supply water temperature (degC)");
    optionNonNegative(d, "dryCoolerApproachK", dryCoolerApproachK, "dry cooler approach");
    optionNonNegative(d, "towerApproachK", towerApproachK, "tower approach");
    optionNonNegative(d, "economizerBandK", economizerBandK, "economizer band");
    optionNonNegative(d, "peakDryBulbOverHottestMonthK", peakDryBulbOverHottestMonthK,
                      "peak dry bulb over the hottest month");
    optionNonNegative(d, "peakWetBulbOverHottestMonthK", peakWetBulbOverHottestMonthK,
                      "peak wet bulb over the hottest month");
    optionRange(d, "adiabaticEffectiveness", adiabaticEffectiveness, 0, 1, false, false,
                "adiabatic pad effectiveness");
    optionPositive(d, "adiabaticAirRiseK", adiabaticAirRiseK, "adiabatic cooler air rise");
    optionPositive(d, "dryCoolerRatedItdK", dryCoolerRatedItdK, "dry cooler rated ITD");
    optionPositive(d, "towerRatedApproachPlusRangeK", towerRatedApproachPlusRangeK,
                   "tower rated approach + range");
    optionRange(d, "pumpEfficiency", pumpEfficiency, 0, 1, true, false, "pump efficiency");
    optionPositive(d, "airLoopDeltaTK", airLoopDeltaTK, "air loop chilled-water rise");
    optionNonNegative(d, "reuseExchangerApproachK", reuseExchangerApproachK,
                      "heat reuse exchanger approach");
    optionRange(d, "heatPumpCarnotEfficiency", heatPumpCarnotEfficiency, 0, 1, true, false,
                "heat pump share of Carnot COP");
    optionPositive(d, "chillerCopDefault", chillerCopDefault, "chiller COP");
    using Fields = std::initializer_list<std::pair<const char *, double>>;
    for (const auto &[name, value] :
         Fields{{"chillerCapacityKWDefault", chillerCapacityKWDefault},
                {"towerCapacityKWDefault", towerCapacityKWDefault},
                {"dryCoolerCapacityKWDefault", dryCoolerCapacityKWDefault},
                {"cduCapacityKWDefault", cduCapacityKWDefault},
                {"crahCapacityKWDefault", crahCapacityKWDefault},
                {"generatorRatingMWDefault", generatorRatingMWDefault}})
        optionPositive(d, name, value, name);
    for (const auto &[name, value] :
         Fields{{"towerPowerFraction", towerPowerFraction},
                {"dryCoolerPowerFractionDefault", dryCoolerPowerFractionDefault},
                {"cduPumpPowerFractionDefault", cduPumpPowerFractionDefault},
                {"crahFanPowerFractionDefault", crahFanPowerFractionDefault},
                {"rdhxFanPowerFractionDefault", rdhxFanPowerFractionDefault}})
        optionRange(d, name, value, 0, 1, false, true, name);
    optionRange(d, "generatorUsableFractionDefault", generatorUsableFractionDefault, 0, 1, true,
                false, "generator usable fraction");
    return d;
}

Diagnostics validatePowerInputs(const Catalog &catalog, const NetworkLoad &network,
                                const PowerOptions &options)
{
    // The project's own fields are checked by checkProjectFields (model/projectjson.h) before
    // any solver runs; here only the options, the catalog and the fabric's figures.
    Diagnostics d = options.validate();
    // Catalog parts: the loader has checked the shipped files; these guard hand-built or
    // overridden catalogs. The solver does not know which file a part came from, so the
    // message names the part and its field instead of a pointer.
    for (const PowerStage &stage : catalog.powerStages) {
        const std::string what = "power stage '" + stage.id + "' efficiency point ";
        for (size_t k = 0; k < stage.efficiency.points.size(); ++k) {
            const auto &[load, efficiency] = stage.efficiency.points[k];
            const std::string point = what + std::to_string(k);
            checkRange(d, "catalog", "", efficiency, 0, 1, true, false, point + " efficiency");
            checkNonNegative(d, "catalog", "", load, point + " load fraction");
            if (k > 0 && load < stage.efficiency.points[k - 1].first)
                d.error("catalog", "",
                        "power stage '" + stage.id +
                            "': efficiency points must be in rising load order");
        }
    }
    for (const CoolingUnit &unit : catalog.coolingUnits) {
        checkNonNegative(d, "catalog", "", unit.capacityKW,
                         "capacityKW of cooling unit '" + unit.id + "'");
        checkNonNegative(d, "catalog", "", unit.cop, "cop of cooling unit '" + unit.id + "'");
        checkRange(d, "catalog", "", unit.powerFraction, 0, 1, false, true,
                   "powerFraction of cooling unit '" + unit.id + "'");
    }
    for (const Generator &generator : catalog.generators) {
        checkPositive(d, "catalog", "", generator.ratingMW,
                      "ratingMW of generator '" + generator.id + "'");
        checkRange(d, "catalog", "", generator.usableFraction, 0, 1, true, false,
                   "usableFraction of generator '" + generator.id + "'");
    }
    for (const RackType &rack : catalog.rackTypes) {
        checkNonNegative(d, "catalog", "", rack.maxPowerKW, "maxPowerKW of rack '" + rack.id + "'");
        checkNonNegative(d, "catalog", "", rack.staticLoadKg,
                         "staticLoadKg of rack '" + rack.id + "'");
        checkNonNegative(d, "catalog", "", rack.emptyMassKg,
                         "emptyMassKg of rack '" + rack.id + "'");
    }

    // The network load comes from the fabric solver, not from the project file.
    checkNonNegative(d, "", "", network.switchPowerW, "fabric network load switchPowerW");
    checkNonNegative(d, "", "", network.modulePowerW, "fabric network load modulePowerW");
    checkNonNegative(d, "", "", network.appliancePowerW, "fabric network load appliancePowerW");
    if (network.storagePowerW)
        checkNonNegative(d, "", "", *network.storagePowerW, "fabric network load storagePowerW");
    for (const auto &[rack, watts] : network.rackPowerW)
        checkNonNegative(d, "", "", watts, "fabric network load of rack '" + rack + "'");
    return d;
}

// ------------------------------------------------------------------------------ the chain

namespace {

struct ChainSizing
{
    double pduInstalledW = 0, upsInstalledW = 0, upsCriticalW = 0;
    double transformerCriticalW = 0, transformerUnitW = 0;
    int transformersNeeded = 0, transformersInstalled = 0;
};

struct StageFlow
{
    double loadFraction = 0, efficiency = 1, lossW = 0;
};

struct ChainFlow
{
    StageFlow switchgear, transformer, ups, pdu;
    double utilityW = 0;
    double lossW() const { return switchgear.lossW + transformer.lossW + ups.lossW + pdu.lossW; }
};

StageFlow throughStage(const StageModel &stage, double outputW, double installedW, double &inputW)
{
    StageFlow flow;
    flow.loadFraction = installedW > 0 ? outputW / installedW : 0;
    flow.efficiency = stage.efficiency(flow.loadFraction);
    inputW = outputW / flow.efficiency;
    flow.lossW = inputW - outputW;
    return flow;
}

ChainFlow runChain(const FacilityStages &stages, const ChainSizing &sizing, double itW,
                   double coolingW, double miscW, bool coolingOnUps)
{
    ChainFlow flow;
    double pduInW = 0, upsInW = 0;
    flow.pdu = throughStage(stages.pdu, itW, sizing.pduInstalledW, pduInW);
    const double upsOutW = pduInW + (coolingOnUps ? coolingW : 0);
    flow.ups = throughStage(stages.ups, upsOutW, sizing.upsInstalledW, upsInW);
    const double transformerOutW = upsInW + (coolingOnUps ? 0 : coolingW) + miscW;
    const double transformerInstalledW = sizing.transformersInstalled * sizing.transformerUnitW;
    double transformerInW = 0;
    flow.transformer =
        throughStage(stages.transformer, transformerOutW, transformerInstalledW, transformerInW);
    flow.switchgear =
        throughStage(stages.switchgear, transformerInW, transformerInstalledW, flow.utilityW);
    return flow;
}

// Sizes the chain for the peak: each redundant path is installed at redundancy x its load, so a
// stage runs at 1 / factor of its rating at peak (2N: 50%) [D].
ChainSizing sizeChain(const FacilityStages &stages, const PowerDesign &design,
                      const PowerOptions &options, double itPeakW, double coolingPeakW,
                      double miscPeakW)
{
    ChainSizing sizing;
    const double factor = redundancyFactor(design.ups.redundancy, design.ups);
    sizing.pduInstalledW = itPeakW * factor;
    const double pduInW = itPeakW / stages.pdu.efficiency(1.0 / factor);
    sizing.upsCriticalW = pduInW + (options.coolingOnUps ? coolingPeakW : 0);
    sizing.upsInstalledW = stages.ups.present ? sizing.upsCriticalW * factor : 0;
    const double upsInW = sizing.upsCriticalW / stages.ups.efficiency(1.0 / factor);
    sizing.transformerCriticalW = upsInW + (options.coolingOnUps ? 0 : coolingPeakW) + miscPeakW;
    sizing.transformerUnitW = options.transformerRatingKVA * 1e3 * options.powerFactor;
    sizing.transformersNeeded =
        int(std::ceil(sizing.transformerCriticalW / sizing.transformerUnitW - 1e-9));
    // Transformers belong to the UPS blocks, so they follow the block scheme's installed /
    // critical ratio (N+1 of m: (m+1)/m), with at least one spare unit, not one spare per site.
    const int blockUnits =
        design.ups.redundancy == Redundancy::TwoN
            ? 2 * sizing.transformersNeeded
            : int(std::ceil(sizing.transformerCriticalW * factor / sizing.transformerUnitW - 1e-9));
    const int spareUnits =
        design.ups.redundancy == Redundancy::N ? 0 : std::min(1, sizing.transformersNeeded);
    sizing.transformersInstalled = std::max(blockUnits, sizing.transformersNeeded + spareUnits);
    return sizing;
}

ChainStage chainStage(const StageModel &model, const StageFlow &peak, const StageFlow &average)
{
    ChainStage stage;
    stage.stage = model.stage;
    stage.variant = model.variant;
    stage.part = model.present ? model.part : "none";
    stage.insideItBoundary = model.insideItBoundary;
    stage.loadFractionPeak = peak.loadFraction;
    stage.loadFractionAverage = average.loadFraction;
    stage.efficiencyPeak = peak.efficiency;
    stage.efficiencyAverage = average.efficiency;
    stage.lossPeakW = peak.lossW;
    stage.lossAverageW = average.lossW;
    return stage;
}

// Hours-weighted accumulation of a stage flow over the months.
void accumulate(StageFlow &sum, const StageFlow &month, double weight)
{
    sum.loadFraction += month.loadFraction * weight;
    sum.efficiency += month.efficiency * weight;
    sum.lossW += month.lossW * weight;
}

const Hall *projectHallById(const Project &project, const std::string &id)
{
    for (const Hall &hall : project.halls) {
        if (hall.id == id)
            return &hall;
    }
    return nullptr;
}

InstalledCapacity unitsCapacity(const std::string &subsystem, const std::string &part,
                                Redundancy redundancy, const UpsDesign &ups, double criticalW,
                                double unitW)
{
    InstalledCapacity capacity;
    capacity.subsystem = subsystem;
    capacity.part = part;
    capacity.redundancy = redundancy;
    capacity.criticalW = criticalW;
    capacity.unitRatingW = unitW;
    capacity.unitsNeeded = unitW > 0 ? int(std::ceil(criticalW / unitW - 1e-9)) : 0;
    capacity.unitsInstalled = unitsWithRedundancy(capacity.unitsNeeded, redundancy, ups);
    capacity.installedW = capacity.unitsInstalled * unitW;
    return capacity;
}

void dedupe(std::vector<std::string> &lines)
{
    std::vector<std::string> unique;
    for (std::string &line : lines) {
        if (std::find(unique.begin(), unique.end(), line) == unique.end())
            unique.push_back(std::move(line));
    }
    lines = std::move(unique);
}

} // namespace

// ------------------------------------------------------------------------------ solvePower

PowerResult solvePower(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                       const NetworkLoad &network, const PowerOptions &options)
{
    PowerResult result;
    result.diagnostics = validatePowerInputs(catalog, network, options);
    if (result.diagnostics.hasErrors())
        return result;

    const PowerDesign &design = project.power;
    std::vector<std::string> &assumptions = result.assumptions;
    const RackPath designPath = rackPath(catalog, design.distribution, options, assumptions);
    const RackPath nameplatePath =
        options.nameplateDistribution == design.distribution
            ? designPath
            : rackPath(catalog, options.nameplateDistribution, options, assumptions);
    const FacilityStages stages = facilityStages(catalog, design, design.distribution, assumptions);

    // 1. IT per rack, then rows, halls and site.
    ItBuildUp it = buildItPower(project, catalog, layout, network, options, nameplatePath,
                                designPath, result.diagnostics);
    result.racks = std::move(it.racks);
    if (design.distribution != options.nameplateDistribution && !it.ownPsuServers.empty()) {
        std::string servers;
        for (const std::string &id : it.ownPsuServers)
            servers += (servers.empty() ? "" : ", ") + id;
        assumptions.push_back("it: " + servers +
                              " take AC through their own PSUs; the vendor maximum includes "
                              "them, so the " +
                              std::string(toString(design.distribution)) +
                              " rack distribution does not change their power (the distribution "
                              "comparison shows a rack-level design of the same load)");
    }

    std::vector<size_t> rowOffset;
    for (size_t h = 0; h < layout.halls.size(); ++h) {
        const LayoutHall &layoutHall = layout.halls[h];
        HallPower hall;
        hall.id = layoutHall.id;
        hall.floorRatingKPa = Hall{}.floorLoadKPa;
        if (const Hall *projectHall = projectHallById(project, layoutHall.id)) {
            hall.floorRatingKPa = projectHall->floorLoadKPa;
            if (projectHall->powerCapacityMW)
                hall.powerCapacityW = *projectHall->powerCapacityMW * 1e6;
            if (projectHall->coolingCapacityMW)
                hall.coolingCapacityW = *projectHall->coolingCapacityMW * 1e6;
        }
        hall.peak = it.hallUnplaced[h];
        hall.airHeatW = it.hallUnplaced[h].totalW(); // unplaced IT heats the room air
        result.halls.push_back(hall);
        rowOffset.push_back(result.rows.size());
        for (const LayoutRow &layoutRow : layoutHall.rows)
            result.rows.push_back({layoutRow.id, int(h), 0, 0, 0});
    }
    const double averageFactor = design.averageLoadFactor;
    for (size_t i = 0; i < result.racks.size(); ++i) {
        RackPower &rack = result.racks[i];
        if (size_t(rack.hall) >= result.halls.size())
            continue;
        const RackType *type = it.rackTypes[i];
        const HeatSplit heat = splitRackHeat(project.cooling.type, project.cooling.liquidFraction,
                                             rack.role, type && type->liquidCooled, rack.peakW());
        rack.liquidHeatW = heat.liquidW;
        rack.airHeatW = heat.airW;
        HallPower &hall = result.halls[size_t(rack.hall)];
        hall.peak += rack.peak;
        hall.liquidHeatW += heat.liquidW;
        hall.airHeatW += heat.airW;
        const size_t row = rowOffset[size_t(rack.hall)] + size_t(rack.row);
        if (rack.row >= 0 && size_t(rack.row) < layout.halls[size_t(rack.hall)].rows.size()) {
            ++result.rows[row].racks;
            result.rows[row].peakW += rack.peakW();
            result.rows[row].averageW += rack.peakW() * averageFactor;
        }
    }
    double liquidPeakW = 0, airItPeakW = 0, maxHallLiquidW = 0;
    for (HallPower &hall : result.halls) {
        hall.peakW = hall.peak.totalW();
        hall.averageW = hall.peakW * averageFactor;
        result.itPeak += hall.peak;
        liquidPeakW += hall.liquidHeatW;
        airItPeakW += hall.airHeatW;
        maxHallLiquidW = std::max(maxHallLiquidW, hall.liquidHeatW);
    }
    const CoolingSetup cooling =
        prepareCooling(project, catalog, options, maxHallLiquidW, assumptions, result.diagnostics);
    result.itPeakW = result.itPeak.totalW();
    result.itAverageW = result.itPeakW * averageFactor;
    result.miscPeakW = options.miscFacilityFraction * result.itPeakW;
    result.miscAverageW = options.miscFacilityFraction * result.itAverageW;

    // 2-3. Chain and cooling at peak: the chain's UPS and PDU losses are air heat and the
    // cooling load passes the transformer, so iterate to a fixed point (3 rounds settle it).
    const auto &econL = cooling.liquidEconomizer;
    const auto &econA = cooling.airEconomizer;
    ChainSizing sizing;
    ChainFlow peakFlow;
    PlantPower peakPlant;
    for (int round = 0; round < 3; ++round) {
        sizing = sizeChain(stages, design, options, result.itPeakW, peakPlant.totalW(),
                           result.miscPeakW);
        peakFlow = runChain(stages, sizing, result.itPeakW, peakPlant.totalW(), result.miscPeakW,
                            options.coolingOnUps);
        const double airW = airItPeakW + peakFlow.ups.lossW + peakFlow.pdu.lossW;
        peakPlant = plantPower(cooling, liquidPeakW, airW, cooling.designLiquidEconomizer,
                               cooling.designAirEconomizer, cooling.designLiquidCop,
                               cooling.designAirCop, true);
    }

    // Annual energy month by month at the average load.
    const double liquidAverageW = liquidPeakW * averageFactor;
    const double airItAverageW = airItPeakW * averageFactor;
    double facilityEnergyWh = 0, itEnergyWh = 0;
    // Hours-weighted sums start from zero (a default StageFlow has efficiency 1, which made every
    // stage's average efficiency 1 + the real one).
    const StageFlow zero{0, 0, 0};
    StageFlow sumSwitchgear = zero, sumTransformer = zero, sumUps = zero, sumPdu = zero;
    PlantPower sumPlant;
    const double yearHours = 8760.0;
    const double waterLPerJ =
        towerWaterLPerJ(options.towerEvaporativeShare, options.latentHeatJPerKg,
                        project.cooling.towerCyclesOfConcentration);
    double waterLitres = 0;
    for (size_t m = 0; m < 12; ++m) {
        const double hours = monthHours()[m];
        PlantPower plant;
        ChainFlow flow;
        for (int round = 0; round < 3; ++round) {
            flow = runChain(stages, sizing, result.itAverageW, plant.totalW(), result.miscAverageW,
                            options.coolingOnUps);
            plant =
                plantPower(cooling, liquidAverageW, airItAverageW + flow.ups.lossW + flow.pdu.lossW,
                           econL[m], econA[m], cooling.liquidCop[m], cooling.airCop[m]);
        }
        flow = runChain(stages, sizing, result.itAverageW, plant.totalW(), result.miscAverageW,
                        options.coolingOnUps);
        facilityEnergyWh += flow.utilityW * hours;
        itEnergyWh += result.itAverageW * hours;
        const double towerW =
            towerHeatW(cooling, liquidAverageW, airItAverageW + flow.ups.lossW + flow.pdu.lossW,
                       econL[m], econA[m], cooling.liquidCop[m], cooling.airCop[m]);
        const double airAverageW = airItAverageW + flow.ups.lossW + flow.pdu.lossW;
        const double adiabaticL =
            liquidRejectedW(liquidAverageW, econL[m], cooling.liquidCop[m]) *
                cooling.adiabaticSprayShare[m] * cooling.adiabaticWaterLPerJ[m] +
            liquidRejectedW(airAverageW, econA[m], cooling.airCop[m]) *
                cooling.airAdiabaticSprayShare[m] * cooling.airAdiabaticWaterLPerJ[m];
        const double waterL = (towerW * waterLPerJ + adiabaticL) * hours * 3600;
        waterLitres += waterL;
        const double itKWh = result.itAverageW * hours / 1e3;
        if (itKWh > 0)
            result.wuePeakMonthLPerKWh = std::max(result.wuePeakMonthLPerKWh, waterL / itKWh);
        const double weight = hours / yearHours;
        accumulate(sumSwitchgear, flow.switchgear, weight);
        accumulate(sumTransformer, flow.transformer, weight);
        accumulate(sumUps, flow.ups, weight);
        accumulate(sumPdu, flow.pdu, weight);
        sumPlant.chillerW += plant.chillerW * weight;
        sumPlant.heatRejectionW += plant.heatRejectionW * weight;
        sumPlant.pumpW += plant.pumpW * weight;
        sumPlant.fanW += plant.fanW * weight;
    }

    result.chain.push_back(chainStage(stages.switchgear, peakFlow.switchgear, sumSwitchgear));
    result.chain.push_back(chainStage(stages.transformer, peakFlow.transformer, sumTransformer));
    result.chain.push_back(chainStage(stages.ups, peakFlow.ups, sumUps));
    result.chain.push_back(chainStage(stages.pdu, peakFlow.pdu, sumPdu));
    result.chainLossPeakW = peakFlow.lossW();
    result.chainLossAverageW =
        sumSwitchgear.lossW + sumTransformer.lossW + sumUps.lossW + sumPdu.lossW;

    // Inside the IT boundary (metered IT, not in PUE): for information. The stage curves are
    // those of the path most of the compute power takes: the design's rack busbar (rack-scale
    // systems) or the servers' own PSUs (modelled with the nameplate path).
    {
        const RackPath &inside =
            it.busbarFedW >= 0.5 * it.computeNameplateW ? designPath : nameplatePath;
        const double computeInW = it.computeNameplateW + result.itPeak.distributionW;
        const double lf = it.meanConversionLoadFraction;
        const double lfAverage = lf * averageFactor;
        auto insideStage = [&](const StageModel &model, double lossPeakW, double lossAverageW,
                               double peakEfficiency, double averageEfficiency) {
            ChainStage stage;
            stage.stage = model.stage;
            stage.variant = model.variant;
            stage.part = model.present ? model.part : "none";
            stage.insideItBoundary = true;
            stage.loadFractionPeak = lf;
            stage.loadFractionAverage = lfAverage;
            stage.efficiencyPeak = peakEfficiency;
            stage.efficiencyAverage = averageEfficiency;
            stage.lossPeakW = lossPeakW;
            stage.lossAverageW = lossAverageW;
            result.chain.push_back(stage);
        };
        const double conversionAverage = inside.conversion.efficiency(lfAverage);
        insideStage(inside.conversion, it.rackConversionLossW,
                    computeInW * averageFactor * (1 - conversionAverage),
                    computeInW > 0 ? 1 - it.rackConversionLossW / computeInW : 1,
                    conversionAverage);
        StageModel busbar;
        busbar.stage = "busbar";
        busbar.variant = toString(inside.distribution);
        busbar.part = "rack-busbar";
        const double busInW = computeInW - it.rackConversionLossW;
        // I^2 R falls with the square of the current.
        const double busbarAverageW = it.busbarLossW * averageFactor * averageFactor;
        insideStage(busbar, it.busbarLossW, busbarAverageW,
                    busInW > 0 ? 1 - it.busbarLossW / busInW : 1,
                    busInW > 0 ? 1 - busbarAverageW / (busInW * averageFactor) : 1);
        const double boardInW = busInW - it.busbarLossW;
        const double boardAverage = inside.board.efficiency(lfAverage);
        insideStage(inside.board, it.boardLossW, boardInW * averageFactor * (1 - boardAverage),
                    boardInW > 0 ? 1 - it.boardLossW / boardInW : 1, boardAverage);
        result.itConversionLossPeakW = it.itConversionLossW;
    }

    // 4. PUE, energy, cost, CO2.
    result.pueBottomUpPeak = result.itPeakW > 0 ? peakFlow.utilityW / result.itPeakW : 0;
    result.pueBottomUpAnnual = itEnergyWh > 0 ? facilityEnergyWh / itEnergyWh : 0;
    result.pueOverridden = design.pueOverride.has_value();
    result.pueAnnual = design.pueOverride.value_or(result.pueBottomUpAnnual);
    result.puePeak = design.pueOverride.value_or(result.pueBottomUpPeak);
    result.facilityPeakW =
        result.pueOverridden ? result.itPeakW * result.puePeak : peakFlow.utilityW;
    result.facilityAverageW =
        result.pueOverridden ? result.itAverageW * result.pueAnnual : facilityEnergyWh / yearHours;
    result.annualItEnergyMWh = itEnergyWh / 1e6;
    result.annualEnergyMWh = result.facilityAverageW * yearHours / 1e6;
    result.energyCostUsd = result.annualEnergyMWh * 1e3 * project.site.electricityUsdPerKWh;
    result.demandChargeUsd =
        result.facilityPeakW / 1e3 * project.site.demandChargeUsdPerKWMonth * 12;
    result.annualElectricityCostUsd = result.energyCostUsd + result.demandChargeUsd;
    result.ref = project.site.renewableFraction;
    result.co2Tonnes = result.annualEnergyMWh * (1 - result.ref) * project.site.gridCo2KgPerKWh;
    result.annualWaterM3 = waterLitres / 1e3;
    const double itKWh = itEnergyWh / 1e3;
    result.wueLPerKWh = itKWh > 0 ? waterLitres / itKWh : 0;
    // Reused heat is counted for ERF only; the plant is still sized and run as if it rejected
    // all of it (a reuse network can stop taking heat at any time) (docs/power-model.md).
    result.heatReusedMWh = project.cooling.heatReuseFraction * liquidAverageW * yearHours / 1e6;
    if (project.cooling.heatReuseFraction > 0 && liquidAverageW <= 0)
        result.diagnostics.warning("", "/cooling/heatReuseFraction",
                                   "heat reuse takes the liquid loop's heat, and this site has "
                                   "no liquid loop: nothing is reused (ERF 0)");
    // The reuse network takes the facility loop's return (supply + rise, the CDU's two sides
    // carrying equal flows) less its exchanger's approach; a heat pump lifts it to the network's
    // temperature at a share of the Carnot COP (docs/power-model.md, section 6).
    result.heatReuseSourceC = project.cooling.supplyWaterC + project.cooling.designDeltaTK -
                              options.reuseExchangerApproachK;
    if (project.cooling.heatReuseSupplyC && result.heatReusedMWh > 0 &&
        *project.cooling.heatReuseSupplyC > result.heatReuseSourceC) {
        constexpr double kKelvin = 273.15;
        const double hotK = *project.cooling.heatReuseSupplyC + kKelvin;
        const double liftK = hotK - (result.heatReuseSourceC + kKelvin);
        const double copHeating = options.heatPumpCarnotEfficiency * hotK / liftK;
        // Heat delivered = heat taken + electricity: W = Q_taken / (COP - 1).
        result.heatPumpCop = copHeating;
        result.heatPumpMWh = copHeating > 1 ? result.heatReusedMWh / (copHeating - 1) : 0;
    }
    result.erf = result.annualEnergyMWh > 0 ? result.heatReusedMWh / result.annualEnergyMWh : 0;
    result.cueKgPerKWh = itKWh > 0 ? result.co2Tonnes * 1e3 / itKWh : 0;

    // Cooling plant summary.
    CoolingPlant &plant = result.cooling;
    plant.type = cooling.type;
    plant.liquidHeatPeakW = liquidPeakW;
    plant.airHeatPeakW = airItPeakW + peakFlow.ups.lossW + peakFlow.pdu.lossW;
    plant.liquidSupplyWaterC = cooling.liquidSupplyC;
    plant.airSupplyWaterC = cooling.airSupplyC;
    plant.liquidEconomizerFraction = econL;
    plant.airEconomizerFraction = econA;
    double minLiquidEconomizer = 1, minAirEconomizer = 1;
    if (liquidPeakW <= 0)
        plant.liquidEconomizerFraction.fill(0); // no liquid loop to free-cool
    for (size_t m = 0; m < 12; ++m) {
        plant.liquidEconomizerHours += plant.liquidEconomizerFraction[m] * monthHours()[m];
        plant.airEconomizerHours += econA[m] * monthHours()[m];
        minLiquidEconomizer = std::min(minLiquidEconomizer, econL[m]);
        minAirEconomizer = std::min(minAirEconomizer, econA[m]);
    }
    const double totalHeatW = plant.liquidHeatPeakW + plant.airHeatPeakW;
    plant.economizerHours = totalHeatW > 0 ? (plant.liquidHeatPeakW * plant.liquidEconomizerHours +
                                              plant.airHeatPeakW * plant.airEconomizerHours) /
                                                 totalHeatW
                                           : 0;
    plant.chillerCop = cooling.cop;
    plant.peakConditions = cooling.designFromSite ? "design hour" : "hottest month + offset";
    plant.peakDryBulbC = cooling.designDryBulbC;
    plant.peakWetBulbC = cooling.designWetBulbC;
    if (cooling.designFromSite)
        plant.peakSource = project.site.designConditionsSource;
    plant.chillerCopPeakLiquid = cooling.designLiquidCop;
    plant.chillerCopPeakAir = cooling.designAirCop;
    plant.chillerPeakW = peakPlant.chillerW;
    plant.heatRejectionPeakW = peakPlant.heatRejectionW;
    plant.pumpPeakW = peakPlant.pumpW;
    plant.fanPeakW = peakPlant.fanW;
    plant.chillerAverageW = sumPlant.chillerW;
    plant.heatRejectionAverageW = sumPlant.heatRejectionW;
    plant.pumpAverageW = sumPlant.pumpW;
    plant.fanAverageW = sumPlant.fanW;
    plant.cduCapacityW = cooling.cduCapacityW;
    plant.liquidHeatRejection = project.cooling.liquidHeatRejection;
    plant.airHeatRejection = project.cooling.airHeatRejection;
    plant.coolant = project.cooling.coolant;
    plant.rackLoopSupplyC = cooling.liquidSupplyC + project.cooling.cduApproachK;
    plant.dryCoolerDerate = cooling.dryCoolerDerate;
    plant.towerDerate = cooling.towerDerate;
    plant.liquidPumpWPerKW = cooling.liquidPumpFraction * 1e3;
    plant.airPumpWPerKW = cooling.airPumpFraction * 1e3;

    const double pduLossShare = result.itPeakW > 0 ? peakFlow.pdu.lossW / result.itPeakW : 0;
    for (HallPower &hall : result.halls) {
        hall.heatW = hall.peakW * (1 + pduLossShare); // busways run through the hall
        hall.coolantFlowLPerMin =
            coolantFlowLPerMin(hall.liquidHeatW, project.cooling.designDeltaTK,
                               cooling.coolant.densityKgPerL, cooling.coolant.cpKJPerKgK);
        if (cooling.cduCapacityW > 0 && hall.liquidHeatW > 0) {
            const int needed = int(std::ceil(hall.liquidHeatW / cooling.cduCapacityW - 1e-9));
            plant.cdusNeeded += needed;
            hall.cdus = unitsWithRedundancy(needed, project.cooling.cduRedundancy, design.ups);
            plant.cdusInstalled += hall.cdus;
        }
        plant.coolantFlowLPerMin += hall.coolantFlowLPerMin;
    }
    plant.coolantLPerMinPerKW =
        liquidPeakW > 0 ? plant.coolantFlowLPerMin / (liquidPeakW / 1e3) : 0;

    // Installed vs critical capacity.
    const UpsDesign &ups = design.ups;
    {
        InstalledCapacity transformer;
        transformer.subsystem = "transformer";
        transformer.part = stages.transformer.part;
        transformer.redundancy = ups.redundancy;
        transformer.criticalW = sizing.transformerCriticalW;
        transformer.unitRatingW = sizing.transformerUnitW;
        transformer.unitsNeeded = sizing.transformersNeeded;
        transformer.unitsInstalled = sizing.transformersInstalled;
        transformer.installedW = sizing.transformersInstalled * sizing.transformerUnitW;
        result.capacities.push_back(transformer);
    }
    if (stages.ups.present) {
        const int modules =
            ups.redundancy == Redundancy::Distributed ? ups.distributedY : std::max(1, ups.modules);
        result.capacities.push_back(unitsCapacity("ups", stages.ups.part, ups.redundancy, ups,
                                                  sizing.upsCriticalW,
                                                  sizing.upsCriticalW / modules));
    }
    {
        InstalledCapacity pdu;
        pdu.subsystem = "pdu";
        pdu.part = stages.pdu.part;
        pdu.redundancy = ups.redundancy;
        pdu.criticalW = result.itPeakW;
        pdu.installedW = sizing.pduInstalledW;
        result.capacities.push_back(pdu);
    }
    if (plant.cdusInstalled > 0) {
        InstalledCapacity cdu;
        cdu.subsystem = "cdu";
        cdu.part = cooling.cduPart;
        cdu.redundancy = project.cooling.cduRedundancy;
        cdu.criticalW = liquidPeakW;
        cdu.unitRatingW = cooling.cduCapacityW;
        cdu.unitsNeeded = plant.cdusNeeded;
        cdu.unitsInstalled = plant.cdusInstalled;
        cdu.installedW = cdu.unitsInstalled * cdu.unitRatingW;
        result.capacities.push_back(cdu);
    }
    // Chillers carry a loop whenever some month, or the design hour, is not fully free-cooled.
    minLiquidEconomizer = std::min(minLiquidEconomizer, cooling.designLiquidEconomizer);
    minAirEconomizer = std::min(minAirEconomizer, cooling.designAirEconomizer);
    const bool liquidChiller = minLiquidEconomizer < 1 - 1e-9 && liquidPeakW > 0;
    const bool airChiller = minAirEconomizer < 1 - 1e-9 && plant.airHeatPeakW > 0;
    const double chillerLoadW =
        (liquidChiller ? liquidPeakW : 0) + (airChiller ? plant.airHeatPeakW : 0);
    if (chillerLoadW > 0) {
        result.capacities.push_back(unitsCapacity("chiller", cooling.chillerPart,
                                                  options.chillerRedundancy, ups, chillerLoadW,
                                                  cooling.chillerCapacityW));
        plant.chillers = result.capacities.back().unitsInstalled;
    }
    const double liquidRejectW =
        liquidPeakW > 0 ? liquidPeakW * (1 + (liquidChiller ? 1 / plant.chillerCopPeakLiquid : 0))
                        : 0;
    const double airRejectW =
        plant.airHeatPeakW * (1 + (airChiller ? 1 / plant.chillerCopPeakAir : 0));
    // Dry coolers of both loops share one unit type: their load at the rated point is each
    // loop's heat over its derating.
    const double dryRatedLoadW =
        (cooling.liquidOnDryCoolers ? liquidRejectW / cooling.dryCoolerDerate : 0) +
        (cooling.airOnTowers ? 0 : airRejectW / cooling.airDryCoolerDerate);
    if (dryRatedLoadW > 0) {
        result.capacities.push_back(unitsCapacity("dry-cooler", cooling.dryCoolerPart,
                                                  options.heatRejectionRedundancy, ups,
                                                  dryRatedLoadW, cooling.dryCoolerCapacityW));
        plant.dryCoolers = result.capacities.back().unitsInstalled;
    }
    const double towerLoadW =
        (cooling.airOnTowers ? airRejectW : 0) + (cooling.liquidOnDryCoolers ? 0 : liquidRejectW);
    if (towerLoadW > 0) {
        result.capacities.push_back(unitsCapacity("cooling-tower", cooling.towerPart,
                                                  options.heatRejectionRedundancy, ups, towerLoadW,
                                                  cooling.towerCapacityW * cooling.towerDerate));
        plant.coolingTowers = result.capacities.back().unitsInstalled;
    }
    if (plant.airHeatPeakW > 0) {
        result.capacities.push_back(unitsCapacity("crah", cooling.crahPart,
                                                  options.heatRejectionRedundancy, ups,
                                                  plant.airHeatPeakW, cooling.crahCapacityW));
        plant.crahs = result.capacities.back().unitsInstalled;
    }
    if (cooling.type == CoolingType::RearDoor) {
        for (const RackPower &rack : result.racks)
            plant.rdhxUnits += rack.role == RackRole::Compute ? 1 : 0;
    }

    // Generators: IT x PUE + margin, on derated sets, with their redundancy.
    if (design.generators) {
        GeneratorSizing generators;
        double ratingMW = options.generatorRatingMWDefault;
        double usable = options.generatorUsableFractionDefault;
        if (!catalog.generators.empty()) {
            const Generator &unit = catalog.generators.front();
            generators.part = unit.id;
            ratingMW = unit.ratingMW;
            usable = unit.usableFraction;
        } else {
            generators.part = "default-generator";
            assumptions.push_back("generator: no catalog entry, " + formatFixed(ratingMW, 1) +
                                  " MW sets, " + formatPercent(usable, 0) +
                                  " usable [U: no source recorded]");
        }
        generators.loadW = result.facilityPeakW * (1 + options.generatorMarginFraction);
        generators.unitRatingW = ratingMW * 1e6;
        generators.unitUsableW = ratingMW * usable * 1e6;
        generators.unitsNeeded = int(std::ceil(generators.loadW / generators.unitUsableW - 1e-9));
        generators.unitsInstalled =
            unitsWithRedundancy(generators.unitsNeeded, design.generatorRedundancy, ups);
        InstalledCapacity capacity;
        capacity.subsystem = "generator";
        capacity.part = generators.part;
        capacity.redundancy = design.generatorRedundancy;
        capacity.criticalW = generators.loadW;
        capacity.unitRatingW = generators.unitUsableW;
        capacity.unitsNeeded = generators.unitsNeeded;
        capacity.unitsInstalled = generators.unitsInstalled;
        capacity.installedW = generators.unitsInstalled * generators.unitUsableW;
        result.capacities.push_back(capacity);
        result.generators = generators;
    }

    // The same delivered load through each rack distribution.
    {
        double rackInputW = options.comparisonRackLoadW;
        if (rackInputW <= 0)
            rackInputW = it.computeRacks > 0 ? it.computeNameplateW / it.computeRacks : 40e3;
        const double lf = it.meanConversionLoadFraction;
        const double deliveredW = rackPathFromInput(nameplatePath, rackInputW, lf).railW;
        const double factor = redundancyFactor(ups.redundancy, ups);
        const double transformerLf = peakFlow.transformer.loadFraction;
        double loss12W = 0;
        for (Distribution distribution :
             {Distribution::Ac12V, Distribution::Dc48V, Distribution::Dc800V}) {
            // Only the design's own chain adds to its assumptions.
            std::vector<std::string> otherChain;
            std::vector<std::string> &notes =
                distribution == design.distribution ? assumptions : otherChain;
            const RackPath path = rackPath(catalog, distribution, options, notes);
            const FacilityStages upstream = facilityStages(catalog, design, distribution, notes);
            const RackPathFlow flow = rackPathForRails(path, deliveredW, lf);
            const double pduInW = flow.inputW / upstream.pdu.efficiency(1 / factor);
            const double upsInW = pduInW / upstream.ups.efficiency(1 / factor);
            const double transformerInW = upsInW / upstream.transformer.efficiency(transformerLf);
            DistributionOption option;
            option.distribution = distribution;
            option.busVoltageV = path.busVoltageV;
            option.deliveredW = deliveredW;
            option.busCurrentA = flow.busCurrentA;
            // P = sqrt(3) V_LL I PF for the AC feed (three-phase power).
            option.feedCurrentA = distribution == Distribution::Dc800V
                                      ? flow.inputW / nominalVoltageV(distribution)
                                      : flow.inputW / (std::sqrt(3.0) * options.acRackFeedVoltageV *
                                                       options.powerFactor);
            option.utilityInputW = transformerInW / upstream.switchgear.efficiency(transformerLf);
            option.upstreamLossW = option.utilityInputW - flow.inputW;
            option.rackConversionLossW = flow.conversionLossW;
            option.conductorLossW = flow.conductorLossW;
            option.boardConversionLossW = flow.boardLossW;
            option.totalLossW = option.utilityInputW - deliveredW;
            option.efficiency = deliveredW / option.utilityInputW;
            option.feasible = flow.feasible;
            option.withinBusbarLimit =
                flow.feasible && flow.busCurrentA <= options.rackBusbarLimitA * (1 + 1e-9);
            if (distribution == Distribution::Ac12V)
                loss12W = option.totalLossW;
            option.lossVs12VW = option.totalLossW - loss12W;
            result.distributionComparison.push_back(option);
        }
    }

    // 5. Facility checks, 6. BOM.
    computeFloorLoads(project, layout, result);
    checkFacility(project, layout, options, cooling, it.rackTypes, result);
    solveSiteSupply(project, result);
    result.bom = facilityBom(result, layout, design, options);
    dedupe(assumptions);
    return result;
}

} // namespace aidc

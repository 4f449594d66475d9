// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/powerreport.h"
#include "model/diagnosticsjson.h"

#include "model/enumnames.h"
#include "solvers/common/reportformat.h"
#include "solvers/power/powerchain.h"

#include <cstdio>
#include <string>

namespace aidc {

namespace {

// Facility energy if the site drew its peak all year (8,760 h): the upper bound beside the
// average-load figure, as published site headlines often state it.
double fullLoadEnergyMWh(const PowerResult &r)
{
    return r.facilityPeakW * 8760.0 / 1e6;
}

nlohmann::json breakdownJson(const ItBreakdown &b)
{
    return {{"gpuW", b.gpuW},
            {"serverOtherW", b.serverOtherW},
            {"distributionW", b.distributionW},
            {"networkW", b.networkW},
            {"storageW", b.storageW},
            {"managementW", b.managementW},
            {"otherW", b.otherW},
            {"totalW", b.totalW()}};
}

nlohmann::json violationsJson(unsigned flags)
{
    nlohmann::json list = nlohmann::json::array();
    for (const std::string &name : rackViolationNames(flags))
        list.push_back(name);
    return list;
}

std::string mw(double watts)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f MW", watts / 1e6);
    return text;
}

std::string kw(double watts)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f kW", watts / 1e3);
    return text;
}

void line(std::ostream &out, const char *label, const std::string &value)
{
    char text[64];
    std::snprintf(text, sizeof text, "  %-34s ", label);
    out << text << value << '\n';
}

std::string fmt(const char *pattern, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

} // namespace

std::vector<std::string> rackViolationNames(unsigned flags)
{
    static const std::pair<RackViolation, const char *> names[] = {
        {RackOverRating, "rack-power-rating"},    {RackOverCoolingLimit, "cooling-limit"},
        {RackOverWeight, "rack-weight"},          {RackOverFootprintLoad, "floor-footprint"},
        {RackOverCellLoad, "floor-cell"},         {RackOutsideHall, "outside-hall"},
        {RackOverBusbarCurrent, "busbar-current"}};
    std::vector<std::string> list;
    for (const auto &[flag, name] : names) {
        if (flags & flag)
            list.push_back(name);
    }
    return list;
}

nlohmann::json toJson(const PowerResult &r, bool includeRacks)
{
    nlohmann::json j;
    j["itPowerPeakW"] = r.itPeakW;
    j["itPowerAverageW"] = r.itAverageW;
    j["itBreakdownPeak"] = breakdownJson(r.itPeak);
    j["chainLossPeakW"] = r.chainLossPeakW;
    j["chainLossAverageW"] = r.chainLossAverageW;
    j["itConversionLossPeakW"] = r.itConversionLossPeakW;
    j["miscPeakW"] = r.miscPeakW;
    j["miscAverageW"] = r.miscAverageW;
    j["facilityPowerPeakW"] = r.facilityPeakW;
    j["facilityPowerAverageW"] = r.facilityAverageW;
    j["pueAnnual"] = r.pueAnnual;
    j["puePeak"] = r.puePeak;
    j["pueBottomUpAnnual"] = r.pueBottomUpAnnual;
    j["pueBottomUpPeak"] = r.pueBottomUpPeak;
    j["pueOverridden"] = r.pueOverridden;
    j["annualItEnergyMWh"] = r.annualItEnergyMWh;
    j["annualEnergyMWh"] = r.annualEnergyMWh;
    j["annualEnergyFullLoadMWh"] = fullLoadEnergyMWh(r);
    j["energyCostUsd"] = r.energyCostUsd;
    j["demandChargeUsd"] = r.demandChargeUsd;
    j["annualElectricityCostUsd"] = r.annualElectricityCostUsd;
    j["co2Tonnes"] = r.co2Tonnes;
    nlohmann::json supply = nlohmann::json::array();
    for (const SupplyPoint &p : r.supply)
        supply.push_back({{"date", p.date},
                          {"utilityW", p.utilityW},
                          {"onsiteW", p.onsiteW},
                          {"availableW", p.availableW},
                          {"shortfallW", p.shortfallW},
                          {"primeAverageW", p.primeAverageW},
                          {"gridAverageW", p.gridAverageW},
                          {"bridgeAverageW", p.bridgeAverageW},
                          {"unservedAverageW", p.unservedAverageW}});
    j["supply"] = std::move(supply);
    const SiteEnergy &e = r.siteEnergy;
    j["siteEnergy"] = {{"fromSupplyTable", e.fromSupplyTable},
                       {"steadyDate", e.steadyDate},
                       {"gridMWh", e.gridMWh},
                       {"onsiteMWh", e.onsiteMWh},
                       {"fuelGJ", e.fuelGJ},
                       {"fuelUsd", e.fuelUsd},
                       {"omUsd", e.omUsd},
                       {"co2Tonnes", e.co2Tonnes},
                       {"bridgeMWh", e.bridgeMWh},
                       {"bridgeFuelUsd", e.bridgeFuelUsd},
                       {"bridgeOmUsd", e.bridgeOmUsd},
                       {"bridgeCo2Tonnes", e.bridgeCo2Tonnes},
                       {"generationInstalledMW", e.generationInstalledMW}};
    const ElectricalAvailability &a = r.electrical;
    j["electrical"] = {{"utilityInterruptionsPerYear", a.utilityInterruptionsPerYear},
                       {"outageHours", a.outageHours},
                       {"rideThrough", a.rideThrough},
                       {"rideThroughProbability", a.rideThroughProbability},
                       {"backupUnitsNeeded", a.backupUnitsNeeded},
                       {"backupUnitsInstalled", a.backupUnitsInstalled},
                       {"jobInterruptionsPerYear", a.jobInterruptionsPerYear},
                       {"outageHoursPerYear", a.outageHoursPerYear}};
    j["annualWaterM3"] = r.annualWaterM3;
    j["wueLPerKWh"] = r.wueLPerKWh;
    j["wuePeakMonthLPerKWh"] = r.wuePeakMonthLPerKWh;
    j["heatReusedMWh"] = r.heatReusedMWh;
    j["erf"] = r.erf;
    j["ref"] = r.ref;
    j["cueKgPerKWh"] = r.cueKgPerKWh;
    j["heatReuseSourceC"] = r.heatReuseSourceC;
    j["heatPumpCop"] = r.heatPumpCop;
    j["heatPumpMWh"] = r.heatPumpMWh;

    nlohmann::json chain = nlohmann::json::array();
    for (const ChainStage &s : r.chain)
        chain.push_back({{"stage", s.stage},
                         {"variant", s.variant},
                         {"part", s.part},
                         {"insideItBoundary", s.insideItBoundary},
                         {"loadFractionPeak", s.loadFractionPeak},
                         {"loadFractionAverage", s.loadFractionAverage},
                         {"efficiencyPeak", s.efficiencyPeak},
                         {"efficiencyAverage", s.efficiencyAverage},
                         {"lossPeakW", s.lossPeakW},
                         {"lossAverageW", s.lossAverageW}});
    j["chain"] = chain;

    nlohmann::json capacities = nlohmann::json::array();
    for (const InstalledCapacity &c : r.capacities)
        capacities.push_back({{"subsystem", c.subsystem},
                              {"part", c.part},
                              {"redundancy", toString(c.redundancy)},
                              {"criticalW", c.criticalW},
                              {"installedW", c.installedW},
                              {"installedToCritical", c.installedToCritical()},
                              {"unitRatingW", c.unitRatingW},
                              {"unitsNeeded", c.unitsNeeded},
                              {"unitsInstalled", c.unitsInstalled}});
    j["capacities"] = capacities;
    if (r.generators)
        j["generators"] = {{"part", r.generators->part},
                           {"loadW", r.generators->loadW},
                           {"unitRatingW", r.generators->unitRatingW},
                           {"unitUsableW", r.generators->unitUsableW},
                           {"unitsNeeded", r.generators->unitsNeeded},
                           {"unitsInstalled", r.generators->unitsInstalled}};
    else
        j["generators"] = nullptr;

    const CoolingPlant &c = r.cooling;
    j["cooling"] = {{"type", toString(c.type)},
                    {"liquidHeatPeakW", c.liquidHeatPeakW},
                    {"airHeatPeakW", c.airHeatPeakW},
                    {"liquidSupplyWaterC", c.liquidSupplyWaterC},
                    {"airSupplyWaterC", c.airSupplyWaterC},
                    {"coolantFlowLPerMin", c.coolantFlowLPerMin},
                    {"coolantLPerMinPerKW", c.coolantLPerMinPerKW},
                    {"liquidEconomizerFraction", c.liquidEconomizerFraction},
                    {"airEconomizerFraction", c.airEconomizerFraction},
                    {"liquidEconomizerHours", c.liquidEconomizerHours},
                    {"airEconomizerHours", c.airEconomizerHours},
                    {"economizerHours", c.economizerHours},
                    {"chillerCop", c.chillerCop},
                    {"peakConditions", c.peakConditions},
                    {"peakDryBulbC", c.peakDryBulbC},
                    {"peakWetBulbC", c.peakWetBulbC},
                    {"peakSource", c.peakSource},
                    {"chillerCopPeakLiquid", c.chillerCopPeakLiquid},
                    {"chillerCopPeakAir", c.chillerCopPeakAir},
                    {"chillerPeakW", c.chillerPeakW},
                    {"heatRejectionPeakW", c.heatRejectionPeakW},
                    {"pumpPeakW", c.pumpPeakW},
                    {"fanPeakW", c.fanPeakW},
                    {"coolingPeakW", c.peakW()},
                    {"chillerAverageW", c.chillerAverageW},
                    {"heatRejectionAverageW", c.heatRejectionAverageW},
                    {"pumpAverageW", c.pumpAverageW},
                    {"fanAverageW", c.fanAverageW},
                    {"coolingAverageW", c.averageW()},
                    {"cdusNeeded", c.cdusNeeded},
                    {"cdusInstalled", c.cdusInstalled},
                    {"cduCapacityW", c.cduCapacityW},
                    {"chillers", c.chillers},
                    {"dryCoolers", c.dryCoolers},
                    {"coolingTowers", c.coolingTowers},
                    {"crahs", c.crahs},
                    {"rdhxUnits", c.rdhxUnits},
                    {"liquidHeatRejection", toString(c.liquidHeatRejection)},
                    {"airHeatRejection", toString(c.airHeatRejection)},
                    {"coolant", toString(c.coolant)},
                    {"rackLoopSupplyC", c.rackLoopSupplyC},
                    {"dryCoolerDerate", c.dryCoolerDerate},
                    {"towerDerate", c.towerDerate},
                    {"liquidPumpWPerKW", c.liquidPumpWPerKW},
                    {"airPumpWPerKW", c.airPumpWPerKW}};

    nlohmann::json comparison = nlohmann::json::array();
    for (const DistributionOption &d : r.distributionComparison)
        comparison.push_back({{"distribution", toString(d.distribution)},
                              {"busVoltageV", d.busVoltageV},
                              {"deliveredW", d.deliveredW},
                              {"busCurrentA", d.busCurrentA},
                              {"feedCurrentA", d.feedCurrentA},
                              {"upstreamLossW", d.upstreamLossW},
                              {"rackConversionLossW", d.rackConversionLossW},
                              {"conductorLossW", d.conductorLossW},
                              {"boardConversionLossW", d.boardConversionLossW},
                              {"totalLossW", d.totalLossW},
                              {"utilityInputW", d.utilityInputW},
                              {"efficiency", d.efficiency},
                              {"lossVs12VW", d.lossVs12VW},
                              {"feasible", d.feasible},
                              {"withinBusbarLimit", d.withinBusbarLimit}});
    j["distributionComparison"] = comparison;

    nlohmann::json halls = nlohmann::json::array();
    for (const HallPower &h : r.halls) {
        nlohmann::json hall = {{"id", h.id},
                               {"itPowerPeakW", h.peakW},
                               {"itPowerAverageW", h.averageW},
                               {"itBreakdownPeak", breakdownJson(h.peak)},
                               {"heatW", h.heatW},
                               {"liquidHeatW", h.liquidHeatW},
                               {"airHeatW", h.airHeatW},
                               {"cdus", h.cdus},
                               {"coolantFlowLPerMin", h.coolantFlowLPerMin},
                               {"massKg", h.massKg},
                               {"floorAverageKPa", h.floorAverageKPa},
                               {"maxFootprintKPa", h.maxFootprintKPa},
                               {"maxCellKPa", h.maxCellKPa},
                               {"floorRatingKPa", h.floorRatingKPa},
                               {"rackAreaM2", h.rackAreaM2},
                               {"usableAreaM2", h.usableAreaM2}};
        hall["powerCapacityW"] = h.powerCapacityW ? nlohmann::json(*h.powerCapacityW) : nullptr;
        hall["coolingCapacityW"] =
            h.coolingCapacityW ? nlohmann::json(*h.coolingCapacityW) : nullptr;
        halls.push_back(hall);
    }
    j["halls"] = halls;

    nlohmann::json rows = nlohmann::json::array();
    for (const RowPower &row : r.rows)
        rows.push_back({{"id", row.id},
                        {"hall", row.hall},
                        {"racks", row.racks},
                        {"itPowerPeakW", row.peakW},
                        {"itPowerAverageW", row.averageW}});
    j["rows"] = rows;

    if (includeRacks) {
        nlohmann::json racks = nlohmann::json::array();
        for (const RackPower &rack : r.racks)
            racks.push_back({{"id", rack.id},
                             {"hall", rack.hall},
                             {"row", rack.row},
                             {"role", toString(rack.role)},
                             {"itPowerPeakW", rack.peakW()},
                             {"itBreakdownPeak", breakdownJson(rack.peak)},
                             {"liquidHeatW", rack.liquidHeatW},
                             {"airHeatW", rack.airHeatW},
                             {"massKg", rack.massKg},
                             {"busCurrentA", rack.busCurrentA},
                             {"footprintKPa", rack.footprintKPa},
                             {"cellKPa", rack.cellKPa},
                             {"violations", violationsJson(rack.violations)}});
        j["racks"] = racks;
    }

    nlohmann::json bom = nlohmann::json::array();
    for (const BomLine &b : r.bom)
        bom.push_back({{"category", b.category},
                       {"part", b.part},
                       {"description", b.description},
                       {"quantity", b.quantity},
                       {"unit", b.unit},
                       {"unitPowerW", b.unitPowerW}});
    j["bom"] = bom;
    j["assumptions"] = r.assumptions;

    j["diagnostics"] = diagnosticsToJson(r.diagnostics);
    return j;
}

void writeText(std::ostream &out, const PowerResult &r)
{
    if (r.diagnostics.hasErrors() && r.halls.empty()) {
        out << "Power: not evaluated\n" << r.diagnostics.toString();
        return;
    }
    out << "Power and cooling\n";
    line(out, "IT peak / average", mw(r.itPeakW) + " / " + mw(r.itAverageW));
    line(out, "  GPUs", mw(r.itPeak.gpuW));
    line(out, "  rest of servers", mw(r.itPeak.serverOtherW));
    if (r.itPeak.distributionW != 0)
        line(out, "  rack distribution vs nameplate", mw(r.itPeak.distributionW));
    line(out, "  network", mw(r.itPeak.networkW));
    line(out, "  storage", mw(r.itPeak.storageW));
    line(out, "  management", mw(r.itPeak.managementW));
    line(out, "  other IT", mw(r.itPeak.otherW));
    line(out, "facility peak / average", mw(r.facilityPeakW) + " / " + mw(r.facilityAverageW));
    line(out, "PUE annual / peak",
         fmt("%.3f", r.pueAnnual) + " / " + fmt("%.3f", r.puePeak) +
             (r.pueOverridden
                  ? " (set by the project; bottom-up " + fmt("%.3f", r.pueBottomUpAnnual) + ")"
                  : ""));
    // Both energies with what produces them: the average one is the headline (cost, CO2).
    line(out, "annual energy",
         fmt("%.0f MWh", r.annualEnergyMWh) + " at average load (IT " + mw(r.itAverageW) +
             ", annual PUE " + fmt("%.3f", r.pueAnnual) + "); " +
             fmt("%.0f MWh", fullLoadEnergyMWh(r)) + " at full load (facility peak " +
             mw(r.facilityPeakW) + " all year)");
    line(out, "electricity cost / year",
         fmt("$%.2f M", r.annualElectricityCostUsd / 1e6) +
             fmt(" (demand charges $%.2f M)", r.demandChargeUsd / 1e6));
    line(out, "CO2 / year", fmt("%.0f t", r.co2Tonnes));
    for (const SupplyPoint &p : r.supply)
        line(out, ("supply from " + p.date).c_str(),
             mw(p.availableW) + " (grid " + mw(p.utilityW) + ", on-site " + mw(p.onsiteW) + ")" +
                 (p.shortfallW > 0 ? ", short by " + mw(p.shortfallW) : std::string()));
    if (r.siteEnergy.fromSupplyTable) {
        const SiteEnergy &e = r.siteEnergy;
        line(out, ("supply mix / year from " + e.steadyDate).c_str(),
             fmt("grid %.0f MWh", e.gridMWh) + fmt(", on-site %.0f MWh", e.onsiteMWh) +
                 fmt(" (fuel $%.2f M", e.fuelUsd / 1e6) + fmt(", O&M $%.2f M", e.omUsd / 1e6) +
                 fmt(", %.0f t CO2)", e.co2Tonnes));
        if (e.bridgeMWh > 0)
            line(out, "bridge power before it",
                 fmt("%.0f MWh", e.bridgeMWh) +
                     fmt(", fuel + O&M $%.2f M", (e.bridgeFuelUsd + e.bridgeOmUsd) / 1e6) +
                     fmt(", %.0f t CO2", e.bridgeCo2Tonnes));
    }
    line(out, "utility interruptions",
         fmt("%.2f a year", r.electrical.utilityInterruptionsPerYear) +
             fmt(" x %.1f h; ", r.electrical.outageHours) + r.electrical.rideThrough +
             fmt(" (%.4f)", r.electrical.rideThroughProbability) +
             fmt(": %.3f stop the job a year", r.electrical.jobInterruptionsPerYear));
    line(out, "water / year (towers)",
         fmt("%.0f m3", r.annualWaterM3) + fmt(", WUE %.2f L/kWh", r.wueLPerKWh) +
             fmt(" (peak month %.2f)", r.wuePeakMonthLPerKWh));
    line(out, "ERF / REF / CUE",
         fmt("%.3f", r.erf) + fmt(" / %.3f", r.ref) + fmt(" / %.3f kg CO2/kWh", r.cueKgPerKWh));
    if (r.heatPumpMWh > 0)
        line(out, "heat pump for reuse",
             fmt("%.0f MWh/year", r.heatPumpMWh) + fmt(" at COP %.1f", r.heatPumpCop) +
                 fmt(" (loop gives %.0f degC)", r.heatReuseSourceC));

    out << "\nPower chain at the peak\n";
    TextTable chain({"Stage", "Variant", "Load", "Efficiency", "Loss", "Boundary"});
    for (const ChainStage &s : r.chain)
        chain.addRow({s.stage, s.variant, formatPercent(s.loadFractionPeak),
                      formatPercent(s.efficiencyPeak, 2), mw(s.lossPeakW),
                      s.insideItBoundary ? "inside IT" : ""});
    chain.write(out);
    out << "\nInstalled vs critical\n";
    TextTable capacities({"Subsystem", "Redundancy", "Critical", "Installed", "Ratio", "Units"});
    for (const InstalledCapacity &c : r.capacities)
        capacities.addRow({c.subsystem, toString(c.redundancy), mw(c.criticalW), mw(c.installedW),
                           fmt("%.2fx", c.installedToCritical()),
                           c.unitsInstalled > 0
                               ? std::to_string(c.unitsInstalled) + " x " + kw(c.unitRatingW)
                               : std::string()});
    capacities.write(out);

    const CoolingPlant &c = r.cooling;
    out << "\nCooling (" << toString(c.type) << ")\n";
    line(out, "liquid / air heat (peak)", mw(c.liquidHeatPeakW) + " / " + mw(c.airHeatPeakW));
    line(out, "supply water liquid / air",
         fmt("%.0f degC", c.liquidSupplyWaterC) + " / " + fmt("%.0f degC", c.airSupplyWaterC) +
             fmt(" (rack loop %.0f degC)", c.rackLoopSupplyC));
    line(out, "liquid heat rejection",
         std::string(toString(c.liquidHeatRejection)) + " (air loop " +
             toString(c.airHeatRejection) + "), " + toString(c.coolant) +
             fmt(", derated to %.2f at the peak", c.dryCoolerDerate) +
             fmt(" (towers %.2f)", c.towerDerate));
    line(out, "coolant flow",
         fmt("%.0f L/min", c.coolantFlowLPerMin) +
             fmt(" (%.2f L/min per kW)", c.coolantLPerMinPerKW));
    line(out, "economizer hours liquid / air",
         fmt("%.0f h", c.liquidEconomizerHours) + " / " + fmt("%.0f h", c.airEconomizerHours));
    line(out, "plant power peak / average", mw(c.peakW()) + " / " + mw(c.averageW()));
    line(out, "peak taken at",
         c.peakConditions + fmt(", %.1f degC dry bulb", c.peakDryBulbC) +
             fmt(" / %.1f degC wet bulb", c.peakWetBulbC) +
             (c.peakSource.empty() ? std::string() : " (" + c.peakSource + ")"));
    line(out, "  chillers (COP)",
         mw(c.chillerAverageW) + fmt(" average, COP %.1f rated", c.chillerCop) +
             fmt(", %.1f liquid", c.chillerCopPeakLiquid) +
             fmt(" / %.1f air at the peak", c.chillerCopPeakAir));
    line(out, "  heat rejection", mw(c.heatRejectionAverageW) + " average");
    line(out, "  pumps", mw(c.pumpAverageW) + " average");
    line(out, "  fans", mw(c.fanAverageW) + " average");
    line(out, "CDUs needed / installed",
         std::to_string(c.cdusNeeded) + " / " + std::to_string(c.cdusInstalled));
    if (r.generators)
        line(out, "generators needed / installed",
             std::to_string(r.generators->unitsNeeded) + " / " +
                 std::to_string(r.generators->unitsInstalled) + " of " +
                 mw(r.generators->unitRatingW));

    if (!r.distributionComparison.empty()) {
        const DistributionOption &first = r.distributionComparison.front();
        out << "\nRack distribution: the same " << kw(first.deliveredW)
            << " delivered past the board stage, from the utility\n";
        TextTable options({"Chain", "Bus V", "Bus current", "Feed current", "Upstream",
                           "Conversion", "Busbar I2R", "Board", "Total loss", "Efficiency",
                           "vs 12 V", "Busbar"});
        for (const DistributionOption &d : r.distributionComparison) {
            const double relative = first.totalLossW > 0 ? d.lossVs12VW / first.totalLossW : 0.0;
            options.addRow({toString(d.distribution), fmt("%.0f", d.busVoltageV),
                            fmt("%.0f A", d.busCurrentA), fmt("%.0f A", d.feedCurrentA),
                            kw(d.upstreamLossW), kw(d.rackConversionLossW), kw(d.conductorLossW),
                            kw(d.boardConversionLossW), kw(d.totalLossW),
                            formatPercent(d.efficiency, 2),
                            fmt("%+.2f kW (", d.lossVs12VW / 1e3) + (relative >= 0 ? "+" : "") +
                                formatPercent(relative) + ")",
                            !d.feasible            ? "cannot carry it"
                            : !d.withinBusbarLimit ? "over its rating"
                                                   : "within its rating"});
        }
        options.write(out);
    }

    out << "\nHalls\n";
    for (const HallPower &h : r.halls) {
        char text[240];
        std::snprintf(text, sizeof text,
                      "  %-10s IT %s, heat %s, %d CDUs, %.0f L/min, floor avg %.2f kPa, "
                      "max footprint %.1f kPa\n",
                      h.id.c_str(), mw(h.peakW).c_str(), mw(h.heatW).c_str(), h.cdus,
                      h.coolantFlowLPerMin, h.floorAverageKPa, h.maxFootprintKPa);
        out << text;
    }
    if (!r.diagnostics.empty()) {
        out << "\nViolations and warnings\n";
        for (const Diagnostic &d : r.diagnostics.items())
            out << "  " << d.toString() << '\n';
    }
    if (!r.assumptions.empty()) {
        out << "\nAssumptions\n";
        for (const std::string &a : r.assumptions)
            out << "  " << a << '\n';
    }
}

} // namespace aidc

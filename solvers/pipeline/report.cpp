// SPDX-License-Identifier: Apache-2.0
#include "report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "model/diagnosticsjson.h"
#include "model/enumnames.h"
#include "solvers/common/reportformat.h"
#include "solvers/cost/costreport.h"
#include "solvers/fabric/fabricreport.h"
#include "solvers/performance/performancereport.h"
#include "solvers/power/powerreport.h"
#include "solvers/reliability/reliabilityreport.h"
#include "solvers/site/loadprofilereport.h"

namespace aidc {

namespace {

void putOptional(nlohmann::json &object, const char *key, const std::optional<double> &value)
{
    if (value)
        object[key] = *value;
}

} // namespace

nlohmann::json summaryToJson(const Summary &summary)
{
    nlohmann::json j;
    j["project"] = summary.project;
    j["gpus"] = summary.gpus;
    j["servers"] = summary.servers;
    j["computeRacks"] = summary.computeRacks;
    j["networkRacks"] = summary.networkRacks;
    j["storageRacks"] = summary.storageRacks;
    j["halls"] = summary.halls;
    j["itPowerNameplateW"] = summary.itPowerNameplateW;
    nlohmann::json pools = nlohmann::json::array();
    for (const PoolSummary &pool : summary.pools) {
        pools.push_back({{"name", pool.name},
                         {"accelerator", pool.accelerator},
                         {"server", pool.server},
                         {"gpus", pool.gpus},
                         {"servers", pool.servers},
                         {"racks", pool.racks},
                         {"itPowerNameplateW", pool.itPowerNameplateW}});
    }
    j["pools"] = pools;
    putOptional(j, "itPowerPeakW", summary.itPowerPeakW);
    putOptional(j, "itPowerAverageW", summary.itPowerAverageW);
    putOptional(j, "facilityPowerW", summary.facilityPowerW);
    putOptional(j, "pue", summary.pue);
    putOptional(j, "annualEnergyMWh", summary.annualEnergyMWh);
    putOptional(j, "annualEnergyCostUsd", summary.annualEnergyCostUsd);
    putOptional(j, "switches", summary.switches);
    putOptional(j, "transceivers", summary.transceivers);
    putOptional(j, "cables", summary.cables);
    putOptional(j, "networkPowerW", summary.networkPowerW);
    putOptional(j, "copperShare", summary.copperShare);
    putOptional(j, "capexUsd", summary.capexUsd);
    putOptional(j, "annualOpexUsd", summary.annualOpexUsd);
    putOptional(j, "tcoUsd", summary.tcoUsd);
    putOptional(j, "costPerGpuHourUsd", summary.costPerGpuHourUsd);
    putOptional(j, "mfu", summary.mfu);
    putOptional(j, "tokensPerSecond", summary.tokensPerSecond);
    putOptional(j, "stepTimeS", summary.stepTimeS);
    putOptional(j, "timeToTrainDays", summary.timeToTrainDays);
    putOptional(j, "failuresPerDay", summary.failuresPerDay);
    putOptional(j, "jobMtbiHours", summary.jobMtbiHours);
    putOptional(j, "checkpointIntervalMin", summary.checkpointIntervalMin);
    putOptional(j, "goodput", summary.goodput);
    putOptional(j, "effectiveMfu", summary.effectiveMfu);
    putOptional(j, "effectiveTimeToTrainDays", summary.effectiveTimeToTrainDays);
    return j;
}

namespace {

nlohmann::json layoutToJson(const LayoutResult &layout)
{
    nlohmann::json halls = nlohmann::json::array();
    for (const LayoutHall &hall : layout.halls) {
        int racks = 0;
        for (const LayoutRow &row : hall.rows)
            racks += int(row.racks.size());
        halls.push_back({{"id", hall.id},
                         {"name", hall.name},
                         {"generated", hall.generated},
                         {"widthM", hall.widthM},
                         {"lengthM", hall.lengthM},
                         {"usableAreaM2", hall.usableAreaM2},
                         {"rows", hall.rows.size()},
                         {"racks", racks}});
    }
    nlohmann::json pools = nlohmann::json::array();
    for (const PoolLayout &pool : layout.pools) {
        pools.push_back({{"pool", pool.pool},
                         {"server", pool.server},
                         {"serversPerRack", pool.serversPerRack},
                         {"racks", pool.racks}});
    }
    return {{"halls", halls},
            {"pools", pools},
            {"racksByRole",
             {{"compute", layout.countRacks(RackRole::Compute)},
              {"network", layout.countRacks(RackRole::Network)},
              {"storage", layout.countRacks(RackRole::Storage)},
              {"management", layout.countRacks(RackRole::Management)}}}};
}

} // namespace

nlohmann::json resultToJson(const Result &result)
{
    nlohmann::json j;
    j["schema"] = "aidc-result";
    j["version"] = kResultFormatVersion;
    j["summary"] = summaryToJson(result.summary);
    j["layout"] = layoutToJson(result.layout);
    j["fabric"] = toJson(result.fabric);
    j["power"] = toJson(result.power, false);
    if (result.performance)
        j["performance"] = toJson(*result.performance);
    if (result.reliability)
        j["reliability"] = toJson(*result.reliability);
    if (result.loadProfile)
        j["loadProfile"] = toJson(*result.loadProfile);
    j["cost"] = toJson(result.cost);
    j["diagnostics"] = diagnosticsToJson(result.diagnostics);
    return j;
}

namespace {

// The racks of `hall`, and by role in RackRole order: compute, network, storage, management.
std::pair<int, std::array<int, 4>> racksByRole(const LayoutResult &layout, const LayoutHall &hall)
{
    int racks = 0;
    std::array<int, 4> byRole{};
    for (const LayoutRow &row : hall.rows) {
        for (int index : row.racks) {
            ++racks;
            ++byRole[std::size_t(layout.racks[std::size_t(index)].role)];
        }
    }
    return {racks, byRole};
}

void writeOverview(std::ostream &out, const Result &result)
{
    const Summary &s = result.summary;
    TextTable headline({"Figure", "Value"});
    headline.addRow({"GPUs", formatCount(s.gpus)});
    headline.addRow({"Servers", formatCount(s.servers)});
    headline.addRow({"Compute racks", formatCount(s.computeRacks)});
    headline.addRow({"Network racks", formatCount(s.networkRacks)});
    headline.addRow({"Storage racks", formatCount(s.storageRacks)});
    headline.addRow({"Halls", formatCount(s.halls)});
    headline.addRow({"IT power at nameplate (servers)", formatPower(s.itPowerNameplateW)});
    out << "Summary\n";
    headline.write(out);

    TextTable pools({"Pool", "Accelerator", "Server", "GPUs", "Servers", "Racks", "Nameplate"});
    for (const PoolSummary &pool : s.pools) {
        pools.addRow({pool.name, pool.accelerator, pool.server, formatCount(pool.gpus),
                      formatCount(pool.servers), formatCount(pool.racks),
                      formatPower(pool.itPowerNameplateW)});
    }
    out << "\nCompute pools\n";
    pools.write(out);

    TextTable halls({"Hall", "Size", "Rows", "Racks", "Compute", "Network", "Storage", "Mgmt"});
    for (std::size_t h = 0; h < result.layout.halls.size(); ++h) {
        const LayoutHall &hall = result.layout.halls[h];
        const auto [racks, byRole] = racksByRole(result.layout, hall);
        halls.addRow({hall.id + (hall.generated ? " (generated)" : ""),
                      formatFixed(hall.widthM, 1) + " x " + formatFixed(hall.lengthM, 1) + " m",
                      formatCount(int(hall.rows.size())), formatCount(racks),
                      formatCount(byRole[0]), formatCount(byRole[1]), formatCount(byRole[2]),
                      formatCount(byRole[3])});
    }
    out << "\nLayout\n";
    halls.write(out);
}

void writeDiagnostics(std::ostream &out, const Result &result)
{
    out << "Diagnostics\n";
    if (result.diagnostics.empty())
        out << "  none\n";
    for (const Diagnostic &d : result.diagnostics.items()) {
        out << "  "
            << (d.severity == Severity::Error ? "error"
                : d.acknowledged.empty()      ? "warning"
                                              : "acknowledged warning")
            << ": ";
        if (!d.jsonPath.empty())
            out << d.jsonPath << ": ";
        out << d.message;
        if (!d.acknowledged.empty())
            out << " (acknowledged: " << d.acknowledged << ")";
        out << '\n';
    }
}

constexpr ReportSection kSections[] = {
    ReportSection::Overview,    ReportSection::Fabric,      ReportSection::Power,
    ReportSection::Performance, ReportSection::Reliability, ReportSection::LoadProfile,
    ReportSection::Cost,        ReportSection::Diagnostics,
};

bool hasSection(const Result &result, ReportSection section)
{
    switch (section) {
    case ReportSection::Performance:
        return result.performance.has_value();
    case ReportSection::Reliability:
        return result.reliability.has_value();
    case ReportSection::LoadProfile:
        return result.loadProfile.has_value();
    default:
        return true;
    }
}

} // namespace

const char *reportSectionName(ReportSection section)
{
    switch (section) {
    case ReportSection::Overview:
        return "overview";
    case ReportSection::Fabric:
        return "fabric";
    case ReportSection::Power:
        return "power";
    case ReportSection::Performance:
        return "performance";
    case ReportSection::Reliability:
        return "reliability";
    case ReportSection::LoadProfile:
        return "load profile";
    case ReportSection::Cost:
        return "cost";
    case ReportSection::Diagnostics:
        return "diagnostics";
    }
    return "";
}

void writeReportSection(std::ostream &out, const Result &result, ReportSection section)
{
    switch (section) {
    case ReportSection::Overview:
        writeOverview(out, result);
        return;
    case ReportSection::Fabric:
        writeText(out, result.fabric);
        return;
    case ReportSection::Power:
        writeText(out, result.power);
        return;
    case ReportSection::Performance:
        if (result.performance)
            writeText(out, *result.performance);
        return;
    case ReportSection::Reliability:
        if (result.reliability)
            writeText(out, *result.reliability);
        return;
    case ReportSection::LoadProfile:
        if (result.loadProfile)
            writeText(out, *result.loadProfile);
        return;
    case ReportSection::Cost:
        writeText(out, result.cost);
        return;
    case ReportSection::Diagnostics:
        writeDiagnostics(out, result);
        return;
    }
}

void writeTextReport(std::ostream &out, const Result &result)
{
    out << "AIDC Planner evaluation: " << result.summary.project << "\n\n";
    bool first = true;
    for (ReportSection section : kSections) {
        if (!hasSection(result, section))
            continue;
        if (!first)
            out << '\n';
        first = false;
        writeReportSection(out, result, section);
    }
}

CsvTable bomTable(const Result &result)
{
    return procurementTable(result.procurement);
}

CsvTable hallTable(const Result &result)
{
    CsvTable table;
    table.header = {"Hall",
                    "Racks",
                    "Compute",
                    "Network",
                    "Storage",
                    "Mgmt",
                    "IT peak (kW)",
                    "Power capacity (kW)",
                    "Power used (%)",
                    "Heat (kW)",
                    "Cooling capacity (kW)",
                    "Cooling used (%)",
                    "CDUs",
                    "Coolant (L/min)",
                    "Floor average (kPa)",
                    "Max footprint (kPa)",
                    "Floor rating (kPa)",
                    "Rack area (m2)",
                    "Usable area (m2)",
                    "Area used (%)"};
    auto number = [](double value, double scale, int decimals) {
        const double step = std::pow(10.0, decimals);
        return formatCsvNumber(std::round(value / scale * step) / step);
    };
    auto share = [&](double used, std::optional<double> capacity) {
        return capacity && *capacity > 0 ? number(100 * used / *capacity, 1, 1) : std::string();
    };
    for (std::size_t h = 0; h < result.layout.halls.size(); ++h) {
        const LayoutHall &hall = result.layout.halls[h];
        const auto [racks, byRole] = racksByRole(result.layout, hall);
        std::vector<std::string> row = {hall.id,
                                        std::to_string(racks),
                                        std::to_string(byRole[0]),
                                        std::to_string(byRole[1]),
                                        std::to_string(byRole[2]),
                                        std::to_string(byRole[3])};
        const auto power = std::find_if(result.power.halls.begin(), result.power.halls.end(),
                                        [&](const HallPower &p) { return p.id == hall.id; });
        if (power == result.power.halls.end()) {
            row.resize(table.header.size());
        } else {
            const HallPower &p = *power;
            row.insert(row.end(),
                       {number(p.peakW, 1e3, 1),
                        p.powerCapacityW ? number(*p.powerCapacityW, 1e3, 1) : std::string(),
                        share(p.peakW, p.powerCapacityW), number(p.heatW, 1e3, 1),
                        p.coolingCapacityW ? number(*p.coolingCapacityW, 1e3, 1) : std::string(),
                        share(p.heatW, p.coolingCapacityW), std::to_string(p.cdus),
                        number(p.coolantFlowLPerMin, 1, 0), number(p.floorAverageKPa, 1, 2),
                        number(p.maxFootprintKPa, 1, 2), number(p.floorRatingKPa, 1, 2),
                        number(p.rackAreaM2, 1, 1), number(p.usableAreaM2, 1, 1),
                        share(p.rackAreaM2, p.usableAreaM2)});
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

CsvTable rackTable(const Result &result)
{
    CsvTable table;
    table.header = {"Rack",
                    "Hall",
                    "Row",
                    "Slot",
                    "Role",
                    "Pool",
                    "Type",
                    "Servers",
                    "GPUs",
                    "x (m)",
                    "y (m)",
                    "Pinned",
                    "IT peak (kW)",
                    "IT average (kW)",
                    "Liquid heat (kW)",
                    "Air heat (kW)",
                    "Mass (kg)",
                    "Footprint (kPa)",
                    "Cell (kPa)",
                    "Cooling",
                    "Violations"};
    const LayoutResult &layout = result.layout;
    const PowerResult &power = result.power;
    std::map<std::string, const RackPower *> byId;
    for (const RackPower &rack : power.racks)
        byId[rack.id] = &rack;
    auto kw = [](double w) {
        return formatCsvNumber(std::round(w / 10.0) / 100.0);
    };
    for (const PlacedRack &rack : layout.racks) {
        const LayoutHall &hall = layout.halls[std::size_t(rack.hall)];
        std::vector<std::string> row = {rack.id,
                                        hall.id,
                                        hall.rows[std::size_t(rack.row)].id,
                                        std::to_string(rack.slot + 1),
                                        toString(rack.role),
                                        rack.pool,
                                        rack.rackType,
                                        std::to_string(rack.servers),
                                        std::to_string(rack.gpus),
                                        formatCsvNumber(std::round(rack.xM * 100) / 100),
                                        formatCsvNumber(std::round(rack.yM * 100) / 100),
                                        rack.pinned ? "yes" : "no"};
        const auto found = byId.find(rack.id);
        if (found == byId.end()) {
            row.resize(table.header.size());
        } else {
            const RackPower &p = *found->second;
            std::string violations;
            for (const std::string &name : rackViolationNames(p.violations))
                violations += (violations.empty() ? "" : " ") + name;
            row.insert(row.end(),
                       {kw(p.peakW()), kw(power.rackAverageW(p)), kw(p.liquidHeatW), kw(p.airHeatW),
                        formatCsvNumber(std::round(p.massKg)),
                        formatCsvNumber(std::round(p.footprintKPa * 100) / 100),
                        formatCsvNumber(std::round(p.cellKPa * 100) / 100),
                        p.liquidHeatW > 0 ? (p.airHeatW > 0 ? "liquid + air" : "liquid") : "air",
                        violations});
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

} // namespace aidc

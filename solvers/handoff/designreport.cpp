// SPDX-License-Identifier: Apache-2.0
#include "designreport.h"

#include "model/enumnames.h"
#include "solvers/common/reportformat.h"
#include "solvers/fabric/topology.h"
#include "solvers/handoff/drawings.h"
#include "solvers/pipeline/report.h"
#include "solvers/uncertainty/assumptions.h"
#include "solvers/uncertainty/sensitivity.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace aidc {

namespace {

constexpr const char *kStyle = R"(<style>
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 2em auto; max-width: 1200px;
       color: #202020; line-height: 1.4; }
h1 { font-size: 1.8em; margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #4a7fc1;
       padding-bottom: 0.2em; margin-top: 2em; page-break-after: avoid; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.86em; }
th, td { border: 1px solid #c8c8c8; padding: 0.25em 0.6em; vertical-align: top; }
th { background: #eef2f8; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.headline td.n { font-size: 1.15em; font-weight: bold; }
.error { color: #b00020; } .warning { color: #a05a00; } .ack { color: #606060; }
.note { color: #606060; font-size: 0.9em; }
pre { font-size: 0.78em; background: #f7f7f7; padding: 1em; overflow-x: auto; }
svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
@media print { body { max-width: none; margin: 0; } h2 { page-break-before: always; } }
</style>
)";

std::string esc(const std::string &text)
{
    return xmlEscaped(text);
}

// A cell that holds a number is right-aligned: digits, sign, separators, units after them.
bool looksNumeric(const std::string &cell)
{
    if (cell.empty())
        return false;
    const char c = cell[0];
    return (c >= '0' && c <= '9') || ((c == '-' || c == '$') && cell.size() > 1);
}

std::string htmlTable(const CsvTable &table, const char *cssClass = nullptr)
{
    std::string out = cssClass ? "<table class=\"" + std::string(cssClass) + "\">\n<tr>"
                               : std::string("<table>\n<tr>");
    for (const std::string &h : table.header)
        out += "<th>" + esc(h) + "</th>";
    out += "</tr>\n";
    for (const auto &row : table.rows) {
        out += "<tr>";
        for (const std::string &cell : row)
            out += (looksNumeric(cell) ? "<td class=\"n\">" : "<td>") + esc(cell) + "</td>";
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

std::string formatFigure(const HeadlineFigure &figure, double value)
{
    const std::string unit = figure.unit;
    if (unit == "USD")
        return value < 1000 ? "$" + formatFixed(value, 2) : formatUsd(value);
    if (unit == "USD/year")
        return formatUsd(value) + " / year";
    if (unit == "W")
        return formatPower(value);
    if (unit == "MWh")
        return formatEnergyMWh(value);
    if (unit == "days")
        return formatFixed(value, 1) + " days";
    if (std::string(figure.key) == "pue")
        return formatFixed(value, 3);
    if (unit == "1")
        return formatPercent(value);
    return formatFixed(value, 3) + " " + unit;
}

// "P10 - P90" of a figure's band, or "" without one.
std::string bandText(const HeadlineFigure &figure, const UncertaintySummary *u)
{
    if (!u)
        return {};
    for (const Band &band : u->bands.bands)
        if (band.figure == &figure && band.samples > 0)
            return esc(formatFigure(figure, band.p10)) + " &ndash; " +
                   esc(formatFigure(figure, band.p90)) + (band.modelError ? " *" : "");
    return {};
}

// The figure's largest one-at-a-time drivers: "label (low end -> high end)", largest first.
std::string driverText(const HeadlineFigure &figure, const UncertaintySummary *u)
{
    if (!u)
        return {};
    std::string text;
    int shown = 0;
    for (const Swing &swing : rankedSwings(u->drivers, figure)) {
        if (shown++ == kReportDrivers || swing.width() == 0)
            break;
        text += (text.empty() ? "" : "; ") + esc(u->drivers.runs[swing.run].assumption.label) +
                " (" + esc(formatFigure(figure, swing.low)) + " &rarr; " +
                esc(formatFigure(figure, swing.high)) + ")";
    }
    return text;
}

// The summary table; cells are HTML already (escaped where they carry project text).
std::string summaryTable(const std::vector<std::vector<std::string>> &rows, bool banded)
{
    std::string out = "<table class=\"headline\">\n<tr><th>Figure</th><th>Value</th>";
    if (banded)
        out += "<th>P10 &ndash; P90</th><th>Largest drivers (figure at the low &rarr; high end "
               "of the input's range)</th>";
    out += "</tr>\n";
    for (const auto &row : rows) {
        out += "<tr><td>" + row[0] + "</td><td class=\"n\">" + row[1] + "</td>";
        if (banded)
            out += "<td>" + row[2] + "</td><td>" + row[3] + "</td>";
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

std::string uncertaintyNote(const UncertaintySummary *u)
{
    if (!u)
        return "<p class=\"note\">Each figure's uncertainty and what drives it: <code>aidc "
               "sensitivity</code> and <code>aidc compare</code> (docs/uncertainty.md).</p>\n";
    std::string note =
        "<p class=\"note\">Bands: P10 and P90 over " + std::to_string(u->options.samples) +
        " Latin-hypercube samples (seed " + std::to_string(u->options.seed) + ") of " +
        std::to_string(u->bands.assumptions) +
        " assumptions, each within its range (section 2). * The band includes the performance "
        "model's measured out-of-sample error; the other bands are the inputs' spread only, "
        "their models' errors not being measured against published sites yet. Drivers: each "
        "assumption at the low and the high end of its range, everything else fixed "
        "(docs/uncertainty.md).";
    const int failed = failedEvaluations(*u);
    if (failed > 0)
        note += " " + std::to_string(failed) +
                " sampled evaluation(s) failed and are left out (<code>aidc sensitivity</code> "
                "lists them).";
    return note + "</p>\n";
}

std::string summarySection(const Result &result, const UncertaintySummary *u)
{
    const Summary &s = result.summary;
    std::vector<std::vector<std::string>> rows;
    auto plain = [&](const std::string &name, const std::string &value) {
        rows.push_back({esc(name), esc(value), "", ""});
    };
    plain("GPUs", formatCount(s.gpus));
    plain("Servers", formatCount(s.servers));
    plain("Racks (compute / network / storage)", formatCount(s.computeRacks) + " / " +
                                                     formatCount(s.networkRacks) + " / " +
                                                     formatCount(s.storageRacks));
    plain("Halls", formatCount(s.halls));
    if (s.itPowerPeakW)
        plain("IT power at peak", formatPower(*s.itPowerPeakW));
    for (const HeadlineFigure &figure : headlineFigures()) {
        const std::optional<double> &value = s.*(figure.member);
        rows.push_back({esc(figure.name),
                        esc(value ? formatFigure(figure, *value) : "not computed"),
                        value ? bandText(figure, u) : "", value ? driverText(figure, u) : ""});
    }
    return "<h2 id=\"summary\">1. Summary</h2>\n" + summaryTable(rows, u != nullptr) +
           uncertaintyNote(u);
}

std::string assumptionSection(const Project &project, const Catalog &base, const Catalog &catalog,
                              const Result &result)
{
    const std::vector<Assumption> assumptions = assumptionRegister(project, base, catalog, result);
    return "<h2 id=\"assumptions\">2. What the figures rest on</h2>\n"
           "<p>Every input and catalog figure that drives a headline figure, with its source and "
           "confidence class ([V] vendor, [P] paper, [A] analyst, [S] secondary, [D] derived, "
           "[U] unverified engineering assumption, or stated by the project).</p>\n" +
           htmlTable(assumptionTable(assumptions));
}

std::string hallSection(const Result &result)
{
    CsvTable t;
    t.header = {"Hall",          "Size (m)",         "Compute racks", "Network racks",
                "Storage racks", "Management racks", "GPUs",          "IT at peak"};
    for (std::size_t h = 0; h < result.layout.halls.size(); ++h) {
        const LayoutHall &hall = result.layout.halls[h];
        std::map<RackRole, int> racks;
        long long gpus = 0;
        for (const PlacedRack &rack : result.layout.racks) {
            if (std::size_t(rack.hall) != h)
                continue;
            ++racks[rack.role];
            gpus += rack.gpus;
        }
        const double peakW = h < result.power.halls.size() ? result.power.halls[h].peakW : 0.0;
        t.rows.push_back(
            {hall.id + (hall.name.empty() || hall.name == hall.id ? std::string()
                                                                  : " (" + hall.name + ")"),
             formatFixed(hall.widthM, 1) + " × " + formatFixed(hall.lengthM, 1),
             formatCount(racks[RackRole::Compute]), formatCount(racks[RackRole::Network]),
             formatCount(racks[RackRole::Storage]), formatCount(racks[RackRole::Management]),
             formatCount(gpus), formatPower(peakW)});
    }
    return "<h2 id=\"halls\">3. Halls</h2>\n" + htmlTable(t);
}

std::string fabricSection(const Result &result)
{
    CsvTable t;
    t.header = {"Plane", "Role",      "Switch",           "Copies",    "Tiers",        "Switches",
                "Links", "Endpoints", "Oversubscription", "Bisection", "Copper share", "Cables"};
    for (const PlaneResult &p : result.fabric.planes) {
        t.rows.push_back(
            {p.name, toString(p.role), p.switchModel, formatCount(p.parallelPlanes),
             formatCount(p.tiers), formatCount(p.switches * p.parallelPlanes),
             formatCount(p.links * p.parallelPlanes), formatCount(p.endpoints * p.parallelPlanes),
             formatFixed(p.endToEndOversubscription, 2) + ":1",
             formatFixed(p.bisectionTbps, 1) + " Tb/s", formatPercent(p.copperShareAllLinks),
             formatCount(p.cables * p.parallelPlanes)});
    }
    return "<h2 id=\"fabric\">4. Fabric</h2>\n" + htmlTable(t) +
           "<p class=\"note\">Counts include every parallel-plane copy. The port-to-port "
           "schedule: <code>aidc cables</code>; the DCIM import: <code>aidc export "
           "netbox</code>.</p>\n";
}

// The named columns of `table`, in the order given (names it lacks are left out).
CsvTable selectColumns(const CsvTable &table, const std::vector<std::string> &names)
{
    CsvTable out;
    std::vector<std::size_t> indices;
    for (const std::string &name : names) {
        const auto it = std::find(table.header.begin(), table.header.end(), name);
        if (it != table.header.end()) {
            indices.push_back(std::size_t(it - table.header.begin()));
            out.header.push_back(name);
        }
    }
    for (const auto &row : table.rows) {
        std::vector<std::string> cells;
        for (std::size_t i : indices)
            cells.push_back(row[i]);
        out.rows.push_back(std::move(cells));
    }
    return out;
}

CsvTable bomSubtotals(const Result &result)
{
    const ProcurementBom &bom = result.procurement;
    CsvTable totals;
    totals.header = {"Category", "Orderable lines", "Orderable", "Non-BOM capex", "Capex"};
    for (const CategoryCost &c : result.cost.categories) {
        const std::size_t i = std::size_t(c.category);
        if (bom.orderableLinesBy[i] == 0 && c.capexUsd == 0)
            continue;
        totals.rows.push_back({costCategoryName(c.category), formatCount(bom.orderableLinesBy[i]),
                               formatUsd(bom.orderableUsdBy[i]), formatUsd(bom.nonBomUsdBy[i]),
                               formatUsd(c.capexUsd)});
    }
    totals.rows.push_back({"Total", formatCount(bom.orderableLines), formatUsd(bom.orderableUsd),
                           formatUsd(bom.nonBomUsd), formatUsd(bom.capexUsd)});
    return totals;
}

std::string criticalPathText(const ProcurementBom &bom)
{
    std::string text = "No orderable line has a lead time in the catalog.";
    if (bom.longestLeadTime) {
        const ProcurementLine &line = bom.lines[*bom.longestLeadTime];
        text = "Longest lead time: " + esc(line.description) + ", " +
               formatFixed(line.leadTime.minWeeks, 0) + "&ndash;" +
               formatFixed(line.leadTime.maxWeeks, 0) + " weeks (reported " +
               esc(line.leadTime.date) + "; " + esc(line.leadTimeSource) + ").";
    }
    return text + " " + std::to_string(bom.withoutPartNumber) + " of " +
           std::to_string(bom.orderableLines) +
           " orderable lines have no part number in the catalog.";
}

// The BOM by category: subtotals that add up to capex, the longest lead time, then every line
// with the columns a reviewer reads (the full table, with sources: `aidc bom`).
std::string bomSection(const Result &result)
{
    const CsvTable shown =
        selectColumns(bomTable(result),
                      {"category", "line", "part", "partNumber", "description", "quantity", "unit",
                       "unitPriceUsd", "extendedPriceUsd", "priceOrigin", "leadTimeWeeksMax"});
    return "<h2 id=\"bom\">5. Bill of materials</h2>\n" + htmlTable(bomSubtotals(result)) + "<p>" +
           criticalPathText(result.procurement) + "</p>\n" + htmlTable(shown) +
           "<p class=\"note\">Orderable lines plus non-BOM capex lines (plant priced per MW, "
           "shell, labour) equal capex. Manufacturer, sources and lead-time sources: "
           "<code>aidc bom</code>.</p>\n";
}

std::string diagnosticSection(const Result &result)
{
    std::string rows;
    int count = 0;
    for (const Diagnostic &d : result.diagnostics.items()) {
        const bool acknowledged = !d.acknowledged.empty();
        const char *cls = acknowledged                    ? "ack"
                          : d.severity == Severity::Error ? "error"
                                                          : "warning";
        const char *what = acknowledged                    ? "acknowledged"
                           : d.severity == Severity::Error ? "error"
                                                           : "warning";
        rows += "<tr class=\"" + std::string(cls) + "\"><td>" + what + "</td><td><code>" +
                esc(d.jsonPath) + "</code></td><td>" + esc(d.message) +
                (acknowledged ? " <em>(accepted: " + esc(d.acknowledged) + ")</em>" : "") +
                "</td></tr>\n";
        ++count;
    }
    std::string out = "<h2 id=\"problems\">6. Violations and warnings</h2>\n";
    if (count == 0)
        return out + "<p>None: the design passes every check the solvers make.</p>\n";
    return out + "<table>\n<tr><th>Kind</th><th>Where</th><th>Problem</th></tr>\n" + rows +
           "</table>\n";
}

std::string drawingSection(const Project &project, const Result &result)
{
    std::string out = "<h2 id=\"floor-plans\">7. Floor plans</h2>\n";
    for (std::size_t h = 0; h < result.layout.halls.size(); ++h) {
        std::string svg = floorPlanSvg(project, result, h);
        const std::size_t start = svg.find("<svg");
        out += "<figure>" + svg.substr(start == std::string::npos ? 0 : start) + "</figure>\n";
    }
    return out + "<p class=\"note\">Rack elevations of every row: <code>aidc draw "
                 "--elevations</code>.</p>\n";
}

// The sampled load profile (the window `aidc profile` writes) as an inline SVG line chart: IT and
// utility power against time, ~1,000 points.
std::string loadProfileSvg(const LoadProfileResult &profile)
{
    const LoadProfileInputs &inputs = profile.inputs;
    const double window = loadProfileWindowS(inputs);
    if (window <= 0)
        return "";
    std::vector<LoadSample> samples;
    sampleLoadProfile(inputs, std::max(0.01, window / 1000),
                      [&](const LoadSample &sample) { samples.push_back(sample); });
    double maxW = 0;
    for (const LoadSample &sample : samples)
        maxW = std::max({maxW, sample.itW, sample.utilityW});
    if (samples.empty() || maxW <= 0)
        return "";
    constexpr double kWidth = 900, kHeight = 260, kLeft = 60, kBottom = 30, kTop = 10;
    const double plotW = kWidth - kLeft - 10, plotH = kHeight - kBottom - kTop;
    const double topW = maxW * 1.1;
    auto x = [&](double t) {
        return kLeft + t / window * plotW;
    };
    auto y = [&](double w) {
        return kTop + plotH * (1 - w / topW);
    };
    auto line = [&](auto value, const char *colour) {
        std::string points;
        for (const LoadSample &sample : samples)
            points +=
                formatFixed(x(sample.timeS), 1) + "," + formatFixed(y(value(sample)), 1) + " ";
        return std::string("<polyline fill=\"none\" stroke=\"") + colour +
               "\" stroke-width=\"1.5\" points=\"" + points + "\"/>\n";
    };
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                      formatFixed(kWidth, 0) + " " + formatFixed(kHeight, 0) +
                      "\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"11\">\n";
    svg += "<line x1=\"" + formatFixed(kLeft, 0) + "\" y1=\"" + formatFixed(y(0), 1) + "\" x2=\"" +
           formatFixed(kLeft + plotW, 0) + "\" y2=\"" + formatFixed(y(0), 1) +
           "\" stroke=\"#808080\"/>\n";
    for (int tick = 0; tick <= 4; ++tick) {
        const double w = topW * tick / 4;
        svg += "<text x=\"" + formatFixed(kLeft - 6, 0) + "\" y=\"" + formatFixed(y(w) + 4, 1) +
               "\" text-anchor=\"end\">" + formatFixed(w / 1e6, 0) + "</text>\n";
    }
    svg += "<text x=\"12\" y=\"" + formatFixed(kTop + plotH / 2, 0) +
           "\" transform=\"rotate(-90 12 " + formatFixed(kTop + plotH / 2, 0) +
           ")\" text-anchor=\"middle\">MW</text>\n";
    svg += "<text x=\"" + formatFixed(kLeft + plotW / 2, 0) + "\" y=\"" +
           formatFixed(kHeight - 6, 0) + "\" text-anchor=\"middle\">time (s), 0 to " +
           formatFixed(window, 0) + "</text>\n";
    svg += line([](const LoadSample &s) { return s.utilityW; }, "#4a7fc1");
    svg += line([](const LoadSample &s) { return s.itW; }, "#7fb24a");
    svg += "<text x=\"" + formatFixed(kLeft + 10, 0) +
           "\" y=\"24\" fill=\"#4a7fc1\">utility</text><text x=\"" + formatFixed(kLeft + 70, 0) +
           "\" y=\"24\" fill=\"#7fb24a\">IT</text>\n</svg>\n";
    return svg;
}

// Site power: the supply by date, the peak's conditions, water and the EU figures, the load
// profile's events and its chart.
std::string siteSection(const Result &result)
{
    const PowerResult &power = result.power;
    std::string out = "<h2 id=\"site\">8. Site power, water and load profile</h2>\n";
    CsvTable figures;
    figures.header = {"Figure", "Value"};
    figures.rows.push_back({"Facility peak", formatPower(power.facilityPeakW)});
    figures.rows.push_back(
        {"Peak taken at",
         power.cooling.peakConditions + ", " + formatFixed(power.cooling.peakDryBulbC, 1) +
             " °C dry bulb / " + formatFixed(power.cooling.peakWetBulbC, 1) + " °C wet bulb" +
             (power.cooling.peakSource.empty() ? std::string()
                                               : " (" + power.cooling.peakSource + ")")});
    figures.rows.push_back({"PUE annual / peak", formatFixed(power.pueAnnual, 3) + " / " +
                                                     formatFixed(power.puePeak, 3)});
    figures.rows.push_back(
        {"WUE (annual, peak month)", formatFixed(power.wueLPerKWh, 2) + " / " +
                                         formatFixed(power.wuePeakMonthLPerKWh, 2) + " L/kWh"});
    figures.rows.push_back(
        {"ERF / REF / CUE", formatFixed(power.erf, 3) + " / " + formatFixed(power.ref, 3) + " / " +
                                formatFixed(power.cueKgPerKWh, 3) + " kg CO2/kWh"});
    const ElectricalAvailability &electrical = power.electrical;
    figures.rows.push_back(
        {"Utility interruptions",
         formatFixed(electrical.utilityInterruptionsPerYear, 2) + " a year × " +
             formatFixed(electrical.outageHours, 1) + " h; " + electrical.rideThrough + " (" +
             formatPercent(electrical.rideThroughProbability, 2) +
             "): " + formatFixed(electrical.jobInterruptionsPerYear, 3) + " stop the job a year"});
    if (power.siteEnergy.fromSupplyTable) {
        const SiteEnergy &e = power.siteEnergy;
        figures.rows.push_back({"Supply mix a year from " + e.steadyDate,
                                "grid " + formatEnergyMWh(e.gridMWh) + ", on-site " +
                                    formatEnergyMWh(e.onsiteMWh) + " (fuel " +
                                    formatUsd(e.fuelUsd) + ", O&M " + formatUsd(e.omUsd) + ", " +
                                    formatFixed(e.co2Tonnes, 0) + " t CO2)"});
        if (e.bridgeMWh > 0)
            figures.rows.push_back(
                {"Bridge power before it", formatEnergyMWh(e.bridgeMWh) + ", fuel and O&M " +
                                               formatUsd(e.bridgeFuelUsd + e.bridgeOmUsd) + ", " +
                                               formatFixed(e.bridgeCo2Tonnes, 0) + " t CO2"});
    }
    out += htmlTable(figures);
    if (!power.supply.empty()) {
        CsvTable supply;
        supply.header = {"From", "Grid", "On-site", "Available", "Short by"};
        for (const SupplyPoint &p : power.supply)
            supply.rows.push_back({p.date, formatPower(p.utilityW), formatPower(p.onsiteW),
                                   formatPower(p.availableW),
                                   p.shortfallW > 0 ? formatPower(p.shortfallW) : "-"});
        out += "<h3>Power supply by date</h3>\n" + htmlTable(supply);
    }
    if (!result.loadProfile)
        return out + "<p class=\"note\">No load profile: the project has no training job with a "
                     "feasible plan.</p>\n";
    const LoadProfileResult &profile = *result.loadProfile;
    CsvTable events;
    events.header = {"Event", "Drop (IT)", "Drop (utility)", "Low for", "Per day", "Ramp (MW/s)"};
    for (const LoadEvent &e : profile.events)
        events.rows.push_back({toString(e.kind), formatPower(e.dropW), formatPower(e.utilityDropW),
                               formatDuration(e.lowS), formatFixed(e.perDay, 1),
                               formatFixed(e.rampWPerS / 1e6, 0)});
    out += "<h3>Load profile of the training job</h3>\n" + htmlTable(events);
    if (profile.rampLimitWPerS)
        out +=
            "<p>Utility ramp limit " + formatFixed(*profile.rampLimitWPerS / 1e6, 3) + " MW/s: " +
            (profile.violatesRampLimit
                 ? "exceeded; holding it needs " +
                       formatFixed(profile.requiredStorageJ / kJoulesPerMWh, 3) +
                       " MWh of storage and " + formatPower(profile.requiredStorageW) +
                       (profile.batteryCovers ? " (the racks' stores and the site battery cover it)"
                                              : "")
                 : std::string("held")) +
            ".</p>\n";
    return out + "<figure>" + loadProfileSvg(profile) +
           "</figure>\n<p class=\"note\">Three steps, a blocking checkpoint (when checkpoints "
           "block), three steps, a failure and its restart (when the job is interrupted), three "
           "steps (docs/load-profile.md; <code>aidc profile</code> writes the samples).</p>\n";
}

std::string appendix(const Result &result)
{
    std::ostringstream text;
    writeTextReport(text, result);
    return "<h2 id=\"appendix\">Appendix: the full evaluation report</h2>\n<pre>" +
           esc(text.str()) + "</pre>\n";
}

} // namespace

std::string designReportHtml(const Project &project, const Catalog &base, const Catalog &catalog,
                             const Result &result, const std::string &version,
                             const UncertaintySummary *uncertainty)
{
    const std::string title =
        project.name.empty() ? std::string("AIDC design report") : project.name;
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<title>" +
                       esc(title) + " — design report</title>\n" + kStyle + "</head>\n<body>\n";
    html += "<h1>" + esc(title) + "</h1>\n";
    if (!project.description.empty())
        html += "<p>" + esc(project.description) + "</p>\n";
    html += "<p class=\"note\">Design report. Sections: <a href=\"#summary\">summary</a>, "
            "<a href=\"#assumptions\">assumptions</a>, <a href=\"#halls\">halls</a>, "
            "<a href=\"#fabric\">fabric</a>, <a href=\"#bom\">bill of materials</a>, "
            "<a href=\"#problems\">violations and warnings</a>, <a href=\"#floor-plans\">floor "
            "plans</a>, <a href=\"#site\">site power and load profile</a>, "
            "<a href=\"#appendix\">full report</a>.</p>\n";
    html += summarySection(result, uncertainty);
    html += assumptionSection(project, base, catalog, result);
    html += hallSection(result);
    html += fabricSection(result);
    html += bomSection(result);
    html += diagnosticSection(result);
    html += drawingSection(project, result);
    html += siteSection(result);
    html += appendix(result);
    // Which prices produced the cost figures (issue 21): the as-of date quotes were chosen on.
    const std::string book = result.cost.priceBook.empty()
                                 ? "catalog prices, each dated by its source"
                                 : "price-book quotes valid on that date (" +
                                       esc(result.cost.priceBook) +
                                       "), else catalog prices dated by their sources";
    html += "<p class=\"note\">Prices as of " + esc(result.cost.asOfDate) + ": " + book +
            ". Written by " + esc(version) +
            ". Sources of every figure: docs/references.md.</p>\n</body>\n</html>\n";
    return html;
}

} // namespace aidc

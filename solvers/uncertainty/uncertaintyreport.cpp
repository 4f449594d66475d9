// SPDX-License-Identifier: Apache-2.0
#include "solvers/uncertainty/uncertaintyreport.h"

#include "solvers/common/reportformat.h"
#include "solvers/pipeline/report.h"

#include <cmath>

namespace aidc {

CsvTable assumptionTable(const std::vector<Assumption> &assumptions)
{
    CsvTable t;
    t.header = {"Id",        "Assumption", "Value", "Unit", "Class", "Stated in project",
                "Range +/-", "Drives",     "Source"};
    for (const Assumption &a : assumptions)
        t.rows.push_back({a.id, a.label, formatSignificant(a.value), a.unit, toString(a.confidence),
                          a.stated ? "yes" : "no",
                          a.scale ? formatPercent(a.relativeRange) : std::string("not varied"),
                          a.drives, a.source});
    return t;
}

nlohmann::json resultDocument(const Project &project, const Catalog &base, const Catalog &catalog,
                              const Result &result)
{
    nlohmann::json document = resultToJson(result);
    if (!result.diagnostics.hasErrors())
        document["assumptions"] =
            assumptionsToJson(assumptionRegister(project, base, catalog, result));
    return document;
}

nlohmann::json uncertaintyToJson(const UncertaintySummary &summary, int top)
{
    nlohmann::json bands = nlohmann::json::array();
    for (const Band &band : summary.bands.bands)
        bands.push_back({{"figure", band.figure->key},
                         {"unit", band.figure->unit},
                         {"value", band.base},
                         {"p10", band.p10},
                         {"p50", band.p50},
                         {"p90", band.p90},
                         {"modelError", band.modelError},
                         {"samples", band.samples}});
    nlohmann::json drivers = nlohmann::json::array();
    for (const HeadlineFigure &figure : headlineFigures()) {
        int shown = 0;
        for (const Swing &swing : rankedSwings(summary.drivers, figure)) {
            if (shown++ == top || swing.width() == 0)
                break;
            const Assumption &a = summary.drivers.runs[swing.run].assumption;
            drivers.push_back({{"figure", figure.key},
                               {"assumption", a.id},
                               {"label", a.label},
                               {"low", swing.low},
                               {"high", swing.high}});
        }
    }
    return {{"samples", summary.options.samples},
            {"seed", summary.options.seed},
            {"assumptionsSampled", summary.bands.assumptions},
            {"failedEvaluations", failedEvaluations(summary)},
            {"bands", bands},
            {"drivers", drivers}};
}

nlohmann::json assumptionsToJson(const std::vector<Assumption> &assumptions)
{
    nlohmann::json list = nlohmann::json::array();
    for (const Assumption &a : assumptions)
        list.push_back({{"id", a.id},
                        {"label", a.label},
                        {"value", a.value},
                        {"unit", a.unit},
                        {"confidence", toString(a.confidence)},
                        {"stated", a.stated},
                        {"relativeRange", a.relativeRange},
                        {"drives", a.drives},
                        {"source", a.source}});
    return list;
}

namespace {

// A figure in its unit for a reader.
std::string readableFigure(const HeadlineFigure &figure, double v)
{
    const std::string unit = figure.unit;
    if (unit == "USD")
        return v < 100 ? "$" + formatFixed(v, 3) : formatUsd(v);
    if (unit == "USD/year")
        return formatUsd(v) + "/year";
    if (unit == "W")
        return formatPower(v);
    if (unit == "MWh")
        return formatEnergyMWh(v);
    if (unit == "days")
        return formatFixed(v, 2) + " d";
    if (std::string(figure.key) == "pue")
        return formatFixed(v, 4);
    return formatPercent(v, 2); // MFU, goodput
}

} // namespace

CsvTable sensitivityTable(const SensitivityResult &result, int top, const HeadlineFigure *only,
                          bool readable)
{
    CsvTable t;
    t.header = {"Figure",    "Base",       "Unit",        "Driver", "Class",
                "Range +/-", "At low end", "At high end", "Swing",  "Swing / base"};
    if (readable)
        t.header = {"Figure",    "Base",       "Driver",      "Class",
                    "Range +/-", "At low end", "At high end", "Swing / base"};
    for (const HeadlineFigure &figure : headlineFigures()) {
        if (only && only != &figure)
            continue;
        const std::optional<double> base = result.base.*figure.member;
        if (!base)
            continue;
        int shown = 0;
        for (const Swing &s : rankedSwings(result, figure)) {
            if (top > 0 && shown++ >= top)
                break;
            const Assumption &a = result.runs[s.run].assumption;
            const std::string share =
                *base != 0 ? formatPercent(s.width() / std::fabs(*base)) : std::string("-");
            if (readable)
                t.rows.push_back({figure.name, readableFigure(figure, *base), a.label,
                                  toString(a.confidence), formatPercent(a.relativeRange),
                                  readableFigure(figure, s.low), readableFigure(figure, s.high),
                                  share});
            else
                t.rows.push_back({figure.name, formatSignificant(*base), figure.unit, a.label,
                                  toString(a.confidence), formatPercent(a.relativeRange),
                                  formatSignificant(s.low), formatSignificant(s.high),
                                  formatSignificant(s.width()), share});
        }
    }
    return t;
}

CsvTable bandTable(const BandsResult &result, bool readable)
{
    CsvTable t;
    t.header = {"Figure", "Base", "P10", "P50", "P90", "Unit", "Includes"};
    if (readable)
        t.header = {"Figure", "Base", "P10", "P50", "P90", "Includes"};
    for (const Band &b : result.bands) {
        const std::string includes = std::to_string(result.assumptions) + " assumptions" +
                                     (b.modelError ? " + model error (out of sample)" : "") + ", " +
                                     std::to_string(b.samples) + " samples";
        if (readable)
            t.rows.push_back({b.figure->name, readableFigure(*b.figure, b.base),
                              readableFigure(*b.figure, b.p10), readableFigure(*b.figure, b.p50),
                              readableFigure(*b.figure, b.p90), includes});
        else
            t.rows.push_back({b.figure->name, formatSignificant(b.base), formatSignificant(b.p10),
                              formatSignificant(b.p50), formatSignificant(b.p90), b.figure->unit,
                              includes});
    }
    return t;
}

CsvTable differenceTable(const DifferenceResult &result, bool readable)
{
    CsvTable t;
    t.header = {"Figure", "A", "B", "B - A P10", "B - A P50", "B - A P90", "Verdict"};
    if (!readable)
        t.header.insert(t.header.begin() + 3, "Unit");
    for (const DifferenceBand &d : result.bands) {
        const std::string verdict = d.equal              ? "equal"
                                    : !d.distinguishable ? "not distinguishable (band spans 0)"
                                    : d.p50 > 0          ? "B higher"
                                                         : "B lower";
        if (readable) {
            // A difference keeps its sign: "+$1.2 M", "-0.50 %".
            const auto signedFigure = [&](double v) {
                return (v < 0 ? "-" : "+") + readableFigure(*d.figure, std::fabs(v));
            };
            t.rows.push_back({d.figure->name, readableFigure(*d.figure, d.a),
                              readableFigure(*d.figure, d.b), signedFigure(d.p10),
                              signedFigure(d.p50), signedFigure(d.p90), verdict});
        } else {
            t.rows.push_back({d.figure->name, formatSignificant(d.a), formatSignificant(d.b),
                              d.figure->unit, formatSignificant(d.p10), formatSignificant(d.p50),
                              formatSignificant(d.p90), verdict});
        }
    }
    return t;
}

CsvTable rankTable(const BandsResult &result, int top)
{
    CsvTable t;
    t.header = {"Figure", "Driver", "Spearman rho", "Samples", "Beyond chance (2/sqrt(N))"};
    const HeadlineFigure *current = nullptr;
    int shown = 0;
    for (const RankIndex &r : result.ranks) {
        if (r.figure != current) {
            current = r.figure;
            shown = 0;
        }
        if (top > 0 && shown++ >= top)
            continue;
        int samples = 0;
        for (const Band &b : result.bands)
            if (b.figure == r.figure)
                samples = b.samples;
        const bool beyond = samples > 0 && std::fabs(r.rho) > 2 / std::sqrt(double(samples));
        t.rows.push_back({r.figure->name, r.assumption, formatFixed(r.rho, 2),
                          std::to_string(samples), beyond ? "yes" : "no"});
    }
    return t;
}

} // namespace aidc

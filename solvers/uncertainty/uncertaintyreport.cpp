#include "solvers/uncertainty/uncertaintyreport.h"

#include "solvers/common/reportformat.h"

#include <cmath>

namespace aidc {

namespace {

// Enough digits to tell the ends of a swing apart, locale-free.
std::string number(double v)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.6g", v);
    return text;
}

std::string percent(double share)
{
    return formatFixed(share * 100, 1) + " %";
}

} // namespace

CsvTable assumptionTable(const std::vector<Assumption> &assumptions)
{
    CsvTable t;
    t.header = {"Id",        "Assumption", "Value", "Unit", "Class", "Stated in project",
                "Range +/-", "Drives",     "Source"};
    for (const Assumption &a : assumptions)
        t.rows.push_back({a.id, a.label, number(a.value), a.unit, toString(a.confidence),
                          a.stated ? "yes" : "no",
                          a.scale ? percent(a.relativeRange) : std::string("not varied"), a.drives,
                          a.source});
    return t;
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
                *base != 0 ? percent(s.width() / std::fabs(*base)) : std::string("-");
            if (readable)
                t.rows.push_back({figure.name, readableFigure(figure, *base), a.label,
                                  toString(a.confidence), percent(a.relativeRange),
                                  readableFigure(figure, s.low), readableFigure(figure, s.high),
                                  share});
            else
                t.rows.push_back({figure.name, number(*base), figure.unit, a.label,
                                  toString(a.confidence), percent(a.relativeRange), number(s.low),
                                  number(s.high), number(s.width()), share});
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
            t.rows.push_back({b.figure->name, number(b.base), number(b.p10), number(b.p50),
                              number(b.p90), b.figure->unit, includes});
    }
    return t;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
// The HTML design report (issue 21): every section, every headline figure, the BOM line for
// line, one floor plan per hall, escaped project strings and nothing fetched from elsewhere.

#include "solvers/common/reportformat.h"
#include "solvers/handoff/designreport.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/report.h"
#include "solvers/uncertainty/sensitivity.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace aidc;

namespace {

std::size_t count(const std::string &text, const std::string &what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

// The text between the opening of section `id` and the next section heading.
std::string section(const std::string &html, const std::string &id)
{
    const std::size_t start = html.find("<h2 id=\"" + id + "\">");
    REQUIRE(start != std::string::npos);
    const std::size_t end = html.find("<h2 ", start + 1);
    return html.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

} // namespace

TEST_CASE("The design report of the 1k sample has every section and figure", "[report]")
{
    const Catalog base = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", base);
    const EvaluateOptions options;
    const Result result = evaluateLoadedProject(loaded, options);
    const std::string html = designReportHtml(loaded.project, base, loaded.catalog, result, "test");

    CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(html.ends_with("</html>\n"));
    for (const char *id : {"summary", "assumptions", "halls", "fabric", "bom", "problems",
                           "floor-plans", "site", "appendix"})
        CHECK(html.find(std::string("<h2 id=\"") + id + "\">") != std::string::npos);
    for (const HeadlineFigure &figure : headlineFigures())
        CHECK(section(html, "summary").find(std::string("<td>") + figure.name + "</td>") !=
              std::string::npos);
    // The sample's capex as the text report shows it ($59.1 M at the time of writing).
    CHECK(section(html, "summary").find("$59.1 M") != std::string::npos);
    // The BOM: category subtotals (a header row, a row per category with capex or lines, a total
    // row), then line for line (a header row plus one row per line); a floor plan per hall.
    std::size_t categories = 0;
    for (const CategoryCost &c : result.cost.categories) {
        const bool hasLines = std::any_of(
            result.procurement.lines.begin(), result.procurement.lines.end(),
            [&](const ProcurementLine &l) { return l.orderable && l.category == c.category; });
        categories += (hasLines || c.capexUsd != 0) ? 1 : 0;
    }
    CHECK(count(section(html, "bom"), "<tr>") ==
          (categories + 2) + (bomTable(result).rows.size() + 1));
    CHECK(section(html, "bom").find("<td>Total</td>") != std::string::npos);
    CHECK(count(section(html, "floor-plans"), "<svg") == result.layout.halls.size());
    CHECK(count(section(html, "fabric"), "<tr>") == result.fabric.planes.size() + 1);
    // The site section: the load profile's events (a header row plus one per event) and its
    // chart with the IT and utility curves.
    REQUIRE(result.loadProfile);
    CHECK(section(html, "site").find("Load profile of the training job") != std::string::npos);
    CHECK(count(section(html, "site"), "<polyline") == 2);
    CHECK(section(html, "site").find("<td>restart</td>") != std::string::npos);
    // It says which prices produced the cost figures (the cost solver's as-of date: today).
    CHECK(html.find("Prices as of " + result.cost.asOfDate + ": catalog prices") !=
          std::string::npos);
    CHECK(result.cost.asOfDate.size() == 10);
    // Self-contained: no script, nothing loaded from elsewhere.
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("src=") == std::string::npos);
    CHECK(html.find("href=\"http") == std::string::npos);

    loaded.project.name = "<img src=x onerror=alert(1)>";
    const std::string hostile =
        designReportHtml(loaded.project, base, loaded.catalog, result, "test");
    CHECK(hostile.find("<img") == std::string::npos);
    CHECK(hostile.find("&lt;img src=x onerror=alert(1)&gt;") != std::string::npos);
}

// Issue 19: the report shows each headline figure's P10-P90 band and its largest drivers, the
// same ones `aidc sensitivity --bands` and `aidc sensitivity` compute.
TEST_CASE("The design report shows each headline figure's band and drivers", "[report]")
{
    const Catalog base = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    const LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", base);
    const EvaluateOptions options;
    const Result result = evaluateLoadedProject(loaded, options);

    BandOptions sampling;
    sampling.samples = 6;
    sampling.threads = 1;
    const UncertaintySummary u =
        summarizeUncertainty(loaded.project, base, loaded.catalog, options, sampling);
    const std::string summary = section(
        designReportHtml(loaded.project, base, loaded.catalog, result, "test", &u), "summary");
    CHECK(summary.find("<th>P10 &ndash; P90</th>") != std::string::npos);
    CHECK(summary.find("6 Latin-hypercube samples (seed 1)") != std::string::npos);

    // The capex row: its band and its largest driver, the compute price (DGX H100 servers are
    // about 58 % of the sample's capex; the register varies the price by its class's range).
    const std::size_t capex = summary.find("<tr><td>Capex</td>");
    REQUIRE(capex != std::string::npos);
    const std::string row = summary.substr(capex, summary.find("</tr>", capex) - capex);
    const Band *band = nullptr;
    for (const Band &b : u.bands.bands)
        band = std::string(b.figure->key) == "capexUsd" ? &b : band;
    REQUIRE(band);
    CHECK(band->p10 < band->p90);
    CHECK(row.find(formatUsd(band->p10) + " &ndash; " + formatUsd(band->p90)) != std::string::npos);
    const std::vector<Swing> swings = rankedSwings(u.drivers, *band->figure);
    REQUIRE(!swings.empty());
    CHECK(row.find(u.drivers.runs[swings.front().run].assumption.label) != std::string::npos);
    // MFU's band includes the model's measured error, marked *.
    const std::size_t mfu = summary.find("<tr><td>MFU</td>");
    REQUIRE(mfu != std::string::npos);
    CHECK(summary.substr(mfu, summary.find("</tr>", mfu) - mfu).find(" *</td>") !=
          std::string::npos);

    // Without it, point values only.
    const std::string plain =
        section(designReportHtml(loaded.project, base, loaded.catalog, result, "test"), "summary");
    CHECK(plain.find("P10") == std::string::npos);
}

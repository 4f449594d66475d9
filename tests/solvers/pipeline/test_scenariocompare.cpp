// SPDX-License-Identifier: Apache-2.0
// N designs side by side (issue 23 item 24): the rows, the differences and the table that
// `aidc compare --side-by-side` prints and the GUI's Compare dock shows and exports.

#include "model/projectjson.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/scenariocompare.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using namespace aidc;

namespace {

const Catalog &shippedCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

Result evaluateMinimal(int gpus)
{
    Project p = loadProjectFile(AIDC_SOURCE_DIR "/projects/minimal.json");
    p.pools.at(0).gpuCount = gpus;
    return evaluate(p, shippedCatalog());
}

const ComparedRow *findRow(const ScenarioComparison &c, CompareSection section,
                           const std::string &item)
{
    for (const ComparedRow &row : c.rows)
        if (row.section == section && row.item == item)
            return &row;
    return nullptr;
}

// The column of `name` in the table's header.
std::size_t columnOf(const CsvTable &table, const std::string &name)
{
    const auto it = std::find(table.header.begin(), table.header.end(), name);
    REQUIRE(it != table.header.end());
    return std::size_t(it - table.header.begin());
}

} // namespace

TEST_CASE("designs side by side: figures, capex, parts and violations against the baseline",
          "[pipeline][compare]")
{
    // The minimal sample (1,016 GPUs = 127 eight-GPU servers) against the same with 1,024 GPUs
    // (128 servers), whose full InfiniBand leaves leave UFM no port: one warning more.
    const Result a = evaluateMinimal(1016), b = evaluateMinimal(1024);
    REQUIRE_FALSE(a.diagnostics.hasErrors());
    REQUIRE_FALSE(b.diagnostics.hasErrors());
    const ScenarioComparison c = compareScenarios({{"a", &a}, {"b", &b}});
    REQUIRE(c.names == std::vector<std::string>{"a", "b"});

    const ComparedRow *gpus = findRow(c, CompareSection::Figures, "gpus");
    REQUIRE(gpus);
    CHECK(gpus->unit == "count");
    CHECK(gpus->values == std::vector<std::optional<double>>{1016.0, 1024.0});
    const ComparedRow *halls = findRow(c, CompareSection::Figures, "halls");
    REQUIRE(halls);
    CHECK_FALSE(halls->differs());

    // The server part: 127 against 128, and every part has a quantity in both designs.
    const ComparedRow *servers =
        findRow(c, CompareSection::BillOfMaterials, a.summary.pools.at(0).server);
    REQUIRE(servers);
    CHECK(servers->values == std::vector<std::optional<double>>{127.0, 128.0});
    for (const ComparedRow &row : c.rows)
        if (row.section == CompareSection::BillOfMaterials) {
            INFO(row.item);
            CHECK(row.values[0].has_value());
            CHECK(row.values[1].has_value());
        }

    // Capex by category adds up to each design's capex.
    for (std::size_t d = 0; d < 2; ++d) {
        double sum = 0;
        for (const ComparedRow &row : c.rows)
            if (row.section == CompareSection::Capex)
                sum += row.values[d].value_or(0.0);
        CHECK(sum == Approx(*(d == 0 ? a : b).summary.capexUsd).epsilon(1e-9));
    }

    // The UFM warning: only in b, "added" against a, "removed" the other way round.
    const ComparedRow *ufm = nullptr;
    for (const ComparedRow &row : c.rows)
        if (row.section == CompareSection::Violations &&
            row.description.find("fabric-manager (UFM)") != std::string::npos)
            ufm = &row;
    REQUIRE(ufm);
    CHECK(ufm->item.rfind("warning /network/planes/0", 0) == 0);
    CHECK_FALSE(ufm->values[0].has_value());
    CHECK(ufm->values[1] == 1.0);

    CompareTableOptions options;
    options.differencesOnly = true;
    const CsvTable table = comparisonTable(c, options);
    CHECK(table.header ==
          std::vector<std::string>{"section", "item", "description", "unit", "a", "b", "b - a"});
    bool sawUfm = false, sawGpus = false;
    for (const auto &row : table.rows) {
        CHECK(row[1] != "halls"); // equal: left out
        if (row[0] == "violations" && row[2].find("(UFM)") != std::string::npos) {
            sawUfm = true;
            CHECK(row[4] == "");
            CHECK(row[5] == "yes");
            CHECK(row[6] == "added");
        }
        if (row[0] == "figures" && row[1] == "gpus") {
            sawGpus = true;
            CHECK(row[6] == "8");
        }
        // A difference is b - a to 12 significant digits of the larger value, without the
        // binary remainder of the subtraction (1117921.6 - 1101140.8 is -16780.8).
        if (row[0] == "figures" && !row[4].empty() && !row[5].empty() && row[4] != "inf") {
            INFO(row[1] << ": " << row[4] << " " << row[5] << " " << row[6]);
            const double va = std::stod(row[4]), vb = std::stod(row[5]), diff = std::stod(row[6]);
            CHECK(std::abs(diff - (vb - va)) <= 1e-11 * std::max(std::abs(va), std::abs(vb)));
            std::string digits;
            for (char ch : row[6].substr(0, row[6].find_first_of("eE")))
                if (std::isdigit(static_cast<unsigned char>(ch)))
                    digits += ch;
            digits.erase(0, digits.find_first_not_of('0'));
            CHECK(digits.size() <= 13);
        }
    }
    CHECK(sawUfm);
    CHECK(sawGpus);

    const ScenarioComparison reversed = compareScenarios({{"b", &b}, {"a", &a}});
    const CsvTable back = comparisonTable(reversed, options);
    const std::size_t diff = columnOf(back, "a - b");
    for (const auto &row : back.rows)
        if (row[0] == "violations" && row[2].find("(UFM)") != std::string::npos)
            CHECK(row[diff] == "removed");

    // Sections: only the parts.
    CompareTableOptions parts;
    parts.sections = 1u << unsigned(CompareSection::BillOfMaterials);
    for (const auto &row : comparisonTable(c, parts).rows)
        CHECK(row[0] == "bom");
}

TEST_CASE("one design alone has no difference column and names are written safely",
          "[pipeline][compare]")
{
    const Result a = evaluateMinimal(1016);
    const CsvTable alone = comparisonTable(compareScenarios({{"=cmd|' /C calc'!A0", &a}}));
    CHECK(alone.header.size() == 5);
    // A design name that would start a formula is neutralised in the CSV (csvSafeText).
    CHECK(toCsv(alone).rfind("section,item,description,unit,'=cmd", 0) == 0);

    CHECK(compareSectionFromKey("bom") == CompareSection::BillOfMaterials);
    CHECK(compareSectionFromKey("violations") == CompareSection::Violations);
    CHECK_FALSE(compareSectionFromKey("power").has_value());
    for (int s = 0; s < compareSectionCount; ++s)
        CHECK(compareSectionFromKey(compareSectionKey(CompareSection(s))) == CompareSection(s));
}

TEST_CASE("values equal to 1e-9 are the same figure: no bold row, a 0 difference",
          "[pipeline][compare]")
{
    // 0.1 + 0.2 is 0.30000000000000004 in binary: the same figure as 0.3, summed in another
    // order; 1.001 is not.
    CHECK(sameValue(0.3, 0.1 + 0.2));
    CHECK_FALSE(sameValue(0.3, 0.3003));
    CHECK(sameValue(std::nullopt, std::nullopt));
    CHECK_FALSE(sameValue(0.0, std::nullopt));
    ScenarioComparison c;
    c.names = {"a", "b"};
    ComparedRow noise;
    noise.item = "pue";
    noise.values = {0.3, 0.1 + 0.2};
    ComparedRow real = noise;
    real.item = "mfu";
    real.values = {0.3, 0.3003};
    c.rows = {noise, real};
    CHECK_FALSE(c.rows[0].differs());
    CHECK(c.rows[1].differs());
    const CsvTable all = comparisonTable(c);
    REQUIRE(all.rows.size() == 2);
    CHECK(all.rows[0].back() == "0");
    CHECK(std::stod(all.rows[1].back()) == 0.0003); // not 0.00029999999999996696
    CompareTableOptions differencesOnly;
    differencesOnly.differencesOnly = true;
    const CsvTable kept = comparisonTable(c, differencesOnly);
    REQUIRE(kept.rows.size() == 1);
    CHECK(kept.rows[0][1] == "mfu");
}

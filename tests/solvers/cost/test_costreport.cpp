// SPDX-License-Identifier: Apache-2.0
// JSON and text reports and the priced BOM behind `aidc bom FILE --csv` (issue 5).

#include "costfixtures.h"
#include "solvers/common/reportformat.h"
#include "solvers/cost/costreport.h"
#include "solvers/cost/pricebook.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace aidc;
using namespace aidc::test;

namespace {

std::size_t column(const CsvTable &table, const std::string &name)
{
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        if (table.header[i] == name)
            return i;
    }
    FAIL("no column " << name);
    return 0;
}

} // namespace

TEST_CASE("The priced BOM adds unit price, extended price and price source", "[cost][report]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    Quote q;
    q.vendor = "FS.com";
    q.part = "QM9700";
    q.unitPrice = 34000;
    q.date = "2024-08-01";
    book.addQuote(q);

    CostInputs in = h100kInputs();
    in.facility.push_back(bomLine("ups", "UPS-1MW", 180)); // per-MW pricing: not priced itself
    const CostResult r = solveCost(in, CostSettings{}, testPrices(), &book, options());
    REQUIRE_FALSE(r.diagnostics.hasErrors());

    const CsvTable table = pricedBomTable(in.network, r);
    REQUIRE(table.rows.size() == in.network.size());
    const std::size_t part = column(table, "part"), unitPrice = column(table, "unitPriceUsd"),
                      extended = column(table, "extendedPriceUsd"),
                      origin = column(table, "priceOrigin"), source = column(table, "priceSource"),
                      date = column(table, "priceDate");
    bool sawSwitch = false, sawFibre = false;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const auto &row = table.rows[i];
        if (row[part] == "QM9700") {
            sawSwitch = true;
            CHECK(std::stod(row[unitPrice]) == 34000);
            CHECK(std::stod(row[extended]) == Approx(7813 * 34000.0));
            CHECK(row[origin] == "price-book");
            CHECK(row[source].find("FS.com") != std::string::npos);
            CHECK(row[date] == "2024-08-01");
        }
        if (row[part] == "MPO-OM4" && in.network[i].lengthM == 50) {
            sawFibre = true;
            CHECK(std::stod(row[unitPrice]) == Approx(100)); // $2/m x 50 m
            CHECK(std::stod(row[extended]) == Approx(100000 * 100.0));
            CHECK(row[origin] == "catalog");
        }
    }
    CHECK(sawSwitch);
    CHECK(sawFibre);

    // The CSV parses back (RFC 4180) with the same shape.
    Diagnostics d;
    const CsvTable back = parseCsv(toCsv(table), "bom.csv", d);
    CHECK_FALSE(d.hasErrors());
    CHECK(back.rows.size() == table.rows.size());

    const CsvTable facility = pricedBomTable(in.facility, r);
    REQUIRE(facility.rows.size() == 1);
    CHECK(facility.rows[0][column(facility, "priceOrigin")] == "not-priced");
}

TEST_CASE("The JSON report has stable keys with units", "[cost][report]")
{
    CostInputs in = h100kInputs();
    in.performance.peakFlops = 100000 * 989e12;
    in.performance.mfu = 0.4;
    const CostResult r = solveCost(in, CostSettings{}, testPrices(), nullptr, options());
    const nlohmann::json j = toJson(r);
    CHECK(j.at("capexUsd").get<double>() == Approx(r.capexUsd));
    CHECK(j.at("networkShare").get<double>() == Approx(r.networkShare));
    CHECK(j.at("typicalNetworkShare").at(0).get<double>() == 0.10);
    REQUIRE(j.at("categories").size() == std::size_t(costCategoryCount));
    CHECK(j.at("categories").at(0).at("category") == "compute");
    CHECK(j.at("categories").at(0).at("capexUsd").get<double>() == Approx(3.75e9));
    CHECK(j.at("lines").size() == r.lines.size());
    CHECK(j.at("lines").at(0).at("priceOrigin") == "catalog");
    CHECK(j.at("opex").at("annualOpexUsd").get<double>() == Approx(r.annualOpexUsd));
    CHECK(j.at("tco").at("tcoUsd").get<double>() == Approx(r.tcoUsd));
    CHECK(j.at("costPerGpuHourUsd").get<double>() == Approx(r.costPerGpuHourUsd));
    CHECK(j.at("costPerEffectiveExaflopHourUsd").is_number());
    CHECK(j.at("goodputAssumed") == true);
    CHECK(j.at("costPerTrainingRunUsd").is_null());
    CHECK(j.at("priceOrigins").at("catalog").get<int>() == r.catalogLines);
}

TEST_CASE("The text report shows the breakdown, the origins and the flags", "[cost][report]")
{
    std::vector<Price> prices = testPrices();
    for (Price &p : prices) {
        if (p.part == "QM9700")
            p.unitUsd *= 10;
    }
    std::erase_if(prices, [](const Price &p) { return p.part == "DAC-400G"; });
    const CostResult r =
        solveCost(h100kInputs(Fabric::IbMiddleOfRow), CostSettings{}, prices, nullptr, options());
    std::ostringstream out;
    writeText(out, r);
    const std::string text = out.str();
    INFO(text);
    CHECK(text.find("Capex $") != std::string::npos);
    CHECK(text.find("Accelerators and servers") != std::string::npos);
    CHECK(text.find("FAR FROM TYPICAL") != std::string::npos);
    CHECK(text.find("MISSING") != std::string::npos);
    CHECK(text.find("no price for 'DAC-400G'") != std::string::npos);
    CHECK(text.find("catalog prices only") != std::string::npos);
    CHECK(text.find("Cost per GPU-hour") != std::string::npos);
}

TEST_CASE("Money is formatted for people", "[cost][report]")
{
    CHECK(formatUsd(4.52e9) == "$4.52 B");
    CHECK(formatUsd(312.54e6) == "$312.5 M");
    CHECK(formatUsd(36000) == "$36,000");
    CHECK(formatUsd(2.43) == "$2.43");
}

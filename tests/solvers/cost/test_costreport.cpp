// SPDX-License-Identifier: Apache-2.0
// JSON and text reports of the cost solver (issue 5).

#include "costfixtures.h"
#include "solvers/common/reportformat.h"
#include "solvers/cost/costreport.h"
#include "solvers/cost/pricebook.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace aidc;
using namespace aidc::test;

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

TEST_CASE("plain numbers are spelled one way, as printf's %g, whatever the locale", "[report]")
{
    // formatSignificant replaced five local "%g" helpers (issue 14); the expected strings are
    // printf's %g and %.3g in the C locale.
    CHECK(formatSignificant(0.5) == "0.5");
    CHECK(formatSignificant(400) == "400");
    CHECK(formatSignificant(1234567) == "1.23457e+06");
    CHECK(formatSignificant(6.4, 3) == "6.4");
    CHECK(formatSignificant(1.2857, 3) == "1.29");
    CHECK(formatSignificant(0.0001) == "0.0001");
    CHECK(formatSignificant(0.00001) == "1e-05");
    CHECK(formatFixed(3.14159, 2) == "3.14");
    CHECK(formatFixed(-0.001, 2) == "-0.00");
    CHECK(formatFixed(1e20, 1) == "100000000000000000000.0");
}

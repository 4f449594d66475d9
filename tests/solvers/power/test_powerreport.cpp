// SPDX-License-Identifier: Apache-2.0
// JSON and text reports, and the facility BOM lines.

#include "powerfixtures.h"
#include "solvers/power/power.h"
#include "solvers/power/powerreport.h"

#include <catch2/catch.hpp>

#include <cmath>

#include <sstream>

using namespace aidc;
using namespace aidc::test;

TEST_CASE("toJson carries the result under stable keys", "[power][report]")
{
    const PowerResult result =
        solvePower(dgxProject(640), powerCatalog(), dgxLayout(2, 10), {}, {});
    const nlohmann::json j = toJson(result);
    CHECK(j.at("itPowerPeakW").get<double>() == result.itPeakW);
    CHECK(j.at("pueAnnual").get<double>() == result.pueAnnual);
    CHECK(j.at("annualEnergyMWh").get<double>() == result.annualEnergyMWh);
    CHECK(j.at("cooling").at("coolantFlowLPerMin").get<double>() ==
          result.cooling.coolantFlowLPerMin);
    CHECK(j.at("distributionComparison").size() == 3);
    CHECK(j.at("distributionComparison")[1].at("distribution") == "48V");
    CHECK(j.at("racks").size() == 20);
    CHECK(j.at("halls")[0].at("id") == "H1");
    CHECK(j.at("chain")[0].at("stage") == "switchgear");
    CHECK(j.at("chain")[1].at("stage") == "transformer");
    CHECK_FALSE(toJson(result, false).contains("racks"));
}

TEST_CASE("writeText shows the headline, the chain and the 12/48/800 V comparison",
          "[power][report]")
{
    Catalog catalog = powerCatalog();
    catalog.rackTypes[0].maxPowerKW = 35;
    const PowerResult result = solvePower(dgxProject(640), catalog, dgxLayout(2, 10), {}, {});
    std::ostringstream out;
    writeText(out, result);
    const std::string text = out.str();
    for (const char *part : {"IT peak / average", "PUE annual / peak", "annual energy",
                             "Power chain", "Installed vs critical", "vs 12 V", "800VDC",
                             "economizer hours", "Violations", "power rating"}) {
        INFO(part);
        CHECK(text.find(part) != std::string::npos);
    }
}

TEST_CASE("facility BOM lines carry quantities and units", "[power][bom]")
{
    // 20 racks x 40.8 kW = 816 kW IT. UPS N+1 of 4 modules: installed = 5/4 x what it carries
    // (IT / PDU 99%). Busway: 2 rows x 10 racks x 0.6 m = 12 m, x 2 feeds (2N) = 24 m.
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    PowerResult result = solvePower(project, powerCatalog(), layout, {}, {});
    const BomLine *ups = nullptr, *busway = nullptr, *transformer = nullptr;
    for (const BomLine &line : result.bom) {
        if (line.category == "ups")
            ups = &line;
        if (line.category == "busway")
            busway = &line;
        if (line.category == "transformer")
            transformer = &line;
    }
    REQUIRE(ups);
    CHECK(ups->unit == "MW");
    // installed MW, written in whole kilowatts: 1.0303 MW -> 1.030
    CHECK(ups->quantity == Approx(0.816 / 0.99 * 1.25).margin(0.0005));
    CHECK(ups->quantity * 1000 == Approx(std::round(ups->quantity * 1000)));
    REQUIRE(busway);
    CHECK(busway->unit == "m");
    CHECK(busway->quantity == Approx(12.0));
    REQUIRE(transformer);
    CHECK(transformer->quantity == 2); // one 2,850 kW unit carries it, N+1
    CHECK(transformer->part == "default-transformer");

    project.power.ups.redundancy = Redundancy::TwoN;
    result = solvePower(project, powerCatalog(), layout, {}, {});
    for (const BomLine &line : result.bom) {
        if (line.category == "busway")
            CHECK(line.quantity == Approx(24.0));
        if (line.category == "ups")
            CHECK(line.quantity == Approx(0.816 / 0.99 * 2).margin(0.0005)); // whole kW
    }
}

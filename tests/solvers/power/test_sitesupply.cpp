// SPDX-License-Identifier: Apache-2.0
// The site's supply over time: dispatch of the average load, fuel, O&M and CO2 of on-site
// generation, bridge totals, and whether a utility interruption stops the job.

#include "powerfixtures.h"
#include "solvers/power/power.h"
#include "solvers/power/sitesupply.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace aidc;
using namespace aidc::test;

TEST_CASE("start probability is the binomial tail of the units that must start",
          "[power][supply][availability]")
{
    // 2 of 3 at 0.99: 0.99^3 + 3 x 0.99^2 x 0.01 = 0.970299 + 0.029403 = 0.999702.
    CHECK(startProbability(2, 3, 0.99) == Approx(0.999702).epsilon(1e-6));
    // All 40 of 40 (N, no spare): 0.99^40 = 0.668971.
    CHECK(startProbability(40, 40, 0.99) == Approx(0.668971).epsilon(1e-5));
    // N+1 lifts it to 0.99^41 + 41 x 0.99^40 x 0.01 = 0.662281 + 0.274278 = 0.936559.
    CHECK(startProbability(40, 41, 0.99) == Approx(0.936559).epsilon(1e-5));
    CHECK(startProbability(3, 2, 0.99) == 0);
    CHECK(startProbability(0, 0, 0.5) == 1);
}

TEST_CASE("prime generation serves the load first, and its fuel, O&M and CO2 are billed",
          "[power][supply]")
{
    Project project = dgxProject(320);
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    project.site.climate = flatClimate(15, 10);
    const PowerResult gridOnly = solvePower(project, catalog, layout, {}, {});
    const double averageW = gridOnly.facilityAverageW;
    REQUIRE(averageW > 0);
    CHECK_FALSE(gridOnly.siteEnergy.fromSupplyTable);

    // A prime block of 2 units x (0.3 x average) at 0.95 availability gives 0.57 of the
    // average; the grid the other 0.43.
    project.site.startDate = "2027-01-01";
    project.site.utilitySteps = {{"2027-01-01", 10 * gridOnly.facilityPeakW / 1e6}};
    OnsiteGeneration prime;
    prime.type = "recip-engine";
    prime.role = GenerationRole::Prime;
    prime.ratingMW = 0.3 * averageW / 1e6;
    prime.units = 2;
    prime.heatRateMJPerKWh = 8.8;
    prime.fuelUsdPerGJ = 4;
    prime.co2KgPerGJ = 50.3;
    prime.fixedOmUsdPerKWYear = 30;
    prime.variableOmUsdPerMWh = 6;
    project.site.generation = {prime};
    project.site.renewableFraction = 0.5;
    const PowerResult r = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    REQUIRE(r.siteEnergy.fromSupplyTable);
    const SupplyPoint &point = r.supply.back();
    CHECK(point.primeAverageW == Approx(0.57 * averageW));
    CHECK(point.gridAverageW == Approx(0.43 * averageW));
    const double onsiteMWh = 0.57 * averageW / 1e6 * 8760;
    const double gridMWh = 0.43 * averageW / 1e6 * 8760;
    CHECK(r.siteEnergy.onsiteMWh == Approx(onsiteMWh));
    CHECK(r.siteEnergy.gridMWh == Approx(gridMWh));
    // Fuel: MWh x 8.8 GJ/MWh; $4/GJ; CO2 50.3 kg/GJ; O&M $6/MWh + $30/kW-yr on 0.6 x average.
    CHECK(r.siteEnergy.fuelGJ == Approx(onsiteMWh * 8.8));
    CHECK(r.siteEnergy.fuelUsd == Approx(onsiteMWh * 8.8 * 4));
    CHECK(r.siteEnergy.co2Tonnes == Approx(onsiteMWh * 8.8 * 50.3 / 1e3));
    CHECK(r.siteEnergy.omUsd == Approx(onsiteMWh * 6 + 0.6 * averageW / 1e3 * 30));
    // The grid part is billed at the tariff; the year's cost and CO2 add the generation's.
    CHECK(r.energyCostUsd == Approx(gridMWh * 1e3 * project.site.electricityUsdPerKWh));
    CHECK(r.annualElectricityCostUsd ==
          Approx(r.energyCostUsd + r.demandChargeUsd + r.siteEnergy.fuelUsd + r.siteEnergy.omUsd));
    CHECK(r.co2Tonnes ==
          Approx(gridMWh * 0.5 * project.site.gridCo2KgPerKWh + r.siteEnergy.co2Tonnes));
    // REF counts the renewable share of the grid energy only.
    CHECK(r.ref == Approx(0.5 * gridMWh / r.annualEnergyMWh));
}

TEST_CASE("bridge power is totalled over its dated period", "[power][supply]")
{
    // A bridge block carries the whole average load (availability 1) for the 365 days of 2027
    // until the grid comes on 2028-01-01.
    Project project = dgxProject(320);
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    project.site.climate = flatClimate(15, 10);
    const PowerResult base = solvePower(project, catalog, layout, {}, {});
    project.site.startDate = "2027-01-01";
    project.site.utilitySteps = {{"2028-01-01", 10 * base.facilityPeakW / 1e6}};
    OnsiteGeneration bridge;
    bridge.ratingMW = 2 * base.facilityPeakW / 1e6;
    bridge.availability = 1;
    bridge.until = "2028-01-01";
    bridge.fixedOmUsdPerKWYear = 0;
    project.site.generation = {bridge};
    const PowerResult r = solvePower(project, catalog, layout, {}, {});
    REQUIRE(r.supply.size() == 2);
    const double mwh = base.facilityAverageW / 1e6 * 365 * 24;
    CHECK(r.siteEnergy.bridgeMWh == Approx(mwh));
    CHECK(r.siteEnergy.bridgeFuelUsd == Approx(mwh * bridge.heatRateMJPerKWh * 3.5));
    CHECK(r.siteEnergy.bridgeCo2Tonnes == Approx(mwh * bridge.heatRateMJPerKWh * 50.3 / 1e3));
    // From 2028 the grid serves it all: no fuel in the steady year.
    CHECK(r.siteEnergy.onsiteMWh == 0);
    CHECK(r.siteEnergy.generationInstalledMW == Approx(bridge.ratingMW));
}

TEST_CASE("a utility interruption stops the job unless UPS and generators carry it",
          "[power][supply][availability]")
{
    Project project = dgxProject(320);
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    project.site.utilityInterruptionsPerYear = 2;
    project.site.utilityOutageHours = 3;

    // UPS and N+1 generators sized at peak x 1.25: the margin is not load, so carrying the
    // peak takes ceil(peak / usable unit) of the installed units.
    const PowerResult backed = solvePower(project, catalog, layout, {}, {});
    REQUIRE(backed.generators);
    const int n = int(std::ceil(backed.facilityPeakW / backed.generators->unitUsableW - 1e-9));
    const int m = backed.generators->unitsInstalled;
    CHECK(m == backed.generators->unitsNeeded + 1);
    CHECK(backed.electrical.backupUnitsNeeded == n);
    const double p = startProbability(n, m, 0.99);
    CHECK(backed.electrical.rideThroughProbability == Approx(p));
    CHECK(backed.electrical.jobInterruptionsPerYear == Approx(2 * (1 - p)));
    CHECK(backed.electrical.outageHoursPerYear == Approx(6 * (1 - p)));

    // No UPS on the IT: every interruption drops the load.
    project.power.ups.type = UpsType::None;
    const PowerResult bare = solvePower(project, catalog, layout, {}, {});
    CHECK(bare.electrical.rideThroughProbability == 0);
    CHECK(bare.electrical.jobInterruptionsPerYear == 2);

    // A UPS but no generators: it carries minutes, not a 3-hour outage.
    project.power.ups.type = UpsType::DoubleConversion;
    project.power.generators = false;
    CHECK(solvePower(project, catalog, layout, {}, {}).electrical.jobInterruptionsPerYear == 2);

    // Prime generation that carries the peak islands the site when enough of its units are
    // up: one unit of twice the peak at 0.95 availability rides 95 % of interruptions; two of
    // them (either carries it) 1 - 0.05^2 = 99.75 %.
    project.site.startDate = "2027-01-01";
    OnsiteGeneration prime;
    prime.role = GenerationRole::Prime;
    prime.ratingMW = 2 * backed.facilityPeakW / 1e6;
    project.site.generation = {prime};
    const PowerResult islanded = solvePower(project, catalog, layout, {}, {});
    CHECK(islanded.electrical.rideThroughProbability == Approx(0.95));
    CHECK(islanded.electrical.jobInterruptionsPerYear == Approx(2 * 0.05));
    project.site.generation[0].units = 2;
    CHECK(solvePower(project, catalog, layout, {}, {}).electrical.rideThroughProbability ==
          Approx(0.9975));

    // Backup blocks listed as well as the /power/generators fleet: flagged, both priced.
    project.power.generators = true;
    OnsiteGeneration backupBlock;
    backupBlock.role = GenerationRole::Backup;
    backupBlock.ratingMW = 2;
    project.site.generation = {backupBlock};
    bool twice = false;
    const PowerResult both = solvePower(project, catalog, layout, {}, {});
    for (const Diagnostic &d : both.diagnostics.items())
        twice = twice || (d.jsonPath == "/site/generation" &&
                          d.message.find("stated twice") != std::string::npos);
    CHECK(twice);
}

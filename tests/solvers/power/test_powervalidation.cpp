// Bad input: a clear error naming the field; the solver evaluates nothing.

#include "powerfixtures.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>

#include <tuple>

using namespace aidc;
using namespace aidc::test;

namespace {

bool hasErrorAt(const Diagnostics &diagnostics, const std::string &path,
                const std::string &file = "")
{
    for (const Diagnostic &d : diagnostics.items()) {
        if (d.severity == Severity::Error && d.jsonPath == path && d.file == file)
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("default inputs and options are valid", "[power][validation]")
{
    CHECK(PowerOptions{}.validate().empty());
    CHECK_FALSE(validatePowerInputs(dgxProject(32), powerCatalog(), {}, {}).hasErrors());
}

TEST_CASE("efficiencies outside (0, 1] name the catalog stage", "[power][validation]")
{
    Catalog catalog = powerCatalog();
    PowerStage ups;
    ups.id = "ups-bad";
    ups.stage = "ups";
    ups.variant = "double-conversion";
    ups.efficiency.points = {{0.25, 0.95}, {0.5, 1.2}};
    catalog.powerStages.push_back(ups);
    PowerStage zero = ups;
    zero.id = "ups-zero";
    zero.efficiency.points = {{0.5, 0.0}};
    catalog.powerStages.push_back(zero);
    const Diagnostics d = validatePowerInputs(dgxProject(32), catalog, {}, {});
    CHECK(hasErrorAt(d, "/powerStages/0/efficiency/1/1", "catalog"));
    CHECK(hasErrorAt(d, "/powerStages/1/efficiency/0/1", "catalog"));
    CHECK(d.toString().find("ups-bad") != std::string::npos);

    const PowerResult result = solvePower(dgxProject(32), catalog, dgxLayout(1, 1), {}, {});
    CHECK(result.diagnostics.hasErrors());
    CHECK(result.racks.empty());
    CHECK(result.itPeakW == 0);
}

TEST_CASE("a liquid fraction outside [0, 1] is an error", "[power][validation]")
{
    for (double fraction : {-0.1, 1.5}) {
        Project project = dgxProject(32);
        project.cooling.liquidFraction = fraction;
        const Diagnostics d = validatePowerInputs(project, powerCatalog(), {}, {});
        CHECK(hasErrorAt(d, "/cooling/liquidFraction"));
        CHECK(d.toString().find("[0, 1]") != std::string::npos);
    }
    Project edge = dgxProject(32);
    edge.cooling.liquidFraction = 1.0;
    CHECK_FALSE(validatePowerInputs(edge, powerCatalog(), {}, {}).hasErrors());
}

TEST_CASE("negative capacities are errors", "[power][validation]")
{
    Project project = dgxProject(32);
    project.halls[0].powerCapacityMW = -1;
    project.halls[0].coolingCapacityMW = -2;
    project.site.utilityFeedMW = -5;
    Catalog catalog = powerCatalog();
    CoolingUnit cdu;
    cdu.id = "cdu-neg";
    cdu.kind = "cdu";
    cdu.capacityKW = -100;
    catalog.coolingUnits.push_back(cdu);
    Generator generator;
    generator.id = "gen";
    generator.ratingMW = -2.5;
    catalog.generators.push_back(generator);
    NetworkLoad network;
    network.switchPowerW = -1;
    const Diagnostics d = validatePowerInputs(project, catalog, network, {});
    CHECK(hasErrorAt(d, "/halls/0/powerCapacityMW"));
    CHECK(hasErrorAt(d, "/halls/0/coolingCapacityMW"));
    CHECK(hasErrorAt(d, "/site/utilityFeedMW"));
    CHECK(hasErrorAt(d, "/coolingUnits/0/capacityKW", "catalog"));
    CHECK(hasErrorAt(d, "/generators/0/ratingMW", "catalog"));
    CHECK(hasErrorAt(d, "/networkLoad/switchPowerW"));
}

TEST_CASE("the climate table is 12 months of physical values", "[power][validation]")
{
    // The table's length is fixed by the type; the project loader rejects a JSON table that is
    // not 12 months long. The solver checks the values.
    STATIC_REQUIRE(std::tuple_size_v<decltype(Climate::dryBulbC)> == 12);
    STATIC_REQUIRE(std::tuple_size_v<decltype(Climate::wetBulbC)> == 12);
    Project project = dgxProject(32);
    project.site.climate = flatClimate(20, 15);
    project.site.climate.wetBulbC[6] = 25; // above the month's 20 degC dry bulb
    project.site.climate.dryBulbC[2] = 400;
    const Diagnostics d = validatePowerInputs(project, powerCatalog(), {}, {});
    CHECK(hasErrorAt(d, "/site/climate/wetBulbC/6"));
    CHECK(hasErrorAt(d, "/site/climate/dryBulbC/2"));
}

TEST_CASE("power design and option fields out of range", "[power][validation]")
{
    Project project = dgxProject(32);
    project.power.gpuLoadFactor = 0;
    project.power.averageLoadFactor = 1.5;
    project.power.otherItFraction = -0.1;
    project.power.pueOverride = 0.9;
    project.power.ups.redundancy = Redundancy::Distributed;
    project.power.ups.distributedX = 3;
    project.power.ups.distributedY = 3;
    project.cooling.designDeltaTK = 0;
    PowerOptions options;
    options.powerFactor = 1.5;
    options.economizerBandK = -1;
    const Diagnostics d = validatePowerInputs(project, powerCatalog(), {}, options);
    for (const char *path :
         {"/power/gpuLoadFactor", "/power/averageLoadFactor", "/power/otherItFraction",
          "/power/pueOverride", "/power/ups/distributedX", "/cooling/designDeltaTK",
          "/powerOptions/powerFactor", "/powerOptions/economizerBandK"}) {
        INFO(path);
        CHECK(hasErrorAt(d, path));
    }
}

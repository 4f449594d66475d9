// SPDX-License-Identifier: Apache-2.0
// Bad input: a clear error naming the field; the solver evaluates nothing.

#include "model/projectjson.h"
#include "powerfixtures.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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

bool hasErrorMentioning(const Diagnostics &diagnostics, const std::string &file,
                        const std::string &text)
{
    for (const Diagnostic &d : diagnostics.items()) {
        if (d.severity == Severity::Error && d.file == file && d.jsonPath.empty() &&
            d.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

// Every project pointer must name a value of the project file as saved (docs/project-format.md):
// the bad values the tests set differ from the defaults, so the saved JSON holds them.
void checkPointersResolve(const Diagnostics &diagnostics, const Project &project)
{
    const nlohmann::json saved = nlohmann::json::parse(projectToJson(project));
    for (const Diagnostic &d : diagnostics.items()) {
        if (d.file.empty() && !d.jsonPath.empty()) {
            INFO(d.toString());
            CHECK(saved.contains(nlohmann::json::json_pointer(d.jsonPath)));
        }
    }
}

} // namespace

TEST_CASE("default inputs and options are valid", "[power][validation]")
{
    CHECK(PowerOptions{}.validate().empty());
    CHECK_FALSE(validatePowerInputs(powerCatalog(), {}, {}).hasErrors());
}

TEST_CASE("efficiencies not above 0 or above 1 name the catalog stage", "[power][validation]")
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
    const Diagnostics d = validatePowerInputs(catalog, {}, {});
    // The solver does not know the catalog file of a part: the message names the part.
    CHECK(hasErrorMentioning(d, "catalog", "power stage 'ups-bad' efficiency point 1"));
    CHECK(hasErrorMentioning(d, "catalog", "power stage 'ups-zero' efficiency point 0"));

    const PowerResult result = solvePower(dgxProject(32), catalog, dgxLayout(1, 1), {}, {});
    CHECK(result.diagnostics.hasErrors());
    CHECK(result.racks.empty());
    CHECK(result.itPeakW == 0);
}

TEST_CASE("a liquid fraction below 0 or above 1 is an error", "[power][validation]")
{
    for (double fraction : {-0.1, 1.5}) {
        Project project = dgxProject(32);
        project.cooling.liquidFraction = fraction;
        // A project field: checked once by the loader's rules (checkProjectFields), not again
        // by the solver.
        const Diagnostics d = checkProjectFields(project);
        CHECK(hasErrorAt(d, "/cooling/liquidFraction"));
        CHECK(d.toString().find("at most 1") != std::string::npos);
        checkPointersResolve(d, project);
    }
    Project edge = dgxProject(32);
    edge.cooling.liquidFraction = 1.0;
    CHECK_FALSE(checkProjectFields(edge).hasErrors());
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
    const Diagnostics fields = checkProjectFields(project);
    CHECK(hasErrorAt(fields, "/halls/0/powerCapacityMW"));
    CHECK(hasErrorAt(fields, "/halls/0/coolingCapacityMW"));
    CHECK(hasErrorAt(fields, "/site/utilityFeedMW"));
    checkPointersResolve(fields, project);
    const Diagnostics d = validatePowerInputs(catalog, network, {});
    CHECK(hasErrorMentioning(d, "catalog", "capacityKW of cooling unit 'cdu-neg'"));
    CHECK(hasErrorMentioning(d, "catalog", "ratingMW of generator 'gen'"));
    CHECK(hasErrorMentioning(d, "", "switchPowerW")); // from the fabric, not the project
    checkPointersResolve(d, project);
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
    const Diagnostics d = checkProjectFields(project);
    // Project keys: site.climate.monthlyDryBulbC / monthlyWetBulbC (docs/project-format.md).
    CHECK(hasErrorAt(d, "/site/climate/monthlyWetBulbC/6"));
    CHECK(hasErrorAt(d, "/site/climate/monthlyDryBulbC/2"));
    checkPointersResolve(d, project);
}

TEST_CASE("power design and option fields out of range", "[power][validation]")
{
    Project project = dgxProject(32);
    project.power.gpuLoadFactor = 0;
    project.power.averageLoadFactor = 1.5;
    project.power.otherItFraction = -0.1;
    project.power.pueOverride = 0.9;
    project.power.ups.redundancy = Redundancy::Distributed;
    project.power.ups.distributedX = 2; // both off their defaults (4 and 3), so saved
    project.power.ups.distributedY = 5;
    project.cooling.designDeltaTK = 0;
    PowerOptions options;
    options.powerFactor = 1.5;
    options.economizerBandK = -1;
    const Diagnostics fields = checkProjectFields(project);
    for (const char *path :
         {"/power/gpuLoadFactor", "/power/averageLoadFactor", "/power/otherItFraction",
          "/power/pue", "/power/ups/distributedY", "/cooling/designDeltaTK"}) {
        INFO(path);
        CHECK(hasErrorAt(fields, path));
    }
    checkPointersResolve(fields, project);
    const Diagnostics d = validatePowerInputs(powerCatalog(), {}, options);
    // Options are not in the project file: no pointer, the message names the option.
    CHECK(hasErrorMentioning(d, "", "power option powerFactor"));
    CHECK(hasErrorMentioning(d, "", "power option economizerBandK"));
}

TEST_CASE("the power supply by date names each date the facility peak is short", "[power][supply]")
{
    // Facility peak P of the 32-GPU site; the grid gives 0.5 P from 2027-01-01 and 2 P from
    // 2028-01-01; a bridge turbine block of 0.3 P runs until 2028-01-01, a backup block never
    // counts. Dates: start 2027-01-01 (0.5 + 0.3 = 0.8 P: short 0.2 P), 2028-01-01 (2 P: ok).
    Project project = dgxProject(32);
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 2);
    const double peakW = solvePower(project, catalog, layout, {}, {}).facilityPeakW;
    REQUIRE(peakW > 0);
    const double peakMW = peakW / 1e6;
    project.site.startDate = "2027-01-01";
    project.site.utilitySteps = {{"2027-01-01", 0.5 * peakMW}, {"2028-01-01", 2 * peakMW}};
    OnsiteGeneration bridge;
    bridge.type = "gas-turbine";
    bridge.ratingMW = 0.1 * peakMW;
    bridge.units = 3;
    bridge.until = "2028-01-01";
    OnsiteGeneration backup;
    backup.ratingMW = 10 * peakMW;
    backup.role = GenerationRole::Backup;
    project.site.generation = {bridge, backup};
    const PowerResult r = solvePower(project, catalog, layout, {}, {});
    REQUIRE(r.supply.size() == 2);
    CHECK(r.supply[0].date == "2027-01-01");
    CHECK(r.supply[0].utilityW == Approx(0.5 * peakW));
    CHECK(r.supply[0].onsiteW == Approx(0.3 * peakW));
    CHECK(r.supply[0].shortfallW == Approx(0.2 * peakW));
    CHECK(r.supply[1].date == "2028-01-01");
    CHECK(r.supply[1].onsiteW == 0); // the bridge stops as the grid step comes
    CHECK(r.supply[1].shortfallW == 0);
    auto shortfalls = [](const PowerResult &result) {
        std::vector<Diagnostic> found;
        for (const Diagnostic &d : result.diagnostics.items()) {
            if (d.message.find("short by") != std::string::npos)
                found.push_back(d);
        }
        return found;
    };
    const std::vector<Diagnostic> first = shortfalls(r);
    REQUIRE(first.size() == 1);
    CHECK(first[0].jsonPath == "/site/utilitySteps/0"); // the step of that date
    CHECK(first[0].message.find("from 2027-01-01") != std::string::npos);

    // The bridge stops half a year before the grid step: the gap opens at its `until`.
    project.site.generation[0].until = "2027-07-01";
    const PowerResult gap = solvePower(project, catalog, layout, {}, {});
    const std::vector<Diagnostic> second = shortfalls(gap);
    REQUIRE(second.size() == 2);
    CHECK(second[1].jsonPath == "/site/generation/0/until");
    CHECK(second[1].message.find("from 2027-07-01") != std::string::npos);
}

// SPDX-License-Identifier: Apache-2.0
// Project file: validation (every bad input with its exact JSON pointer), defaults, saving and
// load -> save -> load round trips.

#include "fullproject.h"
#include "testutil.h"

#include "model/enumnames.h"
#include "model/projectjson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

using namespace aidc;
using Json = nlohmann::json;

namespace {

// A valid project that has something at every place the bad-input cases poke at.
Json baseDocument()
{
    return Json::parse(R"({
      "schema": "aidc-project", "version": 1, "name": "base",
      "site": { "climate": {
          "monthlyDryBulbC": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
          "monthlyWetBulbC": [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } },
      "halls": [
        { "id": "H1", "widthM": 40, "lengthM": 30, "rows": [
            { "id": "R1", "xM": 1, "yM": 2, "racks": [
                { "id": "R1-01", "pool": "train", "servers": 4 },
                { "id": "R1-02", "role": "network" } ] },
            { "id": "R2", "xM": 1, "yM": 6, "racks": [
                { "id": "R2-01", "pool": "train", "servers": 4 } ] } ] },
        { "id": "H2", "widthM": 20, "lengthM": 20 } ],
      "power": { "averageLoadFactor": 0.7, "ups": { "modules": 5 } },
      "cooling": { "type": "direct-liquid", "liquidFraction": 0.8 },
      "compute": { "pools": [
          { "name": "train", "gpu": "H100-SXM", "gpuCount": 1024, "hall": "H1" },
          { "name": "infer", "gpu": "H100-SXM", "gpuCount": 64 } ] },
      "network": { "planes": [
          { "name": "be", "role": "backend", "tiers": 3, "oversubscription": [1, 1],
            "pools": ["train", "infer"] },
          { "name": "fe", "role": "frontend", "technology": "ethernet" } ] },
      "workload": {
        "model": { "layers": 32, "hidden": 4096, "ffnHidden": 14336, "heads": 32,
                   "kvHeads": 8, "vocab": 128256, "seqLen": 8192 },
        "trainingTokens": 1e12, "globalBatchSequences": 512, "pool": "train",
        "parallelism": { "tp": 8 }, "checkpoint": { "interval": 30 } },
      "reliability": { "failuresPerYear": { "gpu": 0.05 } },
      "cost": { "horizonYears": 5 }
    })");
}

std::vector<Diagnostic> problems(const std::string &text, const std::string &file = "t.json")
{
    try {
        parseProjectJson(text, file);
    } catch (const LoadError &e) {
        return e.diagnostics().items();
    }
    return {};
}

std::string listProblems(const std::vector<Diagnostic> &items)
{
    std::string text;
    for (const Diagnostic &d : items)
        text += d.toString() + '\n';
    return text;
}

bool hasProblem(const std::vector<Diagnostic> &items, const std::string &pointer,
                const std::string &fragment)
{
    return std::any_of(items.begin(), items.end(), [&](const Diagnostic &d) {
        return d.severity == Severity::Error && d.jsonPath == pointer &&
               d.message.find(fragment) != std::string::npos && d.file == "t.json";
    });
}

struct BadCase
{
    const char *set;      // pointer of the value to replace
    const char *value;    // JSON text of the new value
    const char *expected; // pointer the error must name
    const char *fragment; // part of the message
};

} // namespace

TEST_CASE("the base document used by the bad-input cases is valid", "[projectjson]")
{
    const auto items = problems(baseDocument().dump());
    INFO(listProblems(items));
    CHECK(items.empty());
}

TEST_CASE("every bad value is reported at its exact JSON pointer", "[projectjson]")
{
    const BadCase cases[] = {
        // wrong types
        {"/name", "5", "/name", "expected a string, found a number"},
        {"/site/electricityUsdPerKWh", "\"cheap\"", "/site/electricityUsdPerKWh",
         "expected a number"},
        {"/power/generators", "\"yes\"", "/power/generators", "expected true or false"},
        {"/compute/pools", "\"all\"", "/compute/pools", "expected an array"},
        {"/halls/0", "7", "/halls/0", "expected an object, found a number"},
        {"/catalogOverrides", "[1]", "/catalogOverrides", "expected an object"},
        {"/compute/pools/0/gpu", "\"\"", "/compute/pools/0/gpu", "must not be empty"},
        // negative or absurd counts
        {"/compute/pools/0/gpuCount", "-3", "/compute/pools/0/gpuCount", "out of range"},
        {"/compute/pools/0/gpuCount", "3000000", "/compute/pools/0/gpuCount", "out of range"},
        {"/compute/pools/0/gpuCount", "10.5", "/compute/pools/0/gpuCount", "whole number"},
        {"/compute/pools", "[]", "/compute/pools", "at least one compute pool"},
        {"/workload/model/layers", "0", "/workload/model/layers", "out of range"},
        {"/halls/0/rows/0/racks/0/servers", "-1", "/halls/0/rows/0/racks/0/servers",
         "out of range"},
        {"/power/ups/modules", "0", "/power/ups/modules", "out of range"},
        // fractions, efficiencies and factors
        {"/cooling/liquidFraction", "1.2", "/cooling/liquidFraction", "at most 1"},
        {"/power/averageLoadFactor", "-0.1", "/power/averageLoadFactor", "at least 0"},
        {"/power/otherItFraction", "2", "/power/otherItFraction", "out of range"},
        {"/power/gpuLoadFactor", "0", "/power/gpuLoadFactor", "greater than 0"},
        {"/power/pue", "0.9", "/power/pue", "at least 1"},
        {"/cooling/cduApproachK", "0", "/cooling/cduApproachK", "out of range"},
        {"/cooling/facilityPumpHeadKPa", "0", "/cooling/facilityPumpHeadKPa", "greater than 0"},
        {"/cooling/coolant", "\"brine\"", "/cooling/coolant", "unknown value 'brine'"},
        {"/cooling/liquidHeatRejection", "\"river\"", "/cooling/liquidHeatRejection",
         "unknown value 'river'"},
        {"/cooling/facilityWaterClass", "\"W50\"", "/cooling/facilityWaterClass",
         "unknown value 'W50'"},
        {"/cooling/heatReuseSupplyC", "200", "/cooling/heatReuseSupplyC", "out of range"},
        {"/cooling/designDeltaTK", "0", "/cooling/designDeltaTK", "greater than 0"},
        {"/reliability/spareConfidence", "1", "/reliability/spareConfidence", "less than 1"},
        {"/reliability/failuresPerYear/gpu", "-1", "/reliability/failuresPerYear/gpu",
         "out of range"},
        {"/cost/costOfCapital", "1.5", "/cost/costOfCapital", "out of range"},
        // climate tables
        {"/site/climate/monthlyDryBulbC", "[1,2,3,4,5,6,7,8,9,10,11]",
         "/site/climate/monthlyDryBulbC", "expected 12 monthly values (January first), found 11"},
        {"/site/climate/monthlyWetBulbC/3", "50", "/site/climate/monthlyWetBulbC/3",
         "exceeds the dry-bulb"},
        {"/site/climate/monthlyDryBulbC/2", "\"warm\"", "/site/climate/monthlyDryBulbC/2",
         "expected a number"},
        // unknown keys and enum values
        {"/site/foo", "1", "/site/foo", "unknown key 'foo'"},
        {"/compute/pools/0/gpus", "8", "/compute/pools/0/gpus", "unknown key 'gpus'"},
        {"/halls/0/rows/0/racks/0/color", "\"red\"", "/halls/0/rows/0/racks/0/color",
         "unknown key"},
        {"/cooling/type", "\"water\"", "/cooling/type",
         "expected one of: air, direct-liquid, immersion, rear-door"},
        {"/power/ups/redundancy", "\"3N\"", "/power/ups/redundancy",
         "expected one of: N, N+1, 2N, distributed"},
        {"/power/distribution", "\"400VAC\"", "/power/distribution",
         "expected one of: 12V, 48V, 800VDC"},
        {"/network/planes/0/leafPlacement", "\"tor\"", "/network/planes/0/leafPlacement",
         "unknown value 'tor'"},
        // duplicates
        {"/compute/pools/1/name", "\"train\"", "/compute/pools/1/name",
         "duplicate pool name 'train' (first used at /compute/pools/0/name)"},
        {"/halls/1/id", "\"H1\"", "/halls/1/id", "duplicate hall id 'H1'"},
        {"/halls/0/rows/1/racks/0/id", "\"R1-01\"", "/halls/0/rows/1/racks/0/id",
         "duplicate rack id 'R1-01'"},
        {"/halls/0/rows/1/id", "\"R1\"", "/halls/0/rows/1/id", "duplicate row id 'R1'"},
        {"/network/planes/1/name", "\"be\"", "/network/planes/1/name", "duplicate plane name 'be'"},
        {"/network/planes/0/pools/1", "\"train\"", "/network/planes/0/pools/1", "listed twice"},
        // references between parts
        {"/halls/0/rows/0/racks/0/pool", "\"nope\"", "/halls/0/rows/0/racks/0/pool",
         "unknown pool 'nope'"},
        {"/network/planes/0/pools/1", "\"nope\"", "/network/planes/0/pools/1",
         "unknown pool 'nope'"},
        {"/workload/pool", "\"nope\"", "/workload/pool", "unknown pool 'nope'"},
        {"/compute/pools/0/hall", "\"H9\"", "/compute/pools/0/hall", "unknown hall 'H9'"},
        {"/workload/gpus", "2000", "/workload/gpus", "pool 'train' has 1024"},
        // fabric tiers and oversubscription
        {"/network/planes/0/tiers", "7", "/network/planes/0/tiers", "out of range"},
        {"/network/planes/0/tiers", "0", "/network/planes/0/tiers", "out of range"},
        {"/network/planes/0/tiers", "\"many\"", "/network/planes/0/tiers",
         "expected 1 to 6 or \"auto\""},
        {"/network/planes/0/tiers", "true", "/network/planes/0/tiers",
         "expected 1 to 6 or \"auto\", found a boolean"},
        {"/network/planes/0/oversubscription/1", "0.5", "/network/planes/0/oversubscription/1",
         "out of range"},
        {"/network/planes/0/oversubscription", "[1, 1, 1]", "/network/planes/0/oversubscription",
         "a 3-tier fabric has 2 tier boundaries"},
        // repair crews (issue 17): at least one
        {"/reliability/repairCrews", "0", "/reliability/repairCrews", "out of range"},
        {"/reliability/repairCrews", "-2", "/reliability/repairCrews", "out of range"},
        {"/reliability/repairCrews", "1.5", "/reliability/repairCrews", "whole number"},
        // media policy (issue 15): known classes, each once, one rule per link level
        {"/network/planes/0/media", R"({"allowed": ["dac", "copper"]})",
         "/network/planes/0/media/allowed/1", "unknown value 'copper'"},
        {"/network/planes/0/media", R"({"allowed": ["dac", "aec", "dac"]})",
         "/network/planes/0/media/allowed/2", "'dac' is listed twice"},
        {"/network/planes/0/media", R"({"order": "cheapest"})", "/network/planes/0/media/order",
         "unknown value 'cheapest'"},
        {"/network/planes/0/media", R"({"opticsRequired": "yes"})",
         "/network/planes/0/media/opticsRequired", "expected true or false"},
        {"/network/planes/0/media", R"({"boundaries": [{}, {}, {}, {}]})",
         "/network/planes/0/media/boundaries", "a 3-tier fabric has 3 link levels"},
        {"/network/planes/0/media", R"({"boundaries": [{"allowed": ["multimode", 5]}]})",
         "/network/planes/0/media/boundaries/0/allowed/1", "expected a string"},
        {"/network/planes/0/media", R"({"boundaries": [{}, {"allowed": []}]})",
         "/network/planes/0/media/boundaries/1/allowed", "would allow no medium"},
        {"/network/planes/0/media", R"({"boundaries": [{"optics": true}]})",
         "/network/planes/0/media/boundaries/0/optics", "unknown key 'optics'"},
        // format header
        {"/schema", "\"aidc-catalog\"", "/schema", "not an AIDC Planner project"},
        {"/version", "\"1\"", "/version", "expected a whole number, found a string"},
        {"/version", "1.5", "/version", "expected a whole number, found 1.5"},
        {"/version", "-1", "/version", "invalid format version -1"},
        // workload
        {"/workload/parallelism", "\"fixed\"", "/workload/parallelism",
         "expected \"auto\" or an object"},
        {"/workload/parallelism/zeroStage", "4", "/workload/parallelism/zeroStage", "out of range"},
        {"/workload/parallelism/schedule", "\"gpipe\"", "/workload/parallelism/schedule",
         "unknown value 'gpipe'"},
        {"/workload/checkpoint/interval", "\"never\"", "/workload/checkpoint/interval",
         "expected \"auto\" or minutes"},
        {"/workload/checkpoint/interval", "0", "/workload/checkpoint/interval", "greater than 0"},
        {"/workload/checkpoint/tier", "\"tape\"", "/workload/checkpoint/tier",
         "unknown value 'tape'"},
        {"/workload/model/kvHeads", "5", "/workload/model/kvHeads", "must divide heads (32)"},
        {"/workload/model/moe", R"({"experts": 8, "topK": 9})", "/workload/model/moe/topK",
         "more active experts than experts (8)"},
        {"/workload/model/moe", R"({"topK": 2})", "/workload/model/moe/experts",
         "missing required field"},
        {"/workload/model/moe", R"({"experts": 8, "topK": 2, "firstDenseLayers": 32})",
         "/workload/model/moe/firstDenseLayers", "less than layers (32)"},
        {"/workload/trainingTokens", "-1", "/workload/trainingTokens", "out of range"},
        // halls
        {"/halls/0/usableAreaM2", "5000", "/halls/0/usableAreaM2", "exceeds the hall's width"},
        {"/halls/0/rows/0/xM", "45", "/halls/0/rows/0/xM", "outside the hall"},
        {"/halls/0/widthM", "0", "/halls/0/widthM", "greater than 0"},
        {"/power/ups", R"({"redundancy": "distributed", "distributedX": 3, "distributedY": 3})",
         "/power/ups/distributedY", "fewer modules"},
        // the site's utility envelope (issue 20's bad input)
        {"/site/rampLimitMWPerS", "0", "/site/rampLimitMWPerS", "greater than 0"},
        {"/site/batteryMWh", "50", "/site/batteryMWh", "needs both its energy"},
        {"/site/batteryMW", "-5", "/site/batteryMW", "greater than 0"},
        {"/site/designDryBulbC", "40", "/site/designDryBulbC", "need both the dry bulb"},
        {"/site",
         R"({"startDate": "2027-06-01", "utilitySteps": [{"date": "2027-01-01", "utilityMW": 50}]})",
         "/site/utilitySteps/0/date", "before the start date"},
        {"/site",
         R"({"startDate": "2027-01-01", "utilitySteps": [{"date": "2028-01-01", "utilityMW": 50}, {"date": "2027-06-01", "utilityMW": 90}]})",
         "/site/utilitySteps/1/date", "date order"},
        {"/site", R"({"utilitySteps": [{"date": "2028-01-01", "utilityMW": 50}]})",
         "/site/utilitySteps", "need the start date"},
        {"/site/startDate", R"("2027-13-01")", "/site/startDate", "YYYY-MM-DD"},
        {"/site/generation", R"([{"ratingMW": 0}])", "/site/generation/0/ratingMW",
         "greater than 0"},
        {"/site/generation", R"([{"ratingMW": 5}])", "/site/generation", "needs the start date"},
        {"/site/generation", R"([{"ratingMW": 5, "role": "peaker"}])", "/site/generation/0/role",
         "prime"},
        {"/site/generation", R"([{"ratingMW": 5, "from": "2028-01-01", "until": "2027-01-01"}])",
         "/site/generation/0/until", "not after it starts"},
        {"/site",
         R"({"startDate": "2027-06-01", "generation": [{"ratingMW": 5, "until": "2027-06-01"}]})",
         "/site/generation/0/until", "not after the start date"},
        {"/site",
         R"({"startDate": "2027-01-01", "generation": [{"ratingMW": 5, "availability": 0}]})",
         "/site/generation/0/availability", "greater than 0"},
        {"/site",
         R"({"startDate": "2027-01-01", "generation": [{"ratingMW": 5, "heatRateMJPerKWh": -9}]})",
         "/site/generation/0/heatRateMJPerKWh", "greater than 0"},
        {"/site/batteryRoundTripEfficiency", "1.2", "/site/batteryRoundTripEfficiency",
         "at most 1"},
        {"/site/utilityInterruptionsPerYear", "-1", "/site/utilityInterruptionsPerYear",
         "at least 0"},
        {"/power/generatorStartReliability", "0", "/power/generatorStartReliability",
         "greater than 0"},
        {"/site", R"({"designDryBulbC": 30, "designWetBulbC": 32})", "/site/designWetBulbC",
         "above the design dry bulb"},
        {"/power/gpuWaitPowerFraction", "1.5", "/power/gpuWaitPowerFraction", "at most 1"},
        {"/power/gpuPowerFloorFraction", "-0.2", "/power/gpuPowerFloorFraction", "at least 0"},
    };
    for (const BadCase &c : cases) {
        Json doc = baseDocument();
        doc[Json::json_pointer(c.set)] = Json::parse(c.value);
        const auto items = problems(doc.dump());
        INFO("set " << c.set << " = " << c.value << "\n" << listProblems(items));
        CHECK(hasProblem(items, c.expected, c.fragment));
    }
}

TEST_CASE("every missing required field is reported at its pointer", "[projectjson]")
{
    const char *required[] = {"/compute/pools/0/gpuCount",
                              "/compute/pools/0/gpu",
                              "/compute/pools",
                              "/compute",
                              "/schema",
                              "/version",
                              "/halls/0/id",
                              "/halls/0/widthM",
                              "/halls/0/lengthM",
                              "/halls/0/rows/0/id",
                              "/halls/0/rows/0/racks/0/id",
                              "/workload/model",
                              "/workload/model/hidden",
                              "/workload/trainingTokens",
                              "/workload/globalBatchSequences",
                              "/site/climate/monthlyWetBulbC"};
    for (const char *pointer : required) {
        Json doc = baseDocument();
        const Json::json_pointer p(pointer);
        doc[p.parent_pointer()].erase(p.back());
        const auto items = problems(doc.dump());
        INFO("removed " << pointer << "\n" << listProblems(items));
        CHECK(hasProblem(items, pointer, "missing required field"));
    }
}

TEST_CASE("loading collects every problem of a file, not just the first", "[projectjson]")
{
    Json doc = baseDocument();
    doc["/compute/pools/0/gpuCount"_json_pointer] = -5;
    doc["/cooling/liquidFraction"_json_pointer] = 3;
    doc["/network/planes/0/tiers"_json_pointer] = 9;
    doc["/workload/pool"_json_pointer] = "gone";
    doc["/surprise"_json_pointer] = true;
    const auto items = problems(doc.dump());
    INFO(listProblems(items));
    CHECK(items.size() == 5);
    CHECK(hasProblem(items, "/compute/pools/0/gpuCount", "out of range"));
    CHECK(hasProblem(items, "/cooling/liquidFraction", "out of range"));
    CHECK(hasProblem(items, "/network/planes/0/tiers", "out of range"));
    CHECK(hasProblem(items, "/workload/pool", "unknown pool 'gone'"));
    CHECK(hasProblem(items, "/surprise", "unknown key 'surprise'"));
    // The exception text lists them all, one per line, each with the file.
    try {
        parseProjectJson(doc.dump(), "t.json");
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        const std::string text = e.what();
        CHECK(std::count(text.begin(), text.end(), '\n') == 5);
        CHECK(text.find("t.json: /cooling/liquidFraction: ") != std::string::npos);
    }
}

TEST_CASE("pools without names take the GPU id and must then differ", "[projectjson]")
{
    Json doc = baseDocument();
    doc["/compute/pools/0"_json_pointer].erase("name");
    doc["/compute/pools/1"_json_pointer].erase("name");
    doc["/compute/pools/0"_json_pointer].erase("hall");
    doc.erase("halls");
    doc.erase("network");
    doc["/workload"_json_pointer].erase("pool");
    const auto items = problems(doc.dump());
    INFO(listProblems(items));
    REQUIRE(items.size() == 1);
    CHECK(hasProblem(items, "/compute/pools/1", "duplicate pool name 'H100-SXM'"));
}

TEST_CASE("a newer format version is refused with one clear message", "[projectjson]")
{
    Json doc = baseDocument();
    doc["version"] = kProjectFormatVersion + 1;
    doc["somethingNew"] = 1; // not reported: the file is of an unknown layout
    const auto items = problems(doc.dump());
    REQUIRE(items.size() == 1);
    CHECK(items[0].jsonPath == "/version");
    CHECK(items[0].message ==
          "written by a newer AIDC Planner (format " + std::to_string(kProjectFormatVersion + 1) +
              "); this build reads up to " + std::to_string(kProjectFormatVersion));
}

TEST_CASE("malformed JSON is reported with line and column", "[projectjson]")
{
    // Missing comma after "x": the parser stops at the end of the next token, the string
    // "compute" on line 5, columns 3..11.
    const auto a = problems("{\n  \"schema\": \"aidc-project\",\n  \"version\": 1,\n  \"name\": "
                            "\"x\"\n  \"compute\": {}\n}");
    REQUIRE(a.size() == 1);
    CHECK(a[0].file == "t.json");
    CHECK(a[0].jsonPath.empty());
    CHECK(a[0].message.rfind("malformed JSON at line 5, column 11: ", 0) == 0);
    CHECK(a[0].message.find("[json.exception") == std::string::npos);

    // The second comma of "[1, 2,,]" is the 14th character of line 2.
    const auto b = problems("{\n  \"a\": [1, 2,,]\n}");
    REQUIRE(b.size() == 1);
    CHECK(b[0].message.rfind("malformed JSON at line 2, column 14: ", 0) == 0);

    // Truncated file: one past the last character of line 2 ("  \"a\": 1" has 8).
    const auto c = problems("{\n  \"a\": 1");
    REQUIRE(c.size() == 1);
    CHECK(c[0].message.rfind("malformed JSON at line 2, column 9: ", 0) == 0);

    const auto empty = problems("");
    REQUIRE(empty.size() == 1);
    CHECK(empty[0].message.rfind("malformed JSON at line 1, column 1: ", 0) == 0);
}

TEST_CASE("duplicate keys and a non-object document are reported", "[projectjson]")
{
    const auto dup = problems(R"({"schema": "aidc-project", "version": 1,
        "compute": {"pools": [{"gpu": "A100", "gpu": "H100", "gpuCount": 8}]}})");
    REQUIRE(dup.size() == 1);
    CHECK(hasProblem(dup, "/compute/pools/0/gpu", "duplicate key 'gpu'"));

    const auto array = problems("[1, 2]");
    REQUIRE(array.size() == 1);
    CHECK(hasProblem(array, "/", "expected a project object, found an array"));
}

TEST_CASE("a missing or unreadable file is a LoadError naming the file", "[projectjson]")
{
    test::TempDir dir;
    const std::string missing = dir.file("nope.json");
    try {
        loadProjectFile(missing);
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        REQUIRE(e.diagnostics().items().size() == 1);
        CHECK(e.diagnostics().items()[0].file == missing);
        CHECK(std::string(e.what()).find("No such file or directory") != std::string::npos);
    }
    try {
        loadProjectFile(dir.path().string());
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        CHECK(std::string(e.what()).find("is a directory") != std::string::npos);
        CHECK(e.diagnostics().items()[0].file == dir.path().string());
    }
    // Problems inside a file carry the file's path.
    const std::string bad = dir.file("bad.json");
    test::writeFile(bad, R"({"schema": "aidc-project", "version": 1})");
    try {
        loadProjectFile(bad);
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        REQUIRE(e.diagnostics().items().size() == 1);
        CHECK(e.diagnostics().items()[0].file == bad);
        CHECK(e.diagnostics().items()[0].jsonPath == "/compute");
    }
}

TEST_CASE("omitted fields take the defaults of project.h", "[projectjson]")
{
    const Project p = loadProjectFile(test::sourcePath("projects/minimal.json"));
    CHECK(p.site == Site{});
    CHECK(p.halls.empty());
    CHECK(p.power == PowerDesign{});
    // The sample states one cooling field: glycol, as its dry coolers freeze in the default
    // climate's winter.
    CoolingDesign cooling;
    cooling.coolant = Coolant::PropyleneGlycol25;
    CHECK(p.cooling == cooling);
    CHECK(p.planes.empty());
    CHECK(p.storage == StorageDesign{});
    CHECK(p.reliability == ReliabilitySettings{});
    CHECK(p.cost == CostSettings{});
    CHECK(p.catalogOverridesJson.empty());
    REQUIRE(p.pools.size() == 1);
    CHECK(p.pools[0].name == "H100-SXM"); // defaults to the GPU id
    CHECK(p.pools[0].gpuCount == 1016);
    CHECK(p.pools[0].server.empty());
    CHECK_FALSE(p.pools[0].serversPerRack.has_value());
    REQUIRE(p.workload.has_value());
    CHECK(p.workload->parallelism == Parallelism{});
    CHECK(p.workload->checkpoint == CheckpointPolicy{});
    CHECK(p.workload->model.kvHeads == 8);
    CHECK_FALSE(p.workload->model.moe.has_value());
    CHECK(p.totalGpus() == 1016);
}

TEST_CASE("special forms: auto, default names, kvHeads", "[projectjson]")
{
    Json doc = baseDocument();
    doc["/network/planes/0"_json_pointer].erase("name");
    doc["/network/planes/0/tiers"_json_pointer] = "auto";
    doc["/network/planes/1"_json_pointer].erase("name");
    doc["/workload/parallelism"_json_pointer] = "auto";
    doc["/workload/checkpoint/interval"_json_pointer] = "auto";
    doc["/workload/model"_json_pointer].erase("kvHeads");
    const Project p = parseProjectJson(doc.dump(), "t.json");
    REQUIRE(p.planes.size() == 2);
    CHECK(p.planes[0].name == "backend");
    CHECK_FALSE(p.planes[0].tiers.has_value());
    CHECK(p.planes[1].name == "frontend");
    CHECK_FALSE(p.workload->parallelism.fixesAnything());
    CHECK(p.workload->checkpoint.automaticInterval);
    CHECK(p.workload->model.kvHeads == 32); // MHA when omitted

    Json fixed = baseDocument();
    const Project q = parseProjectJson(fixed.dump(), "t.json");
    CHECK(q.workload->parallelism.complete());
    CHECK(q.workload->parallelism.tp == 8);
    CHECK_FALSE(q.workload->checkpoint.automaticInterval);
    CHECK(q.workload->checkpoint.intervalMinutes == 30);
    CHECK(q.planes[0].tiers == 3);
    CHECK(q.planes[0].oversubscription == std::vector<double>{1, 1});
}

TEST_CASE("catalog overrides are kept as a compact JSON object", "[projectjson]")
{
    Json doc = baseDocument();
    doc["catalogOverrides"] = Json::parse(R"({"prices": {"H100-SXM": 25000}, "accelerators": []})");
    const Project p = parseProjectJson(doc.dump(), "t.json");
    CHECK(p.catalogOverridesJson == R"({"accelerators":[],"prices":{"H100-SXM":25000}})");
    const Project q = parseProjectJson(projectToJson(p), "t.json");
    CHECK(q.catalogOverridesJson == p.catalogOverridesJson);

    Project broken = p;
    broken.catalogOverridesJson = "[1, 2]";
    CHECK_THROWS_AS(projectToJson(broken), std::invalid_argument);
    broken.catalogOverridesJson = "{nope";
    CHECK_THROWS_AS(projectToJson(broken), std::invalid_argument);
}

TEST_CASE("a fully populated project survives save and load unchanged", "[projectjson]")
{
    const Project full = test::fullProject();
    // Guard: every section differs from its default, so a dropped field shows up below.
    CHECK_FALSE(full.site == Site{});
    CHECK_FALSE(full.site.climate == Climate{});
    CHECK_FALSE(full.power == PowerDesign{});
    CHECK_FALSE(full.power.ups == UpsDesign{});
    CHECK_FALSE(full.cooling == CoolingDesign{});
    CHECK_FALSE(full.storage == StorageDesign{});
    CHECK_FALSE(full.reliability == ReliabilitySettings{});
    CHECK_FALSE(full.cost == CostSettings{});
    CHECK_FALSE(full.workload->parallelism == Parallelism{});
    CHECK_FALSE(full.workload->checkpoint == CheckpointPolicy{});
    CHECK_FALSE(*full.workload->model.moe == MoeSpec{});

    const std::string text = projectToJson(full);
    const Project back = parseProjectJson(text, "full.json");
    CHECK(back.site == full.site);
    CHECK(back.halls == full.halls);
    CHECK(back.power == full.power);
    CHECK(back.cooling == full.cooling);
    CHECK(back.pools == full.pools);
    CHECK(back.planes == full.planes);
    CHECK(back.storage == full.storage);
    CHECK(back.workload == full.workload);
    CHECK(back.reliability == full.reliability);
    CHECK(back.cost == full.cost);
    CHECK(back.catalogOverridesJson == full.catalogOverridesJson);
    CHECK(back == full);
    // Saving is stable: the second save writes the same bytes.
    CHECK(projectToJson(back) == text);
}

TEST_CASE("saved text: documented key order, 2-space indent, UTF-8, final newline", "[projectjson]")
{
    const std::string text = projectToJson(test::fullProject());
    REQUIRE_FALSE(text.empty());
    CHECK(text.back() == '\n');
    CHECK(text.rfind("{\n  \"schema\": \"aidc-project\",\n  \"version\": " +
                         std::to_string(kProjectFormatVersion) + ",\n",
                     0) == 0);
    CHECK(text.find("Unicode ✓") != std::string::npos); // not \u escapes

    const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
    std::vector<std::string> keys;
    for (auto it = doc.begin(); it != doc.end(); ++it)
        keys.push_back(it.key());
    const std::vector<std::string> expected{
        "schema",  "version",  "name",        "description", "site",
        "halls",   "power",    "cooling",     "compute",     "network",
        "storage", "workload", "reliability", "cost",        "catalogOverrides"};
    CHECK(keys == expected);
    // Whole numbers are written without a fraction; enums by their documented names.
    CHECK(doc["compute"]["pools"][0]["gpuCount"].is_number_integer());
    CHECK(doc["power"]["distribution"] == "800VDC");
    CHECK(doc["power"]["ups"]["redundancy"] == "distributed");
    CHECK(doc["workload"]["parallelism"]["schedule"] == "dualpipe");
    CHECK(doc["network"]["planes"][1].contains("name") == false); // "oob" is its role's name
}

TEST_CASE("a minimal project stays minimal when saved", "[projectjson]")
{
    const Project p = loadProjectFile(test::sourcePath("projects/minimal.json"));
    const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(projectToJson(p));
    std::vector<std::string> keys;
    for (auto it = doc.begin(); it != doc.end(); ++it)
        keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"$schema", "schema", "version", "name", "cooling",
                                           "compute", "workload"});
    CHECK(doc["cooling"].size() == 1);             // coolant
    CHECK(doc["compute"]["pools"][0].size() == 2); // gpu, gpuCount
    CHECK(doc["workload"].size() == 3);            // model, trainingTokens, globalBatchSequences
}

TEST_CASE("load -> save -> load is lossless for every sample project", "[projectjson]")
{
    namespace fs = std::filesystem;
    int samples = 0;
    for (const fs::directory_entry &entry : fs::directory_iterator(test::sourcePath("projects"))) {
        if (entry.path().extension() != ".json")
            continue;
        ++samples;
        INFO(entry.path().string());
        const Project first = loadProjectFile(entry.path().string());
        const std::string saved = projectToJson(first);
        const Project second = parseProjectJson(saved, entry.path().string());
        CHECK(second == first);
        CHECK(projectToJson(second) == saved);
    }
    CHECK(samples >= 1);
}

TEST_CASE("saveProjectFile writes the project and fails without touching the old file",
          "[projectjson]")
{
    test::TempDir dir;
    const std::string path = dir.file("p.json");
    const Project full = test::fullProject();
    REQUIRE(saveProjectFile(full, path).ok);
    CHECK(test::readFile(path) == projectToJson(full));
    CHECK(loadProjectFile(path) == full);

    const std::string before = test::readFile(path);
    // A project that cannot be written (overrides that are not an object).
    Project broken = full;
    broken.catalogOverridesJson = "[]";
    const SaveResult bad = saveProjectFile(broken, path);
    CHECK_FALSE(bad.ok);
    CHECK(bad.error.find(path) != std::string::npos);
    CHECK(test::readFile(path) == before);
    // An unwritable path: below a regular file, and a directory.
    const SaveResult under = saveProjectFile(full, path + "/child.json");
    CHECK_FALSE(under.ok);
    CHECK(under.error.find(path + "/child.json") != std::string::npos);
    const SaveResult onDir = saveProjectFile(full, dir.path().string());
    CHECK_FALSE(onDir.ok);
    CHECK(test::readFile(path) == before);
    // Nothing else was left in the directory (no temporary files).
    int entries = 0;
    for ([[maybe_unused]] const auto &e : std::filesystem::directory_iterator(dir.path()))
        ++entries;
    CHECK(entries == 1);
}

TEST_CASE("enum name tables are complete and unambiguous", "[enumnames]")
{
    auto check = [](const auto &names, std::size_t count) {
        CHECK(names.size() == count);
        std::set<std::string> seen;
        for (const auto &[name, value] : names) {
            CHECK(seen.insert(name).second);
            CHECK(std::string(toString(value)) == name);
            CHECK(static_cast<std::size_t>(value) < count); // covers each enumerator once
        }
    };
    check(rackRoleNames(), 4);
    check(upsTypeNames(), 3);
    check(redundancyNames(), 4);
    check(distributionNames(), 3);
    check(coolingTypeNames(), 4);
    check(planeRoleNames(), 4);
    check(leafPlacementNames(), 4);
    check(technologyNames(), 2);
    check(ffnTypeNames(), 2);
    check(precisionNames(), 2);
    check(pipelineScheduleNames(), 4);
    check(recomputeNames(), 3);
    check(checkpointTierNames(), 3);
    CHECK(std::string(toString(Redundancy::NPlus1)) == "N+1");
    CHECK(std::string(toString(Distribution::Dc800V)) == "800VDC");
    CHECK(std::string(toString(static_cast<CoolingType>(42))) == "?");
}

TEST_CASE("a facility-water class sets the supply and refuses what contradicts it", "[projectjson]")
{
    auto withCooling = [](const char *cooling) {
        Json document = baseDocument();
        document["cooling"] = Json::parse(cooling);
        return document.dump();
    };
    // The class's limit is the supply when none is stated (ASHRAE W40: 40 degC).
    const Project w40 = parseProjectJson(
        withCooling(R"({"type": "direct-liquid", "facilityWaterClass": "W40"})"), "t.json");
    CHECK(w40.cooling.supplyWaterC == 40);
    REQUIRE(w40.cooling.facilityWaterClass);
    CHECK(*w40.cooling.facilityWaterClass == WaterClass::W40);
    // A stated supply below the limit stays; the class round-trips with it.
    const Project w45 = parseProjectJson(
        withCooling(R"({"type": "immersion", "facilityWaterClass": "W45", "supplyWaterC": 42})"),
        "t.json");
    CHECK(w45.cooling.supplyWaterC == 42);
    const Project again = parseProjectJson(projectToJson(w45), "t.json");
    CHECK(again.cooling == w45.cooling);
    // Saved, a supply at the class's limit is left out: the class keeps setting it.
    const nlohmann::json saved = nlohmann::json::parse(projectToJson(w40));
    CHECK(saved["cooling"]["facilityWaterClass"] == "W40");
    CHECK_FALSE(saved["cooling"].contains("supplyWaterC"));

    CHECK(hasProblem(problems(withCooling(
                         R"({"type": "direct-liquid", "facilityWaterClass": "W32",
                             "supplyWaterC": 35})")),
                     "/cooling/supplyWaterC", "above class W32's 32 degC"));
    CHECK(hasProblem(problems(withCooling(R"({"type": "air", "facilityWaterClass": "W32"})")),
                     "/cooling/facilityWaterClass", "air-cooled design"));
    CHECK(hasProblem(problems(withCooling(R"({"type": "rear-door", "facilityWaterClass": "W32"})")),
                     "/cooling/facilityWaterClass", "W17 or W27 water, not W32"));
    CHECK(problems(withCooling(R"({"type": "rear-door", "facilityWaterClass": "W17"})")).empty());
    CHECK(hasProblem(problems(withCooling(R"({"type": "immersion", "facilityWaterClass": "W+"})")),
                     "/cooling/facilityWaterClass", "W+ has no upper limit"));
}

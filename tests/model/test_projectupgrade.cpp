// SPDX-License-Identifier: Apache-2.0
// The upgrade chain: each step against its fixture, and loading old files through it.

#include "testutil.h"

#include "model/projectjson.h"
#include "model/projectupgrade.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace aidc;
using Json = nlohmann::json;

namespace {

std::string fixture(const std::string &name)
{
    return test::readFile(test::sourcePath("tests/model/fixtures/" + name));
}

} // namespace

TEST_CASE("there is one upgrade step per older version", "[upgrade]")
{
    CHECK(projectUpgradeSteps().size() == std::size_t(kProjectFormatVersion));
}

TEST_CASE("step 0 -> 1 turns the draft fixture into the expected format-1 document", "[upgrade]")
{
    Json doc = Json::parse(fixture("v0-draft.json"));
    const Json expected = Json::parse(fixture("v0-draft.upgraded.json"));
    upgradeProjectV0ToV1(doc);
    CHECK(doc == expected);
    // The chain's first step is the same step.
    Json viaChain = Json::parse(fixture("v0-draft.json"));
    projectUpgradeSteps()[0](viaChain);
    CHECK(viaChain == expected);
    // A current document is left alone.
    Json current = expected;
    current["version"] = kProjectFormatVersion;
    const Json before = current;
    upgradeProject(current, kProjectFormatVersion);
    CHECK(current == before);
}

TEST_CASE("a format-0 file loads as the same project as its upgraded form", "[upgrade]")
{
    ProjectLoadInfo oldInfo;
    const Project old = parseProjectJson(fixture("v0-draft.json"), "v0.json", &oldInfo);
    CHECK(oldInfo.fileVersion == 0);
    CHECK(oldInfo.upgraded());
    ProjectLoadInfo newInfo;
    const Project upgraded =
        parseProjectJson(fixture("v0-draft.upgraded.json"), "v1.json", &newInfo);
    CHECK(newInfo.fileVersion == 1);
    CHECK(newInfo.upgraded()); // format 1 is upgraded to 2 in turn
    CHECK(old == upgraded);
    REQUIRE(old.pools.size() == 2);
    CHECK(old.pools[0].gpuCount == 2048);
    CHECK(old.pools[1].serversPerRack == 4);
    REQUIRE(old.planes.size() == 2);
    CHECK(old.planes[0].tiers == 2);
    // Saving writes the current format.
    CHECK(Json::parse(projectToJson(old))["version"] == kProjectFormatVersion);
}

TEST_CASE("problems in an upgraded file point into the current layout", "[upgrade]")
{
    Json doc = Json::parse(fixture("v0-draft.json"));
    doc["pools"][1]["gpus"] = -1;
    try {
        parseProjectJson(doc.dump(), "v0.json");
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        REQUIRE(e.diagnostics().items().size() == 1);
        CHECK(e.diagnostics().items()[0].jsonPath == "/compute/pools/1/gpuCount");
    }
}

TEST_CASE("step 0 -> 1 leaves conflicting keys for the reader to report", "[upgrade]")
{
    Json doc = Json::parse(fixture("v0-draft.json"));
    doc["compute"] = {{"pools", Json::array({{{"gpu", "B200"}, {"gpuCount", 8}}})}};
    doc["pools"][0]["gpuCount"] = 1; // both spellings in one pool
    doc["planes"][0].erase("pools"); // would name a pool that compute.pools lacks
    upgradeProjectV0ToV1(doc);
    CHECK(doc["version"] == 1);
    CHECK(doc.contains("pools"));                // not moved over compute.pools
    CHECK(doc["pools"][0].contains("gpus"));     // not renamed over gpuCount
    CHECK(doc["compute"]["pools"].size() == 1);  // untouched
    CHECK(doc["network"]["planes"].size() == 2); // planes still moved

    doc["version"] = 0;
    try {
        parseProjectJson(doc.dump(), "v0.json");
        FAIL("no LoadError");
    } catch (const LoadError &e) {
        const auto &items = e.diagnostics().items();
        REQUIRE(items.size() == 1);
        CHECK(items[0].jsonPath == "/pools");
        CHECK(items[0].message.find("unknown key 'pools'") != std::string::npos);
    }
}

TEST_CASE("a step never throws on odd input", "[upgrade]")
{
    for (const char *text : {"null", "[]", "{\"pools\": 3}", "{\"pools\": [1, \"x\"]}",
                             "{\"pools\": [], \"compute\": 7}", "{\"planes\": {}}"}) {
        Json doc = Json::parse(text);
        CHECK_NOTHROW(upgradeProjectV0ToV1(doc));
    }
}

// Issue 16: in format 2 a parallelism key left out is searched; in format 1 it took a fixed
// default. Step 1 -> 2 writes those defaults in, so an old partial object means what it meant.
TEST_CASE("step 1 -> 2 writes format 1's parallelism defaults in", "[upgrade]")
{
    Json doc = Json::parse(fixture("v1-plan.json"));
    const Json expected = Json::parse(fixture("v1-plan.upgraded.json"));
    upgradeProjectV1ToV2(doc);
    CHECK(doc == expected);
    const Project old = parseProjectJson(fixture("v1-plan.json"), "v1.json");
    const Project upgraded = parseProjectJson(fixture("v1-plan.upgraded.json"), "v2.json");
    CHECK(old == upgraded);
    CHECK(old.workload->parallelism.complete());
    CHECK(old.workload->parallelism.tp == 8);
    CHECK(old.workload->parallelism.microBatch == 1);
    CHECK(old.workload->parallelism.virtualStages == 1);
    CHECK_FALSE(old.workload->parallelism.dp.has_value()); // 0 = derive is now "left out"
}

// Issue 15: format 3 ranks a plane's media by life-cycle cost unless the plane says otherwise;
// format 2 took the catalog's ladder order. Step 2 -> 3 writes that order in.
TEST_CASE("step 2 -> 3 keeps a format-2 plane on the catalog's media order", "[upgrade]")
{
    Json doc = Json::parse(R"({"schema": "aidc-project", "version": 2,
        "compute": {"pools": [{"gpu": "H100-SXM", "gpuCount": 1024}]},
        "network": {"planes": [{"name": "be"},
                               {"name": "fe", "role": "frontend", "media": {"opticsRequired": true}},
                               {"name": "st", "role": "storage", "media": {"order": "lifecycle"}}]}})");
    upgradeProjectV2ToV3(doc);
    CHECK(doc["version"] == 3);
    const Json &planes = doc["network"]["planes"];
    CHECK(planes[0]["media"] == Json({{"order", "catalog"}}));
    CHECK(planes[1]["media"] == Json({{"opticsRequired", true}, {"order", "catalog"}}));
    CHECK(planes[2]["media"]["order"] == "lifecycle"); // stated: kept
    // Loaded whole: a format-2 plane keeps the catalog's order, a format-3 one takes the new
    // default.
    auto orderAt = [](int version) {
        Json file = Json::parse(R"({"schema": "aidc-project",
            "compute": {"pools": [{"gpu": "H100-SXM", "gpuCount": 1024}]},
            "network": {"planes": [{"name": "be"}]}})");
        file["version"] = version;
        return parseProjectJson(file.dump(), "v.json").planes.at(0).media.order;
    };
    CHECK(orderAt(2) == MediaOrder::Catalog);
    CHECK(orderAt(3) == MediaOrder::Lifecycle);
    for (const char *text :
         {"null", "{\"network\": 3}", "{\"network\": {\"planes\": [1, {\"media\": 2}]}}"}) {
        Json odd = Json::parse(text);
        CHECK_NOTHROW(upgradeProjectV2ToV3(odd));
    }
}

// SPDX-License-Identifier: Apache-2.0
// Opening a project that breaks the format's rules to fix it (model/projectrepair.h): the bad
// values come out with their problems, the rest loads; what cannot be repaired throws the plain
// loader's error.

#include "model/projectjson.h"
#include "model/projectrepair.h"
#include "testutil.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace aidc;
using aidc::test::readFile;
using aidc::test::sourcePath;
using aidc::test::TempDir;
using aidc::test::writeFile;
using Json = nlohmann::json;

namespace {

Json sample(const std::string &relative)
{
    return Json::parse(readFile(sourcePath(relative)));
}

std::string write(const TempDir &dir, const Json &project)
{
    const std::string path = dir.file("project.json");
    writeFile(path, project.dump(2));
    return path;
}

std::string loaderMessage(const std::string &path)
{
    try {
        loadProjectFile(path);
    } catch (const LoadError &e) {
        return e.what();
    }
    return {};
}

} // namespace

TEST_CASE("a project that loads is returned as it is, with nothing taken out", "[repair]")
{
    const std::string path = sourcePath("projects/h100-1k-infiniband.json");
    const RepairedProject repaired = loadProjectRepairing(path);
    CHECK(repaired.removed.empty());
    CHECK(repaired.project == loadProjectFile(path));
}

TEST_CASE("bad optional values come out and take their defaults", "[repair]")
{
    TempDir dir;
    Json project = sample("projects/h100-1k-infiniband.json");
    const Project good = loadProjectFile(sourcePath("projects/h100-1k-infiniband.json"));
    project["site"]["electricityUsdPerKWh"] = -1; // below its range
    project["site"]["colour"] = "blue";           // unknown key
    const std::string path = write(dir, project);
    REQUIRE_FALSE(loaderMessage(path).empty());

    const RepairedProject repaired = loadProjectRepairing(path);
    REQUIRE(repaired.removed.size() == 2);
    // Pointer order, deepest and last first; each with its value and the loader's message.
    const auto find = [&](const std::string &pointer) {
        for (const RemovedValue &r : repaired.removed)
            if (r.pointer == pointer)
                return r;
        FAIL("not taken out: " << pointer);
        return RemovedValue{};
    };
    const RemovedValue tariff = find("/site/electricityUsdPerKWh");
    CHECK(tariff.value == "-1");
    CHECK(tariff.problem.find("range") != std::string::npos);
    CHECK(find("/site/colour").value == "\"blue\"");
    CHECK(repaired.project.site.electricityUsdPerKWh == Site{}.electricityUsdPerKWh);
    // Everything else is as the file says.
    Project expected = good;
    expected.site.electricityUsdPerKWh = Site{}.electricityUsdPerKWh;
    CHECK(repaired.project == expected);
}

TEST_CASE("bad values in two list entries come out without moving each other", "[repair]")
{
    TempDir dir;
    Json project = sample("projects/h100-1k-infiniband.json");
    REQUIRE(project["network"]["planes"].size() >= 3);
    project["network"]["planes"][0]["oversubscription"] = -2;
    project["network"]["planes"][2]["oversubscription"] = "lots";
    const std::string path = write(dir, project);
    const RepairedProject repaired = loadProjectRepairing(path);
    REQUIRE(repaired.removed.size() == 2);
    CHECK(repaired.removed[0].pointer == "/network/planes/2/oversubscription");
    CHECK(repaired.removed[1].pointer == "/network/planes/0/oversubscription");
    CHECK(repaired.project.planes.size() == project["network"]["planes"].size());
}

TEST_CASE("a required field at fault takes its entry with it", "[repair]")
{
    TempDir dir;
    Json project = sample("projects/minimal.json");
    project["compute"]["pools"].push_back({{"gpu", "H100-SXM"}}); // no gpuCount
    const std::string path = write(dir, project);
    const RepairedProject repaired = loadProjectRepairing(path);
    REQUIRE(repaired.removed.size() == 1);
    CHECK(repaired.removed[0].pointer == "/compute/pools/1");
    CHECK(repaired.project.pools.size() == 1);
    CHECK(repaired.project.pools[0].gpuCount == 1016);
}

TEST_CASE("entries taken out over several passes are named as the file has them", "[repair]")
{
    // Pass 1 takes out pool 2's bad count and pool 0 (its required count is missing); pass 2
    // then finds the old pool 2, now at index 1, without a count. It is pool 2 of the file that
    // goes, and pool 1 of the file stays, now pool 0 of the project.
    TempDir dir;
    Json project = sample("projects/minimal.json");
    Json pool = project["compute"]["pools"][0];
    Json p0 = pool, p1 = pool, p2 = pool;
    p0["name"] = "p0";
    p0.erase("gpuCount");
    p1["name"] = "p1";
    p2["name"] = "p2";
    p2["gpuCount"] = -4;
    project["compute"]["pools"] = Json::array({p0, p1, p2});
    const std::string path = write(dir, project);
    const RepairedProject repaired = loadProjectRepairing(path);
    REQUIRE(repaired.project.pools.size() == 1);
    CHECK(repaired.project.pools[0].name == "p1");
    std::vector<std::string> file, inProject;
    for (const RemovedValue &r : repaired.removed) {
        file.push_back(r.pointer);
        inProject.push_back(r.projectPointer);
    }
    CHECK(file == std::vector<std::string>{"/compute/pools/2/gpuCount", "/compute/pools/0",
                                           "/compute/pools/2"});
    // Each note lands on what is left of it in the project: the list, for an entry gone.
    CHECK(inProject ==
          std::vector<std::string>{"/compute/pools", "/compute/pools", "/compute/pools"});
}

TEST_CASE("a field taken out behind a removed entry is named where the project has it", "[repair]")
{
    TempDir dir;
    Json project = sample("projects/minimal.json");
    Json p0 = project["compute"]["pools"][0], p1 = p0;
    p0["name"] = "p0";
    p0.erase("gpuCount"); // required: pool 0 goes
    p1["name"] = "p1";
    p1["serversPerRack"] = -1; // optional: back to its default
    project["compute"]["pools"] = Json::array({p0, p1});
    const std::string path = write(dir, project);
    const RepairedProject repaired = loadProjectRepairing(path);
    REQUIRE(repaired.removed.size() == 2);
    CHECK(repaired.removed[0].pointer == "/compute/pools/1/serversPerRack");
    CHECK(repaired.removed[0].projectPointer == "/compute/pools/0/serversPerRack");
    CHECK(repaired.removed[1].pointer == "/compute/pools/0");
    CHECK(repaired.project.pools.size() == 1);
    CHECK(repaired.project.pools[0].name == "p1");
}

TEST_CASE("what a removal cannot repair throws the loader's own error", "[repair]")
{
    TempDir dir;
    SECTION("JSON that does not parse")
    {
        const std::string path = dir.file("broken.json");
        writeFile(path, "{ \"schema\": \"aidc-project\", ");
        CHECK_THROWS_WITH(loadProjectRepairing(path), loaderMessage(path));
    }
    SECTION("a repeated key")
    {
        const std::string path = dir.file("repeat.json");
        writeFile(path, "{ \"schema\": \"aidc-project\", \"version\": 3, \"version\": 3 }");
        CHECK_THROWS_WITH(loadProjectRepairing(path), loaderMessage(path));
    }
    SECTION("another schema")
    {
        Json project = sample("projects/minimal.json");
        project["schema"] = "aidc-catalog";
        const std::string path = write(dir, project);
        CHECK_THROWS_WITH(loadProjectRepairing(path), loaderMessage(path));
    }
    SECTION("the only pool, whose loss leaves no compute")
    {
        Json project = sample("projects/minimal.json");
        project["compute"]["pools"][0].erase("gpuCount");
        const std::string path = write(dir, project);
        CHECK_THROWS_WITH(loadProjectRepairing(path), loaderMessage(path));
    }
    SECTION("a version beyond any int")
    {
        Json project = sample("projects/minimal.json");
        project["version"] = 4294967297LL; // 2^32 + 1: narrowed to int it would read 1
        project["compute"]["pools"][0]["gpuCount"] = -4;
        const std::string path = write(dir, project);
        CHECK_THROWS_WITH(loadProjectRepairing(path), loaderMessage(path));
    }
    SECTION("a missing file")
    {
        CHECK_THROWS_AS(loadProjectRepairing(dir.file("absent.json")), LoadError);
    }
}

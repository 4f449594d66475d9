// SPDX-License-Identifier: Apache-2.0
// The NetBox bulk-import export (issue 21). The import rules themselves are checked by
// validation/netbox/check.py on every sample (ctest validation.netbox.samples); these tests pin
// the counts, the names and the all-or-nothing writing.

#include "model/csv.h"
#include "model/projectjson.h"
#include "solvers/handoff/netbox.h"
#include "solvers/pipeline/loading.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

const Catalog &baseCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

// Default evaluation options as a named object (GCC 12 -O3 warns on a temporary's strings).
const EvaluateOptions &defaults()
{
    static const EvaluateOptions options;
    return options;
}

fs::path freshDirectory(const std::string &name)
{
    const fs::path dir = fs::temp_directory_path() / ("aidc-netbox-test-" + name);
    fs::remove_all(dir);
    return dir;
}

CsvTable readCsv(const fs::path &file)
{
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    Diagnostics diagnostics;
    CsvTable table = parseCsv(text.str(), file.string(), diagnostics);
    REQUIRE_FALSE(diagnostics.hasErrors());
    return table;
}

std::size_t column(const CsvTable &table, const std::string &name)
{
    for (std::size_t i = 0; i < table.header.size(); ++i)
        if (table.header[i] == name)
            return i;
    FAIL("no column " << name);
    return 0;
}

} // namespace

TEST_CASE("NetBox slugs follow NetBox's slug rule", "[netbox]")
{
    CHECK(netBoxSlug("H1-R03") == "h1-r03");
    CHECK(netBoxSlug("GPU server") == "gpu-server");
    CHECK(netBoxSlug("  --NVIDIA  DGX/H100__x!!") == "nvidia-dgx-h100__x");
    CHECK(netBoxSlug("!!!") == "");
    CHECK(netBoxSlug(std::string(150, 'a')).size() == 100);
}

TEST_CASE("NetBox export of the 1k sample lists every rack, device and cable once", "[netbox]")
{
    const LoadedProject loaded = loadProjectForEvaluation(
        AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", baseCatalog());
    const Result result = evaluateLoadedProject(loaded, defaults());
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    const fs::path dir = freshDirectory("1k");
    const NetBoxExport exported =
        exportNetBox(loaded.project, loaded.catalog, result, defaults(), dir.string());
    REQUIRE(exported.ok);
    // Twelve import files, then one library-form YAML per device type.
    REQUIRE(exported.files.size() > 12);
    CHECK(exported.files.front().name == "01-sites.csv");
    CHECK(exported.files[11].name == "12-power-feeds.csv");
    const CsvTable types = readCsv(dir / "06-device-types.csv");
    CHECK(exported.files.size() == 12 + types.rows.size());
    for (const auto &row : types.rows)
        CHECK(fs::is_regular_file(dir / "device-types" / (row[column(types, "slug")] + ".yaml")));

    // Racks: one per placed rack; power feeds: A and B per rack.
    CHECK(readCsv(dir / "04-racks.csv").rows.size() == result.layout.racks.size());
    CHECK(readCsv(dir / "12-power-feeds.csv").rows.size() == 2 * result.layout.racks.size());

    // Devices: servers, storage nodes, every physical switch, the fabric-manager appliances (the
    // compute plane's 4 UFM ports: a primary and a high-availability one) and two PDUs per rack
    // (this sample is on 12 V: no power shelves), each once.
    REQUIRE(loaded.project.power.distribution == Distribution::Ac12V);
    std::int64_t servers = 0, storageNodes = 0;
    for (const PlacedRack &rack : result.layout.racks)
        (rack.role == RackRole::Storage ? storageNodes : servers) += rack.servers;
    const CsvTable devices = readCsv(dir / "08-devices.csv");
    CHECK(result.fabric.fabricManagers == 2);
    CHECK(std::int64_t(devices.rows.size()) == servers + storageNodes + result.fabric.switches +
                                                   result.fabric.fabricManagers +
                                                   2 * std::int64_t(result.layout.racks.size()));
    // The first server of a rack stands at U1, where the cable schedule cables it from.
    bool sawFirstServer = false;
    for (const auto &row : devices.rows) {
        if (row[column(devices, "name")].ends_with("-srv1")) {
            CHECK(row[column(devices, "position")] == "1");
            sawFirstServer = true;
        }
    }
    CHECK(sawFirstServer);
    std::set<std::string> names;
    for (const auto &row : devices.rows)
        CHECK(names.insert(row[column(devices, "name")]).second);
    CHECK(servers == 127); // the sample's 127 DGX H100

    // Cables: one per link of every plane copy (the cable schedule's rows), two interfaces each.
    std::int64_t links = 0;
    for (const PlaneResult &plane : result.fabric.planes)
        links += std::int64_t(plane.topology->linkCount()) * plane.parallelPlanes;
    const CsvTable cables = readCsv(dir / "10-cables.csv");
    CHECK(std::int64_t(cables.rows.size()) == links);
    CHECK(readCsv(dir / "09-interfaces.csv").rows.size() == 2 * cables.rows.size());
    // Every cable is typed and has a length in metres (the sample routes every link).
    for (const auto &row : cables.rows) {
        CHECK_FALSE(row[column(cables, "type")].empty());
        CHECK(row[column(cables, "length_unit")] == "m");
    }
    fs::remove_all(dir);
}

TEST_CASE("NetBox export refuses a file as its directory and writes nothing on failure", "[netbox]")
{
    const LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/minimal.json", baseCatalog());
    const Result result = evaluateLoadedProject(loaded, defaults());
    const fs::path dir = freshDirectory("refused");
    fs::create_directories(dir);

    SECTION("a path that is a file")
    {
        const fs::path file = dir / "plain-file";
        std::ofstream(file) << "x";
        const NetBoxExport exported =
            exportNetBox(loaded.project, loaded.catalog, result, defaults(), file.string());
        CHECK_FALSE(exported.ok);
        CHECK(exported.error.find("not a directory") != std::string::npos);
    }
    SECTION("a site name with no letter or digit changes no file already there")
    {
        std::ofstream(dir / "01-sites.csv") << "old";
        Project project = loaded.project;
        project.name = "!!!";
        const NetBoxExport exported =
            exportNetBox(project, loaded.catalog, result, defaults(), dir.string());
        CHECK_FALSE(exported.ok);
        CHECK(exported.error.find("slug") != std::string::npos);
        std::ifstream in(dir / "01-sites.csv");
        std::string text;
        std::getline(in, text);
        CHECK(text == "old");
        CHECK_FALSE(fs::exists(dir / "08-devices.csv"));
    }
    SECTION("a directory that does not exist is created, and removed again on failure")
    {
        const fs::path fresh = dir / "new";
        Project project = loaded.project;
        project.name = "!!!";
        CHECK_FALSE(exportNetBox(project, loaded.catalog, result, defaults(), fresh.string()).ok);
        CHECK_FALSE(fs::exists(fresh));
        CHECK(exportNetBox(loaded.project, loaded.catalog, result, defaults(), fresh.string()).ok);
        CHECK(fs::exists(fresh / "10-cables.csv"));
    }
    fs::remove_all(dir);
}

TEST_CASE("NetBox export places no device over another or past its rack's top", "[netbox]")
{
    LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/minimal.json", baseCatalog());
    REQUIRE_FALSE(loaded.project.pools.empty());
    loaded.project.pools[0].serversPerRack = 6; // 6 x 8U HGX in a 42U rack: a violation
    const Result result = evaluateLoadedProject(loaded, defaults());
    const fs::path dir = freshDirectory("overfull");
    const NetBoxExport exported =
        exportNetBox(loaded.project, loaded.catalog, result, defaults(), dir.string());
    REQUIRE(exported.ok);
    bool noted = false;
    for (const std::string &note : exported.notes)
        noted = noted || note.find("without a position") != std::string::npos;
    CHECK(noted);
    const CsvTable devices = readCsv(dir / "08-devices.csv");
    const CsvTable types = readCsv(dir / "06-device-types.csv");
    std::map<std::string, int> height;
    for (const auto &row : types.rows)
        height[row[column(types, "model")]] = std::stoi(row[column(types, "u_height")]);
    std::map<std::string, std::vector<int>> used; // rack -> how many devices hold each U
    for (const auto &row : devices.rows) {
        const std::string &position = row[column(devices, "position")];
        if (position.empty())
            continue;
        std::vector<int> &units = used[row[column(devices, "rack")]];
        units.resize(43, 0);
        const int first = std::stoi(position);
        const int top = first + height[row[column(devices, "device_type")]] - 1;
        CHECK(top <= 42);
        for (int u = first; u <= std::min(top, 42); ++u)
            CHECK(++units[std::size_t(u)] == 1);
    }
    fs::remove_all(dir);
}

TEST_CASE("NetBox export refuses names NetBox or a spreadsheet would change", "[netbox]")
{
    const LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/minimal.json", baseCatalog());
    const Result result = evaluateLoadedProject(loaded, defaults());
    const fs::path dir = freshDirectory("names");
    Project formula = loaded.project;
    formula.name = "=HYPERLINK(\"x\")";
    const NetBoxExport refused =
        exportNetBox(formula, loaded.catalog, result, defaults(), dir.string());
    CHECK_FALSE(refused.ok);
    CHECK(refused.error.find("formula") != std::string::npos);

    Result longIds = result;
    for (PlacedRack &rack : longIds.layout.racks)
        rack.id += std::string(60, 'x'); // "<rack>-srv1" then passes 64 characters
    longIds.fabric.rackIds.clear();
    for (const PlacedRack &rack : longIds.layout.racks)
        longIds.fabric.rackIds.push_back(rack.id);
    const NetBoxExport tooLong =
        exportNetBox(loaded.project, loaded.catalog, longIds, defaults(), dir.string());
    CHECK_FALSE(tooLong.ok);
    CHECK(tooLong.error.find("64") != std::string::npos);
    CHECK_FALSE(fs::exists(dir));
}

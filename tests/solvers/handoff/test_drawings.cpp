// SPDX-License-Identifier: Apache-2.0
// SVG floor plans and row elevations (issue 21): one drawing per hall and per row, every rack and
// every elevation item drawn once, project strings escaped, file names inside the directory.

#include "solvers/handoff/drawings.h"
#include "solvers/handoff/rackelevation.h"
#include "solvers/pipeline/loading.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
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

std::size_t count(const std::string &text, const std::string &what)
{
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

std::string readFile(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

TEST_CASE("XML escaping covers the five entities and control characters", "[drawings]")
{
    CHECK(xmlEscaped("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;");
    CHECK(xmlEscaped(std::string("x\x01y")) == "x y");
    CHECK(xmlEscaped("Halle Süd") == "Halle Süd");
}

TEST_CASE("Drawings of the 1k sample: a floor plan per hall, elevations per row, all racks",
          "[drawings]")
{
    const LoadedProject loaded = loadProjectForEvaluation(
        AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", baseCatalog());
    const Result result = evaluateLoadedProject(loaded, defaults());
    REQUIRE_FALSE(result.diagnostics.hasErrors());

    const std::string plan = floorPlanSvg(loaded.project, result, 0);
    CHECK(plan.rfind("<?xml", 0) == 0);
    CHECK(plan.ends_with("</svg>\n"));
    std::size_t racksInHall = 0;
    for (const PlacedRack &rack : result.layout.racks)
        racksInHall += rack.hall == 0 ? 1 : 0;
    CHECK(count(plan, "class=\"rack\"") == racksInHall);
    CHECK(count(plan, "class=\"tray\"") == result.layout.halls[0].rows.size());

    // Every item of every rack of the first row, as the GUI's elevation lists them.
    const LayoutRow &row = result.layout.halls[0].rows[0];
    std::size_t items = 0;
    const LayoutOptions layoutOptions;
    for (int index : row.racks)
        items += rackElevation(result.layout.racks[std::size_t(index)], loaded.project,
                               result.layout, &loaded.catalog, &result.fabric, layoutOptions)
                     .items.size();
    const std::string elevations = rowElevationsSvg(loaded.project, loaded.catalog, result, 0, 0);
    CHECK(items > 0);
    CHECK(count(elevations, "class=\"device\"") == items);

    // The compute plane's two UFM appliances stand in the network racks the fabric put them
    // in, each once, labelled with their plane and catalog part.
    int appliances = 0;
    for (const PlacedRack &rack : result.layout.racks) {
        for (const ElevationItem &item :
             rackElevation(rack, loaded.project, result.layout, &loaded.catalog, &result.fabric,
                           layoutOptions)
                 .items) {
            if (item.label == "compute fabric manager (UFM-Appliance)") {
                CHECK(rack.role == RackRole::Network);
                CHECK(item.kind == ElevationItem::Kind::Appliance);
                ++appliances;
            }
        }
    }
    CHECK(appliances == 2);

    const fs::path dir = fs::temp_directory_path() / "aidc-drawings-test";
    fs::remove_all(dir);
    const DrawingSet drawn =
        writeDrawings(loaded.project, loaded.catalog, result, dir.string(), true, true);
    REQUIRE(drawn.ok);
    std::size_t rows = 0;
    for (const LayoutHall &hall : result.layout.halls)
        rows += hall.rows.size();
    CHECK(drawn.files.size() == result.layout.halls.size() + rows);
    for (const std::string &file : drawn.files)
        CHECK(fs::is_regular_file(dir / file));
    CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) ==
          std::ptrdiff_t(drawn.files.size())); // the staging directory is gone
    fs::remove_all(dir);
}

TEST_CASE("Drawings escape project strings and keep hostile ids inside the directory", "[drawings]")
{
    LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/minimal.json", baseCatalog());
    loaded.project.name = "<script>alert(1)</script> & co";
    const Result result = evaluateLoadedProject(loaded, defaults());
    REQUIRE_FALSE(result.layout.halls.empty());
    Result hostile = result;
    hostile.layout.halls[0].id = "../../escape";
    const std::string plan = floorPlanSvg(loaded.project, hostile, 0);
    CHECK(plan.find("<script>") == std::string::npos);
    CHECK(plan.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co") != std::string::npos);

    const fs::path dir = fs::temp_directory_path() / "aidc-drawings-hostile" / "out";
    fs::remove_all(dir.parent_path());
    const DrawingSet drawn =
        writeDrawings(loaded.project, loaded.catalog, hostile, dir.string(), true, false);
    REQUIRE(drawn.ok);
    REQUIRE(drawn.files.size() == 1);
    CHECK(drawn.files[0] == "floorplan-escape.svg");
    CHECK(fs::is_regular_file(dir / "floorplan-escape.svg"));
    CHECK_FALSE(fs::exists(dir.parent_path().parent_path() / "escape.svg"));

    const fs::path file = dir / "floorplan-escape.svg";
    CHECK_FALSE(writeDrawings(loaded.project, loaded.catalog, hostile, file.string(), true, false)
                    .ok); // a file is not a directory
    CHECK(readFile(file) == plan);
    fs::remove_all(dir.parent_path());
}

// Every sample project through the whole pipeline: the solvers agree with one another.

#include "model/projectjson.h"
#include "solvers/common/defaults.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

const Catalog &shippedCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

std::vector<fs::path> sampleProjects()
{
    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(AIDC_SOURCE_DIR "/projects")) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST_CASE("the solvers count the same design the same way on every sample", "[pipeline][samples]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        REQUIRE_FALSE(result.cancelled);

        // GPUs: layout = summary = cost; at least what the project asks for.
        CHECK(result.summary.gpus >= loaded.project.totalGpus());
        CHECK(result.cost.gpus == result.summary.gpus);
        int layoutGpus = 0;
        for (const PlacedRack &rack : result.layout.racks)
            layoutGpus += rack.gpus;
        CHECK(layoutGpus == result.summary.gpus);

        // The power solver sees every rack the layout placed, in order.
        REQUIRE(result.power.racks.size() == result.layout.racks.size());
        for (std::size_t i = 0; i < result.layout.racks.size(); ++i)
            CHECK(result.power.racks[i].id == result.layout.racks[i].id);
        // Critical IT at least the GPUs at their load factor plus the rest of the servers.
        CHECK(result.power.itPeakW >= result.power.itPeak.gpuW + result.power.itPeak.serverOtherW);
        CHECK(result.power.pueAnnual >= 1.0);

        // Each backend plane has an endpoint per GPU of its pools, per plane copy.
        for (const PlaneResult &plane : result.fabric.planes) {
            if (plane.role == PlaneRole::Backend)
                CHECK(plane.gpus <= result.summary.gpus);
        }
        CHECK(result.summary.switches == Approx(double(result.fabric.switches)));
        CHECK(result.cost.networkCapexUsd > 0);

        // Performance and reliability describe the same job.
        if (result.performance && result.performance->ok && result.reliability) {
            CHECK(result.performance->plan.gpusUsed <= result.summary.gpus);
            CHECK(result.reliability->goodput.goodput > 0);
            CHECK(result.reliability->goodput.goodput <= 1);
            REQUIRE(result.summary.effectiveMfu);
            CHECK(*result.summary.effectiveMfu ==
                  Approx(result.performance->plan.mfu * result.reliability->goodput.goodput));
        }
    }
}

TEST_CASE("every diagnostic of every sample points into the project document",
          "[pipeline][samples]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        // A pointer names a part of the project as evaluated: the document with the defaults
        // made explicit (a minimal project's fabric planes are defaults).
        const nlohmann::json document =
            nlohmann::json::parse(projectToJson(withDefaults(loaded.project, loaded.catalog)));
        for (const Diagnostic &d : result.diagnostics.items()) {
            if (d.jsonPath.empty())
                continue;
            INFO(d.jsonPath << ": " << d.message);
            // A pointer may name a key the project leaves at its default (e.g.
            // /halls/0/floorLoadKPa): its parent must exist.
            std::string parent = d.jsonPath.substr(0, d.jsonPath.rfind('/'));
            const bool resolves = document.contains(nlohmann::json::json_pointer(d.jsonPath)) ||
                                  parent.empty() ||
                                  document.contains(nlohmann::json::json_pointer(parent));
            CHECK(resolves);
        }
    }
}

TEST_CASE("the procurement BOM lists the network then the facility lines, each priced",
          "[pipeline][bom]")
{
    const LoadedProject loaded = loadProjectForEvaluation(
        AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", shippedCatalog());
    const Result result = evaluate(loaded.project, loaded.catalog);
    const CsvTable table = bomTable(result);
    const std::vector<std::string> &h = table.header;
    auto column = [&](const char *name) {
        const auto it = std::find(h.begin(), h.end(), name);
        REQUIRE(it != h.end());
        return std::size_t(it - h.begin());
    };
    const std::size_t part = column("part"), quantity = column("quantity"),
                      unit = column("unitPriceUsd"), extended = column("extendedPriceUsd"),
                      origin = column("priceOrigin");
    const Bom &network = result.fabric.bom;
    const Bom &facility = result.power.bom;
    REQUIRE(!network.empty());
    REQUIRE(!facility.empty());
    REQUIRE(table.rows.size() == network.size() + facility.size());
    bool sawSwitch = false;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        const std::vector<std::string> &row = table.rows[i];
        const BomLine &line = i < network.size() ? network[i] : facility[i - network.size()];
        INFO(row[part]);
        CHECK(row[part] == line.part);
        CHECK(row[quantity] == formatCsvNumber(line.quantity));
        if (i < network.size())
            CHECK(row[origin] != "not-priced"); // every network line is priced per unit
        sawSwitch = sawSwitch || line.category == "switch";
        // extended = unit x quantity, to the CSV's 12 significant digits
        if (!row[unit].empty())
            CHECK(std::stod(row[extended]) == Approx(std::stod(row[unit]) * line.quantity));
    }
    CHECK(sawSwitch);

    // RFC 4180 round trip: what `aidc bom --csv` writes reads back unchanged.
    Diagnostics d;
    const CsvTable back = parseCsv(toCsv(table), "bom.csv", d);
    CHECK_FALSE(d.hasErrors());
    CHECK(back.rows == table.rows);
}

// SPDX-License-Identifier: Apache-2.0
// Every shipped sample project through the whole pipeline (issues 5 and 7): the shipped price
// list prices every line the cost solver is given, the facility lands in Cushman & Wakefield's
// range per MW, and the goodput-vs-cluster-size table falls as the cluster grows.

#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

struct Sample
{
    std::string name;
    Result result;
};

// The samples are evaluated once for every test case of this program.
const std::vector<Sample> &samples()
{
    static const std::vector<Sample> evaluated = [] {
        const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
        std::vector<fs::path> files;
        for (const auto &entry : fs::directory_iterator(AIDC_SOURCE_DIR "/projects")) {
            if (entry.path().extension() == ".json")
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        std::vector<Sample> out;
        for (const fs::path &file : files) {
            const LoadedProject loaded = loadProjectForEvaluation(file.string(), catalog);
            EvaluateOptions options;
            options.cost.asOfDate = "2025-06-01"; // the price list's date
            options.reliability.monteCarloSamples = 0;
            out.push_back(
                {file.filename().string(), evaluate(loaded.project, loaded.catalog, options)});
        }
        return out;
    }();
    return evaluated;
}

} // namespace

TEST_CASE("every cost line of every sample has a price", "[cost][samples]")
{
    REQUIRE(samples().size() >= 5);
    for (const Sample &sample : samples()) {
        INFO(sample.name);
        const CostResult &cost = sample.result.cost;
        CHECK_FALSE(cost.diagnostics.hasErrors());
        CHECK(cost.missingLines == 0);
        for (const CostLine &line : cost.lines) {
            INFO(line.part << ": " << line.description);
            CHECK(line.origin != PriceOrigin::Missing);
        }
        CHECK(cost.capexUsd > 0);
    }
}

TEST_CASE("every sample's facility costs what Cushman & Wakefield finds per MW", "[cost][samples]")
{
    // C&W Data Center Development Cost Guide 2025: $9.3-15.0 M per MW of critical load across
    // 19 US markets, average $11.7 M [A] [ref:cushman-wakefield-2025]. The cooling plant is priced
    // per MW of heat, a few % above the critical IT, so the total sits a little above the keys.
    for (const Sample &sample : samples()) {
        INFO(sample.name);
        const CostResult &cost = sample.result.cost;
        const double criticalMW = sample.result.power.itPeakW / 1e6;
        REQUIRE(criticalMW > 0);
        const double perMW = cost.facilityCapexUsd / criticalMW;
        CHECK(perMW >= 9.3e6);
        CHECK(perMW <= 15.0e6);
    }
}

TEST_CASE("every sample's goodput falls as the cluster grows", "[reliability][samples]")
{
    // Issue 7: at fixed checkpoint bandwidth, a larger job is interrupted more often.
    for (const Sample &sample : samples()) {
        if (!sample.result.reliability || sample.result.reliability->diagnostics.hasErrors())
            continue;
        INFO(sample.name);
        const std::vector<ClusterSensitivityRow> &rows =
            sample.result.reliability->clusterSensitivity;
        REQUIRE(rows.size() >= 2);
        for (std::size_t i = 1; i < rows.size(); ++i) {
            INFO("scale " << rows[i].scale);
            CHECK(rows[i].goodput < rows[i - 1].goodput);
        }
    }
}

// SPDX-License-Identifier: Apache-2.0
// The assumption register and the one-at-a-time sensitivity (issue 19).

#include "model/projectjson.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/resultfields.h"
#include "solvers/uncertainty/bands.h"
#include "solvers/uncertainty/sensitivity.h"
#include "solvers/uncertainty/uncertaintyreport.h"
#include "tests/solvers/refusedpath.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <map>

using namespace aidc;

namespace {

const Catalog &baseCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

LoadedProject sample(const char *name)
{
    return loadProjectForEvaluation(std::string(AIDC_SOURCE_DIR "/projects/") + name,
                                    baseCatalog());
}

// Default evaluation options as a named object (GCC 12 -O3 warns on a temporary's strings).
const EvaluateOptions &defaults()
{
    static const EvaluateOptions options;
    return options;
}

const Assumption *find(const std::vector<Assumption> &list, const std::string &id)
{
    auto it =
        std::find_if(list.begin(), list.end(), [&](const Assumption &a) { return a.id == id; });
    return it == list.end() ? nullptr : &*it;
}

} // namespace

TEST_CASE("the register lists the estimates, the parts' figures, failure rates and big prices",
          "[uncertainty][register]")
{
    const LoadedProject loaded = sample("h100-1k-infiniband.json");
    const Result result = evaluate(loaded.project, loaded.catalog);
    const std::vector<Assumption> list =
        assumptionRegister(loaded.project, baseCatalog(), loaded.catalog, result);

    // The sample states its electricity price (0.08 USD/kWh): the project's own estimate.
    const Assumption *electricity = find(list, "/site/electricityUsdPerKWh");
    REQUIRE(electricity);
    CHECK(electricity->value == 0.08);
    CHECK(electricity->stated);
    CHECK(electricity->confidence == AssumptionClass::Project);
    CHECK(electricity->relativeRange == 0.10);
    // Left at its default, the cost of capital is the tool's assumption: [U].
    const Assumption *capital = find(list, "/cost/costOfCapital");
    REQUIRE(capital);
    CHECK_FALSE(capital->stated);
    CHECK(capital->confidence == AssumptionClass::Unverified);
    CHECK(capital->relativeRange == 0.30);

    // The H100's BF16 peak is a vendor figure (catalogs/data/accelerators.json).
    const Assumption *peak = find(list, "catalog:H100-SXM/bf16Tflops");
    REQUIRE(peak);
    CHECK(peak->confidence == AssumptionClass::Vendor);
    CHECK(peak->value == Approx(989).margin(1));
    CHECK(find(list, "catalog:DGX-H100/maxPowerW"));
    CHECK(find(list, "failures:gpu"));

    // Every listed price is behind at least 0.5 % of capex, and the servers' is the largest.
    const Assumption *servers = find(list, "price:DGX-H100");
    REQUIRE(servers);
    for (const Assumption &a : list)
        if (a.id.rfind("price:", 0) == 0)
            CHECK(a.value > 0);

    // Every row of the table has the columns of the header.
    const CsvTable table = assumptionTable(list);
    for (const auto &row : table.rows)
        CHECK(row.size() == table.header.size());
}

// Capex is the sum of quantity x unit price over its lines, so a price moved by 10 % moves capex
// by 10 % of that price's share of it: the elasticity equals the share (issue 19, checks).
TEST_CASE("the sensitivity of capex to a price equals the price's share of capex",
          "[uncertainty][sensitivity]")
{
    const LoadedProject loaded = sample("h100-1k-infiniband.json");
    const Result base = evaluate(loaded.project, loaded.catalog);
    const std::vector<Assumption> list =
        assumptionRegister(loaded.project, baseCatalog(), loaded.catalog, base);
    const Assumption *servers = find(list, "price:DGX-H100");
    REQUIRE(servers);
    double extended = 0;
    for (const CostLine &line : base.cost.lines)
        if (line.part == "DGX-H100")
            extended += line.extendedUsd;
    const double share = extended / base.cost.capexUsd;
    REQUIRE(share > 0.3); // the servers are most of a GPU cluster's capex

    Project p = loaded.project;
    Catalog c = loaded.catalog;
    servers->scale(p, c, 1.1);
    const Result moved = evaluate(p, c);
    const double elasticity = (moved.cost.capexUsd / base.cost.capexUsd - 1) / 0.1;
    CHECK(elasticity == Approx(share).epsilon(1e-9));
}

TEST_CASE("the tornado is deterministic and ranks drivers by swing", "[uncertainty][sensitivity]")
{
    const LoadedProject loaded = sample("minimal.json");
    SensitivityOptions one, two;
    one.threads = 1;
    two.threads = 2;
    const SensitivityResult a =
        oneAtATime(loaded.project, baseCatalog(), loaded.catalog, defaults(), one);
    const SensitivityResult b =
        oneAtATime(loaded.project, baseCatalog(), loaded.catalog, defaults(), two);
    REQUIRE(a.runs.size() == b.runs.size());
    REQUIRE_FALSE(a.runs.empty());
    for (std::size_t i = 0; i < a.runs.size(); ++i) {
        INFO(a.runs[i].assumption.id);
        CHECK(a.runs[i].low.capexUsd == b.runs[i].low.capexUsd);
        CHECK(a.runs[i].high.goodput == b.runs[i].high.goodput);
        CHECK(a.runs[i].errors.empty());
    }
    const HeadlineFigure &capex = *findHeadlineFigure("capexUsd");
    const std::vector<Swing> swings = rankedSwings(a, capex);
    REQUIRE(swings.size() >= 2);
    for (std::size_t i = 1; i < swings.size(); ++i)
        CHECK(swings[i - 1].width() >= swings[i].width());
    // The largest capex driver of a GPU cluster is the price of its servers.
    CHECK(a.runs[swings.front().run].assumption.id.rfind("price:", 0) == 0);
    // The electricity price moves opex, not capex.
    for (const Swing &s : swings)
        CHECK(a.runs[s.run].assumption.id != "/site/electricityUsdPerKWh");
}

TEST_CASE("ranges of zero give no swing", "[uncertainty][sensitivity]")
{
    LoadedProject loaded = sample("minimal.json");
    loaded.project.uncertainty = {0, 0, 0, 0, 0, 0, 0};
    const SensitivityResult result =
        oneAtATime(loaded.project, baseCatalog(), loaded.catalog, defaults());
    CHECK(result.runs.empty());
    for (const HeadlineFigure &f : headlineFigures())
        CHECK(rankedSwings(result, f).empty());
}

TEST_CASE("uncertainty ranges out of range are refused with their path", "[uncertainty][input]")
{
    const auto refused = [](const std::string &uncertainty) {
        return test::refusedPath(R"("uncertainty": )" + uncertainty);
    };
    CHECK(refused(R"({"vendor": -0.1})") == "/uncertainty/vendor");
    CHECK(refused(R"({"unverified": 1.5})") == "/uncertainty/unverified");
    CHECK(refused(R"({"analyst": "wide"})") == "/uncertainty/analyst");
    CHECK(refused(R"({"gaussian": 0.1})") == "/uncertainty/gaussian");
    CHECK(refused(R"({"project": 0.2})") == "loaded");
}

TEST_CASE("bands are ordered, reproducible to the digit and zero-wide without uncertainty",
          "[uncertainty][bands]")
{
    LoadedProject loaded = sample("minimal.json");
    BandOptions options;
    options.samples = 12;
    options.seed = 7;
    options.threads = 1;
    const BandsResult a =
        errorBands(loaded.project, baseCatalog(), loaded.catalog, defaults(), options);
    options.threads = 2;
    const BandsResult b =
        errorBands(loaded.project, baseCatalog(), loaded.catalog, defaults(), options);
    REQUIRE(a.bands.size() == b.bands.size());
    REQUIRE_FALSE(a.bands.empty());
    CHECK(a.errors.empty());
    for (std::size_t i = 0; i < a.bands.size(); ++i) {
        INFO(a.bands[i].figure->key);
        CHECK(a.bands[i].p10 <= a.bands[i].p50);
        CHECK(a.bands[i].p50 <= a.bands[i].p90);
        CHECK(a.bands[i].p10 == b.bands[i].p10); // same seed: the same digits
        CHECK(a.bands[i].p90 == b.bands[i].p90);
        CHECK(a.bands[i].samples == 12);
    }
    // MFU carries the model's measured error: its band is wider than the inputs alone give.
    auto mfu = std::find_if(a.bands.begin(), a.bands.end(),
                            [](const Band &x) { return std::string(x.figure->key) == "mfu"; });
    REQUIRE(mfu != a.bands.end());
    CHECK(mfu->modelError);
    CHECK(mfu->p90 / mfu->p10 > 1.2);

    // No input range and no model error: every band is the point value.
    loaded.project.uncertainty = {0, 0, 0, 0, 0, 0, 0};
    options.modelError = false;
    const BandsResult none =
        errorBands(loaded.project, baseCatalog(), loaded.catalog, defaults(), options);
    CHECK(none.assumptions == 0);
    for (const Band &band : none.bands) {
        INFO(band.figure->key);
        CHECK(band.p10 == band.base);
        CHECK(band.p90 == band.base);
    }
}

// Issue 19, item 4: two designs are compared at the same draws, so what they share cancels.
TEST_CASE("a design compared with itself is equal, a dearer tariff is told apart",
          "[uncertainty][bands][compare]")
{
    const LoadedProject a = sample("h100-1k-infiniband.json");
    BandOptions options;
    options.samples = 16;
    const DifferenceResult same = differenceBands(a.project, a.catalog, defaults(), a.project,
                                                  a.catalog, defaults(), baseCatalog(), options);
    REQUIRE(same.bands.size() == 10);
    for (const DifferenceBand &d : same.bands) {
        INFO(d.figure->key);
        CHECK(d.p10 == 0);
        CHECK(d.p90 == 0);
        CHECK(d.equal);
        CHECK_FALSE(d.distinguishable);
    }

    // B pays 0.12 instead of 0.08 USD/kWh: its opex is higher at every draw (both tariffs take
    // the same relative draw), its capex is the same design's.
    Project b = a.project;
    b.site.electricityUsdPerKWh = 0.12;
    const DifferenceResult dearer = differenceBands(a.project, a.catalog, defaults(), b, a.catalog,
                                                    defaults(), baseCatalog(), options);
    for (const DifferenceBand &d : dearer.bands) {
        INFO(d.figure->key);
        const std::string key = d.figure->key;
        if (key == "annualOpexUsd" || key == "tcoUsd") {
            CHECK(d.distinguishable);
            CHECK(d.p10 > 0);
        }
        if (key == "capexUsd" || key == "mfu")
            CHECK_FALSE(d.distinguishable);
    }
    const CsvTable table = differenceTable(dearer);
    REQUIRE(table.rows.size() == 10);
    CHECK(table.rows[0].back() == "equal"); // capex
}

// The rank screening finds the input that alone orders a figure: the model error orders the MFU
// (every other input moves MFU by a few tenths of a percent), the server power orders the
// facility power.
TEST_CASE("rank screening puts the dominant input first", "[uncertainty][bands][global]")
{
    const LoadedProject loaded = sample("minimal.json");
    BandOptions options;
    options.samples = 64;
    const BandsResult result =
        errorBands(loaded.project, baseCatalog(), loaded.catalog, defaults(), options);
    const auto first = [&](const char *key) -> const RankIndex * {
        for (const RankIndex &r : result.ranks)
            if (std::string(r.figure->key) == key)
                return &r;
        return nullptr;
    };
    const RankIndex *mfu = first("mfu");
    REQUIRE(mfu);
    CHECK(mfu->assumption == "model error");
    CHECK(mfu->rho > 0.9);
    const RankIndex *power = first("facilityPowerW");
    REQUIRE(power);
    CHECK(power->assumption.find("nameplate power") != std::string::npos);
    CHECK(power->rho > 0.9);
    for (const RankIndex &r : result.ranks) {
        CHECK(r.rho >= -1.0);
        CHECK(r.rho <= 1.0);
    }
}

// Issue 19: the bands and drivers in the result document (`aidc eval --format json --bands`):
// every key documented in solvers/pipeline/resultfields.json, each band ordered around its
// point value's sample, and capex driven first by the server price (the 1k sample's 127 DGX
// H100 at $270k are $34.3 M of its $59.1 M capex, so +/- their range moves capex most).
TEST_CASE("the uncertainty section of the result document is documented and ordered",
          "[uncertainty][bands]")
{
    const LoadedProject loaded = sample("h100-1k-infiniband.json");
    BandOptions options;
    options.samples = 6;
    options.threads = 1;
    const nlohmann::json u = uncertaintyToJson(
        summarizeUncertainty(loaded.project, baseCatalog(), loaded.catalog, defaults(), options),
        3);
    std::function<void(const nlohmann::json &, const std::string &)> documented =
        [&](const nlohmann::json &value, const std::string &pointer) {
            INFO(pointer);
            CHECK(findResultField(pointer));
            if (value.is_object())
                for (auto it = value.begin(); it != value.end(); ++it)
                    documented(*it, pointer + "/" + it.key());
            if (value.is_array())
                for (std::size_t i = 0; i < value.size(); ++i)
                    documented(value[i], pointer + "/" + std::to_string(i));
        };
    documented(u, "/uncertainty");
    CHECK(u["samples"] == 6);
    CHECK(u["failedEvaluations"] == 0);
    REQUIRE_FALSE(u["bands"].empty());
    for (const nlohmann::json &band : u["bands"]) {
        INFO(band.dump());
        CHECK(band["p10"].get<double>() <= band["p50"].get<double>());
        CHECK(band["p50"].get<double>() <= band["p90"].get<double>());
    }
    std::map<std::string, int> perFigure;
    std::string capexDriver;
    for (const nlohmann::json &driver : u["drivers"]) {
        ++perFigure[driver["figure"].get<std::string>()];
        if (driver["figure"] == "capexUsd" && capexDriver.empty())
            capexDriver = driver["assumption"].get<std::string>();
    }
    for (const auto &[figure, count] : perFigure)
        CHECK(count <= 3);
    CHECK(capexDriver == "price:DGX-H100");
}

// failedEvaluations counts evaluations, not their error messages: one failed sample or end may
// report several errors (review of issue 19).
TEST_CASE("failed evaluations are counted once each, whatever their errors", "[uncertainty]")
{
    UncertaintySummary summary;
    summary.bands.failedSamples = 2;
    for (int i = 0; i < 5; ++i)
        summary.bands.errors.error("p.json", "/compute", "sample: error " + std::to_string(i));
    SensitivityRun run;
    run.failedEnds = 1;
    run.errors.error("p.json", "/a", "low: one");
    run.errors.error("p.json", "/b", "low: two");
    run.errors.error("p.json", "/c", "low: three");
    summary.drivers.runs.push_back(run);
    summary.drivers.runs.push_back(run);
    CHECK(failedEvaluations(summary) == 4); // 2 samples + 1 end of each of two assumptions
    CHECK(uncertaintyToJson(summary, 3)["failedEvaluations"] == 4);
}

// SPDX-License-Identifier: Apache-2.0
// The design search (issue 24): its arguments and their errors, the evolutionary front
// against enumeration, thread-count independence, fronts merged from shards, infeasibility.

#include "solvers/optimize/optimizer.h"
#include "solvers/optimize/optimizereport.h"

#include "model/projectjson.h"
#include "solvers/batch/batch.h"
#include "solvers/pipeline/loading.h"
#include "solvers/uncertainty/bands.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

using namespace aidc;

namespace {

const Catalog &baseCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

const std::string kMinimal = AIDC_SOURCE_DIR "/projects/minimal.json";

std::string minimalText()
{
    return readFileBytes(kMinimal).value();
}

// 6 x 3 x 3 x 3 = 162 candidates of the minimal sample, 36 of them feasible (the rest have a
// fabric warning or more spare nodes than the pool leaves idle).
OptimizeSpec smallSpace()
{
    OptimizeSpec spec;
    spec.variables = {
        parseDesignVariable("/compute/pools/0/gpuCount=504,1016,1528,2040,2552,3064"),
        parseDesignVariable("/cooling/type=air,direct-liquid,immersion"),
        parseDesignVariable("/power/distribution=12V,48V,800VDC"),
        parseDesignVariable("/reliability/spareNodes=0..8:4"),
    };
    spec.objectives = parseObjectives("capex,time-to-train");
    return spec;
}

// As `aidc optimize` searches: the headline figures only (no scaling curve, no Monte Carlo).
OptimizeOptions searchOptions()
{
    OptimizeOptions options;
    options.evaluate = headlineOnly({});
    return options;
}

std::set<std::int64_t> indices(const std::vector<Candidate> &front)
{
    std::set<std::int64_t> out;
    for (const Candidate &c : front)
        out.insert(c.index);
    return out;
}

std::string errorOf(const std::function<void()> &fn)
{
    try {
        fn();
    } catch (const OptimizeError &error) {
        return error.what();
    }
    return "";
}

} // namespace

TEST_CASE("design variables parse lists, ranges and linked fields", "[optimize]")
{
    const DesignVariable list = parseDesignVariable("/cooling/type=air,direct-liquid");
    CHECK(list.values.size() == 2);
    CHECK_FALSE(list.ordered);
    const DesignVariable range = parseDesignVariable("/compute/pools/0/gpuCount=1000..4000:1000");
    REQUIRE(range.values.size() == 4);
    CHECK(range.values[3] == 4000);
    CHECK(range.ordered);
    const DesignVariable fractional = parseDesignVariable("/power/gpuLoadFactor=0.5..1:0.25");
    CHECK(fractional.values.size() == 3);
    CHECK(fractional.values[1].get<double>() == 0.75);
    const DesignVariable linked =
        parseDesignVariable("/compute/pools/0/gpuCount+/workload/gpus=[1016,960],[2032,1920]");
    REQUIRE(linked.pointers.size() == 2);
    CHECK(linked.value(1, 1) == 1920);
    CHECK(linked.ordered);
}

TEST_CASE("bad design variables are refused naming the option", "[optimize]")
{
    CHECK_THAT(errorOf([] { parseDesignVariable("/compute/pools/0/colour=1,2"); }),
               Catch::Contains("is not a project field"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/site/designDryBulbC=30,35"); }),
               Catch::Contains("not a design variable"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/compute/pools/0/gpuCount=4000..1000"); }),
               Catch::Contains("the range is empty"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/compute/pools/0/gpuCount=1..9:0"); }),
               Catch::Contains("step of a range must be above zero"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/compute/pools/0/gpuCount=1..1e9"); }),
               Catch::Contains("use a larger step"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/compute/pools/0/gpuCount=1..5:1e-320"); }),
               Catch::Contains("use a larger step"));
    // Far from the whole numbers a double holds exactly, values stay numbers, all distinct.
    CHECK(parseDesignVariable("/power/gpuLoadFactor=1e300..1e301:1e298").values.size() == 901);
    CHECK_THAT(errorOf([] { parseDesignVariable("/cooling/type=air,air"); }),
               Catch::Contains("listed twice"));
    CHECK_THAT(
        errorOf([] { parseDesignVariable("/compute/pools/0/gpuCount+/workload/gpus=8,16"); }),
        Catch::Contains("is an array of 2 values"));
    CHECK_THAT(errorOf([] { parseDesignVariable("compute/pools/0/gpuCount=8"); }),
               Catch::Contains("must start with '/'"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/cooling/type"); }),
               Catch::Contains("is not of the form"));
    CHECK_THAT(errorOf([] { parseDesignVariable("/cooling/type="); }),
               Catch::Contains("no values after"));
}

TEST_CASE("objectives and constraints are checked", "[optimize]")
{
    CHECK(parseObjectives("capex, time-to-train").size() == 2);
    CHECK_THAT(errorOf([] { parseObjectives("capex,speed"); }),
               Catch::Contains("'speed' is not a metric"));
    CHECK_THAT(errorOf([] { parseObjectives("capex,capex"); }), Catch::Contains("given twice"));
    CHECK_THAT(errorOf([] { parseObjectives("capex,tco,water,carbon"); }),
               Catch::Contains("one to three"));
    const Constraint power = parseConstraint("facility-power<=150");
    CHECK(power.atMost);
    CHECK(power.limit == 150);
    CHECK(power.slack(140) == 10);
    const Constraint goodput = parseConstraint("goodput>=0.9");
    CHECK(goodput.slack(0.8) == Approx(-0.1));
    CHECK_THAT(errorOf([] { parseConstraint("facility-power=150"); }),
               Catch::Contains("NAME<=VALUE"));
    CHECK_THAT(errorOf([] { parseConstraint("capex<=cheap"); }),
               Catch::Contains("must be a number in USD"));
    CHECK_THAT(errorOf([] {
                   checkConstraintsConsistent(
                       {parseConstraint("capex<=1e9"), parseConstraint("capex>=2e9")});
               }),
               Catch::Contains("contradict each other"));
}

TEST_CASE("a value the project format refuses is an argument error", "[optimize]")
{
    OptimizeSpec spec;
    spec.variables = {parseDesignVariable("/compute/pools/0/gpu=H100-SXM,NoSuchGPU")};
    spec.objectives = parseObjectives("capex");
    CHECK_THAT(errorOf([&] { Optimizer(kMinimal, minimalText(), baseCatalog(), spec); }),
               Catch::Contains("NoSuchGPU") && Catch::Contains("/compute/pools/0/gpu"));
    spec.variables = {parseDesignVariable("/network/planes/3/tiers=2,3")};
    CHECK_THAT(errorOf([&] { Optimizer(kMinimal, minimalText(), baseCatalog(), spec); }),
               Catch::Contains("--vary"));
}

TEST_CASE("the evolutionary front equals the enumerated front on a small space", "[optimize]")
{
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), smallSpace());
    REQUIRE(optimizer.spaceSize() == 162);
    OptimizeOptions exhaustive = searchOptions();
    exhaustive.method = SearchMethod::Exhaustive;
    const OptimizeResult all = optimizer.run(exhaustive);
    REQUIRE(all.evaluated == 162);
    CHECK(all.feasible == 36);
    REQUIRE(all.front.size() == 4);
    const std::set<std::int64_t> truth = indices(all.front);

    // A population of 16 for 6 generations evaluates about 110 of the 162. The search is a
    // heuristic: on this space 9 of seeds 1..10 find the whole front, and every member it
    // reports is always on the true front (the archive keeps only what nothing evaluated beats,
    // and here nothing unevaluated beats it either). Under AddressSanitizer (about 30 times
    // slower) two seeds check the same code for memory errors; the count is the release build's.
#ifdef __SANITIZE_ADDRESS__
    const std::uint64_t seeds = 2;
#else
    const std::uint64_t seeds = 10;
#endif
    int equal = 0;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        OptimizeOptions evolutionary = searchOptions();
        evolutionary.method = SearchMethod::Evolutionary;
        evolutionary.population = 16;
        evolutionary.generations = 6;
        evolutionary.seed = seed;
        const OptimizeResult found = optimizer.run(evolutionary);
        CHECK(found.evaluated < 162);
        const std::set<std::int64_t> members = indices(found.front);
        for (const std::int64_t index : members)
            CHECK(truth.count(index) == 1);
        equal += members == truth ? 1 : 0;
    }
    if (seeds == 10)
        CHECK(equal >= 9);
}

TEST_CASE("the front does not depend on the thread count", "[optimize]")
{
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), smallSpace());
    OptimizeOptions options = searchOptions();
    options.method = SearchMethod::Evolutionary;
    options.population = 8;
    options.generations = 3;
    options.seed = 7;
    options.threads = 1;
    const OptimizeResult one = optimizer.run(options);
    options.threads = 2;
    const OptimizeResult two = optimizer.run(options);
    CHECK(indices(one.front) == indices(two.front));
    CHECK(one.evaluated == two.evaluated);
}

TEST_CASE("fronts of shards merge into the unsharded front exactly", "[optimize]")
{
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), smallSpace());
    OptimizeOptions options = searchOptions();
    options.method = SearchMethod::Exhaustive;
    const OptimizeResult whole = optimizer.run(options);
    std::vector<PartialFront> parts;
    for (int shard = 1; shard <= 3; ++shard) {
        options.shardIndex = shard;
        options.shardCount = 3;
        const OptimizeResult part = optimizer.run(options);
        // Through the JSON the CLI writes, as array jobs hand their fronts on.
        const nlohmann::json written = optimizeResultJson(optimizer, part, {}, {});
        parts.push_back(
            partialFrontFromJson(optimizer, written, "shard" + std::to_string(shard) + ".json"));
    }
    const OptimizeResult merged = mergeShards(optimizer, parts);
    CHECK(merged.evaluated == 162);
    CHECK(merged.feasible == whole.feasible);
    REQUIRE(merged.front.size() == whole.front.size());
    for (std::size_t i = 0; i < merged.front.size(); ++i) {
        CHECK(merged.front[i].index == whole.front[i].index);
        CHECK(merged.front[i].objectives == whole.front[i].objectives);
    }
    CHECK(merged.knee == whole.knee);
    // Every shard exactly once.
    CHECK_THAT(errorOf([&] {
                   mergeShards(optimizer, {parts[0], parts[1]});
               }),
               Catch::Contains("shard 3/3 is missing"));
    CHECK_THAT(errorOf([&] {
                   mergeShards(optimizer, {parts[0], parts[1], parts[1]});
               }),
               Catch::Contains("are both shard 2/3"));
    // An evolutionary front is not a shard of an enumeration.
    OptimizeOptions evolutionary = searchOptions();
    evolutionary.method = SearchMethod::Evolutionary;
    evolutionary.generations = 1;
    const nlohmann::json heuristic =
        optimizeResultJson(optimizer, optimizer.run(evolutionary), {}, {});
    CHECK_THAT(errorOf([&] { partialFrontFromJson(optimizer, heuristic, "evo.json"); }),
               Catch::Contains("evo.json: /method"));
    // Malformed members are named by their pointer.
    nlohmann::json broken = optimizeResultJson(optimizer, whole, {}, {});
    broken["front"][0]["choices"][0] = 1.5;
    CHECK_THAT(errorOf([&] { partialFrontFromJson(optimizer, broken, "b.json"); }),
               Catch::Contains("b.json: /front/0/choices/0"));
    broken = optimizeResultJson(optimizer, whole, {}, {});
    broken["evaluated"] = "many";
    CHECK_THAT(errorOf([&] { partialFrontFromJson(optimizer, broken, "b.json"); }),
               Catch::Contains("b.json: /evaluated"));
}

TEST_CASE("candidates with the same objectives are one point of the front", "[optimize]")
{
    // The electricity price changes no objective here: capex only.
    OptimizeSpec spec;
    spec.variables = {parseDesignVariable("/compute/pools/0/gpuCount=504,1016"),
                      parseDesignVariable("/site/electricityUsdPerKWh=0.05,0.06,0.07")};
    spec.objectives = parseObjectives("capex");
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
    const OptimizeResult result = optimizer.run(searchOptions());
    REQUIRE(result.front.size() == 1);
    CHECK(result.front[0].index == 0); // the lowest index stands for the three
    CHECK(result.front[0].equivalents == 2);
    CHECK_THAT(frontRole(optimizer, result, 0), Catch::Contains("+2 with the same figures"));
}

TEST_CASE("a value refused alone but accepted with another variable's value is searched",
          "[optimize]")
{
    // B200 does not fit the base's default server; the server variable offers one that does.
    OptimizeSpec spec;
    spec.variables = {parseDesignVariable("/compute/pools/0/gpu=H100-SXM,B200"),
                      parseDesignVariable("/compute/pools/0/server=HGX-H100,DGX-B200")};
    spec.objectives = parseObjectives("capex");
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
    const OptimizeResult result = optimizer.run(searchOptions());
    CHECK(result.evaluated == 4);
    CHECK(result.feasible == 2); // the matching pairs
}

TEST_CASE("a constraint nothing meets names itself and the closest candidate's slack", "[optimize]")
{
    OptimizeSpec spec = smallSpace();
    spec.constraints = {parseConstraint("capex<=1e6")};
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
    const OptimizeResult result = optimizer.run(searchOptions());
    CHECK(result.front.empty());
    REQUIRE(result.closest);
    const std::string message = infeasibleMessage(optimizer, result);
    CHECK_THAT(message, Catch::Contains("capex<=1e6 is missed by"));
    // The closest candidate is the cheapest clean design: 504 GPUs.
    CHECK_THAT(message, Catch::Contains("gpuCount=504"));
}

TEST_CASE("front members are the projects that were evaluated", "[optimize]")
{
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), smallSpace());
    OptimizeOptions options = searchOptions();
    options.method = SearchMethod::Exhaustive;
    const OptimizeResult result = optimizer.run(options);
    REQUIRE_FALSE(result.front.empty());
    for (const Candidate &member : result.front) {
        // The written file, loaded from text as `aidc eval` loads it, gives the same figures.
        const std::string text = optimizer.document(member.choices, 2);
        const LoadedProject loaded =
            prepareProject(parseProjectJson(text, "front.json"), kMinimal, baseCatalog());
        const Result evaluated = evaluateLoadedProject(loaded, {});
        CHECK(evaluated.summary.capexUsd == member.objectives[0]);
        CHECK(evaluated.summary.effectiveTimeToTrainDays == member.objectives[1]);
    }
    // Knee and best per objective are front members.
    CHECK(result.knee < result.front.size());
    CHECK(frontRole(optimizer, result, result.bestPerObjective[0]).find("best capex") !=
          std::string::npos);
}

TEST_CASE("a null value removes the field so its default applies", "[optimize]")
{
    OptimizeSpec spec;
    spec.variables = {parseDesignVariable(
        R"(/cooling/type+/cooling/facilityWaterClass=["air",null],["direct-liquid","W32"])")};
    spec.objectives = parseObjectives("capex");
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
    const nlohmann::json air = nlohmann::json::parse(optimizer.document({0}));
    CHECK(air["cooling"]["type"] == "air");
    CHECK_FALSE(air["cooling"].contains("facilityWaterClass"));
    const nlohmann::json liquid = nlohmann::json::parse(optimizer.document({1}));
    CHECK(liquid["cooling"]["facilityWaterClass"] == "W32");
}

// Issue 24, item 1: a site outlives one model. With a mix, the job's figures are the weighted
// mean over the jobs and the site's figures those of the first job.
TEST_CASE("a workload mix weighs the jobs' figures and keeps the site's", "[optimize]")
{
    const std::string other = AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json"; // a 70B job
    auto spec = [&](std::vector<WorkloadShare> mix) {
        OptimizeSpec s;
        s.variables = {parseDesignVariable("/compute/pools/0/gpuCount=1016,2040")};
        s.objectives = parseObjectives("capex,time-to-train,mfu");
        s.mix = std::move(mix);
        return s;
    };
    const WorkloadShare small = parseWorkloadShare(kMinimal + "=7");
    const WorkloadShare large = parseWorkloadShare(other + "=3");
    CHECK(small.weight == 7);
    const Optimizer mixed(kMinimal, minimalText(), baseCatalog(), spec({small, large}));
    const Optimizer onlySmall(kMinimal, minimalText(), baseCatalog(), spec({small}));
    const Optimizer onlyLarge(kMinimal, minimalText(), baseCatalog(), spec({large}));
    const EvaluateOptions options;
    for (int choice : {0, 1}) {
        const Candidate m = mixed.evaluate({choice}, options);
        const Candidate a = onlySmall.evaluate({choice}, options);
        const Candidate b = onlyLarge.evaluate({choice}, options);
        REQUIRE(m.feasible());
        REQUIRE(a.feasible());
        REQUIRE(b.feasible());
        CHECK(*m.objectives[0] == *a.objectives[0]); // capex: the site, from the first job
        CHECK(*m.objectives[1] == Approx(0.7 * *a.objectives[1] + 0.3 * *b.objectives[1]));
        CHECK(*m.objectives[2] == Approx(0.7 * *a.objectives[2] + 0.3 * *b.objectives[2]));
    }
    // A job that cannot run on a design makes the design infeasible for the mix.
    OptimizeSpec tooSmall = spec({small, large});
    tooSmall.variables = {parseDesignVariable("/compute/pools/0/gpuCount=504,1016")};
    const Optimizer narrow(kMinimal, minimalText(), baseCatalog(), tooSmall);
    const Candidate cramped = narrow.evaluate({0}, options);
    CHECK_FALSE(cramped.feasible());
    CHECK_THAT(cramped.problem, Catch::Contains("h100-1k-infiniband.json"));
}

TEST_CASE("bad workload shares are refused naming the argument", "[optimize]")
{
    CHECK_THAT(errorOf([] { parseWorkloadShare("/no/such/project.json"); }),
               Catch::Contains("--workload '/no/such/project.json'"));
    CHECK_THAT(errorOf([] { parseWorkloadShare(kMinimal + "=0"); }), Catch::Contains("above zero"));
    CHECK_THAT(errorOf([] { parseWorkloadShare(kMinimal + "=heavy"); }),
               Catch::Contains("above zero"));
    CHECK_THAT(errorOf([] { parseWorkloadShare("=2"); }), Catch::Contains("give a project file"));
    // A project without a job.
    const std::string noJob =
        (std::filesystem::temp_directory_path() / "aidc-optimize-no-job.json").string();
    std::ofstream(noJob) << R"({"schema": "aidc-project", "version": 2, "name": "no job",
        "compute": {"pools": [{"gpu": "H100-SXM", "gpuCount": 1016}]}})";
    CHECK_THAT(errorOf([&] { parseWorkloadShare(noJob); }), Catch::Contains("has no /workload"));
    std::filesystem::remove(noJob);
}

// Issue 24, item 2: declared monotone effects prune the enumeration, and a pruned region holds
// no front member (the pruned search's front equals the full enumeration's).
TEST_CASE("declared monotone effects prune without losing a front member", "[optimize]")
{
    auto frontOf = [](OptimizeSpec spec, const std::vector<std::string> &monotone,
                      std::int64_t *pruned = nullptr,
                      std::vector<std::string> *contradictions = nullptr) {
        for (const std::string &m : monotone) {
            for (const MonotoneEffect &effect : parseMonotone(m, spec.variables))
                spec.monotone.push_back(effect);
        }
        const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
        OptimizeOptions options = searchOptions();
        options.method = SearchMethod::Exhaustive;
        const OptimizeResult result = optimizer.run(options);
        if (pruned)
            *pruned = result.pruned;
        if (contradictions)
            *contradictions = result.monotoneContradictions;
        CHECK(result.evaluated + result.pruned == 162);
        return indices(result.front);
    };
    // More GPUs cost more: under a budget, every larger pool beyond a miss is skipped.
    OptimizeSpec budget = smallSpace();
    budget.constraints = {parseConstraint("capex<=6e7")};
    std::int64_t pruned = 0;
    std::vector<std::string> contradictions;
    CHECK(frontOf(budget, {"/compute/pools/0/gpuCount=capex+"}, &pruned, &contradictions) ==
          frontOf(budget, {}));
    CHECK(pruned > 0);
    CHECK(contradictions.empty());
    // Capex alone: a larger pool is at best as cheap, so only the smallest is searched on.
    OptimizeSpec cheapest = smallSpace();
    cheapest.objectives = parseObjectives("capex");
    CHECK(frontOf(cheapest, {"/compute/pools/0/gpuCount=capex+"}, &pruned) ==
          frontOf(cheapest, {}));
    // Every pool above a feasible one with the same other choices: 66 of the 162 here.
    CHECK(pruned > 0);
    // A false declaration is caught on the pairs the search checks.
    frontOf(cheapest, {"/compute/pools/0/gpuCount=capex-"}, &pruned, &contradictions);
    CHECK_FALSE(contradictions.empty());
}

TEST_CASE("bad monotone declarations are refused naming the option", "[optimize]")
{
    const std::vector<DesignVariable> variables = smallSpace().variables;
    CHECK_THAT(errorOf([&] { parseMonotone("/cooling/type=capex+", variables); }),
               Catch::Contains("not numbers in ascending order"));
    CHECK_THAT(errorOf([&] { parseMonotone("/power/gpuLoadFactor=capex+", variables); }),
               Catch::Contains("is not the path of a --vary"));
    CHECK_THAT(errorOf([&] { parseMonotone("/compute/pools/0/gpuCount=capex", variables); }),
               Catch::Contains("followed by +"));
    CHECK_THAT(errorOf([&] { parseMonotone("/compute/pools/0/gpuCount=speed+", variables); }),
               Catch::Contains("'speed' is not a metric"));
    CHECK_THAT(errorOf([&] { parseMonotone("/compute/pools/0/gpuCount", variables); }),
               Catch::Contains("is not of the form"));
}

// Issue 24, item 6: phased build-out. The first phase is the candidate with the --phase1 fields
// set; phase1- metrics read it; both phases must be feasible and keep every plane's tiers.
TEST_CASE("a phased design reads its first phase and must grow without rebuilding", "[optimize]")
{
    OptimizeSpec spec;
    spec.variables = {parseDesignVariable("/compute/pools/0/gpuCount=2040,4088")};
    spec.objectives = parseObjectives("capex,phase1-capex");
    CHECK_THAT(errorOf([&] { Optimizer(kMinimal, minimalText(), baseCatalog(), spec); }),
               Catch::Contains("needs --phase1"));
    spec.phase1 = {parseDesignVariable("/compute/pools/0/gpuCount=1016")};
    const Optimizer optimizer(kMinimal, minimalText(), baseCatalog(), spec);
    const EvaluateOptions options;
    const Candidate grown = optimizer.evaluate({0}, options);
    // The first phase's figure is the one of the project with its fields set.
    OptimizeSpec alone;
    alone.variables = {parseDesignVariable("/compute/pools/0/gpuCount=1016")};
    alone.objectives = parseObjectives("capex");
    const Candidate early =
        Optimizer(kMinimal, minimalText(), baseCatalog(), alone).evaluate({0}, options);
    REQUIRE(grown.objectives[1]);
    CHECK(*grown.objectives[1] == *early.objectives[0]);
    CHECK(*grown.objectives[0] > *grown.objectives[1]); // the final design costs more
    // 1,016 GPUs fit one tier of the minimal sample's frontend plane, 2,040 need two: the final
    // design would rebuild the first phase's fabric.
    CHECK_FALSE(grown.feasible());
    CHECK(grown.finalFeasible);
    CHECK_THAT(grown.problem, Catch::Contains("growing would rebuild the fabric"));

    // A first phase with the final tiers grows; the front says what the phase costs.
    spec.phase1 = {parseDesignVariable("/compute/pools/0/gpuCount=2040")};
    spec.objectives = parseObjectives("capex");
    const OptimizeResult result =
        Optimizer(kMinimal, minimalText(), baseCatalog(), spec).run(searchOptions());
    REQUIRE_FALSE(result.front.empty());
    REQUIRE(result.fromScratchBest.size() == 1);
    REQUIRE(result.fromScratchBest[0]);
    CHECK(*result.fromScratchBest[0] <= *result.front[result.bestPerObjective[0]].objectives[0]);

    // A first-phase constraint binds like any other: a budget the first phase misses makes the
    // candidate infeasible although the final design alone is fine.
    spec.constraints = {parseConstraint("phase1-capex<=1e6")};
    const Candidate overBudget =
        Optimizer(kMinimal, minimalText(), baseCatalog(), spec).evaluate({0}, options);
    CHECK_FALSE(overBudget.feasible());
    CHECK(overBudget.finalFeasible);
    // A first phase larger than the final design is no part of it.
    spec.constraints.clear();
    spec.variables = {parseDesignVariable("/compute/pools/0/gpuCount=1016")};
    spec.phase1 = {parseDesignVariable("/compute/pools/0/gpuCount=2040")};
    const Candidate shrinking =
        Optimizer(kMinimal, minimalText(), baseCatalog(), spec).evaluate({0}, options);
    CHECK_FALSE(shrinking.feasible());
    CHECK_THAT(shrinking.problem, Catch::Contains("more than the final design's"));
}

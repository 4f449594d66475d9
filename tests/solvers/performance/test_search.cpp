// The parallelism search: optimal within its space, explains its choice, respects fixed sizes,
// and the solve path produces a scaling curve and reports.

#include "publishedruns.h"

#include "solvers/performance/performancereport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

using namespace aidc;
using namespace aidc::test;

namespace {

ClusterNetwork metaNetwork(int gpus)
{
    // 400G per GPU, 3,072-GPU pods, 7:1 above [Llama 3 report §3.3.1].
    ClusterNetwork n = ClusterNetwork::nonBlocking(gpus, 8, 450, 400);
    n.islandGpus = 3072;
    n.islandOversubscription = 7;
    n.tiers = 3;
    return n;
}

} // namespace

TEST_CASE("the search finds a plan at least as good as the published Llama 3 plan")
{
    const Workload w = llama405bJob(8192);
    const PerformanceOptions o;
    ParallelPlan meta;
    meta.tp = 8;
    meta.pp = 16;
    meta.dp = 64;
    meta.schedule = PipelineSchedule::Interleaved;
    meta.virtualStages = 4;
    meta.recompute = Recompute::Selective;
    const PlanEvaluation fixed = evaluatePlan(w, h100(), metaNetwork(8192), meta, o);
    REQUIRE(fixed.feasible());
    const SearchResult s = searchParallelism(w, h100(), metaNetwork(8192), o);
    REQUIRE(s.found);
    CHECK(s.best.feasible());
    CHECK(s.best.tokensPerSecond >= fixed.tokensPerSecond * (1 - 1e-9));
    CHECK(s.best.memory.totalGB <= s.best.memory.capacityGB);
    CHECK(s.best.gpusUsed <= 8192);
    REQUIRE(s.runnerUp.has_value());
    CHECK(s.runnerUp->tokensPerSecond <= s.best.tokensPerSecond);
    const bool differs =
        s.runnerUp->plan.tp != s.best.plan.tp || s.runnerUp->plan.pp != s.best.plan.pp ||
        s.runnerUp->plan.cp != s.best.plan.cp || s.runnerUp->plan.schedule != s.best.plan.schedule;
    CHECK(differs);
    REQUIRE(s.explanation.size() >= 4);
    CHECK(s.explanation.front().rfind("chose TP", 0) == 0);
    bool namesRunnerUp = false;
    for (const std::string &line : s.explanation)
        namesRunnerUp = namesRunnerUp || line.rfind("runner-up", 0) == 0;
    CHECK(namesRunnerUp);
    CHECK(s.evaluated > 100);
}

TEST_CASE("fixed sizes in the constraints are respected")
{
    const Workload w = llama405bJob(8192);
    PerformanceOptions o;
    o.constraints.tp = 8;
    o.constraints.pp = 16;
    o.constraints.schedule = static_cast<int>(PipelineSchedule::Interleaved);
    const SearchResult s = searchParallelism(w, h100(), metaNetwork(8192), o);
    REQUIRE(s.found);
    CHECK(s.best.plan.tp == 8);
    CHECK(s.best.plan.pp == 16);
    CHECK(s.best.plan.schedule == PipelineSchedule::Interleaved);
}

TEST_CASE("solvePerformance: fixed plan, time to train, scaling curve and reports")
{
    Workload w = llama405bJob(16384);
    w.parallelism.automatic = false;
    w.parallelism.tp = 8;
    w.parallelism.pp = 16;
    w.parallelism.dp = 0; // derive: 16384 / 128 = 128
    w.parallelism.schedule = PipelineSchedule::Interleaved;
    w.parallelism.virtualStages = 4;
    w.parallelism.recompute = Recompute::Selective;
    const PerformanceResult r = solvePerformance(w, h100(), metaNetwork(16384), {});
    REQUIRE(r.ok);
    CHECK(r.plan.plan.dp == 128);
    CHECK(r.timeToTrainDays == Approx(15e12 / r.plan.tokensPerSecond / 86400));
    CHECK(r.parameters.total == Approx(405.9e9).epsilon(0.001));
    REQUIRE(r.scaling.size() >= 3);
    for (size_t i = 1; i < r.scaling.size(); ++i) {
        CHECK(r.scaling[i].gpus > r.scaling[i - 1].gpus);
        CHECK(r.scaling[i].tokensPerSecond > r.scaling[i - 1].tokensPerSecond);
    }
    double best = 0;
    for (const ScalingPoint &pt : r.scaling) {
        CHECK(pt.linearity <= 1 + 1e-12);
        best = std::max(best, pt.linearity);
    }
    CHECK(best == Approx(1));
    // Fixed global batch: more GPUs, fewer micro-batches, larger bubble share -> sublinear,
    // and the largest point runs below the best MFU of the curve.
    CHECK(r.scaling.back().linearity < 0.95);

    const nlohmann::json j = toJson(r);
    CHECK(j.at("plan").at("step").contains("bubbleS"));
    CHECK(j.at("plan").at("step").at("stepS").get<double>() == Approx(r.plan.step.stepS));
    CHECK(j.at("plan").at("memoryPerGpu").contains("totalGB"));
    CHECK(j.at("parameters").contains("active"));
    CHECK(j.at("scaling").size() == r.scaling.size());
    std::ostringstream text;
    writeText(text, r);
    CHECK(text.str().find("MFU") != std::string::npos);
    CHECK(text.str().find("step") != std::string::npos);
}

TEST_CASE("the step-time terms add up")
{
    const SearchResult s = searchParallelism(llama405bJob(8192), h100(), metaNetwork(8192), {});
    REQUIRE(s.found);
    const StepBreakdown &t = s.best.step;
    CHECK(t.stepS == Approx(t.computeS + t.bubbleS + t.optimizerS + t.commS() - t.hiddenCommS() +
                            t.ioS - t.hiddenIoS));
    CHECK(t.hiddenCommS() <= t.commS() + 1e-12);
    CHECK(s.best.mfu == Approx(s.best.modelFlopsPerStep / (t.stepS * s.best.gpusUsed * 989e12)));
}

TEST_CASE("idle GPUs from a batch no DP divides are a warning on the batch")
{
    // 100,000 GPUs, batch 2,048: no model-parallel shape with DP dividing 2,048 uses them all.
    const PerformanceResult r =
        solvePerformance(llama405bJob(100000), h100(), metaNetwork(100000), {});
    REQUIRE(r.ok);
    CHECK(r.plan.gpusUsed < 100000);
    bool warned = false;
    for (const Diagnostic &d : r.diagnostics.items())
        warned = warned || (d.severity == Severity::Warning &&
                            d.jsonPath == "/workload/globalBatchSequences");
    CHECK(warned == (r.plan.gpusUsed < 90000));
}

// SPDX-License-Identifier: Apache-2.0
// The parallelism search: optimal within its space, explains its choice, respects fixed sizes,
// and the solve path produces a scaling curve and reports.

#include "publishedruns.h"

#include "model/softwarestack.h"
#include "solvers/performance/performancereport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

using namespace aidc;
using namespace aidc::test;

namespace {

} // namespace

TEST_CASE("the search finds a plan at least as good as the published Llama 3 plan")
{
    const Workload w = llama405bJob(8192);
    const PerformanceOptions o;
    const ParallelPlan meta = metaPlan();
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
    // A complete plan; dp left out is derived: 16384 / 128 = 128.
    w.parallelism = {8, 16, {}, 1, 1, 1, 4, PipelineSchedule::Interleaved, 1, Recompute::Selective};
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
    // Linearity = per-GPU throughput relative to the smallest point of the curve.
    const ScalingPoint &small = r.scaling.front();
    CHECK(small.linearity == Approx(1));
    for (const ScalingPoint &pt : r.scaling)
        CHECK(pt.linearity ==
              Approx(pt.tokensPerSecond / pt.gpus / (small.tokensPerSecond / small.gpus)));
    // Fixed global batch: doubling the GPUs halves the micro-batches per replica and grows the
    // bubble share, so the full size runs below the half size per GPU. (The smallest points
    // are memory-bound, DP 1 holds every optimizer state, so the curve rises first.)
    const size_t n = r.scaling.size();
    CHECK(r.scaling[n - 1].linearity < r.scaling[n - 2].linearity);

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
    CHECK(t.stepS == Approx(t.computeS + t.overlapSlowdownS + t.bubbleS + t.optimizerS + t.commS() -
                            t.hiddenCommS() + t.ioS - t.hiddenIoS));
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

TEST_CASE("a fixed plan without DP takes the largest DP that divides the batch")
{
    // 1,000 sequences on 1,024 GPUs with TP 8: 128 replicas would fit, but 1,000 is not a
    // multiple of 128; the largest divisor of 1,000 not above 128 is 125.
    Workload w;
    w.model = llama3_70b();
    w.globalBatchSequences = 1000;
    w.trainingTokens = 1e12;
    w.parallelism = {8, 1, {}, 1, 1, 1, {}, PipelineSchedule::OneFOneB, 1, Recompute::Full};
    PerformanceOptions o;
    o.scalingPoints = 0;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(1024, 8, 450, 400);
    const PerformanceResult r = solvePerformance(w, h100(), net, o);
    REQUIRE(r.ok);
    CHECK(r.plan.plan.dp == 125);
    CHECK(r.plan.gpusUsed == 1000);
    // When a schedule rule then fails, the message says DP was derived and how to set it:
    // PP 3 leaves 1024 / 24 = 42 replicas, the largest divisor of 1,000 below is 40, and
    // 1,000 / 40 = 25 micro-batches is not a multiple of PP 3 as interleaving needs.
    w.parallelism.pp = 3;
    w.parallelism.schedule = PipelineSchedule::Interleaved;
    w.parallelism.virtualStages = 2;
    const PerformanceResult bad = solvePerformance(w, h100(), net, o);
    CHECK_FALSE(bad.ok);
    REQUIRE(bad.diagnostics.hasErrors());
    const std::string text = bad.diagnostics.toString();
    CHECK(text.find("multiple of PP 3") != std::string::npos);
    CHECK(text.find("derived as 40") != std::string::npos);
    CHECK(text.find("/workload/parallelism/dp") != std::string::npos);
}

TEST_CASE("plans within the tie tolerance rank by fewer GPUs, then less memory")
{
    const Workload w = llama405bJob(8192);
    PlanEvaluation a = evaluatePlan(w, h100(), metaNetwork(8192), metaPlan(), {});
    REQUIRE(a.feasible());
    PlanEvaluation b = a;
    // 0.05% slower but on fewer GPUs: equivalent, and the smaller plan ranks first.
    b.step.stepS = a.step.stepS * (1 + SearchResult::tieTolerance / 2);
    b.plan.dp = 32;
    CHECK(ranksBefore(b, a));
    CHECK_FALSE(ranksBefore(a, b));
    // Same GPUs: the plan with less memory per GPU ranks first.
    b.plan.dp = a.plan.dp;
    b.memory.totalGB = a.memory.totalGB - 1;
    CHECK(ranksBefore(b, a));
    // Beyond the tolerance the shorter step wins whatever the GPU count.
    b.step.stepS = a.step.stepS * (1 + 4 * SearchResult::tieTolerance);
    b.plan.dp = 32;
    CHECK(ranksBefore(a, b));
}

TEST_CASE("the report says when the runner-up is equivalent")
{
    // The explanation calls the runner-up equivalent exactly when its step is within the tie
    // tolerance, and otherwise names the step term that makes it slower.
    Workload w;
    w.model = llama3_70b();
    w.globalBatchSequences = 1000;
    w.trainingTokens = 1e12;
    PerformanceOptions o;
    o.scalingPoints = 0;
    const SearchResult s =
        searchParallelism(w, h100(), ClusterNetwork::nonBlocking(1024, 8, 450, 400), o);
    REQUIRE(s.found);
    REQUIRE(s.runnerUp.has_value());
    bool saysEquivalent = false, saysSlower = false;
    for (const std::string &line : s.explanation) {
        saysEquivalent = saysEquivalent || line.find("is equivalent") != std::string::npos;
        saysSlower = saysSlower || line.find("slower:") != std::string::npos;
    }
    CHECK(saysEquivalent == s.runnerUpTied);
    CHECK(saysSlower == !s.runnerUpTied);
    const double gap = s.runnerUp->step.stepS / s.best.step.stepS - 1;
    CHECK(s.runnerUpTied == (gap <= SearchResult::tieTolerance));
    CHECK(gap >= -SearchResult::tieTolerance);
}

// Issue 16, item 2: publications give part of a plan. The keys a project fixes are kept and the
// rest searched; "interleaved" without v searches v.
TEST_CASE("a partial plan keeps the published keys and searches the rest")
{
    Workload w = llama405bJob(8192);
    w.parallelism.tp = 8;
    w.parallelism.pp = 16;
    w.parallelism.schedule = PipelineSchedule::Interleaved;
    PerformanceOptions o;
    o.scalingPoints = 0;
    const PerformanceResult r = solvePerformance(w, h100(), metaNetwork(8192), o);
    REQUIRE(r.ok);
    CHECK(r.automatic); // searched, within the fixed keys
    CHECK(r.plan.plan.tp == 8);
    CHECK(r.plan.plan.pp == 16);
    CHECK(r.plan.plan.schedule == PipelineSchedule::Interleaved);
    CHECK(r.plan.plan.virtualStages > 1); // v was searched, not taken as 1
    // The same keys fixed through the search's constraints give the same plan.
    PerformanceOptions constrained = o;
    constrained.constraints.tp = 8;
    constrained.constraints.pp = 16;
    constrained.constraints.schedule = static_cast<int>(PipelineSchedule::Interleaved);
    const SearchResult s =
        searchParallelism(llama405bJob(8192), h100(), metaNetwork(8192), constrained);
    REQUIRE(s.found);
    CHECK(s.best.plan == r.plan.plan);
}

// Issue 16, item 3: interleaved with one chunk per stage counted p(1 + (p-1)/p) = 2p - 1
// activation sets on the first stage, so a published PP 16 plan of 405B was refused as out of
// memory while the same plan as 1F1B fitted. With v = 1 it is 1F1B: p sets.
TEST_CASE("interleaved with one virtual stage holds the activations of 1F1B")
{
    const Workload w = llama405bJob(8192);
    ParallelPlan plan = metaPlan();
    plan.virtualStages = 1;
    plan.schedule = PipelineSchedule::OneFOneB;
    const PlanEvaluation oneF = evaluatePlan(w, h100(), metaNetwork(8192), plan, {});
    plan.schedule = PipelineSchedule::Interleaved;
    const PlanEvaluation interleaved = evaluatePlan(w, h100(), metaNetwork(8192), plan, {});
    CHECK(interleaved.memory.activationsGB == Approx(oneF.memory.activationsGB));
}

// Issue 16, item 1: the software stack is a project input. A 2021 stack (materialised softmax,
// dropout, blocking collectives, no distributed optimizer) runs slower than a 2024 one on the
// same job; a switch given with the preset overrides it.
TEST_CASE("software stack presets and switches change what the model assumes")
{
    Workload w = llama405bJob(8192);
    PerformanceOptions o;
    o.scalingPoints = 0;
    w.stack.preset = "megatron-core-2024";
    const PerformanceResult modern = solvePerformance(w, h100(), metaNetwork(8192), o);
    w.stack.preset = "megatron-2021";
    const PerformanceResult old = solvePerformance(w, h100(), metaNetwork(8192), o);
    w.stack.flashAttention = true;
    const PerformanceResult oldWithFlash = solvePerformance(w, h100(), metaNetwork(8192), o);
    REQUIRE(modern.ok);
    REQUIRE(old.ok);
    REQUIRE(oldWithFlash.ok);
    CHECK(old.plan.mfu < modern.plan.mfu);
    CHECK(oldWithFlash.plan.mfu > old.plan.mfu);
    CHECK(old.plan.plan.zeroStage == 0); // no distributed optimizer
    CHECK(old.plan.plan.schedule != PipelineSchedule::DualPipe);
    // The resolved switches of a preset, with the project's override.
    const SoftwareStack resolved = resolvedStack(w.stack);
    CHECK(resolved.flashAttention == true);
    CHECK(resolved.dropout == true);
    CHECK(resolved.tpOverlap == 0.0);
}

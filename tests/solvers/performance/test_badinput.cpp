// SPDX-License-Identifier: Apache-2.0
// Bad input gives a clear message naming the failed constraint, the field, and the fix
// (issue 6, "Bad input").

#include "publishedruns.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

ParallelPlan published()
{
    return metaPlan();
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("heads not divisible by TP name the TP field and the fix")
{
    ParallelPlan p = published();
    p.tp = 6; // 128 heads
    p.dp = 64;
    const PlanEvaluation e = evaluatePlan(llama405bJob(8192), h100(),
                                          ClusterNetwork::nonBlocking(8192, 8, 450, 400), p, {});
    CHECK(e.status == PlanStatus::InvalidDivisibility);
    CHECK(e.jsonPath == "/workload/parallelism/tp");
    CHECK(contains(e.reason, "heads (128) are not divisible by TP 6"));
    CHECK(contains(e.reason, "divides the head count"));
}

TEST_CASE("PP larger than the layer count is rejected")
{
    ParallelPlan p = published();
    p.pp = 127;
    p.dp = 1;
    p.schedule = PipelineSchedule::OneFOneB;
    const PlanEvaluation e = evaluatePlan(llama405bJob(8192), h100(),
                                          ClusterNetwork::nonBlocking(8192, 8, 450, 400), p, {});
    CHECK(e.status == PlanStatus::InvalidDivisibility);
    CHECK(e.jsonPath == "/workload/parallelism/pp");
    CHECK(contains(e.reason, "larger than the 126 layers"));
}

TEST_CASE("a batch not divisible by DP x micro-batch is rejected")
{
    ParallelPlan p = published();
    p.dp = 48; // 2048 % 48 != 0
    const PlanEvaluation e = evaluatePlan(llama405bJob(8192), h100(),
                                          ClusterNetwork::nonBlocking(8192, 8, 450, 400), p, {});
    CHECK(e.status == PlanStatus::InvalidDivisibility);
    CHECK(e.jsonPath == "/workload/parallelism/dp");
    CHECK(contains(e.reason, "not divisible by DP x micro-batch (48 x 1)"));
}

TEST_CASE("a plan needing more GPUs than the pool says so")
{
    const PlanEvaluation e =
        evaluatePlan(llama405bJob(4096), h100(), ClusterNetwork::nonBlocking(4096, 8, 450, 400),
                     published(), {});
    CHECK(e.status == PlanStatus::TooFewGpus);
    CHECK(contains(e.reason, "needs 8192 GPUs"));
}

TEST_CASE("a model that fits nowhere names the memory term and the fix")
{
    // 405B on 16 A100 80GB: 16 B/param of model state alone is 6.5 TB > 16 x 80 GB.
    Workload w = llama405bJob(16);
    w.globalBatchSequences = 16;
    const SearchResult s =
        searchParallelism(w, a100(), ClusterNetwork::nonBlocking(16, 8, 300, 200), {});
    CHECK_FALSE(s.found);
    CHECK(contains(s.failure, "fits nowhere"));
    CHECK(contains(s.failure, "more HBM"));
    // The same through solvePerformance: an error at the parallelism field.
    w.parallelism = {}; // search everything
    const PerformanceResult r =
        solvePerformance(w, a100(), ClusterNetwork::nonBlocking(16, 8, 300, 200), {});
    CHECK_FALSE(r.ok);
    REQUIRE(r.diagnostics.hasErrors());
    CHECK(r.diagnostics.items().front().jsonPath == "/workload/parallelism");
}

TEST_CASE("a fixed plan that overflows memory is an error with the largest term")
{
    Workload w = llama405bJob(64);
    w.globalBatchSequences = 64;
    w.parallelism = {8, 1, 8, 1, 1, 1, {}, PipelineSchedule::OneFOneB, 1, Recompute::Selective};
    const PerformanceResult r =
        solvePerformance(w, h100(), ClusterNetwork::nonBlocking(64, 8, 450, 400), {});
    CHECK_FALSE(r.ok);
    REQUIRE(r.diagnostics.hasErrors());
    CHECK(contains(r.diagnostics.toString(), "the largest term is"));
    CHECK(r.plan.status == PlanStatus::OutOfMemory);
}

TEST_CASE("options, network and workload fields out of range are errors with paths")
{
    PerformanceOptions o;
    o.tpOverlap = 1.5;
    o.workspaceGB = -1;
    const Diagnostics d = o.validate();
    CHECK(d.hasErrors());
    CHECK(contains(d.toString(), "/options/performance/tpOverlap"));
    CHECK(contains(d.toString(), "/options/performance/workspaceGB"));

    ClusterNetwork n = ClusterNetwork::nonBlocking(0, 8, 450, 400);
    n.islandOversubscription = 0.5;
    const Diagnostics dn = n.validate();
    CHECK(contains(dn.toString(), "/network/gpus"));
    CHECK(contains(dn.toString(), "/network/islandOversubscription"));

    Workload w = llama405bJob(8);
    w.model.kvHeads = 3;
    const PerformanceResult r =
        solvePerformance(w, h100(), ClusterNetwork::nonBlocking(8, 8, 450, 400), {});
    CHECK_FALSE(r.ok);
    CHECK(contains(r.diagnostics.toString(), "/workload/model/kvHeads"));
    CHECK(PerformanceOptions{}.validate().empty());
}

TEST_CASE("a fixed plan obeys the schedule rules the search obeys")
{
    const ClusterNetwork net = ClusterNetwork::nonBlocking(8192, 8, 450, 400);
    // Interleaved 1F1B needs micro-batches per replica (2048 / 64 = 32) to be a multiple of
    // PP: 32 is not a multiple of PP 12.
    ParallelPlan p = published();
    p.pp = 12;
    p.virtualStages = 2;
    PlanEvaluation e = evaluatePlan(llama405bJob(8192), h100(), net, p, {});
    CHECK(e.status == PlanStatus::InvalidDivisibility);
    CHECK(contains(e.reason, "multiple of PP 12"));
    // DualPipe needs at least PP micro-batches: DP 256 leaves 8 for PP 16.
    p = published();
    p.schedule = PipelineSchedule::DualPipe;
    p.virtualStages = 1;
    p.dp = 256;
    e = evaluatePlan(llama405bJob(65536), h100(), net, p, {});
    CHECK(e.status == PlanStatus::InvalidDivisibility);
    CHECK(contains(e.reason, "at least PP (16) micro-batches"));
    // The search applies the same rules: constrained to interleaving at PP 12, it finds
    // nothing and says which rule every candidate broke.
    PerformanceOptions o;
    o.constraints.tp = 8;
    o.constraints.pp = 12;
    o.constraints.dp = 64;
    o.constraints.microBatch = 1;
    o.constraints.schedule = static_cast<int>(PipelineSchedule::Interleaved);
    const SearchResult s = searchParallelism(llama405bJob(8192), h100(), net, o);
    CHECK_FALSE(s.found);
    CHECK(contains(s.failure, "multiple of PP 12"));
}

TEST_CASE("TP x CP x PP larger than the pool is named as such")
{
    ParallelPlan p = published();
    p.dp = 1;
    const PlanEvaluation e =
        evaluatePlan(llama405bJob(64), h100(), ClusterNetwork::nonBlocking(64, 8, 450, 400), p, {});
    CHECK(e.status == PlanStatus::TooFewGpus);
    CHECK(contains(e.reason, "TP x CP x PP (128) already exceeds the 64 GPUs"));
}

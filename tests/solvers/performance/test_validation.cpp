// SPDX-License-Identifier: Apache-2.0
// Validation against published large-scale runs (docs/model-validation.md). One set of
// defaults for every case (see publishedruns.h), every figure in the product's convention
// (per-layer MFU/HFU against dense BF16 peak). The tolerance is the band analytical models
// reach out of sample (typically +-10-20% [U]).

#include "publishedruns.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace aidc;
using namespace aidc::test;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct Errors
{
    std::vector<double> a100, h100, all; // absolute relative errors
};

Errors errorsAt(double scale)
{
    Errors e;
    for (PublishedRun run : publishedRuns()) {
        run.options.computeEfficiencyScale = scale;
        const RunOutcome o = evaluateRun(run);
        const double error = o.found ? std::fabs(o.predicted / run.published - 1) : 1.0;
        (isH100(run) ? e.h100 : e.a100).push_back(error);
        e.all.push_back(error);
    }
    return e;
}

} // namespace

TEST_CASE("Megatron-LM 1T GPT on 3,072 A100 reaches ~163 TFLOP/s per GPU")
{
    // Narayanan et al. SC'21: TP 8, PP 64, 163 TFLOP/s = 52% of peak counting recompute.
    const PublishedRun run = findRun("Megatron-LM GPT 1T on 3072 A100");
    const RunOutcome o = evaluateRun(run);
    REQUIRE(o.found);
    CHECK(o.plan.plan.tp == 8);
    CHECK(o.plan.plan.pp == 64);
    CHECK(o.plan.hfu * 312 == Approx(163).epsilon(0.10));
}

TEST_CASE("Llama 3 405B on 8,192 H100 reaches ~43% BF16 MFU")
{
    // Meta 2024, Table 4: TP 8, CP 1, PP 16, DP 64, sequence 8,192 -> 43% MFU (causal
    // count assumed), 44.7% in the per-layer convention.
    const PublishedRun run = findRun("Llama 3 405B on 8192 H100, seq 8192");
    CHECK(run.published == Approx(0.43 * 1.04).epsilon(0.01));
    const RunOutcome o = evaluateRun(run);
    REQUIRE(o.found);
    CHECK(o.plan.plan.dp == 64);
    CHECK(o.plan.mfu == Approx(run.published).epsilon(0.15));
}

TEST_CASE("every published run within 15%, median error under 10%")
{
    std::vector<double> errors;
    for (const PublishedRun &run : publishedRuns()) {
        const RunOutcome o = evaluateRun(run);
        INFO(run.name << " (" << run.source << "): " << o.failure);
        REQUIRE(o.found);
        const double error = (o.predicted - run.published) / run.published;
        INFO("published " << run.published << ", ours " << o.predicted);
        CHECK(std::fabs(error) < 0.15);
        errors.push_back(std::fabs(error));
    }
    CHECK(errors.size() == 25);
    CHECK(median(errors) < 0.10);
}

TEST_CASE("the default scale equalises the A100 and H100 median errors, held out, H100 misses")
{
    // The shipped computeEfficiencyScale is where the two generations' median errors cross
    // (docs/model-validation.md): just below it the A100 median is the larger, just above
    // it the H100 median.
    const double scale = PerformanceOptions{}.computeEfficiencyScale;
    const Errors below = errorsAt(scale - 0.01), above = errorsAt(scale + 0.01);
    CHECK(median(below.a100) > median(below.h100));
    CHECK(median(above.h100) > median(above.a100));
    // Fitted on the A100 rows alone (best of a 0.02 grid), the held-out H100 rows are
    // optimistic by more than the in-sample rows miss: one scale does not transfer between
    // generations while the catalog gives H100 A100's GEMM table.
    double bestScale = 0, bestA100 = 1;
    for (double s = 0.66; s <= 0.80; s += 0.02) {
        const double m = median(errorsAt(s).a100);
        if (m < bestA100)
            bestA100 = m, bestScale = s;
    }
    const Errors heldOut = errorsAt(bestScale);
    CHECK(bestScale > scale);
    CHECK(median(heldOut.h100) > 2 * median(heldOut.a100));
    for (PublishedRun run : publishedRuns()) {
        if (!isH100(run))
            continue;
        run.options.computeEfficiencyScale = bestScale;
        INFO(run.name);
        CHECK(evaluateRun(run).predicted > run.published);
    }
}

TEST_CASE("the uncalibrated kernel efficiencies are optimistic on every case")
{
    // computeEfficiencyScale = 1 uses the catalog's isolated-kernel efficiencies as if they
    // held for a whole training job: every prediction lands above the published value.
    for (PublishedRun run : publishedRuns()) {
        run.options.computeEfficiencyScale = 1.0;
        const RunOutcome o = evaluateRun(run);
        INFO(run.name);
        REQUIRE(o.found);
        CHECK(o.predicted > run.published);
    }
}

TEST_CASE("searched plans for 70B and 405B dense models on H100 stay in the validated band")
{
    // Band: the validated H100 runs reach 41.0% (Nemotron-4 on 6,144 GPUs) to 53.2% (Llama 3
    // 405B at 131k, 38% in Meta's causal count) MFU in the product's per-layer convention
    // (docs/model-validation.md, rows 19-24); the band is 35-55%, i.e. 35-50% in Meta's causal
    // count for an 8k-sequence 70B (x 1.073). An auto-searched plan outside it exploits
    // something no published run shows (the failure this test guards: 66% MFU from a TP 1 x
    // DP 500 x CP 2 ZeRO-3 plan with its DP traffic 100% hidden and free).
    PerformanceOptions o;
    o.scalingPoints = 0;
    Workload dense70;
    dense70.model = llama3_70b();
    dense70.trainingTokens = 15e12;
    for (int batch : {1000, 1024}) {
        dense70.globalBatchSequences = batch;
        const SearchResult s =
            searchParallelism(dense70, h100(), ClusterNetwork::nonBlocking(1024, 8, 450, 400), o);
        REQUIRE(s.found);
        INFO("70B, batch " << batch << ": " << s.explanation.front());
        CHECK(s.best.mfu > 0.35);
        CHECK(s.best.mfu < 0.55);
        CHECK(s.best.step.overlapSlowdownS > 0);
        CHECK(s.best.step.hiddenCommS() < s.best.step.commS());
    }
    const SearchResult s405 = searchParallelism(llama405bJob(16384), h100(), metaNetwork(16384), o);
    REQUIRE(s405.found);
    INFO("405B: " << s405.explanation.front());
    CHECK(s405.best.mfu > 0.35);
    CHECK(s405.best.mfu < 0.55);
}

// Validation against published large-scale runs (docs/model-validation.md). One set of
// defaults for every case (see publishedruns.h); the tolerance is the band analytical models
// reach out of sample [handbook performance.md §8: typically +-10-20%].

#include "publishedruns.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace aidc;
using namespace aidc::test;

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
    // Meta 2024, Table 4: TP 8, CP 1, PP 16, DP 64, sequence 8,192 -> 43% MFU.
    const PublishedRun run = findRun("Llama 3 405B on 8192 H100, seq 8192");
    const RunOutcome o = evaluateRun(run);
    REQUIRE(o.found);
    CHECK(o.plan.plan.dp == 64);
    CHECK(o.plan.mfu == Approx(0.43).epsilon(0.10));
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
    std::sort(errors.begin(), errors.end());
    CHECK(errors[errors.size() / 2] < 0.10);
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

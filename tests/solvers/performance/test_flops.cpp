// SPDX-License-Identifier: Apache-2.0
// FLOP and parameter counting against published formulas and model cards.

#include "publishedruns.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

TEST_CASE("parameter counts match published model sizes")
{
    // Llama 3 405B: 405B parameters [Meta 2024, Table 3] (our count: 405.9B).
    const ParameterCounts llama = countParameters(llama3_405b());
    CHECK(llama.total == Approx(405e9).epsilon(0.005));
    CHECK(llama.active == Approx(llama.total));
    // Mixtral 8x7B: 46.7B total, 12.9B active [Mistral AI, Mixtral of Experts, 2024].
    const ParameterCounts mixtral = countParameters(modelPreset("mixtral-8x7b"));
    CHECK(mixtral.total == Approx(46.7e9).epsilon(0.005));
    CHECK(mixtral.active == Approx(12.9e9).epsilon(0.01));
    // Megatron GPT-3 175B config (96 x 12288): 175B [Brown et al. 2020].
    CHECK(countParameters(gpt("175B", 96, 12288, 96)).total == Approx(175e9).epsilon(0.01));
}

TEST_CASE("per-layer model FLOPs equal Megatron-LM Eq. 3 for a GPT without recompute")
{
    // Narayanan et al. 2021 Eq. 3 without recompute [ref:megatron-2021] [D]:
    //   72 B s l h^2 (1 + s/(6h) + V/(12 l h))  per iteration, i.e. per token / (B s).
    const ModelArchitecture m = gpt("1T", 160, 25600, 128);
    const double s = m.seqLen, l = m.layers, h = m.hidden, v = m.vocab;
    const double eq3 = 72 * l * h * h * (1 + s / (6 * h) + v / (12 * l * h));
    CHECK(modelFlopsPerToken(m, FlopConvention::PerLayer) == Approx(eq3).epsilon(1e-12));
    // Causal halving removes half of the 12 l s h attention term.
    CHECK(modelFlopsPerToken(m, FlopConvention::PerLayerCausal) ==
          Approx(eq3 - 6 * l * s * h).epsilon(1e-12));
}

TEST_CASE("HFU with full recompute equals Eq. 3 with its factor 96")
{
    const PublishedRun run = findRun("Megatron-LM GPT 1T on 3072 A100");
    REQUIRE(run.workload.model.layers == 128);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 64;
    plan.dp = 6;
    plan.zeroStage = 0;
    plan.recompute = Recompute::Full;
    const PlanEvaluation e = evaluatePlan(run.workload, run.gpu, run.network, plan, run.options);
    REQUIRE(e.feasible());
    const ModelArchitecture &m = run.workload.model;
    const double s = m.seqLen, l = m.layers, h = m.hidden, v = m.vocab;
    const double perIteration = 96.0 * 3072 * s * l * h * h * (1 + s / (6 * h) + v / (16 * l * h));
    CHECK(e.hardwareFlopsPerStep == Approx(perIteration).epsilon(1e-9));
}

TEST_CASE("6N convention equals six times the active non-embedding parameters plus LM head")
{
    const ModelArchitecture &m = modelPreset("mixtral-8x7b");
    const ParameterCounts p = countParameters(m);
    const double lmHead = double(m.vocab) * m.hidden;
    const double expected = 6 * (p.active - 2 * lmHead) + 6 * lmHead;
    CHECK(modelFlopsPerToken(m, FlopConvention::SixN) == Approx(expected));
}

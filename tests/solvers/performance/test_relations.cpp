// SPDX-License-Identifier: Apache-2.0
// Textbook relations the model must reproduce (issue 6, "Checks"), and the memory formulas of
// the ZeRO table [ref:zero-2020].

#include "publishedruns.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

ModelArchitecture llama70b()
{
    return llama3_70b();
}

Workload job(const ModelArchitecture &m, int batch)
{
    Workload w;
    w.model = m;
    w.globalBatchSequences = batch;
    w.trainingTokens = 15e12;
    return w;
}

} // namespace

TEST_CASE("MFU falls when DP traffic must cross a 7:1 tier instead of a non-blocking one")
{
    const Workload w = job(llama70b(), 1024);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 4;
    plan.dp = 128; // DP group spans 8 x 128 = 1,024 GPUs
    plan.microBatch = 1;
    plan.recompute = Recompute::Selective;
    const PerformanceOptions o;
    const ClusterNetwork flat = ClusterNetwork::nonBlocking(4096, 8, 450, 400);
    ClusterNetwork islands = flat;
    islands.islandGpus = 256;
    islands.islandOversubscription = 7;
    const PlanEvaluation a = evaluatePlan(w, h100(), flat, plan, o);
    const PlanEvaluation b = evaluatePlan(w, h100(), islands, plan, o);
    REQUIRE(a.feasible());
    REQUIRE(b.feasible());
    CHECK(a.dpCollective.tier == "island");
    CHECK(b.dpCollective.tier == "cross-island");
    CHECK(b.step.dpCommS > a.step.dpCommS);
    CHECK(b.mfu < a.mfu);
    // The search sees the same penalty.
    const SearchResult sa = searchParallelism(w, h100(), flat, o);
    const SearchResult sb = searchParallelism(w, h100(), islands, o);
    REQUIRE(sa.found);
    REQUIRE(sb.found);
    CHECK(sb.best.tokensPerSecond <= sa.best.tokensPerSecond * (1 + 1e-9));
}

TEST_CASE("an NVL72 domain beats 8-GPU domains for a large MoE with wide EP")
{
    // A DeepSeek-V3-like MoE with 288 routed experts, so that an EP-72 group tiles a 72-GPU
    // rack (with 256 experts no EP size above 8 does; see the next test).
    ModelArchitecture m = deepseekV3Like();
    m.moe->experts = 288;
    Workload w = job(m, 4608);
    ParallelPlan plan;
    plan.pp = 8;
    plan.dp = 576;
    plan.ep = 72;
    plan.microBatch = 1;
    plan.schedule = PipelineSchedule::OneFOneB; // nothing hides the all-to-all
    const PerformanceOptions o;
    const Accelerator gpu = gb200();
    const ClusterNetwork nvl72 = ClusterNetwork::nonBlocking(4608, 72, 900, 400);
    const ClusterNetwork hgx = ClusterNetwork::nonBlocking(4608, 8, 900, 400);
    const PlanEvaluation a = evaluatePlan(w, gpu, nvl72, plan, o);
    const PlanEvaluation b = evaluatePlan(w, gpu, hgx, plan, o);
    REQUIRE(a.feasible());
    REQUIRE(b.feasible());
    CHECK(a.epCollective.tier == "scale-up");
    CHECK(a.epCollective.wholeInDomainFraction == Approx(1));
    CHECK(b.epCollective.tier != "scale-up");
    CHECK(a.step.epCommS < b.step.epCommS / 3);
    CHECK(a.mfu > b.mfu);
    // And with every plan searched (EP sizes that tile the domain are in the search space).
    const SearchResult sa = searchParallelism(w, gpu, nvl72, o);
    const SearchResult sb = searchParallelism(w, gpu, hgx, o);
    REQUIRE(sa.found);
    REQUIRE(sb.found);
    CHECK(sa.best.mfu > sb.best.mfu);
}

TEST_CASE("EP 64 in NVL72 racks straddles racks and runs at the NIC's pace")
{
    // 256 experts, EP 64 of consecutive ranks: 2 of 9 groups sit in one rack, the others
    // straddle two; a rank in the 8-GPU piece of a straddling group sends 56/64 of its
    // all-to-all bytes over the NIC, as in 8-GPU domains [placement: TP, CP, DP, PP order].
    Workload w = job(deepseekV3Like(), 4096);
    ParallelPlan plan;
    plan.pp = 8;
    plan.dp = 512;
    plan.ep = 64;
    plan.schedule = PipelineSchedule::OneFOneB;
    const PerformanceOptions o;
    const PlanEvaluation a =
        evaluatePlan(w, gb200(), ClusterNetwork::nonBlocking(4096, 72, 900, 400), plan, o);
    const PlanEvaluation b =
        evaluatePlan(w, gb200(), ClusterNetwork::nonBlocking(4096, 8, 900, 400), plan, o);
    REQUIRE(a.feasible());
    REQUIRE(b.feasible());
    CHECK(a.epCollective.wholeInDomainFraction == Approx(2.0 / 9));
    CHECK(a.epCollective.tier != "scale-up");
    CHECK(a.step.epCommS == Approx(b.step.epCommS).epsilon(0.02));
}

TEST_CASE("pipeline bubbles: DualPipe < ZB1P < 1F1B for the same PP, interleaving divides by v")
{
    const Workload w = job(llama70b(), 256);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 8;
    plan.dp = 8;
    plan.recompute = Recompute::Full;
    plan.zeroStage = 1;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(512, 8, 450, 400);
    PerformanceOptions o;
    o.ppOverlap = 0;       // keep P2P inside F and B so the formulas compare like for like
    o.overlapSlowdown = 0; // and no overlap cost outside F and B
    auto bubble = [&](PipelineSchedule s, int v) {
        ParallelPlan p = plan;
        p.schedule = s;
        p.virtualStages = v;
        const PlanEvaluation e = evaluatePlan(w, h100(), net, p, o);
        REQUIRE(e.feasible());
        return e.step.bubbleS;
    };
    const double oneF = bubble(PipelineSchedule::OneFOneB, 1);
    const double zb = bubble(PipelineSchedule::ZeroBubble, 1);
    const double dual = bubble(PipelineSchedule::DualPipe, 1);
    const double inter = bubble(PipelineSchedule::Interleaved, 2);
    CHECK(dual < oneF);
    CHECK(zb < oneF);
    CHECK(dual < zb);
    // (p-1)(F+B)/v with v = 2 [Narayanan et al. 2021].
    CHECK(inter == Approx(oneF / 2).epsilon(0.02));
    // The 1F1B bubble is (p-1)/m of the busy time with m = 256 / 8 = 32 micro-batches.
    ParallelPlan p = plan;
    const PlanEvaluation e = evaluatePlan(w, h100(), net, p, o);
    const double busy = e.step.stepS - e.step.bubbleS - e.step.optimizerS -
                        (e.step.dpCommS - e.step.dpHiddenS) - (e.step.ioS - e.step.hiddenIoS);
    CHECK(e.step.bubbleS == Approx(busy * 7.0 / 32).epsilon(0.05));
}

TEST_CASE("DualPipe holds two copies of the parameters and PP+1 activation sets")
{
    const Workload w = job(llama70b(), 256);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 8;
    plan.dp = 4;
    plan.recompute = Recompute::Full;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(256, 8, 450, 400);
    const PerformanceOptions o;
    const PlanEvaluation one = evaluatePlan(w, h100(), net, plan, o);
    plan.schedule = PipelineSchedule::DualPipe;
    const PlanEvaluation dual = evaluatePlan(w, h100(), net, plan, o);
    CHECK(dual.memory.weightsGB == Approx(2 * one.memory.weightsGB));
    CHECK(one.memory.inFlightMicroBatches == 8);
    CHECK(dual.memory.inFlightMicroBatches == 9);
}

TEST_CASE("FP8 speeds a dense model up well below 2x end to end")
{
    Workload w = job(llama3_405b(), 2048);
    const ParallelPlan plan = metaPlan();
    ClusterNetwork net = ClusterNetwork::nonBlocking(8192, 8, 450, 400);
    const PerformanceOptions o;
    const PlanEvaluation bf16 = evaluatePlan(w, h100(), net, plan, o);
    w.precision = Precision::Fp8;
    const PlanEvaluation fp8 = evaluatePlan(w, h100(), net, plan, o);
    REQUIRE(bf16.feasible());
    REQUIRE(fp8.feasible());
    const double speedup = fp8.tokensPerSecond / bf16.tokensPerSecond;
    // Public H100 FP8 recipes gain ~1.2-1.5x end to end [U].
    CHECK(speedup > 1.05);
    CHECK(speedup < 1.6);
}

TEST_CASE("model-state memory follows the ZeRO table")
{
    // One stage, no TP: Psi_l is the whole model [ref:zero-2020].
    ModelArchitecture m = llama70b();
    m.layers = 8; // small enough for one GPU's optimizer states
    const Workload w = job(m, 64);
    const double psi = countParameters(m).total;
    ParallelPlan plan;
    plan.dp = 16;
    plan.recompute = Recompute::Full;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(16, 8, 450, 400);
    const PerformanceOptions o;
    struct Row
    {
        int stage;
        double weights, gradients, optimizer; // bytes per parameter
    } rows[] = {{0, 2, 2, 12},
                {1, 2, 2, 12.0 / 16},
                {2, 2, 2.0 / 16, 12.0 / 16},
                {3, 2.0 / 16, 2.0 / 16, 12.0 / 16}};
    for (const Row &r : rows) {
        plan.zeroStage = r.stage;
        const PlanEvaluation e = evaluatePlan(w, gb200(), net, plan, o);
        INFO("ZeRO stage " << r.stage);
        CHECK(e.memory.weightsGB == Approx(r.weights * psi * 1e-9).epsilon(1e-9));
        CHECK(e.memory.gradientsGB == Approx(r.gradients * psi * 1e-9).epsilon(1e-9));
        CHECK(e.memory.optimizerGB == Approx(r.optimizer * psi * 1e-9).epsilon(1e-9));
    }
}

TEST_CASE("recompute trades activation memory for compute")
{
    const Workload w = job(llama70b(), 256);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 4;
    plan.dp = 8;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(256, 8, 450, 400);
    const PerformanceOptions o;
    auto with = [&](Recompute r) {
        ParallelPlan p = plan;
        p.recompute = r;
        return evaluatePlan(w, gb200(), net, p, o);
    };
    const PlanEvaluation none = with(Recompute::None);
    const PlanEvaluation sel = with(Recompute::Selective);
    const PlanEvaluation full = with(Recompute::Full);
    CHECK(full.memory.activationsGB < sel.memory.activationsGB);
    CHECK(sel.memory.activationsGB < none.memory.activationsGB);
    CHECK(full.step.recomputeS > sel.step.recomputeS);
    CHECK(none.step.recomputeS == 0);
    // Full recompute adds one forward pass: ~+33% compute [ref:korthikanti-2022].
    CHECK(full.step.computeS / none.step.computeS == Approx(4.0 / 3).epsilon(0.05));
    CHECK(full.hfu > full.mfu);
}

TEST_CASE("overlap hides at most the concurrent compute, and slows it")
{
    // ZeRO-3 on a slow network: the parameter gathers and gradient reduce-scatters of every
    // micro-batch take far longer than the compute they could hide behind.
    Workload w = job(llama70b(), 256);
    ParallelPlan plan;
    plan.tp = 8;
    plan.dp = 32;
    plan.zeroStage = 3;
    plan.recompute = Recompute::Full;
    const ClusterNetwork slow = ClusterNetwork::nonBlocking(256, 8, 450, 25);
    const PerformanceOptions o;
    const PlanEvaluation e = evaluatePlan(w, h100(), slow, plan, o);
    REQUIRE(e.feasible());
    CHECK(e.step.dpCommS > 2 * e.step.computeS);
    CHECK(e.step.dpHiddenS <= e.step.computeS);
    CHECK(e.step.dpHiddenS < e.step.dpCommS);
    // Hiding communication costs compute (communication kernels take SMs and HBM bandwidth):
    // the same plan without that cost is faster by no more than the hidden time.
    PerformanceOptions free = o;
    free.overlapSlowdown = 0;
    const PlanEvaluation f = evaluatePlan(w, h100(), slow, plan, free);
    CHECK(e.step.stepS > f.step.stepS);
    CHECK(e.step.stepS - f.step.stepS <= e.step.hiddenCommS());
    // TP collectives are pipelined with their GEMMs in tp chunks: with the stack hiding all it
    // can, the first chunk of every collective (1/tp of the traffic) still waits.
    PerformanceOptions tp = o;
    tp.tpOverlap = 1;
    const PlanEvaluation t = evaluatePlan(w, h100(), slow, plan, tp);
    CHECK(t.step.tpHiddenS > 0);
    CHECK(t.step.tpHiddenS <= t.step.tpCommS * 7 / 8 + 1e-12);
}

TEST_CASE("layers are spread over the stages as evenly as they go")
{
    // Small vocabulary: the embedding and LM head weigh nothing, so a stage's compute is its
    // layer count times one layer's. The slowest stage holds ceil(L / p) layers; 61 layers on
    // PP 32 leave no stage empty.
    ModelArchitecture m = llama70b();
    m.vocab = 256;
    m.layers = 61;
    const Workload w = job(m, 64);
    const ClusterNetwork net = ClusterNetwork::nonBlocking(4096, 8, 450, 400);
    PerformanceOptions o;
    o.ppOverlap = 0;
    auto perMicroBatch = [&](int pp) {
        ParallelPlan plan;
        plan.tp = 8;
        plan.pp = pp;
        plan.dp = 1;
        plan.recompute = Recompute::Full;
        const PlanEvaluation e = evaluatePlan(w, h100(), net, plan, o);
        REQUIRE(e.feasible());
        return e.step.computeS / e.microBatches;
    };
    const double oneLayer = perMicroBatch(61);
    for (int pp : {2, 3, 8, 16, 30, 32}) {
        INFO("PP " << pp);
        // 2%: the LM head and final norm of a 256-token vocabulary ride on the PP 61 reference.
        CHECK(perMicroBatch(pp) == Approx((61 + pp - 1) / pp * oneLayer).epsilon(0.02));
    }
}

TEST_CASE("the report names the fullest stage: first, middle or last")
{
    // 10 layers on PP 4 spread 2 / 3 / 3 / 2; with full recompute and ZeRO-0 the weights
    // dominate, so a middle stage with 3 layers is the fullest.
    ModelArchitecture m = llama70b();
    m.vocab = 256;
    m.layers = 10;
    m.seqLen = 512;
    const Workload w = job(m, 16);
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 4;
    plan.recompute = Recompute::Full;
    plan.zeroStage = 0;
    const ClusterNetwork net = ClusterNetwork::nonBlocking(32, 8, 450, 400);
    const PlanEvaluation middle = evaluatePlan(w, h100(), net, plan, {});
    REQUIRE(middle.feasible());
    CHECK(middle.memory.fullestStage == StagePosition::Middle);
    // A large vocabulary puts fp32 logits and the LM head on the last stage.
    m.vocab = 1000000;
    const PlanEvaluation last = evaluatePlan(job(m, 16), h100(), net, plan, {});
    CHECK(last.memory.fullestStage == StagePosition::Last);
    // Large micro-batches without recompute: the first stage holds PP activation sets.
    m.vocab = 256;
    m.seqLen = 8192;
    plan.recompute = Recompute::None;
    plan.microBatch = 8;
    const PlanEvaluation first = evaluatePlan(job(m, 32), gb200(), net, plan, {});
    CHECK(first.memory.fullestStage == StagePosition::First);
}

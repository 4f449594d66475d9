// SPDX-License-Identifier: Apache-2.0
// Benchmark of the analytical performance model: one evaluatePlan (median of many) and the
// full parallelism search for a 100k-GPU pool with a 405B dense and a 671B MoE model.
// Goals (issue 6): one configuration <= 10 us; the full search <= 0.5 s. Release build.

#include "bench/benchutil.h"
#include "model/modelpresets.h"
#include "solvers/performance/performance.h"

#include <cstdio>

using namespace aidc;

namespace {

// H100 SXM as in catalogs/data/accelerators.json (the timing does not depend on the figures;
// the benchmark links no catalog loader).
Accelerator h100()
{
    Accelerator a;
    a.id = "H100-SXM";
    a.bf16Tflops = 989;
    a.fp8Tflops = 1979;
    a.hbmGB = 80;
    a.hbmTBps = 3.35;
    a.scaleUpGBpsPerDirection = 450;
    a.nicGbps = 400;
    a.gemmEfficiency = {{128, 0.95}, {16, 0.9}, {1, 0.6}, {0, 0.1}};
    a.attentionEfficiency = 0.7;
    return a;
}

// Llama 3 405B [Meta 2024, Table 3], 16,384 sequences of 8,192 tokens per step.
Workload llama405b()
{
    Workload w;
    w.model = modelPreset("llama3-405b");
    w.globalBatchSequences = 16384;
    w.trainingTokens = 15e12;
    return w;
}

// DeepSeek-V3-like 671B MoE (MLA approximated by 128-head attention), 30,720 x 4,096 tokens.
Workload moe671b()
{
    Workload w;
    w.model = modelPreset("deepseek-v3-671b");
    w.globalBatchSequences = 30720;
    w.trainingTokens = 14.8e12;
    return w;
}

void searchBench(const char *name, const Workload &w, const Accelerator &gpu,
                 const ClusterNetwork &net)
{
    PerformanceOptions o;
    SearchResult r;
    const double s = bench::medianSeconds(5, [&] { r = searchParallelism(w, gpu, net, o); });
    std::printf("search %-28s %7d GPUs: median %.4f s (%lld evaluated, %lld pruned, %lld "
                "infeasible) -> %s, MFU %.1f%%\n",
                name, net.gpus, s, static_cast<long long>(r.evaluated),
                static_cast<long long>(r.pruned), static_cast<long long>(r.infeasible),
                r.found ? "found" : r.failure.c_str(), 100 * r.best.mfu);
}

} // namespace

int main()
{
    const Accelerator gpu = h100();
    ClusterNetwork net = ClusterNetwork::nonBlocking(100000, 8, 450, 400);
    net.islandGpus = 3072;
    net.islandOversubscription = 7;
    net.tiers = 3;

    const Workload dense = llama405b();
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 16;
    plan.dp = 512;
    plan.schedule = PipelineSchedule::Interleaved;
    plan.virtualStages = 4;
    plan.recompute = Recompute::Selective;
    const PerformanceOptions o;
    PlanEvaluation e;
    const int n = 20000;
    const double one = bench::medianSeconds(n, [&] { e = evaluatePlan(dense, gpu, net, plan, o); });
    std::printf(
        "evaluatePlan 405B dense (TP8 PP16 DP512): median %.2f us over %d runs, MFU %.1f%%\n",
        one * 1e6, n, 100 * e.mfu);

    const Workload moe = moe671b();
    ParallelPlan moePlan;
    moePlan.pp = 16;
    moePlan.ep = 64;
    moePlan.microBatch = 1;
    moePlan.schedule = PipelineSchedule::DualPipe;
    moePlan.dp = 1920; // 30720 / 16 micro-batches
    const double oneMoe =
        bench::medianSeconds(n, [&] { e = evaluatePlan(moe, gpu, net, moePlan, o); });
    std::printf("evaluatePlan 671B MoE (PP16 DP1920 EP64 DualPipe): median %.2f us, MFU %.1f%%\n",
                oneMoe * 1e6, 100 * e.mfu);

    searchBench("405B dense", dense, gpu, net);
    searchBench("671B MoE", moe, gpu, net);

    // The whole solve: search plus an 8-point scaling curve (8 more searches).
    PerformanceResult full;
    const double solveS =
        bench::medianSeconds(3, [&] { full = solvePerformance(moe, gpu, net, o); });
    std::printf("solvePerformance 671B MoE, 100000 GPUs with scaling curve: median %.3f s\n",
                solveS);
    std::printf("peak RSS %.1f MiB\n", bench::peakRssMiB());
    return 0;
}

// Benchmark of the analytical performance model: one evaluatePlan (median of many) and the
// full parallelism search for a 100k-GPU pool with a 405B dense and a 671B MoE model.
// Goals (issue 6): one configuration <= 10 us; the full search <= 0.5 s. Release build.

#include "solvers/performance/performance.h"
// The reference models and catalog accelerators of the validation suite.
#include "tests/solvers/performance/publishedruns.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace aidc;

namespace {

double peakRssMb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

template<typename F> double medianSeconds(int repeats, F &&f)
{
    std::vector<double> t;
    t.reserve(repeats);
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        f();
        t.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

Workload llama405b()
{
    Workload w;
    w.model = test::llama3_405b();
    w.globalBatchSequences = 16384;
    w.trainingTokens = 15e12;
    return w;
}

Workload moe671b()
{
    Workload w;
    w.model = test::deepseekV3Like();
    w.globalBatchSequences = 30720;
    w.trainingTokens = 14.8e12;
    return w;
}

void searchBench(const char *name, const Workload &w, const Accelerator &gpu,
                 const ClusterNetwork &net)
{
    PerformanceOptions o;
    SearchResult r;
    const double s = medianSeconds(5, [&] { r = searchParallelism(w, gpu, net, o); });
    std::printf("search %-28s %7d GPUs: median %.3f s (%lld evaluated, %lld pruned, %lld "
                "infeasible) -> %s, MFU %.1f%%\n",
                name, net.gpus, s, static_cast<long long>(r.evaluated),
                static_cast<long long>(r.pruned), static_cast<long long>(r.infeasible),
                r.found ? "found" : r.failure.c_str(), 100 * r.best.mfu);
}

} // namespace

int main()
{
    const Accelerator gpu = test::h100();
    ClusterNetwork net = ClusterNetwork::nonBlocking(100000, 8, 450, 400);
    net.islandGpus = 3072;
    net.islandOversubscription = 7;
    net.tiers = 3;

    Workload dense = llama405b();
    ParallelPlan plan;
    plan.tp = 8;
    plan.pp = 16;
    plan.dp = 512;
    plan.schedule = PipelineSchedule::Interleaved;
    plan.virtualStages = 4;
    plan.recompute = Recompute::Selective;
    PerformanceOptions o;
    PlanEvaluation e;
    const int n = 20000;
    const double one = medianSeconds(n, [&] { e = evaluatePlan(dense, gpu, net, plan, o); });
    std::printf(
        "evaluatePlan 405B dense (TP8 PP16 DP512): median %.2f us over %d runs, MFU %.1f%%\n",
        one * 1e6, n, 100 * e.mfu);

    Workload moe = moe671b();
    ParallelPlan moePlan;
    moePlan.pp = 16;
    moePlan.ep = 64;
    moePlan.microBatch = 1;
    moePlan.schedule = PipelineSchedule::DualPipe;
    moePlan.dp = 1920; // 30720 / 16 micro-batches
    const double oneMoe = medianSeconds(n, [&] { e = evaluatePlan(moe, gpu, net, moePlan, o); });
    std::printf("evaluatePlan 671B MoE (PP16 DP1920 EP64 DualPipe): median %.2f us, MFU %.1f%%\n",
                oneMoe * 1e6, 100 * e.mfu);

    searchBench("405B dense", dense, gpu, net);
    searchBench("671B MoE", moe, gpu, net);

    // The whole solve: search plus an 8-point scaling curve (8 more searches).
    PerformanceResult full;
    const double solveS = medianSeconds(3, [&] { full = solvePerformance(moe, gpu, net, o); });
    std::printf("solvePerformance 671B MoE, 100000 GPUs with scaling curve: median %.3f s\n",
                solveS);
    std::printf("peak RSS %.1f MB\n", peakRssMb());
    return 0;
}

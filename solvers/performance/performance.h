// SPDX-License-Identifier: Apache-2.0
#pragma once

// The embedded analytical performance model: step time, MFU/HFU, tokens/s, time-to-train and
// memory per GPU of a decoder transformer (dense or MoE) on a planned cluster, and a search
// over TP x PP x DP x CP x EP x micro-batch x schedule x recompute x ZeRO for the best plan.
//
// Frame [ref:zomi-cluster-slides]:
//   T_step = T_compute + T_bubble + T_optimizer + T_comm + T_IO - T_comm,hidden - T_IO,hidden
// with every term reported. Per-op costs are a roofline of FLOPs at a size-dependent GEMM
// efficiency [ref:calculon-2023] and bytes at HBM bandwidth; collectives use the alpha-beta model
// [ref:thakur-2005] with the algorithm that fits and the bandwidth of the tier the group spans;
// pipeline bubbles use the DeepSeek-V3 table [ref:deepseek-v3-2024]; memory uses the ZeRO table
// [ref:zero-2020] plus activations by schedule and recompute. Model: docs/performance-model.md.
// Units in names: S seconds, GB 1e9 bytes, Tflops 1e12 FLOP/s.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/workload.h"
#include "solvers/performance/performanceinputs.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// Parameter counts of the architecture (elements, not bytes).
struct ParameterCounts
{
    double total = 0;     // every parameter, embeddings and all experts included
    double active = 0;    // used per token: routed top-k + shared experts, not all experts
    double embedding = 0; // input embedding (+ LM head when untied)
    double expert = 0;    // routed-expert parameters (all experts)
};

// Count parameters from the architecture: attention h(q + 2kv) + q h, MLP 3hf (SwiGLU) or
// 2hf (GeLU), MoE router hE + experts + shared experts, 2h of norms per layer, embedding Vh
// and an LM head Vh unless tied.
ParameterCounts countParameters(const ModelArchitecture &model);

// Model FLOPs per token under a convention (forward + backward = 3 x forward).
double modelFlopsPerToken(const ModelArchitecture &model, FlopConvention convention);

// Time of one optimizer step, seconds, split into its terms. All terms are >= 0, and
//   stepS = computeS + overlapSlowdownS + bubbleS + optimizerS + sum(comm) - sum(hidden)
//           + ioS - hiddenIoS.
// A communication term is hidden only behind compute that runs at the same time and could
// not otherwise start (see docs/performance-model.md, "Overlap"), and hiding it costs
// overlapSlowdownS: communication kernels take SMs and HBM bandwidth from that compute.
struct StepBreakdown
{
    double computeS = 0;         // busy compute of the slowest stage (forward, backward, recompute)
    double recomputeS = 0;       // part of computeS spent recomputing activations
    double overlapSlowdownS = 0; // compute lost to communication kernels while overlapping
    double bubbleS = 0;          // pipeline fill and drain (schedule formula)
    double optimizerS = 0;       // optimizer step (memory-bound)
    double tpCommS = 0, cpCommS = 0, epCommS = 0, ppCommS = 0, dpCommS = 0;
    double tpHiddenS = 0, cpHiddenS = 0, epHiddenS = 0, ppHiddenS = 0, dpHiddenS = 0;
    double ioS = 0, hiddenIoS = 0;
    double stepS = 0;

    double commS() const { return tpCommS + cpCommS + epCommS + ppCommS + dpCommS; }
    double hiddenCommS() const { return tpHiddenS + cpHiddenS + epHiddenS + ppHiddenS + dpHiddenS; }
};

// Where a pipeline stage sits: the only stage (PP 1), the first (embedding), a middle one or
// the last (final norm, LM head and loss).
enum class StagePosition { Only, First, Middle, Last };
const char *toString(StagePosition position);

// Memory of the fullest GPU (of the first, the fullest middle and the last stage), GB.
struct MemoryBreakdown
{
    double weightsGB = 0, gradientsGB = 0, optimizerGB = 0, activationsGB = 0, workspaceGB = 0;
    double totalGB = 0;
    double capacityGB = 0;
    double inFlightMicroBatches = 0; // activation sets held by the fullest stage
    StagePosition fullestStage = StagePosition::Only;
};

// Which algorithm each collective ended up using ("ring", "tree", "halving-doubling",
// "hierarchical", "in-network", "pairwise") and which tier it crossed.
struct CollectiveChoice
{
    std::string algorithm;
    std::string tier; // "scale-up", "island", "rail", "cross-island"
    // Share of this dimension's groups that sit whole inside one scale-up domain; below 1 the
    // times are those of the straddling groups, which set the pace of a synchronous step.
    double wholeInDomainFraction = 1;
};

enum class PlanStatus {
    Feasible,
    InvalidDivisibility, // a size does not divide what it must
    OutOfMemory,         // the fullest GPU overflows HBM
    TooFewGpus           // tp * cp * dp * pp exceeds the GPUs available
};

struct PlanEvaluation
{
    ParallelPlan plan;
    PlanStatus status = PlanStatus::Feasible;
    std::string reason;   // why infeasible: the failed constraint and what would fix it
    std::string jsonPath; // the offending workload field ("/workload/parallelism/tp")
    int gpusUsed = 0;
    int microBatches = 0; // per DP rank and step
    StepBreakdown step;
    MemoryBreakdown memory;
    double modelFlopsPerStep = 0;    // under options.flopConvention
    double hardwareFlopsPerStep = 0; // model FLOPs + recompute (same attention convention)
    double mfu = 0, hfu = 0;         // against the dense BF16 peak of the GPUs used
    double tokensPerSecond = 0;
    double tokensPerStep = 0;
    CollectiveChoice tpCollective, dpCollective, epCollective, ppCollective, cpCollective;

    bool feasible() const { return status == PlanStatus::Feasible; }
};

// Evaluate one plan. Infeasible plans come back with status and reason, never thrown.
// Cost: ~1 us (dense) to ~2.5 us (MoE) in a Release build (bench/bench_performance.cpp).
PlanEvaluation evaluatePlan(const Workload &workload, const Accelerator &gpu,
                            const ClusterNetwork &network, const ParallelPlan &plan,
                            const PerformanceOptions &options);

struct SearchResult
{
    bool found = false;
    PlanEvaluation best;
    std::optional<PlanEvaluation> runnerUp; // best plan that differs in a size or schedule
    // The runner-up's step time is within tieTolerance of the best: the plans are equivalent
    // and the choice fell on the tie-break (fewer GPUs, then less memory per GPU).
    bool runnerUpTied = false;
    static constexpr double tieTolerance = 1e-3;
    std::vector<std::string> explanation; // why best was chosen, why the runner-up lost
    std::string failure;                  // when nothing fits: which constraint and the fix
    std::int64_t evaluated = 0;           // full evaluations
    std::int64_t pruned = 0;              // skipped by the throughput bound
    std::int64_t infeasible = 0;          // rejected by memory or a plan rule
    std::int64_t rejectedMemory = 0;
    std::int64_t rejectedRules = 0; // candidates breaking a PerformanceModel::violation rule
};

// The search's ranking: `a` comes before `b` when its step is shorter by more than
// SearchResult::tieTolerance; plans within it are equivalent and rank by fewer GPUs, then
// less memory per GPU.
bool ranksBefore(const PlanEvaluation &a, const PlanEvaluation &b);

// Search every feasible plan on at most network.gpus GPUs (workload.gpus when set) for the
// highest tokens/s; plans within SearchResult::tieTolerance of each other are ranked by fewer
// GPUs, then less memory per GPU. Every candidate passes the same rules as a fixed plan
// (PerformanceModel::violation). DP is the largest size that divides the global batch /
// micro-batch and fits the GPUs. Candidates pruned by
// a compute-only lower bound on step time; per schedule and recompute mode only the cheapest
// ZeRO stage that fits in memory is timed; layer costs are computed once per (TP, CP,
// micro-batch, EP) and the inner loop does not allocate. 100k GPUs: ~1 ms for a 405B dense
// model, ~2 ms for a 671B MoE (goal: <= 0.5 s; Release, bench/bench_performance.cpp).
SearchResult searchParallelism(const Workload &workload, const Accelerator &gpu,
                               const ClusterNetwork &network, const PerformanceOptions &options);

struct ScalingPoint
{
    int gpus = 0; // GPUs used at this point
    int dp = 0;
    double mfu = 0;
    double tokensPerSecond = 0;
    double stepS = 0;
    // (tokens/s at N / N) / (tokens/s at N0 / N0), N0 the smallest GPU count of the curve:
    // 1 = perfectly linear from the smallest point; above 1 when the smaller point is itself
    // held back (e.g. forced into recompute or ZeRO-3 by memory).
    double linearity = 0;
};

struct PerformanceResult
{
    bool ok = false; // a feasible plan exists
    bool automatic = false;
    PlanEvaluation plan;
    std::optional<SearchResult> search; // when the plan was searched
    ParameterCounts parameters;
    double timeToTrainDays = 0; // trainingTokens / tokensPerSecond (before goodput losses)
    double peakTflops = 0;      // the peak MFU is measured against (dense BF16)
    std::string flopConvention;
    std::vector<ScalingPoint> scaling; // best plan on N, N/2, N/4, ... GPUs, ascending
    Diagnostics diagnostics;
};

// Fixed plan (workload.parallelism.automatic == false) or auto-search, then a scaling curve:
// the best plan on N, N/2, N/4, ... GPUs for the same job and global batch (a fixed plan keeps
// its TP/CP/PP/EP, micro-batch and schedule; DP, recompute and ZeRO follow the GPU count).
// Bad input (heads not divisible by TP, PP > layers, batch not divisible by DP x micro-batch,
// no plan fits) gives errors in `diagnostics` naming the field and the fix.
PerformanceResult solvePerformance(const Workload &workload, const Accelerator &gpu,
                                   const ClusterNetwork &network,
                                   const PerformanceOptions &options);

} // namespace aidc

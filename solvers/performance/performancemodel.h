// SPDX-License-Identifier: Apache-2.0
#pragma once

// The engine behind evaluatePlan() and searchParallelism(): per-layer op costs for one
// (TP, CP, micro-batch, EP) shape, then the pipeline/DP/memory assembly for a full plan.
// Split so the search computes layer costs once per shape and assembles many plans from them
// without allocating. Internal to solvers/performance.

#include "catalogs/catalog.h"
#include "model/workload.h"
#include "solvers/performance/collectives.h"
#include "solvers/performance/performance.h"
#include "solvers/performance/performanceinputs.h"

#include <utility>
#include <vector>

namespace aidc {

// Sizes derived from an architecture, and its forward FLOPs per token by part: the one place
// that reads head dimension, MoE layer count, expert width and MLP matrices from a
// ModelArchitecture [ref:megatron-2021; ref:palm-2022].
struct ArchitectureShape
{
    double hidden = 0, headDim = 0;
    double q = 0, kv = 0;   // query and key/value widths (heads x headDim, kvHeads x headDim)
    double mlpMatrices = 3; // SwiGLU 3, GeLU 2
    double expertWidth = 0; // FFN width of one routed expert
    int layers = 0, moeLayers = 0, firstDenseLayers = 0;
    // Forward FLOPs per token.
    double attentionGemmFlops = 0; // per layer: QKV 2h(q + 2kv) and output 2qh
    double attentionCoreFlops = 0; // per layer, non-causal: scores and values 4 s q
    double denseMlpFlops = 0;      // per dense layer: 2 x matrices x h x f
    double moeMlpFlops = 0;        // per MoE layer: router 2hE + (topK + shared) expert MLPs
    double lmHeadFlops = 0;        // 2 h V
    int denseLayers() const { return layers - moeLayers; }
    // Forward FLOPs per token of every layer (not the LM head), the attention core scaled by
    // `attentionFactor` (1 non-causal, 0.5 causal, 0 none).
    double layerForwardFlops(double attentionFactor) const;
};
ArchitectureShape architectureShape(const ModelArchitecture &model);

// The rules a plan must satisfy, in the order checkPlan tests them. The first group depends
// only on (TP, CP, EP, micro-batch): the search rejects a whole shape on them.
enum class PlanRule {
    Ok,
    SizeBelowOne,
    HeadsTp,
    KvHeadsTp,
    SeqCp,
    BatchMicroBatch,
    ExpertsEp,
    DenseEp,
    // --- depend on PP, DP, schedule, ZeRO or the GPU count
    PpLayers,
    VirtualStagesLayers,
    DualPipeOddPp,
    BatchDp,
    InterleavedMicroBatches,
    DualPipeMicroBatches,
    EpRanks,
    ZeroStage,
    ModelParallelTooLarge,
    TooFewGpus
};
inline bool isShapeRule(PlanRule rule)
{
    return rule != PlanRule::Ok && rule <= PlanRule::DenseEp;
}

// Seconds and bytes of one transformer layer for one micro-batch on one GPU.
struct LayerCost
{
    double forwardS = 0, inputGradS = 0, weightGradS = 0; // compute (forward, dX, dW)
    double gemmForwardS = 0, gemmBackwardS = 0;           // GEMM part (TP overlap window)
    double recomputeSelectiveS = 0, recomputeFullS = 0;   // extra forward work in backward
    double attentionForwardS = 0, attentionBackwardS = 0; // attention core (CP overlap window)
    double tpForwardS = 0, tpBackwardS = 0;               // TP/SP collectives, raw
    double cpForwardS = 0, cpBackwardS = 0;               // ring-attention K/V exchange, raw
    double epForwardS = 0, epBackwardS = 0;               // MoE all-to-all, raw
    double activationBytes[3] = {0, 0, 0};                // saved per Recompute mode
    double denseParameters = 0;                           // per GPU (TP-sharded part)
    double expertParameters = 0;                          // per GPU (EP-sharded part)
};

// Embedding (first stage) and final norm + LM head + loss (last stage).
struct HeadCost
{
    double firstForwardS = 0, firstBackwardS = 0;
    double lastForwardS = 0, lastInputGradS = 0, lastWeightGradS = 0;
    double lastTpForwardS = 0, lastTpBackwardS = 0;
    double firstParameters = 0, lastParameters = 0; // per GPU
    double lastActivationBytes = 0;                 // logits and final-norm input
};

// Everything that depends only on (tp, cp, microBatch, ep).
struct ShapeCost
{
    int tp = 1, cp = 1, microBatch = 1, ep = 1;
    LayerCost dense, moe;
    HeadCost head;
    NetworkTier tpTier = NetworkTier::None, cpTier = NetworkTier::None, epTier = NetworkTier::None;
    CollectiveAlgorithm tpAlgorithm = CollectiveAlgorithm::None,
                        cpAlgorithm = CollectiveAlgorithm::None,
                        epAlgorithm = CollectiveAlgorithm::None;
    double tpWhole = 1, cpWhole = 1, epWhole = 1; // GroupSpan::wholeInDomainFraction
};

// The numeric outcome of one plan, without strings.
struct PlanCore
{
    PlanStatus status = PlanStatus::Feasible;
    int microBatches = 0;
    StepBreakdown step;
    MemoryBreakdown memory;
    double hardwareFlopsPerStep = 0;
    NetworkTier dpTier = NetworkTier::None, ppTier = NetworkTier::None;
    CollectiveAlgorithm dpAlgorithm = CollectiveAlgorithm::None,
                        ppAlgorithm = CollectiveAlgorithm::None;
    double dpWhole = 1, ppWhole = 1;
};

class PerformanceModel
{
public:
    PerformanceModel(const Workload &workload, const Accelerator &gpu,
                     const ClusterNetwork &network, const PerformanceOptions &options);

    // The first rule the plan breaks (PlanRule::Ok when none): sizes >= 1, heads and KV heads
    // divisible by TP, sequence by CP, batch by micro-batch and by DP x micro-batch, experts by
    // EP and EP dividing TP x CP x DP, PP <= layers and PP x v <= layers, interleaved 1F1B with
    // micro-batches a multiple of PP, DualPipe with an even PP and at least PP micro-batches,
    // ZeRO 0..3, and the GPU count. No allocation: the search calls it on every candidate.
    PlanRule violation(const ParallelPlan &plan) const;
    // checkPlan = violation + the explanation: on failure fill `reason` (what failed and what
    // would fix it), `jsonPath` (the workload field to change) and `status`.
    bool checkPlan(const ParallelPlan &plan, std::string *reason, std::string *jsonPath,
                   PlanStatus *status = nullptr) const;

    ShapeCost shapeCost(int tp, int cp, int microBatch, int ep) const;
    // Compute-only lower bound of the step time of any plan of this shape with `pp` stages.
    double lowerBoundS(const ShapeCost &shape, int pp, int microBatches) const;
    // Memory of the fullest GPU (no timing).
    MemoryBreakdown memory(const ShapeCost &shape, const ParallelPlan &plan) const;
    void assemble(const ShapeCost &shape, const ParallelPlan &plan, PlanCore &out) const;

    PlanEvaluation evaluate(const ParallelPlan &plan) const;
    PlanEvaluation finish(const ShapeCost &shape, const ParallelPlan &plan,
                          const PlanCore &core) const;

    const Workload &workload() const { return m_workload; }
    const PerformanceOptions &options() const { return m_options; }
    const FabricModel &fabric() const { return m_fabric; }
    const Accelerator &gpu() const { return m_gpu; }
    int availableGpus() const { return m_availableGpus; }
    double capacityGB() const;
    double modelFlopsPerStep() const { return m_modelFlopsPerStep; }
    double tokensPerStep() const { return m_tokensPerStep; }
    double peakFlops() const { return m_bf16Peak; }
    const ArchitectureShape &architecture() const { return m_arch; }

    // Efficiency of one GEMM of `flops` FLOPs: the catalog table interpolated linearly in
    // log(GFLOP), times computeEfficiencyScale (no tile penalty).
    double gemmEfficiency(double flops) const;
    // Seconds of one M x N x K GEMM: roofline of 2MNK FLOPs at peak x efficiency x tile
    // penalty (d / ceil(d / tile) / tile on M and N, tile / 2 on K) and (MK + KN) input +
    // MN output bytes at HBM bandwidth x memoryEfficiency, plus the kernel overhead; FP8 adds
    // the cast of the M x K operand.
    double gemmS(double m, double n, double k, bool fp8) const;
    // Seconds of a memory-bound op group moving `bytes`, plus `kernels` launch overheads.
    double memS(double bytes, int kernels) const;

private:
    // The layers one pipeline stage holds; stages are represented by the first, the fullest
    // middle and the last one (layers spread as evenly as they go, see stageMixes).
    struct StageMix
    {
        double dense = 0, moe = 0; // layer counts
        bool first = false, last = false;
        double layers() const { return dense + moe; }
    };
    void stageMixes(const ParallelPlan &plan, StageMix mixes[3], int &count) const;
    LayerCost layerCost(bool moe, int tp, int cp, int microBatch, int ep) const;

    Workload m_workload;
    Accelerator m_gpu;
    PerformanceOptions m_options;
    FabricModel m_fabric;
    std::vector<std::pair<double, double>> m_efficiency; // (log GFLOP, efficiency), ascending
    double m_topEfficiency = 0.95;
    double m_attentionEfficiency = 0.6;
    double m_bf16Peak = 0, m_fp8Peak = 0, m_hbmBytesPerS = 0;
    bool m_fp8 = false;
    int m_availableGpus = 0;
    ArchitectureShape m_arch;
    double m_modelFlopsPerStep = 0, m_tokensPerStep = 0;
    double m_recomputeFullFlopsPerToken = 0, m_recomputeSelectiveFlopsPerToken = 0;
};

} // namespace aidc

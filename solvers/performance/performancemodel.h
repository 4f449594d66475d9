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

// Seconds and bytes of one transformer layer for one micro-batch on one GPU.
struct LayerCost
{
    double forwardS = 0, inputGradS = 0, weightGradS = 0; // compute (forward, dX, dW)
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
};

class PerformanceModel
{
public:
    PerformanceModel(const Workload &workload, const Accelerator &gpu,
                     const ClusterNetwork &network, const PerformanceOptions &options);

    // Check every divisibility and range rule of a plan; on failure fill `reason` (what
    // failed and what would fix it), `jsonPath` (the workload field to change) and `status`.
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
    int moeLayers() const { return m_moeLayers; }

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
    struct StageMix
    {
        double dense = 0, moe = 0; // layer counts
        bool first = false, last = false;
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
    int m_moeLayers = 0, m_firstDense = 0;
    double m_headDim = 0;
    double m_modelFlopsPerStep = 0, m_tokensPerStep = 0;
    double m_recomputeFullFlopsPerToken = 0, m_recomputeSelectiveFlopsPerToken = 0;
};

} // namespace aidc

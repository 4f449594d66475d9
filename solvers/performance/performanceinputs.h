// SPDX-License-Identifier: Apache-2.0
#pragma once

// Inputs of the analytical performance model besides the Workload and the Accelerator:
// the network the job sees (filled by the pipeline from the fabric solver), one explicit
// parallel plan, and the model's options (overlap knobs, roofline mode, search limits, FLOP
// convention). Plain data, Qt-free. Model: docs/performance-model.md.

#include "model/diagnostics.h"
#include "model/workload.h"

#include <string>

namespace aidc {

// What the job's GPUs see of the fabric. Bandwidths are per GPU. The placement model is the
// usual one (Megatron-LM's [ref:megatron-2021]): ranks are numbered TP innermost, then CP, DP, PP
// outermost, and consecutive ranks fill scale-up domains, then rail groups, then islands.
struct ClusterNetwork
{
    int gpus = 0;                         // GPUs in the pool the job may use
    int scaleUpDomain = 8;                // GPUs sharing NVLink/xGMI (NVL72: 72)
    double scaleUpGBpsPerDirection = 450; // scale-up link bandwidth per GPU, one direction
    double scaleOutGbpsPerGpu = 400;      // backend NIC rate per GPU, summed over planes
    int islandGpus = 0;                   // full-bisection island size (0 = one island)
    double leafOversubscription = 1.0;    // inside an island (1 = non-blocking)
    double islandOversubscription = 1.0;  // the tier above the islands (e.g. 7 for 7:1)
    int railGroupGpus = 0;                // GPUs one switch hop apart on a rail (0 = island)
    double scaleUpLatencyUs = 3.0;        // per message on NVLink [U: NCCL small-message]
    double scaleOutLatencyUs = 8.0;       // per message end to end at one hop [U]
    double hopLatencyUs = 0.6;            // each extra switch hop [U: IB/Ethernet ASIC]
    int tiers = 2;                        // switch tiers of the backend fabric
    bool inNetworkReduction = false;      // SHARP/NVLS: halves all-reduce bus bytes

    // Errors name the field ("/network/scaleUpDomain") and say what would fix it.
    Diagnostics validate() const;

    // A single non-blocking island with the accelerator's own scale-up and NIC figures: the
    // network a caller uses when no fabric solver result is at hand (tests, quick looks).
    static ClusterNetwork nonBlocking(int gpus, int scaleUpDomain, double scaleUpGBpsPerDirection,
                                      double nicGbps);
};

// One fully specified way to run the job. Sizes multiply: gpus used = tp * cp * dp * pp.
// EP is carved from the tp * cp * dp ranks ("parallel folding"): expert layers run with
// expert-tensor-parallel 1 and ep ranks each holding experts / ep experts.
struct ParallelPlan
{
    int tp = 1, pp = 1, dp = 1, cp = 1, ep = 1;
    int microBatch = 1;    // sequences per micro-batch
    int virtualStages = 1; // model chunks per stage (interleaved 1F1B only)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int zeroStage = 1; // 0..3
    Recompute recompute = Recompute::None;

    int gpus() const { return tp * cp * dp * pp; }
    bool operator==(const ParallelPlan &) const = default;
};

// A complete plan of the project's parallelism (Parallelism::complete(); unset keys, which a
// complete plan only leaves for dp and virtualStages, take 1). dp unset or 0 means "derive": the
// largest DP that divides globalBatchSequences / microBatch and fits gpus / (TP x CP x PP) GPUs (1
// when the slice alone does not fit or the micro-batch does not divide the batch: the plan check
// then names that constraint).
ParallelPlan planFromParallelism(const Parallelism &parallelism, int gpus,
                                 int globalBatchSequences);

enum class RooflineMode {
    Max, // an op takes max(compute time, memory time): ideal overlap
    Sum  // compute + memory time (Calculon's default, pessimistic)
};

// Which FLOPs count as "model FLOPs" for MFU. Every convention excludes the embedding lookup
// and counts the backward pass as 2x the forward pass [ref:megatron-2021; ref:palm-2022].
enum class FlopConvention {
    PerLayer,       // per-layer from the architecture, attention non-causal (PaLM, Megatron)
    PerLayerCausal, // as PerLayer with the causal attention FLOPs halved
    SixN            // 6 x active parameters (no attention term)
};

// Sizes a search may fix (0 / nullopt-like -1 = free). solvePerformance fills them from a
// fixed Parallelism; callers may fix some (e.g. tp = 8) and let the search pick the rest.
struct PlanConstraints
{
    int tp = 0, pp = 0, dp = 0, cp = 0, ep = 0, microBatch = 0, virtualStages = 0;
    int schedule = -1;  // static_cast<int>(PipelineSchedule) or -1 = free
    int zeroStage = -1; // 0..3 or -1 = free
    int recompute = -1; // static_cast<int>(Recompute) or -1 = free
};

struct PerformanceOptions
{
    // --- op cost [ref:calculon-2023; ref:nvidia-matmul-guide]
    RooflineMode roofline = RooflineMode::Max;
    // Sustained share of the catalog's kernel efficiencies (GEMM table, attention, FP8) inside
    // a real training job: power-capped clocks below boost, partial last waves, kernel gaps,
    // stragglers. The catalog figures are isolated-kernel values (Calculon's A100 table, copied
    // for H100). FITTED once over the 25 published runs of docs/model-validation.md as the
    // scale at which the A100 and the H100 median errors are equal (7.2% / 8.0%); fitted on
    // the A100 rows alone (0.74) the held-out H100 rows miss by +17% (see that document) [D].
    double computeEfficiencyScale = 0.67;
    bool flashAttention = true;    // false: softmax materialised (s x s per head)
    bool causalSkip = true;        // attention kernels skip fully masked blocks
    bool dropout = false;          // dropout masks (GPT-era recipes; modern LLMs: none)
    int gemmTile = 128;            // tile edge for the non-multiple penalty
    double kernelOverheadUs = 2.0; // launch/gap per kernel [U]
    // The optimizer is Adam(W) with fp32 master weights [ref:zero-2020]:
    double optimizerBytesPerParameter = 30;      // step HBM traffic per local parameter [D]
    double optimizerStateBytesPerParameter = 12; // fp32 master + momentum + variance [P]
    double fp8CastBytesPerElement = 3;           // read BF16 + write FP8 per cast element
    bool fp8Attention = false;                   // FlashAttention-3 FP8 (off: attention stays BF16)

    // --- overlap: it hides at most the concurrent compute, and slows it [ref:calculon-2023].
    // Each knob is the share of the physically hideable traffic the software stack
    // hides (1 = the stack overlaps it, 0 = blocking); what is hideable is bounded in the model:
    //   TP   behind the GEMM it feeds, in tp chunks: the first chunk of every collective waits
    //        (Transformer Engine userbuffers / Megatron-core tp-comm-overlap, 2023+);
    //   CP   behind the attention compute of the same layer (ring attention);
    //   DP   gradient buckets behind the backward of the last micro-batch, parameter gathers
    //        behind the forward (ZeRO-3: every micro-batch), the last/first bucket never;
    //   PP   steady-state sends behind compute; fill and drain never.
    double tpOverlap = 0.5;       // [U] see docs/performance-model.md, "Overlap"
    double cpOverlap = 1.0;       // ring attention: K/V exchange behind attention compute
    double epOverlap = 0.0;       // MoE all-to-all behind compute (1F1B/ZB/interleaved)
    double dualPipeOverlap = 0.9; // DualPipe: all-to-all and P2P behind the paired chunk
    double dpOverlap = 1.0;       // bucketed gradient reduce / FSDP prefetch
    double ppOverlap = 1.0;       // steady-state P2P behind compute (fill/drain never hides)
    // Compute time lost per second of hidden communication: NCCL kernels run on SMs and move
    // data through HBM while the compute they hide behind runs. 0.15 is Calculon's
    // processor_usage of the NVLink network in its A100/H100 system files [P, Isaev et al.
    // SC'23]; it is applied to every hidden collective (Calculon uses 0.02 for InfiniBand;
    // our scale-out collectives also run NVLink phases) [U for scale-out].
    double overlapSlowdown = 0.15;

    // --- memory [ref:zero-2020; ref:korthikanti-2022]
    double workspaceGB = 4.0; // CUDA context, NCCL buffers, fragmentation [U]
    double hbmUsableFraction = 1.0;
    double gradientReduceBytes = 2; // bytes per gradient element on the wire (BF16)

    // --- I/O: input tokens read from storage per step; fully prefetched when it fits
    double dataReadGBpsPerGpu = 1.0;

    // --- MFU convention
    FlopConvention flopConvention = FlopConvention::PerLayer;

    // --- search (searchParallelism)
    int maxTp = 0; // 0 = the scale-up domain (capped at 64)
    int maxPp = 128;
    int maxCp = 32;
    // CP only while seqLen / cp keeps this many tokens per rank: 4,096 is the smallest share
    // of the published recipes (NeMo Llama 3 70B / 405B at 8k with CP 2; Llama 3 405B at 131k
    // with CP 16 keeps 8,192), so searched plans stay inside practice [P: Megatron-Bridge
    // performance summary; Meta 2024 Table 4].
    int minCpChunkTokens = 4096;
    int maxMicroBatch = 8;
    int maxVirtualStages = 8;
    bool searchZeroBubble = true;
    bool searchDualPipe = true;
    PlanConstraints constraints;

    // --- scaling curve (solvePerformance)
    int scalingPoints = 8; // GPU counts gpus, gpus/2, ... (0 = no curve)

    Diagnostics validate() const;
};

// `options` with the workload's own choices applied: the software stack's switches that the
// project sets (workload.stack: a preset sets them all, model/softwarestack.h) and the plan
// keys it fixes as search constraints. A schedule the plan fixes is searched even if the stack
// would not offer it.
PerformanceOptions withWorkloadChoices(const PerformanceOptions &options, const Workload &workload);

// Names for the text report ("interleaved 1F1B", "no" recompute). JSON uses the project
// format's names (model/enumnames.h) so a reported plan can be pasted into a project.
const char *displayName(PipelineSchedule schedule);
const char *displayName(Recompute recompute);
const char *toString(FlopConvention convention);

} // namespace aidc

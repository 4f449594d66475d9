// SPDX-License-Identifier: Apache-2.0
#pragma once

// L3 of a project: the training workload the site is planned for.
// Plain data; loading/validation lives in projectjson.cpp, the cost model in solvers/performance.

#include <cstdint>
#include <optional>
#include <string>

namespace aidc {

enum class FfnType { SwiGlu, Gelu };
enum class Precision { Bf16, Fp8 };
enum class PipelineSchedule { OneFOneB, Interleaved, ZeroBubble, DualPipe };
enum class Recompute { None, Selective, Full };

// Mixture-of-experts part of a decoder. Present only for MoE models.
struct MoeSpec
{
    int experts = 0;            // routed experts per MoE layer
    int topK = 0;               // routed experts active per token
    int sharedExperts = 0;      // always-active experts per MoE layer
    int expertFfnHidden = 0;    // FFN width of one expert (0 = ffnHidden)
    int layerFrequency = 1;     // every n-th layer is MoE
    int firstDenseLayers = 0;   // leading dense layers (DeepSeek-V3: 3)
    double loadImbalance = 1.1; // slowest expert rank / mean (>= 1)

    bool operator==(const MoeSpec &) const = default;
};

// A decoder-only transformer. Widths in elements, not bytes.
struct ModelArchitecture
{
    std::string name;
    int layers = 0;
    int hidden = 0;
    int ffnHidden = 0; // dense FFN width
    int heads = 0;
    int kvHeads = 0; // GQA: kvHeads < heads; MHA: kvHeads == heads
    int headDim = 0; // 0 = hidden / heads
    int vocab = 0;
    int seqLen = 0;
    FfnType ffn = FfnType::SwiGlu;
    bool tiedEmbeddings = false;
    std::optional<MoeSpec> moe;

    bool operator==(const ModelArchitecture &) const = default;
};

// Parallelism of the training job: the sizes a run fixes. Every key left unset is chosen by the
// parallelism search in solvers/performance, within the fixed ones (a partial plan, as
// publications give them: "TP 8, PP 16, interleaved" with v and the micro-batch unknown).
// Nothing set = search everything; every key set (dp may stay unset) = one fixed plan.
struct Parallelism
{
    std::optional<int> tp, pp, dp, cp, ep;
    std::optional<int> microBatch;    // sequences per micro-batch
    std::optional<int> virtualStages; // interleaved 1F1B chunks per stage
    std::optional<PipelineSchedule> schedule;
    std::optional<int> zeroStage; // 0..3
    std::optional<Recompute> recompute;

    bool operator==(const Parallelism &) const = default;
    bool fixesAnything() const;
    // Every size a plan needs (virtualStages only for the interleaved schedule; dp may be
    // derived): evaluated as given, not searched.
    bool complete() const;
};

// What the training software can do (issue 16): a named preset (model/softwarestack.h, each
// with its sources) and switches that override it. Unset switches take the preset's, and
// without a preset the model's defaults (a current stack; every schedule searched).
struct SoftwareStack
{
    std::string preset;                       // "" = the model's defaults
    std::optional<bool> flashAttention;       // fused attention (false: softmax materialised)
    std::optional<bool> dropout;              // dropout masks in the layers
    std::optional<bool> distributedOptimizer; // optimizer state sharded over DP (ZeRO >= 1)
    std::optional<bool> zeroBubble;           // zero-bubble pipeline schedules available
    std::optional<bool> dualPipe;             // DualPipe available
    // Share of the hideable traffic of each kind the stack overlaps with compute (0..1).
    std::optional<double> tpOverlap, dpOverlap, ppOverlap, cpOverlap, epOverlap;

    bool operator==(const SoftwareStack &) const = default;
};

enum class CheckpointTier { HostMemory, LocalNvme, ParallelFs };

struct CheckpointPolicy
{
    bool automaticInterval = true; // Young/Daly optimum from the reliability solver
    double intervalMinutes = 60;   // used when automaticInterval is false
    double minIntervalMinutes = 0; // floor under the automatic interval (it is never below a step)
    int retained = 2;              // checkpoints kept on the tier (the last complete one + one)
    bool asynchronous = false;     // snapshot to host, persist in background
    CheckpointTier tier = CheckpointTier::ParallelFs;
    double bytesPerParameter = 14; // FP32 master + Adam moments + BF16 weights [ref:zero-2020]

    bool operator==(const CheckpointPolicy &) const = default;
};

struct Workload
{
    ModelArchitecture model;
    double trainingTokens = 0;    // token budget of the run
    int globalBatchSequences = 0; // sequences per optimizer step
    Precision precision = Precision::Bf16;
    std::string pool; // compute pool that runs the job ("" = largest pool)
    int gpus = 0;     // GPUs the job uses (0 = the whole pool)
    Parallelism parallelism;
    SoftwareStack stack;
    CheckpointPolicy checkpoint;

    bool operator==(const Workload &) const = default;
};

} // namespace aidc

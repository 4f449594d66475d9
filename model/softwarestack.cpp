// SPDX-License-Identifier: Apache-2.0
#include "softwarestack.h"

namespace aidc {

namespace {

SoftwareStack stack(bool flash, bool dropout, bool distributedOptimizer, bool zeroBubble,
                    bool dualPipe, double tp, double dp, double pp, double cp, double ep)
{
    SoftwareStack s;
    s.flashAttention = flash;
    s.dropout = dropout;
    s.distributedOptimizer = distributedOptimizer;
    s.zeroBubble = zeroBubble;
    s.dualPipe = dualPipe;
    s.tpOverlap = tp;
    s.dpOverlap = dp;
    s.ppOverlap = pp;
    s.cpOverlap = cp;
    s.epOverlap = ep;
    return s;
}

} // namespace

const std::vector<StackPreset> &stackPresets()
{
    // Overlap shares: what the stack can hide of the traffic the model counts as hideable
    // (docs/performance-model.md, "Overlap"); 0 = blocking collectives.
    static const std::vector<StackPreset> presets{
        {"megatron-2021",
         "Megatron-LM 2021: materialised softmax, dropout, no distributed optimizer, blocking "
         "TP/DP/PP communication; 1F1B or interleaved",
         "[ref:megatron-2021]: GPT runs with dropout, gradient all-reduce after the backward "
         "pass and 1F1B/interleaved schedules; FlashAttention did not exist yet "
         "[ref:flashattention2-2023]",
         stack(false, true, false, false, false, 0, 0, 0, 0, 0)},
        {"megatron-2022",
         "Megatron-LM 2022: as 2021 plus sequence parallelism and selective recompute (plan "
         "and memory features the model always has)",
         "[ref:korthikanti-2022]: sequence parallelism and selective activation recomputation "
         "on the 2021 stack (no FlashAttention, blocking collectives, no distributed optimizer)",
         stack(false, true, false, false, false, 0, 0, 0, 0, 0)},
        {"megatron-core-2024",
         "Megatron-Core / NeMo 2024: FlashAttention, no dropout, distributed optimizer, "
         "bucketed DP overlap, TP communication overlap; 1F1B or interleaved",
         "[ref:llama3-2024; ref:nemotron4-2024]: FlashAttention, distributed optimizer, "
         "overlapped gradient reduce and TP communication; no zero-bubble or DualPipe "
         "schedules in these runs",
         stack(true, false, true, false, false, 0.5, 1, 1, 1, 0)},
        {"nemo-2024", "NeMo 2024: the Megatron-Core 2024 stack",
         "[ref:nemotron4-2024]: NeMo runs on Megatron-Core",
         stack(true, false, true, false, false, 0.5, 1, 1, 1, 0)},
        {"torchtitan-fsdp2-2024",
         "torchtitan 2024 (PyTorch FSDP2): SDPA FlashAttention, ZeRO-3-style sharding with "
         "per-layer prefetch, no pipeline schedules beyond 1F1B/interleaved",
         "[ref:torchtitan-2024]: FSDP2 with prefetch overlap, SDPA attention",
         stack(true, false, true, false, false, 0.5, 1, 1, 1, 0)},
        {"deepseek-v3-2024",
         "DeepSeek-V3 2024: FP8 training stack with DualPipe hiding the expert all-to-all",
         "[ref:deepseek-v3-2024]: DualPipe overlaps forward/backward chunks and the all-to-all; "
         "zero-bubble family schedules",
         stack(true, false, true, true, true, 0.5, 1, 1, 1, 0)},
    };
    return presets;
}

const StackPreset *findStackPreset(const std::string &name)
{
    for (const StackPreset &preset : stackPresets()) {
        if (preset.name == name)
            return &preset;
    }
    return nullptr;
}

SoftwareStack resolvedStack(const SoftwareStack &own)
{
    // The model's defaults: a current stack with every schedule searched.
    SoftwareStack r = stack(true, false, true, true, true, 0.5, 1, 1, 1, 0);
    if (const StackPreset *preset = findStackPreset(own.preset))
        r = preset->values;
    r.preset = own.preset;
    auto take = [](auto &into, const auto &from) {
        if (from)
            into = from;
    };
    take(r.flashAttention, own.flashAttention);
    take(r.dropout, own.dropout);
    take(r.distributedOptimizer, own.distributedOptimizer);
    take(r.zeroBubble, own.zeroBubble);
    take(r.dualPipe, own.dualPipe);
    take(r.tpOverlap, own.tpOverlap);
    take(r.dpOverlap, own.dpOverlap);
    take(r.ppOverlap, own.ppOverlap);
    take(r.cpOverlap, own.cpOverlap);
    take(r.epOverlap, own.epOverlap);
    return r;
}

} // namespace aidc

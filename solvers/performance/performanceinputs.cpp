// SPDX-License-Identifier: Apache-2.0
#include "solvers/performance/performanceinputs.h"

#include "model/softwarestack.h"

#include <algorithm>

namespace aidc {

Diagnostics ClusterNetwork::validate() const
{
    Diagnostics d;
    const std::string n = "/network/";
    if (gpus < 1)
        d.error("", n + "gpus", "the job needs at least one GPU");
    if (scaleUpDomain < 1)
        d.error("", n + "scaleUpDomain", "scale-up domain must hold at least one GPU");
    if (scaleUpGBpsPerDirection <= 0 && scaleUpDomain > 1)
        d.error("", n + "scaleUpGBpsPerDirection",
                "scale-up bandwidth must be positive when the domain holds several GPUs");
    if (scaleOutGbpsPerGpu <= 0)
        d.error("", n + "scaleOutGbpsPerGpu",
                "backend NIC rate per GPU must be positive (sum over backend planes)");
    if (islandGpus < 0)
        d.error("", n + "islandGpus", "island size cannot be negative (0 = one island)");
    if (leafOversubscription < 1)
        d.error("", n + "leafOversubscription", "oversubscription is >= 1 (1 = non-blocking)");
    if (islandOversubscription < 1)
        d.error("", n + "islandOversubscription", "oversubscription is >= 1 (1 = non-blocking)");
    if (railGroupGpus < 0)
        d.error("", n + "railGroupGpus", "rail group size cannot be negative");
    if (scaleUpLatencyUs < 0 || scaleOutLatencyUs < 0 || hopLatencyUs < 0)
        d.error("", n + "scaleOutLatencyUs", "latencies cannot be negative");
    if (tiers < 1)
        d.error("", n + "tiers", "the backend fabric has at least one switch tier");
    return d;
}

ClusterNetwork ClusterNetwork::nonBlocking(int gpus, int scaleUpDomain,
                                           double scaleUpGBpsPerDirection, double nicGbps)
{
    ClusterNetwork n;
    n.gpus = gpus;
    n.scaleUpDomain = scaleUpDomain;
    n.scaleUpGBpsPerDirection = scaleUpGBpsPerDirection;
    n.scaleOutGbpsPerGpu = nicGbps;
    n.tiers = gpus > 2048 ? 3 : 2;
    return n;
}

ParallelPlan planFromParallelism(const Parallelism &p, int gpus, int globalBatchSequences)
{
    ParallelPlan plan;
    plan.tp = p.tp.value_or(1);
    plan.pp = p.pp.value_or(1);
    plan.cp = p.cp.value_or(1);
    plan.ep = p.ep.value_or(1);
    plan.microBatch = p.microBatch.value_or(1);
    plan.schedule = p.schedule.value_or(PipelineSchedule::OneFOneB);
    plan.virtualStages =
        plan.schedule == PipelineSchedule::Interleaved ? p.virtualStages.value_or(1) : 1;
    plan.zeroStage = p.zeroStage.value_or(1);
    plan.recompute = p.recompute.value_or(Recompute::Selective);
    if (p.dp.value_or(0) > 0) {
        plan.dp = *p.dp;
        return plan;
    }
    const long long slice =
        static_cast<long long>(std::max(1, plan.tp)) * std::max(1, plan.pp) * std::max(1, plan.cp);
    const int micro = std::max(1, plan.microBatch);
    const int maxDp = static_cast<int>(std::max<long long>(1, gpus / slice));
    plan.dp = 1;
    if (globalBatchSequences > 0 && globalBatchSequences % micro == 0) {
        const int perMicro = globalBatchSequences / micro;
        for (int d = std::min(maxDp, perMicro); d >= 1; --d)
            if (perMicro % d == 0) {
                plan.dp = d;
                break;
            }
    }
    return plan;
}

PerformanceOptions withWorkloadChoices(const PerformanceOptions &in, const Workload &workload)
{
    PerformanceOptions o = in;
    const SoftwareStack &own = workload.stack;
    // Only what the project states: a preset sets every switch, else only the switches given.
    SoftwareStack stack = own;
    if (!own.preset.empty())
        stack = resolvedStack(own);
    auto take = [](auto &into, const auto &from) {
        if (from)
            into = *from;
    };
    take(o.flashAttention, stack.flashAttention);
    take(o.dropout, stack.dropout);
    take(o.searchZeroBubble, stack.zeroBubble);
    take(o.searchDualPipe, stack.dualPipe);
    take(o.tpOverlap, stack.tpOverlap);
    take(o.dpOverlap, stack.dpOverlap);
    take(o.ppOverlap, stack.ppOverlap);
    take(o.cpOverlap, stack.cpOverlap);
    take(o.epOverlap, stack.epOverlap);
    if (stack.distributedOptimizer && !*stack.distributedOptimizer)
        o.constraints.zeroStage = 0;

    const Parallelism &p = workload.parallelism;
    PlanConstraints &c = o.constraints;
    take(c.tp, p.tp);
    take(c.pp, p.pp);
    if (p.dp && *p.dp > 0)
        c.dp = *p.dp;
    take(c.cp, p.cp);
    take(c.ep, p.ep);
    take(c.microBatch, p.microBatch);
    take(c.virtualStages, p.virtualStages);
    if (p.schedule) {
        c.schedule = static_cast<int>(*p.schedule);
        o.searchZeroBubble = o.searchZeroBubble || *p.schedule == PipelineSchedule::ZeroBubble;
        o.searchDualPipe = o.searchDualPipe || *p.schedule == PipelineSchedule::DualPipe;
    }
    take(c.zeroStage, p.zeroStage);
    if (p.recompute)
        c.recompute = static_cast<int>(*p.recompute);
    return o;
}

Diagnostics PerformanceOptions::validate() const
{
    Diagnostics d;
    const std::string o = "/options/performance/";
    auto fraction = [&](double v, const char *field) {
        if (v < 0 || v > 1)
            d.error("", o + field, std::string(field) + " is a fraction in [0, 1]");
    };
    fraction(tpOverlap, "tpOverlap");
    if (computeEfficiencyScale <= 0 || computeEfficiencyScale > 1)
        d.error("", o + "computeEfficiencyScale", "computeEfficiencyScale is a fraction in (0, 1]");
    fraction(cpOverlap, "cpOverlap");
    fraction(epOverlap, "epOverlap");
    fraction(dualPipeOverlap, "dualPipeOverlap");
    fraction(dpOverlap, "dpOverlap");
    fraction(ppOverlap, "ppOverlap");
    if (overlapSlowdown < 0 || overlapSlowdown >= 1)
        d.error("", o + "overlapSlowdown", "overlapSlowdown is a fraction in [0, 1)");
    if (hbmUsableFraction <= 0 || hbmUsableFraction > 1)
        d.error("", o + "hbmUsableFraction", "hbmUsableFraction is a fraction in (0, 1]");
    if (workspaceGB < 0)
        d.error("", o + "workspaceGB", "workspace cannot be negative");
    if (gemmTile < 1)
        d.error("", o + "gemmTile", "GEMM tile must be at least 1 element");
    if (kernelOverheadUs < 0)
        d.error("", o + "kernelOverheadUs", "kernel overhead cannot be negative");
    if (optimizerBytesPerParameter < 0)
        d.error("", o + "optimizerBytesPerParameter", "optimizer traffic cannot be negative");
    if (optimizerStateBytesPerParameter < 0)
        d.error("", o + "optimizerStateBytesPerParameter",
                "optimizer state bytes cannot be negative");
    if (gradientReduceBytes <= 0)
        d.error("", o + "gradientReduceBytes", "gradient bytes per element must be positive");
    if (dataReadGBpsPerGpu <= 0)
        d.error("", o + "dataReadGBpsPerGpu", "data read rate must be positive");
    if (maxPp < 1 || maxCp < 1 || maxMicroBatch < 1 || maxVirtualStages < 1 || maxTp < 0)
        d.error("", o + "maxPp", "search limits must be at least 1 (maxTp 0 = scale-up domain)");
    if (minCpChunkTokens < 1)
        d.error("", o + "minCpChunkTokens", "minCpChunkTokens must be at least 1");
    if (scalingPoints < 0)
        d.error("", o + "scalingPoints", "scalingPoints cannot be negative");
    return d;
}

const char *displayName(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::OneFOneB:
        return "1F1B";
    case PipelineSchedule::Interleaved:
        return "interleaved 1F1B";
    case PipelineSchedule::ZeroBubble:
        return "ZB1P";
    case PipelineSchedule::DualPipe:
        return "DualPipe";
    }
    return "1F1B";
}

const char *displayName(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None:
        return "no";
    case Recompute::Selective:
        return "selective";
    case Recompute::Full:
        return "full";
    }
    return "no";
}

const char *toString(FlopConvention convention)
{
    switch (convention) {
    case FlopConvention::PerLayer:
        return "per-layer model FLOPs from the architecture, attention counted non-causal "
               "(PaLM/Megatron), backward = 2x forward, embedding lookup excluded, LM head "
               "included; MFU against dense BF16 peak";
    case FlopConvention::PerLayerCausal:
        return "per-layer model FLOPs, causal attention halved, backward = 2x forward, LM head "
               "included; MFU against dense BF16 peak";
    case FlopConvention::SixN:
        return "6 x active non-embedding parameters (+ LM head), no attention term; MFU "
               "against dense BF16 peak";
    }
    return "";
}

} // namespace aidc

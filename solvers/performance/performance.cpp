// SPDX-License-Identifier: Apache-2.0
#include "solvers/performance/performance.h"

#include "solvers/common/reportformat.h"
#include "solvers/performance/performancemodel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace aidc {

namespace {

std::string format(const char *fmt, double a = 0, double b = 0, double c = 0, double d = 0)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, a, b, c, d);
    return buf;
}

} // namespace

const char *toString(StagePosition position)
{
    switch (position) {
    case StagePosition::Only:
        return "only";
    case StagePosition::First:
        return "first";
    case StagePosition::Middle:
        return "middle";
    case StagePosition::Last:
        return "last";
    }
    return "only";
}

ParameterCounts countParameters(const ModelArchitecture &a)
{
    ParameterCounts p;
    const ArchitectureShape x = architectureShape(a);
    const double h = a.hidden;
    const double attention = h * (x.q + 2 * x.kv) + x.q * h + 2 * h;
    double total = a.layers * attention + x.denseLayers() * x.mlpMatrices * h * a.ffnHidden;
    double active = total;
    if (a.moe) {
        const double expert = x.mlpMatrices * h * x.expertWidth;
        p.expert = x.moeLayers * double(a.moe->experts) * expert;
        const double shared = x.moeLayers * (a.moe->sharedExperts * expert + h * a.moe->experts);
        total += p.expert + shared;
        active += x.moeLayers * double(a.moe->topK) * expert + shared;
    }
    p.embedding = double(a.vocab) * h * (a.tiedEmbeddings ? 1 : 2);
    p.total = total + p.embedding + h;
    p.active = active + p.embedding + h;
    return p;
}

double modelFlopsPerToken(const ModelArchitecture &a, FlopConvention convention)
{
    const ArchitectureShape x = architectureShape(a);
    if (convention == FlopConvention::SixN) {
        const ParameterCounts p = countParameters(a);
        // Active parameters without the embeddings; the LM head always computes.
        const double embeddings = double(a.vocab) * a.hidden * (a.tiedEmbeddings ? 1 : 2);
        return 6.0 * (p.active - embeddings) + 3.0 * x.lmHeadFlops;
    }
    const double attentionFactor = convention == FlopConvention::PerLayerCausal ? 0.5 : 1.0;
    return 3.0 * (x.layerForwardFlops(attentionFactor) + x.lmHeadFlops);
}

PlanEvaluation evaluatePlan(const Workload &workload, const Accelerator &gpu,
                            const ClusterNetwork &network, const ParallelPlan &plan,
                            const PerformanceOptions &options)
{
    const PerformanceModel model(workload, gpu, network, options);
    return model.evaluate(plan);
}

namespace {

// Rules on the workload itself; errors point at the offending field.
Diagnostics validateWorkload(const Workload &w, const Accelerator &gpu)
{
    Diagnostics d;
    const ModelArchitecture &a = w.model;
    const std::string m = "/workload/model/";
    auto positive = [&](int value, const char *field) {
        if (value <= 0)
            d.error("", m + field, std::string(field) + " must be positive");
    };
    positive(a.layers, "layers");
    positive(a.hidden, "hidden");
    positive(a.ffnHidden, "ffnHidden");
    positive(a.heads, "heads");
    positive(a.kvHeads, "kvHeads");
    positive(a.vocab, "vocab");
    positive(a.seqLen, "seqLen");
    if (a.heads > 0 && a.kvHeads > 0 && a.heads % a.kvHeads != 0)
        d.error("", m + "kvHeads", "heads must be a multiple of kvHeads (GQA groups)");
    if (a.headDim == 0 && a.heads > 0 && a.hidden % a.heads != 0)
        d.error("", m + "headDim", "hidden is not divisible by heads: set headDim explicitly");
    if (a.moe) {
        const MoeSpec &e = *a.moe;
        if (e.experts < 1 || e.topK < 1 || e.topK > e.experts)
            d.error("", m + "moe/topK", "MoE needs experts >= 1 and 1 <= topK <= experts");
        if (e.loadImbalance < 1)
            d.error("", m + "moe/loadImbalance",
                    "load imbalance is slowest expert rank / mean and must be >= 1");
        if (e.layerFrequency < 1)
            d.error("", m + "moe/layerFrequency", "layerFrequency must be at least 1");
    }
    if (w.globalBatchSequences <= 0)
        d.error("", "/workload/globalBatchSequences", "global batch must be positive");
    if (w.trainingTokens < 0)
        d.error("", "/workload/trainingTokens", "token budget cannot be negative");
    if (gpu.bf16Tflops <= 0 || gpu.hbmGB <= 0 || gpu.hbmTBps <= 0)
        d.error("", "/accelerator",
                "accelerator '" + gpu.id + "' needs bf16Tflops, hbmGB and hbmTBps");
    return d;
}

struct Signature
{
    int tp, pp, cp, ep;
    PipelineSchedule schedule;
    bool operator==(const Signature &) const = default;
};

Signature signatureOf(const ParallelPlan &p)
{
    return {p.tp, p.pp, p.cp, p.ep, p.schedule};
}

std::string describePlan(const ParallelPlan &p)
{
    std::string s = "TP " + std::to_string(p.tp) + " x PP " + std::to_string(p.pp) + " x DP " +
                    std::to_string(p.dp) + " x CP " + std::to_string(p.cp);
    if (p.ep > 1)
        s += " (EP " + std::to_string(p.ep) + ")";
    s += ", micro-batch " + std::to_string(p.microBatch) + ", " + displayName(p.schedule);
    if (p.schedule == PipelineSchedule::Interleaved)
        s += " (v=" + std::to_string(p.virtualStages) + ")";
    s += std::string(", ") + displayName(p.recompute) + " recompute, ZeRO-" +
         std::to_string(p.zeroStage);
    return s;
}

std::string percent(double fraction)
{
    return formatPercent(fraction, 0);
}

void explain(SearchResult &r, const PerformanceModel &model)
{
    const PlanEvaluation &b = r.best;
    const ParallelPlan &p = b.plan;
    const int domain = model.fabric().scaleUpDomain;
    r.explanation.push_back("chose " + describePlan(p) + " on " + std::to_string(b.gpusUsed) +
                            " GPUs: " + format("%.3g tokens/s, MFU ", b.tokensPerSecond) +
                            formatPercent(b.mfu) + format(", step %.2f s", b.step.stepS));
    auto straddle = [&](const char *dimension, const CollectiveChoice &c) -> std::string {
        if (c.wholeInDomainFraction >= 1 || c.wholeInDomainFraction <= 0)
            return "";
        return std::string("; only ") + percent(c.wholeInDomainFraction) + " of the " + dimension +
               " groups sit whole in a " + std::to_string(domain) +
               "-GPU domain, the others straddle two and set the pace";
    };
    if (p.tp > 1)
        r.explanation.push_back(
            "TP " + std::to_string(p.tp) +
            (b.tpCollective.tier == "scale-up"
                 ? " stays inside the " + std::to_string(domain) + "-GPU scale-up domain"
                 : " spills tensor-parallel traffic onto the scale-out network") +
            format(" (TP communication %.2f s per step, %.2f s hidden behind GEMMs)",
                   b.step.tpCommS, b.step.tpHiddenS) +
            straddle("TP", b.tpCollective));
    if (p.ep > 1)
        r.explanation.push_back(
            "EP " + std::to_string(p.ep) + " all-to-all runs over the " + b.epCollective.tier +
            format(" tier (%.2f s per step, %.2f s hidden)", b.step.epCommS, b.step.epHiddenS) +
            straddle("EP", b.epCollective));
    if (p.cp > 1)
        r.explanation.push_back("CP " + std::to_string(p.cp) + " splits each sequence over the " +
                                b.cpCollective.tier +
                                format(" tier (K/V exchange %.2f s per step, %.2f s hidden)",
                                       b.step.cpCommS, b.step.cpHiddenS));
    r.explanation.push_back(
        format("memory %.1f of %.1f GB per GPU (weights %.1f, gradients %.1f", b.memory.totalGB,
               b.memory.capacityGB, b.memory.weightsGB, b.memory.gradientsGB) +
        format(", optimizer %.1f, activations %.1f)", b.memory.optimizerGB,
               b.memory.activationsGB) +
        (p.pp > 1 ? std::string(" on the ") + toString(b.memory.fullestStage) + " stage"
                  : std::string()));
    if (p.pp > 1)
        r.explanation.push_back(
            "PP " + std::to_string(p.pp) + " with " + displayName(p.schedule) + ": bubble " +
            formatPercent(b.step.bubbleS / b.step.stepS) +
            format(" of the step over %.0f micro-batches per DP rank", b.microBatches));
    if (b.gpusUsed < model.availableGpus())
        r.explanation.push_back(std::to_string(model.availableGpus() - b.gpusUsed) +
                                " GPUs stay idle: no larger DP divides the global batch of " +
                                std::to_string(model.workload().globalBatchSequences) +
                                " sequences");
    r.explanation.push_back("DP traffic crosses the " + b.dpCollective.tier + " tier (" +
                            b.dpCollective.algorithm + "), " +
                            percent(b.step.dpCommS > 0 ? b.step.dpHiddenS / b.step.dpCommS : 1.0) +
                            " hidden behind compute" +
                            format("; overlapping communication costs %.2f s of compute per step",
                                   b.step.overlapSlowdownS));
    if (r.runnerUp) {
        const PlanEvaluation &u = *r.runnerUp;
        if (r.runnerUpTied) {
            std::string rule;
            if (u.gpusUsed != b.gpusUsed)
                rule = "it uses fewer GPUs (" + std::to_string(b.gpusUsed) + " against " +
                       std::to_string(u.gpusUsed) + ")";
            else
                rule = format("it needs less memory per GPU (%.1f GB against %.1f GB)",
                              b.memory.totalGB, u.memory.totalGB);
            r.explanation.push_back(
                "runner-up " + describePlan(u.plan) + " is equivalent (step times within " +
                formatPercent(SearchResult::tieTolerance) +
                "); the tie-break (fewer GPUs, then less memory per GPU) chose this plan because " +
                rule);
        } else {
            struct Term
            {
                const char *name;
                double delta;
            } terms[] = {
                {"compute", u.step.computeS - b.step.computeS},
                {"overlap slowdown", u.step.overlapSlowdownS - b.step.overlapSlowdownS},
                {"pipeline bubble", u.step.bubbleS - b.step.bubbleS},
                {"exposed TP communication",
                 (u.step.tpCommS - u.step.tpHiddenS) - (b.step.tpCommS - b.step.tpHiddenS)},
                {"exposed CP communication",
                 (u.step.cpCommS - u.step.cpHiddenS) - (b.step.cpCommS - b.step.cpHiddenS)},
                {"exposed EP all-to-all",
                 (u.step.epCommS - u.step.epHiddenS) - (b.step.epCommS - b.step.epHiddenS)},
                {"exposed PP transfers",
                 (u.step.ppCommS - u.step.ppHiddenS) - (b.step.ppCommS - b.step.ppHiddenS)},
                {"exposed DP communication",
                 (u.step.dpCommS - u.step.dpHiddenS) - (b.step.dpCommS - b.step.dpHiddenS)},
                {"optimizer step", u.step.optimizerS - b.step.optimizerS},
            };
            const Term *worst = &terms[0];
            for (const Term &t : terms)
                if (t.delta > worst->delta)
                    worst = &t;
            const double loss =
                b.tokensPerSecond > 0 ? 1 - u.tokensPerSecond / b.tokensPerSecond : 0;
            r.explanation.push_back("runner-up " + describePlan(u.plan) + " is " +
                                    formatPercent(loss) + " slower" + ": its " + worst->name +
                                    format(" is %.3f s longer per step", worst->delta));
        }
    }
    r.explanation.push_back(std::to_string(r.evaluated) + " plans evaluated, " +
                            std::to_string(r.pruned) + " pruned by the compute bound, " +
                            std::to_string(r.infeasible) + " infeasible (" +
                            std::to_string(r.rejectedMemory) + " out of memory, " +
                            std::to_string(r.rejectedRules) + " breaking a plan rule)");
}

// Plan a beats plan b: a shorter step, or (within the tie tolerance) fewer GPUs, then less
// memory per GPU.
bool better(double stepA, const ParallelPlan &a, double memoryA, double stepB,
            const ParallelPlan &b, double memoryB)
{
    const double tol = SearchResult::tieTolerance;
    if (stepA < stepB * (1 - tol))
        return true;
    if (stepA > stepB * (1 + tol))
        return false;
    if (a.gpus() != b.gpus())
        return a.gpus() < b.gpus();
    if (memoryA != memoryB)
        return memoryA < memoryB;
    return stepA < stepB;
}

} // namespace

bool ranksBefore(const PlanEvaluation &a, const PlanEvaluation &b)
{
    return better(a.step.stepS, a.plan, a.memory.totalGB, b.step.stepS, b.plan, b.memory.totalGB);
}

SearchResult searchParallelism(const Workload &workload, const Accelerator &gpu,
                               const ClusterNetwork &network, const PerformanceOptions &options)
{
    SearchResult result;
    const Diagnostics bad = validateWorkload(workload, gpu);
    if (bad.hasErrors()) {
        result.failure = bad.toString();
        return result;
    }
    const PerformanceModel model(workload, gpu, network, options);
    const ModelArchitecture &a = workload.model;
    const PlanConstraints &c = options.constraints;
    const int gpus = model.availableGpus();
    const int batch = workload.globalBatchSequences;

    // The search space: which sizes are worth trying. Whether a plan is valid is decided by
    // PerformanceModel::violation, the same rules as for a fixed plan.
    std::vector<int> tps, cps, pps, mbs, eps;
    const int maxTp =
        options.maxTp > 0 ? options.maxTp : std::min(64, model.fabric().scaleUpDomain);
    if (c.tp > 0)
        tps = {c.tp};
    else
        for (int t = 1; t <= maxTp; ++t)
            if (t <= 8 || isPowerOfTwo(t))
                tps.push_back(t);
    if (c.cp > 0)
        cps = {c.cp};
    else
        for (int x = 1; x <= options.maxCp; x *= 2)
            if (x == 1 || a.seqLen / x >= options.minCpChunkTokens)
                cps.push_back(x);
    if (c.pp > 0)
        pps = {c.pp};
    else
        for (int p = 1; p <= std::min(options.maxPp, a.layers); ++p)
            if (isPowerOfTwo(p) || a.layers % p == 0)
                pps.push_back(p);
    if (c.microBatch > 0)
        mbs = {c.microBatch};
    else
        for (int b = 1; b <= options.maxMicroBatch; b *= 2)
            mbs.push_back(b);
    if (c.ep > 0) {
        eps = {c.ep};
    } else if (a.moe) {
        // Powers of two, and the sizes that tile the scale-up domain (NVL72: 72, 36, 24...).
        for (int e = 1; e <= a.moe->experts; ++e)
            if (isPowerOfTwo(e) || model.fabric().scaleUpDomain % e == 0)
                eps.push_back(e);
    } else {
        eps = {1};
    }

    std::vector<Recompute> recomputes;
    for (Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full})
        if (c.recompute < 0 || static_cast<int>(r) == c.recompute)
            recomputes.push_back(r);
    std::vector<int> zeros;
    for (int z : {1, 2, 3})
        if (c.zeroStage < 0 || z == c.zeroStage)
            zeros.push_back(z);
    if (c.zeroStage == 0)
        zeros = {0};

    struct ScheduleChoice
    {
        PipelineSchedule schedule;
        int v;
    };
    std::vector<ScheduleChoice> schedules;
    schedules.reserve(16);
    auto allowed = [&](PipelineSchedule s, int v) {
        return (c.schedule < 0 || c.schedule == static_cast<int>(s)) &&
               (c.virtualStages == 0 || c.virtualStages == v);
    };

    const double inf = std::numeric_limits<double>::infinity();
    double bestStep = inf, runnerStep = inf, bestMemory = inf, runnerMemory = inf;
    ParallelPlan bestPlan, runnerPlan;
    ShapeCost bestShape, runnerShape;
    PlanCore bestCore, runnerCore;
    bool haveBest = false, haveRunner = false;
    double smallestMemoryGB = inf;
    ParallelPlan smallestPlan;
    bool anyShape = false;
    std::string firstRuleBroken; // for the failure message when no shape passes
    std::string firstRulePath;

    std::vector<int> dividers;
    for (int mb : mbs) {
        dividers.clear();
        const int perMb = batch / mb;
        for (int d = 1; d <= perMb; ++d)
            if (perMb % d == 0)
                dividers.push_back(d);
        for (int tp : tps)
            for (int cp : cps)
                for (int ep : eps) {
                    ParallelPlan probe;
                    probe.tp = tp;
                    probe.cp = cp;
                    probe.ep = ep;
                    probe.microBatch = mb;
                    if (isShapeRule(model.violation(probe))) {
                        ++result.rejectedRules;
                        ++result.infeasible;
                        if (firstRuleBroken.empty())
                            model.checkPlan(probe, &firstRuleBroken, &firstRulePath);
                        continue;
                    }
                    if (static_cast<long long>(tp) * cp > gpus)
                        continue;
                    const ShapeCost shape = model.shapeCost(tp, cp, mb, ep);
                    for (int pp : pps) {
                        const long long slice = static_cast<long long>(tp) * cp * pp;
                        if (slice > gpus)
                            break;
                        const int maxDp = static_cast<int>(gpus / slice);
                        int dp = c.dp;
                        if (dp == 0) {
                            auto it = std::upper_bound(dividers.begin(), dividers.end(), maxDp);
                            dp = it != dividers.begin() ? *(it - 1) : 1;
                        }
                        const int m = perMb / std::max(1, dp);
                        const double bound = model.lowerBoundS(shape, pp, m);
                        if (bound > runnerStep * (1 + SearchResult::tieTolerance) &&
                            bound > bestStep * (1 + SearchResult::tieTolerance)) {
                            ++result.pruned;
                            continue;
                        }
                        schedules.clear();
                        if (pp == 1 || allowed(PipelineSchedule::OneFOneB, 1))
                            schedules.push_back({PipelineSchedule::OneFOneB, 1});
                        if (pp > 1) {
                            // A fixed v is tried as given, even beyond the search's own range.
                            const int firstV = c.virtualStages > 1 ? c.virtualStages : 2;
                            const int lastV =
                                c.virtualStages > 1 ? c.virtualStages : options.maxVirtualStages;
                            for (int v = firstV; v <= lastV; ++v)
                                if (allowed(PipelineSchedule::Interleaved, v))
                                    schedules.push_back({PipelineSchedule::Interleaved, v});
                            if (options.searchZeroBubble &&
                                allowed(PipelineSchedule::ZeroBubble, 1))
                                schedules.push_back({PipelineSchedule::ZeroBubble, 1});
                            if (options.searchDualPipe && allowed(PipelineSchedule::DualPipe, 1))
                                schedules.push_back({PipelineSchedule::DualPipe, 1});
                        }
                        for (const ScheduleChoice &sc : schedules) {
                            ParallelPlan plan;
                            plan.tp = tp;
                            plan.pp = pp;
                            plan.dp = dp;
                            plan.cp = cp;
                            plan.ep = ep;
                            plan.microBatch = mb;
                            plan.virtualStages = sc.v;
                            plan.schedule = pp == 1 ? PipelineSchedule::OneFOneB : sc.schedule;
                            plan.zeroStage = zeros.front();
                            if (model.violation(plan) != PlanRule::Ok) {
                                ++result.rejectedRules;
                                ++result.infeasible;
                                if (firstRuleBroken.empty())
                                    model.checkPlan(plan, &firstRuleBroken, &firstRulePath);
                                continue;
                            }
                            anyShape = true;
                            for (Recompute rc : recomputes) {
                                plan.recompute = rc;
                                bool fitted = false;
                                MemoryBreakdown mem;
                                for (int z : zeros) {
                                    plan.zeroStage = z;
                                    mem = model.memory(shape, plan);
                                    if (mem.totalGB > mem.capacityGB) {
                                        ++result.infeasible;
                                        ++result.rejectedMemory;
                                        if (mem.totalGB < smallestMemoryGB) {
                                            smallestMemoryGB = mem.totalGB;
                                            smallestPlan = plan;
                                        }
                                        continue;
                                    }
                                    fitted = true;
                                    break;
                                }
                                if (!fitted)
                                    continue;
                                PlanCore core;
                                model.assemble(shape, plan, core);
                                ++result.evaluated;
                                const double t = core.step.stepS;
                                const double memGB = core.memory.totalGB;
                                const bool sameAsBest =
                                    haveBest && signatureOf(bestPlan) == signatureOf(plan);
                                if (!haveBest ||
                                    better(t, plan, memGB, bestStep, bestPlan, bestMemory)) {
                                    if (haveBest && !sameAsBest) {
                                        runnerStep = bestStep;
                                        runnerMemory = bestMemory;
                                        runnerPlan = bestPlan;
                                        runnerShape = bestShape;
                                        runnerCore = bestCore;
                                        haveRunner = true;
                                    }
                                    bestStep = t;
                                    bestMemory = memGB;
                                    bestPlan = plan;
                                    bestShape = shape;
                                    bestCore = core;
                                    haveBest = true;
                                } else if (!sameAsBest &&
                                           (!haveRunner || better(t, plan, memGB, runnerStep,
                                                                  runnerPlan, runnerMemory))) {
                                    runnerStep = t;
                                    runnerMemory = memGB;
                                    runnerPlan = plan;
                                    runnerShape = shape;
                                    runnerCore = core;
                                    haveRunner = true;
                                }
                                if (haveRunner && signatureOf(runnerPlan) == signatureOf(bestPlan))
                                    haveRunner = false, runnerStep = inf, runnerMemory = inf;
                            }
                        }
                    }
                }
    }

    if (!haveBest) {
        if (!anyShape) {
            result.failure =
                "no TP x CP x PP x DP combination passes the plan rules on " +
                std::to_string(gpus) + " GPUs with a DP that divides the global batch of " +
                std::to_string(batch) + " sequences" +
                (firstRuleBroken.empty() ? std::string()
                                         : " (first rule broken: " + firstRuleBroken + ")") +
                ": add GPUs, change the batch, or relax the fixed sizes in /workload/parallelism";
        } else {
            const PlanEvaluation e = model.evaluate(smallestPlan);
            result.failure =
                "the model fits nowhere: the least memory-hungry plan tried (" +
                describePlan(smallestPlan) + ") " + e.reason +
                "; use GPUs with more HBM, more GPUs (larger DP for ZeRO sharding), or raise "
                "maxPp/maxTp";
        }
        return result;
    }
    result.found = true;
    result.best = model.finish(bestShape, bestPlan, bestCore);
    if (haveRunner) {
        result.runnerUp = model.finish(runnerShape, runnerPlan, runnerCore);
        result.runnerUpTied = runnerStep <= bestStep * (1 + SearchResult::tieTolerance);
    }
    explain(result, model);
    return result;
}

PerformanceResult solvePerformance(const Workload &workload, const Accelerator &gpu,
                                   const ClusterNetwork &network,
                                   const PerformanceOptions &callerOptions)
{
    const PerformanceOptions options = withWorkloadChoices(callerOptions, workload);
    const bool fixedPlan = workload.parallelism.complete();
    PerformanceResult r;
    r.parameters = countParameters(workload.model);
    r.peakTflops = gpu.bf16Tflops;
    r.flopConvention = toString(options.flopConvention);
    r.automatic = !fixedPlan;
    r.diagnostics.append(options.validate());
    r.diagnostics.append(network.validate());
    r.diagnostics.append(validateWorkload(workload, gpu));
    if (r.diagnostics.hasErrors())
        return r;
    if (workload.precision == Precision::Fp8 && gpu.fp8Tflops <= 0)
        r.diagnostics.warning("", "/workload/precision",
                              "accelerator '" + gpu.id +
                                  "' has no FP8 tensor cores: GEMMs are modelled in BF16");

    const PerformanceModel model(workload, gpu, network, options);
    if (!fixedPlan) {
        SearchResult s = searchParallelism(workload, gpu, network, options);
        if (!s.found) {
            r.diagnostics.error("", "/workload/parallelism", s.failure);
            r.search = std::move(s);
            return r;
        }
        r.plan = s.best;
        r.search = std::move(s);
    } else {
        const ParallelPlan plan = planFromParallelism(workload.parallelism, model.availableGpus(),
                                                      workload.globalBatchSequences);
        r.plan = model.evaluate(plan);
        if (!r.plan.feasible()) {
            std::string reason = r.plan.reason;
            if (workload.parallelism.dp.value_or(0) == 0 &&
                r.plan.status != PlanStatus::OutOfMemory)
                reason += "; DP was not set and was derived as " + std::to_string(plan.dp) +
                          " (the largest DP that divides the global batch / micro-batch and "
                          "fits the GPUs): set /workload/parallelism/dp to choose another";
            r.diagnostics.error("", r.plan.jsonPath, reason);
            return r;
        }
    }
    r.ok = true;
    const int idle = model.availableGpus() - r.plan.gpusUsed;
    if (idle > 0 && idle * 10 > model.availableGpus())
        r.diagnostics.warning(
            "", "/workload/globalBatchSequences",
            std::to_string(idle) + " of " + std::to_string(model.availableGpus()) +
                " GPUs stay idle: no larger DP divides the global batch of " +
                std::to_string(workload.globalBatchSequences) +
                " sequences; a batch that is a multiple of the GPUs per model replica uses "
                "them all");
    if (r.plan.tokensPerSecond > 0)
        r.timeToTrainDays = workload.trainingTokens / r.plan.tokensPerSecond / 86400.0;

    // Scaling curve: the best plan on N, N/2, N/4, ... GPUs for the same job (global batch
    // fixed); a fixed plan keeps its TP/CP/PP/EP, micro-batch and schedule and only DP shrinks.
    std::vector<ScalingPoint> points;
    PerformanceOptions curveOptions = options;
    curveOptions.scalingPoints = 0;
    if (fixedPlan) {
        const ParallelPlan &fixed = r.plan.plan;
        PlanConstraints &c = curveOptions.constraints;
        c.tp = fixed.tp;
        c.pp = fixed.pp;
        c.cp = fixed.cp;
        c.ep = fixed.ep;
        c.microBatch = fixed.microBatch;
        c.virtualStages = fixed.virtualStages;
        c.schedule = static_cast<int>(fixed.schedule);
    }
    curveOptions.constraints.dp = 0;
    Workload curveWorkload = workload;
    int gpusAtPoint = r.plan.gpusUsed;
    for (int i = 0; i < options.scalingPoints && gpusAtPoint >= 1; ++i, gpusAtPoint /= 2) {
        curveWorkload.gpus = gpusAtPoint;
        const SearchResult s = searchParallelism(curveWorkload, gpu, network, curveOptions);
        if (!s.found)
            break;
        const PlanEvaluation &e = s.best;
        points.push_back({e.gpusUsed, e.plan.dp, e.mfu, e.tokensPerSecond, e.step.stepS, 0});
    }
    std::sort(points.begin(), points.end(),
              [](const ScalingPoint &x, const ScalingPoint &y) { return x.gpus < y.gpus; });
    points.erase(
        std::unique(points.begin(), points.end(),
                    [](const ScalingPoint &x, const ScalingPoint &y) { return x.gpus == y.gpus; }),
        points.end());
    // Per-GPU throughput relative to the smallest point of the curve.
    if (!points.empty()) {
        const double base = points.front().tokensPerSecond / points.front().gpus;
        for (ScalingPoint &pt : points)
            pt.linearity = base > 0 ? pt.tokensPerSecond / pt.gpus / base : 0;
    }
    r.scaling = std::move(points);
    return r;
}

} // namespace aidc

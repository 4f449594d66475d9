// SPDX-License-Identifier: Apache-2.0
#include "solvers/performance/performancemodel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aidc {

namespace {

constexpr double kBf16 = 2.0; // bytes per activation element
// Key length at which FlashAttention runs at half its long-sequence efficiency (see layerCost).
constexpr double kFlashHalfLength = 512;

// Calculon's A100 table [ref:calculon-2023], used when the catalog has none.
const std::vector<std::pair<double, double>> kDefaultGemmTable = {
    {0, 0.1}, {1, 0.6}, {16, 0.9}, {128, 0.95}};

double tileFraction(double dim, double tile)
{
    if (dim <= 0 || tile <= 1)
        return 1;
    return dim / (std::ceil(dim / tile) * tile);
}

int kvHeadsPerRank(int kvHeads, int tp)
{
    return kvHeads >= tp ? kvHeads / tp : 1;
}

// Model chunks per stage: only interleaved 1F1B splits a stage.
double virtualStagesOf(const ParallelPlan &plan)
{
    return plan.schedule == PipelineSchedule::Interleaved ? std::max(1, plan.virtualStages) : 1;
}

} // namespace

ArchitectureShape architectureShape(const ModelArchitecture &a)
{
    ArchitectureShape x;
    x.hidden = a.hidden;
    x.headDim = a.headDim > 0 ? a.headDim : (a.heads > 0 ? double(a.hidden) / a.heads : 0);
    x.q = a.heads * x.headDim;
    x.kv = a.kvHeads * x.headDim;
    x.mlpMatrices = a.ffn == FfnType::SwiGlu ? 3 : 2;
    x.layers = a.layers;
    x.expertWidth = a.ffnHidden;
    if (a.moe) {
        x.firstDenseLayers = std::clamp(a.moe->firstDenseLayers, 0, a.layers);
        const int freq = std::max(1, a.moe->layerFrequency);
        for (int i = x.firstDenseLayers; i < a.layers; ++i)
            x.moeLayers += (i - x.firstDenseLayers) % freq == 0 ? 1 : 0;
        if (a.moe->expertFfnHidden > 0)
            x.expertWidth = a.moe->expertFfnHidden;
    }
    const double h = a.hidden;
    x.attentionGemmFlops = 2 * h * (x.q + 2 * x.kv) + 2 * x.q * h;
    x.attentionCoreFlops = 4.0 * a.seqLen * x.q;
    x.denseMlpFlops = 2 * x.mlpMatrices * h * a.ffnHidden;
    if (a.moe)
        x.moeMlpFlops = 2 * h * a.moe->experts + (a.moe->topK + a.moe->sharedExperts) * 2 *
                                                     x.mlpMatrices * h * x.expertWidth;
    x.lmHeadFlops = 2.0 * h * a.vocab;
    return x;
}

double ArchitectureShape::layerForwardFlops(double attentionFactor) const
{
    return layers * (attentionGemmFlops + attentionFactor * attentionCoreFlops) +
           denseLayers() * denseMlpFlops + moeLayers * moeMlpFlops;
}

PerformanceModel::PerformanceModel(const Workload &workload, const Accelerator &gpu,
                                   const ClusterNetwork &network, const PerformanceOptions &options)
    : m_workload(workload)
    , m_gpu(gpu)
    , m_options(options)
{
    const auto &table = gpu.gemmEfficiency.empty() ? kDefaultGemmTable : gpu.gemmEfficiency;
    const double scale = options.computeEfficiencyScale;
    for (const auto &[gflop, eff] : table)
        m_efficiency.emplace_back(std::log(std::max(gflop, 1e-3)), eff * scale);
    std::sort(m_efficiency.begin(), m_efficiency.end());
    m_topEfficiency = m_efficiency.empty() ? 0.95 * scale : m_efficiency.back().second;
    m_attentionEfficiency = gpu.attentionEfficiency * scale;

    m_bf16Peak = gpu.bf16Tflops * 1e12;
    m_fp8 = workload.precision == Precision::Fp8 && gpu.fp8Tflops > 0;
    // fp8GemmEfficiency is the large-GEMM figure; smaller GEMMs keep the BF16 table's shape.
    m_fp8Peak =
        gpu.fp8Tflops * 1e12 * gpu.fp8GemmEfficiency * scale / std::max(m_topEfficiency, 1e-3);
    m_hbmBytesPerS = gpu.hbmTBps * 1e12 * gpu.memoryEfficiency;

    m_fabric.scaleUpDomain = std::max(1, network.scaleUpDomain);
    m_fabric.scaleUpBytesPerS = network.scaleUpGBpsPerDirection * 1e9 * gpu.scaleUpBusEfficiency;
    m_fabric.nicBytesPerS = network.scaleOutGbpsPerGpu / 8.0 * 1e9 * gpu.scaleOutBusEfficiency;
    m_fabric.islandGpus = network.islandGpus;
    m_fabric.railGroupGpus = network.railGroupGpus;
    m_fabric.leafOversubscription = std::max(1.0, network.leafOversubscription);
    m_fabric.islandOversubscription = std::max(1.0, network.islandOversubscription);
    m_fabric.scaleUpLatencyS = network.scaleUpLatencyUs * 1e-6;
    m_fabric.scaleOutLatencyS = network.scaleOutLatencyUs * 1e-6;
    m_fabric.hopLatencyS = network.hopLatencyUs * 1e-6;
    m_fabric.tiers = network.tiers;
    m_fabric.inNetworkReduction = network.inNetworkReduction;

    m_availableGpus = workload.gpus > 0 ? std::min(workload.gpus, network.gpus) : network.gpus;

    const ModelArchitecture &a = workload.model;
    m_arch = architectureShape(a);
    m_tokensPerStep = double(workload.globalBatchSequences) * a.seqLen;
    m_modelFlopsPerStep = modelFlopsPerToken(a, options.flopConvention) * m_tokensPerStep;

    // Recompute FLOPs per token, with the attention term of the chosen convention.
    const double attnFactor = options.flopConvention == FlopConvention::PerLayerCausal ? 0.5
                              : options.flopConvention == FlopConvention::SixN         ? 0.0
                                                                                       : 1.0;
    m_recomputeFullFlopsPerToken = m_arch.layerForwardFlops(attnFactor);
    m_recomputeSelectiveFlopsPerToken =
        options.flashAttention ? 0.0 : a.layers * m_arch.attentionCoreFlops * attnFactor;
}

double PerformanceModel::capacityGB() const
{
    return m_gpu.hbmGB * m_options.hbmUsableFraction;
}

double PerformanceModel::gemmEfficiency(double flops) const
{
    const double x = std::log(std::max(flops * 1e-9, 1e-3));
    if (m_efficiency.empty())
        return m_topEfficiency;
    if (x <= m_efficiency.front().first)
        return m_efficiency.front().second;
    if (x >= m_efficiency.back().first)
        return m_efficiency.back().second;
    for (size_t i = 1; i < m_efficiency.size(); ++i) {
        if (x < m_efficiency[i].first) {
            const auto &[x0, e0] = m_efficiency[i - 1];
            const auto &[x1, e1] = m_efficiency[i];
            return e0 + (e1 - e0) * (x - x0) / (x1 - x0);
        }
    }
    return m_efficiency.back().second;
}

double PerformanceModel::gemmS(double m, double n, double k, bool fp8) const
{
    if (m <= 0 || n <= 0 || k <= 0)
        return 0;
    const double flops = 2.0 * m * n * k;
    const double tile = m_options.gemmTile;
    double eff = gemmEfficiency(flops) * tileFraction(m, tile) * tileFraction(n, tile) *
                 tileFraction(k, tile / 2);
    double peak = m_bf16Peak;
    if (fp8) {
        peak = m_fp8Peak;
    }
    eff = std::clamp(eff, 1e-3, 1.0);
    const double computeS = flops / (peak * eff);
    const double inputBytes = fp8 ? 1.0 : kBf16;
    const double bytes = (m * k + k * n) * inputBytes + m * n * kBf16;
    const double memoryS = bytes / m_hbmBytesPerS;
    double t =
        m_options.roofline == RooflineMode::Max ? std::max(computeS, memoryS) : computeS + memoryS;
    if (fp8) // quantise the activation operand (weights are cast once per step)
        t += m * k * m_options.fp8CastBytesPerElement / m_hbmBytesPerS;
    return t + m_options.kernelOverheadUs * 1e-6;
}

double PerformanceModel::memS(double bytes, int kernels) const
{
    return bytes / m_hbmBytesPerS + kernels * m_options.kernelOverheadUs * 1e-6;
}

LayerCost PerformanceModel::layerCost(bool moe, int tp, int cp, int microBatch, int ep) const
{
    const ModelArchitecture &a = m_workload.model;
    const PerformanceOptions &o = m_options;
    LayerCost c;
    const double s = a.seqLen, h = a.hidden, d = m_arch.headDim;
    const double tokens = double(microBatch) * s;
    const double tg = tokens / cp; // tokens per GPU in attention and GEMMs
    const double ts = tg / tp;     // sequence-parallel shard
    const double hl = double(a.heads) / tp;
    const double kvl = kvHeadsPerRank(a.kvHeads, tp);
    const bool swiglu = a.ffn == FfnType::SwiGlu;
    const double mlpMats = m_arch.mlpMatrices;
    const bool fp8 = m_fp8;

    auto addGemm = [&](double m, double n, double k, bool lowPrecision) {
        const double f = gemmS(m, n, k, lowPrecision);
        const double bi = gemmS(m, k, n, lowPrecision), bw = gemmS(n, k, m, lowPrecision);
        c.forwardS += f;
        c.inputGradS += bi;
        c.weightGradS += bw;
        c.gemmForwardS += f;
        c.gemmBackwardS += bi + bw;
    };

    // --- attention block
    addGemm(tg, (hl + 2 * kvl) * d, h, fp8);
    addGemm(tg, h, hl * d, fp8);
    double attnRecomputeS = 0;
    if (o.flashAttention) {
        const double causal = o.causalSkip ? 0.5 : 1.0;
        const double flops = 4.0 * tg * s * hl * d * causal;
        const double peak = (o.fp8Attention && fp8) ? m_fp8Peak : m_bf16Peak;
        // Small attention problems (few heads x tokens per call) run below the large-problem
        // efficiency, like GEMMs of that size; and FlashAttention loses efficiency with the
        // key length of one call (s / cp for each ring step under CP): per-tile softmax
        // rescaling and the causal diagonal weigh more. FA2 fwd+bwd, A100, head dim 128,
        // causal, relative to 16k keys: ~0.5 at 512, ~0.7 at 1k, ~0.85 at 2k, ~0.93 at 4k
        // [Dao 2023, FlashAttention-2, Fig. 4; read from the figure, from memory: U], which
        // L / (L + 512) normalised to 16k follows within a few per cent.
        const double block = 4.0 * microBatch * (s / cp) * (s / cp) * hl * d;
        const double keys = s / cp;
        const double lengthFactor = std::min(1.0, keys / (keys + kFlashHalfLength) *
                                                      (16384.0 + kFlashHalfLength) / 16384.0);
        const double sizeFactor =
            gemmEfficiency(block) / std::max(m_topEfficiency, 1e-3) * lengthFactor;
        const double kernels = cp * o.kernelOverheadUs * 1e-6; // one call per ring step
        const double fwd = flops / (peak * m_attentionEfficiency * sizeFactor) + kernels;
        // FlashAttention's backward recomputes the scores: 5 matmuls against 2 forward.
        const double bwd = 2.5 * (fwd - kernels) + kernels;
        c.attentionForwardS = fwd;
        c.attentionBackwardS = bwd;
    } else {
        // Materialised scores: two batched GEMMs per head and a softmax over s x s/cp.
        const double scores = hl * tg * s; // elements
        const double gemmFwd = hl * (gemmS(tg, s, d, false) + gemmS(tg, d, s, false));
        const double softmaxBytes = scores * (2 * kBf16 + (o.dropout ? 2 * kBf16 + 1 : 0));
        const double fwd = gemmFwd + memS(softmaxBytes, o.dropout ? 2 : 1);
        const double bwd = 2 * gemmFwd + memS(2 * softmaxBytes, o.dropout ? 3 : 2);
        c.attentionForwardS = fwd;
        c.attentionBackwardS = bwd;
        attnRecomputeS = fwd;
    }
    c.forwardS += c.attentionForwardS;
    c.inputGradS += c.attentionBackwardS;

    // Memory-bound ops of the attention block: norm, rotary, residual (+ dropout).
    const double dropoutBytes = o.dropout ? ts * h * (2 * kBf16 + 1) : 0;
    const double normBytes = 2 * ts * h * kBf16;
    double elementwiseBytes =
        normBytes + 2 * tg * (hl + kvl) * d * kBf16 + 3 * ts * h * kBf16 + dropoutBytes;
    double recomputableBytes = normBytes;
    int elementwiseKernels = 4;

    // --- MLP block (dense or MoE)
    elementwiseBytes += normBytes + 3 * ts * h * kBf16 + dropoutBytes;
    recomputableBytes += normBytes;
    elementwiseKernels += 3;
    double act[3] = {0, 0, 0};
    const double layerInput = ts * h * kBf16;
    // Saved tensors [ref:korthikanti-2022], with FlashAttention and GQA: norm inputs,
    // norm outputs (GEMM inputs), Q/K/V, attention output and LSE, MLP intermediates.
    double saved = 2 * layerInput + 2 * layerInput + tg * (hl + 2 * kvl) * d * kBf16 +
                   tg * hl * d * kBf16 + tg * hl * 4.0;
    double selectiveDrop = 2 * layerInput; // norm outputs are recomputed
    if (!o.flashAttention) {
        const double scoreBytes = hl * tg * s * (kBf16 + (o.dropout ? 1 + kBf16 : 0));
        saved += scoreBytes;
        selectiveDrop += scoreBytes;
    }
    if (o.dropout)
        saved += 2 * ts * h;

    int tpCollectives = 4; // SP: all-gather + reduce-scatter around attention and MLP
    if (!moe) {
        const double fl = double(a.ffnHidden) / tp;
        addGemm(tg, (swiglu ? 2 : 1) * fl, h, fp8);
        addGemm(tg, h, fl, fp8);
        const double actBytes = (swiglu ? 3 : 2) * tg * fl * kBf16;
        elementwiseBytes += actBytes;
        recomputableBytes += actBytes;
        elementwiseKernels += 1;
        saved += (swiglu ? 2 : 1) * tg * fl * kBf16 + tg * fl * kBf16;
        selectiveDrop += tg * fl * kBf16;
        c.denseParameters = mlpMats * h * a.ffnHidden / tp;
    } else {
        const MoeSpec &e = *a.moe;
        const double fe = m_arch.expertWidth;
        const double imbalance = std::max(1.0, e.loadImbalance);
        const double pairs = ts * e.topK; // token-expert pairs per GPU (balanced)
        const double localExperts = double(e.experts) / ep;
        const double tokensPerExpert = pairs / localExperts;
        // Router in BF16/FP32 on the sequence-parallel shard.
        addGemm(ts, e.experts, h, false);
        // Routed experts: grouped GEMMs, expert-tensor-parallel 1; the busiest rank sets pace.
        const double upS = gemmS(tokensPerExpert, (swiglu ? 2 : 1) * fe, h, fp8);
        const double downS = gemmS(tokensPerExpert, h, fe, fp8);
        c.forwardS += imbalance * localExperts * (upS + downS);
        c.inputGradS += imbalance * localExperts *
                        (gemmS(tokensPerExpert, h, (swiglu ? 2 : 1) * fe, fp8) +
                         gemmS(tokensPerExpert, fe, h, fp8));
        c.weightGradS += imbalance * localExperts *
                         (gemmS((swiglu ? 2 : 1) * fe, h, tokensPerExpert, fp8) +
                          gemmS(h, fe, tokensPerExpert, fp8));
        const double permuteBytes = 2 * 2 * pairs * h * kBf16 * imbalance;
        const double expertActBytes = (swiglu ? 3 : 2) * pairs * fe * kBf16 * imbalance;
        elementwiseBytes += permuteBytes + expertActBytes;
        recomputableBytes += expertActBytes;
        elementwiseKernels += 4;
        saved += imbalance * pairs * (h + (swiglu ? 2 : 1) * fe + fe) * kBf16;
        selectiveDrop += imbalance * pairs * fe * kBf16;
        c.expertParameters = localExperts * mlpMats * h * fe;
        c.denseParameters = h * e.experts; // router, replicated
        tpCollectives = 2;
        if (e.sharedExperts > 0) {
            const double fs = fe * e.sharedExperts / tp;
            addGemm(tg, (swiglu ? 2 : 1) * fs, h, fp8);
            addGemm(tg, h, fs, fp8);
            const double actBytes = (swiglu ? 3 : 2) * tg * fs * kBf16;
            elementwiseBytes += actBytes;
            recomputableBytes += actBytes;
            saved += ((swiglu ? 2 : 1) + 1) * tg * fs * kBf16;
            selectiveDrop += tg * fs * kBf16;
            c.denseParameters += mlpMats * h * fe * e.sharedExperts / tp;
            tpCollectives = 4;
        }
        // All-to-all dispatch + combine per pass; the busiest rank receives `imbalance` more.
        if (ep > 1) {
            const GroupSpan epGroup = m_fabric.span(1, ep);
            const double bytes = pairs * h * kBf16 * imbalance;
            const double a2a = allToAll(epGroup, bytes).seconds;
            c.epForwardS = 2 * a2a;
            c.epBackwardS = 2 * a2a;
        }
    }
    c.forwardS += memS(elementwiseBytes, elementwiseKernels);
    c.inputGradS += memS(2 * elementwiseBytes, 2 * elementwiseKernels);
    c.denseParameters += (h * (hl + 2 * kvl) * d + hl * d * h) + 2 * h;

    // --- tensor-parallel (SP) collectives: each moves the full b*s/cp*h tensor.
    if (tp > 1) {
        const GroupSpan tpGroup = m_fabric.span(1, tp);
        const double one = reduceScatter(tpGroup, tg * h * kBf16).seconds;
        c.tpForwardS = tpCollectives * one;
        c.tpBackwardS = tpCollectives * one;
    }
    // --- context parallel: ring exchange of K and V (backward: K/V again plus dK/dV).
    if (cp > 1) {
        const GroupSpan cpGroup = m_fabric.span(tp, cp);
        const double kvBytes = tg * 2 * kvl * d * kBf16;
        const double one = reduceScatter(cpGroup, kvBytes * cp).seconds;
        c.cpForwardS = one;
        c.cpBackwardS = 2 * one;
    }

    c.recomputeFullS = c.forwardS;
    c.recomputeSelectiveS =
        o.flashAttention ? memS(recomputableBytes, 3) : attnRecomputeS + memS(recomputableBytes, 3);

    act[static_cast<int>(Recompute::None)] = saved;
    act[static_cast<int>(Recompute::Selective)] = std::max(layerInput, saved - selectiveDrop);
    act[static_cast<int>(Recompute::Full)] = layerInput;
    for (int i = 0; i < 3; ++i)
        c.activationBytes[i] = act[i];
    return c;
}

ShapeCost PerformanceModel::shapeCost(int tp, int cp, int microBatch, int ep) const
{
    const ModelArchitecture &a = m_workload.model;
    ShapeCost shape;
    shape.tp = tp;
    shape.cp = cp;
    shape.microBatch = microBatch;
    shape.ep = ep;
    shape.dense = layerCost(false, tp, cp, microBatch, 1);
    if (a.moe && m_arch.moeLayers > 0)
        shape.moe = layerCost(true, tp, cp, microBatch, ep);

    const GroupSpan tpGroup = m_fabric.span(1, tp);
    shape.tpTier = tpGroup.tier;
    shape.tpAlgorithm = tp > 1 ? reduceScatter(tpGroup, 1e6).algorithm : CollectiveAlgorithm::None;
    shape.tpWhole = tpGroup.wholeInDomainFraction;
    const GroupSpan cpGroup = m_fabric.span(tp, cp);
    shape.cpTier = cpGroup.tier;
    shape.cpAlgorithm = cp > 1 ? CollectiveAlgorithm::Ring : CollectiveAlgorithm::None;
    shape.cpWhole = cpGroup.wholeInDomainFraction;
    const GroupSpan epGroup = m_fabric.span(1, ep);
    shape.epTier = epGroup.tier;
    shape.epAlgorithm = ep > 1 ? CollectiveAlgorithm::Pairwise : CollectiveAlgorithm::None;
    shape.epWhole = epGroup.wholeInDomainFraction;

    // Embedding and LM head, vocabulary-parallel over TP.
    const double s = a.seqLen, h = a.hidden, v = a.vocab;
    const double tg = double(microBatch) * s / cp, ts = tg / tp;
    HeadCost &head = shape.head;
    head.firstForwardS = memS(2 * ts * h * kBf16, 1);
    head.firstBackwardS = memS(4 * ts * h * kBf16, 2); // scatter-add into the table
    const double vl = v / tp;
    head.lastForwardS = memS(2 * ts * h * kBf16, 1) + gemmS(tg, vl, h, false) +
                        memS(3 * tg * vl * 4.0, 2); // fp32 logits, softmax, loss
    head.lastInputGradS = gemmS(tg, h, vl, false) + memS(2 * tg * vl * 4.0, 1);
    head.lastWeightGradS = gemmS(vl, h, tg, false);
    if (tp > 1) {
        const double one = reduceScatter(tpGroup, tg * h * kBf16).seconds;
        head.lastTpForwardS = one;
        head.lastTpBackwardS = one;
    }
    head.firstParameters = v * h / tp;
    head.lastParameters = v * h / tp + h;
    head.lastActivationBytes = tg * vl * 4.0 + ts * h * kBf16;
    return shape;
}

void PerformanceModel::stageMixes(const ParallelPlan &plan, StageMix mixes[3], int &count) const
{
    const int layers = m_arch.layers, moeLayers = m_arch.moeLayers;
    const int firstDense = m_arch.firstDenseLayers;
    const double moeShare =
        layers - firstDense > 0 ? double(moeLayers) / (layers - firstDense) : 0.0;
    if (plan.pp <= 1) {
        mixes[0] = {double(layers - moeLayers), double(moeLayers), true, true};
        count = 1;
        return;
    }
    auto mix = [&](int n, bool first, bool last) {
        StageMix m;
        m.first = first;
        m.last = last;
        int dense = first ? std::min(n, firstDense) : 0;
        const int rest = n - dense;
        double moe = std::min(double(rest), std::ceil(rest * moeShare - 1e-9));
        moe = std::min(moe, double(moeLayers));
        m.moe = moe;
        m.dense = n - moe;
        return m;
    };
    // As even as it goes: every stage holds L / p layers; the L mod p (< p) extra layers go to
    // middle stages first, since the end stages also hold the embedding or the LM head, and
    // only when every middle stage has one (or there is none, p = 2) to the last stage.
    const int p = plan.pp;
    const int q = layers / p, extra = layers % p, middles = p - 2;
    count = 0;
    mixes[count++] = mix(q, true, false);
    if (middles > 0)
        mixes[count++] = mix(q + (extra > 0 ? 1 : 0), false, false);
    mixes[count++] = mix(q + (extra > middles ? 1 : 0), false, true);
}

MemoryBreakdown PerformanceModel::memory(const ShapeCost &shape, const ParallelPlan &plan) const
{
    StageMix mixes[3];
    int count = 0;
    stageMixes(plan, mixes, count);
    const int m = m_workload.globalBatchSequences / std::max(1, plan.dp * plan.microBatch);
    const double p = plan.pp, v = virtualStagesOf(plan);
    const int rc = static_cast<int>(plan.recompute);
    const double denseGroup = double(plan.dp) * plan.cp;
    const double expertGroup = std::max(1.0, double(plan.dp) * plan.cp * plan.tp / plan.ep);
    const double copies = plan.schedule == PipelineSchedule::DualPipe ? 2.0 : 1.0;
    const double stateBytes = m_options.optimizerStateBytesPerParameter;

    MemoryBreakdown best;
    best.capacityGB = capacityGB();
    best.totalGB = -1;
    for (int i = 0; i < count; ++i) {
        const StageMix &mix = mixes[i];
        double dense =
            mix.dense * shape.dense.denseParameters + mix.moe * shape.moe.denseParameters;
        const double expert = mix.moe * shape.moe.expertParameters;
        if (mix.first)
            dense += shape.head.firstParameters;
        if (mix.last && !(m_workload.model.tiedEmbeddings && plan.pp == 1))
            dense += shape.head.lastParameters;
        dense *= copies;
        const double expertC = expert * copies;
        auto states = [&](double psi, double d, double &w, double &g, double &opt) {
            const double weightBytes = kBf16 + (m_fp8 ? 1.0 : 0.0);
            switch (plan.zeroStage) {
            case 0:
                w += weightBytes * psi;
                g += 2 * psi;
                opt += stateBytes * psi;
                break;
            case 1:
                w += weightBytes * psi;
                g += 2 * psi;
                opt += stateBytes * psi / d;
                break;
            case 2:
                w += weightBytes * psi;
                g += 2 * psi / d;
                opt += stateBytes * psi / d;
                break;
            default:
                w += weightBytes * psi / d;
                g += 2 * psi / d;
                opt += stateBytes * psi / d;
                break;
            }
        };
        double w = 0, g = 0, opt = 0;
        states(dense, denseGroup, w, g, opt);
        states(expertC, expertGroup, w, g, opt);

        // Activation sets in flight on this stage [ref:deepseek-v3-2024; ref:megatron-2021].
        double inflight = 1;
        if (plan.pp > 1) {
            switch (plan.schedule) {
            case PipelineSchedule::Interleaved:
                // With one chunk per stage interleaving is 1F1B: p sets, not p(1 + (p-1)/p).
                if (v > 1) {
                    inflight = mix.first ? p * (1 + (p - 1) / (p * v))
                                         : (mix.last ? 1 + (p - 1) / (p * v) : p / 2 + 1);
                    break;
                }
                [[fallthrough]];
            case PipelineSchedule::OneFOneB:
            case PipelineSchedule::ZeroBubble:
                inflight = mix.first ? p : (mix.last ? 1 : p / 2);
                break;
            case PipelineSchedule::DualPipe:
                inflight = p + 1;
                break;
            }
        }
        inflight = std::min(inflight, double(std::max(1, m)));
        const double perMicroBatch =
            mix.dense * shape.dense.activationBytes[rc] + mix.moe * shape.moe.activationBytes[rc];
        double act = inflight * perMicroBatch;
        if (plan.recompute != Recompute::None) // the layer being recomputed, in full
            act += std::max(shape.dense.activationBytes[0],
                            mix.moe > 0 ? shape.moe.activationBytes[0] : 0.0);
        if (mix.last)
            act += shape.head.lastActivationBytes;
        double workspace = m_options.workspaceGB * 1e9;
        if (plan.zeroStage == 3) // two layers of gathered parameters
            workspace += 2 * kBf16 * (shape.dense.denseParameters + shape.moe.expertParameters);

        const double total = w + g + opt + act + workspace;
        if (total > best.totalGB * 1e9) {
            best.weightsGB = w * 1e-9;
            best.gradientsGB = g * 1e-9;
            best.optimizerGB = opt * 1e-9;
            best.activationsGB = act * 1e-9;
            best.workspaceGB = workspace * 1e-9;
            best.totalGB = total * 1e-9;
            best.inFlightMicroBatches = inflight;
            best.fullestStage = plan.pp <= 1 ? StagePosition::Only
                                : mix.first  ? StagePosition::First
                                : mix.last   ? StagePosition::Last
                                             : StagePosition::Middle;
        }
    }
    return best;
}

double PerformanceModel::lowerBoundS(const ShapeCost &shape, int pp, int microBatches) const
{
    ParallelPlan plan;
    plan.pp = pp;
    StageMix mixes[3];
    int count = 0;
    stageMixes(plan, mixes, count);
    double worst = 0;
    for (int i = 0; i < count; ++i) {
        const StageMix &mix = mixes[i];
        double t =
            mix.dense * (shape.dense.forwardS + shape.dense.inputGradS + shape.dense.weightGradS) +
            mix.moe * (shape.moe.forwardS + shape.moe.inputGradS + shape.moe.weightGradS);
        worst = std::max(worst, t);
    }
    return worst * microBatches;
}

void PerformanceModel::assemble(const ShapeCost &shape, const ParallelPlan &plan,
                                PlanCore &out) const
{
    const PerformanceOptions &o = m_options;
    out = PlanCore{};
    out.memory = memory(shape, plan);
    if (out.memory.totalGB > out.memory.capacityGB)
        out.status = PlanStatus::OutOfMemory;

    const int m = m_workload.globalBatchSequences / std::max(1, plan.dp * plan.microBatch);
    out.microBatches = m;
    const bool full = plan.recompute == Recompute::Full;
    const bool selective = plan.recompute == Recompute::Selective;
    const bool dual = plan.schedule == PipelineSchedule::DualPipe;
    const double epOverlap = dual ? o.dualPipeOverlap : o.epOverlap;
    const double ppOverlap = dual ? std::max(o.dualPipeOverlap, o.ppOverlap) : o.ppOverlap;
    const double v = virtualStagesOf(plan);
    // TE userbuffers split each TP collective into tp chunks pipelined with its GEMM: the
    // first chunk always waits.
    const double tpHideable = plan.tp > 1 ? (plan.tp - 1.0) / plan.tp : 0.0;

    // Per-stage sums per micro-batch; the slowest stage sets the pace.
    StageMix mixes[3];
    int count = 0;
    stageMixes(plan, mixes, count);
    struct Stage
    {
        double f = 0, bi = 0, w = 0, r = 0, gemmF = 0, gemmB = 0;
        double tpF = 0, tpB = 0, cpF = 0, cpB = 0, cpWinF = 0, cpWinB = 0, epF = 0, epB = 0;
        double tpHidF = 0, tpHidB = 0, cpHidF = 0, cpHidB = 0, epHidF = 0, epHidB = 0;
        double exposedF() const { return tpF - tpHidF + cpF - cpHidF + epF - epHidF; }
        double exposedB() const { return tpB - tpHidB + cpB - cpHidB + epB - epHidB; }
        double hiddenF() const { return tpHidF + cpHidF + epHidF; }
        double hiddenB() const { return tpHidB + cpHidB + epHidB; }
    } worst;
    double worstTime = -1;
    for (int i = 0; i < count; ++i) {
        const StageMix &mix = mixes[i];
        Stage st;
        auto add = [&](const LayerCost &c, double n) {
            st.f += n * c.forwardS;
            st.bi += n * c.inputGradS;
            st.w += n * c.weightGradS;
            st.r += n * (full ? c.recomputeFullS : selective ? c.recomputeSelectiveS : 0.0);
            st.gemmF += n * c.gemmForwardS;
            st.gemmB += n * (c.gemmBackwardS + (full ? c.gemmForwardS : 0.0));
            st.tpF += n * c.tpForwardS;
            st.tpB += n * (c.tpBackwardS + (full ? c.tpForwardS : 0.0));
            st.cpF += n * c.cpForwardS;
            st.cpB += n * (c.cpBackwardS + (full ? c.cpForwardS : 0.0));
            st.cpWinF += n * c.attentionForwardS;
            st.cpWinB += n * c.attentionBackwardS;
            st.epF += n * c.epForwardS;
            st.epB += n * (c.epBackwardS + (full ? c.epForwardS : 0.0));
        };
        add(shape.dense, mix.dense);
        add(shape.moe, mix.moe);
        if (mix.first) {
            st.f += shape.head.firstForwardS;
            st.bi += shape.head.firstBackwardS;
        }
        if (mix.last) {
            st.f += shape.head.lastForwardS;
            st.bi += shape.head.lastInputGradS;
            st.w += shape.head.lastWeightGradS;
            st.tpF += shape.head.lastTpForwardS;
            st.tpB += shape.head.lastTpBackwardS;
        }
        st.tpHidF = o.tpOverlap * std::min(tpHideable * st.tpF, st.gemmF);
        st.tpHidB = o.tpOverlap * std::min(tpHideable * st.tpB, st.gemmB);
        st.cpHidF = std::min(st.cpF, o.cpOverlap * st.cpWinF);
        st.cpHidB = std::min(st.cpB, o.cpOverlap * st.cpWinB);
        st.epHidF = std::min(epOverlap * st.epF, st.f);
        st.epHidB = std::min(epOverlap * st.epB, st.bi + st.w + st.r);
        const double t = st.f + st.bi + st.w + st.r + st.exposedF() + st.exposedB() +
                         o.overlapSlowdown * (st.hiddenF() + st.hiddenB());
        if (t > worstTime) {
            worstTime = t;
            worst = st;
        }
    }

    // Pipeline P2P: one activation (forward) and one gradient (backward) per micro-batch and
    // model chunk, each a sequence-parallel shard.
    double p2p = 0;
    if (plan.pp > 1) {
        const GroupSpan ppGroup = m_fabric.span(plan.tp * plan.cp * plan.dp, plan.pp);
        const double bytes = double(plan.microBatch) * m_workload.model.seqLen /
                             (plan.cp * plan.tp) * m_workload.model.hidden * kBf16;
        const CollectiveTime t = pointToPoint(ppGroup, bytes);
        p2p = t.seconds;
        out.ppTier = ppGroup.tier;
        out.ppAlgorithm = t.algorithm;
        out.ppWhole = ppGroup.wholeInDomainFraction;
    }
    const double p2pHiddenPerMb = ppOverlap * 2 * v * p2p;
    const double p2pExposedPerMb = 2 * v * p2p - p2pHiddenPerMb;

    const double slowF = o.overlapSlowdown * (worst.hiddenF() + 0.5 * p2pHiddenPerMb);
    const double slowB = o.overlapSlowdown * (worst.hiddenB() + 0.5 * p2pHiddenPerMb);
    const double F = worst.f + worst.exposedF() + slowF + 0.5 * p2pExposedPerMb;
    const double B =
        worst.bi + worst.w + worst.r + worst.exposedB() + slowB + 0.5 * p2pExposedPerMb;
    const double W = worst.w;
    const double p = plan.pp;
    double bubble = 0;
    if (plan.pp > 1) {
        switch (plan.schedule) {
        case PipelineSchedule::OneFOneB:
            bubble = (p - 1) * (F + B);
            break;
        case PipelineSchedule::Interleaved:
            bubble = (p - 1) * (F + B) / v;
            break;
        case PipelineSchedule::ZeroBubble:
            bubble = (p - 1) * (F + B - 2 * W);
            break;
        case PipelineSchedule::DualPipe:
            bubble = (p / 2 - 1) * (F + B + B - 3 * W);
            break;
        }
        bubble = std::max(0.0, bubble);
        // Fill and drain pass every stage boundary once each way; those sends never hide.
        bubble += 2 * (p - 1) * p2p * ppOverlap;
    }

    StepBreakdown &s = out.step;
    s.computeS = m * (worst.f + worst.bi + worst.w + worst.r);
    s.recomputeS = m * worst.r;
    s.bubbleS = bubble;
    s.tpCommS = m * (worst.tpF + worst.tpB);
    s.tpHiddenS = m * (worst.tpHidF + worst.tpHidB);
    s.cpCommS = m * (worst.cpF + worst.cpB);
    s.cpHiddenS = m * (worst.cpHidF + worst.cpHidB);
    s.epCommS = m * (worst.epF + worst.epB);
    s.epHiddenS = m * (worst.epHidF + worst.epHidB);
    s.ppCommS = plan.pp > 1 ? m * 2 * v * p2p : 0;
    s.ppHiddenS = m * p2pHiddenPerMb;

    // --- data parallel: gradients of the fullest stage over dp*cp (dense) and over the
    // expert data-parallel group. Frameworks reduce in buckets (Megatron) or per layer (FSDP):
    // one bucket is taken as one layer's parameters and costs one collective, latency included.
    double denseParams = 0, expertParams = 0, buckets = 1;
    for (int i = 0; i < count; ++i) {
        const StageMix &mix = mixes[i];
        double dp = mix.dense * shape.dense.denseParameters + mix.moe * shape.moe.denseParameters;
        if (mix.first)
            dp += shape.head.firstParameters;
        if (mix.last)
            dp += shape.head.lastParameters;
        if (dp > denseParams) {
            denseParams = dp;
            buckets = std::max(1.0, mix.layers() + (mix.first ? 1 : 0) + (mix.last ? 1 : 0));
        }
        expertParams = std::max(expertParams, mix.moe * shape.moe.expertParameters);
    }
    if (dual) {
        denseParams *= 2;
        expertParams *= 2;
    }
    const int denseRanks = plan.dp * plan.cp;
    const int expertRanks = std::max(1, plan.dp * plan.cp * plan.tp / std::max(1, plan.ep));
    const GroupSpan denseGroup = m_fabric.span(plan.tp, denseRanks);
    const GroupSpan expertGroup = m_fabric.span(plan.ep, expertRanks);
    const double gb = o.gradientReduceBytes;
    double bucketReduceS = 0, bucketGatherS = 0;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::None;
    auto addGroup = [&](const GroupSpan &g, double params) {
        if (g.ranks <= 1 || params <= 0)
            return;
        const double perBucket = params / buckets;
        if (plan.zeroStage == 0) {
            const CollectiveTime t = allReduce(g, perBucket * gb);
            bucketReduceS += t.seconds;
            algorithm = t.algorithm;
        } else {
            const CollectiveTime t = reduceScatter(g, perBucket * gb);
            bucketReduceS += t.seconds;
            bucketGatherS += reduceScatter(g, perBucket * kBf16).seconds;
            algorithm = t.algorithm;
        }
    };
    addGroup(denseGroup, denseParams);
    addGroup(expertGroup, expertParams);
    out.dpTier = denseGroup.ranks > 1 ? denseGroup.tier : expertGroup.tier;
    out.dpWhole =
        denseGroup.ranks > 1 ? denseGroup.wholeInDomainFraction : expertGroup.wholeInDomainFraction;
    out.dpAlgorithm = algorithm;
    const double reduceS = buckets * bucketReduceS, gatherS = buckets * bucketGatherS;
    // The gradients of the last bucket exist only when the backward ends; the parameters of
    // the first bucket are needed before the forward starts.
    const double reduceHideable = reduceS - bucketReduceS;
    const double gatherHideable = gatherS - bucketGatherS;
    const double compF = worst.f, compB = worst.bi + worst.w + worst.r;
    switch (plan.zeroStage) {
    case 0:
    case 1: // reduce behind the last micro-batch's backward, gather behind the first forward
        s.dpCommS = reduceS + gatherS;
        s.dpHiddenS =
            o.dpOverlap * (std::min(reduceHideable, compB) + std::min(gatherHideable, compF));
        break;
    case 2: // gradients reduce-scattered during every micro-batch's backward
        s.dpCommS = m * reduceS + gatherS;
        s.dpHiddenS =
            o.dpOverlap * (m * std::min(reduceHideable, compB) + std::min(gatherHideable, compF));
        break;
    default: // ZeRO-3: parameters gathered for forward and backward of every micro-batch
        s.dpCommS = m * (2 * gatherS + reduceS);
        s.dpHiddenS =
            o.dpOverlap * m *
            (std::min(gatherHideable, compF) + std::min(gatherS + reduceS - bucketReduceS, compB));
        break;
    }

    // --- optimizer step on the locally owned parameters (memory-bound)
    const double ownedDense = plan.zeroStage >= 1 ? denseParams / denseRanks : denseParams;
    const double ownedExpert = plan.zeroStage >= 1 ? expertParams / expertRanks : expertParams;
    s.optimizerS = memS((ownedDense + ownedExpert) * o.optimizerBytesPerParameter, 4);

    // --- input tokens: 4-byte ids read per step by each pipeline's first stage
    s.ioS =
        double(m) * plan.microBatch * m_workload.model.seqLen * 4.0 / (o.dataReadGBpsPerGpu * 1e9);
    s.hiddenIoS = std::min(s.ioS, s.computeS);

    s.overlapSlowdownS = m * (slowF + slowB) + o.overlapSlowdown * s.dpHiddenS;
    s.stepS = s.computeS + s.overlapSlowdownS + s.bubbleS + s.optimizerS + s.commS() -
              s.hiddenCommS() + s.ioS - s.hiddenIoS;

    double recomputeFlops = 0;
    if (full)
        recomputeFlops = m_recomputeFullFlopsPerToken;
    else if (selective)
        recomputeFlops = m_recomputeSelectiveFlopsPerToken;
    out.hardwareFlopsPerStep = m_modelFlopsPerStep + recomputeFlops * m_tokensPerStep;
}

PlanRule PerformanceModel::violation(const ParallelPlan &plan) const
{
    const ModelArchitecture &a = m_workload.model;
    const int batch = m_workload.globalBatchSequences;
    if (plan.tp < 1 || plan.pp < 1 || plan.dp < 1 || plan.cp < 1 || plan.ep < 1 ||
        plan.microBatch < 1 || plan.virtualStages < 1)
        return PlanRule::SizeBelowOne;
    if (a.heads % plan.tp != 0)
        return PlanRule::HeadsTp;
    if (a.kvHeads % plan.tp != 0 && plan.tp % a.kvHeads != 0)
        return PlanRule::KvHeadsTp;
    if (a.seqLen % plan.cp != 0)
        return PlanRule::SeqCp;
    if (batch % plan.microBatch != 0)
        return PlanRule::BatchMicroBatch;
    if (a.moe) {
        if (a.moe->experts % plan.ep != 0)
            return PlanRule::ExpertsEp;
    } else if (plan.ep != 1) {
        return PlanRule::DenseEp;
    }
    const bool interleaved =
        plan.schedule == PipelineSchedule::Interleaved && plan.virtualStages > 1 && plan.pp > 1;
    const bool dual = plan.schedule == PipelineSchedule::DualPipe && plan.pp > 1;
    if (plan.pp > a.layers)
        return PlanRule::PpLayers;
    if (interleaved && plan.pp * plan.virtualStages > a.layers)
        return PlanRule::VirtualStagesLayers;
    if (dual && plan.pp % 2 != 0)
        return PlanRule::DualPipeOddPp;
    const long long perStep = static_cast<long long>(plan.dp) * plan.microBatch;
    if (batch % perStep != 0)
        return PlanRule::BatchDp;
    const long long microBatches = batch / perStep;
    if (interleaved && microBatches % plan.pp != 0)
        return PlanRule::InterleavedMicroBatches;
    if (dual && microBatches < plan.pp)
        return PlanRule::DualPipeMicroBatches;
    if (a.moe && (static_cast<long long>(plan.tp) * plan.cp * plan.dp) % plan.ep != 0)
        return PlanRule::EpRanks;
    if (plan.zeroStage < 0 || plan.zeroStage > 3)
        return PlanRule::ZeroStage;
    if (static_cast<long long>(plan.tp) * plan.cp * plan.pp > m_availableGpus)
        return PlanRule::ModelParallelTooLarge;
    if (static_cast<long long>(plan.tp) * plan.cp * plan.pp * plan.dp > m_availableGpus)
        return PlanRule::TooFewGpus;
    return PlanRule::Ok;
}

bool PerformanceModel::checkPlan(const ParallelPlan &plan, std::string *reason,
                                 std::string *jsonPath, PlanStatus *status) const
{
    const PlanRule rule = violation(plan);
    if (status)
        *status = rule == PlanRule::Ok ? PlanStatus::Feasible
                  : rule == PlanRule::ModelParallelTooLarge || rule == PlanRule::TooFewGpus
                      ? PlanStatus::TooFewGpus
                      : PlanStatus::InvalidDivisibility;
    if (rule == PlanRule::Ok)
        return true;
    const ModelArchitecture &a = m_workload.model;
    const int batch = m_workload.globalBatchSequences;
    const std::string base = "/workload/parallelism/";
    const auto n = [](long long v) {
        return std::to_string(v);
    };
    std::string path = base, why;
    switch (rule) {
    case PlanRule::Ok:
        break;
    case PlanRule::SizeBelowOne:
        path += "tp";
        why = "every parallel size and the micro-batch must be at least 1";
        break;
    case PlanRule::HeadsTp:
        path += "tp";
        why = "attention heads (" + n(a.heads) + ") are not divisible by TP " + n(plan.tp) +
              ": use a TP that divides the head count";
        break;
    case PlanRule::KvHeadsTp:
        path += "tp";
        why = "KV heads (" + n(a.kvHeads) + ") and TP " + n(plan.tp) +
              " do not divide one another: use a TP that divides or is a multiple of the KV "
              "head count";
        break;
    case PlanRule::SeqCp:
        path += "cp";
        why = "sequence length " + n(a.seqLen) + " is not divisible by CP " + n(plan.cp) +
              ": use a CP that divides the sequence";
        break;
    case PlanRule::BatchMicroBatch:
        path += "microBatch";
        why = "global batch " + n(batch) + " sequences is not divisible by the micro-batch " +
              n(plan.microBatch) +
              ": use a micro-batch that divides the batch, or change the batch";
        break;
    case PlanRule::ExpertsEp:
        path += "ep";
        why = "routed experts (" + n(a.moe->experts) + ") are not divisible by EP " + n(plan.ep) +
              ": use an EP that divides the expert count";
        break;
    case PlanRule::DenseEp:
        path += "ep";
        why = "EP " + n(plan.ep) + " needs a mixture-of-experts model: set EP to 1";
        break;
    case PlanRule::PpLayers:
        path += "pp";
        why = "PP " + n(plan.pp) + " is larger than the " + n(a.layers) +
              " layers: use at most one stage per layer";
        break;
    case PlanRule::VirtualStagesLayers:
        path += "virtualStages";
        why = "PP x virtual stages (" + n(plan.pp * plan.virtualStages) + ") exceeds the " +
              n(a.layers) + " layers: use fewer virtual stages";
        break;
    case PlanRule::DualPipeOddPp:
        path += "pp";
        why = "DualPipe needs an even PP (got " + n(plan.pp) +
              "): use an even PP or another schedule";
        break;
    case PlanRule::BatchDp:
        path += "dp";
        why = "global batch " + n(batch) + " sequences is not divisible by DP x micro-batch (" +
              n(plan.dp) + " x " + n(plan.microBatch) +
              "): set a DP that divides batch / micro-batch (or dp 0 to derive the largest that "
              "fits), or change the batch";
        break;
    case PlanRule::InterleavedMicroBatches:
        path += "dp";
        why = "interleaved 1F1B needs the micro-batches per DP rank (" +
              n(batch / (static_cast<long long>(plan.dp) * plan.microBatch)) +
              ") to be a multiple of PP " + n(plan.pp) +
              ": change DP, the micro-batch or the batch, or use 1F1B";
        break;
    case PlanRule::DualPipeMicroBatches:
        path += "dp";
        why = "DualPipe needs at least PP (" + n(plan.pp) + ") micro-batches per DP rank, got " +
              n(batch / (static_cast<long long>(plan.dp) * plan.microBatch)) +
              ": lower DP or the micro-batch, raise the batch, or use another schedule";
        break;
    case PlanRule::EpRanks:
        path += "ep";
        why = "EP " + n(plan.ep) + " must divide TP x CP x DP (" +
              n(static_cast<long long>(plan.tp) * plan.cp * plan.dp) +
              "): expert ranks are carved from those ranks";
        break;
    case PlanRule::ZeroStage:
        path += "zeroStage";
        why = "ZeRO stage must be 0, 1, 2 or 3";
        break;
    case PlanRule::ModelParallelTooLarge:
        path.pop_back();
        why = "TP x CP x PP (" + n(static_cast<long long>(plan.tp) * plan.cp * plan.pp) +
              ") already exceeds the " + n(m_availableGpus) +
              " GPUs available: lower TP, CP or PP, or add GPUs";
        break;
    case PlanRule::TooFewGpus:
        path += "dp";
        why = "the plan needs " + n(static_cast<long long>(plan.gpus())) +
              " GPUs (TP x CP x DP x PP) but " + n(m_availableGpus) +
              " are available: lower DP (or set dp 0 to derive it) or add GPUs";
        break;
    }
    if (reason)
        *reason = why;
    if (jsonPath)
        *jsonPath = path;
    return false;
}

PlanEvaluation PerformanceModel::finish(const ShapeCost &shape, const ParallelPlan &plan,
                                        const PlanCore &core) const
{
    PlanEvaluation e;
    e.plan = plan;
    e.status = core.status;
    e.gpusUsed = plan.gpus();
    e.microBatches = core.microBatches;
    e.step = core.step;
    e.memory = core.memory;
    e.modelFlopsPerStep = m_modelFlopsPerStep;
    e.hardwareFlopsPerStep = core.hardwareFlopsPerStep;
    e.tokensPerStep = m_tokensPerStep;
    if (core.step.stepS > 0) {
        const double denom = core.step.stepS * e.gpusUsed * m_bf16Peak;
        e.mfu = m_modelFlopsPerStep / denom;
        e.hfu = core.hardwareFlopsPerStep / denom;
        e.tokensPerSecond = m_tokensPerStep / core.step.stepS;
    }
    e.tpCollective = {toString(shape.tpAlgorithm), toString(shape.tpTier), shape.tpWhole};
    e.cpCollective = {toString(shape.cpAlgorithm), toString(shape.cpTier), shape.cpWhole};
    e.epCollective = {toString(shape.epAlgorithm), toString(shape.epTier), shape.epWhole};
    e.dpCollective = {toString(core.dpAlgorithm), toString(core.dpTier), core.dpWhole};
    e.ppCollective = {toString(core.ppAlgorithm), toString(core.ppTier), core.ppWhole};
    if (core.status == PlanStatus::OutOfMemory) {
        const MemoryBreakdown &mem = core.memory;
        std::string largest = "activations";
        double v = mem.activationsGB;
        if (mem.optimizerGB > v) {
            largest = "optimizer states";
            v = mem.optimizerGB;
        }
        if (mem.weightsGB > v) {
            largest = "weights";
            v = mem.weightsGB;
        }
        if (mem.gradientsGB > v)
            largest = "gradients";
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "needs %.1f GB per GPU (weights %.1f, gradients %.1f, optimizer %.1f, "
                      "activations %.1f, workspace %.1f) but the GPU has %.1f GB; the largest "
                      "term is %s: raise TP/PP, the ZeRO stage or recompute, or lower the "
                      "micro-batch",
                      mem.totalGB, mem.weightsGB, mem.gradientsGB, mem.optimizerGB,
                      mem.activationsGB, mem.workspaceGB, mem.capacityGB, largest.c_str());
        e.reason = buf;
        e.jsonPath = "/workload/parallelism";
    }
    return e;
}

PlanEvaluation PerformanceModel::evaluate(const ParallelPlan &plan) const
{
    std::string reason, path;
    PlanStatus status = PlanStatus::Feasible;
    if (!checkPlan(plan, &reason, &path, &status)) {
        PlanEvaluation e;
        e.plan = plan;
        e.status = status;
        e.reason = reason;
        e.jsonPath = path;
        e.gpusUsed = plan.gpus();
        return e;
    }
    const ShapeCost shape = shapeCost(plan.tp, plan.cp, plan.microBatch, plan.ep);
    PlanCore core;
    assemble(shape, plan, core);
    return finish(shape, plan, core);
}

} // namespace aidc

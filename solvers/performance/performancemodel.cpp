#include "solvers/performance/performancemodel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aidc {

namespace {

constexpr double kBf16 = 2.0; // bytes per activation element

// Calculon's A100 table [handbook performance.md §2], used when the catalog has none.
const std::vector<std::pair<double, double>> kDefaultGemmTable = {
    {0, 0.1}, {1, 0.6}, {16, 0.9}, {128, 0.95}};

int ceilDiv(int a, int b)
{
    return (a + b - 1) / b;
}

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

} // namespace

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
    m_headDim = a.headDim > 0 ? a.headDim : (a.heads > 0 ? double(a.hidden) / a.heads : 0);
    if (a.moe) {
        m_firstDense = std::clamp(a.moe->firstDenseLayers, 0, a.layers);
        const int freq = std::max(1, a.moe->layerFrequency);
        for (int i = m_firstDense; i < a.layers; ++i)
            m_moeLayers += (i - m_firstDense) % freq == 0 ? 1 : 0;
    }
    m_tokensPerStep = double(workload.globalBatchSequences) * a.seqLen;
    m_modelFlopsPerStep = modelFlopsPerToken(a, options.flopConvention) * m_tokensPerStep;

    // Recompute FLOPs per token, with the attention term of the chosen convention.
    const double h = a.hidden, q = a.heads * m_headDim, kv = a.kvHeads * m_headDim;
    const double attnFactor = options.flopConvention == FlopConvention::PerLayerCausal ? 0.5
                              : options.flopConvention == FlopConvention::SixN         ? 0.0
                                                                                       : 1.0;
    const double core = 4.0 * a.seqLen * q * attnFactor;
    const double mlpMats = a.ffn == FfnType::SwiGlu ? 3 : 2;
    const double attnGemm = 2 * h * (q + 2 * kv) + 2 * q * h;
    double forwardLayers = a.layers * (attnGemm + core);
    const int denseLayers = a.layers - m_moeLayers;
    forwardLayers += denseLayers * 2 * mlpMats * h * a.ffnHidden;
    if (a.moe) {
        const double fe = a.moe->expertFfnHidden > 0 ? a.moe->expertFfnHidden : a.ffnHidden;
        forwardLayers +=
            m_moeLayers *
            (2 * h * a.moe->experts + (a.moe->topK + a.moe->sharedExperts) * 2 * mlpMats * h * fe);
    }
    m_recomputeFullFlopsPerToken = forwardLayers;
    m_recomputeSelectiveFlopsPerToken = options.flashAttention ? 0.0 : a.layers * core;
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
    const double s = a.seqLen, h = a.hidden, d = m_headDim;
    const double tokens = double(microBatch) * s;
    const double tg = tokens / cp; // tokens per GPU in attention and GEMMs
    const double ts = tg / tp;     // sequence-parallel shard
    const double hl = double(a.heads) / tp;
    const double kvl = kvHeadsPerRank(a.kvHeads, tp);
    const bool swiglu = a.ffn == FfnType::SwiGlu;
    const double mlpMats = swiglu ? 3 : 2;
    const bool fp8 = m_fp8;

    auto addGemm = [&](double m, double n, double k, bool lowPrecision) {
        c.forwardS += gemmS(m, n, k, lowPrecision);
        c.inputGradS += gemmS(m, k, n, lowPrecision);
        c.weightGradS += gemmS(n, k, m, lowPrecision);
    };

    // --- attention block
    addGemm(tg, (hl + 2 * kvl) * d, h, fp8);
    addGemm(tg, h, hl * d, fp8);
    double attnRecomputeS = 0;
    if (o.flashAttention) {
        const double causal = o.causalSkip ? 0.5 : 1.0;
        const double flops = 4.0 * tg * s * hl * d * causal;
        const double peak = (o.fp8Attention && fp8) ? m_fp8Peak : m_bf16Peak;
        // Small attention problems (short sequences, or the s/cp x s/cp blocks of each ring
        // step under CP) run below the large-problem efficiency, like GEMMs of that size.
        const double block = 4.0 * microBatch * (s / cp) * (s / cp) * hl * d;
        const double sizeFactor = gemmEfficiency(block) / std::max(m_topEfficiency, 1e-3);
        const double fwd =
            flops / (peak * m_attentionEfficiency * sizeFactor) + o.kernelOverheadUs * 1e-6;
        // FlashAttention's backward recomputes the scores: 5 matmuls against 2 forward.
        const double bwd = 2.5 * (fwd - o.kernelOverheadUs * 1e-6) + o.kernelOverheadUs * 1e-6;
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
    // Saved tensors [Korthikanti et al. 2022 with FlashAttention and GQA]: norm inputs,
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
        const double fe = e.expertFfnHidden > 0 ? e.expertFfnHidden : a.ffnHidden;
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
    if (a.moe && m_moeLayers > 0)
        shape.moe = layerCost(true, tp, cp, microBatch, ep);

    const GroupSpan tpGroup = m_fabric.span(1, tp);
    shape.tpTier = tpGroup.tier;
    shape.tpAlgorithm = tp > 1 ? reduceScatter(tpGroup, 1e6).algorithm : CollectiveAlgorithm::None;
    const GroupSpan cpGroup = m_fabric.span(tp, cp);
    shape.cpTier = cpGroup.tier;
    shape.cpAlgorithm = cp > 1 ? CollectiveAlgorithm::Ring : CollectiveAlgorithm::None;
    const GroupSpan epGroup = m_fabric.span(1, ep);
    shape.epTier = epGroup.tier;
    shape.epAlgorithm = ep > 1 ? CollectiveAlgorithm::Pairwise : CollectiveAlgorithm::None;

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
    const int layers = m_workload.model.layers;
    const double moeShare =
        layers - m_firstDense > 0 ? double(m_moeLayers) / (layers - m_firstDense) : 0.0;
    if (plan.pp <= 1) {
        mixes[0] = {double(layers - m_moeLayers), double(m_moeLayers), true, true};
        count = 1;
        return;
    }
    const int chunk = ceilDiv(layers, plan.pp * std::max(1, plan.virtualStages));
    const int full = chunk * std::max(1, plan.virtualStages);
    const int lastLayers = std::clamp(layers - (plan.pp - 1) * full, 0, full);
    auto mix = [&](int n, bool first, bool last) {
        StageMix m;
        m.first = first;
        m.last = last;
        int dense = first ? std::min(n, m_firstDense) : 0;
        const int rest = n - dense;
        double moe = std::min(double(rest), std::ceil(rest * moeShare - 1e-9));
        moe = std::min(moe, double(m_moeLayers));
        m.moe = moe;
        m.dense = n - moe;
        return m;
    };
    count = 0;
    mixes[count++] = mix(full, true, false);
    if (plan.pp > 2 || lastLayers == full)
        mixes[count++] = mix(full, false, false);
    mixes[count++] = mix(lastLayers, false, true);
}

MemoryBreakdown PerformanceModel::memory(const ShapeCost &shape, const ParallelPlan &plan) const
{
    StageMix mixes[3];
    int count = 0;
    stageMixes(plan, mixes, count);
    const int m = m_workload.globalBatchSequences / std::max(1, plan.dp * plan.microBatch);
    const double p = plan.pp, v = std::max(1, plan.virtualStages);
    const int rc = static_cast<int>(plan.recompute);
    const double denseGroup = double(plan.dp) * plan.cp;
    const double expertGroup = std::max(1.0, double(plan.dp) * plan.cp * plan.tp / plan.ep);
    const double copies = plan.schedule == PipelineSchedule::DualPipe ? 2.0 : 1.0;

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
                opt += 12 * psi;
                break;
            case 1:
                w += weightBytes * psi;
                g += 2 * psi;
                opt += 12 * psi / d;
                break;
            case 2:
                w += weightBytes * psi;
                g += 2 * psi / d;
                opt += 12 * psi / d;
                break;
            default:
                w += weightBytes * psi / d;
                g += 2 * psi / d;
                opt += 12 * psi / d;
                break;
            }
        };
        double w = 0, g = 0, opt = 0;
        states(dense, denseGroup, w, g, opt);
        states(expertC, expertGroup, w, g, opt);

        // Activation sets in flight on this stage (handbook performance.md §5).
        double inflight = 1;
        if (plan.pp > 1) {
            switch (plan.schedule) {
            case PipelineSchedule::OneFOneB:
            case PipelineSchedule::ZeroBubble:
                inflight = mix.first ? p : (mix.last ? 1 : p / 2);
                break;
            case PipelineSchedule::Interleaved:
                inflight = mix.first ? p * (1 + (p - 1) / (p * v))
                                     : (mix.last ? 1 + (p - 1) / (p * v) : p / 2 + 1);
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
            best.lastStageIsFullest = mix.last && !mix.first;
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
    const double v =
        plan.schedule == PipelineSchedule::Interleaved ? std::max(1, plan.virtualStages) : 1;

    // Per-stage sums per micro-batch; the slowest stage sets the pace.
    StageMix mixes[3];
    int count = 0;
    stageMixes(plan, mixes, count);
    struct Stage
    {
        double f = 0, bi = 0, w = 0, r = 0;
        double tpF = 0, tpB = 0, cpF = 0, cpB = 0, cpWinF = 0, cpWinB = 0, epF = 0, epB = 0;
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
        const double t = st.f + st.bi + st.w + st.r + (1 - o.tpOverlap) * (st.tpF + st.tpB) +
                         (1 - epOverlap) * (st.epF + st.epB);
        if (t > worstTime) {
            worstTime = t;
            worst = st;
        }
    }

    const double tpExpF = (1 - o.tpOverlap) * worst.tpF, tpExpB = (1 - o.tpOverlap) * worst.tpB;
    const double cpExpF = std::max(0.0, worst.cpF - o.cpOverlap * worst.cpWinF);
    const double cpExpB = std::max(0.0, worst.cpB - o.cpOverlap * worst.cpWinB);
    const double epExpF = (1 - epOverlap) * worst.epF, epExpB = (1 - epOverlap) * worst.epB;

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
    }
    const double p2pExposedPerMb = (1 - ppOverlap) * 2 * v * p2p;

    const double F = worst.f + tpExpF + cpExpF + epExpF + 0.5 * p2pExposedPerMb;
    const double B =
        worst.bi + worst.w + worst.r + tpExpB + cpExpB + epExpB + 0.5 * p2pExposedPerMb;
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
    s.tpHiddenS = s.tpCommS - m * (tpExpF + tpExpB);
    s.cpCommS = m * (worst.cpF + worst.cpB);
    s.cpHiddenS = s.cpCommS - m * (cpExpF + cpExpB);
    s.epCommS = m * (worst.epF + worst.epB);
    s.epHiddenS = s.epCommS - m * (epExpF + epExpB);
    s.ppCommS = plan.pp > 1 ? m * 2 * v * p2p : 0;
    s.ppHiddenS = s.ppCommS - m * p2pExposedPerMb;

    // --- data parallel: gradients of the fullest stage over dp*cp (dense) and over the
    // expert data-parallel group; the busiest stage's parameters.
    double denseParams = 0, expertParams = 0;
    for (int i = 0; i < count; ++i) {
        const StageMix &mix = mixes[i];
        double dp = mix.dense * shape.dense.denseParameters + mix.moe * shape.moe.denseParameters;
        if (mix.first)
            dp += shape.head.firstParameters;
        if (mix.last)
            dp += shape.head.lastParameters;
        denseParams = std::max(denseParams, dp);
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
    double reduceS = 0, gatherS = 0;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::None;
    auto addGroup = [&](const GroupSpan &g, double params) {
        if (g.ranks <= 1 || params <= 0)
            return;
        if (plan.zeroStage == 0) {
            const CollectiveTime t = allReduce(g, params * gb);
            reduceS += t.seconds;
            algorithm = t.algorithm;
        } else {
            const CollectiveTime t = reduceScatter(g, params * gb);
            reduceS += t.seconds;
            gatherS += reduceScatter(g, params * kBf16).seconds;
            algorithm = t.algorithm;
        }
    };
    addGroup(denseGroup, denseParams);
    addGroup(expertGroup, expertParams);
    out.dpTier = denseGroup.ranks > 1 ? denseGroup.tier : expertGroup.tier;
    out.dpAlgorithm = algorithm;
    const double lastBackward = B, firstForward = F;
    switch (plan.zeroStage) {
    case 0:
    case 1:
        s.dpCommS = reduceS + gatherS;
        s.dpHiddenS = std::min(reduceS, o.dpOverlap * lastBackward) +
                      std::min(gatherS, o.dpOverlap * firstForward);
        break;
    case 2: // gradients reduce-scattered every micro-batch
        s.dpCommS = m * reduceS + gatherS;
        s.dpHiddenS = std::min(m * reduceS, o.dpOverlap * m * B) +
                      std::min(gatherS, o.dpOverlap * firstForward);
        break;
    default: // parameters gathered for forward and backward of every micro-batch
        s.dpCommS = m * (2 * gatherS + reduceS);
        s.dpHiddenS = std::min(m * gatherS, o.dpOverlap * m * F) +
                      std::min(m * (gatherS + reduceS), o.dpOverlap * m * B);
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

    const double hidden = s.hiddenCommS();
    s.computeS += o.overlapSlowdown * hidden;
    s.stepS = s.computeS + s.bubbleS + s.optimizerS + s.commS() - hidden + s.ioS - s.hiddenIoS;

    double recomputeFlops = 0;
    if (full)
        recomputeFlops = m_recomputeFullFlopsPerToken;
    else if (selective)
        recomputeFlops = m_recomputeSelectiveFlopsPerToken;
    out.hardwareFlopsPerStep = m_modelFlopsPerStep + recomputeFlops * m_tokensPerStep;
}

bool PerformanceModel::checkPlan(const ParallelPlan &plan, std::string *reason,
                                 std::string *jsonPath, PlanStatus *status) const
{
    if (status)
        *status = PlanStatus::InvalidDivisibility;
    const ModelArchitecture &a = m_workload.model;
    auto fail = [&](const std::string &path, const std::string &why) {
        if (reason)
            *reason = why;
        if (jsonPath)
            *jsonPath = path;
        return false;
    };
    const std::string base = "/workload/parallelism/";
    if (plan.tp < 1 || plan.pp < 1 || plan.dp < 1 || plan.cp < 1 || plan.ep < 1 ||
        plan.microBatch < 1 || plan.virtualStages < 1)
        return fail(base + "tp", "every parallel size and the micro-batch must be at least 1");
    if (a.heads % plan.tp != 0)
        return fail(base + "tp", "attention heads (" + std::to_string(a.heads) +
                                     ") are not divisible by TP " + std::to_string(plan.tp) +
                                     ": use a TP that divides the head count");
    if (a.kvHeads % plan.tp != 0 && plan.tp % a.kvHeads != 0)
        return fail(base + "tp", "KV heads (" + std::to_string(a.kvHeads) + ") and TP " +
                                     std::to_string(plan.tp) +
                                     " do not divide one another: use a TP that divides or is a "
                                     "multiple of the KV head count");
    if (plan.pp > a.layers)
        return fail(base + "pp", "PP " + std::to_string(plan.pp) + " is larger than the " +
                                     std::to_string(a.layers) +
                                     " layers: use at most one stage per layer");
    if (plan.schedule == PipelineSchedule::Interleaved && plan.pp * plan.virtualStages > a.layers)
        return fail(base + "virtualStages", "PP x virtual stages (" +
                                                std::to_string(plan.pp * plan.virtualStages) +
                                                ") exceeds the " + std::to_string(a.layers) +
                                                " layers: use fewer virtual stages");
    if (plan.schedule == PipelineSchedule::DualPipe && plan.pp % 2 != 0)
        return fail(base + "pp", "DualPipe needs an even PP (got " + std::to_string(plan.pp) +
                                     "): use an even PP or another schedule");
    if (a.seqLen % plan.cp != 0)
        return fail(base + "cp", "sequence length " + std::to_string(a.seqLen) +
                                     " is not divisible by CP " + std::to_string(plan.cp) +
                                     ": use a CP that divides the sequence");
    const long long per = static_cast<long long>(plan.dp) * plan.microBatch;
    if (m_workload.globalBatchSequences % per != 0)
        return fail(base + "dp", "global batch " + std::to_string(m_workload.globalBatchSequences) +
                                     " sequences is not divisible by DP x micro-batch (" +
                                     std::to_string(plan.dp) + " x " +
                                     std::to_string(plan.microBatch) +
                                     "): change DP or the micro-batch so that it divides the "
                                     "batch, or change the batch");
    if (a.moe) {
        if (a.moe->experts % plan.ep != 0)
            return fail(base + "ep", "routed experts (" + std::to_string(a.moe->experts) +
                                         ") are not divisible by EP " + std::to_string(plan.ep) +
                                         ": use an EP that divides the expert count");
        if ((plan.tp * plan.cp * plan.dp) % plan.ep != 0)
            return fail(base + "ep", "EP " + std::to_string(plan.ep) +
                                         " must divide TP x CP x DP (" +
                                         std::to_string(plan.tp * plan.cp * plan.dp) +
                                         "): expert ranks are carved from those ranks");
    } else if (plan.ep != 1) {
        return fail(base + "ep", "EP " + std::to_string(plan.ep) +
                                     " needs a mixture-of-experts model: set EP to 1");
    }
    if (plan.zeroStage < 0 || plan.zeroStage > 3)
        return fail(base + "zeroStage", "ZeRO stage must be 0, 1, 2 or 3");
    if (plan.gpus() > m_availableGpus) {
        if (status)
            *status = PlanStatus::TooFewGpus;
        return fail(base + "dp", "the plan needs " + std::to_string(plan.gpus()) +
                                     " GPUs (TP x CP x DP x PP) but " +
                                     std::to_string(m_availableGpus) +
                                     " are available: lower DP or add GPUs");
    }
    return true;
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
    e.tpCollective = {toString(shape.tpAlgorithm), toString(shape.tpTier)};
    e.cpCollective = {toString(shape.cpAlgorithm), toString(shape.cpTier)};
    e.epCollective = {toString(shape.epAlgorithm), toString(shape.epTier)};
    e.dpCollective = {toString(core.dpAlgorithm), toString(core.dpTier)};
    e.ppCollective = {toString(core.ppAlgorithm), toString(core.ppTier)};
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

#pragma once

// Published large-scale training runs with their exact configurations, used to validate the
// performance model (docs/model-validation.md). One set of defaults for every case: the
// catalog's accelerator figures and calibration (catalogs/data/accelerators.json, copied here
// so the tests do not depend on the catalog loader) and PerformanceOptions{}; per case only
// what the run itself published: model, GPUs, network, parallel sizes, and which software
// features existed (FlashAttention, dropout, distributed optimizer, schedules). Sizes a paper
// does not give (micro-batch, virtual stages, recompute, ZeRO stage) are left to the search.

#include "solvers/performance/performance.h"

#include <string>
#include <vector>

namespace aidc::test {

// Catalog figures [handbook parts.md §1; calibration handbook performance.md §2, §4].
inline Accelerator a100()
{
    Accelerator a;
    a.id = "A100-SXM-80GB";
    a.bf16Tflops = 312;
    a.hbmGB = 80;
    a.hbmTBps = 2.0;
    a.scaleUpGBpsPerDirection = 300;
    a.scaleUpDomain = 8;
    a.nicGbps = 200;
    a.gemmEfficiency = {{128, 0.95}, {16, 0.9}, {1, 0.6}, {0, 0.1}};
    a.attentionEfficiency = 0.6;
    a.fp8GemmEfficiency = 0.7;
    a.memoryEfficiency = 0.8;
    a.scaleUpBusEfficiency = 0.65;
    a.scaleOutBusEfficiency = 0.9;
    return a;
}

inline Accelerator h100()
{
    Accelerator a = a100();
    a.id = "H100-SXM";
    a.bf16Tflops = 989;
    a.fp8Tflops = 1979;
    a.hbmTBps = 3.35;
    a.scaleUpGBpsPerDirection = 450;
    a.nicGbps = 400;
    a.attentionEfficiency = 0.7;
    return a;
}

inline Accelerator gb200()
{
    Accelerator a = h100();
    a.id = "GB200";
    a.bf16Tflops = 2500;
    a.fp8Tflops = 5000;
    a.hbmGB = 186;
    a.hbmTBps = 8.0;
    a.scaleUpGBpsPerDirection = 900;
    a.scaleUpDomain = 72;
    a.attentionEfficiency = 0.6;
    return a;
}

inline ModelArchitecture gpt(const std::string &name, int heads, int hidden, int layers,
                             int vocab = 51200, int seq = 2048)
{
    ModelArchitecture m;
    m.name = name;
    m.layers = layers;
    m.hidden = hidden;
    m.ffnHidden = 4 * hidden;
    m.heads = heads;
    m.kvHeads = heads;
    m.vocab = vocab;
    m.seqLen = seq;
    m.ffn = FfnType::Gelu;
    m.tiedEmbeddings = true;
    return m;
}

// Llama 3 405B [Llama 3 herd of models, Meta 2024, Table 3].
inline ModelArchitecture llama3_405b(int seq = 8192)
{
    ModelArchitecture m;
    m.name = "Llama 3 405B";
    m.layers = 126;
    m.hidden = 16384;
    m.ffnHidden = 53248;
    m.heads = 128;
    m.kvHeads = 8;
    m.vocab = 128256;
    m.seqLen = seq;
    return m;
}

// A Llama 3 405B job of 2,048 sequences (16M tokens) on at most `gpus` GPUs.
inline Workload llama405bJob(int gpus)
{
    Workload w;
    w.model = llama3_405b();
    w.globalBatchSequences = 2048;
    w.trainingTokens = 15e12;
    w.gpus = gpus;
    return w;
}

// Nemotron-4 340B [NVIDIA 2024 technical report]: squared-ReLU MLP (two matrices).
inline ModelArchitecture nemotron4_340b()
{
    ModelArchitecture m;
    m.name = "Nemotron-4 340B";
    m.layers = 96;
    m.hidden = 18432;
    m.ffnHidden = 73728;
    m.heads = 96;
    m.kvHeads = 8;
    m.vocab = 256000;
    m.seqLen = 4096;
    m.ffn = FfnType::Gelu;
    return m;
}

// DeepSeek-V3-like 671B MoE (MLA approximated by GQA with the same head count).
inline ModelArchitecture deepseekV3Like()
{
    ModelArchitecture m;
    m.name = "DeepSeek-V3-like 671B MoE";
    m.layers = 61;
    m.hidden = 7168;
    m.ffnHidden = 18432;
    m.heads = 128;
    m.kvHeads = 128;
    m.headDim = 128;
    m.vocab = 129280;
    m.seqLen = 4096;
    MoeSpec e;
    e.experts = 256;
    e.topK = 8;
    e.sharedExperts = 1;
    e.expertFfnHidden = 2048;
    e.firstDenseLayers = 3;
    e.loadImbalance = 1.1;
    m.moe = e;
    return m;
}

enum class Metric { Mfu, Hfu };

struct PublishedRun
{
    std::string name;
    std::string source;
    Workload workload;
    Accelerator gpu;
    ClusterNetwork network;
    PerformanceOptions options;
    Metric metric = Metric::Mfu;
    double published = 0; // fraction of dense BF16 peak
    std::string notes;
};

inline Workload fixedSizes(const ModelArchitecture &m, int batch, int tp, int pp, int dp, int cp)
{
    Workload w;
    w.model = m;
    w.globalBatchSequences = batch;
    w.trainingTokens = 1e12;
    w.parallelism.automatic = true; // only the unpublished knobs are searched
    w.parallelism.tp = tp;
    w.parallelism.pp = pp;
    w.parallelism.dp = dp;
    w.parallelism.cp = cp;
    w.gpus = tp * pp * dp * cp;
    return w;
}

inline PerformanceOptions fixedOptions(const Workload &w)
{
    PerformanceOptions o;
    o.constraints.tp = w.parallelism.tp;
    o.constraints.pp = w.parallelism.pp;
    o.constraints.dp = w.parallelism.dp;
    o.constraints.cp = w.parallelism.cp;
    o.constraints.ep = 1;
    o.scalingPoints = 0;
    return o;
}

// Megatron-LM / Korthikanti era software: no FlashAttention, dropout on, no distributed
// optimizer, schedules 1F1B and interleaved only.
inline void megatron2021(PerformanceOptions &o)
{
    o.flashAttention = false;
    o.dpOverlap = 0; // gradient all-reduce after the backward pass
    o.ppOverlap = 0; // blocking point-to-point
    o.dropout = true;
    o.constraints.zeroStage = 0;
    o.searchZeroBubble = false;
    o.searchDualPipe = false;
}

// 2024 software (Megatron-core / NeMo / Meta's stack): FlashAttention, no dropout, ZeRO-1
// distributed optimizer, interleaved 1F1B; no zero-bubble or DualPipe in those runs.
inline void stack2024(PerformanceOptions &o)
{
    o.searchZeroBubble = false;
    o.searchDualPipe = false;
}

enum class Era { Megatron2021, Stack2024 };

inline PublishedRun makeRun(std::string name, std::string source, const Workload &workload,
                            const Accelerator &gpu, const ClusterNetwork &network, Era era,
                            Metric metric, double published, std::string notes)
{
    PublishedRun run;
    run.name = std::move(name);
    run.source = std::move(source);
    run.workload = workload;
    run.gpu = gpu;
    run.network = network;
    run.options = fixedOptions(workload);
    if (era == Era::Megatron2021)
        megatron2021(run.options);
    else
        stack2024(run.options);
    run.metric = metric;
    run.published = published;
    run.notes = std::move(notes);
    return run;
}

inline std::vector<PublishedRun> publishedRuns()
{
    std::vector<PublishedRun> runs;
    // Selene: DGX A100 80GB, 8 x 200 Gb/s HDR per node, non-blocking fat tree.
    const auto selene = [](int gpus) {
        return ClusterNetwork::nonBlocking(gpus, 8, 300, 200);
    };

    struct GptRow
    {
        const char *name;
        int heads, hidden, layers, tp, pp, gpus, batch;
        double published; // fraction of the 312 TFLOP/s peak
    };
    // --- Narayanan et al., SC'21, Table 1: TFLOP/s per GPU by Eq. 3 (full recompute counted).
    const GptRow megatron[] = {
        {"GPT 1.7B", 24, 2304, 24, 1, 1, 32, 512, 137 / 312.0},
        {"GPT 3.6B", 32, 3072, 30, 2, 1, 64, 512, 138 / 312.0},
        {"GPT 7.5B", 32, 4096, 36, 4, 1, 128, 512, 142 / 312.0},
        {"GPT 18.4B", 48, 6144, 40, 8, 1, 256, 1024, 135 / 312.0},
        {"GPT 39.1B", 64, 8192, 48, 8, 2, 512, 1536, 138 / 312.0},
        {"GPT 76.1B", 80, 10240, 60, 8, 4, 1024, 1792, 140 / 312.0},
        {"GPT 145.6B", 96, 12288, 80, 8, 8, 1536, 2304, 148 / 312.0},
        {"GPT 310.1B", 128, 16384, 96, 8, 16, 1920, 2160, 155 / 312.0},
        {"GPT 529.6B", 128, 20480, 105, 8, 35, 2520, 2520, 163 / 312.0},
        {"GPT 1T", 160, 25600, 128, 8, 64, 3072, 3072, 163 / 312.0},
    };
    // --- Korthikanti et al., MLSys'23 (arXiv 2205.05198): selective recompute + SP, MFU.
    const GptRow korthikanti[] = {
        {"GPT 22B", 64, 6144, 48, 8, 1, 8, 4, 0.415},
        {"GPT 175B", 96, 12288, 96, 8, 8, 64, 64, 0.514},
        {"GPT 530B", 128, 20480, 105, 8, 35, 280, 280, 0.560},
        {"GPT 1T", 160, 25600, 128, 8, 64, 512, 512, 0.563},
    };
    const auto gptRun = [&](const char *paper, const char *source, const GptRow &r, Metric metric,
                            const char *notes) {
        const Workload w = fixedSizes(gpt(r.name, r.heads, r.hidden, r.layers), r.batch, r.tp, r.pp,
                                      r.gpus / (r.tp * r.pp), 1);
        return makeRun(
            std::string(paper) + " " + r.name + " on " + std::to_string(r.gpus) + " A100", source,
            w, a100(), selene(r.gpus), Era::Megatron2021, metric, r.published, notes);
    };
    for (const GptRow &r : megatron) {
        PublishedRun run = gptRun("Megatron-LM", "Narayanan et al., SC'21, Table 1", r, Metric::Hfu,
                                  "TFLOP/s by Eq. 3 (counts recompute) = our HFU; micro-batch "
                                  "and interleaving not published (searched)");
        run.options.constraints.recompute = static_cast<int>(Recompute::Full);
        runs.push_back(run);
    }
    for (const GptRow &r : korthikanti) {
        PublishedRun run =
            gptRun("Korthikanti", "Korthikanti et al., MLSys'23 (selective + sequence parallel)", r,
                   Metric::Mfu, "MFU (Eq. 3 without recompute); micro-batch 1");
        run.options.constraints.recompute = static_cast<int>(Recompute::Selective);
        run.options.constraints.microBatch = 1;
        runs.push_back(run);
    }

    // --- Llama 3 405B [Meta 2024, Table 4]; 400G RoCE per GPU, 3,072-GPU pods with full
    // bisection, 1:7 oversubscribed aggregation between pods [same report, §3.3.1].
    struct LRow
    {
        int gpus, tp, cp, pp, dp, seq, batch;
        double mfu;
    } lrows[] = {
        {8192, 8, 1, 16, 64, 8192, 2048, 0.43},
        {16384, 8, 1, 16, 128, 8192, 2048, 0.41},
        {16384, 8, 16, 16, 8, 131072, 128, 0.38},
    };
    for (const LRow &r : lrows) {
        ClusterNetwork meta = ClusterNetwork::nonBlocking(r.gpus, 8, 450, 400);
        meta.islandGpus = 3072;
        meta.islandOversubscription = 7;
        meta.tiers = 3;
        PublishedRun run = makeRun(
            "Llama 3 405B on " + std::to_string(r.gpus) + " H100, seq " + std::to_string(r.seq) +
                (r.cp > 1 ? ", CP " + std::to_string(r.cp) : ""),
            "Llama 3 herd of models (Meta 2024), Table 4",
            fixedSizes(llama3_405b(r.seq), r.batch, r.tp, r.pp, r.dp, r.cp), h100(), meta,
            Era::Stack2024, Metric::Mfu, r.mfu,
            "BF16 MFU; convention not stated: causal attention FLOPs assumed (with non-causal "
            "counting the 131k-token row would be 1.4x more)");
        run.options.constraints.microBatch = 1;
        run.options.flopConvention = FlopConvention::PerLayerCausal;
        runs.push_back(run);
    }

    // --- Nemotron-4 340B [NVIDIA 2024, Table 2]; DGX H100, NDR 400G non-blocking.
    struct NRow
    {
        int dp, batch;
        double mfu;
    } nrows[] = {{16, 768, 0.424}, {32, 1536, 0.423}, {64, 2304, 0.410}};
    for (const NRow &r : nrows) {
        const int gpus = 8 * 12 * r.dp;
        PublishedRun run =
            makeRun("Nemotron-4 340B on " + std::to_string(gpus) + " H100",
                    "Nemotron-4 340B technical report (NVIDIA 2024), Table 2",
                    fixedSizes(nemotron4_340b(), r.batch, 8, 12, r.dp, 1), h100(),
                    ClusterNetwork::nonBlocking(gpus, 8, 450, 400), Era::Stack2024, Metric::Mfu,
                    r.mfu, "MFU = 6N + attention (checked against the published 8.0 s iteration)");
        run.options.constraints.microBatch = 1;
        runs.push_back(run);
    }

    // --- MegaScale [Jiang et al., NSDI'24]: 175B on 12,288 GPUs, 55.2% MFU.
    runs.push_back(makeRun(
        "MegaScale 175B on 12,288 GPUs", "Jiang et al., NSDI'24 (MegaScale), abstract and Table 2",
        fixedSizes(gpt("GPT 175B", 96, 12288, 96, 64000, 2048), 6144, 8, 8, 192, 1), a100(),
        ClusterNetwork::nonBlocking(12288, 8, 300, 200), Era::Stack2024, Metric::Mfu, 0.552,
        "A100, TP 8 / PP 8 and batch 6,144 assumed [U]; parallel transformer "
        "block and sliding-window attention not modelled"));
    return runs;
}

inline PublishedRun findRun(const std::string &name)
{
    for (const PublishedRun &r : publishedRuns())
        if (r.name == name)
            return r;
    return {};
}

struct RunOutcome
{
    bool found = false;
    double predicted = 0; // fraction of peak in the run's metric
    PlanEvaluation plan;
    std::string failure;
};

inline RunOutcome evaluateRun(const PublishedRun &run)
{
    RunOutcome o;
    const SearchResult s = searchParallelism(run.workload, run.gpu, run.network, run.options);
    o.found = s.found;
    o.failure = s.failure;
    if (!s.found)
        return o;
    o.plan = s.best;
    o.predicted = run.metric == Metric::Hfu ? s.best.hfu : s.best.mfu;
    return o;
}

} // namespace aidc::test

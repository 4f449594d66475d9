// SPDX-License-Identifier: Apache-2.0
#include "modelpresets.h"

#include <stdexcept>

namespace aidc {

namespace {

ModelArchitecture decoder(std::string name, int layers, int hidden, int ffnHidden, int heads,
                          int kvHeads, int vocab, int seqLen)
{
    ModelArchitecture m;
    m.name = std::move(name);
    m.layers = layers;
    m.hidden = hidden;
    m.ffnHidden = ffnHidden;
    m.heads = heads;
    m.kvHeads = kvHeads;
    m.vocab = vocab;
    m.seqLen = seqLen;
    return m;
}

// Sources: [ref:llama3-2024; ref:llama2-2023; ref:nemotron4-2024; ref:mixtral-2024;
// ref:deepseek-v3-2024] (the source string of each preset names the table).
std::vector<ModelPreset> buildPresets()
{
    std::vector<ModelPreset> presets;
    presets.push_back({"llama3-8b", "Llama 3 herd of models, Meta 2024, Table 3; model card",
                       decoder("Llama 3 8B", 32, 4096, 14336, 32, 8, 128256, 8192)});
    presets.push_back({"llama3-70b", "Llama 3 herd of models, Meta 2024, Table 3; model card",
                       decoder("Llama 3 70B", 80, 8192, 28672, 64, 8, 128256, 8192)});
    presets.push_back({"llama3-405b", "Llama 3 herd of models, Meta 2024, Table 3",
                       decoder("Llama 3 405B", 126, 16384, 53248, 128, 8, 128256, 8192)});
    presets.push_back({"llama2-13b", "Touvron et al. 2023 (Llama 2), model card",
                       decoder("Llama 2 13B", 40, 5120, 13824, 40, 40, 32000, 4096)});
    presets.push_back({"llama2-70b", "Touvron et al. 2023 (Llama 2), model card",
                       decoder("Llama 2 70B", 80, 8192, 28672, 64, 8, 32000, 4096)});
    // Squared-ReLU MLP: two matrices, as GELU's.
    ModelArchitecture nemotron = decoder("Nemotron-4 340B", 96, 18432, 73728, 96, 8, 256000, 4096);
    nemotron.ffn = FfnType::Gelu;
    presets.push_back(
        {"nemotron4-340b", "NVIDIA, Nemotron-4 340B technical report, 2024", nemotron});
    // 8 experts, 2 active per token, in every layer; trained with a 32k-token context.
    ModelArchitecture mixtral = decoder("Mixtral 8x7B", 32, 4096, 14336, 32, 8, 32000, 32768);
    MoeSpec mixtralMoe;
    mixtralMoe.experts = 8;
    mixtralMoe.topK = 2;
    mixtral.moe = mixtralMoe;
    presets.push_back({"mixtral-8x7b", "Mistral AI, Mixtral of Experts, 2024, Table 1", mixtral});
    // Multi-head latent attention approximated by 128 heads of 128; 256 routed experts of FFN
    // width 2048, 8 active, 1 shared, the first 3 layers dense.
    ModelArchitecture deepseek =
        decoder("DeepSeek-V3-like 671B MoE", 61, 7168, 18432, 128, 128, 129280, 4096);
    deepseek.headDim = 128;
    MoeSpec moe;
    moe.experts = 256;
    moe.topK = 8;
    moe.sharedExperts = 1;
    moe.expertFfnHidden = 2048;
    moe.firstDenseLayers = 3;
    moe.loadImbalance = 1.1;
    deepseek.moe = moe;
    presets.push_back(
        {"deepseek-v3-671b", "DeepSeek-AI, DeepSeek-V3 technical report, 2024, §4.2", deepseek});
    return presets;
}

} // namespace

const std::vector<ModelPreset> &modelPresets()
{
    static const std::vector<ModelPreset> presets = buildPresets();
    return presets;
}

const ModelArchitecture &modelPreset(const std::string &id)
{
    for (const ModelPreset &preset : modelPresets()) {
        if (preset.id == id)
            return preset.model;
    }
    throw std::out_of_range("no model preset '" + id + "'");
}

} // namespace aidc

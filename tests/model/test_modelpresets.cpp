// SPDX-License-Identifier: Apache-2.0
// model/modelpresets: every published architecture is a valid workload model (it passes the
// project loader's checks) and keeps the figures its source gives.

#include "model/modelpresets.h"
#include "model/projectjson.h"

#include <catch2/catch.hpp>

#include <set>

using namespace aidc;

TEST_CASE("every model preset loads as a project's workload and round-trips", "[model][presets]")
{
    std::set<std::string> ids;
    for (const ModelPreset &preset : modelPresets()) {
        INFO(preset.id);
        CHECK(ids.insert(preset.id).second); // ids are unique
        CHECK_FALSE(preset.source.empty());
        Project project;
        project.name = "preset";
        project.pools.push_back({"pool", "H100-SXM", "", 1024, std::nullopt, ""});
        Workload workload;
        workload.model = preset.model;
        workload.trainingTokens = 1e12;
        workload.globalBatchSequences = 1024;
        project.workload = workload;
        const Project loaded = parseProjectJson(projectToJson(project), "preset.json");
        CHECK(loaded.workload->model == preset.model);
    }
    CHECK(ids.size() >= 7);
}

TEST_CASE("preset figures match their sources", "[model][presets]")
{
    // Llama 3 405B [Meta 2024, Table 3]: 126 layers, width 16,384, FFN 53,248, 128 heads, 8 KV.
    const ModelArchitecture &llama = modelPreset("llama3-405b");
    CHECK(llama.layers == 126);
    CHECK(llama.hidden == 16384);
    CHECK(llama.ffnHidden == 53248);
    CHECK(llama.kvHeads == 8);
    // DeepSeek-V3 [report §4.2]: 61 layers, 256 routed experts of width 2,048, 8 active,
    // 1 shared, the first 3 layers dense.
    const ModelArchitecture &deepseek = modelPreset("deepseek-v3-671b");
    REQUIRE(deepseek.moe);
    CHECK(deepseek.layers == 61);
    CHECK(deepseek.moe->experts == 256);
    CHECK(deepseek.moe->topK == 8);
    CHECK(deepseek.moe->expertFfnHidden == 2048);
    CHECK(deepseek.moe->firstDenseLayers == 3);
    CHECK_THROWS_AS(modelPreset("gpt-5"), std::out_of_range);
}

// SPDX-License-Identifier: Apache-2.0
// Fuzz target: a project that loads is evaluated by the whole pipeline with the shipped catalog
// (every solver must return diagnostics, never crash). Projects above 4,096 GPUs are skipped to
// keep the executions fast; the loader target covers their parsing.

#include "fuzzcatalog.h"
#include "model/projectjson.h"
#include "solvers/pipeline/pipeline.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const aidc::Catalog &catalog = aidc::fuzz::shippedCatalog();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        const aidc::Project project = aidc::parseProjectJson(text, "fuzz.json");
        if (project.totalGpus() > 4096)
            return 0;
        aidc::Catalog merged = catalog;
        aidc::Diagnostics overrides;
        aidc::applyCatalogOverrides(merged, project.catalogOverridesJson, "fuzz.json", overrides);
        if (overrides.hasErrors())
            return 0;
        (void)aidc::evaluate(project, merged);
    } catch (const aidc::LoadError &) {
    }
    return 0;
}

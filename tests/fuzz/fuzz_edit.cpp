// SPDX-License-Identifier: Apache-2.0
// Fuzz target: JSON Patch-style edits (the GUI's every change) applied to a sample project. The
// input is a JSON array of operations {"op": "set"|"insert"|"remove"|"move", "path", "value",
// "from"}; an edit either applies and its inverse restores the project, or is refused.

#include "model/projectedit.h"
#include "model/projectjson.h"
#include "model/strictjson.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#ifndef AIDC_SOURCE_DIR
#define AIDC_SOURCE_DIR "."
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const aidc::Project base =
        aidc::loadProjectFile(AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json");
    aidc::Diagnostics diagnostics;
    const std::optional<nlohmann::json> parsed = aidc::parseStrictJson(
        std::string_view(reinterpret_cast<const char *>(data), size), "edit.json", diagnostics);
    if (!parsed || !parsed->is_array())
        return 0;
    aidc::ProjectEdit edit;
    for (const nlohmann::json &op : *parsed) {
        if (!op.is_object() || !op.contains("op") || !op["op"].is_string() ||
            !op.contains("path") || !op["path"].is_string())
            return 0;
        aidc::EditOperation operation;
        const std::string kind = op["op"].get<std::string>();
        operation.kind = kind == "insert"   ? aidc::EditOperation::Kind::Insert
                         : kind == "remove" ? aidc::EditOperation::Kind::Remove
                         : kind == "move"   ? aidc::EditOperation::Kind::Move
                                            : aidc::EditOperation::Kind::Set;
        operation.pointer = op["path"].get<std::string>();
        if (op.contains("value"))
            operation.value = op["value"];
        if (op.contains("from") && op["from"].is_string())
            operation.from = op["from"].get<std::string>();
        edit.operations.push_back(std::move(operation));
    }
    aidc::Project project = base;
    const aidc::EditOutcome outcome = aidc::applyEdit(project, edit);
    if (!outcome.ok) {
        if (!(project == base))
            std::abort(); // a refused edit must leave the project unchanged
        return 0;
    }
    const aidc::EditOutcome undo = aidc::applyEdit(project, outcome.inverse);
    if (!undo.ok || !(project == base))
        std::abort(); // the inverse must restore the project exactly
    return 0;
}

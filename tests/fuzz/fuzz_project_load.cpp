// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the project loader (parse, validate, upgrade) and, when a document loads, the
// saver's round trip: load -> save -> load must give the same project and the same bytes. A
// document that does not load goes through the repair ("open anyway"): it must either refuse
// with a LoadError or give a project that passes every check of the format.

#include "model/projectjson.h"
#include "model/projectrepair.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        const aidc::Project project = aidc::parseProjectJson(text, "fuzz.json");
        const std::string saved = aidc::projectToJson(project);
        const aidc::Project again = aidc::parseProjectJson(saved, "saved.json");
        if (!(again == project) || aidc::projectToJson(again) != saved)
            std::abort(); // the round trip must be exact
    } catch (const aidc::LoadError &) {
        try {
            const aidc::RepairedProject repaired = aidc::repairProjectJson(text, "fuzz.json");
            if (repaired.removed.empty() || !aidc::checkProjectFields(repaired.project).empty())
                std::abort(); // a repair takes something out and gives a valid project
        } catch (const aidc::LoadError &) {
        }
    }
    return 0;
}

// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the project loader (parse, validate, upgrade) and, when a document loads, the
// saver's round trip: load -> save -> load must give the same project and the same bytes.

#include "model/projectjson.h"

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
    }
    return 0;
}

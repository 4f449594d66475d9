// SPDX-License-Identifier: Apache-2.0
#pragma once

// The JSON pointer of the first problem the project loader finds in a one-pool project (8 H100)
// with `member` added at the top level ("\"uncertainty\": {...}"), or "loaded" when it loads.

#include "model/projectjson.h"

#include <string>

namespace aidc::test {

inline std::string refusedPath(const std::string &member)
{
    const std::string text = R"({"schema": "aidc-project", "version": 2, "compute": {"pools": [)"
                             R"({"gpu": "H100-SXM", "gpuCount": 8}]}, )" +
                             member + "}";
    try {
        parseProjectJson(text, "p.json");
    } catch (const LoadError &e) {
        return e.diagnostics().items().front().jsonPath;
    }
    return "loaded";
}

} // namespace aidc::test

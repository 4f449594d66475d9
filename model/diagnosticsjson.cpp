// SPDX-License-Identifier: Apache-2.0
#include "model/diagnosticsjson.h"

namespace aidc {

nlohmann::json diagnosticsToJson(const Diagnostics &diagnostics)
{
    nlohmann::json items = nlohmann::json::array();
    for (const Diagnostic &d : diagnostics.items()) {
        nlohmann::json item = {{"severity", d.severity == Severity::Error ? "error" : "warning"},
                               {"path", d.jsonPath},
                               {"message", d.message}};
        if (!d.acknowledged.empty())
            item["acknowledged"] = d.acknowledged;
        items.push_back(std::move(item));
    }
    return items;
}

} // namespace aidc

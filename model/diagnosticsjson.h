// SPDX-License-Identifier: Apache-2.0
#pragma once

// One JSON form for a list of diagnostics, used by every solver's result document:
// [{"severity": "warning", "path": "/halls/0", "message": "...", "acknowledged": "reason"}]
// ("acknowledged" only on a warning the project acknowledges, solvers/pipeline/acknowledgements.h).

#include "model/diagnostics.h"

#include <nlohmann/json.hpp>

namespace aidc {

nlohmann::json diagnosticsToJson(const Diagnostics &diagnostics);

} // namespace aidc

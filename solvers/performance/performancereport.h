// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the performance solver: JSON (stable camelCase keys, units in the names) for
// `--format json` and the GUI, and the human-readable text of the CLI report.

#include "solvers/performance/performance.h"

#include <nlohmann/json.hpp>

#include <iosfwd>

namespace aidc {

nlohmann::json toJson(const PlanEvaluation &evaluation);
nlohmann::json toJson(const PerformanceResult &result);
void writeText(std::ostream &out, const PerformanceResult &result);

} // namespace aidc

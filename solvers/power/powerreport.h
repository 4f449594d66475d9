// SPDX-License-Identifier: Apache-2.0
#pragma once

// The power solver's result as JSON (stable camelCase keys, units in the key names) and as the
// CLI's plain-text report.

#include "solvers/power/power.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace aidc {

// Full result; `includeRacks` false leaves out the per-rack array (3,000+ entries at 100k GPUs).
nlohmann::json toJson(const PowerResult &result, bool includeRacks = true);

void writeText(std::ostream &out, const PowerResult &result);

// The names of the RackViolation flags set in `flags` ("rack-power-rating", "floor-cell", ...),
// as the JSON result and the rack table spell them.
std::vector<std::string> rackViolationNames(unsigned flags);

} // namespace aidc

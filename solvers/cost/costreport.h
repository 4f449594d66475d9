// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the cost solver: the JSON form (stable camelCase keys, units in the names) and the
// human-readable text of `aidc` reports. The procurement BOM is solvers/cost/procurement.h.

#include "solvers/cost/cost.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

nlohmann::json toJson(const CostResult &result);

// Headline figures, the capex table by category, opex, TCO and every priced line with its
// source ("book" or "catalog"), then the diagnostics.
void writeText(std::ostream &out, const CostResult &result);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the cost solver: the JSON form (stable camelCase keys, units in the names), the
// human-readable text of `aidc` reports, and the priced BOM behind `aidc bom FILE --csv`.

#include "model/csv.h"
#include "solvers/common/bom.h"
#include "solvers/cost/cost.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

nlohmann::json toJson(const CostResult &result);

// Headline figures, the capex table by category, opex, TCO and every priced line with its
// source ("book" or "catalog"), then the diagnostics.
void writeText(std::ostream &out, const CostResult &result);

// The BOM as a table (category, part, description, plane, quantity, unit, lengthM, unitPowerW)
// followed by the price columns unitPriceUsd, extendedPriceUsd, priceOrigin ("price-book",
// "catalog", "missing"), priceSource and priceDate. A line whose part the cost solver did not
// price (facility plant priced per MW) gets empty prices and the origin "not-priced".
// The procurement BOM of a whole evaluation is solvers/pipeline/report.h bomTable().
CsvTable pricedBomTable(const Bom &bom, const CostResult &result);

} // namespace aidc

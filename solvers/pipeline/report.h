// SPDX-License-Identifier: Apache-2.0
#pragma once

// The two renderings of a Result: the human-readable text report (`aidc eval`) and the JSON
// document (`aidc eval --format json`, schema "aidc-result" version 1, docs/result-format.md).
// Both are built from the same Result, so they always agree.

#include "pipeline.h"

#include "model/csv.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

constexpr int kResultFormatVersion = 1;

nlohmann::json resultToJson(const Result &result);
void writeTextReport(std::ostream &out, const Result &result);

// The bill of materials for procurement, as `aidc bom` writes it and the GUI's BOM table shows
// it: every orderable item once, then the capex lines that are no order; together they equal
// capex (solvers/cost/procurement.h).
CsvTable bomTable(const Result &result);

// Every placed rack with its facts, as `aidc racks` writes it and the GUI's rack table shows
// it: hall, row, slot and position, role, pool, rack type, servers and GPUs, IT power at peak
// and on average (the site's average / peak IT ratio), heat to liquid and to air, mass, floor
// pressure over the footprint and over its cell (aisles included), cooling, and the facility
// violations of the rack.
CsvTable rackTable(const Result &result);

} // namespace aidc

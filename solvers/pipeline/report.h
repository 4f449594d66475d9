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
// The /summary object of that document: the headline figures, a figure unset left out.
nlohmann::json summaryToJson(const Summary &summary);
void writeTextReport(std::ostream &out, const Result &result);

// The parts of the text report, in the order writeTextReport() prints them. Each is also
// written alone where a figure is opened up to its terms (the GUI's Results panel), so the
// terms shown there are the report's own lines.
enum class ReportSection {
    Overview,    // summary table, compute pools, layout by hall
    Fabric,      // planes, tiers, media, bill of materials
    Power,       // power and cooling, chain, installed vs critical, halls
    Performance, // parallel plan, MFU, step-time terms, search
    Reliability, // failures by component, checkpoint, restart, spares, goodput
    LoadProfile, // the site load over a step, a checkpoint and a restart
    Cost,        // capex by category, opex, TCO, cost per GPU-hour, priced lines
    Diagnostics,
};
const char *reportSectionName(ReportSection section); // "performance"
// Writes one section; nothing for a solver that did not run.
void writeReportSection(std::ostream &out, const Result &result, ReportSection section);

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

// Every hall against its ratings, as `aidc halls` writes it and the GUI's hall table shows it:
// racks by role, IT power at peak against the hall's power capacity, heat against its cooling
// capacity, CDUs and coolant flow, the floor load (average and the highest rack footprint)
// against the floor rating, and the floor taken by racks against the usable area. A rating the
// project does not state is left empty, and so is its use.
CsvTable hallTable(const Result &result);

} // namespace aidc

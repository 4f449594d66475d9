// SPDX-License-Identifier: Apache-2.0
#pragma once

// The design report (`aidc report`, issue 21): one self-contained HTML file (inline CSS and
// SVG; no script, no external reference) to send to a design review or a CFO:
//   1. summary: GPUs, racks, halls and every headline figure (capex, TCO, opex, cost per
//      GPU-hour, facility power, PUE, energy, MFU, goodput, time to train) with its unit and,
//      when given, its P10-P90 band and largest drivers (issue 19; `aidc sensitivity`);
//   2. the assumptions that drive them (the register of `aidc assumptions`: value, unit, source,
//      confidence class, whether the project states it);
//   3. per-hall capacity: racks by role, GPUs, IT power at peak;
//   4. the fabric per plane: switch, tiers, switches, links, oversubscription, bisection;
//   5. the bill of materials by category with prices and their sources (`aidc bom`);
//   6. violations and warnings (acknowledged ones with their reason);
//   7. the floor plan of every hall (the drawings of `aidc draw`);
//   8. appendix: the full evaluation report of `aidc eval` (power chain, cooling, reliability,
//      performance in detail).
// Every project and catalog string is HTML-escaped.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/uncertainty/bands.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <string>

namespace aidc {

// `base` is the catalog without the project's overrides, `catalog` with them (as evaluated);
// `version` names the program in the footer; `uncertainty` (summarizeUncertainty: each figure's
// band and drivers, as `aidc sensitivity --bands` and `aidc sensitivity` compute them) may be
// null: point values only.
std::string designReportHtml(const Project &project, const Catalog &base, const Catalog &catalog,
                             const Result &result, const std::string &version,
                             const UncertaintySummary *uncertainty = nullptr);

} // namespace aidc

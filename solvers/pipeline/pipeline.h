// SPDX-License-Identifier: Apache-2.0
#pragma once

// evaluate(project, catalog, options) -> Result: runs the solvers in order
//   defaults -> layout -> fabric -> power -> performance -> reliability -> load profile -> cost
// and collects their results, warnings and design violations. Qt-free, no global state:
// the CLI, the GUI (on a worker thread) and batch runs all call this one entry point.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/cost/cost.h"
#include "solvers/cost/procurement.h"
#include "solvers/fabric/fabric.h"
#include "solvers/layout/layout.h"
#include "solvers/performance/performance.h"
#include "solvers/pipeline/summary.h"
#include "solvers/power/power.h"
#include "solvers/reliability/reliability.h"
#include "solvers/site/loadprofile.h"

#include <atomic>
#include <optional>

namespace aidc {

class PriceBook;

struct EvaluateOptions
{
    LayoutOptions layout;
    FabricOptions fabric;
    PowerOptions power;
    PerformanceOptions performance;
    ReliabilityOptions reliability;
    CostOptions cost;
    // Quotes that override catalog prices (the project's /cost/priceBook, opened by the caller).
    const PriceBook *priceBook = nullptr;
    // Set from another thread to abandon a run (the GUI cancels stale runs). evaluate() then
    // returns early with `cancelled` set.
    const std::atomic<bool> *cancel = nullptr;
};

struct Result
{
    Summary summary; // headline figures, filled from every solver that ran
    LayoutResult layout;
    FabricResult fabric;
    PowerResult power;
    std::optional<PerformanceResult> performance; // when the project has a workload
    std::optional<ReliabilityResult> reliability;
    std::optional<LoadProfileResult> loadProfile; // with a feasible workload plan
    CostResult cost;
    ProcurementBom procurement; // what to order and the rest of capex (`aidc bom`)
    Diagnostics diagnostics;    // warnings and violations of every solver
    bool cancelled = false;
};

// The catalog must already include the project's overrides (see solvers/pipeline/loading.h).
Result evaluate(const Project &project, const Catalog &catalog, const EvaluateOptions &options);
Result evaluate(const Project &project, const Catalog &catalog); // default options

// The layout exactly as evaluate() places it: storage sized from the design first (its racks
// take floor space), then the layout solver. `effective` has the defaults applied
// (withDefaults). The GUI pins this layout, so a pinned hall holds what the floor plan showed.
LayoutResult placeLayout(const Project &effective, const Catalog &catalog,
                         const LayoutOptions &options = {});

} // namespace aidc

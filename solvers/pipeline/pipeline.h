// SPDX-License-Identifier: Apache-2.0
#pragma once

// evaluate(project, catalog, options) -> Result: runs the solvers in order
//   defaults -> layout -> fabric -> power -> performance -> reliability -> load profile -> cost
// and collects their results, warnings and design violations. Qt-free, no global state:
// the CLI, the GUI (on a worker thread) and batch runs all call this one entry point.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "model/projectfields.h"
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
struct Result;

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
    // Incremental re-evaluation (the GUI's live loop): an earlier result of the same catalog,
    // price book and options, and changedStages(its project, this project) (model/projectedit.h).
    // The stages before the first one whose inputs changed are copied from it instead of solved
    // again; the result equals a full run's (a test edits every field of the samples).
    const Result *previous = nullptr;
    unsigned changedStages = stage::All;
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
    int jobGpus = 0; // GPUs the workload's job runs on (0 without a workload)
    // Stages (model/projectfields.h) this result holds complete, and those of them copied from
    // EvaluateOptions::previous rather than solved. A refused or cancelled run completes fewer.
    unsigned completeStages = 0;
    unsigned reusedStages = 0;
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

#pragma once

// evaluate(project, catalog, options) -> Result: runs the solvers in order
//   layout -> fabric -> power -> performance -> reliability -> cost
// and collects their results, warnings and design violations. Qt-free, no global state:
// the CLI, the GUI (on a worker thread) and batch runs all call this one entry point.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/layout/layout.h"
#include "solvers/pipeline/summary.h"

#include <atomic>

namespace aidc {

struct EvaluateOptions
{
    LayoutOptions layout;
    // Set from another thread to abandon a run (the GUI cancels stale runs). evaluate() then
    // returns early with `cancelled` set.
    const std::atomic<bool> *cancel = nullptr;
};

struct Result
{
    Summary summary; // headline figures, filled from every solver that ran
    LayoutResult layout;
    Diagnostics diagnostics; // warnings and violations of every solver
    bool cancelled = false;
};

// The catalog must already include the project's overrides (see catalogs/catalogloader.h).
Result evaluate(const Project &project, const Catalog &catalog,
                const EvaluateOptions &options = {});

} // namespace aidc

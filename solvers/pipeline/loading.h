// SPDX-License-Identifier: Apache-2.0
#pragma once

// Everything needed before evaluate(): the project file parsed and validated, the catalog loaded
// with the project's overrides applied, and every catalog reference of the project checked.
// The CLI, the GUI and batch runs all load through here, so they report the same problems.

#include "catalogs/catalog.h"
#include "catalogs/catalogoverlays.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"

#include <memory>
#include <string>

namespace aidc {

class PriceBook;

struct LoadedProject
{
    std::string path;
    Project project;
    Catalog catalog;      // base catalog + the project's overrides
    Diagnostics warnings; // non-fatal problems found while loading
    // The project's price book (/cost/priceBook, relative to the project file), opened
    // read-only; null when the project names none.
    std::shared_ptr<const PriceBook> priceBook;
};

// Loads the catalog directory once; reuse it for many projects (batch runs).
Catalog loadBaseCatalog(const std::string &catalogDirectory); // throws LoadError
// The same, with the site's and the user's catalog overlays (catalogs/catalogoverlays.h).
Catalog loadBaseCatalog(const CatalogSource &source); // throws LoadError

// Throws LoadError carrying every problem (file, JSON pointer, message).
LoadedProject loadProjectForEvaluation(const std::string &projectPath, const Catalog &baseCatalog);

// evaluate() of a loaded project as `aidc eval`, batch runs and the GUI run it: with the
// project's price book, and the loader's warnings placed before the solvers' diagnostics.
Result evaluateLoadedProject(const LoadedProject &loaded, const EvaluateOptions &options);

// What prepareProject() does with the project's price book: open it (the evaluation prices
// with it), or only check that the file is there (a check of an edit on the GUI thread, or a
// layout that prices nothing: opening runs SQLite's integrity check).
enum class PriceBookUse { Open, CheckExists };

// Validates an in-memory project (GUI edits) against a base catalog; throws LoadError. A
// relative price book is found beside `path`; with no path it is an error.
LoadedProject prepareProject(const Project &project, const std::string &path,
                             const Catalog &baseCatalog,
                             PriceBookUse priceBook = PriceBookUse::Open);

} // namespace aidc

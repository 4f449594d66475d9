// SPDX-License-Identifier: Apache-2.0
#pragma once

// Where the part catalog comes from (issue 22): the built-in catalog, then site- and user-wide
// overlays, then the project's catalogOverrides, each applied on top of the one before:
//   1. the built-in catalog: the installed share/aidc-planner/catalogs (or the source tree's);
//   2. /etc/aidc-planner/catalogs.d/*.json: what a site's administrator adds or changes;
//   3. $XDG_DATA_HOME/aidc-planner/catalogs/*.json (default ~/.local/share/...): the user's;
//   4. the project's catalogOverrides (applyCatalogOverrides, when a project is loaded).
// An overlay file has the catalog format (docs/catalog-format.md); its items change the named
// fields of an existing part or add a part (whole, or "basedOn" an existing one). Files of one
// folder apply in name order.
//
// A catalog named explicitly (--catalog DIR or $AIDC_CATALOG_DIR) is the whole catalog: no
// overlay is read, so a test, a validation case or a reproduced run sees exactly that folder.

#include "catalogs/catalog.h"
#include "catalogs/catalogloader.h"
#include "model/diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace aidc {

struct CatalogSource
{
    std::string baseDirectory;
    std::vector<std::string> overlayDirectories; // the existing ones, in the order they apply
    // --catalog or $AIDC_CATALOG_DIR named the whole catalog: no overlay folder is read.
    bool explicitCatalog = false;
};

// Overlay folders in the order they apply, whether they exist or not.
std::vector<std::string> catalogOverlaySearchPath();

// The catalog a program uses: `explicitDirectory` (from --catalog) or $AIDC_CATALOG_DIR alone
// when given; else the built-in catalog and the overlay folders that exist (or cannot be
// looked at: loading reports why).
CatalogSource findCatalogSource(const std::string &executablePath,
                                const std::optional<std::string> &explicitDirectory);

// The `*.json` files of the overlay folders, in the order they apply. A folder that is not one
// or cannot be listed, and a `*.json` that is a folder, are errors in `diagnostics`.
std::vector<std::string> catalogOverlayFiles(const CatalogSource &source, Diagnostics &diagnostics);

// Loads the base catalog and applies every overlay file in order. Callers must check
// `diagnostics.hasErrors()`. `origins`, when given, receives every file entry that defined or
// changed a part, in the order applied.
Catalog loadCatalogSource(const CatalogSource &source, Diagnostics &diagnostics,
                          std::vector<PartOrigin> *origins = nullptr);

} // namespace aidc

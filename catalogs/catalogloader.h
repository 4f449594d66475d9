// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reading, validating and overriding the part catalog (format: docs/catalog-format.md).
//
// The catalog is a directory of JSON files, each `{"schema": "aidc-catalog", "version": 1,
// "kind": "<kind>", "items": [...]}`. Every numeric figure carries a source with a confidence
// tag ("[V] NVIDIA DGX H100 User Guide"); the loader fills each part's `sources` per field.
// Problems are reported like a project's: file, RFC 6901 JSON pointer, plain message, and
// loading continues so that one pass reports every problem.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/isodate.h"

#include <string>
#include <vector>

namespace aidc {

// One file's entry for a part: where it was defined, or changed by an overlay or override
// (`aidc catalog which` lists them in the order they were applied).
struct PartOrigin
{
    std::string kind;    // catalog kind: "switches", "prices", ... (prices name the part)
    std::string id;      // the part's id (a price's part)
    std::string file;    // the catalog file, overlay file or project file
    std::string pointer; // JSON pointer of the entry in that file
};

// Loads every `*.json` file in `directory` (in name order; several files may share a kind and
// their items are merged). Validates strictly: malformed JSON (with line and column), wrong
// schema/kind/version, unknown keys, wrong types, missing fields, figures out of their
// physical range (efficiencies outside (0,1], negative prices, absurd powers), missing or
// untagged sources, duplicate ids, and dangling references (a server naming an unknown
// accelerator, a price for an unknown part, ...). Returns whatever could be read; callers
// must check `diagnostics.hasErrors()`. `origins`, when given, receives where each part is defined.
Catalog loadCatalog(const std::string &directory, Diagnostics &diagnostics,
                    std::vector<PartOrigin> *origins = nullptr);

// Merges a project's `catalogOverrides` object (verbatim JSON text, "" = none) into `catalog`:
// `{"accelerators": [{"id": "H100-SXM", "tdpW": 650}], "prices": [{"part": "QM9700",
// "unitUsd": 38000}], ...}` with the same keys as the catalog kinds. An entry whose id exists
// replaces only the fields it gives; a new id adds a part (all fields, or `"basedOn": "<id>"`
// to start from a copy of an existing part). Figures without a source get
// "[U] project override". Problems carry `projectFile` and a path such as
// `/catalogOverrides/accelerators/0/tdpW`; entries with errors are left unchanged.
void applyCatalogOverrides(Catalog &catalog, const std::string &overridesJson,
                           const std::string &projectFile, Diagnostics &diagnostics,
                           std::vector<PartOrigin> *origins = nullptr);

// Applies one catalog overlay file (catalogoverlays.h): a file in the catalog format whose
// items change or add parts by the rules of applyCatalogOverrides(), so a site can change one
// figure of a part without restating it. Figures without a source get "[U] catalog overlay
// FILE". Problems name the overlay file and the entry's JSON pointer.
void applyCatalogOverlay(Catalog &catalog, const std::string &file, Diagnostics &diagnostics,
                         std::vector<PartOrigin> *origins = nullptr);

// Where the catalog lives: `$AIDC_CATALOG_DIR` if set; else `<exe dir>/../share/aidc-planner/
// catalogs` when it exists (installed); else the source tree's `catalogs/data`.
std::string findCatalogDirectory(const std::string &executablePath);

// The catalog kinds, i.e. the `kind` of the files and the keys of `catalogOverrides`:
// accelerators, servers, racks, switches, media, power, generators, cooling, storage, failures,
// prices. ("generators" appear in overrides only; their file entries sit in power.json.)
const std::vector<std::string> &catalogKinds();

// "[V] text" -> {text, Vendor}. False when the text does not start with a tag
// [V], [P], [A], [S], [D] or [U].
bool parseFigureSource(const std::string &text, FigureSource &out);

// "V", "P", "A", "S", "D" or "U".
const char *confidenceTag(Confidence confidence);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// The project file: JSON text <-> Project, with validation and the upgrade chain.
//
// The format is documented field by field in docs/project-format.md (units, defaults, ranges,
// changelog). Loading collects every problem in the file (malformed JSON with line and column,
// wrong types, unknown keys, missing required fields, values out of range, duplicate names,
// broken references between parts) and throws one LoadError that carries them all, each with
// the file name and the RFC 6901 pointer of the offending value. Catalog part ids are not
// checked here (the catalog loader does that against a Catalog).

#include "atomicfile.h"
#include "diagnostics.h"
#include "project.h"
#include "projectupgrade.h"

#include <optional>
#include <string>
#include <string_view>

namespace aidc {

// What a successful load found out about the file itself.
struct ProjectLoadInfo
{
    int fileVersion = kProjectFormatVersion; // version in the file, before upgrading
    bool upgraded() const { return fileVersion < kProjectFormatVersion; }
};

// Parses and validates project JSON. `fileName` only labels the diagnostics.
// Files of an older format are upgraded in memory first (projectupgrade.h); the JSON pointers
// of any problem then refer to the current layout. Throws LoadError with every problem found.
Project parseProjectJson(std::string_view text, const std::string &fileName,
                         ProjectLoadInfo *info = nullptr);

// The JSON of project `text` in the current format: parsed strictly, its schema and version
// checked and older versions upgraded (the first steps of parseProjectJson, which the repair of
// model/projectrepair.h shares). nullopt, with the errors in `diagnostics`, for JSON that does
// not parse, is not an object, or states another schema or version; a repeated key adds an
// error and the document is still returned. `fileVersion`: the version the text states.
std::optional<nlohmann::json> currentFormatProjectJson(std::string_view text,
                                                       const std::string &fileName,
                                                       Diagnostics &diagnostics,
                                                       int *fileVersion = nullptr);

// Reads `path` and parses it. A missing or unreadable file throws LoadError naming the file.
Project loadProjectFile(const std::string &path, ProjectLoadInfo *info = nullptr);

// The loader's checks of every field (ranges, enum names, references, duplicates), for a project
// built in code (tests, the GUI's edits, sweeps, the pipeline's input): the project goes through
// its JSON form and the reader, so files and code share one set of checks and the solvers do not
// repeat them. An empty Diagnostics means the project is one a file could hold.
Diagnostics checkProjectFields(const Project &project);

// The current-format JSON of `project`: pretty (2-space indent), keys in the documented order,
// ending in '\n'. Writes the required fields and every value that differs from its default, so
// a minimal project stays minimal and parseProjectJson(projectToJson(p)) == p for every valid p.
// Throws std::invalid_argument if project.catalogOverridesJson is not a JSON object.
std::string projectToJson(const Project &project);

// projectToJson written through saveFileAtomically: on failure the old file is left intact.
SaveResult saveProjectFile(const Project &project, const std::string &path);

} // namespace aidc

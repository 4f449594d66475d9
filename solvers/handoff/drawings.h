// SPDX-License-Identifier: Apache-2.0
#pragma once

// Drawings of an evaluated design as standalone SVG, written by the Qt-free core so the CLI
// (`aidc draw`), a report and the GUI all show the same picture (issue 21):
//   - a floor plan per hall: the hall outline with a 5 m grid, every rack to scale and coloured
//     by role (a tooltip with its id, role, servers, GPUs and peak kW), each row's cable tray
//     over the racks, row labels, a scale bar, the drawing's north arrow and a legend with the
//     rack count per role;
//   - the elevations of each row: every rack of the row side by side, what sits at which U
//     (solvers/handoff/rackelevation.h: servers, switches, patch panels, power shelves, storage)
//     with its label, U numbers, and the rack's notes (zero-U parts, what did not fit).
// Every project or catalog string is XML-escaped; file names are slugs of the hall and row ids,
// so none can leave the chosen directory.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"

#include <string>
#include <vector>

namespace aidc {

// `text` with &, <, >, " and ' replaced by their XML entities.
std::string xmlEscaped(const std::string &text);

// One hall's floor plan (index into result.layout.halls).
std::string floorPlanSvg(const Project &project, const Result &result, std::size_t hall);

// The elevations of one row's racks (indices into result.layout.halls and its rows).
std::string rowElevationsSvg(const Project &project, const Catalog &catalog, const Result &result,
                             std::size_t hall, std::size_t row);

struct DrawingSet
{
    bool ok = false;
    std::string error;              // why nothing was written
    std::vector<std::string> files; // names written, in the directory
};

// Writes floorplan-<hall>.svg per hall and/or elevations-<row>.svg per row into `directory`
// (created when missing; a path that is not a directory is an error). All files are saved into a
// staging directory inside it first and renamed into place only when every one was saved.
DrawingSet writeDrawings(const Project &project, const Catalog &catalog, const Result &result,
                         const std::string &directory, bool floorPlans, bool elevations);

} // namespace aidc

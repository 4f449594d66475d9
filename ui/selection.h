// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the user has selected: one part of the project, identified the way every view can share
// (the tree, the floor plan, the property editor, the violations list).
//
// Halls, rows and racks are named by their indices in the LayoutResult (hall, row, slot). Rows
// and racks the user has pinned sit at the same indices in the project (the layout solver keeps
// pinned rows first and in order), so their JSON pointer is /halls/h/rows/r/racks/s; rows and
// racks the solver placed automatically have no pointer until the layout is pinned.

#include "model/project.h"
#include "solvers/layout/layout.h"

#include <string>

namespace aidc::ui {

struct Selection
{
    enum class Kind {
        None,
        Site,
        Hall,
        Row,
        Rack,
        Power,
        Cooling,
        RackType,
        Pool,
        Plane,
        Storage,
        Workload,
        Reliability,
        Cost,
        CatalogOverrides
    };

    Kind kind = Kind::None;
    int hall = -1, row = -1, slot = -1; // Hall, Row, Rack (layout indices)
    int index = -1;                     // Pool, Plane
    std::string rackType;               // RackType: catalog id

    bool operator==(const Selection &) const = default;
    bool isValid() const { return kind != Kind::None; }

    // JSON pointer of the selected part in the project document; "" when it has none (an
    // automatically placed row or rack, a rack type).
    std::string pointer(const Project &project) const;
    // True for rows and racks that exist only in the automatic layout.
    bool needsPinning(const Project &project) const;
};

Selection siteSelection();
Selection hallSelection(int hall);
Selection rowSelection(int hall, int row);
Selection rackSelection(int hall, int row, int slot);
Selection poolSelection(int index);
Selection planeSelection(int index);
Selection kindSelection(Selection::Kind kind);

// The part a diagnostic's JSON pointer names (e.g. "/halls/0/rows/3", "/compute/pools/1",
// "/network/planes/0", "/planes/0"), or, when the pointer names nothing more precise, a rack
// whose id or a row ("row H1-N1") the message mentions. None when neither helps.
Selection selectionForDiagnostic(const std::string &jsonPath, const std::string &message,
                                 const LayoutResult *layout);

// Index into layout.racks of the rack at (hall, row, slot); -1 when there is none.
int layoutRackIndex(const LayoutResult &layout, int hall, int row, int slot);

} // namespace aidc::ui

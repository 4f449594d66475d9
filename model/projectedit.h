// SPDX-License-Identifier: Apache-2.0
#pragma once

// Edits of a Project, as plain Qt-free mutators: the GUI's undo commands (ui/) call applyEdit()
// and keep the inverse edit it returns for undo.
//
// An edit is a short list of operations on the project's JSON document (docs/project-format.md),
// each naming its target by an RFC 6901 JSON pointer, with the semantics of JSON Patch (RFC 6902)
// "replace/add", "add" into an array, "remove" and "move". applyEdit() writes the project to its
// JSON form, applies the operations and parses the result with parseProjectJson(), so an edited
// value passes exactly the checks (types, ranges, references, messages) a loaded file passes.
// A refused edit leaves the project untouched and returns the loader's diagnostics.
//
// Structural edits (insert/delete a row, move a rack or a row) are built by the helpers below.

#include "diagnostics.h"
#include "project.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace aidc {

struct EditOperation
{
    enum class Kind {
        Set,    // replace the value at `pointer`, creating it (and missing parent objects)
        Insert, // insert `value` into an array before index `pointer`'s last token ("-": append)
        Remove, // remove the member or array element at `pointer`
        Move    // remove the value at `from` and insert it at `pointer` (RFC 6902 "move")
    };
    Kind kind = Kind::Set;
    std::string pointer;
    nlohmann::json value; // Set, Insert
    std::string from;     // Move

    bool operator==(const EditOperation &) const = default;
};

struct ProjectEdit
{
    std::string description; // for the undo history, e.g. "Set gpuCount of pool 'h100'"
    std::vector<EditOperation> operations;

    bool operator==(const ProjectEdit &) const = default;
    bool empty() const { return operations.empty(); }
};

struct EditOutcome
{
    bool ok = false;
    ProjectEdit inverse;     // applying it to the edited project gives the original project back
    Diagnostics diagnostics; // why the edit was refused (loader messages, JSON pointers)
};

// Applies `edit` to `project`. On success the project is replaced by the edited one and the
// outcome carries the inverse edit; otherwise the project is unchanged.
EditOutcome applyEdit(Project &project, const ProjectEdit &edit);

// The project's JSON document as applyEdit() sees it: projectToJson() with the implicit names of
// pools and planes written out, so that editing a pool's GPU or a plane's role never renames it.
nlohmann::json projectDocument(const Project &project);

// The value at `pointer` in projectDocument(project); nullopt when the member is absent (the
// field has its default value).
std::optional<nlohmann::json> documentValue(const Project &project, const std::string &pointer);

// The solver stages (model/projectfields.h) whose inputs differ between two projects: the union
// of fieldStages() over the members that differ between their documents. 0 when only what no
// solver reads differs (the name, an acknowledgement); stage::All when the difference lies
// outside the field table.
unsigned changedStages(const Project &before, const Project &after);

// The JSON form of one part as the project document holds it (written by projectToJson), e.g.
// the value an edit inserts.
nlohmann::json partDocument(const Hall &hall);
nlohmann::json partDocument(const RackSlot &rack);
nlohmann::json partDocument(const ComputePool &pool);
nlohmann::json partDocument(const FabricPlane &plane);
nlohmann::json partDocument(const ModelArchitecture &model);

// ------------------------------------------------------------------ edit builders

ProjectEdit setField(const std::string &pointer, nlohmann::json value, std::string description);
// Removes an optional member so that the documented default applies again.
ProjectEdit unsetField(const std::string &pointer, std::string description);

// JSON pointer of hall `hall`, of row `row` in it, of rack `slot` in that row.
std::string hallPointer(int hall);
std::string rowPointer(int hall, int row);
std::string rackPointer(int hall, int row, int slot);

// A new empty row with origin (xM, yM) before row index `row` of hall `hall`.
ProjectEdit insertRow(int hall, int row, const std::string &id, double xM, double yM);
ProjectEdit deleteRow(int hall, int row);
// Inserts `rack` before slot `slot` of the row (slot = the row's size: append).
ProjectEdit insertRack(int hall, int row, int slot, const RackSlot &rack);
ProjectEdit moveRow(int hall, int row, double xM, double yM);
// Moves the rack to slot `toSlot` of row `toRow` (indices as they are after taking it out).
ProjectEdit moveRack(int hall, int row, int slot, int toHall, int toRow, int toSlot);

// Moves several rows of hall `hall` to new origins together: one edit.
struct RowOrigin
{
    int row = 0;
    double xM = 0, yM = 0;
};
ProjectEdit moveRows(int hall, const std::vector<RowOrigin> &origins);

// ------------------------------------------------------------------ adding and removing parts
//
// A project without halls gets its halls from the layout solver, and one without planes the
// documented default planes; adding or removing a hall or plane there first writes the list in
// use (`current`: the layout's halls without their rows, effectivePlanes()) into the project,
// so that the other halls or planes stay what they were. A new part keeps its id or name when
// no other part of its kind has it, and otherwise gets the first free "<name>-2", "<name>-3"...
//
// Removing a part also removes what only it gave meaning to, in the same edit (undone as one):
// a hall takes its rows with it and frees the pools pinned to it (the layout chooses again); a
// pool takes its pinned racks with it, leaves the planes that list it, and the workload that
// named it runs on the largest pool again. References that would be left dangling (a plane that
// attaches only the removed pool) are left in place for the loader to refuse with its message.

std::string uniquePartName(const std::vector<std::string> &taken, const std::string &wanted);

ProjectEdit addHall(const Project &project, const std::vector<Hall> &current, Hall hall);
ProjectEdit removeHall(const Project &project, const std::vector<Hall> &current, int hall);
ProjectEdit addPool(const Project &project, ComputePool pool);
ProjectEdit removePool(const Project &project, int pool);
ProjectEdit addPlane(const Project &project, const std::vector<FabricPlane> &current,
                     FabricPlane plane);
ProjectEdit removePlane(const Project &project, const std::vector<FabricPlane> &current, int plane);

// ------------------------------------------------------------------ acknowledged warnings
//
// Appends an entry for warning `d` to /acknowledgedWarnings with `reason`. The entry matches the
// warning's path and the longest run of its message without digits (acknowledgedText), so a
// count that changes with the design does not make the entry stale.
ProjectEdit acknowledgeWarning(const Project &project, const Diagnostic &d, std::string reason);
// Removes the entries that cover `d`; an empty edit when none does.
ProjectEdit withdrawAcknowledgement(const Project &project, const Diagnostic &d);
// The longest run of `message` without a digit, trimmed of spaces and punctuation at its ends.
std::string acknowledgedText(const std::string &message);

// Replaces every hall of `project` by the halls of `pinned` (the layout written into the
// project by the layout solver's pinLayout()), so that racks and rows can then be moved.
ProjectEdit replaceHalls(const Project &pinned, std::string description);

} // namespace aidc

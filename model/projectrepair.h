// SPDX-License-Identifier: Apache-2.0
#pragma once

// Opening a project that breaks the format's rules, to fix it rather than be locked out of it
// (the GUI's "open anyway", issue 23): the values the loader's errors name are taken out until
// the rest loads, and each one taken out is reported with the problem it had, so the user can
// set it again in the property editor. Nothing is written: the file changes only when the user
// saves.
//
// What can be repaired: values (out of range, wrong type, unknown key or enum name, broken
// references between parts, duplicates). An optional field taken out takes its default; when a
// required field is at fault, its enclosing entry goes with it (a hall without a width is taken
// out whole). What cannot: a file that cannot be read, JSON that does not parse or repeats a key,
// a wrong schema or version, or a project that would lose a required top-level part.

#include "diagnostics.h"
#include "project.h"

#include <string>
#include <string_view>
#include <vector>

namespace aidc {

struct RemovedValue
{
    std::string pointer; // RFC 6901, where the value is in the file (current format's layout)
    // Where it is in the repaired project: the same member with list indices shifted past the
    // entries taken out, or the list when its whole entry was taken out.
    std::string projectPointer;
    std::string value;   // the value taken out, as compact JSON
    std::string problem; // the loader's message for it
};

struct RepairedProject
{
    Project project;
    std::vector<RemovedValue> removed; // empty when the file loaded as it is
};

// Loads `path` as loadProjectFile() does and, when that fails on values only, repairs as above.
// Throws the unrepaired load's LoadError (every problem, as the plain loader reports it) when the
// file cannot be repaired.
RepairedProject loadProjectRepairing(const std::string &path);
// The same on project text; `fileName` only labels the diagnostics.
RepairedProject repairProjectJson(std::string_view text, const std::string &fileName);

} // namespace aidc

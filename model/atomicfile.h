#pragma once

// The one way AIDC Planner writes a file: write a temporary file in the target's directory,
// flush and fsync it, rename it over the target, then fsync the directory (POSIX), so that a
// crash or a failed write leaves either the old file or the new one, never a mix
// (the QSaveFile pattern [ref:qt-qsavefile]). Every writer (projects, CSV, JSON reports, the GUI)
// uses it. The temporary file is owner-only until it is complete; a temporary left by a killed
// process is removed by the next save of the same file (after ten minutes); a target that is a
// symbolic link has the file it points at replaced, the link stays.

#include <string>
#include <string_view>

namespace aidc {

struct SaveResult
{
    bool ok = false;
    std::string error; // why the save failed, naming the file; empty when ok
};

SaveResult saveFileAtomically(const std::string &path, std::string_view contents);

} // namespace aidc

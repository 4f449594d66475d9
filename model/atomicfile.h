// SPDX-License-Identifier: Apache-2.0
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

// Makes sure `directory` is a directory a writer can put files in: created with its parents when
// missing (`created` then true). Returns "" or why not, naming the path (a path that exists and is
// not a directory, a directory that cannot be created).
std::string ensureDirectory(const std::string &directory, bool &created);

// The same save for contents written piece by piece (a cable schedule of millions of rows is
// streamed, not held): the pieces go to the temporary file, commit() renames it over the target;
// a writer destroyed without a successful commit() removes its temporary and leaves the target.
class AtomicFileWriter
{
public:
    explicit AtomicFileWriter(const std::string &path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter &) = delete;
    AtomicFileWriter &operator=(const AtomicFileWriter &) = delete;

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; } // names the file; empty while ok
    bool write(std::string_view piece);                  // false (and error()) on failure
    SaveResult commit();

private:
    std::string m_path;       // as given, for messages
    std::string m_targetPath; // the file replaced (a symbolic link resolved)
    std::string m_dir;
    std::string m_tempName;
    int m_fd = -1;
    std::string m_error;
};

} // namespace aidc

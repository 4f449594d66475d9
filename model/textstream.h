// SPDX-License-Identifier: Apache-2.0
#pragma once

// Text written a piece at a time without holding it all (a 1M-GPU cable schedule is hundreds of
// MiB): pieces collect in a 1 MiB buffer that goes to standard output or, through
// AtomicFileWriter, to a temporary file that commit() renames over the target, so a failed or
// interrupted write leaves the old file as it was. CsvStreamWriter (csvstream.h) encodes
// records into one.

#include "atomicfile.h"

#include <optional>
#include <string>
#include <string_view>

namespace aidc {

class TextStreamWriter
{
public:
    // `path` "" or "-" writes to standard output.
    explicit TextStreamWriter(const std::string &path);

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; } // names the file; empty while ok

    void append(std::string_view text);
    // The buffer, for encoders that append to it in place; call flushIfFull() after.
    std::string &buffer() { return m_buffer; }
    void flushIfFull();
    bool flush();        // writes the buffer out; false (and error()) on failure
    SaveResult commit(); // flush, then a file replaces its target; stdout is flushed

private:
    std::optional<AtomicFileWriter> m_file;
    std::string m_buffer;
    std::string m_error;
};

} // namespace aidc

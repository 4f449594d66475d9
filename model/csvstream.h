// SPDX-License-Identifier: Apache-2.0
#pragma once

// A CSV file written a record at a time without holding it (a 1M-GPU cable schedule has
// millions of rows): records are encoded by appendCsvRecord() (csv.h) into a 1 MiB buffer that
// goes to standard output or, through AtomicFileWriter, to a temporary file that commit()
// renames over the target. Writers of several files (a NetBox import set) flush all of them
// before committing any, so a failed export leaves every old file as it was.

#include "atomicfile.h"
#include "csv.h"

#include <optional>
#include <string>
#include <vector>

namespace aidc {

class CsvStreamWriter
{
public:
    // `path` "" or "-" writes to standard output.
    explicit CsvStreamWriter(const std::string &path, const CsvDialect &dialect = {});

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; } // names the file; empty while ok
    std::int64_t records() const { return m_records; }   // header included

    void add(const std::vector<std::string> &fields);
    bool flush();        // writes the buffer out; false (and error()) on failure
    SaveResult commit(); // flush, then a file replaces its target; stdout is flushed

private:
    std::optional<AtomicFileWriter> m_file;
    CsvDialect m_dialect;
    std::string m_buffer;
    std::string m_error;
    std::int64_t m_records = 0;
};

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// A CSV file written a record at a time without holding it (a 1M-GPU cable schedule has
// millions of rows): records are encoded by appendCsvRecord() (csv.h) into a TextStreamWriter
// (textstream.h), which goes to standard output or to a temporary file that commit() renames
// over the target. Writers of several files (a NetBox import set) flush all of them
// before committing any, so a failed export leaves every old file as it was.

#include "csv.h"
#include "textstream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aidc {

class CsvStreamWriter
{
public:
    // `path` "" or "-" writes to standard output.
    explicit CsvStreamWriter(const std::string &path, const CsvDialect &dialect = {});

    bool ok() const { return m_out.ok(); }
    const std::string &error() const { return m_out.error(); } // names the file; empty while ok
    std::int64_t records() const { return m_records; }         // header included

    void add(const std::vector<std::string> &fields);
    bool flush() { return m_out.flush(); } // writes the buffer out; false (and error()) on failure
    SaveResult commit() { return m_out.commit(); } // flush, then the file replaces its target

private:
    TextStreamWriter m_out;
    CsvDialect m_dialect;
    std::int64_t m_records = 0;
};

} // namespace aidc

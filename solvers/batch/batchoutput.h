// SPDX-License-Identifier: Apache-2.0
#pragma once

// The two text outputs of a batch or sweep, built row by row in item order:
//   JSON Lines: one compact JSON object per row,
//     {"file", "item", "contentHash", "runTime", "status", "durationS",
//      "variant" (sweeps), "error" (failed rows), "result" (the resultToJson document)};
//   CSV (RFC 4180, model/csv.h): one row per item with the key columns
//     project_file, item, content_hash, run_time, status, error, duration_s,
//   then one column per swept JSON pointer, then every scalar figure of every result family as
//   "<family>.<dotted path>" (resultcolumns.h), e.g. "summary.gpus", "cost.networkCapexUsd".
//   Arrays and id-keyed maps are left out of the CSV (they are in the JSONL and the database).
//   Columns appear in the order first seen; a row without a figure leaves its cell empty.

#include "solvers/batch/batch.h"

#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace aidc {

// One JSON Lines record for `row`, ending in '\n'.
std::string batchJsonLine(const BatchRow &row, const std::string &runTime);

// A CSV cell for a JSON scalar: numbers locale-free (formatCsvNumber), booleans true/false,
// null empty, strings as they are.
std::string csvCell(const nlohmann::json &value);

// A batch output that cannot be written (its temporary spill file on a full disk): the message
// names the directory.
class BatchOutputError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// The CSV of a batch, built row by row in constant memory: a column appears when a row first
// brings it and columns are only ever appended, so each row is encoded at once with the columns
// known then and kept in an anonymous temporary file in $TMPDIR (else /tmp); the output pads
// the early rows with empty cells for the columns that came later. add() throws
// BatchOutputError when the temporary file cannot be made or written.
class BatchCsv
{
public:
    // `variantColumns`: the swept JSON pointers, in --set order (empty for a batch).
    explicit BatchCsv(std::vector<std::string> variantColumns = {});
    ~BatchCsv();
    BatchCsv(const BatchCsv &) = delete;
    BatchCsv &operator=(const BatchCsv &) = delete;

    void add(const BatchRow &row, const std::string &runTime);
    std::string text() const;
    // Writes the CSV to `path` ("-": standard output) atomically, streaming; "" or why not.
    std::string save(const std::string &path) const;
    std::size_t rowCount() const { return m_widths.size(); }

private:
    std::size_t column(const std::string &name);
    // Calls `out` with the header record, then each row's record padded to the final width.
    template<typename Out> bool emit(Out &&out) const;

    std::vector<std::string> m_header;
    std::map<std::string, std::size_t> m_index;
    std::vector<std::string> m_variantColumns;
    std::FILE *m_spill = nullptr; // the encoded rows, in order
    std::string m_spillDir;
    std::vector<std::uint32_t> m_widths; // columns of each encoded row
    std::vector<std::uint32_t> m_bytes;  // bytes of each encoded row
};

} // namespace aidc

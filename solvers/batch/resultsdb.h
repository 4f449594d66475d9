// SPDX-License-Identifier: Apache-2.0
#pragma once

// The SQLite results database of `aidc batch` and `aidc sweep`: results of many runs, queryable
// and comparable over time.
//
// Tables (docs/batch.md has example queries):
//   meta    key/value: schema = "aidc-results", version = kResultsDbVersion;
//   runs    one row per evaluated item, failed ones included: the key columns
//           project_file, content_hash, run_time, item, then run_id (the --run-id that lets a
//           stopped run be resumed), started (when the process that wrote the row started: a
//           resumed run's or a shard's own start), as_of (the price date), sweep_plan (JSON:
//           the axes, zip flags and sampling that reproduce a sweep's variants; on the first
//           row each process writes, empty on the others), command,
//           status ("ok"/"failed"), error, duration_s, diagnostic_count, diagnostics (JSON
//           text), variant (JSON text) and one column per swept JSON pointer;
//   one table per result family (resultcolumns.h: summary, layout, network, power,
//           performance, reliability, cost, ...), one row per successful item: the key
//           columns, then the family's flattened figures, arrays as JSON text.
// Every table's primary key is (project_file, content_hash, run_time, item). Columns are added
// with ALTER TABLE as results bring new figures, so databases written before a solver landed
// keep working. Columns carry no declared type; values keep their JSON type (REAL, INTEGER for
// integers and booleans, TEXT).

#include "solvers/batch/batch.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace aidc {

constexpr int kResultsDbVersion = 1;

// Any failure of the results database: the message names the file and what to do.
class ResultsDbError : public std::runtime_error
{
public:
    ResultsDbError(std::string file, const std::string &message)
        : std::runtime_error(message)
        , m_file(std::move(file))
    {
    }
    // The database the problem is about ("" when none in particular).
    const std::string &file() const { return m_file; }

private:
    std::string m_file;
};

struct MergeStats;

class ResultsDatabase
{
public:
    // Opens `path`, creating it when missing. Throws ResultsDbError when it cannot be opened or
    // is not a results database of this version.
    explicit ResultsDatabase(const std::string &path);
    ~ResultsDatabase(); // rolls back a transaction that was not committed
    ResultsDatabase(const ResultsDatabase &) = delete;
    ResultsDatabase &operator=(const ResultsDatabase &) = delete;

    void begin();
    void commit();

    // Writes `row` to `runs` and (ok rows) one row per result family. Inside begin()/commit().
    void addRow(const BatchRow &row, const std::string &command, const std::string &runTime);

    // The same with what lets a stopped run be resumed and its shards be joined (storedRun,
    // mergeResultsDatabases); "" leaves a column empty.
    struct RunStamp
    {
        std::string runTime; // the run's start: the key
        std::string runId;
        std::string started; // this process's start
        std::string asOf;    // the price date the items were evaluated with
        std::string plan;    // sweeps: the plan that reproduces the variants (JSON text)
    };
    void addRow(const BatchRow &row, const std::string &command, const RunStamp &stamp);

    // What the database holds of run `runId` (nullopt: nothing): its command, run time, price
    // date and items with their project file and content hash.
    struct StoredItem
    {
        std::string projectFile, contentHash;
    };
    struct StoredRun
    {
        std::string command, runTime, asOf, plan;
        std::map<std::int64_t, StoredItem> items;
    };
    std::optional<StoredRun> storedRun(const std::string &runId) const;

    // Tables and their columns, for tests and `aidc merge`.
    std::vector<std::string> tables() const;
    std::vector<std::string> columns(const std::string &table) const;
    std::int64_t rowCount(const std::string &table) const;

private:
    friend MergeStats mergeResultsDatabases(const std::string &, const std::vector<std::string> &);
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

struct MergeStats
{
    std::int64_t inputs = 0;
    std::int64_t runsAdded = 0;   // new rows in `runs`
    std::int64_t runsSkipped = 0; // rows already present (an input merged twice)
};

// Merges results databases (e.g. the shards of a sweep) into `output`, creating it when
// missing, in one transaction: either every input is merged or `output` is left as it was.
// Rows whose key is already present are skipped, so merging an input twice changes nothing.
// Shards of one run (rows with one run_id and command) become one run: they all take the run
// time of the earliest shard. Two runs that share a run id and an item but started apart (two
// unrelated runs given one --run-id) are refused: nothing is merged.
// Throws ResultsDbError, before writing anything, when an input is missing, is not a results
// database, has another schema version, or has a table without the key columns.
MergeStats mergeResultsDatabases(const std::string &output, const std::vector<std::string> &inputs);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Batch evaluation: many project documents evaluated on a pool of worker threads that share
// one base catalog read-only. Each item is loaded exactly as `aidc eval` loads a file
// (solvers/pipeline/loading.h), evaluated with evaluate() and rendered with resultToJson(), so a
// batch row's result document equals the one `aidc eval --format json` prints for that file.
// A project that fails to load is a failed row carrying the loader's message; the batch goes on.

#include "catalogs/catalog.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/uncertainty/bands.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// One document to evaluate: a project file, or an in-memory variant of one (a sweep).
struct BatchInput
{
    std::string file;       // the project file the row is about
    std::string label;      // names the document in load errors ("" = file)
    std::string text;       // the document's bytes
    bool readable = true;   // false: `file` could not be read; the loader reports why
    nlohmann::json variant; // sweep: {JSON pointer: value} of this variant; null otherwise
};

// Produces input `item` (0-based index into the full, unsharded list). Called concurrently
// from the worker threads, so it must be thread-safe.
using BatchSource = std::function<BatchInput(std::int64_t item)>;

// The outcome of one item. Its status, as `aidc eval` would judge the same file:
//   "ok"      evaluated, no error in the result (eval exits 0);
//   "errors"  evaluated, but the result holds error diagnostics (eval exits 3);
//   "failed"  not evaluated: the project did not load (eval exits 3 with the loader's message).
struct BatchRow
{
    std::int64_t item = 0; // index into the full list (stable across shards)
    std::string file;
    std::string contentHash;   // contentHash() of the evaluated bytes; "" when unreadable
    nlohmann::json variant;    // as BatchInput::variant
    bool ok = false;           // evaluated (loaded without errors)
    bool designErrors = false; // evaluated, and the result has error-severity diagnostics
    std::string error;         // failed rows: the loader's problems, one per line
    double durationS = 0;      // load + evaluate + render, wall clock
    nlohmann::json result;     // evaluated rows: the resultToJson() document

    bool clean() const { return ok && !designErrors; }
    const char *status() const { return !ok ? "failed" : designErrors ? "errors" : "ok"; }
};

struct BatchProgress
{
    std::int64_t done = 0, total = 0, failed = 0; // failed: rows not "ok"
    double elapsedS = 0;
};

struct BatchOptions
{
    int jobs = 0; // worker threads; 0 = every hardware thread
    // Passed to every evaluate() (e.g. cost.asOfDate); each project's price book is set per item.
    EvaluateOptions evaluate;
    // Set from another thread to stop handing out items; rows already running complete.
    const std::atomic<bool> *cancel = nullptr;
    // How often onProgress is called at the least while items run, in seconds.
    double progressIntervalS = 0.1;
    // When set, every row without errors carries the "uncertainty" section of
    // `aidc eval --format json --bands` (docs/uncertainty.md): its headline figures' P10-P90
    // bands and drivers. Each row's bands run on its worker thread (threads is ignored).
    std::optional<BandOptions> bands;
};

// Which share of the items a process evaluates: item k belongs to shard (k mod count) + 1, so a
// sweep can run as `count` array jobs whose databases `aidc merge` joins.
struct Shard
{
    int index = 1; // 1-based
    int count = 1;
};

// Parses "i/n" with 1 <= i <= n; nullopt and a message in `error` otherwise.
std::optional<Shard> parseShard(const std::string &text, std::string &error);

// The items of `shard` among `total`, ascending.
std::vector<std::int64_t> shardItems(std::int64_t total, const Shard &shard);

// Loads, evaluates and renders one input against `baseCatalog` (on the calling thread). The
// diagnostics of the result are the loader's warnings followed by the solvers' diagnostics, as
// `aidc eval` reports them.
BatchRow evaluateBatchInput(std::int64_t item, const BatchInput &input, const Catalog &baseCatalog,
                            const EvaluateOptions &options = {},
                            const BandOptions *bands = nullptr);

// Evaluates `items` on `options.jobs` threads. `onRow` is called on the calling thread once per
// item, in the order of `items` whatever order they finish in, so outputs are deterministic;
// `onProgress` (optional) is called on the calling thread as rows complete and at least every
// `progressIntervalS`. Returns the number of rows that are not "ok" (failed or with errors).
std::int64_t runBatch(const std::vector<std::int64_t> &items, const BatchSource &source,
                      const Catalog &baseCatalog, const BatchOptions &options,
                      const std::function<void(BatchRow &&)> &onRow,
                      const std::function<void(const BatchProgress &)> &onProgress = {});

// Reads a whole file; nullopt when it cannot be opened or read.
std::optional<std::string> readFileBytes(const std::string &path);

// A source over project files: item k is files[k], read from disk.
BatchSource fileBatchSource(std::vector<std::string> files);

// Expands command-line arguments into project files: a glob pattern (*, ?, [...]) becomes its
// matches in name order, a directory its `*.json` files in name order, anything else stays as
// given (a missing file then fails with the loader's message). Duplicates are dropped, keeping
// the first. Patterns that match nothing are listed in `unmatched`.
std::vector<std::string> expandProjectArguments(const std::vector<std::string> &arguments,
                                                std::vector<std::string> &unmatched);

// The current UTC time as ISO 8601 with microseconds ("2026-11-21T06:04:37.123456Z"): the run time
// that keys every row of one batch.
std::string currentRunTime();

} // namespace aidc

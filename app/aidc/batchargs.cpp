// SPDX-License-Identifier: Apache-2.0
#include "batchargs.h"

#include "catalogs/catalogoverlays.h"
#include "model/atomicfile.h"
#include "model/isodate.h"
#include "model/projectjson.h"
#include "solvers/batch/batch.h"
#include "solvers/batch/batchoutput.h"
#include "solvers/batch/contenthash.h"
#include "solvers/batch/resultsdb.h"
#include "solvers/batch/sweep.h"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

namespace aidc::cli {

namespace {

constexpr std::int64_t kDefaultMaxVariants = 10000;

// SIGTERM (what Slurm sends at a time limit or on preemption) and SIGINT stop the batch from
// handing out items: the items running finish, the rows done are committed and written, and
// the exit code says so. A second signal ends the process at once.
std::atomic<bool> g_stopRequested{false};
std::atomic<int> g_stopSignal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler needs lock-free flags");

extern "C" void onStopSignal(int signal)
{
    if (g_stopRequested.load()) {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
        return;
    }
    g_stopSignal.store(signal);
    g_stopRequested.store(true);
}

// Installs the stop handlers for its lifetime and restores the previous ones after.
class StopSignals
{
public:
    StopSignals()
    {
        g_stopRequested.store(false);
        g_stopSignal.store(0);
        struct sigaction action = {};
        action.sa_handler = onStopSignal;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        sigaction(SIGTERM, &action, &m_term);
        sigaction(SIGINT, &action, &m_int);
    }
    ~StopSignals()
    {
        sigaction(SIGTERM, &m_term, nullptr);
        sigaction(SIGINT, &m_int, nullptr);
    }
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;

private:
    struct sigaction m_term = {}, m_int = {};
};

// The JSON Lines output, streamed as rows arrive (a 100k-GPU variant is ~0.3 MB of JSON, so a
// 10,000-variant sweep is never held): to standard output, or through an atomic writer whose
// temporary replaces the file only when the run ends (a run that fails leaves the old file).
class JsonlSink
{
public:
    explicit JsonlSink(const std::string &path)
        : m_path(path)
    {
        if (!path.empty() && path != "-")
            m_file = std::make_unique<AtomicFileWriter>(path);
    }

    // "" while writable, else why not (naming the file).
    std::string error() const { return m_file && !m_file->ok() ? m_file->error() : ""; }

    void add(const BatchRow &row, const std::string &runTime)
    {
        if (m_path.empty())
            return;
        const std::string line = batchJsonLine(row, runTime);
        if (m_file)
            m_file->write(line);
        else
            std::cout << line;
    }

    // Publishes the file; "" or why it could not.
    std::string finish()
    {
        if (m_path.empty())
            return {};
        if (!m_file) {
            std::cout.flush();
            return std::cout ? std::string() : std::string("cannot write to standard output");
        }
        const SaveResult saved = m_file->commit();
        return saved.ok ? std::string() : saved.error;
    }

private:
    std::string m_path;
    std::unique_ptr<AtomicFileWriter> m_file;
};

// The run id of --run-id, else slurm-<array job id> under Slurm, else run-<start time>;
// nullopt and a message for an id that is empty, too long or has control characters.
std::optional<std::string> runIdFor(const ParsedArgs &args, const std::string &runTime,
                                    std::string &error)
{
    if (!args.has("--run-id")) {
        const char *slurm = std::getenv("SLURM_ARRAY_JOB_ID");
        return slurm && *slurm ? "slurm-" + std::string(slurm) : "run-" + runTime;
    }
    const std::string id = args.value("--run-id");
    const bool printable = std::all_of(id.begin(), id.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
    });
    if (id.empty() || id.size() > 200 || !printable) {
        error = "--run-id needs 1 to 200 printable characters, got '" + id + "'";
        return std::nullopt;
    }
    return id;
}

// A --resume that cannot continue the stored run.
class ResumeConflict : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// True when two names of a project file are the same file: equal, or one file reached by
// two paths (relative and absolute, through a link).
bool sameFile(const std::string &a, const std::string &b)
{
    std::error_code ec;
    return a == b || std::filesystem::equivalent(a, b, ec);
}

// What `--resume` skips: the items of `items` (this shard's) that run `runId` of `database`
// already holds, each checked to be the same document (file and content hash) as now. Throws
// ResumeConflict with the reason when the stored run is another command's or another sweep
// plan's, holds items outside this shard (another --shard wrote it), or an item's document has
// changed.
std::vector<std::int64_t> itemsLeft(const std::vector<std::int64_t> &items,
                                    const ResultsDatabase::StoredRun &stored,
                                    const std::string &command, const std::string &plan,
                                    const std::string &runId, const BatchSource &source,
                                    const std::string &shard)
{
    if (stored.command != command)
        throw ResumeConflict("run '" + runId + "' in the database is a " + stored.command +
                             " run, not a " + command + " run: give the --run-id of this " +
                             command);
    if (stored.plan != plan)
        throw ResumeConflict("run '" + runId +
                             "' in the database has another plan: other sweep axes, another "
                             "sample or other --bands options (its plan is in runs.sweep_plan): "
                             "resume it with the same --set, --zip, --sample and --bands "
                             "options, or start a new run");
    const std::set<std::int64_t> mine(items.begin(), items.end());
    for (const auto &[item, unused] : stored.items) {
        if (mine.count(item) == 0)
            throw ResumeConflict(
                "run '" + runId + "' in the database holds item " + std::to_string(item) +
                ", which is not one of this " + (shard.empty() ? "run" : "shard (" + shard + ")") +
                "'s items: resume each shard into its own database with its own --shard");
    }
    std::vector<std::int64_t> left;
    for (std::int64_t item : items) {
        const auto done = stored.items.find(item);
        if (done == stored.items.end()) {
            left.push_back(item);
            continue;
        }
        const BatchInput input = source(item);
        const std::string hash = input.readable ? contentHash(input.text) : std::string();
        if (!sameFile(done->second.projectFile, input.file) || done->second.contentHash != hash)
            throw ResumeConflict("item " + std::to_string(item) + " of run '" + runId + "' was " +
                                 done->second.projectFile + " (" + done->second.contentHash +
                                 "), now it is " + input.file + " (" + hash +
                                 "): the inputs changed since; start a new run (another --run-id)");
    }
    return left;
}

std::vector<OptionSpec> evaluationOptions()
{
    return {
        {"--jobs", true, "N", "worker threads (default: every core)"},
        {"--csv", true, "FILE", "write one row per item as CSV ('-': standard output)"},
        {"--jsonl", true, "FILE",
         "write one JSON object per item with the full result ('-': standard output)"},
        {"--db", true, "FILE", "add the results to a SQLite results database (created if missing)"},
        {"--shard", true, "i/n", "evaluate only items i, i+n, i+2n, ... (1-based; array jobs)"},
        {"--run-id", true, "ID",
         "names the run in --db (default: slurm-$SLURM_ARRAY_JOB_ID under Slurm, else "
         "run-<start time>)"},
        {"--resume", false, "",
         "continue run --run-id in --db: skip the items it already holds (after SIGTERM)"},
        {"--as-of", true, "DATE", "price date (YYYY-MM-DD) for price-book quotes (default: today)"},
        {"--bands", false, "",
         "add each headline figure's P10/P50/P90 band and largest drivers to every row without "
         "errors, as eval --format json --bands (slow: --band-samples evaluations plus two per "
         "assumption, per item)"},
        {"--band-samples", true, "N", "--bands: Latin-hypercube samples per item (default: 32)"},
        {"--band-seed", true, "N", "--bands: random seed (default: 1)"},
        catalogOption(),
        {"--quiet", false, "", "no progress bar and no summary line"},
    };
}

// A one-line progress bar on standard error, redrawn at most ten times a second; silent unless
// standard error is a terminal.
class ProgressBar
{
public:
    explicit ProgressBar(bool enabled)
        : m_enabled(enabled)
    {
    }

    void update(const BatchProgress &progress)
    {
        if (!m_enabled)
            return;
        m_last = progress;
        const auto now = std::chrono::steady_clock::now();
        if (progress.done < progress.total && now - m_drawn < std::chrono::milliseconds(100))
            return;
        m_drawn = now;
        draw();
    }

    // Prints `text` above the bar.
    void message(const std::string &text)
    {
        clear();
        std::cerr << text;
        if (m_enabled && m_last.total > 0)
            draw();
    }

    void finish() { clear(); }

private:
    void draw()
    {
        constexpr int kWidth = 30;
        const double fraction = m_last.total > 0 ? double(m_last.done) / double(m_last.total) : 1;
        const int filled = int(fraction * kWidth);
        std::string bar(std::size_t(filled), '=');
        if (filled < kWidth)
            bar += '>' + std::string(std::size_t(kWidth - filled - 1), ' ');
        const double rate = m_last.elapsedS > 0 ? double(m_last.done) / m_last.elapsedS : 0;
        const double etaS = rate > 0 ? double(m_last.total - m_last.done) / rate : 0;
        char line[200];
        std::snprintf(line, sizeof line,
                      "\r[%s] %lld/%lld %3.0f%%  %.1f/s  ETA %.0f s  %lld failed ", bar.c_str(),
                      static_cast<long long>(m_last.done), static_cast<long long>(m_last.total),
                      fraction * 100, rate, etaS, static_cast<long long>(m_last.failed));
        std::cerr << line << std::flush;
        m_visible = true;
    }
    void clear()
    {
        if (m_visible)
            std::cerr << "\r\033[K";
        m_visible = false;
    }

    bool m_enabled = false;
    bool m_visible = false;
    BatchProgress m_last;
    std::chrono::steady_clock::time_point m_drawn{};
};

// What batch and sweep share once their items are known.
struct EvaluationJob
{
    std::string command; // "batch" or "sweep"
    std::int64_t total = 0;
    BatchSource source;
    std::vector<std::string> variantColumns;
    std::string plan; // sweeps: Sweep::plan() as JSON text, kept in the database
};

struct Outputs
{
    std::string csv, jsonl, db;
};

// What standard error says about a row that is not "ok": the loader's message of a failed row,
// or the error diagnostics of an evaluated one, as `aidc eval` would print them.
std::string problemReport(const std::string &command, const BatchRow &row)
{
    std::string text = "aidc " + command + ": " + (row.ok ? "errors in " : "failed: ") + row.file;
    if (!row.variant.is_null())
        text += " variant " + std::to_string(row.item) + " " + row.variant.dump();
    text += "\n";
    if (!row.ok) {
        std::istringstream lines(row.error);
        for (std::string line; std::getline(lines, line);)
            text += "  " + line + "\n";
        return text;
    }
    for (const nlohmann::json &diagnostic :
         row.result.value("diagnostics", nlohmann::json::array())) {
        if (diagnostic.value("severity", "") != "error")
            continue;
        const std::string path = diagnostic.value("path", "");
        text += "  error: " + (path.empty() ? "" : path + ": ") + diagnostic.value("message", "") +
                "\n";
    }
    return text;
}

int runEvaluation(const ParsedArgs &args, const std::string &executablePath, EvaluationJob job)
{
    const std::string &command = job.command;
    auto usage = [&](const std::string &message) {
        std::cerr << "aidc " << command << ": " << message << '\n';
        return ExitUsage;
    };

    // From the start: a signal during the catalog load already ends the run as an interruption.
    const StopSignals stopSignals;
    BatchOptions options;
    options.cancel = &g_stopRequested;
    std::string error;
    if (args.has("--jobs")) {
        const auto jobs = wholeNumber(args, "--jobs", 1, 1024, error);
        if (!jobs)
            return usage(error);
        options.jobs = int(*jobs);
    }
    Shard shard;
    if (args.has("--shard")) {
        const auto parsed = parseShard(args.value("--shard"), error);
        if (!parsed)
            return usage(error);
        shard = *parsed;
    }
    if (args.has("--bands")) {
        BandOptions bands;
        if (args.has("--band-samples")) {
            const auto samples = wholeNumber(args, "--band-samples", 2, 100000, error);
            if (!samples)
                return usage(error);
            bands.samples = int(*samples);
        }
        if (args.has("--band-seed")) {
            const auto seed = seedNumber(args, "--band-seed", error);
            if (!seed)
                return usage(error);
            bands.seed = *seed;
        }
        options.bands = bands;
        // The bands' options are part of the run's plan, so a resume with other ones is refused.
        nlohmann::json plan =
            job.plan.empty() ? nlohmann::json::object() : nlohmann::json::parse(job.plan);
        plan["bands"] = {{"samples", bands.samples}, {"seed", std::to_string(bands.seed)}};
        job.plan = plan.dump();
    } else if (args.has("--band-samples") || args.has("--band-seed")) {
        return usage("--band-samples and --band-seed set the bands of --bands");
    }
    options.evaluate.cost.asOfDate = args.value("--as-of");
    if (!options.evaluate.cost.asOfDate.empty() && !isIsoDate(options.evaluate.cost.asOfDate))
        return usage("--as-of needs a date as YYYY-MM-DD, got '" + options.evaluate.cost.asOfDate +
                     "'");
    Outputs outputs{args.value("--csv"), args.value("--jsonl"), args.value("--db")};
    if (outputs.csv.empty() && outputs.jsonl.empty() && outputs.db.empty())
        outputs.csv = "-";
    if (outputs.csv == "-" && outputs.jsonl == "-")
        return usage("--csv and --jsonl cannot both write to standard output");
    if (outputs.db == "-")
        return usage("--db needs a file name");
    const bool resume = args.has("--resume");
    if (resume && outputs.db.empty())
        return usage("--resume continues a run in a results database: give --db FILE");
    if (resume && !args.has("--run-id") && !std::getenv("SLURM_ARRAY_JOB_ID"))
        return usage("--resume needs the --run-id of the run to continue (outside a Slurm array "
                     "job there is no default to find it by)");
    const bool asOfGiven = !options.evaluate.cost.asOfDate.empty();
    if (!asOfGiven) // one price date for the whole run, even resumed after midnight
        options.evaluate.cost.asOfDate = todayIsoDate();
    const bool quiet = args.has("--quiet");
    const std::string started = currentRunTime();
    std::string runTime = started;
    const std::optional<std::string> runId = runIdFor(args, runTime, error);
    if (!runId)
        return usage(error);

    Catalog catalog;
    try {
        catalog = loadBaseCatalog(findCatalogSource(executablePath, args.given("--catalog")));
    } catch (const LoadError &loadError) {
        std::cerr << loadError.diagnostics().toString();
        return ExitInput;
    }

    std::unique_ptr<ResultsDatabase> database;
    BatchCsv csv(job.variantColumns);
    JsonlSink jsonl(outputs.jsonl);
    if (!jsonl.error().empty()) {
        std::cerr << "aidc " << command << ": " << jsonl.error() << '\n';
        return ExitOutput;
    }
    if (!outputs.csv.empty() && outputs.csv != "-") { // found before the run, not after it
        const AtomicFileWriter probe(outputs.csv);
        if (!probe.ok()) {
            std::cerr << "aidc " << command << ": " << probe.error() << '\n';
            return ExitOutput;
        }
    }
    ProgressBar progress(!quiet && ::isatty(STDERR_FILENO));
    std::vector<std::int64_t> items = shardItems(job.total, shard);
    const std::size_t shardSize = items.size();
    const auto start = std::chrono::steady_clock::now();
    std::int64_t failed = 0, clean = 0, withErrors = 0, loadFailures = 0;
    try {
        if (!outputs.db.empty()) {
            database = std::make_unique<ResultsDatabase>(outputs.db);
            // Under the write lock: two processes given one run id cannot both start it.
            database->begin();
            const std::optional<ResultsDatabase::StoredRun> stored = database->storedRun(*runId);
            if (stored && !resume)
                return usage("run '" + *runId + "' already has " +
                             std::to_string(stored->items.size()) + " item(s) in " + outputs.db +
                             ": add --resume to continue it, or give another --run-id");
            if (!stored && resume && database->rowCount("runs") > 0)
                return usage("no run '" + *runId + "' in " + outputs.db +
                             ", which holds other runs: give the --run-id of the run to continue");
            if (stored) {
                items = itemsLeft(items, *stored, command, job.plan, *runId, job.source,
                                  args.value("--shard"));
                if (!stored->asOf.empty() && stored->asOf != options.evaluate.cost.asOfDate) {
                    if (asOfGiven)
                        return usage("run '" + *runId + "' was priced as of " + stored->asOf +
                                     ", not " + options.evaluate.cost.asOfDate +
                                     ": resume it with its own --as-of");
                    options.evaluate.cost.asOfDate = stored->asOf;
                }
                runTime = stored->runTime; // the resumed rows belong to the same run
                if (!quiet)
                    std::cerr << "aidc " << command << ": resuming run '" << *runId
                              << "': " << shardSize - items.size() << " of " << shardSize
                              << " items already done\n";
            }
        }
        // Results are committed as they arrive (at least every second), so a run stopped by
        // any means keeps what it committed.
        auto lastCommit = std::chrono::steady_clock::now();
        bool planWritten = false;
        failed = aidc::runBatch(
            items, job.source, catalog, options,
            [&](BatchRow &&row) {
                ++(row.clean() ? clean : row.ok ? withErrors : loadFailures);
                if (!row.clean())
                    progress.message(problemReport(command, row));
                if (!outputs.csv.empty())
                    csv.add(row, runTime);
                jsonl.add(row, runTime);
                if (!database)
                    return;
                // The sweep plan once per process (its first row), not on every row.
                database->addRow(row, command,
                                 {runTime, *runId, started, options.evaluate.cost.asOfDate,
                                  planWritten ? std::string() : job.plan});
                planWritten = true;
                const auto now = std::chrono::steady_clock::now();
                if (now - lastCommit >= std::chrono::seconds(1)) {
                    database->commit();
                    database->begin();
                    lastCommit = now;
                }
            },
            [&](const BatchProgress &state) { progress.update(state); });
        if (database)
            database->commit();
    } catch (const ResultsDbError &dbError) {
        progress.finish();
        std::cerr << "aidc " << command << ": " << dbError.what() << '\n';
        return ExitOutput;
    } catch (const ResumeConflict &conflict) {
        return usage(conflict.what());
    } catch (const BatchOutputError &outputError) {
        progress.finish();
        if (database) // the rows evaluated so far stay, as after SIGTERM
            database->commit();
        std::cerr << "aidc " << command << ": " << outputError.what() << '\n';
        return ExitOutput;
    }
    progress.finish();
    const std::int64_t done = clean + withErrors + loadFailures;

    int status = ExitOk;
    if (!outputs.csv.empty())
        if (const std::string failure = csv.save(outputs.csv); !failure.empty()) {
            std::cerr << "aidc " << command << ": " << failure << '\n';
            status = std::max(status, int(ExitOutput));
        }
    if (const std::string failure = jsonl.finish(); !failure.empty()) {
        std::cerr << "aidc " << command << ": " << failure << '\n';
        status = std::max(status, int(ExitOutput));
    }

    if (!quiet) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const int jobs = options.jobs > 0 ? options.jobs
                                          : int(std::max(1u, std::thread::hardware_concurrency()));
        char line[200];
        std::snprintf(line, sizeof line,
                      "%lld items: %lld ok, %lld with errors, %lld failed to load in %.2f s "
                      "(%.1f/s, %d jobs)",
                      static_cast<long long>(done), static_cast<long long>(clean),
                      static_cast<long long>(withErrors), static_cast<long long>(loadFailures),
                      seconds, seconds > 0 ? double(done) / seconds : 0.0, jobs);
        std::cerr << "aidc " << command << ": "
                  << (shard.count > 1 ? "shard " + std::to_string(shard.index) + "/" +
                                            std::to_string(shard.count) + ": "
                                      : std::string())
                  << line << '\n';
    }
    if (status != ExitOk)
        return status;
    if (g_stopRequested.load() && done < std::int64_t(items.size())) {
        std::cerr << "aidc " << command << ": stopped by "
                  << (g_stopSignal.load() == SIGINT ? "SIGINT" : "SIGTERM") << " after " << done
                  << " of " << items.size() << " items; "
                  << (database ? "they are committed to " + outputs.db +
                                     ": rerun the same command with --resume --run-id '" + *runId +
                                     "' to finish the run"
                               : std::string("give --db to be able to resume"))
                  << '\n';
        return ExitInterrupted;
    }
    return failed > 0 ? ExitViolations : ExitOk;
}

int runBatchFiles(const ParsedArgs &args, const std::string &executablePath)
{
    std::vector<std::string> unmatched;
    std::vector<std::string> files = expandProjectArguments(args.positional, unmatched);
    for (const std::string &pattern : unmatched)
        std::cerr << "aidc batch: no project files match '" << pattern << "'\n";
    if (files.empty()) {
        std::cerr << "aidc batch: no project files to evaluate\n";
        return ExitUsage;
    }
    EvaluationJob job;
    job.command = "batch";
    job.total = std::int64_t(files.size());
    job.source = fileBatchSource(std::move(files));
    return runEvaluation(args, executablePath, std::move(job));
}

// --sample random|lhs with --samples N (1 to `maxVariants`) and --seed S; a grid without them.
// Throws SweepError for a mode it does not know, a count out of range, or --samples/--seed
// without --sample.
SweepSampling samplingFor(const ParsedArgs &args, std::int64_t maxVariants)
{
    SweepSampling sampling;
    if (!args.has("--sample")) {
        if (args.has("--samples") || args.has("--seed"))
            throw SweepError("--samples and --seed choose the points of a --sample");
        return sampling;
    }
    const std::string mode = args.value("--sample");
    if (mode == "random")
        sampling.mode = SweepSampling::Mode::Random;
    else if (mode == "lhs")
        sampling.mode = SweepSampling::Mode::LatinHypercube;
    else
        throw SweepError("--sample takes random or lhs, not '" + mode + "'");
    std::string error;
    if (!args.has("--samples"))
        throw SweepError("--sample needs --samples N, the number of points");
    const auto count = wholeNumber(args, "--samples", 1, maxVariants, error);
    if (!count)
        throw SweepError(error + " (raise --max for more)");
    sampling.count = *count;
    if (args.has("--seed")) {
        const std::optional<std::uint64_t> seed = seedNumber(args, "--seed", error);
        if (!seed)
            throw SweepError(error);
        sampling.seed = *seed;
    }
    return sampling;
}

int runSweepCommand(const ParsedArgs &args, const std::string &executablePath)
{
    const std::string &file = args.positional[0];
    std::string error;
    std::int64_t maxVariants = kDefaultMaxVariants;
    if (args.has("--max")) {
        const auto parsed = wholeNumber(args, "--max", 1, 100000000, error);
        if (!parsed) {
            std::cerr << "aidc sweep: " << error << '\n';
            return ExitUsage;
        }
        maxVariants = *parsed;
    }
    std::vector<SweepAxis> axes;
    SweepSampling sampling;
    try {
        for (const std::string &set : args.all("--set"))
            axes.push_back(parseSweepAxis(set));
        for (const std::string &zip : args.all("--zip")) {
            axes.push_back(parseSweepAxis(zip));
            axes.back().zipped = true;
        }
        sampling = samplingFor(args, maxVariants);
    } catch (const SweepError &sweepError) {
        std::cerr << "aidc sweep: " << sweepError.what() << '\n';
        return ExitUsage;
    }
    if (axes.empty()) {
        std::cerr << "aidc sweep: give at least one --set PATH=V1,V2,...\n";
        return ExitUsage;
    }
    const std::optional<std::string> text = readFileBytes(file);
    std::shared_ptr<const Sweep> sweep;
    try {
        if (!text) {
            loadProjectFile(file); // throws the loader's message (missing, unreadable)
            Diagnostics unreadable;
            unreadable.error(file, "", "cannot read the project");
            throw LoadError(unreadable);
        }
        sweep = std::make_shared<const Sweep>(file, *text, std::move(axes), sampling);
    } catch (const LoadError &loadError) {
        std::cerr << loadError.diagnostics().toString();
        return ExitInput;
    } catch (const SweepError &sweepError) {
        std::cerr << "aidc sweep: " << sweepError.what() << '\n';
        return ExitUsage;
    }
    if (sweep->size() > maxVariants) {
        std::cerr << "aidc sweep: the --set lists make " << sweep->size()
                  << " variants, more than --max " << maxVariants
                  << "; shorten the lists, sample them (--sample) or raise --max\n";
        return ExitUsage;
    }
    EvaluationJob job;
    job.command = "sweep";
    job.total = sweep->size();
    job.plan = sweep->plan().dump();
    job.source = [sweep](std::int64_t variant) {
        return sweep->input(variant);
    };
    for (const SweepAxis &axis : sweep->axes())
        job.variantColumns.push_back(axis.pointer);
    return runEvaluation(args, executablePath, std::move(job));
}

int runMergeCommand(const ParsedArgs &args)
{
    const std::string &output = args.positional[0];
    const std::vector<std::string> inputs(args.positional.begin() + 1, args.positional.end());
    try {
        const MergeStats stats = mergeResultsDatabases(output, inputs);
        std::cout << "aidc merge: merged " << stats.inputs << " database"
                  << (stats.inputs == 1 ? "" : "s") << " into " << output << " (" << stats.runsAdded
                  << " runs added, " << stats.runsSkipped << " already present)\n";
        return ExitOk;
    } catch (const ResultsDbError &dbError) {
        std::cerr << "aidc merge: " << dbError.what() << '\n';
        return dbError.file() == output ? ExitOutput : ExitInput;
    }
}

} // namespace

int writeOutput(const std::string &path, const std::string &text, const std::string &command)
{
    if (path == "-") {
        std::cout << text << std::flush;
        return std::cout ? ExitOk : ExitOutput;
    }
    const SaveResult saved = saveFileAtomically(path, text);
    if (!saved.ok) {
        std::cerr << "aidc " << command << ": " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

std::vector<CommandSpec> batchCommandSpecs()
{
    std::vector<OptionSpec> sweepOptions = {
        {"--set", true, "PATH=V1,V2,...",
         "vary the field at JSON pointer PATH over the values, or over FROM..TO[:STEP] "
         "(repeatable; JSON values, else strings)",
         true},
        {"--zip", true, "PATH=V1,V2,...",
         "like --set, but every --zip axis advances together (the i-th values of each; as many "
         "values each)",
         true},
        {"--sample", true, "random|lhs",
         "evaluate --samples points of the combinations instead of all: uniform random draws or "
         "a Latin hypercube"},
        {"--samples", true, "N", "--sample: the number of points (1 to --max)"},
        {"--seed", true, "N", "--sample: random seed (default: 1); the plan is kept in --db"},
        {"--max", true, "N", "refuse sweeps of more than N variants (default: 10000)"},
    };
    for (const OptionSpec &option : evaluationOptions())
        sweepOptions.push_back(option);
    return {
        {"batch", "batch FILES/GLOBS... [options]",
         "Evaluate many projects on every core: CSV, JSON Lines and a SQLite results database.",
         "Each argument is a project file, a directory (its *.json files) or a quoted glob\n"
         "('projects/*.json'). The catalog is loaded once. Every project gets one row: its\n"
         "file, SHA-256 content hash, the run time and every figure of its result; the JSON\n"
         "Lines record holds the full document of 'aidc eval --format json'. A project that\n"
         "fails to load, or whose result has errors, is reported on standard error and the\n"
         "batch goes on; the exit code is then 1. Without --csv, --jsonl or --db the CSV goes\n"
         "to standard output.\n"
         "See docs/batch.md.",
         evaluationOptions(), 1, -1},
        {"sweep", "sweep FILE --set PATH=V1,V2,... [--set ...] [options]",
         "Evaluate every combination of field values of one project, or a seeded sample.",
         "PATH is a JSON pointer into the project document, e.g.\n"
         "  --set /network/planes/0/islandOversubscription=1,3,7\n"
         "  --set /compute/pools/0/gpu=H100-SXM,H200-SXM\n"
         "Values are JSON when they parse as JSON ([1,3] and \"x\" included), else strings.\n"
         "Each variant is the project with those fields replaced, loaded like a file (an\n"
         "invalid variant is a failed row with the loader's message); the varied values are\n"
         "extra columns. Variants are numbered from 0 with the last --set varying fastest.\n"
         "--set PATH=FROM..TO:STEP gives a range; --zip axes advance together; --sample\n"
         "random|lhs --samples N --seed S evaluates N points instead of every combination.\n"
         "See docs/batch.md.",
         sweepOptions, 1, 1},
        {"merge",
         "merge OUT.db IN.db... [options]",
         "Merge results databases (e.g. the shards of a sweep) into OUT.db.",
         "OUT.db is created when missing. Everything is merged in one transaction; rows\n"
         "already in OUT.db are kept, so merging a shard twice changes nothing. Inputs that\n"
         "are not results databases of this version are refused before anything is written\n"
         "(exit code 3).",
         {},
         2,
         -1},
    };
}

int runBatchCommand(const ParsedArgs &args, const std::string &executablePath)
{
    if (args.command == "batch")
        return runBatchFiles(args, executablePath);
    if (args.command == "sweep")
        return runSweepCommand(args, executablePath);
    if (args.command == "merge")
        return runMergeCommand(args);
    std::cerr << "aidc: '" << args.command << "' is not a batch command\n";
    return ExitUsage;
}

} // namespace aidc::cli

// SPDX-License-Identifier: Apache-2.0
#include "batch.h"

#include "contenthash.h"
#include "model/projectjson.h"
#include "solvers/pipeline/report.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <glob.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace aidc {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string withoutTrailingNewlines(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    return text;
}

bool isGlobPattern(const std::string &text)
{
    return text.find_first_of("*?[") != std::string::npos;
}

std::vector<std::string> globMatches(const std::string &pattern)
{
    std::vector<std::string> matches;
    glob_t found{};
    if (::glob(pattern.c_str(), 0, nullptr, &found) == 0) {
        for (std::size_t i = 0; i < found.gl_pathc; ++i)
            matches.emplace_back(found.gl_pathv[i]);
    }
    ::globfree(&found);
    return matches;
}

std::vector<std::string> jsonFilesIn(const std::string &directory)
{
    std::vector<std::string> files;
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(directory, error)) {
        if (entry.is_regular_file(error) && entry.path().extension() == ".json")
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

std::optional<Shard> parseShard(const std::string &text, std::string &error)
{
    const auto slash = text.find('/');
    Shard shard;
    try {
        if (slash == std::string::npos)
            throw std::invalid_argument("no slash");
        std::size_t used = 0;
        shard.index = std::stoi(text.substr(0, slash), &used);
        if (used != slash)
            throw std::invalid_argument("trailing text");
        const std::string count = text.substr(slash + 1);
        shard.count = std::stoi(count, &used);
        if (used != count.size())
            throw std::invalid_argument("trailing text");
    } catch (const std::exception &) {
        error = "--shard '" + text + "' is not of the form i/n (e.g. 3/8)";
        return std::nullopt;
    }
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) {
        error = "--shard " + text + ": need 1 <= i <= n (shards are numbered from 1)";
        return std::nullopt;
    }
    return shard;
}

std::vector<std::int64_t> shardItems(std::int64_t total, const Shard &shard)
{
    std::vector<std::int64_t> items;
    for (std::int64_t item = shard.index - 1; item < total; item += shard.count)
        items.push_back(item);
    return items;
}

BatchRow evaluateBatchInput(std::int64_t item, const BatchInput &input, const Catalog &baseCatalog,
                            const EvaluateOptions &options, const BandOptions *bands)
{
    const auto start = Clock::now();
    BatchRow row;
    row.item = item;
    row.file = input.file;
    row.variant = input.variant;
    const std::string label = input.label.empty() ? input.file : input.label;
    try {
        if (!input.readable) {
            // The loader names the reason (missing, a directory, unreadable) in its own words.
            loadProjectFile(input.file);
            throw std::runtime_error("cannot read the project");
        }
        row.contentHash = contentHash(input.text);
        const LoadedProject loaded =
            prepareProject(parseProjectJson(input.text, label), label, baseCatalog);
        const Result result = evaluateLoadedProject(loaded, options);
        row.designErrors = result.diagnostics.hasErrors();
        row.result = resultDocument(loaded.project, baseCatalog, loaded.catalog, result);
        if (bands && !row.designErrors) {
            // As `aidc eval --format json --bands`: the same options, the project's price book.
            EvaluateOptions withBook = options;
            withBook.priceBook = loaded.priceBook.get();
            BandOptions oneThread = *bands;
            oneThread.threads = 1; // the batch's workers are the parallelism
            row.result["uncertainty"] =
                uncertaintyToJson(summarizeUncertainty(loaded.project, baseCatalog, loaded.catalog,
                                                       withBook, oneThread),
                                  kReportDrivers);
        }
        row.ok = true;
    } catch (const LoadError &error) {
        row.error = withoutTrailingNewlines(error.diagnostics().toString());
    } catch (const std::exception &error) {
        row.error = label + ": internal error: " + error.what();
    }
    row.durationS = secondsSince(start);
    return row;
}

std::int64_t runBatch(const std::vector<std::int64_t> &items, const BatchSource &source,
                      const Catalog &baseCatalog, const BatchOptions &options,
                      const std::function<void(BatchRow &&)> &onRow,
                      const std::function<void(const BatchProgress &)> &onProgress)
{
    const std::size_t count = items.size();
    int jobs = options.jobs > 0 ? options.jobs : int(std::thread::hardware_concurrency());
    jobs = int(std::clamp<std::size_t>(std::size_t(std::max(jobs, 1)), 1,
                                       std::max<std::size_t>(count, 1)));

    const auto start = Clock::now();
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<std::optional<BatchRow>> finished(count);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    int running = jobs;
    BatchProgress progress;
    progress.total = std::int64_t(count);

    auto stopped = [&] {
        return stop.load() || (options.cancel && options.cancel->load(std::memory_order_relaxed));
    };
    auto work = [&] {
        for (;;) {
            const std::size_t i = next.fetch_add(1);
            if (i >= count || stopped())
                break;
            const std::int64_t item = items[i];
            BatchRow row;
            try {
                row = evaluateBatchInput(item, source(item), baseCatalog, options.evaluate,
                                         options.bands ? &*options.bands : nullptr);
            } catch (const std::exception &error) {
                // The source itself failed (e.g. a sweep variant could not be built).
                row.item = item;
                row.error = std::string("internal error: ") + error.what();
            }
            std::lock_guard lock(mutex);
            ++progress.done;
            progress.failed += row.clean() ? 0 : 1;
            finished[i] = std::move(row);
            ready.notify_one();
        }
        std::lock_guard lock(mutex);
        --running;
        ready.notify_one();
    };

    std::vector<std::thread> workers;
    workers.reserve(std::size_t(jobs));
    for (int j = 0; j < jobs; ++j)
        workers.emplace_back(work);

    std::int64_t failed = 0;
    std::exception_ptr callbackError;
    const auto interval = std::chrono::duration<double>(std::max(options.progressIntervalS, 0.001));
    std::size_t emitted = 0;
    std::unique_lock lock(mutex);
    while (emitted < count) {
        ready.wait_for(lock, interval,
                       [&] { return finished[emitted].has_value() || running == 0; });
        if (!finished[emitted] && running == 0)
            break; // cancelled: the remaining items were never started
        std::vector<BatchRow> batch;
        while (emitted < count && finished[emitted]) {
            batch.push_back(std::move(*finished[emitted]));
            finished[emitted].reset();
            ++emitted;
        }
        BatchProgress snapshot = progress;
        lock.unlock();
        try {
            for (BatchRow &row : batch) {
                failed += row.clean() ? 0 : 1;
                onRow(std::move(row));
            }
            if (onProgress) {
                snapshot.elapsedS = secondsSince(start);
                onProgress(snapshot);
            }
        } catch (...) {
            callbackError = std::current_exception();
            stop = true;
        }
        lock.lock();
        if (callbackError)
            break;
    }
    lock.unlock();
    for (std::thread &worker : workers)
        worker.join();
    if (callbackError)
        std::rethrow_exception(callbackError);
    return failed;
}

std::optional<std::string> readFileBytes(const std::string &path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad())
        return std::nullopt;
    return std::move(bytes).str();
}

BatchSource fileBatchSource(std::vector<std::string> files)
{
    auto shared = std::make_shared<const std::vector<std::string>>(std::move(files));
    return [shared](std::int64_t item) {
        BatchInput input;
        input.file = shared->at(std::size_t(item));
        if (std::optional<std::string> bytes = readFileBytes(input.file))
            input.text = std::move(*bytes);
        else
            input.readable = false;
        return input;
    };
}

std::vector<std::string> expandProjectArguments(const std::vector<std::string> &arguments,
                                                std::vector<std::string> &unmatched)
{
    std::vector<std::string> files;
    std::set<std::string> seen;
    auto add = [&](const std::string &file) {
        if (seen.insert(std::filesystem::path(file).lexically_normal().string()).second)
            files.push_back(file);
    };
    for (const std::string &argument : arguments) {
        std::error_code error;
        if (std::filesystem::is_directory(argument, error)) {
            const std::vector<std::string> inside = jsonFilesIn(argument);
            if (inside.empty())
                unmatched.push_back(argument);
            for (const std::string &file : inside)
                add(file);
        } else if (isGlobPattern(argument) && !std::filesystem::exists(argument, error)) {
            const std::vector<std::string> matches = globMatches(argument);
            if (matches.empty())
                unmatched.push_back(argument);
            for (const std::string &file : matches)
                add(file);
        } else {
            add(argument);
        }
    }
    return files;
}

std::string currentRunTime()
{
    const auto now = std::chrono::system_clock::now();
    const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
    // Microseconds: two processes starting a run in the same millisecond must not share a key.
    const auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() %
        1000000;
    std::tm utc{};
    ::gmtime_r(&seconds, &utc);
    char text[40];
    const std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    char withMicros[48];
    std::snprintf(withMicros, sizeof withMicros, "%.*s.%06dZ", int(length), text, int(micros));
    return withMicros;
}

} // namespace aidc

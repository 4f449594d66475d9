// SPDX-License-Identifier: Apache-2.0
// Batch evaluation (issue 9): results equal `aidc eval --format json`, failures carry the
// loader's message without stopping the batch, shards partition the items, arguments expand.

#include "batchtestutil.h"

#include "model/projectjson.h"
#include "solvers/batch/batchoutput.h"
#include "solvers/batch/contenthash.h"

#include <set>

using namespace aidc;
using namespace aidc::test;

TEST_CASE("batch over every sample project equals a direct evaluation of each", "[batch]")
{
    const std::vector<std::string> files = sampleProjects();
    REQUIRE(files.size() >= 3);
    std::vector<std::int64_t> items;
    for (std::size_t i = 0; i < files.size(); ++i)
        items.push_back(std::int64_t(i));

    BatchOptions options;
    options.jobs = 2;
    std::vector<std::string> lines;
    std::vector<std::int64_t> order;
    const std::string runTime = "2026-01-01T00:00:00.000Z";
    const std::int64_t failed =
        runBatch(items, fileBatchSource(files), baseCatalog(), options, [&](BatchRow &&row) {
            order.push_back(row.item);
            lines.push_back(batchJsonLine(row, runTime));
        });
    CHECK(order == items); // rows come back in item order whatever thread finished first
    REQUIRE(lines.size() == files.size());
    std::int64_t withErrors = 0;
    for (std::size_t i = 0; i < files.size(); ++i) {
        INFO(files[i]);
        const nlohmann::json line = nlohmann::json::parse(lines[i]);
        const nlohmann::json direct = directEvaluation(files[i]);
        CHECK(line["file"] == files[i]);
        // "errors" exactly when `aidc eval` would exit 3 for the file's error diagnostics.
        const bool errors = hasErrorDiagnostics(direct);
        withErrors += errors ? 1 : 0;
        CHECK(line["status"] == (errors ? "errors" : "ok"));
        CHECK(line["runTime"] == runTime);
        // The hash is of the file's bytes, so `sha256sum FILE` shows the same digest.
        CHECK(line["contentHash"] == contentHash(readFile(files[i])));
        // Byte for byte what `aidc eval --format json` prints (dump(2) of the same document).
        CHECK(line["result"].dump(2) == direct.dump(2));
    }
    CHECK(failed == withErrors);
}

TEST_CASE("row status: ok, errors in the result, failed to load", "[batch]")
{
    BatchRow row;
    CHECK(std::string(row.status()) == "failed");
    CHECK_FALSE(row.clean());
    row.ok = true;
    CHECK(std::string(row.status()) == "ok");
    CHECK(row.clean());
    row.designErrors = true;
    CHECK(std::string(row.status()) == "errors");
    CHECK_FALSE(row.clean());
}

TEST_CASE("a corrupt project is reported with the loader's message and the others still run",
          "[batch]")
{
    TempDir dir;
    const std::string good = dir.file("good.json");
    const std::string malformed = dir.file("malformed.json");
    const std::string unknownGpu = dir.file("unknown-gpu.json");
    const std::string missing = dir.file("missing.json");
    const std::string sample = readFile(sourcePath("projects/minimal.json"));
    writeFile(good, sample);
    writeFile(malformed, sample.substr(0, sample.size() / 2));
    std::string badGpu = sample;
    badGpu.replace(badGpu.find("H100-SXM"), 8, "H900-SXM");
    writeFile(unknownGpu, badGpu);

    const std::vector<std::string> files = {malformed, good, unknownGpu, missing, good};
    std::vector<BatchRow> rows;
    BatchOptions options;
    options.jobs = 2;
    const std::int64_t failed = runBatch({0, 1, 2, 3, 4}, fileBatchSource(files), baseCatalog(),
                                         options, [&](BatchRow &&row) { rows.push_back(row); });
    // Three do not load; the good file twice counts only if its result has errors.
    const bool goodHasErrors = hasErrorDiagnostics(directEvaluation(good));
    CHECK(failed == 3 + (goodHasErrors ? 2 : 0));
    REQUIRE(rows.size() == 5);
    CHECK_FALSE(rows[0].ok);
    CHECK(rows[0].error == loaderMessage(malformed));
    CHECK(rows[0].error.find("malformed JSON at line") != std::string::npos);
    CHECK(rows[1].ok);
    CHECK(rows[1].result == directEvaluation(good));
    CHECK_FALSE(rows[2].ok);
    CHECK(rows[2].error == loaderMessage(unknownGpu));
    CHECK(rows[2].error.find("/compute/pools/0/gpu") != std::string::npos);
    CHECK_FALSE(rows[3].ok);
    CHECK(rows[3].error == loaderMessage(missing));
    CHECK(rows[3].contentHash.empty());
    CHECK(rows[4].ok);
    CHECK(rows[4].contentHash == rows[1].contentHash);
}

TEST_CASE("one job and two jobs give the same rows in the same order", "[batch]")
{
    const std::vector<std::string> files = sampleProjects();
    std::vector<std::int64_t> items;
    for (std::size_t i = 0; i < files.size(); ++i)
        items.push_back(std::int64_t(i));
    auto run = [&](int jobs) {
        std::vector<nlohmann::json> results;
        BatchOptions options;
        options.jobs = jobs;
        runBatch(items, fileBatchSource(files), baseCatalog(), options,
                 [&](BatchRow &&row) { results.push_back(row.result); });
        return results;
    };
    CHECK(run(1) == run(2));
}

TEST_CASE("cancelling a batch stops handing out items", "[batch]")
{
    const BatchSource files = fileBatchSource({sourcePath("projects/minimal.json")});
    std::atomic<bool> cancel{false};
    std::atomic<int> requested{0};
    BatchOptions options;
    options.jobs = 1;
    options.cancel = &cancel;
    std::int64_t rows = 0;
    const BatchSource source = [&](std::int64_t) {
        if (++requested == 6)
            cancel = true; // the sixth item still completes, no seventh starts
        return files(0);
    };
    runBatch(std::vector<std::int64_t>(50, 0), source, baseCatalog(), options,
             [&](BatchRow &&) { ++rows; });
    CHECK(rows == 6);
    CHECK(requested == 6);
}

TEST_CASE("shards partition the items", "[batch][shard]")
{
    std::string error;
    const std::optional<Shard> shard = parseShard("2/3", error);
    REQUIRE(shard);
    CHECK(shardItems(10, *shard) == std::vector<std::int64_t>{1, 4, 7});
    std::set<std::int64_t> all;
    for (int i = 1; i <= 4; ++i) {
        for (const std::int64_t item : shardItems(10, Shard{i, 4}))
            CHECK(all.insert(item).second); // no item in two shards
    }
    CHECK(all.size() == 10);
    CHECK(shardItems(10, Shard{}).size() == 10);

    for (const char *bad : {"0/2", "3/2", "1/0", "2", "a/b", "1/2x", ""}) {
        INFO(bad);
        error.clear();
        CHECK_FALSE(parseShard(bad, error));
        CHECK(error.find("--shard") != std::string::npos);
    }
}

TEST_CASE("project arguments: globs, directories, duplicates", "[batch]")
{
    TempDir dir;
    writeFile(dir.file("b.json"), "{}");
    writeFile(dir.file("a.json"), "{}");
    writeFile(dir.file("notes.txt"), "");
    std::filesystem::create_directory(dir.path() / "empty");
    std::vector<std::string> unmatched;
    const std::vector<std::string> files =
        expandProjectArguments({dir.file("*.json"), dir.path().string(), dir.file("a.json"),
                                dir.file("c.json"), dir.file("z*.json"), dir.file("empty")},
                               unmatched);
    // Glob matches in name order; the directory and the explicit path repeat them; a plain path
    // that does not exist stays (the loader reports it).
    CHECK(files ==
          std::vector<std::string>{dir.file("a.json"), dir.file("b.json"), dir.file("c.json")});
    CHECK(unmatched == std::vector<std::string>{dir.file("z*.json"), dir.file("empty")});
}

TEST_CASE("run times are ISO 8601 UTC with microseconds", "[batch]")
{
    const std::string time = currentRunTime();
    REQUIRE(time.size() == 27); // 2026-11-21T06:04:37.123456Z
    CHECK(time[4] == '-');
    CHECK(time[10] == 'T');
    CHECK(time[19] == '.');
    CHECK(time.back() == 'Z');
}

// Issue 22 (item 7): the CSV is built in constant memory, each row encoded as it comes with the
// columns known then; a column a later row brings pads the earlier rows with an empty cell.
TEST_CASE("the batch CSV pads early rows with the columns later rows bring", "[batch][csv]")
{
    BatchRow failed;
    failed.item = 0;
    failed.file = "a.json";
    failed.error = "=cannot load";
    BatchRow ok;
    ok.item = 1;
    ok.file = "b.json";
    ok.ok = true;
    ok.result = {{"summary", {{"gpus", 8}, {"note", "x,y"}}}};

    BatchCsv csv;
    csv.add(failed, "T");
    csv.add(ok, "T");
    CHECK(csv.rowCount() == 2);
    const std::string text = csv.text();
    Diagnostics d;
    const CsvTable table = parseCsv(text, "batch.csv", d);
    REQUIRE_FALSE(d.hasErrors());
    REQUIRE(table.rows.size() == 2);
    CHECK(table.header.back() == "summary.note");
    for (const auto &row : table.rows)
        CHECK(row.size() == table.header.size());
    CHECK(table.rows[0].back().empty()); // padded
    CHECK(table.rows[1].back() == "x,y");
    CHECK(text.find("'=cannot load") != std::string::npos); // neutralised as before

    // Saved to a file the same bytes, and again after more rows (the spill is read twice).
    TempDir dir;
    CHECK(csv.save(dir.file("out.csv")).empty());
    CHECK(readFile(dir.file("out.csv")) == text);
    csv.add(failed, "T");
    CHECK(csv.text().size() > text.size());
    CHECK(csv.save("/no/such/dir/out.csv").find("/no/such/dir") != std::string::npos);
}

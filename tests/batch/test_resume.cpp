// SPDX-License-Identifier: Apache-2.0
// Batch runs that survive a Slurm time limit (issue 22, item 5): --run-id names a run in the
// results database, --resume continues it without evaluating or storing an item twice, SIGTERM
// stops a run with its finished items committed (exit 6), and the shards of one run id merge
// into one run.

#include "batchtestutil.h"

#include "solvers/batch/resultsdb.h"

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

using namespace aidc;
using namespace aidc::test;

namespace {

// Rows of one query as text, for comparing databases.
std::vector<std::vector<std::string>> query(const std::string &db, const std::string &sql)
{
    sqlite3 *handle = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt *statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(handle, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    std::vector<std::vector<std::string>> rows;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        std::vector<std::string> row;
        for (int c = 0; c < sqlite3_column_count(statement); ++c) {
            const unsigned char *text = sqlite3_column_text(statement, c);
            row.push_back(text ? reinterpret_cast<const char *>(text) : "NULL");
        }
        rows.push_back(std::move(row));
    }
    sqlite3_finalize(statement);
    sqlite3_close(handle);
    return rows;
}

// Every table of a results database, every column but the timing ones and the run's own
// identity, rows in item order: what an interrupted and resumed run must share with an
// uninterrupted one.
std::map<std::string, std::vector<std::vector<std::string>>> content(const std::string &db)
{
    static const std::set<std::string> timing = {"run_time", "duration_s", "run_id", "started",
                                                 "sweep_plan"};
    std::map<std::string, std::vector<std::vector<std::string>>> tables;
    for (const auto &name : query(db, "SELECT name FROM sqlite_master WHERE type = 'table'")) {
        std::string columns;
        for (const auto &column : query(db, "PRAGMA table_info(\"" + name[0] + "\")"))
            if (!timing.count(column[1]))
                columns += (columns.empty() ? "\"" : ", \"") + column[1] + "\"";
        const bool keyed = columns.find("\"item\"") != std::string::npos;
        tables[name[0]] = query(db, "SELECT " + columns + " FROM \"" + name[0] + "\"" +
                                        (keyed ? " ORDER BY item, project_file" : ""));
    }
    return tables;
}

std::vector<std::string> sweep(const std::string &values, std::vector<std::string> extra)
{
    std::vector<std::string> arguments = {"sweep", sourcePath("projects/h100-1k-infiniband.json"),
                                          "--set", "/site/electricityUsdPerKWh=" + values,
                                          "--quiet"};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return arguments;
}

} // namespace

TEST_CASE("a resumed run evaluates only the items a run lacks and stores none twice",
          "[batchcli][resume]")
{
    TempDir dir;
    const std::string db = dir.file("run.db"), reference = dir.file("reference.db");
    const std::string values = "0.05,0.06,0.07,0.08,0.09";
    REQUIRE(runCli(sweep(values, {"--db", db, "--run-id", "R"})).exitCode == 0);
    REQUIRE(runCli(sweep(values, {"--db", reference})).exitCode == 0);
    // Stopped after its first three items, as SIGTERM leaves it: items 3 and 4 never written.
    sqlite3 *handle = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &handle) == SQLITE_OK);
    for (const auto &table : query(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                       "name <> 'meta'"))
        REQUIRE(sqlite3_exec(handle, ("DELETE FROM \"" + table[0] + "\" WHERE item >= 3").c_str(),
                             nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(handle);
    REQUIRE(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "3");

    // The same run id again without --resume is refused and changes nothing.
    const CliRun again = runCli(sweep(values, {"--db", db, "--run-id", "R"}));
    CHECK(again.exitCode == cli::ExitUsage);
    CHECK(again.err.find("add --resume") != std::string::npos);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "3");
    // Other axes under the same run id: another run, refused.
    const CliRun otherPlan =
        runCli(sweep("0.05,0.06,0.07,0.08,0.10", {"--db", db, "--run-id", "R", "--resume"}));
    CHECK(otherPlan.exitCode == cli::ExitUsage);
    CHECK(otherPlan.err.find("other sweep axes") != std::string::npos);

    const CliRun resumed = runCli(sweep(values, {"--db", db, "--run-id", "R", "--resume"}));
    INFO(resumed.err);
    CHECK(resumed.exitCode == 0);

    // One run, every item once, the same content as an uninterrupted run.
    CHECK(query(db, "SELECT COUNT(*), COUNT(DISTINCT item), COUNT(DISTINCT run_time), "
                    "MIN(run_id) FROM runs")[0] == std::vector<std::string>{"5", "5", "1", "R"});
    CHECK(content(db) == content(reference));
    // Resuming a finished run evaluates nothing.
    CHECK(runCli(sweep(values, {"--db", db, "--run-id", "R", "--resume"})).exitCode == 0);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "5");
}

TEST_CASE("resuming refuses a run whose inputs changed or that is another command's",
          "[batchcli][resume][bad-input]")
{
    TempDir dir;
    const std::string db = dir.file("run.db");
    REQUIRE(runCli(sweep("0.05,0.06", {"--db", db, "--run-id", "R"})).exitCode == 0);

    // The base project changed since (the same plan, another document for item 0).
    const std::string copy = dir.file("copy.json");
    std::string edited = readFile(sourcePath("projects/h100-1k-infiniband.json"));
    writeFile(copy, edited);
    const std::vector<std::string> copySweep = {"sweep",    copy,
                                                "--set",    "/site/electricityUsdPerKWh=0.05,0.06",
                                                "--db",     dir.file("copy.db"),
                                                "--run-id", "C",
                                                "--quiet"};
    REQUIRE(runCli(copySweep).exitCode == 0);
    // The same file named by a relative path is the same input: nothing left to do.
    std::vector<std::string> relative = copySweep;
    relative[1] = std::filesystem::relative(copy).string();
    REQUIRE(relative[1] != copy);
    relative.push_back("--resume");
    const CliRun same = runCli(relative);
    INFO(same.err);
    CHECK(same.exitCode == 0);
    edited.replace(edited.find("\"name\": \""), 9, "\"name\": \"edited ");
    writeFile(copy, edited);
    std::vector<std::string> resumeCopy = copySweep;
    resumeCopy.push_back("--resume");
    const CliRun changed = runCli(resumeCopy);
    CHECK(changed.exitCode == cli::ExitUsage);
    CHECK(changed.err.find("the inputs changed since") != std::string::npos);
    const CliRun batch = runCli({"batch", sourcePath("projects/minimal.json"), "--db", db,
                                 "--run-id", "R", "--resume", "--quiet"});
    CHECK(batch.exitCode == cli::ExitUsage);
    CHECK(batch.err.find("is a sweep run, not a batch run") != std::string::npos);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "2");
    // Resumed as another shard than the one that wrote the database.
    const std::string shardDb = dir.file("shard.db");
    REQUIRE(
        runCli(sweep("0.05,0.06", {"--db", shardDb, "--run-id", "S", "--shard", "1/2"})).exitCode ==
        0);
    const CliRun otherShard = runCli(
        sweep("0.05,0.06", {"--db", shardDb, "--run-id", "S", "--shard", "2/2", "--resume"}));
    CHECK(otherShard.exitCode == cli::ExitUsage);
    CHECK(otherShard.err.find("not one of this shard (2/2)'s items") != std::string::npos);
    CHECK(query(shardDb, "SELECT COUNT(*) FROM runs")[0][0] == "1");
    // Resumed with other --bands options than the run's (they are part of its plan).
    const std::string bandsDb = dir.file("bands.db");
    REQUIRE(runCli(sweep("0.05,0.06", {"--db", bandsDb, "--run-id", "B", "--shard", "1/2",
                                       "--bands", "--band-samples", "2"}))
                .exitCode == 0);
    const CliRun otherBands =
        runCli(sweep("0.05,0.06", {"--db", bandsDb, "--run-id", "B", "--shard", "1/2", "--resume",
                                   "--bands", "--band-samples", "3"}));
    CHECK(otherBands.exitCode == cli::ExitUsage);
    CHECK(otherBands.err.find("other --bands options") != std::string::npos);

    CHECK(runCli(sweep("0.05", {"--resume"})).exitCode == cli::ExitUsage); // no --db
    // No run id to continue (outside Slurm), or one the database does not hold among others.
    const CliRun noId = runCli(sweep("0.05,0.06", {"--db", db, "--resume"}));
    CHECK(noId.exitCode == cli::ExitUsage);
    CHECK(noId.err.find("needs the --run-id") != std::string::npos);
    const CliRun other = runCli(sweep("0.05,0.06", {"--db", db, "--run-id", "Y", "--resume"}));
    CHECK(other.exitCode == cli::ExitUsage);
    CHECK(other.err.find("no run 'Y'") != std::string::npos);
    // Another price date than the run's.
    const CliRun priced = runCli(
        sweep("0.05,0.06", {"--db", db, "--run-id", "R", "--resume", "--as-of", "2020-01-01"}));
    CHECK(priced.exitCode == cli::ExitUsage);
    CHECK(priced.err.find("resume it with its own --as-of") != std::string::npos);
    CHECK(runCli(sweep("0.05", {"--db", db, "--run-id", ""})).exitCode == cli::ExitUsage);
    CHECK(runCli(sweep("0.05", {"--db", db, "--run-id", std::string(201, 'x')})).exitCode ==
          cli::ExitUsage);
}

TEST_CASE("the shards of one run id merge into one run, and merging twice adds nothing",
          "[batchcli][resume][merge]")
{
    TempDir dir;
    const std::string values = "0.05,0.06,0.07,0.08";
    REQUIRE(runCli(sweep(values, {"--shard", "1/2", "--run-id", "S", "--db", dir.file("a.db")}))
                .exitCode == 0);
    REQUIRE(runCli(sweep(values, {"--shard", "2/2", "--run-id", "S", "--db", dir.file("b.db")}))
                .exitCode == 0);
    // Each shard started at its own time.
    CHECK(query(dir.file("a.db"), "SELECT run_time FROM runs LIMIT 1") !=
          query(dir.file("b.db"), "SELECT run_time FROM runs LIMIT 1"));

    const std::string merged = dir.file("merged.db");
    REQUIRE(runCli({"merge", merged, dir.file("a.db"), dir.file("b.db")}).exitCode == 0);
    // One run, started when the first shard did; the family tables follow their runs rows.
    CHECK(query(merged, "SELECT COUNT(*), COUNT(DISTINCT run_time) FROM runs")[0] ==
          std::vector<std::string>{"4", "1"});
    CHECK(query(merged, "SELECT MIN(run_time) FROM runs") ==
          query(dir.file("a.db"), "SELECT MIN(run_time) FROM runs"));
    CHECK(query(merged, "SELECT COUNT(*) FROM summary s JOIN runs r USING (project_file, "
                        "content_hash, run_time, item)")[0][0] == "4");

    const CliRun twice = runCli({"merge", merged, dir.file("a.db"), dir.file("b.db")});
    CHECK(twice.exitCode == 0);
    CHECK(twice.out.find("0 runs added") != std::string::npos);
    CHECK(query(merged, "SELECT COUNT(*) FROM runs")[0][0] == "4");
    CHECK(query(merged, "SELECT COUNT(*) FROM summary")[0][0] == "4");

    // An unrelated run given the same id, with items in common: refused, nothing merged.
    REQUIRE(runCli(sweep(values, {"--run-id", "S", "--db", dir.file("other.db")})).exitCode == 0);
    const CliRun clash = runCli({"merge", merged, dir.file("other.db")});
    CHECK(clash.exitCode == cli::ExitInput);
    CHECK(clash.err.find("different runs given one --run-id") != std::string::npos);
    CHECK(query(merged, "SELECT COUNT(*) FROM runs")[0][0] == "4");
}

// Not under the sanitizers: three runs of a second or more each become three minutes there,
// the CI's largest single cost, while the in-process resume tests above cover the same code.
#if defined(AIDC_EXE) && !defined(__SANITIZE_ADDRESS__)
// The real program, stopped as Slurm stops it: SIGTERM once it has committed an item, then
// --resume; the result equals an uninterrupted run's.
TEST_CASE("the aidc program: a sweep stopped by SIGTERM keeps its items and resumes to the "
          "uninterrupted result",
          "[batchcli][resume][program]")
{
    TempDir dir;
    std::string values;
    // 250 variants of the 1k sample: about 2.3 s on one thread; the signal comes once the
    // first commit (after 1 s) is in.
    for (int i = 0; i < 250; ++i)
        values += (i ? "," : "") + std::to_string(0.05 + 0.0004 * i);
    const std::string db = dir.file("run.db");
    std::vector<std::string> arguments = {AIDC_EXE,
                                          "sweep",
                                          sourcePath("projects/h100-1k-infiniband.json"),
                                          "--set",
                                          "/site/electricityUsdPerKWh=" + values,
                                          "--jobs",
                                          "1",
                                          "--quiet",
                                          "--run-id",
                                          "T",
                                          "--db"};
    auto run = [&](std::vector<std::string> extra, bool stopOnceCommitted) {
        std::vector<std::string> all = arguments;
        all.insert(all.end(), extra.begin(), extra.end());
        std::vector<char *> argv;
        for (std::string &a : all)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        const std::string catalog = "AIDC_CATALOG_DIR=" + catalogDirectory();
        std::vector<char *> env = {const_cast<char *>(catalog.c_str()), nullptr};
        const pid_t pid = fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            execve(argv[0], argv.data(), env.data());
            _exit(127);
        }
        if (stopOnceCommitted) {
            // Poll (up to 60 s) until an item is committed, then stop it as Slurm would.
            for (int i = 0; i < 600; ++i) {
                usleep(100000);
                sqlite3 *handle = nullptr;
                int rows = 0;
                if (sqlite3_open_v2(all.back().c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) ==
                    SQLITE_OK) {
                    sqlite3_busy_timeout(handle, 100);
                    sqlite3_exec(
                        handle, "SELECT COUNT(*) FROM runs",
                        [](void *out, int, char **cells, char **) {
                            *static_cast<int *>(out) = cells[0] ? std::atoi(cells[0]) : 0;
                            return 0;
                        },
                        &rows, nullptr);
                }
                sqlite3_close(handle);
                if (rows > 0)
                    break;
            }
            kill(pid, SIGTERM);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    REQUIRE(run({db}, true) == cli::ExitInterrupted);
    const int kept = std::stoi(query(db, "SELECT COUNT(*) FROM runs")[0][0]);
    CHECK(kept > 0);
    CHECK(kept < 250);

    CHECK(run({db, "--resume"}, false) == 0);
    CHECK(run({dir.file("reference.db")}, false) == 0);
    CHECK(
        query(db, "SELECT COUNT(*), COUNT(DISTINCT item), COUNT(DISTINCT run_time) FROM runs")[0] ==
        std::vector<std::string>{"250", "250", "1"});
    CHECK(content(db) == content(dir.file("reference.db")));
}
#endif

TEST_CASE("a sampled sweep keeps its plan in the database and refuses bad sampling options",
          "[batchcli][sweep][bad-input]")
{
    TempDir dir;
    const std::string db = dir.file("plan.db");
    const CliRun run = runCli({"sweep", sourcePath("projects/h100-1k-infiniband.json"), "--set",
                               "/site/electricityUsdPerKWh=0.04..0.13:0.01", "--zip",
                               "/site/gridCo2KgPerKWh=0.3,0.4", "--zip", "/name=a,b", "--sample",
                               "lhs", "--samples", "6", "--seed", "42", "--db", db, "--quiet"});
    INFO(run.err);
    REQUIRE(run.exitCode == 0);
    const auto rows = query(db, "SELECT sweep_plan FROM runs WHERE sweep_plan IS NOT NULL");
    REQUIRE(rows.size() == 1);
    const nlohmann::json plan = nlohmann::json::parse(rows[0][0]);
    CHECK(plan["sample"] == "lhs");
    CHECK(plan["samples"] == 6);
    CHECK(plan["seed"] == 42);
    CHECK(plan["axes"].size() == 3);
    CHECK(plan["axes"][0]["values"].size() == 10);
    CHECK(plan["axes"][1]["zip"] == true);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "6");

    const std::string base = sourcePath("projects/minimal.json");
    for (const std::vector<std::string> &bad : std::vector<std::vector<std::string>>{
             {"--set", "/a=1..5:0"},                                     // step 0
             {"--set", "/a=1,2", "--samples", "3"},                      // no --sample
             {"--set", "/a=1,2", "--sample", "sobol", "--samples", "3"}, // unknown mode
             {"--set", "/a=1,2", "--sample", "lhs"},                     // no count
             {"--set", "/a=1,2", "--sample", "lhs", "--samples", "0"},   // zero
             {"--set", "/a=1,2", "--sample", "random", "--samples", "99", "--max", "50"},
             {"--zip", "/a=1,2", "--zip", "/b=1,2,3"}, // zip lengths
             {"--set", "/a=1,2", "--sample", "lhs", "--samples", "3", "--seed", "-1"}}) {
        std::vector<std::string> arguments = {"sweep", base, "--quiet"};
        arguments.insert(arguments.end(), bad.begin(), bad.end());
        const CliRun refused = runCli(arguments);
        INFO(refused.err);
        CHECK(refused.exitCode == cli::ExitUsage);
    }
}

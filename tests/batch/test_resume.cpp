// SPDX-License-Identifier: Apache-2.0
// Batch runs that survive a Slurm time limit (issue 22, item 5): --run-id names a run in the
// results database, --resume continues it without evaluating or storing an item twice, SIGTERM
// stops a run with its finished items committed (exit 6), and the shards of one run id merge
// into one run.

#include "batchtestutil.h"

#include "solvers/batch/resultsdb.h"

#include <sqlite3.h>
#include <sys/wait.h>

#include <cstdlib>
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

// What two runs must agree on, apart from timing: every item with its document and status, and
// the headline figures of each.
const char *const kContent = "SELECT r.item, r.content_hash, r.status, s.gpus, s.capexUsd, "
                             "s.tcoUsd FROM runs r JOIN summary s USING (project_file, "
                             "content_hash, run_time, item) ORDER BY r.item";

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
    // A run that stopped after its first three items, as SIGTERM leaves it.
    REQUIRE(runCli(sweep("0.05,0.06,0.07", {"--db", db, "--run-id", "R"})).exitCode == 0);
    // The same run id again without --resume is refused and changes nothing.
    const CliRun again = runCli(sweep("0.05,0.06,0.07,0.08,0.09", {"--db", db, "--run-id", "R"}));
    CHECK(again.exitCode == cli::ExitUsage);
    CHECK(again.err.find("add --resume") != std::string::npos);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "3");

    const CliRun resumed =
        runCli(sweep("0.05,0.06,0.07,0.08,0.09", {"--db", db, "--run-id", "R", "--resume"}));
    INFO(resumed.err);
    CHECK(resumed.exitCode == 0);
    REQUIRE(runCli(sweep("0.05,0.06,0.07,0.08,0.09", {"--db", reference})).exitCode == 0);

    // One run, every item once, the same content as an uninterrupted run.
    CHECK(query(db, "SELECT COUNT(*), COUNT(DISTINCT item), COUNT(DISTINCT run_time), "
                    "MIN(run_id) FROM runs")[0] == std::vector<std::string>{"5", "5", "1", "R"});
    CHECK(query(db, kContent) == query(reference, kContent));
    // Resuming a finished run evaluates nothing.
    CHECK(runCli(sweep("0.05,0.06,0.07,0.08,0.09", {"--db", db, "--run-id", "R", "--resume"}))
              .exitCode == 0);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "5");
}

TEST_CASE("resuming refuses a run whose inputs changed or that is another command's",
          "[batchcli][resume][bad-input]")
{
    TempDir dir;
    const std::string db = dir.file("run.db");
    REQUIRE(runCli(sweep("0.05,0.06", {"--db", db, "--run-id", "R"})).exitCode == 0);

    // Item 0 was 0.05; now it is 0.04: another document under the same item.
    const CliRun changed =
        runCli(sweep("0.04,0.06,0.07", {"--db", db, "--run-id", "R", "--resume"}));
    CHECK(changed.exitCode == cli::ExitUsage);
    CHECK(changed.err.find("the inputs changed since") != std::string::npos);
    const CliRun batch = runCli({"batch", sourcePath("projects/minimal.json"), "--db", db,
                                 "--run-id", "R", "--resume", "--quiet"});
    CHECK(batch.exitCode == cli::ExitUsage);
    CHECK(batch.err.find("is a sweep run, not a batch run") != std::string::npos);
    CHECK(query(db, "SELECT COUNT(*) FROM runs")[0][0] == "2");

    CHECK(runCli(sweep("0.05", {"--resume"})).exitCode == cli::ExitUsage); // no --db
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
}

#ifdef AIDC_EXE
// The real program, stopped as Slurm stops it: SIGTERM mid-way, then --resume.
TEST_CASE("the aidc program: a sweep stopped by SIGTERM keeps its items and resumes to the "
          "uninterrupted result",
          "[batchcli][resume][program]")
{
    TempDir dir;
    std::string values;
    for (int i = 0; i < 24; ++i)
        values += (i ? "," : "") + std::to_string(0.05 + 0.001 * i);
    // The 100k sample takes about 0.1 s a variant on one thread here: 24 take ~2.5 s, and the
    // signal comes after 1 s.
    const std::string sweepCommand =
        "'" AIDC_EXE "' sweep '" + sourcePath("projects/h100-100k-site.json") +
        "' --set /site/electricityUsdPerKWh=" + values + " --jobs 1 --quiet --run-id T --db ";
    auto shell = [&](const std::string &command) {
        const std::string full = "AIDC_CATALOG_DIR='" + catalogDirectory() + "' " + command +
                                 " 2>>'" + dir.file("stderr.txt") + "'";
        const int status = std::system(full.c_str());
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    const std::string db = dir.file("run.db");
    const int stopped = shell("sh -c \"" + sweepCommand + "'" + db +
                              "' & p=\\$!; sleep 1; kill -TERM \\$p; wait \\$p\"");
    INFO(readFile(dir.file("stderr.txt")));
    REQUIRE(stopped == cli::ExitInterrupted);
    const int kept = std::stoi(query(db, "SELECT COUNT(*) FROM runs")[0][0]);
    CHECK(kept > 0);
    CHECK(kept < 24);
    CHECK(readFile(dir.file("stderr.txt")).find("stopped by SIGTERM") != std::string::npos);

    CHECK(shell(sweepCommand + "'" + db + "' --resume") == 0);
    CHECK(shell(sweepCommand + "'" + dir.file("reference.db") + "'") == 0);
    CHECK(
        query(db, "SELECT COUNT(*), COUNT(DISTINCT item), COUNT(DISTINCT run_time) FROM runs")[0] ==
        std::vector<std::string>{"24", "24", "1"});
    CHECK(query(db, kContent) == query(dir.file("reference.db"), kContent));
}
#endif

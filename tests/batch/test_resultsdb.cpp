// SPDX-License-Identifier: Apache-2.0
// The SQLite results database (issue 9): tables per result family with columns added as
// figures appear, failed runs recorded, merging of shards and refusal of foreign databases.

#include "batchtestutil.h"

#include "solvers/batch/contenthash.h"
#include "solvers/batch/resultcolumns.h"
#include "solvers/batch/resultsdb.h"

#include <sqlite3.h>

#include <thread>

using namespace aidc;
using namespace aidc::test;

namespace {

BatchRow okRow(std::int64_t item, nlohmann::json result)
{
    BatchRow row;
    row.item = item;
    row.file = "p" + std::to_string(item) + ".json";
    row.contentHash = contentHash(row.file);
    row.ok = true;
    row.result = std::move(result);
    return row;
}

void execSql(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    const std::string text = message ? message : "";
    sqlite3_free(message);
    sqlite3_close(db);
    INFO(text);
    REQUIRE(rc == SQLITE_OK);
}

// The single value of a one-row, one-column query, as text ("NULL" for null).
std::string queryText(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt *statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    std::string value = "no row";
    if (sqlite3_step(statement) == SQLITE_ROW) {
        const unsigned char *text = sqlite3_column_text(statement, 0);
        value = text ? reinterpret_cast<const char *>(text) : "NULL";
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return value;
}

} // namespace

TEST_CASE("result families flatten to dotted columns", "[resultsdb]")
{
    nlohmann::json big = nlohmann::json::object();
    for (int i = 0; i <= int(kMaxExpandedMembers); ++i)
        big["rack" + std::to_string(i)] = i;
    const nlohmann::json result = {
        {"schema", "aidc-result"},
        {"version", 1},
        {"diagnostics", nlohmann::json::array()},
        {"fabric", {{"switches", 12}}},
        {"cost", {{"capexUsd", 1.5e9}, {"opex", {{"energyUsdPerYear", 2e6}}}, {"lines", {1, 2}}}},
        {"power", {{"byRack", big}}},
    };
    const std::vector<ResultFamily> families = resultFamilies(result);
    REQUIRE(families.size() == 3);
    CHECK(families[0].name == "cost");
    CHECK(families[1].name == "network"); // the fabric section is the network family
    CHECK(families[2].name == "power");

    const FlatColumns cost = flattenJson(*families[0].section);
    REQUIRE(cost.size() == 3);
    CHECK(cost[0].name == "capexUsd");
    CHECK(cost[0].value == 1.5e9);
    CHECK(cost[1].name == "lines");
    CHECK(cost[1].jsonText);
    CHECK(cost[1].value == "[1,2]");
    CHECK(cost[2].name == "opex.energyUsdPerYear");
    CHECK_FALSE(cost[2].jsonText);

    // A map of more than kMaxExpandedMembers ids stays one JSON column.
    const FlatColumns power = flattenJson(*families[2].section);
    REQUIRE(power.size() == 1);
    CHECK(power[0].name == "byRack");
    CHECK(power[0].jsonText);
}

TEST_CASE("the database adds tables and columns as figures appear", "[resultsdb]")
{
    TempDir dir;
    const std::string path = dir.file("results.db");
    {
        ResultsDatabase db(path);
        db.begin();
        db.addRow(
            okRow(0, {{"summary", {{"gpus", 1024}}}, {"diagnostics", nlohmann::json::array()}}),
            "batch", "T1");
        db.addRow(okRow(1, {{"summary", {{"gpus", 2048}, {"mfu", 0.41}}},
                            {"fabric", {{"tiers", 3}, {"islands", {{"count", 8}}}}},
                            {"diagnostics", {{{"severity", "warning"}}}}}),
                  "batch", "T1");
        BatchRow failed;
        failed.item = 2;
        failed.file = "bad.json";
        failed.error = "bad.json: /compute/pools/0/gpu: unknown accelerator 'H900'";
        db.addRow(failed, "batch", "T1");
        db.commit();
        CHECK(db.rowCount("runs") == 3);
        CHECK(db.rowCount("summary") == 2);
        CHECK(db.rowCount("network") == 1);
        const std::vector<std::string> columns = db.columns("network");
        CHECK(std::find(columns.begin(), columns.end(), "islands.count") != columns.end());
    }
    CHECK(queryText(path, "SELECT mfu FROM summary WHERE item = 0") == "NULL");
    CHECK(queryText(path, "SELECT mfu FROM summary WHERE item = 1") == "0.41");
    CHECK(queryText(path, "SELECT \"islands.count\" FROM network") == "8");
    CHECK(queryText(path, "SELECT status || ' ' || error FROM runs WHERE item = 2") ==
          "failed bad.json: /compute/pools/0/gpu: unknown accelerator 'H900'");
    CHECK(queryText(path, "SELECT diagnostic_count FROM runs WHERE item = 1") == "1");
    CHECK(queryText(path, "SELECT value FROM meta WHERE key = 'schema'") == "aidc-results");

    // Reopening keeps the schema; a later run with a new figure adds a column.
    ResultsDatabase again(path);
    again.begin();
    again.addRow(okRow(0, {{"summary", {{"gpus", 1024}, {"goodput", 0.9}}}}), "batch", "T2");
    again.commit();
    CHECK(again.rowCount("summary") == 3);
    CHECK(queryText(path, "SELECT goodput FROM summary WHERE run_time = 'T2'") == "0.9");
}

// A whole number beyond SQLite's signed 64 bits (a random seed near 2^64, --band-seed) keeps
// its digits (as text) instead of wrapping to a negative number.
TEST_CASE("an integer beyond 2^63 - 1 is stored with its digits", "[resultsdb]")
{
    TempDir dir;
    const std::string path = dir.file("results.db");
    ResultsDatabase db(path);
    db.begin();
    db.addRow(okRow(0, {{"uncertainty",
                         {{"seed", std::uint64_t(18446744073709551615ULL)}, {"samples", 4}}}}),
              "batch", "T1");
    db.commit();
    CHECK(queryText(path, "SELECT seed FROM uncertainty") == "18446744073709551615");
    CHECK(queryText(path, "SELECT samples FROM uncertainty") == "4");
}

TEST_CASE("a transaction that is not committed leaves nothing behind", "[resultsdb]")
{
    TempDir dir;
    const std::string path = dir.file("results.db");
    {
        ResultsDatabase db(path);
        db.begin();
        db.addRow(okRow(0, {{"summary", {{"gpus", 8}}}}), "batch", "T1");
    } // destroyed without commit(), as when an output error aborts a batch
    ResultsDatabase db(path);
    CHECK(db.rowCount("runs") == 0);
}

TEST_CASE("merge refuses databases that are not results databases of this version",
          "[resultsdb][merge]")
{
    TempDir dir;
    const std::string good = dir.file("good.db");
    {
        ResultsDatabase db(good);
        db.begin();
        db.addRow(okRow(0, {{"summary", {{"gpus", 8}}}}), "batch", "T1");
        db.commit();
    }
    const std::string out = dir.file("out.db");
    mergeResultsDatabases(out, {good});
    REQUIRE(ResultsDatabase(out).rowCount("runs") == 1);

    const std::string text = dir.file("text.db");
    writeFile(text, "this is not a database, just some text that is long enough to matter....");
    const std::string foreign = dir.file("foreign.db");
    execSql(foreign, "CREATE TABLE quotes (part TEXT, usd REAL)");
    const std::string newer = dir.file("newer.db");
    {
        ResultsDatabase db(newer);
    }
    execSql(newer, "UPDATE meta SET value = '99' WHERE key = 'version'");
    const std::string keyless = dir.file("keyless.db");
    {
        ResultsDatabase db(keyless);
    }
    execSql(keyless, "CREATE TABLE summary (gpus INTEGER)");

    CHECK_THROWS_WITH(mergeResultsDatabases(out, {good, text}),
                      Catch::Contains("not a SQLite database"));
    CHECK_THROWS_WITH(mergeResultsDatabases(out, {foreign}),
                      Catch::Contains("not an AIDC Planner results database"));
    CHECK_THROWS_WITH(mergeResultsDatabases(out, {newer}),
                      Catch::Contains("incompatible results database schema: version 99"));
    CHECK_THROWS_WITH(mergeResultsDatabases(out, {keyless}),
                      Catch::Contains("table 'summary' has no key column 'project_file'"));
    CHECK_THROWS_WITH(mergeResultsDatabases(out, {dir.file("absent.db")}),
                      Catch::Contains("no such results database"));
    CHECK_THROWS_WITH(mergeResultsDatabases(out, {out}), Catch::Contains("output database itself"));
    try {
        mergeResultsDatabases(out, {newer});
    } catch (const ResultsDbError &error) {
        CHECK(error.file() == newer);
    }
    // Nothing was written by the refused merges, and the good input was not half-merged.
    CHECK(ResultsDatabase(out).rowCount("runs") == 1);
    CHECK_THROWS_WITH(ResultsDatabase(foreign),
                      Catch::Contains("not an AIDC Planner results database"));
}

TEST_CASE("merging the same database twice adds nothing", "[resultsdb][merge]")
{
    TempDir dir;
    const std::string a = dir.file("a.db");
    {
        ResultsDatabase db(a);
        db.begin();
        db.addRow(okRow(0, {{"summary", {{"gpus", 8}}}}), "batch", "T1");
        db.addRow(okRow(1, {{"summary", {{"gpus", 16}}}}), "batch", "T1");
        db.commit();
    }
    const std::string out = dir.file("out.db");
    const MergeStats first = mergeResultsDatabases(out, {a});
    CHECK(first.runsAdded == 2);
    const MergeStats second = mergeResultsDatabases(out, {a});
    CHECK(second.runsAdded == 0);
    CHECK(second.runsSkipped == 2);
    CHECK(ResultsDatabase(out).rowCount("summary") == 2);
}

// Issue 18, item 4: two writers on one new database used to fail ("table meta already exists",
// "duplicate column name") because each read the schema before taking the write lock. Each pass
// creates the database from scratch with two connections at once, each adding rows whose new
// figures add columns; both must succeed and every row must be there.
TEST_CASE("two writers on one results database both succeed", "[resultsdb][concurrency]")
{
    TempDir dir;
    for (int pass = 0; pass < 20; ++pass) {
        const std::string path = dir.file("shared" + std::to_string(pass) + ".db");
        std::vector<std::string> errors(2);
        auto writer = [&](int who) {
            try {
                ResultsDatabase db(path);
                for (int batch = 0; batch < 3; ++batch) {
                    db.begin();
                    const std::string figure =
                        "figure" + std::to_string(who) + "_" + std::to_string(batch);
                    db.addRow(okRow(batch, {{"summary", {{"gpus", 8}, {figure, batch}}}}), "batch",
                              currentRunTime() + "#" + std::to_string(who));
                    db.commit();
                }
            } catch (const std::exception &e) {
                errors[std::size_t(who)] = e.what();
            }
        };
        std::thread first(writer, 0);
        std::thread second(writer, 1);
        first.join();
        second.join();
        INFO("pass " << pass);
        CHECK(errors[0] == "");
        CHECK(errors[1] == "");
        CHECK(queryText(path, "SELECT count(*) FROM runs") == "6");
        CHECK(queryText(path, "SELECT count(*) FROM summary") == "6");
    }
}

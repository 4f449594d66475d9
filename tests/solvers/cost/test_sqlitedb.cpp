// SPDX-License-Identifier: Apache-2.0
// The one SQLite wrapper (issue 14) that the price book and the results database share: a
// transaction rolls back unless committed, values round-trip through statements, and a failure
// reaches the owner's handler with SQLite's primary code, the file and what was being done.

#include "solvers/common/sqlitedb.h"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <unistd.h>

using namespace aidc;

namespace {

struct Failure
{
    std::string path;
    int code = 0;
    std::string doing;
    int timeoutMs = 0;
};

Failure lastFailure;

[[noreturn]] void recordFailure(const std::string &path, int primaryCode, const std::string &,
                                const std::string &doing, int busyTimeoutMs)
{
    lastFailure = {path, primaryCode, doing, busyTimeoutMs};
    throw std::runtime_error("failed: " + doing);
}

// A database file in the temporary directory, removed afterwards. ctest runs each test case as
// its own process, in parallel: the process id keeps their files apart.
struct TempDatabase
{
    std::string path = (std::filesystem::temp_directory_path() /
                        ("aidc-sqlitedb-test-" + std::to_string(::getpid()) + ".sqlite"))
                           .string();
    TempDatabase() { std::filesystem::remove(path); }
    ~TempDatabase() { std::filesystem::remove(path); }
};

} // namespace

TEST_CASE("a transaction rolls back unless committed, and values round-trip", "[sqlite]")
{
    TempDatabase file;
    int rc = SQLITE_ERROR;
    sqlite3 *db = openSqlite(file.path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 50, &rc);
    REQUIRE(rc == SQLITE_OK);
    {
        const SqliteConnection c(db, file.path, 50, recordFailure);
        c.exec("CREATE TABLE t (name TEXT, x REAL, n INTEGER)", "creating");
        {
            SqliteTransaction t(c, "inserting");
            c.exec("INSERT INTO t VALUES ('dropped', 1, 1)", "inserting");
        } // not committed: rolled back
        {
            SqliteTransaction t(c, "inserting");
            SqliteStatement insert(c, "INSERT INTO t VALUES (?1, ?2, ?3)", "inserting");
            insert.bind(1, std::string("kept"));
            insert.bind(2, 2.5);
            insert.bind(3, std::int64_t(1) << 40);
            CHECK_FALSE(insert.step());
            CHECK(c.changes() == 1);
            CHECK(c.lastInsertRowId() == 1);
            t.commit("inserting");
        }
        SqliteStatement read(c, "SELECT name, x, n FROM t", "reading");
        REQUIRE(read.step());
        CHECK(read.columnCount() == 3);
        CHECK(read.columnName(1) == "x");
        CHECK(read.text(0) == "kept");
        CHECK(read.real(1) == 2.5);
        CHECK(read.integer(2) == (std::int64_t(1) << 40));
        CHECK_FALSE(read.step()); // the rolled-back row is not there
    }
    closeSqlite(db);
}

TEST_CASE("a failed call reaches the owner's handler with the file, the code and the task",
          "[sqlite]")
{
    TempDatabase file;
    int rc = SQLITE_ERROR;
    sqlite3 *db = openSqlite(file.path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, 50, &rc);
    REQUIRE(rc == SQLITE_OK);
    {
        const SqliteConnection c(db, file.path, 50, recordFailure);
        CHECK_THROWS_WITH(SqliteStatement(c, "SELECT * FROM missing", "reading the missing table"),
                          "failed: reading the missing table");
        CHECK(lastFailure.path == file.path);
        CHECK(lastFailure.code == SQLITE_ERROR);
        CHECK(lastFailure.timeoutMs == 50);

        // A second connection holding the write lock: the first gives up after its timeout
        // with SQLITE_BUSY, a primary code even though extended codes are on.
        sqlite3 *other = openSqlite(file.path, SQLITE_OPEN_READWRITE, 50, &rc);
        REQUIRE(rc == SQLITE_OK);
        const SqliteConnection holder(other, file.path, 50, recordFailure);
        holder.exec("CREATE TABLE t (x)", "creating");
        SqliteTransaction lock(holder, "locking");
        CHECK_THROWS_WITH(SqliteTransaction(c, "writing"), "failed: writing");
        CHECK(lastFailure.code == SQLITE_BUSY);
        lock.commit("unlocking");
        closeSqlite(other);
    }
    closeSqlite(db);
}

TEST_CASE("a file that is not a database fails with SQLITE_NOTADB", "[sqlite]")
{
    TempDatabase file;
    {
        std::FILE *f = std::fopen(file.path.c_str(), "wb");
        REQUIRE(f);
        std::fputs("this is a text file, not a database, and long enough to have a header", f);
        std::fclose(f);
    }
    int rc = SQLITE_ERROR;
    sqlite3 *db = openSqlite(file.path, SQLITE_OPEN_READONLY, 50, &rc);
    REQUIRE(rc == SQLITE_OK); // SQLite reads the header lazily
    {
        const SqliteConnection c(db, file.path, 50, recordFailure);
        CHECK_THROWS(c.exec("SELECT count(*) FROM sqlite_master", "reading the schema"));
        CHECK(lastFailure.code == SQLITE_NOTADB);
        CHECK(lastFailure.doing == "reading the schema");
    }
    closeSqlite(db);
}

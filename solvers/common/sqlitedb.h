// SPDX-License-Identifier: Apache-2.0
// The one SQLite wrapper (issue 14): a connection that names its file in every error, prepared
// statements, and a write transaction that rolls back unless committed. Its owners (the price
// book, the batch results database) word their own errors through a failure handler, so a locked
// or foreign file is explained in the owner's terms ("the price book is locked ...").
#pragma once

#include <cstdint>
#include <string>

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_value;

namespace aidc {

// Throws the owner's error for a failed SQLite call: the file, SQLite's primary result code
// (SQLITE_BUSY, SQLITE_NOTADB, ...), SQLite's message, what was being done and the busy timeout
// that ran out. It must throw.
using SqliteFailureHandler = void (*)(const std::string &path, int primaryCode,
                                      const std::string &detail, const std::string &doing,
                                      int busyTimeoutMs);

// Opens `path` with sqlite3_open_v2 flags, extended result codes on and the busy timeout set.
// Returns the handle even when opening failed (SQLite allocates one to carry the message);
// *rc tells. The caller owns it and closes it with closeSqlite.
sqlite3 *openSqlite(const std::string &path, int flags, int busyTimeoutMs, int *rc);
void closeSqlite(sqlite3 *db) noexcept;
// SQLite's message for a failed call on `db` (or for `rc` when there is no handle).
std::string sqliteMessage(sqlite3 *db, int rc);

// A handle as statements see it; it does not own the handle.
class SqliteConnection
{
public:
    SqliteConnection(sqlite3 *db, std::string path, int busyTimeoutMs,
                     SqliteFailureHandler onFailure);

    sqlite3 *handle() const { return m_db; }
    const std::string &path() const { return m_path; }

    [[noreturn]] void fail(int rc, const std::string &doing) const;
    void exec(const std::string &sql, const std::string &doing) const;
    // For a destructor or an error path: never throws.
    void rollbackQuietly() const noexcept;
    int changes() const;
    std::int64_t totalChanges() const;
    std::int64_t lastInsertRowId() const;

private:
    sqlite3 *m_db = nullptr;
    std::string m_path;
    int m_busyTimeoutMs = 0;
    SqliteFailureHandler m_onFailure = nullptr;
};

class SqliteStatement
{
public:
    SqliteStatement(const SqliteConnection &connection, const std::string &sql, std::string doing);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    void bind(int index, const std::string &value);
    void bind(int index, double value);
    void bind(int index, std::int64_t value);
    void bindNull(int index);
    void bindValue(int index, sqlite3_value *value);

    // true: a row is ready; false: done.
    bool step();
    // Ready to run again, with no values bound.
    void reset();

    int columnCount() const;
    std::string columnName(int column) const;
    std::string text(int column) const; // "" for NULL
    double real(int column) const;
    std::int64_t integer(int column) const;
    sqlite3_value *value(int column) const;

private:
    void check(int rc) const;

    const SqliteConnection &m_connection;
    std::string m_doing;
    sqlite3_stmt *m_statement = nullptr;
};

// BEGIN IMMEDIATE takes the write lock up front, so a locked file fails here (after the busy
// timeout) rather than half-way through a change. Rolls back unless committed.
class SqliteTransaction
{
public:
    SqliteTransaction(const SqliteConnection &connection, const std::string &doing);
    ~SqliteTransaction();
    SqliteTransaction(const SqliteTransaction &) = delete;
    SqliteTransaction &operator=(const SqliteTransaction &) = delete;

    void commit(const std::string &doing);

private:
    const SqliteConnection &m_connection;
    bool m_committed = false;
};

} // namespace aidc

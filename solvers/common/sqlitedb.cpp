// SPDX-License-Identifier: Apache-2.0
#include "sqlitedb.h"

#include <sqlite3.h>

#include <stdexcept>

namespace aidc {

sqlite3 *openSqlite(const std::string &path, int flags, int busyTimeoutMs, int *rc)
{
    sqlite3 *db = nullptr;
    *rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (db) {
        sqlite3_extended_result_codes(db, 1);
        sqlite3_busy_timeout(db, busyTimeoutMs);
    }
    return db;
}

void closeSqlite(sqlite3 *db) noexcept
{
    sqlite3_close_v2(db);
}

std::string sqliteMessage(sqlite3 *db, int rc)
{
    return db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
}

SqliteConnection::SqliteConnection(sqlite3 *db, std::string path, int busyTimeoutMs,
                                   SqliteFailureHandler onFailure)
    : m_db(db)
    , m_path(std::move(path))
    , m_busyTimeoutMs(busyTimeoutMs)
    , m_onFailure(onFailure)
{
}

void SqliteConnection::fail(int rc, const std::string &doing) const
{
    const std::string detail = sqliteMessage(m_db, rc);
    m_onFailure(m_path, rc & 0xff, detail, doing, m_busyTimeoutMs);
    // A handler that returned is a programming error; still fail rather than go on.
    throw std::logic_error(m_path + ": SQLite error while " + doing + ": " + detail);
}

void SqliteConnection::exec(const std::string &sql, const std::string &doing) const
{
    const int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK)
        fail(rc, doing);
}

void SqliteConnection::rollbackQuietly() const noexcept
{
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

int SqliteConnection::changes() const
{
    return sqlite3_changes(m_db);
}

std::int64_t SqliteConnection::totalChanges() const
{
    return sqlite3_total_changes64(m_db);
}

std::int64_t SqliteConnection::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

SqliteStatement::SqliteStatement(const SqliteConnection &connection, const std::string &sql,
                                 std::string doing)
    : m_connection(connection)
    , m_doing(std::move(doing))
{
    const int rc = sqlite3_prepare_v2(connection.handle(), sql.c_str(), int(sql.size()),
                                      &m_statement, nullptr);
    if (rc != SQLITE_OK)
        connection.fail(rc, m_doing);
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_statement);
}

void SqliteStatement::bind(int index, const std::string &value)
{
    check(
        sqlite3_bind_text(m_statement, index, value.c_str(), int(value.size()), SQLITE_TRANSIENT));
}

void SqliteStatement::bind(int index, double value)
{
    check(sqlite3_bind_double(m_statement, index, value));
}

void SqliteStatement::bind(int index, std::int64_t value)
{
    check(sqlite3_bind_int64(m_statement, index, value));
}

void SqliteStatement::bindNull(int index)
{
    check(sqlite3_bind_null(m_statement, index));
}

void SqliteStatement::bindValue(int index, sqlite3_value *value)
{
    check(sqlite3_bind_value(m_statement, index, value));
}

bool SqliteStatement::step()
{
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc != SQLITE_DONE)
        m_connection.fail(rc, m_doing);
    return false;
}

void SqliteStatement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

int SqliteStatement::columnCount() const
{
    return sqlite3_column_count(m_statement);
}

std::string SqliteStatement::columnName(int column) const
{
    const char *name = sqlite3_column_name(m_statement, column);
    return name ? name : "";
}

std::string SqliteStatement::text(int column) const
{
    const unsigned char *text = sqlite3_column_text(m_statement, column);
    return text ? reinterpret_cast<const char *>(text) : "";
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::int64_t SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

sqlite3_value *SqliteStatement::value(int column) const
{
    return sqlite3_column_value(m_statement, column);
}

void SqliteStatement::check(int rc) const
{
    if (rc != SQLITE_OK)
        m_connection.fail(rc, m_doing);
}

SqliteTransaction::SqliteTransaction(const SqliteConnection &connection, const std::string &doing)
    : m_connection(connection)
{
    connection.exec("BEGIN IMMEDIATE", doing);
}

SqliteTransaction::~SqliteTransaction()
{
    if (!m_committed)
        m_connection.rollbackQuietly();
}

void SqliteTransaction::commit(const std::string &doing)
{
    m_connection.exec("COMMIT", doing);
    m_committed = true;
}

} // namespace aidc

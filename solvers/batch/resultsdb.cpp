// SPDX-License-Identifier: Apache-2.0
#include "resultsdb.h"

#include "solvers/batch/resultcolumns.h"
#include "solvers/common/sqlitedb.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <limits>
#include <map>
#include <set>

namespace aidc {

namespace {

constexpr const char *kSchemaName = "aidc-results";
constexpr int kBusyTimeoutMs = 10000;
const std::vector<std::string> kFamilyKeyColumns = {"project_file", "content_hash", "run_time",
                                                    "item"};

std::string quoted(const std::string &identifier)
{
    std::string text = "\"";
    for (const char c : identifier) {
        text += c;
        if (c == '"')
            text += '"';
    }
    return text + "\"";
}

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

// Family tables must not shadow the fixed tables or SQLite's own.
std::string familyTable(const std::string &family)
{
    const std::string name = lower(family);
    if (name == "runs" || name == "meta" || name.rfind("sqlite_", 0) == 0)
        return "family_" + family;
    return family;
}

// A failed SQLite call in the results database's words.
[[noreturn]] void failResultsDb(const std::string &path, int primaryCode, const std::string &detail,
                                const std::string &doing, int busyTimeoutMs)
{
    switch (primaryCode) {
    case SQLITE_NOTADB:
        throw ResultsDbError(path, path + ": not a SQLite database (" + detail +
                                       "); give a results database written by aidc batch or sweep");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        throw ResultsDbError(path, path +
                                       ": the results database is locked by another process "
                                       "(gave up after " +
                                       std::to_string(busyTimeoutMs) + " ms while " + doing +
                                       "); let it finish, or write each shard to its own file");
    default:
        throw ResultsDbError(path, path + ": SQLite error while " + doing + ": " + detail);
    }
}

// One SQLite connection that owns its handle; every failure becomes a ResultsDbError naming the
// file.
class Connection : public SqliteConnection
{
public:
    Connection(const std::string &path, bool readOnly)
        : SqliteConnection(open(path, readOnly), path, kBusyTimeoutMs, failResultsDb)
    {
    }
    ~Connection() { closeSqlite(handle()); }
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

private:
    static sqlite3 *open(const std::string &path, bool readOnly)
    {
        const int flags =
            readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        int rc = SQLITE_OK;
        sqlite3 *db = openSqlite(path, flags, kBusyTimeoutMs, &rc);
        if (rc != SQLITE_OK) {
            const std::string detail = sqliteMessage(db, rc);
            closeSqlite(db);
            throw ResultsDbError(path,
                                 path + ": cannot open the results database (" + detail + ")");
        }
        return db;
    }
};

using Statement = SqliteStatement;

// A result value as SQLite stores it: numbers as numbers, text as text, anything else as JSON.
void bindJson(Statement &statement, int index, const nlohmann::json &value)
{
    if (value.is_null()) {
        statement.bindNull(index);
    } else if (value.is_boolean()) {
        statement.bind(index, std::int64_t(value.get<bool>() ? 1 : 0));
    } else if (value.is_number_unsigned() &&
               value.get<std::uint64_t>() >
                   std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
        // Beyond SQLite's 64-bit signed integers (a seed near 2^64): its digits as text.
        statement.bind(index, value.dump());
    } else if (value.is_number_integer()) {
        statement.bind(index, value.get<std::int64_t>());
    } else if (value.is_number()) {
        statement.bind(index, value.get<double>());
    } else {
        statement.bind(index, value.is_string() ? value.get<std::string>() : value.dump());
    }
}

// Table -> columns in table order, of every table but SQLite's own.
using Schema = std::map<std::string, std::vector<std::string>>;

Schema readSchema(const Connection &connection)
{
    Schema schema;
    Statement tables(connection,
                     "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                     "'sqlite_%' ORDER BY name",
                     "reading the list of tables");
    std::vector<std::string> names;
    while (tables.step())
        names.push_back(tables.text(0));
    for (const std::string &name : names) {
        Statement info(connection, "PRAGMA table_info(" + quoted(name) + ")",
                       "reading the columns of table " + name);
        std::vector<std::string> &columns = schema[name];
        while (info.step())
            columns.push_back(info.text(1));
    }
    return schema;
}

// Checks that `connection` holds a results database of this version (or nothing at all, when
// `allowEmpty`) and returns its schema; throws ResultsDbError saying what is wrong otherwise.
Schema checkResultsSchema(const Connection &connection, bool allowEmpty)
{
    const std::string &path = connection.path();
    Schema schema = readSchema(connection);
    if (schema.empty() && allowEmpty)
        return schema;
    const std::string notOurs = path + ": not an AIDC Planner results database";
    if (!schema.count("meta"))
        throw ResultsDbError(path, notOurs +
                                       " (it has no 'meta' table); give a database written by "
                                       "aidc batch, sweep or merge");
    std::map<std::string, std::string> meta;
    {
        Statement read(connection, "SELECT key, value FROM meta", "reading the meta table");
        while (read.step())
            meta[read.text(0)] = read.text(1);
    }
    if (meta["schema"] != kSchemaName)
        throw ResultsDbError(path, notOurs + " (meta schema is '" + meta["schema"] +
                                       "', expected '" + kSchemaName + "')");
    if (meta["version"] != std::to_string(kResultsDbVersion))
        throw ResultsDbError(path, path + ": incompatible results database schema: version " +
                                       meta["version"] + ", this build reads and writes version " +
                                       std::to_string(kResultsDbVersion));
    if (!schema.count("runs"))
        throw ResultsDbError(path,
                             path + ": incompatible results database schema: no 'runs' table");
    for (const auto &[table, columns] : schema) {
        if (table == "meta")
            continue;
        std::set<std::string> have;
        for (const std::string &column : columns)
            have.insert(lower(column));
        for (const std::string &key : kFamilyKeyColumns) {
            if (!have.count(key))
                throw ResultsDbError(path, path +
                                               ": incompatible results database schema: table '" +
                                               table + "' has no key column '" + key + "'");
        }
    }
    return schema;
}

std::string joined(const std::vector<std::string> &columns, bool placeholders)
{
    std::string text;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (i)
            text += ", ";
        text += placeholders ? "?" : quoted(columns[i]);
    }
    return text;
}

} // namespace

struct ResultsDatabase::Impl
{
    explicit Impl(const std::string &path)
        : db(path, false)
    {
        // Another process may be creating the same database: take the write lock first, then
        // look at what is there, so exactly one of them creates the tables.
        db.exec("BEGIN IMMEDIATE", "opening the results database");
        try {
            const bool fresh = refreshColumns();
            if (fresh) {
                db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
                        "creating the meta table");
                db.exec(std::string("INSERT INTO meta VALUES ('schema', '") + kSchemaName +
                            "'), ('version', '" + std::to_string(kResultsDbVersion) + "')",
                        "writing the meta table");
                columns["meta"] = {"key", "value"};
                ensureTable("runs");
            }
            db.exec("COMMIT", "creating the results database");
        } catch (...) {
            db.rollbackQuietly();
            throw;
        }
    }

    // Re-reads the tables and columns (lower case) from the file: call under the write lock,
    // since another process may have added some since. Returns true for an empty database.
    bool refreshColumns()
    {
        const Schema schema = checkResultsSchema(db, true);
        columns.clear();
        inserts.clear();
        for (const auto &[table, names] : schema) {
            for (const std::string &name : names)
                columns[table].insert(lower(name));
        }
        return schema.empty();
    }

    void ensureTable(const std::string &table)
    {
        if (columns.count(table))
            return;
        db.exec("CREATE TABLE " + quoted(table) +
                    " (project_file TEXT NOT NULL, content_hash TEXT NOT NULL, run_time TEXT NOT "
                    "NULL, item INTEGER NOT NULL, PRIMARY KEY (project_file, content_hash, "
                    "run_time, item))",
                "creating table " + table);
        columns[table] = {kFamilyKeyColumns.begin(), kFamilyKeyColumns.end()};
    }

    void ensureColumn(const std::string &table, const std::string &column)
    {
        std::set<std::string> &have = columns[table];
        if (have.count(lower(column)))
            return;
        db.exec("ALTER TABLE " + quoted(table) + " ADD COLUMN " + quoted(column),
                "adding column " + column + " to table " + table);
        have.insert(lower(column));
    }

    // The cached INSERT statement for `table` and exactly these columns.
    Statement &insertStatement(const std::string &table, const std::vector<std::string> &names,
                               bool ignoreExisting)
    {
        ensureTable(table);
        for (const std::string &name : names)
            ensureColumn(table, name);
        const std::string sql = std::string(ignoreExisting ? "INSERT OR IGNORE" : "INSERT") +
                                " INTO " + quoted(table) + " (" + joined(names, false) +
                                ") VALUES (" + joined(names, true) + ")";
        std::unique_ptr<Statement> &statement = inserts[sql];
        if (!statement)
            statement = std::make_unique<Statement>(db, sql, "writing to table " + table);
        return *statement;
    }

    void insert(const std::string &table,
                const std::vector<std::pair<std::string, nlohmann::json>> &values)
    {
        std::vector<std::string> names;
        names.reserve(values.size());
        for (const auto &value : values)
            names.push_back(value.first);
        Statement &statement = insertStatement(table, names, false);
        for (std::size_t i = 0; i < values.size(); ++i)
            bindJson(statement, int(i + 1), values[i].second);
        statement.step();
        statement.reset();
    }

    Connection db;
    std::map<std::string, std::set<std::string>> columns; // lower-case names (SQLite ignores case)
    std::map<std::string, std::unique_ptr<Statement>> inserts;
    bool inTransaction = false;
};

ResultsDatabase::ResultsDatabase(const std::string &path)
    : m_impl(std::make_unique<Impl>(path))
{
}

ResultsDatabase::~ResultsDatabase()
{
    if (m_impl && m_impl->inTransaction)
        m_impl->db.rollbackQuietly();
}

std::optional<ResultsDatabase::StoredRun> ResultsDatabase::storedRun(const std::string &runId) const
{
    m_impl->refreshColumns(); // another process may have written the run since
    const auto runs = m_impl->columns.find("runs");
    if (runs == m_impl->columns.end() || !runs->second.count("run_id"))
        return std::nullopt;
    auto column = [&](const char *name) {
        return runs->second.count(name) ? std::string(name) : std::string("NULL");
    };
    Statement query(m_impl->db,
                    "SELECT command, run_time, item, project_file, content_hash, " +
                        column("as_of") + ", " + column("sweep_plan") +
                        " FROM runs WHERE run_id = ? ORDER BY run_time, item",
                    "reading run " + runId);
    query.bind(1, runId);
    std::optional<StoredRun> run;
    while (query.step()) {
        if (!run)
            run = StoredRun{query.text(0), query.text(1), query.text(5), {}, {}};
        if (run->plan.empty()) // kept on the first row each process wrote
            run->plan = query.text(6);
        run->items[query.integer(2)] = {query.text(3), query.text(4)};
    }
    return run;
}

void ResultsDatabase::begin()
{
    m_impl->db.exec("BEGIN IMMEDIATE", "starting a transaction");
    m_impl->inTransaction = true;
    m_impl->refreshColumns(); // another writer may have added tables or columns meanwhile
}

void ResultsDatabase::commit()
{
    m_impl->inserts.clear();
    m_impl->db.exec("COMMIT", "committing the results");
    m_impl->inTransaction = false;
}

void ResultsDatabase::addRow(const BatchRow &row, const std::string &command,
                             const std::string &runTime)
{
    addRow(row, command, RunStamp{runTime, {}, {}, {}, {}});
}

void ResultsDatabase::addRow(const BatchRow &row, const std::string &command, const RunStamp &stamp)
{
    const std::string &runTime = stamp.runTime;
    using Values = std::vector<std::pair<std::string, nlohmann::json>>;
    const Values key = {{"project_file", row.file},
                        {"content_hash", row.contentHash},
                        {"run_time", runTime},
                        {"item", row.item}};

    Values run = key;
    for (const auto &[column, value] :
         {std::pair{"run_id", &stamp.runId}, std::pair{"started", &stamp.started},
          std::pair{"as_of", &stamp.asOf}, std::pair{"sweep_plan", &stamp.plan}})
        if (!value->empty())
            run.emplace_back(column, *value);
    run.emplace_back("command", command);
    run.emplace_back("status", row.status());
    run.emplace_back("error", row.ok ? nlohmann::json() : nlohmann::json(row.error));
    run.emplace_back("duration_s", row.durationS);
    const nlohmann::json *diagnostics =
        row.ok && row.result.contains("diagnostics") ? &row.result["diagnostics"] : nullptr;
    run.emplace_back("diagnostic_count",
                     diagnostics ? nlohmann::json(diagnostics->size()) : nlohmann::json());
    run.emplace_back("diagnostics",
                     diagnostics ? nlohmann::json(diagnostics->dump()) : nlohmann::json());
    run.emplace_back("variant",
                     row.variant.is_null() ? nlohmann::json() : nlohmann::json(row.variant.dump()));
    if (row.variant.is_object()) {
        for (const auto &[pointer, value] : row.variant.items())
            run.emplace_back(pointer, value.is_structured() ? nlohmann::json(value.dump()) : value);
    }
    m_impl->insert("runs", run);

    if (!row.ok)
        return;
    for (const ResultFamily &family : resultFamilies(row.result)) {
        Values values = key;
        std::set<std::string> used = {"project_file", "content_hash", "run_time", "item"};
        for (FlatColumn &flat : flattenJson(*family.section)) {
            // A figure named like a key column gets a prefix rather than overwriting the key.
            std::string name = used.count(lower(flat.name)) ? "value." + flat.name : flat.name;
            used.insert(lower(name));
            values.emplace_back(std::move(name), std::move(flat.value));
        }
        m_impl->insert(familyTable(family.name), values);
    }
}

std::vector<std::string> ResultsDatabase::tables() const
{
    std::vector<std::string> names;
    for (const auto &[table, columns] : readSchema(m_impl->db))
        names.push_back(table);
    return names;
}

std::vector<std::string> ResultsDatabase::columns(const std::string &table) const
{
    const Schema schema = readSchema(m_impl->db);
    const auto it = schema.find(table);
    return it == schema.end() ? std::vector<std::string>{} : it->second;
}

std::int64_t ResultsDatabase::rowCount(const std::string &table) const
{
    Statement count(m_impl->db, "SELECT COUNT(*) FROM " + quoted(table),
                    "counting rows of " + table);
    return count.step() ? count.integer(0) : 0;
}

namespace {

// The shards of one run (one --run-id and command) each start at their own time; merged, they
// become one run that started when its first shard did: every row of the run takes the earliest
// run time, in every table (rows of the family tables are found by their key in `runs`). A row
// already present under that time is either the same shard merged twice (its `started` says so:
// dropped) or an item of an unrelated run given the same id (refused). Returns the rows of
// `runs` dropped.
std::int64_t joinRunsById(const Connection &db)
{
    const Schema schema = readSchema(db);
    const auto runs = schema.find("runs");
    if (runs == schema.end())
        return 0;
    auto has = [&](const char *name) {
        return std::any_of(runs->second.begin(), runs->second.end(),
                           [&](const std::string &c) { return lower(c) == name; });
    };
    if (!has("run_id"))
        return 0;
    const std::string started = has("started") ? "COALESCE(r.started, r.run_time)" : "r.run_time";
    db.exec("CREATE TEMP TABLE run_start (project_file TEXT, content_hash TEXT, run_time TEXT, "
            "item INTEGER, run_id TEXT, start TEXT, PRIMARY KEY (project_file, content_hash, "
            "run_time, item))",
            "joining the shards of a run");
    db.exec("INSERT INTO run_start SELECT r.project_file, r.content_hash, r.run_time, r.item, "
            "r.run_id, f.start FROM runs r JOIN (SELECT run_id, command, MIN(run_time) AS start "
            "FROM runs WHERE run_id IS NOT NULL GROUP BY run_id, command) f ON f.run_id = "
            "r.run_id AND f.command IS r.command WHERE r.run_time <> f.start",
            "joining the shards of a run");
    std::int64_t dropped = 0;
    bool none = true;
    {
        Statement count(db, "SELECT COUNT(*) FROM run_start", "joining the shards of a run");
        none = !count.step() || count.integer(0) == 0;
    } // finalized: a pending statement would lock the table against DROP
    if (none) {
        db.exec("DROP TABLE run_start", "joining the shards of a run");
        return 0;
    }
    {
        Statement clash(db,
                        "SELECT s.run_id, s.item, s.run_time, r.run_time FROM run_start s JOIN "
                        "runs r ON r.project_file = s.project_file AND r.content_hash = "
                        "s.content_hash AND r.run_time = s.start AND r.item = s.item WHERE " +
                            started + " <> s.run_time LIMIT 1",
                        "joining the shards of a run");
        if (clash.step())
            throw ResultsDbError("", "run id '" + clash.text(0) + "' holds item " + clash.text(1) +
                                         " from two runs (started " + clash.text(3) + " and " +
                                         clash.text(2) +
                                         "): they are different runs given one --run-id; "
                                         "nothing was merged");
    }
    for (const auto &[table, columns] : schema) {
        if (table == "meta")
            continue;
        const std::string t = quoted(table);
        const std::string match =
            "s.project_file = " + t + ".project_file AND s.content_hash = " + t +
            ".content_hash AND s.run_time = " + t + ".run_time AND s.item = " + t + ".item";
        db.exec("UPDATE OR IGNORE " + t +
                    " SET run_time = (SELECT s.start FROM run_start s WHERE " + match +
                    ") WHERE EXISTS (SELECT 1 FROM run_start s WHERE " + match + ")",
                "joining the shards of a run in table " + table);
        db.exec("DELETE FROM " + t + " WHERE EXISTS (SELECT 1 FROM run_start s WHERE " + match +
                    ")",
                "dropping rows merged twice from table " + table);
        if (table == "runs")
            dropped = db.changes();
    }
    db.exec("DROP TABLE run_start", "joining the shards of a run");
    return dropped;
}

} // namespace

MergeStats mergeResultsDatabases(const std::string &output, const std::vector<std::string> &inputs)
{
    if (inputs.empty())
        throw ResultsDbError("", "no input databases to merge");
    std::error_code error;
    const bool outputExists = std::filesystem::exists(output, error);
    std::vector<std::unique_ptr<Connection>> sources;
    std::vector<Schema> schemas;
    for (const std::string &input : inputs) {
        if (!std::filesystem::is_regular_file(input, error))
            throw ResultsDbError(input, input + ": no such results database");
        if (outputExists && std::filesystem::equivalent(input, output, error))
            throw ResultsDbError(input, input + ": is the output database itself; merge it into "
                                                "another file");
        sources.push_back(std::make_unique<Connection>(input, true));
        schemas.push_back(checkResultsSchema(*sources.back(), false));
    }

    // ATTACH would be the shorter SQL, but SQLite caps attached databases at 10 (Debian's
    // SQLITE_MAX_ATTACHED) and DETACH is refused inside a transaction; a 100-shard merge
    // therefore reads each input over its own read-only connection inside one write
    // transaction on the output.
    ResultsDatabase target(output);
    ResultsDatabase::Impl &out = *target.m_impl;
    MergeStats stats;
    target.begin();
    for (std::size_t i = 0; i < sources.size(); ++i) {
        for (const auto &[table, columns] : schemas[i]) {
            if (table == "meta")
                continue;
            Statement read(*sources[i], "SELECT * FROM " + quoted(table), "reading table " + table);
            std::vector<std::string> names;
            for (int c = 0; c < read.columnCount(); ++c)
                names.push_back(read.columnName(c));
            Statement &write = out.insertStatement(table, names, true);
            while (read.step()) {
                for (int c = 0; c < int(names.size()); ++c)
                    write.bindValue(c + 1, read.value(c));
                const int before = out.db.totalChanges();
                write.step();
                write.reset();
                if (table == "runs") {
                    const bool added = out.db.totalChanges() > before;
                    stats.runsAdded += added ? 1 : 0;
                    stats.runsSkipped += added ? 0 : 1;
                }
            }
        }
        ++stats.inputs;
    }
    const std::int64_t twice = joinRunsById(out.db);
    stats.runsAdded -= twice;
    stats.runsSkipped += twice;
    target.commit();
    return stats;
}

} // namespace aidc

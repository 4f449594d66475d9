// SPDX-License-Identifier: Apache-2.0
#include "pricebook.h"

#include "solvers/common/sqlitedb.h"

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace aidc {

namespace {

using Connection = SqliteConnection;
using Statement = SqliteStatement;
using Transaction = SqliteTransaction;

// A failed SQLite call in the price book's words.
[[noreturn]] void failPriceBook(const std::string &path, int primaryCode, const std::string &detail,
                                const std::string &doing, int busyTimeoutMs)
{
    switch (primaryCode) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        throw PriceBookError(path +
                             ": the price book is locked by another connection (gave up "
                             "after " +
                             std::to_string(busyTimeoutMs) + " ms while " + doing +
                             "); close the program holding it, or retry");
    case SQLITE_NOTADB:
        throw PriceBookError(path + ": not a SQLite database (" + detail +
                             "); the file is corrupt or of another kind");
    case SQLITE_CORRUPT:
        throw PriceBookError(path + ": the price book database is corrupt (" + detail +
                             "); restore it from a backup or re-import a CSV export");
    case SQLITE_CANTOPEN:
        throw PriceBookError(path + ": cannot open the price book (" + detail + ")");
    case SQLITE_READONLY:
        throw PriceBookError(path + ": the price book is read-only (" + detail + ")");
    default:
        throw PriceBookError(path + ": SQLite error while " + doing + ": " + detail);
    }
}

constexpr const char *createSchemaSql = R"sql(
CREATE TABLE schema_version (version INTEGER NOT NULL);
CREATE TABLE currency (
    code TEXT PRIMARY KEY CHECK (length(code) = 3 AND code GLOB '[A-Z][A-Z][A-Z]'),
    usd_per_unit REAL NOT NULL CHECK (usd_per_unit > 0),
    note TEXT NOT NULL DEFAULT ''
);
CREATE TABLE quote (
    id INTEGER PRIMARY KEY,
    vendor TEXT NOT NULL CHECK (vendor <> ''),
    part TEXT NOT NULL CHECK (part <> ''),
    unit_price REAL NOT NULL CHECK (unit_price >= 0),
    currency TEXT NOT NULL REFERENCES currency(code),
    unit TEXT NOT NULL DEFAULT '',
    quote_date TEXT NOT NULL
        CHECK (quote_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    valid_until TEXT NOT NULL DEFAULT '',
    note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX quote_part ON quote(part);
INSERT INTO schema_version (version) VALUES (1);
INSERT INTO currency (code, usd_per_unit, note) VALUES ('USD', 1.0, 'base currency');
)sql";

constexpr const char *quoteColumns =
    "q.id, q.vendor, q.part, q.unit_price, q.currency, q.unit, q.quote_date, q.valid_until, "
    "q.note, q.unit_price * c.usd_per_unit";

Quote readQuote(const Statement &s)
{
    Quote q;
    q.id = s.integer(0);
    q.vendor = s.text(1);
    q.part = s.text(2);
    q.unitPrice = s.real(3);
    q.currency = s.text(4);
    q.unit = s.text(5);
    q.date = s.text(6);
    q.validUntil = s.text(7);
    q.note = s.text(8);
    q.unitUsd = s.real(9);
    return q;
}

std::string trim(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

std::string upper(std::string text)
{
    for (char &c : text)
        c = char(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

bool isCurrencyCode(const std::string &code)
{
    return code.size() == 3 &&
           std::all_of(code.begin(), code.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

std::string joinCodes(const std::set<std::string> &codes)
{
    std::string out;
    for (const std::string &code : codes)
        out += (out.empty() ? "" : ", ") + code;
    return out;
}

// Problems with one quote, each a plain sentence naming the field.
std::vector<std::string> quoteProblems(const Quote &q, const std::set<std::string> &currencies)
{
    std::vector<std::string> problems;
    if (q.vendor.empty())
        problems.push_back("missing vendor");
    if (q.part.empty())
        problems.push_back("missing part");
    if (!std::isfinite(q.unitPrice))
        problems.push_back("unitPrice is not a finite number");
    else if (q.unitPrice < 0)
        problems.push_back("negative unitPrice " + formatCsvNumber(q.unitPrice) +
                           " (a price must be >= 0)");
    if (!currencies.count(q.currency))
        problems.push_back("unknown currency '" + q.currency + "' (the price book has rates for " +
                           joinCodes(currencies) + "; add a rate for it first)");
    if (!isIsoDate(q.date))
        problems.push_back(q.date.empty() ? std::string("missing date")
                                          : "date '" + q.date + "' is not an ISO date YYYY-MM-DD");
    if (!q.validUntil.empty()) {
        if (!isIsoDate(q.validUntil))
            problems.push_back("validUntil '" + q.validUntil +
                               "' is not an ISO date YYYY-MM-DD (or empty for no expiry)");
        else if (isIsoDate(q.date) && q.validUntil < q.date)
            problems.push_back("validUntil " + q.validUntil + " is before the quote date " +
                               q.date);
    }
    return problems;
}

std::set<std::string> currencyCodes(const Connection &c)
{
    Statement s(c, "SELECT code FROM currency", "reading currencies");
    std::set<std::string> codes;
    while (s.step())
        codes.insert(s.text(0));
    return codes;
}

std::int64_t insertQuote(Statement &insert, const Quote &q, const Connection &c)
{
    insert.reset();
    insert.bind(1, q.vendor);
    insert.bind(2, q.part);
    insert.bind(3, q.unitPrice);
    insert.bind(4, q.currency);
    insert.bind(5, q.unit);
    insert.bind(6, q.date);
    insert.bind(7, q.validUntil);
    insert.bind(8, q.note);
    insert.step();
    return c.lastInsertRowId();
}

constexpr const char *insertQuoteSql =
    "INSERT INTO quote (vendor, part, unit_price, currency, unit, quote_date, valid_until, note) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";

// The physical line each CSV record starts on and its field count, for records parseCsv keeps
// (it skips blank lines). Quoted fields may span lines, so rows and lines differ.
constexpr std::array<const char *, 8> csvColumns = {"vendor", "part",       "unitPrice", "currency",
                                                    "date",   "validUntil", "unit",      "note"};
constexpr std::array<const char *, 5> requiredCsvColumns = {"vendor", "part", "unitPrice",
                                                            "currency", "date"};

} // namespace

PriceBook::PriceBook(sqlite3 *db, std::string path)
    : m_db(db)
    , m_path(std::move(path))
{
}

PriceBook::PriceBook(PriceBook &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_path(std::move(other.m_path))
    , m_busyTimeoutMs(other.m_busyTimeoutMs)
{
}

PriceBook &PriceBook::operator=(PriceBook &&other) noexcept
{
    if (this != &other) {
        closeSqlite(m_db);
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
        m_busyTimeoutMs = other.m_busyTimeoutMs;
    }
    return *this;
}

PriceBook::~PriceBook()
{
    closeSqlite(m_db);
}

PriceBook PriceBook::open(const std::string &path, OpenMode mode, int busyTimeoutMs)
{
    if (path.empty())
        throw PriceBookError("price book: no file name given");
    std::error_code ec;
    if (mode == OpenMode::ReadOnly && !std::filesystem::exists(path, ec))
        throw PriceBookError(path + ": the price book does not exist");
    if (std::filesystem::is_directory(path, ec))
        throw PriceBookError(path + ": is a directory, not a price book file");

    // Serialized: the uncertainty runs read one book from several evaluation threads.
    const int flags = SQLITE_OPEN_FULLMUTEX |
                      (mode == OpenMode::ReadOnly ? SQLITE_OPEN_READONLY
                                                  : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    int rc = SQLITE_OK;
    sqlite3 *raw = openSqlite(path, flags, busyTimeoutMs, &rc);
    // The book owns the handle from here, so every throw below closes it.
    PriceBook book(raw, path);
    book.m_busyTimeoutMs = busyTimeoutMs;
    const Connection c(book.m_db, book.m_path, busyTimeoutMs, failPriceBook);
    if (rc != SQLITE_OK)
        c.fail(rc, "opening");

    {
        Statement check(c, "PRAGMA quick_check", "checking the database (PRAGMA quick_check)");
        std::string problems;
        while (check.step()) {
            const std::string row = check.text(0);
            if (row != "ok")
                problems += (problems.empty() ? "" : "; ") + row;
        }
        if (!problems.empty())
            throw PriceBookError(path +
                                 ": the price book database is corrupt (quick_check: " + problems +
                                 "); restore it from a backup or re-import a CSV export");
    }

    int tables = 0;
    {
        Statement s(c, "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                    "reading the schema");
        if (s.step())
            tables = int(s.integer(0));
    }
    // WAL lets the GUI and the CLI read while an import writes. It is switched on only once the
    // file is known to be a price book: another program's database is refused untouched.
    auto enableWriting = [&] {
        if (mode == OpenMode::ReadWrite) {
            c.exec("PRAGMA journal_mode = WAL", "switching to WAL mode");
            c.exec("PRAGMA foreign_keys = ON", "enabling foreign keys");
        }
    };
    if (tables == 0) {
        if (mode == OpenMode::ReadOnly)
            throw PriceBookError(path + ": an empty database, not an AIDC Planner price book");
        enableWriting();
        Transaction t(c, "creating the price book schema");
        c.exec(createSchemaSql, "creating the price book schema");
        t.commit("creating the price book schema");
        return book;
    }

    std::set<std::string> names;
    {
        Statement s(c, "SELECT name FROM sqlite_master WHERE type = 'table'", "reading the schema");
        while (s.step())
            names.insert(s.text(0));
    }
    for (const char *required : {"schema_version", "currency", "quote"}) {
        if (!names.count(required))
            throw PriceBookError(path + ": not an AIDC Planner price book (no '" + required +
                                 "' table)");
    }
    Statement s(c, "SELECT max(version) FROM schema_version", "reading the schema version");
    const int version = s.step() ? int(s.integer(0)) : 0;
    if (version > schemaVersion)
        throw PriceBookError(path + ": price book schema version " + std::to_string(version) +
                             " is newer than this program understands (" +
                             std::to_string(schemaVersion) + "); update AIDC Planner");
    if (version < 1)
        throw PriceBookError(path + ": price book has no valid schema version");
    enableWriting();
    return book;
}

std::int64_t PriceBook::addQuote(const Quote &quote)
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Quote q = quote;
    q.currency = upper(trim(q.currency));
    Transaction t(c, "adding a quote");
    const std::vector<std::string> problems = quoteProblems(q, currencyCodes(c));
    if (!problems.empty()) {
        std::string message = m_path + ": quote for '" + q.part + "' rejected: ";
        for (std::size_t i = 0; i < problems.size(); ++i)
            message += (i ? "; " : "") + problems[i];
        throw PriceBookError(message);
    }
    Statement insert(c, insertQuoteSql, "adding a quote");
    const std::int64_t id = insertQuote(insert, q, c);
    t.commit("adding a quote");
    return id;
}

bool PriceBook::removeQuote(std::int64_t id)
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Transaction t(c, "removing a quote");
    Statement s(c, "DELETE FROM quote WHERE id = ?1", "removing a quote");
    s.bind(1, id);
    s.step();
    const bool removed = c.changes() > 0;
    t.commit("removing a quote");
    return removed;
}

int PriceBook::removeQuotes(const std::string &part)
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Transaction t(c, "removing quotes");
    Statement s(c, "DELETE FROM quote WHERE part = ?1", "removing quotes");
    s.bind(1, part);
    s.step();
    const int removed = c.changes();
    t.commit("removing quotes");
    return removed;
}

std::vector<Quote> PriceBook::quotes() const
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    const std::string sql = std::string("SELECT ") + quoteColumns +
                            " FROM quote q JOIN currency c ON c.code = q.currency"
                            " ORDER BY q.part, q.quote_date, q.vendor, q.id";
    Statement s(c, sql.c_str(), "reading quotes");
    std::vector<Quote> out;
    while (s.step())
        out.push_back(readQuote(s));
    return out;
}

int PriceBook::quoteCount() const
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Statement s(c, "SELECT count(*) FROM quote", "counting quotes");
    return s.step() ? int(s.integer(0)) : 0;
}

std::optional<Quote> PriceBook::bestQuote(const std::string &part, const std::string &asOfDate,
                                          const std::string &unit) const
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    const std::string sql =
        std::string("SELECT ") + quoteColumns +
        " FROM quote q JOIN currency c ON c.code = q.currency"
        " WHERE q.part = ?1 AND q.quote_date <= ?2"
        " AND (q.valid_until = '' OR q.valid_until >= ?2)"
        " AND (?3 = '' OR q.unit = '' OR q.unit = ?3)"
        " ORDER BY q.unit_price * c.usd_per_unit ASC, q.quote_date DESC, q.id DESC LIMIT 1";
    Statement s(c, sql.c_str(), "looking up a quote");
    s.bind(1, part);
    s.bind(2, asOfDate);
    s.bind(3, unit);
    if (s.step())
        return readQuote(s);
    return std::nullopt;
}

void PriceBook::setCurrencyRate(const std::string &code, double usdPerUnit, const std::string &note)
{
    if (!isCurrencyCode(code))
        throw PriceBookError(m_path + ": currency code '" + code +
                             "' is not an ISO 4217 code (three capital letters)");
    if (!std::isfinite(usdPerUnit) || usdPerUnit <= 0)
        throw PriceBookError(m_path + ": rate for " + code + " must be a positive USD amount");
    if (code == "USD" && usdPerUnit != 1.0)
        throw PriceBookError(m_path + ": USD is the base currency; its rate is 1");
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Transaction t(c, "setting a currency rate");
    Statement s(c,
                "INSERT INTO currency (code, usd_per_unit, note) VALUES (?1, ?2, ?3)"
                " ON CONFLICT(code) DO UPDATE SET usd_per_unit = ?2, note = ?3",
                "setting a currency rate");
    s.bind(1, code);
    s.bind(2, usdPerUnit);
    s.bind(3, note);
    s.step();
    t.commit("setting a currency rate");
}

std::optional<double> PriceBook::usdPerUnit(const std::string &code) const
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Statement s(c, "SELECT usd_per_unit FROM currency WHERE code = ?1", "reading a currency");
    s.bind(1, code);
    if (s.step())
        return s.real(0);
    return std::nullopt;
}

std::vector<std::pair<std::string, double>> PriceBook::currencies() const
{
    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    Statement s(c, "SELECT code, usd_per_unit FROM currency ORDER BY code", "reading currencies");
    std::vector<std::pair<std::string, double>> out;
    while (s.step())
        out.emplace_back(s.text(0), s.real(1));
    return out;
}

PriceBookImport PriceBook::importCsv(const std::string &csvPath, ImportMode mode)
{
    std::ifstream in(csvPath, std::ios::binary);
    if (!in) {
        PriceBookImport result;
        result.diagnostics.error(csvPath, "", "cannot read the file");
        return result;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return importCsvText(text.str(), csvPath, mode);
}

PriceBookImport PriceBook::importCsvText(const std::string &text, const std::string &fileName,
                                         ImportMode mode)
{
    PriceBookImport result;
    Diagnostics &diag = result.diagnostics;
    // A spreadsheet of a ';' locale writes ';' between fields and a decimal comma.
    const char delimiter = detectCsvDelimiter(text);
    const CsvTable table = parseCsv(text, fileName, diag, delimiter);
    if (table.header.empty())
        return result;

    std::map<std::string, std::size_t> column;
    bool headerOk = true;
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        const std::string name = trim(table.header[i]);
        const bool known = std::find_if(csvColumns.begin(), csvColumns.end(), [&](const char *k) {
                               return name == k;
                           }) != csvColumns.end();
        headerOk = headerOk && known;
        if (!known)
            diag.error(fileName, "",
                       "line 1: unknown column '" + name +
                           "' (expected vendor, part, unitPrice, currency, date, validUntil, "
                           "unit, note)");
        else if (!column.emplace(name, i).second) {
            diag.error(fileName, "", "line 1: column '" + name + "' appears twice");
            headerOk = false;
        }
    }
    for (const char *required : requiredCsvColumns) {
        if (!column.count(required)) {
            diag.error(fileName, "", std::string("line 1: missing column '") + required + "'");
            headerOk = false;
        }
    }
    if (!headerOk)
        return result;

    auto where = [&](std::size_t row) {
        return "line " + std::to_string(table.rowLines[row]);
    };
    auto field = [&](const std::vector<std::string> &row, const char *name) {
        const auto it = column.find(name);
        return it == column.end() ? std::string() : trim(row[it->second]);
    };

    const Connection c(m_db, m_path, m_busyTimeoutMs, failPriceBook);
    try {
        // The currency table is read inside the import's transaction so a rate removed by
        // another connection meanwhile cannot slip a quote through.
        Transaction t(c, "importing " + fileName);
        const std::set<std::string> currencies = currencyCodes(c);
        std::vector<Quote> quotes;
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            const std::vector<std::string> &row = table.rows[r];
            Quote q;
            q.vendor = field(row, "vendor");
            q.part = field(row, "part");
            q.currency = upper(field(row, "currency"));
            q.date = field(row, "date");
            q.validUntil = field(row, "validUntil");
            q.unit = field(row, "unit");
            q.note = column.count("note") ? row[column.at("note")] : std::string();
            std::vector<std::string> problems;
            const std::string price = field(row, "unitPrice");
            double value = 0;
            if (price.empty())
                problems.push_back("missing unitPrice");
            else if (!parseCsvNumber(price, delimiter == ',' ? '.' : ',', value))
                problems.push_back("unitPrice '" + price + "' is not a number" +
                                   (delimiter == ',' ? std::string()
                                                     : " (a decimal comma or point, no thousands "
                                                       "separator)"));
            q.unitPrice = problems.empty() ? value : 0.0;
            for (std::string &p : quoteProblems(q, currencies))
                problems.push_back(std::move(p));
            for (const std::string &p : problems)
                diag.error(fileName, "", where(r) + ": " + p);
            quotes.push_back(std::move(q));
        }
        if (diag.hasErrors())
            return result; // the transaction rolls back: nothing is imported

        if (mode == ImportMode::Replace)
            c.exec("DELETE FROM quote", "importing " + fileName);
        Statement insert(c, insertQuoteSql, "importing " + fileName);
        for (const Quote &q : quotes)
            insertQuote(insert, q, c);
        t.commit("importing " + fileName);
        result.imported = int(quotes.size());
    } catch (const PriceBookError &e) {
        diag.error(fileName, "", std::string("nothing imported: ") + e.what());
        result.imported = 0;
    }
    return result;
}

CsvTable PriceBook::exportTable() const
{
    CsvTable table;
    table.header.assign(csvColumns.begin(), csvColumns.end());
    for (const Quote &q : quotes()) {
        table.rows.push_back({q.vendor, q.part, formatCsvNumber(q.unitPrice), q.currency, q.date,
                              q.validUntil, q.unit, q.note});
    }
    return table;
}

SaveResult PriceBook::exportCsv(const std::string &csvPath) const
{
    return saveFileAtomically(csvPath, toCsv(exportTable()));
}

} // namespace aidc

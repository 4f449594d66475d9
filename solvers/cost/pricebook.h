// SPDX-License-Identifier: Apache-2.0
#pragma once

// The price book: the user's own dated vendor quotes, kept in a SQLite database file, that
// override the catalog's default prices (issue 5: prices are kept in a separate, dated,
// user-editable price list).
//
// File format (schema version 1, see docs/cost-model.md):
//   schema_version(version)                       one row: 1
//   currency(code, usd_per_unit, note)            ISO 4217 codes with their rate to USD
//   quote(id, vendor, part, unit_price, currency, unit, quote_date, valid_until, note)
// A new book holds the single currency USD = 1.0; other currencies must be given a rate
// (setCurrencyRate) before a quote in them is accepted.
//
// The database is opened through the SQLite C API in WAL mode with a busy timeout; opening runs
// PRAGMA quick_check, so a corrupt file, a file that is not a SQLite database, a database of
// another program, or a book written by a newer AIDC Planner is refused with a PriceBookError
// that names the file. A write that cannot get the lock within the timeout fails with a clear
// "locked" error instead of waiting forever. Every change is one transaction: a CSV import either
// adds every row or none.

#include "model/atomicfile.h"
#include "model/csv.h"
#include "model/diagnostics.h"
#include "model/isodate.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct sqlite3;

namespace aidc {

// One vendor quote. Dates are ISO 8601 calendar dates (YYYY-MM-DD).
struct Quote
{
    std::int64_t id = 0; // row id in the book; 0 = not stored yet
    std::string vendor;
    std::string part;     // catalog part id or category key ("facility/cooling-per-MW/air")
    double unitPrice = 0; // in `currency`, per `unit`
    std::string currency = "USD";
    std::string unit;       // "each", "per-MW", "per-m", ...; "" = the unit of the catalog price
    std::string date;       // the day the quote was given
    std::string validUntil; // last day it is valid; "" = no expiry
    std::string note;
    double unitUsd = 0; // unitPrice converted at the book's rate (filled when read from the book)
};

class PriceBookError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct PriceBookImport
{
    int imported = 0;        // rows added (0 whenever diagnostics has errors)
    Diagnostics diagnostics; // every bad line, as "<file>: line N: problem"
};

enum class ImportMode { Append, Replace };

class PriceBook
{
public:
    enum class OpenMode {
        ReadWrite, // creates the file and its schema when missing
        ReadOnly   // the file must exist; writes fail
    };

    static constexpr int schemaVersion = 1;
    static constexpr int defaultBusyTimeoutMs = 2000;

    // Opens (or creates) the price book at `path`. Throws PriceBookError naming the file when
    // it cannot be opened, is not a price book, is corrupt, is newer than this program, or stays
    // locked by another connection for longer than `busyTimeoutMs`.
    static PriceBook open(const std::string &path, OpenMode mode = OpenMode::ReadWrite,
                          int busyTimeoutMs = defaultBusyTimeoutMs);

    PriceBook(PriceBook &&other) noexcept;
    PriceBook &operator=(PriceBook &&other) noexcept;
    PriceBook(const PriceBook &) = delete;
    PriceBook &operator=(const PriceBook &) = delete;
    ~PriceBook();

    const std::string &path() const { return m_path; }

    // Adds a quote after checking it (vendor and part present, price finite and >= 0, known
    // currency, valid dates, validUntil not before date); returns its id. Throws PriceBookError
    // naming the bad field.
    std::int64_t addQuote(const Quote &quote);
    // Removes one quote; false when no quote has that id.
    bool removeQuote(std::int64_t id);
    // Removes every quote for `part`; returns how many.
    int removeQuotes(const std::string &part);

    // Every quote, ordered by part, date, vendor, id.
    std::vector<Quote> quotes() const;
    int quoteCount() const;

    // The best quote for `part` valid on `asOfDate`: date <= asOfDate <= validUntil (no expiry
    // when validUntil is empty) and, when `unit` is not empty, a quote unit that is empty or
    // equal to it. Best = lowest price in USD; ties go to the most recent quote.
    std::optional<Quote> bestQuote(const std::string &part, const std::string &asOfDate,
                                   const std::string &unit = {}) const;

    // Currency rates: USD per unit of `code` (ISO 4217, three capital letters, rate > 0).
    void setCurrencyRate(const std::string &code, double usdPerUnit, const std::string &note = {});
    std::optional<double> usdPerUnit(const std::string &code) const;
    std::vector<std::pair<std::string, double>> currencies() const;

    // CSV (RFC 4180) with the header
    //   vendor,part,unitPrice,currency,date,validUntil,unit,note
    // (columns in any order; vendor, part, unitPrice, currency and date are required).
    // The import checks every row first and adds them in one transaction: with any bad row
    // (bad header, missing or non-numeric or negative price, unknown currency, bad date)
    // nothing is added and every problem is reported with the file name and line number.
    // Replace mode deletes the existing quotes in the same transaction.
    PriceBookImport importCsv(const std::string &csvPath, ImportMode mode = ImportMode::Append);
    PriceBookImport importCsvText(const std::string &text, const std::string &fileName,
                                  ImportMode mode = ImportMode::Append);
    CsvTable exportTable() const;
    // Writes exportTable() with saveFileAtomically.
    SaveResult exportCsv(const std::string &csvPath) const;

private:
    PriceBook(sqlite3 *db, std::string path);

    sqlite3 *m_db = nullptr;
    std::string m_path;
    int m_busyTimeoutMs = defaultBusyTimeoutMs;
};

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
// The SQLite price book: quotes, validity, currencies, CSV import/export and bad files (issue 5).

#include "costfixtures.h"
#include "solvers/cost/pricebook.h"

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <fstream>

using namespace aidc;
using aidc::test::mentions;
using aidc::test::TempDir;

namespace {

Quote quote(std::string vendor, std::string part, double price, std::string date,
            std::string validUntil = {}, std::string currency = "USD")
{
    Quote q;
    q.vendor = std::move(vendor);
    q.part = std::move(part);
    q.unitPrice = price;
    q.date = std::move(date);
    q.validUntil = std::move(validUntil);
    q.currency = std::move(currency);
    return q;
}

void writeFile(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A second connection, as another program would hold one.
struct RawConnection
{
    explicit RawConnection(const std::string &path) { sqlite3_open(path.c_str(), &db); }
    ~RawConnection() { sqlite3_close(db); }
    int exec(const char *sql) { return sqlite3_exec(db, sql, nullptr, nullptr, nullptr); }
    sqlite3 *db = nullptr;
};

} // namespace

TEST_CASE("ISO dates are checked as calendar dates", "[cost][pricebook]")
{
    CHECK(isIsoDate("2024-02-29")); // leap year
    CHECK_FALSE(isIsoDate("2023-02-29"));
    CHECK_FALSE(isIsoDate("1900-02-29")); // century, not divisible by 400
    CHECK(isIsoDate("2000-02-29"));
    CHECK_FALSE(isIsoDate("2024-13-01"));
    CHECK_FALSE(isIsoDate("2024-04-31"));
    CHECK_FALSE(isIsoDate("24-01-01"));
    CHECK_FALSE(isIsoDate("2024/01/01"));
    CHECK(isIsoDate(todayIsoDate()));
}

TEST_CASE("A new price book has its schema, USD only, and keeps quotes across reopening",
          "[cost][pricebook]")
{
    TempDir dir;
    const std::string path = dir.file("book.sqlite");
    std::int64_t id = 0;
    {
        PriceBook book = PriceBook::open(path);
        CHECK(book.quoteCount() == 0);
        const auto currencies = book.currencies();
        REQUIRE(currencies.size() == 1);
        CHECK(currencies[0].first == "USD");
        CHECK(currencies[0].second == 1.0);
        id = book.addQuote(quote("FS.com", "QM9700", 36000, "2024-08-22", "2024-12-31"));
        CHECK(id > 0);
    }
    PriceBook book = PriceBook::open(path, PriceBook::OpenMode::ReadOnly);
    const std::vector<Quote> quotes = book.quotes();
    REQUIRE(quotes.size() == 1);
    CHECK(quotes[0].id == id);
    CHECK(quotes[0].vendor == "FS.com");
    CHECK(quotes[0].unitPrice == 36000);
    CHECK(quotes[0].validUntil == "2024-12-31");
    // A read-only book refuses writes with an error naming the file.
    try {
        book.addQuote(quote("x", "y", 1, "2024-01-01"));
        FAIL("a read-only book accepted a write");
    } catch (const PriceBookError &e) {
        CHECK(std::string(e.what()).find(path) != std::string::npos);
        CHECK(std::string(e.what()).find("read-only") != std::string::npos);
    }
}

TEST_CASE("The best quote is the cheapest valid on the day, in USD", "[cost][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    book.setCurrencyRate("EUR", 1.10, "test rate");
    const auto expired = book.addQuote(quote("A", "QM9700", 20000, "2023-01-01", "2023-12-31"));
    const auto future = book.addQuote(quote("B", "QM9700", 21000, "2025-06-01"));
    const auto dearer = book.addQuote(quote("C", "QM9700", 40000, "2024-03-01"));
    // 33,000 EUR x 1.10 = 36,300 USD: dearer than D's 36,000 USD.
    book.addQuote(quote("E", "QM9700", 33000, "2024-04-01", "", "EUR"));
    const auto best = book.addQuote(quote("D", "QM9700", 36000, "2024-05-01", "2024-12-31"));

    auto q = book.bestQuote("QM9700", "2024-08-22");
    REQUIRE(q);
    CHECK(q->id == best);
    CHECK(q->unitUsd == Approx(36000));

    q = book.bestQuote("QM9700", "2023-06-01"); // only the 2023 quote is valid then
    REQUIRE(q);
    CHECK(q->id == expired);
    q = book.bestQuote("QM9700", "2025-07-01"); // D expired, B now valid and cheapest
    REQUIRE(q);
    CHECK(q->id == future);
    q = book.bestQuote("QM9700", "2025-01-01"); // D expired, B not yet valid: E at 36,300 USD
    REQUIRE(q);
    CHECK(q->vendor == "E");
    CHECK(q->unitUsd == Approx(33000 * 1.10));
    CHECK_FALSE(book.bestQuote("QM9700", "2022-12-31"));
    CHECK_FALSE(book.bestQuote("SN5600", "2024-08-22"));

    CHECK(book.removeQuote(best));
    CHECK_FALSE(book.removeQuote(best));
    q = book.bestQuote("QM9700", "2024-08-22");
    REQUIRE(q);
    CHECK(q->vendor == "E");
    CHECK(book.removeQuotes("QM9700") == 4);
    CHECK(book.quoteCount() == 0);
    (void)dearer;
}

TEST_CASE("Bad quotes are refused with errors naming the field", "[cost][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    auto rejects = [&](const Quote &q, const std::string &expected) {
        try {
            book.addQuote(q);
            FAIL("accepted a bad quote: expected '" << expected << "'");
        } catch (const PriceBookError &e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(expected) != std::string::npos);
        }
    };
    rejects(quote("A", "QM9700", -1, "2024-01-01"), "negative unitPrice");
    rejects(quote("A", "QM9700", std::nan(""), "2024-01-01"), "not a finite number");
    rejects(quote("A", "QM9700", 1, "2024-01-01", "", "EUR"), "unknown currency 'EUR'");
    rejects(quote("A", "QM9700", 1, "2024-02-30"), "not an ISO date");
    rejects(quote("A", "QM9700", 1, "2024-05-01", "2024-04-01"), "before the quote date");
    rejects(quote("", "QM9700", 1, "2024-05-01"), "missing vendor");
    rejects(quote("A", "", 1, "2024-05-01"), "missing part");
    CHECK(book.quoteCount() == 0);

    CHECK_THROWS_WITH(book.setCurrencyRate("eur", 1.1), Catch::Contains("ISO 4217"));
    CHECK_THROWS_WITH(book.setCurrencyRate("EUR", 0), Catch::Contains("positive"));
    CHECK_THROWS_WITH(book.setCurrencyRate("USD", 2), Catch::Contains("base currency"));
}

TEST_CASE("CSV import adds every row in one go and export round-trips", "[cost][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    book.setCurrencyRate("EUR", 1.10);
    // Columns in another order, a quoted note with a comma, a quote and a line break (RFC 4180).
    const std::string csv = "part,vendor,unitPrice,currency,date,validUntil,note\r\n"
                            "QM9700,FS.com,36000,USD,2024-08-22,,\"street, not list\"\r\n"
                            "OSFP-400G-SR4,Acme,600,eur,2024-08-01,2025-01-31,\"say \"\"hi\"\"\n"
                            "second line\"\r\n";
    const PriceBookImport imported = book.importCsvText(csv, "quotes.csv");
    INFO(imported.diagnostics.toString());
    CHECK_FALSE(imported.diagnostics.hasErrors());
    CHECK(imported.imported == 2);
    const auto sr4 = book.bestQuote("OSFP-400G-SR4", "2024-09-01");
    REQUIRE(sr4);
    CHECK(sr4->currency == "EUR");
    CHECK(sr4->unitUsd == Approx(660));
    CHECK(sr4->note == "say \"hi\"\nsecond line");

    const std::string exported = dir.file("export.csv");
    const SaveResult saved = book.exportCsv(exported);
    REQUIRE(saved.ok);
    const std::string text = readFile(exported);
    CHECK(text.rfind("vendor,part,unitPrice,currency,date,validUntil,unit,note\r\n", 0) == 0);

    PriceBook other = PriceBook::open(dir.file("other.sqlite"));
    other.setCurrencyRate("EUR", 1.10);
    const PriceBookImport again = other.importCsv(exported);
    CHECK_FALSE(again.diagnostics.hasErrors());
    CHECK(again.imported == 2);
    const std::vector<Quote> a = book.quotes(), b = other.quotes();
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].part == b[i].part);
        CHECK(a[i].vendor == b[i].vendor);
        CHECK(a[i].unitPrice == b[i].unitPrice);
        CHECK(a[i].date == b[i].date);
        CHECK(a[i].validUntil == b[i].validUntil);
        CHECK(a[i].note == b[i].note);
    }

    // Replace mode swaps the whole book in one transaction.
    const PriceBookImport replaced =
        other.importCsvText("vendor,part,unitPrice,currency,date\nX,QM9700,1,USD,2024-01-01\n",
                            "one.csv", ImportMode::Replace);
    CHECK(replaced.imported == 1);
    CHECK(other.quoteCount() == 1);
}

TEST_CASE("A price book saved by a decimal-comma spreadsheet imports as it reads",
          "[cost][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    // UTF-8 byte-order mark, ';' between fields, a quoted decimal comma and a plain one.
    const std::string csv = "\xEF\xBB\xBFvendor;part;unitPrice;currency;date\r\n"
                            "Acme;QM9700;\"41500,50\";USD;2026-01-10\r\n"
                            "Acme;SR4-400G;700,25;USD;2026-01-10\r\n";
    const PriceBookImport imported = book.importCsvText(csv, "semicolons.csv");
    INFO(imported.diagnostics.toString());
    CHECK(imported.imported == 2);
    const auto switchQuote = book.bestQuote("QM9700", "2026-02-01");
    REQUIRE(switchQuote);
    CHECK(switchQuote->unitUsd == Approx(41500.5));
    // A thousands separator is ambiguous: refused with its line, nothing imported.
    const PriceBookImport refused = book.importCsvText(
        "vendor;part;unitPrice;currency;date\nAcme;Q3400;1.234,50;USD;2026-01-10\n", "t.csv");
    CHECK(refused.imported == 0);
    CHECK(refused.diagnostics.toString().find("t.csv: line 2: unitPrice '1.234,50'") !=
          std::string::npos);
    CHECK(book.quoteCount() == 2);
}

TEST_CASE("A malformed price-book CSV imports nothing and names every bad line",
          "[cost][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    book.addQuote(quote("FS.com", "QM9700", 36000, "2024-08-22"));
    const int before = book.quoteCount();
    REQUIRE(before == 1);

    SECTION("bad rows")
    {
        // Line 2 is good, so a half-import would add it. A quoted line break moves line numbers.
        const std::string csv = "vendor,part,unitPrice,currency,date,validUntil,note\n"
                                "Good,OSFP-400G-SR4,600,USD,2024-08-01,,ok\n"        // line 2
                                "Bad1,DAC-400G,-5,USD,2024-08-01,,\n"                // line 3
                                "Bad2,DAC-400G,abc,USD,2024-08-01,,\"two\nlines\"\n" // 4-5
                                "Bad3,DAC-400G,5,XYZ,2024-08-01,,\n"                 // line 6
                                "Bad4,DAC-400G,5,USD,2024-13-01,,\n"                 // line 7
                                "Bad5,DAC-400G,,USD,2024-08-01,,\n"                  // line 8
                                "\n"                                                 // line 9 blank
                                "Bad6,DAC-400G,5,USD,2024-08-01\n"                   // line 10
                                "Bad7,DAC-400G,5,USD,2024-08-01,2024-07-01,\n";      // line 11
        const std::string file = dir.file("bad.csv");
        writeFile(file, csv);
        const PriceBookImport result = book.importCsv(file);
        const Diagnostics &d = result.diagnostics;
        INFO(d.toString());
        CHECK(result.imported == 0);
        CHECK(book.quoteCount() == before);
        CHECK(mentions(d, file + ": line 3: negative unitPrice -5"));
        CHECK(mentions(d, file + ": line 4: unitPrice 'abc' is not a number"));
        CHECK(mentions(d, file + ": line 6: unknown currency 'XYZ'"));
        CHECK(mentions(d, file + ": line 7: date '2024-13-01' is not an ISO date"));
        CHECK(mentions(d, file + ": line 8: missing unitPrice"));
        CHECK(mentions(d, file + ": line 10: 5 fields, the header has 7"));
        CHECK(mentions(d, file + ": line 11: validUntil 2024-07-01 is before"));
        CHECK_FALSE(mentions(d, "line 2:"));
        CHECK(d.items().size() == 7);
    }
    SECTION("bad header")
    {
        const PriceBookImport result = book.importCsvText(
            "vendor,part,price,currency,date,colour\nA,QM9700,1,USD,2024-01-01,red\n", "h.csv");
        CHECK(result.imported == 0);
        CHECK(book.quoteCount() == before);
        CHECK(mentions(result.diagnostics, "h.csv: line 1: unknown column 'price'"));
        CHECK(mentions(result.diagnostics, "h.csv: line 1: unknown column 'colour'"));
        CHECK(mentions(result.diagnostics, "h.csv: line 1: missing column 'unitPrice'"));
    }
    SECTION("unterminated quote and empty file")
    {
        CHECK(book.importCsvText(
                      "vendor,part,unitPrice,currency,date\n\"A,QM9700,1,USD,2024-01-01\n", "q.csv")
                  .diagnostics.hasErrors());
        CHECK(book.importCsvText("", "e.csv").diagnostics.hasErrors());
        CHECK(book.quoteCount() == before);
    }
    SECTION("a file that cannot be read")
    {
        const PriceBookImport result = book.importCsv(dir.file("missing.csv"));
        CHECK(result.imported == 0);
        CHECK(mentions(result.diagnostics, "cannot read"));
    }
}

TEST_CASE("A corrupt file or a foreign database is refused with a clear error", "[cost][pricebook]")
{
    TempDir dir;
    SECTION("garbage bytes")
    {
        const std::string path = dir.file("garbage.sqlite");
        std::string bytes;
        for (int i = 0; i < 8192; ++i)
            bytes += char((i * 7919 + 13) % 251);
        writeFile(path, bytes);
        try {
            PriceBook::open(path);
            FAIL("opened a garbage file");
        } catch (const PriceBookError &e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(path) != std::string::npos);
            CHECK(std::string(e.what()).find("not a SQLite database") != std::string::npos);
        }
        CHECK(readFile(path) == bytes); // left untouched
    }
    SECTION("a damaged price book")
    {
        const std::string path = dir.file("damaged.sqlite");
        {
            PriceBook book = PriceBook::open(path);
            for (int i = 0; i < 400; ++i)
                book.addQuote(quote("V" + std::to_string(i), "P" + std::to_string(i % 50), 100 + i,
                                    "2024-01-01"));
        }
        {
            RawConnection raw(path); // fold the WAL into the main file
            REQUIRE(raw.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE") ==
                    SQLITE_OK);
        }
        std::string bytes = readFile(path);
        REQUIRE(bytes.size() > 3 * 4096);
        // Overwrite the b-tree pages after the schema page with noise.
        for (std::size_t i = 4096 + 8; i < bytes.size(); i += 3)
            bytes[i] = char(0xA5 ^ (i & 0xff));
        writeFile(path, bytes);
        try {
            PriceBook::open(path);
            FAIL("opened a damaged price book");
        } catch (const PriceBookError &e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(path) != std::string::npos);
            CHECK(std::string(e.what()).find("corrupt") != std::string::npos);
        }
    }
    SECTION("another program's database")
    {
        const std::string path = dir.file("other.sqlite");
        {
            RawConnection raw(path);
            REQUIRE(raw.exec("CREATE TABLE t (x)") == SQLITE_OK);
        }
        CHECK_THROWS_WITH(PriceBook::open(path), Catch::Contains("not an AIDC Planner price book"));
        // Issue 18, item 6: refused untouched; it used to be switched to WAL mode first.
        RawConnection raw(path);
        sqlite3_stmt *mode = nullptr;
        REQUIRE(sqlite3_prepare_v2(raw.db, "PRAGMA journal_mode", -1, &mode, nullptr) == SQLITE_OK);
        REQUIRE(sqlite3_step(mode) == SQLITE_ROW);
        CHECK(std::string(reinterpret_cast<const char *>(sqlite3_column_text(mode, 0))) ==
              "delete");
        sqlite3_finalize(mode);
    }
    SECTION("a newer schema")
    {
        const std::string path = dir.file("newer.sqlite");
        PriceBook::open(path);
        {
            RawConnection raw(path);
            REQUIRE(raw.exec("UPDATE schema_version SET version = 99") == SQLITE_OK);
        }
        CHECK_THROWS_WITH(PriceBook::open(path), Catch::Contains("newer"));
    }
    SECTION("a missing file opened read-only")
    {
        CHECK_THROWS_WITH(PriceBook::open(dir.file("none.sqlite"), PriceBook::OpenMode::ReadOnly),
                          Catch::Contains("does not exist"));
    }
}

TEST_CASE("A locked price book gives a clear error after the busy timeout", "[cost][pricebook]")
{
    TempDir dir;
    const std::string path = dir.file("book.sqlite");
    {
        PriceBook book = PriceBook::open(path);
        book.addQuote(quote("FS.com", "QM9700", 36000, "2024-08-22"));
    }
    SECTION("a writer holds the lock: reads work, writes and imports fail cleanly")
    {
        PriceBook book = PriceBook::open(path, PriceBook::OpenMode::ReadWrite, 100);
        RawConnection other(path);
        REQUIRE(other.exec("BEGIN EXCLUSIVE") == SQLITE_OK);
        CHECK(book.bestQuote("QM9700", "2024-09-01")); // WAL: readers are not blocked
        CHECK_THROWS_WITH(book.addQuote(quote("X", "QM9700", 1, "2024-01-01")),
                          Catch::Contains("locked by another connection"));
        const PriceBookImport result = book.importCsvText(
            "vendor,part,unitPrice,currency,date\nX,SN5600,1,USD,2024-01-01\n", "q.csv");
        CHECK(result.imported == 0);
        CHECK(mentions(result.diagnostics, "nothing imported"));
        CHECK(mentions(result.diagnostics, "locked"));
        REQUIRE(other.exec("ROLLBACK") == SQLITE_OK);
        CHECK(book.quoteCount() == 1);
        // Once released, the same import goes through.
        CHECK(book.importCsvText("vendor,part,unitPrice,currency,date\nX,SN5600,1,USD,2024-01-01\n",
                                 "q.csv")
                  .imported == 1);
    }
    SECTION("an exclusive lock on a rollback-journal book blocks even opening")
    {
        RawConnection other(path);
        REQUIRE(other.exec("PRAGMA journal_mode=DELETE") == SQLITE_OK);
        REQUIRE(other.exec("BEGIN EXCLUSIVE") == SQLITE_OK);
        try {
            PriceBook::open(path, PriceBook::OpenMode::ReadWrite, 100);
            FAIL("opened a locked price book");
        } catch (const PriceBookError &e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(path) != std::string::npos);
            CHECK(std::string(e.what()).find("locked") != std::string::npos);
            CHECK(std::string(e.what()).find("100 ms") != std::string::npos);
        }
        other.exec("ROLLBACK");
    }
}

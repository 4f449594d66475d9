// SPDX-License-Identifier: Apache-2.0
// RFC 4180 CSV writer and reader (model/csv.h).

#include "model/csv.h"

#include <catch2/catch.hpp>

#include <clocale>
#include <cmath>
#include <limits>

using namespace aidc;

TEST_CASE("fields are quoted only when RFC 4180 requires it, records end in CRLF", "[csv]")
{
    CsvTable table;
    table.header = {"part", "note"};
    table.rows = {{"plain", "has,comma"},
                  {"say \"hi\"", "line1\nline2"},
                  {"naïve ✓ 光", "cr\rhere"},
                  {"", "  spaces kept  "}};
    // Written by hand from RFC 4180 §2: quotes doubled inside a quoted field.
    const std::string expected = "part,note\r\n"
                                 "plain,\"has,comma\"\r\n"
                                 "\"say \"\"hi\"\"\",\"line1\nline2\"\r\n"
                                 "naïve ✓ 光,\"cr\rhere\"\r\n"
                                 ",  spaces kept  \r\n";
    CHECK(toCsv(table) == expected);
}

TEST_CASE("what the writer writes, the reader reads back unchanged", "[csv]")
{
    CsvTable table;
    table.header = {"a", "b", "c"};
    table.rows = {{"x,y", "\"quoted\"", "multi\r\nline"},
                  {"Zürich", "日本語", "emoji 🚀"},
                  {"", "", ""},
                  {"trailing\n", "\"\"", ","}};
    Diagnostics diagnostics;
    const CsvTable back = parseCsv(toCsv(table), "t.csv", diagnostics);
    CHECK(diagnostics.empty());
    CHECK(back.header == table.header);
    CHECK(back.rows == table.rows);
}

TEST_CASE("the reader takes LF or CRLF line ends and skips blank lines", "[csv]")
{
    Diagnostics diagnostics;
    const CsvTable lf = parseCsv("id,price\nH100,25000\n\nB200,40000", "t.csv", diagnostics);
    CHECK(diagnostics.empty());
    CHECK(lf.header == std::vector<std::string>{"id", "price"});
    REQUIRE(lf.rows.size() == 2);
    CHECK(lf.rows[1] == std::vector<std::string>{"B200", "40000"});

    const CsvTable crlf = parseCsv("id,price\r\nH100,25000\r\n", "t.csv", diagnostics);
    CHECK(diagnostics.empty());
    REQUIRE(crlf.rows.size() == 1);
    CHECK(crlf.rows[0][1] == "25000"); // no stray '\r'
}

TEST_CASE("malformed CSV is reported with the file and line", "[csv]")
{
    Diagnostics unterminated;
    parseCsv("a,b\n\"open,1\n", "prices.csv", unterminated);
    REQUIRE(unterminated.items().size() == 1);
    CHECK(unterminated.items()[0].file == "prices.csv");
    CHECK(unterminated.items()[0].message == "line 2: unterminated quoted field");

    // The quoted field of record 2 spans lines 2-3, so the short record starts on line 4.
    Diagnostics shortRow;
    const CsvTable t = parseCsv("a,b\n\"x\ny\",1\n2\nc,d\n", "prices.csv", shortRow);
    REQUIRE(shortRow.items().size() == 1);
    CHECK(shortRow.items()[0].message == "line 4: 1 fields, the header has 2");
    REQUIRE(t.rows.size() == 2); // the good rows are kept
    CHECK(t.rows[0] == std::vector<std::string>{"x\ny", "1"});
    CHECK(t.rows[1] == std::vector<std::string>{"c", "d"});

    Diagnostics empty;
    parseCsv("", "e.csv", empty);
    CHECK(empty.hasErrors());
}

TEST_CASE("numbers are written shortest round-trip and locale-free", "[csv]")
{
    CHECK(formatCsvNumber(0.1) == "0.1");
    CHECK(formatCsvNumber(25000) == "25000");
    CHECK(formatCsvNumber(-1.5) == "-1.5");
    CHECK(std::stod(formatCsvNumber(1.0 / 3.0)) == 1.0 / 3.0);
    CHECK(formatCsvNumber(std::numeric_limits<double>::quiet_NaN()).empty());
    CHECK(formatCsvNumber(std::numeric_limits<double>::infinity()).empty());
    // A decimal-comma locale must not change the output (skipped if not installed).
    const char *old = std::setlocale(LC_NUMERIC, nullptr);
    const std::string saved = old ? old : "C";
    if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) {
        CHECK(formatCsvNumber(0.5) == "0.5");
        std::setlocale(LC_NUMERIC, saved.c_str());
    }
}

// Issue 18, item 11 (OWASP "CSV Injection"): a project named =HYPERLINK(...) was written as-is,
// and a spreadsheet ran it. Text that starts like a formula gets an apostrophe; numbers do not.
TEST_CASE("cells that a spreadsheet would run as formulas are neutralised", "[csv][security]")
{
    CsvTable table;
    table.header = {"name", "value"};
    table.rows = {{"=HYPERLINK(\"http://x\",\"click\")", "-3.5"},
                  {"+cmd", "+12"},
                  {"-rf", "1e-3"},
                  {"@SUM(A1)", "-"},
                  {"\tTAB", "ok"}};
    const std::string csv = toCsv(table);
    CHECK(csv.find("\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\",-3.5\r\n") !=
          std::string::npos);
    CHECK(csv.find("'+cmd,+12\r\n") != std::string::npos);
    CHECK(csv.find("'-rf,1e-3\r\n") != std::string::npos);
    CHECK(csv.find("'@SUM(A1),'-\r\n") != std::string::npos);
    CHECK(csv.find("'\tTAB,ok\r\n") != std::string::npos);
    CHECK(csvSafeText("-3.5") == "-3.5");
    CHECK(csvSafeText("Zürich") == "Zürich");

    // Read back, the apostrophes go again: an exported price book imports unchanged.
    Diagnostics diagnostics;
    const CsvTable back = parseCsv(csv, "t.csv", diagnostics);
    CHECK(diagnostics.empty());
    CHECK(back.rows == table.rows);
}

// Issue 18, item 6: a UTF-8 byte-order mark (spreadsheets' "CSV UTF-8") was refused, and NUL
// bytes were stored and read back truncated.
TEST_CASE("the reader takes a byte-order mark and refuses NUL bytes", "[csv]")
{
    Diagnostics diagnostics;
    const CsvTable table =
        parseCsv("\xEF\xBB\xBFvendor,part\r\nV,QM9700\r\n", "b.csv", diagnostics);
    CHECK(diagnostics.empty());
    CHECK(table.header == std::vector<std::string>{"vendor", "part"});
    Diagnostics nul;
    std::string withNul = "vendor,part\r\nV,QM";
    withNul += '\0';
    withNul += "9700\r\n";
    parseCsv(withNul, "n.csv", nul);
    REQUIRE(nul.hasErrors());
    CHECK(nul.toString().find("n.csv") != std::string::npos);
    CHECK(nul.toString().find("line 2: a NUL byte") != std::string::npos);
}

TEST_CASE("a decimal-comma dialect writes semicolons and decimal commas for numbers only", "[csv]")
{
    // What a German or French spreadsheet opens without an import dialog.
    const CsvDialect dialect{';', ','};
    std::string out;
    appendCsvRecord(out, {"QM9700", "41500.5", "-3.25", "1e6", "a;b", "v1.2", "=1+2"}, dialect);
    CHECK(out == "QM9700;41500,5;-3,25;1e6;\"a;b\";v1.2;'=1+2\r\n");
    // RFC 4180 stays the default.
    std::string plain;
    appendCsvRecord(plain, {"41500.5", "a;b"});
    CHECK(plain == "41500.5,a;b\r\n");
}

TEST_CASE("the delimiter a spreadsheet wrote is detected from the first line", "[csv]")
{
    CHECK(detectCsvDelimiter("a,b,c\n1;2;3\n") == ',');
    CHECK(detectCsvDelimiter("vendor;part;unitPrice\nx,y;z;1,5\n") == ';');
    CHECK(detectCsvDelimiter("\"a;b\",c\n") == ','); // inside quotes does not count
    CHECK(detectCsvDelimiter("a\tb\tc\n") == '\t');
    CHECK(detectCsvDelimiter("single\n") == ',');
    Diagnostics diagnostics;
    const CsvTable table = parseCsv("a;b\r\n\"1,5\";x\r\n", "t.csv", diagnostics, ';');
    REQUIRE(table.rows.size() == 1);
    CHECK(table.rows[0][0] == "1,5");
    CHECK(table.rowLines == std::vector<int>{2});
}

TEST_CASE("numbers parse with either decimal mark, never with thousands separators", "[csv]")
{
    double v = 0;
    CHECK((parseCsvNumber("1234.5", '.', v) && v == 1234.5));
    CHECK((parseCsvNumber("1234,5", ',', v) && v == 1234.5));
    CHECK((parseCsvNumber("700", ',', v) && v == 700));
    CHECK_FALSE(parseCsvNumber("1.234", ',', v)); // 1234 or 1.234?
    CHECK_FALSE(parseCsvNumber("1234,5", '.', v));
    CHECK_FALSE(parseCsvNumber("1.234,5", ',', v));
    CHECK_FALSE(parseCsvNumber("1,234,5", ',', v));
    CHECK_FALSE(parseCsvNumber("", ',', v));
    CHECK_FALSE(parseCsvNumber("inf", '.', v));
}

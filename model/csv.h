// SPDX-License-Identifier: Apache-2.0
#pragma once

// RFC 4180 CSV: the one writer behind every CSV the CLI and the GUI export (BOM, cable schedule,
// batch results, price books) and the one reader for imported CSV (price books).
// Fields are quoted when they hold a comma, a quote, CR or LF; lines end in CRLF as the RFC says;
// numbers are written locale-free by the caller (formatCsvNumber). Text that a spreadsheet would
// run as a formula (a cell starting with =, +, -, @, tab or CR that is not a number, e.g. a
// project named =HYPERLINK(...)) is written with a leading apostrophe (OWASP "CSV Injection"),
// and the reader removes that apostrophe again, so exported price books import unchanged.

#include "diagnostics.h"

#include <string>
#include <vector>

namespace aidc {

struct CsvTable
{
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<int> rowLines; // parseCsv(): the line each row starts on (1 = the header)
};

// What spreadsheets of a locale expect: RFC 4180 is ',' and '.'; a German or French
// spreadsheet opens ';' with a decimal comma. With decimal ',' every field that is a number is
// written with ',' for its point (the delimiter must then not be ',').
struct CsvDialect
{
    char delimiter = ',';
    char decimal = '.';
};

std::string toCsv(const CsvTable &table, const CsvDialect &dialect = {});

// One record of toCsv() appended to `out` (fields neutralised and quoted, CRLF): for writers that
// stream rows instead of building a table.
void appendCsvRecord(std::string &out, const std::vector<std::string> &fields,
                     const CsvDialect &dialect = {});

// The delimiter of a CSV text as a spreadsheet wrote it: the most frequent of ',', ';' and TAB
// outside quotes on its first line (',' on a tie or when none occurs).
char detectCsvDelimiter(const std::string &text);

// `field` as a spreadsheet must show it: an apostrophe before text that would start a formula;
// numbers ("-3.5") and all other text unchanged. Every CSV/XLSX cell writer uses it.
std::string csvSafeText(const std::string &field);

// Shortest round-trippable decimal form, '.' as the decimal point whatever the locale.
std::string formatCsvNumber(double value);

// Parses RFC 4180 text (CRLF or LF line ends, quoted fields with embedded commas, quotes and
// newlines, an optional UTF-8 byte-order mark). The first record is the header. A NUL byte is
// an error. Malformed input (an unterminated quote, a row whose
// field count differs from the header) is reported as "<file>: line N: problem".
CsvTable parseCsv(const std::string &text, const std::string &fileName, Diagnostics &diagnostics,
                  char delimiter = ',');

// A number as a spreadsheet of its convention writes it: "1234.5", or with `decimal` ','
// "1234,5" (a '.' is then refused: "1.234" could be 1234 or 1.234).
bool parseCsvNumber(const std::string &text, char decimal, double &value);

} // namespace aidc

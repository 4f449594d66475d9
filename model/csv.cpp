// SPDX-License-Identifier: Apache-2.0
#include "csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace aidc {

namespace {

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP, "CSV
// Injection"); a leading apostrophe makes it text.
bool startsLikeFormula(const std::string &field)
{
    return !field.empty() && std::string_view("=+-@\t\r").find(field[0]) != std::string::npos;
}

bool isNumber(const std::string &field)
{
    double value = 0;
    const char *begin = field.data() + (field[0] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(begin, field.data() + field.size(), value);
    return ec == std::errc() && end == field.data() + field.size();
}

void appendField(std::string &out, const std::string &raw, const CsvDialect &dialect)
{
    // csvSafeText() without copying the field when it needs no apostrophe (the common case).
    const bool number = !raw.empty() && isNumber(raw);
    const bool neutralise = startsLikeFormula(raw) && !number;
    std::string decimalComma;
    if (dialect.decimal != '.' && number && raw.find('.') != std::string::npos) {
        decimalComma = raw;
        std::replace(decimalComma.begin(), decimalComma.end(), '.', dialect.decimal);
    }
    const std::string_view field = decimalComma.empty() ? std::string_view(raw) : decimalComma;
    const char delimiter = dialect.delimiter;
    const bool plain = std::none_of(field.begin(), field.end(), [delimiter](char c) {
        return c == delimiter || c == '"' || c == '\r' || c == '\n';
    });
    if (plain) {
        if (neutralise)
            out += '\'';
        out += field;
        return;
    }
    out += '"';
    if (neutralise)
        out += '\'';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

} // namespace

std::string csvSafeText(const std::string &field)
{
    if (!startsLikeFormula(field) || isNumber(field))
        return field;
    return "'" + field;
}

void appendCsvRecord(std::string &out, const std::vector<std::string> &fields,
                     const CsvDialect &dialect)
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += dialect.delimiter;
        appendField(out, fields[i], dialect);
    }
    out += "\r\n";
}

std::string toCsv(const CsvTable &table, const CsvDialect &dialect)
{
    std::string out;
    appendCsvRecord(out, table.header, dialect);
    for (const std::vector<std::string> &row : table.rows)
        appendCsvRecord(out, row, dialect);
    return out;
}

char detectCsvDelimiter(const std::string &text)
{
    int commas = 0, semicolons = 0, tabs = 0;
    bool inQuotes = false;
    for (char c : text) {
        if (c == '"')
            inQuotes = !inQuotes;
        else if (!inQuotes && (c == '\n' || c == '\r'))
            break;
        else if (!inQuotes) {
            commas += c == ',' ? 1 : 0;
            semicolons += c == ';' ? 1 : 0;
            tabs += c == '\t' ? 1 : 0;
        }
    }
    if (semicolons > commas && semicolons >= tabs)
        return ';';
    if (tabs > commas && tabs > semicolons)
        return '\t';
    return ',';
}

bool parseCsvNumber(const std::string &text, char decimal, double &value)
{
    std::string number = text;
    if (decimal != '.') {
        // With a decimal comma a '.' is a thousands separator ("1.234" is 1234): ambiguous.
        if (number.find('.') != std::string::npos ||
            std::count(number.begin(), number.end(), decimal) > 1)
            return false;
        std::replace(number.begin(), number.end(), decimal, '.');
    }
    if (number.empty())
        return false;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    return ec == std::errc() && end == number.data() + number.size() && std::isfinite(value);
}

std::string formatCsvNumber(double value)
{
    if (!std::isfinite(value))
        return "";
    // Whole numbers as integers ("300000000", not "3e+08"), so spreadsheets read them as such.
    if (std::abs(value) < 1e15 && value == std::round(value))
        return std::to_string(static_cast<long long>(value));
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (ec != std::errc())
        return "";
    return std::string(buffer, end);
}

CsvTable parseCsv(const std::string &text, const std::string &fileName, Diagnostics &diagnostics,
                  char delimiter)
{
    CsvTable table;
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    bool inQuotes = false;
    bool fieldStarted = false;
    int line = 1;
    int recordLine = 1;
    std::vector<int> recordLines;

    auto endField = [&] {
        // Undo the writer's formula guard, so an export imports back unchanged.
        if (field.size() > 1 && field[0] == '\'' && startsLikeFormula(field.substr(1)))
            field.erase(0, 1);
        record.push_back(field);
        field.clear();
        fieldStarted = false;
    };
    auto endRecord = [&] {
        endField();
        if (!(record.size() == 1 && record[0].empty())) { // skip blank lines
            records.push_back(record);
            recordLines.push_back(recordLine);
        }
        record.clear();
    };

    // A spreadsheet's "CSV UTF-8" starts with a byte-order mark: not part of the header.
    const std::size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    for (std::size_t i = start; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\0') {
            // Stored, a NUL would cut the text short on the way back out.
            diagnostics.error(fileName, "",
                              "line " + std::to_string(line) + ": a NUL byte (not text)");
            return table;
        }
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == '\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == '"' && !fieldStarted && field.empty()) {
            inQuotes = true;
            fieldStarted = true;
        } else if (c == delimiter) {
            endField();
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            continue; // CRLF: the LF ends the record
        } else if (c == '\n') {
            endRecord();
            ++line;
            recordLine = line;
        } else {
            fieldStarted = true;
            field += c;
        }
    }
    if (inQuotes) {
        diagnostics.error(fileName, "",
                          "line " + std::to_string(recordLine) + ": unterminated quoted field");
        return table;
    }
    if (!field.empty() || !record.empty())
        endRecord();

    if (records.empty()) {
        diagnostics.error(fileName, "", "empty CSV file (a header line is required)");
        return table;
    }
    table.header = records.front();
    for (std::size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() != table.header.size()) {
            diagnostics.error(fileName, "",
                              "line " + std::to_string(recordLines[r]) + ": " +
                                  std::to_string(records[r].size()) + " fields, the header has " +
                                  std::to_string(table.header.size()));
            continue;
        }
        table.rows.push_back(records[r]);
        table.rowLines.push_back(recordLines[r]);
    }
    return table;
}

} // namespace aidc

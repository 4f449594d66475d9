#include "csv.h"

#include <charconv>
#include <cmath>

namespace aidc {

namespace {

void appendField(std::string &out, const std::string &field)
{
    if (field.find_first_of(",\"\r\n") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

void appendRecord(std::string &out, const std::vector<std::string> &fields)
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        appendField(out, fields[i]);
    }
    out += "\r\n";
}

} // namespace

std::string toCsv(const CsvTable &table)
{
    std::string out;
    appendRecord(out, table.header);
    for (const std::vector<std::string> &row : table.rows)
        appendRecord(out, row);
    return out;
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

CsvTable parseCsv(const std::string &text, const std::string &fileName, Diagnostics &diagnostics)
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

    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
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
        } else if (c == ',') {
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
    }
    return table;
}

} // namespace aidc

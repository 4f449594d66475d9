// SPDX-License-Identifier: Apache-2.0
#include "xlsxworkbook.h"

#include "model/csv.h"
#include "solvers/common/reportformat.h"

#include <xlsxwriter.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <unistd.h>

namespace aidc {

namespace {

// The whole text as a finite number ("12", "-3.5", "1e6"), locale-free.
bool asNumber(const std::string &text, double &value)
{
    if (text.empty() || text.size() > 40)
        return false;
    const char *first = text.data();
    const char *last = first + text.size();
    if (*first == '+')
        return false;
    // An identifier with a leading zero ("0042") stays text: a number never starts "0" + digit.
    const char *digits = *first == '-' ? first + 1 : first;
    if (last - digits > 1 && digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9')
        return false;
    const auto result = std::from_chars(first, last, value);
    return result.ec == std::errc() && result.ptr == last && std::isfinite(value);
}

std::string lowered(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

} // namespace

std::string XlsxWorkbook::sheetName(const std::string &wanted, std::set<std::string> &taken)
{
    std::string base;
    for (char c : wanted)
        base += std::string("[]:*?/\\").find(c) == std::string::npos ? c : '_';
    if (base.empty())
        base = "Sheet";
    // A sheet name may not start or end with an apostrophe.
    if (base.front() == '\'')
        base.front() = '_';
    if (base.back() == '\'')
        base.back() = '_';
    std::string name = utf8Prefix(base, 31);
    for (int n = 2; taken.count(lowered(name)); ++n) {
        const std::string suffix = " (" + std::to_string(n) + ")";
        name = utf8Prefix(base, 31 - suffix.size()) + suffix;
    }
    taken.insert(lowered(name));
    return name;
}

XlsxWorkbook::XlsxWorkbook(const std::string &path)
    : m_path(path)
{
    const std::filesystem::path target(path);
    m_tempPath = (target.parent_path() /
                  ("." + target.filename().string() + ".tmp-" + std::to_string(::getpid())))
                     .string();
    // Probe the temporary now: libxlsxwriter opens it only in workbook_close(), after the
    // whole workbook was built, and prints its own message to stderr when it cannot.
    if (std::FILE *probe = std::fopen(m_tempPath.c_str(), "wb")) {
        std::fclose(probe);
    } else {
        m_error = path + ": cannot write there (" + std::strerror(errno) + ")";
        return;
    }
    lxw_workbook_options options{};
    options.constant_memory = LXW_TRUE;
    m_workbook = workbook_new_opt(m_tempPath.c_str(), &options);
    if (!m_workbook) {
        std::remove(m_tempPath.c_str());
        m_error = path + ": cannot create the workbook";
    }
}

XlsxWorkbook::~XlsxWorkbook()
{
    if (m_workbook) {
        // Not closed: nothing reaches the target; drop the temporary.
        workbook_close(m_workbook);
        std::remove(m_tempPath.c_str());
    }
}

void XlsxWorkbook::openSheet(const std::string &name)
{
    m_sheet = workbook_add_worksheet(m_workbook, sheetName(name, m_taken).c_str());
    if (!m_sheet) {
        m_error = m_path + ": cannot add the sheet '" + name + "'";
        return;
    }
    worksheet_freeze_panes(m_sheet, 1, 0);
    for (std::size_t c = 0; c < m_header.size(); ++c) {
        worksheet_set_column(m_sheet, lxw_col_t(c), lxw_col_t(c),
                             double(std::clamp<std::size_t>(m_header[c].size() + 2, 8, 40)),
                             nullptr);
        worksheet_write_string(m_sheet, 0, lxw_col_t(c), csvSafeText(m_header[c]).c_str(), nullptr);
    }
    m_row = 1;
}

void XlsxWorkbook::finishSheet()
{
    if (m_sheet && !m_header.empty())
        worksheet_autofilter(m_sheet, 0, 0, m_row - 1, lxw_col_t(m_header.size() - 1));
    m_sheet = nullptr;
}

void XlsxWorkbook::beginSheet(const std::string &name, const std::vector<std::string> &header)
{
    if (!ok())
        return;
    finishSheet();
    m_sheetBase = name;
    m_header = header;
    m_part = 1;
    openSheet(name);
}

void XlsxWorkbook::addRow(const std::vector<std::string> &cells)
{
    if (!ok() || !m_sheet)
        return;
    if (m_row >= kMaxRows) {
        finishSheet();
        openSheet(m_sheetBase + " (" + std::to_string(++m_part) + ")");
        if (!ok())
            return;
    }
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const std::string &cell = cells[c];
        if (cell.empty())
            continue;
        double value = 0;
        const lxw_error written =
            asNumber(cell, value)
                ? worksheet_write_number(m_sheet, m_row, lxw_col_t(c), value, nullptr)
                : worksheet_write_string(m_sheet, m_row, lxw_col_t(c), csvSafeText(cell).c_str(),
                                         nullptr);
        if (written != LXW_NO_ERROR) {
            m_error = m_path + ": cannot write row " + std::to_string(m_row + 1) + ": " +
                      lxw_strerror(written);
            return;
        }
    }
    ++m_row;
}

SaveResult XlsxWorkbook::close()
{
    if (!m_workbook)
        return {false, m_error};
    finishSheet();
    if (ok() && m_taken.empty())
        beginSheet("Sheet", {}); // a workbook needs a sheet
    finishSheet();
    const lxw_error closed = workbook_close(m_workbook);
    m_workbook = nullptr;
    if (!ok() || closed != LXW_NO_ERROR) {
        std::remove(m_tempPath.c_str());
        if (ok())
            m_error = m_path + ": cannot write the workbook: " + lxw_strerror(closed);
        return {false, m_error};
    }
    std::error_code ec;
    std::filesystem::rename(m_tempPath, m_path, ec);
    if (ec) {
        std::remove(m_tempPath.c_str());
        m_error = m_path + ": cannot write (" + ec.message() + ")";
        return {false, m_error};
    }
    return {true, {}};
}

void addSheetsByColumn(XlsxWorkbook &workbook, const CsvTable &table, std::size_t column)
{
    std::vector<std::string> keys;
    for (const auto &row : table.rows)
        if (std::find(keys.begin(), keys.end(), row[column]) == keys.end())
            keys.push_back(row[column]);
    for (const std::string &key : keys) {
        workbook.beginSheet(key, table.header);
        for (const auto &row : table.rows)
            if (row[column] == key)
                workbook.addRow(row);
    }
    if (keys.empty())
        workbook.beginSheet("empty", table.header);
}

} // namespace aidc

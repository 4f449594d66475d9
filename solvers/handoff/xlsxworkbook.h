// SPDX-License-Identifier: Apache-2.0
#pragma once

// XLSX workbooks of the CLI's tables (`aidc bom|cables|racks --xlsx`), written with
// libxlsxwriter in constant-memory mode so a 1M-GPU cable schedule streams [ref:libxlsxwriter]:
//   - a cell that is a number (the whole text parses as a finite decimal, no leading zero as in
//     an identifier "0042") is a numeric cell;
//     other text goes through csvSafeText() (a leading =, +, -, @ cannot start a formula);
//   - every sheet's header row is frozen and carries an auto-filter; units are in the headers
//     as the CSV has them;
//   - a sheet longer than a spreadsheet's 1,048,576 rows continues on "<name> (2)", ... with the
//     same header;
//   - sheet names are cut to 31 characters, []:*?/\ become '_', and a name already taken (case
//     does not count, as in Excel) gets " (2)", " (3)", ...
// The workbook is written to a temporary file beside the target and renamed over it by close():
// a failed write leaves the old file.

#include "model/atomicfile.h"
#include "model/csv.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

struct lxw_workbook;
struct lxw_worksheet;

namespace aidc {

class XlsxWorkbook
{
public:
    explicit XlsxWorkbook(const std::string &path);
    ~XlsxWorkbook();
    XlsxWorkbook(const XlsxWorkbook &) = delete;
    XlsxWorkbook &operator=(const XlsxWorkbook &) = delete;

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }

    void beginSheet(const std::string &name, const std::vector<std::string> &header);
    void addRow(const std::vector<std::string> &cells);
    SaveResult close();

    // The sheet name `wanted` becomes (see above), given the names already taken (lower case).
    static std::string sheetName(const std::string &wanted, std::set<std::string> &taken);

    static constexpr std::uint32_t kMaxRows = 1048576; // rows per sheet, header included

private:
    void openSheet(const std::string &name);
    void finishSheet();

    std::string m_path, m_tempPath;
    lxw_workbook *m_workbook = nullptr;
    lxw_worksheet *m_sheet = nullptr;
    std::string m_sheetBase;
    std::vector<std::string> m_header;
    std::uint32_t m_row = 0; // next row of the current sheet
    int m_part = 1;
    std::set<std::string> m_taken;
    std::string m_error;
};

// One sheet per value of `table`'s column `column` (in order of first appearance), every row
// once under the table's header; a sheet "empty" when the table has no rows.
void addSheetsByColumn(XlsxWorkbook &workbook, const CsvTable &table, std::size_t column);

} // namespace aidc

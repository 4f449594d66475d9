// SPDX-License-Identifier: Apache-2.0
// XLSX sheet names (issue 21: "a sheet name collision" is bad input that must come out sane).
// The workbook contents are checked against the CSV by tests/cli/check_xlsx.py.

#include "solvers/handoff/xlsxworkbook.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace aidc;

TEST_CASE("XLSX sheet names are legal, at most 31 characters and unique", "[xlsx]")
{
    std::set<std::string> taken;
    CHECK(XlsxWorkbook::sheetName("compute", taken) == "compute");
    CHECK(XlsxWorkbook::sheetName("Compute", taken) == "Compute (2)"); // Excel ignores case
    CHECK(XlsxWorkbook::sheetName("a/b:c*d?e[f]g\\h", taken) == "a_b_c_d_e_f_g_h");
    CHECK(XlsxWorkbook::sheetName("'quoted'", taken) == "_quoted_");
    CHECK(XlsxWorkbook::sheetName("", taken) == "Sheet");
    const std::string longName(40, 'x');
    CHECK(XlsxWorkbook::sheetName(longName, taken) == std::string(31, 'x'));
    CHECK(XlsxWorkbook::sheetName(longName, taken) == std::string(27, 'x') + " (2)");
    // A multi-byte character is never cut in half.
    std::set<std::string> fresh;
    const std::string umlauts = std::string(30, 'a') + "äö";
    CHECK(XlsxWorkbook::sheetName(umlauts, fresh) == std::string(30, 'a') + "ä");
}

TEST_CASE("An XLSX workbook replaces its target only when closed", "[xlsx]")
{
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / "aidc-xlsx-test.xlsx";
    std::filesystem::remove(path);
    {
        XlsxWorkbook abandoned(path.string());
        abandoned.beginSheet("s", {"a", "b"});
        abandoned.addRow({"1", "=2+3"});
    } // destroyed without close(): nothing written
    CHECK_FALSE(std::filesystem::exists(path));
    XlsxWorkbook workbook(path.string());
    workbook.beginSheet("s", {"a", "b"});
    workbook.addRow({"1", "=2+3"});
    CHECK(workbook.close().ok);
    CHECK(std::filesystem::file_size(path) > 0);
    std::filesystem::remove(path);
    // A directory that does not exist: an error naming the file, no exception.
    XlsxWorkbook nowhere("/nonexistent-dir/x.xlsx");
    nowhere.beginSheet("s", {"a"});
    const SaveResult saved = nowhere.close();
    CHECK_FALSE(saved.ok);
    CHECK(saved.error.find("x.xlsx") != std::string::npos);
    CHECK(saved.error.find("cannot write there") != std::string::npos); // found up front
}

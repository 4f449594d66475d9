// SPDX-License-Identifier: Apache-2.0
#pragma once

// Locale-free number formatting and aligned text tables for the CLI's text reports.
// Output is deterministic (golden tests compare it byte for byte).

#include <ostream>
#include <string>
#include <vector>

namespace aidc {

std::string formatCount(long long value);            // 100000 -> "100,000"
std::string formatFixed(double value, int decimals); // 3.14159, 2 -> "3.14"
// `digits` significant digits, trailing zeros dropped, as printf's %g: 0.5 -> "0.5",
// 1234567 -> "1.23457e+06"; 6.4, 3 -> "6.4". The one spelling of a plain number in messages.
std::string formatSignificant(double value, int digits = 6);
std::string formatPower(double watts);   // 1.5e8 -> "150.00 MW", 10200 -> "10.20 kW"
std::string formatEnergyMWh(double mwh); // 1.59e6 -> "1.590 TWh"
std::string formatUsd(double usd);       // 1.24e8 -> "$124.0 M", 4.2e9 -> "$4.20 B"
// The same scaling in any currency: 1.24e8, "€" -> "€124.0 M" (displayunits.h converts).
std::string formatMoneyAmount(double amount, const std::string &symbol);
std::string formatPercent(double fraction, int decimals = 1); // 0.431 -> "43.1 %"
std::string formatDuration(double seconds); // "12.3 s", "4.5 min", "3.2 h", "41.0 d"

// The first `chars` characters of UTF-8 `text` (never cut inside a multi-byte character).
std::string utf8Prefix(const std::string &text, std::size_t chars);

// The column widths of an aligned table, measured row by row, so that a table too large to hold
// (a 1M-GPU cable schedule) is written in two passes over its rows: measure() each, then line()
// each. Two-space indent; the first column left-aligned, the rest right-aligned.
class TextTableLayout
{
public:
    explicit TextTableLayout(std::vector<std::string> header);
    void measure(const std::vector<std::string> &cells);
    std::string headerLines() const; // the header and its rule of dashes
    std::string line(const std::vector<std::string> &cells) const; // ends in '\n'

private:
    std::vector<std::string> m_header;
    std::vector<std::size_t> m_widths;
};

// A whole table held in memory (reports of a few hundred rows), laid out by TextTableLayout.
class TextTable
{
public:
    explicit TextTable(std::vector<std::string> header);
    void addRow(std::vector<std::string> cells);
    // Two-space indent; first column left-aligned, the rest right-aligned.
    void write(std::ostream &out) const;

private:
    std::vector<std::string> m_header;
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "reportformat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace aidc {

std::string formatCount(long long value)
{
    const bool negative = value < 0;
    std::string digits = std::to_string(negative ? -value : value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string formatFixed(double value, int decimals)
{
    char buffer[352]; // the largest double in fixed notation with its decimals
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value,
                                      std::chars_format::fixed, std::clamp(decimals, 0, 17));
    return std::string(buffer, result.ptr);
}

std::string formatSignificant(double value, int digits)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value,
                                      std::chars_format::general, std::max(1, digits));
    return std::string(buffer, result.ptr);
}

std::string formatPower(double watts)
{
    const double a = std::abs(watts);
    if (a >= 1e9)
        return formatFixed(watts / 1e9, 3) + " GW";
    if (a >= 1e6)
        return formatFixed(watts / 1e6, 2) + " MW";
    if (a >= 1e3)
        return formatFixed(watts / 1e3, 2) + " kW";
    return formatFixed(watts, 0) + " W";
}

std::string formatEnergyMWh(double mwh)
{
    if (std::abs(mwh) >= 1e6)
        return formatFixed(mwh / 1e6, 3) + " TWh";
    if (std::abs(mwh) >= 1e3)
        return formatFixed(mwh / 1e3, 2) + " GWh";
    return formatFixed(mwh, 1) + " MWh";
}

std::string formatUsd(double usd)
{
    return formatMoneyAmount(usd, "$");
}

std::string formatMoneyAmount(double amount, const std::string &symbol)
{
    const double a = std::abs(amount);
    if (a >= 1e9)
        return symbol + formatFixed(amount / 1e9, 2) + " B";
    if (a >= 1e6)
        return symbol + formatFixed(amount / 1e6, 1) + " M";
    if (a >= 100)
        return symbol + formatCount(std::llround(amount));
    return symbol + formatFixed(amount, 2);
}

std::string formatPercent(double fraction, int decimals)
{
    return formatFixed(fraction * 100.0, decimals) + " %";
}

std::string formatDuration(double seconds)
{
    if (seconds < 60)
        return formatFixed(seconds, seconds < 1 ? 3 : 1) + " s";
    if (seconds < 3600)
        return formatFixed(seconds / 60, 1) + " min";
    if (seconds < 86400 * 2)
        return formatFixed(seconds / 3600, 1) + " h";
    return formatFixed(seconds / 86400, 1) + " d";
}

TextTable::TextTable(std::vector<std::string> header)
    : m_header(std::move(header))
{
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

void TextTable::write(std::ostream &out) const
{
    TextTableLayout layout(m_header);
    for (const auto &row : m_rows)
        layout.measure(row);
    out << layout.headerLines();
    for (const auto &row : m_rows)
        out << layout.line(row);
}

TextTableLayout::TextTableLayout(std::vector<std::string> header)
    : m_header(std::move(header))
    , m_widths(m_header.size())
{
    measure(m_header);
}

void TextTableLayout::measure(const std::vector<std::string> &cells)
{
    for (std::size_t c = 0; c < cells.size() && c < m_widths.size(); ++c)
        m_widths[c] = std::max(m_widths[c], cells[c].size());
}

std::string TextTableLayout::line(const std::vector<std::string> &cells) const
{
    std::string text = " ";
    for (std::size_t c = 0; c < m_widths.size(); ++c) {
        static const std::string empty;
        const std::string &cell = c < cells.size() ? cells[c] : empty;
        const std::string pad(m_widths[c] - std::min(m_widths[c], cell.size()), ' ');
        text += ' ';
        text += c == 0 ? cell + pad : pad + cell;
        text += ' ';
    }
    while (!text.empty() && text.back() == ' ')
        text.pop_back();
    return text + '\n';
}

std::string TextTableLayout::headerLines() const
{
    std::vector<std::string> rule;
    for (std::size_t w : m_widths)
        rule.emplace_back(w, '-');
    return line(m_header) + line(rule);
}

std::string utf8Prefix(const std::string &text, std::size_t chars)
{
    std::size_t count = 0, i = 0;
    for (; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            if (count == chars)
                break;
            ++count;
        }
    }
    return text.substr(0, i);
}

} // namespace aidc

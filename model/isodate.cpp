// SPDX-License-Identifier: Apache-2.0
#include "isodate.h"

#include <array>
#include <chrono>
#include <cstdio>

namespace aidc {

bool isIsoDate(const std::string &text)
{
    if (text.size() != 10 || text[4] != '-' || text[7] != '-')
        return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
        if (text[i] < '0' || text[i] > '9')
            return false;
    }
    const int year = std::stoi(text.substr(0, 4));
    const int month = std::stoi(text.substr(5, 2));
    const int day = std::stoi(text.substr(8, 2));
    if (month < 1 || month > 12 || day < 1)
        return false;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    static constexpr std::array<int, 12> daysInMonth = {31, 28, 31, 30, 31, 30,
                                                        31, 31, 30, 31, 30, 31};
    const int maxDay = daysInMonth[std::size_t(month - 1)] + (month == 2 && leap ? 1 : 0);
    return day <= maxDay;
}

std::string todayIsoDate()
{
    const auto today = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
    const std::chrono::year_month_day ymd{today};
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    return buffer;
}

long daysBetween(const std::string &from, const std::string &to)
{
    auto days = [](const std::string &text) {
        const std::chrono::year_month_day ymd{
            std::chrono::year{std::stoi(text.substr(0, 4))},
            std::chrono::month{unsigned(std::stoi(text.substr(5, 2)))},
            std::chrono::day{unsigned(std::stoi(text.substr(8, 2)))}};
        return std::chrono::sys_days{ymd}.time_since_epoch().count();
    };
    return long(days(to) - days(from));
}

} // namespace aidc

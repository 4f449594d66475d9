// SPDX-License-Identifier: Apache-2.0
#pragma once

// ISO 8601 calendar dates ("2026-11-21") as the catalog's prices and the price book's quotes
// carry them: one validity check (real calendar days, leap years included) and today's date.

#include <string>

namespace aidc {

bool isIsoDate(const std::string &text);
std::string todayIsoDate(); // UTC
// Days from `from` to `to`, two valid ISO dates (negative when `to` is earlier).
long daysBetween(const std::string &from, const std::string &to);

} // namespace aidc

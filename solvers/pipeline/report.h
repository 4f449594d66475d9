#pragma once

// The two renderings of a Result: the human-readable text report (`aidc eval`) and the JSON
// document (`aidc eval --format json`, schema "aidc-result" version 1, docs/result-format.md).
// Both are built from the same Result, so they always agree.

#include "pipeline.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

constexpr int kResultFormatVersion = 1;

nlohmann::json resultToJson(const Result &result);
void writeTextReport(std::ostream &out, const Result &result);

} // namespace aidc

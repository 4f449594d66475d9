// SPDX-License-Identifier: Apache-2.0
#pragma once

// Every key of the result document (`aidc eval --format json`, docs/result-format.md) with its
// JSON type, unit and meaning: the data file resultfields.json, compiled into the program, is
// the one place a result key is documented. `aidc schema result` prints the JSON Schema made
// from it, and a test fails when an evaluation writes a key that is not in it.

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace aidc {

struct ResultField
{
    std::string pointer;     // pattern: array indices and data keys as "*"
    std::string type;        // "number", "integer", "string", "boolean", "object", "array",
                             // or alternatives joined by '|' ("number|null")
    std::string unit;        // "W", "USD/year", "1" (ratio), "count", "" (text, containers)
    std::string description; // meaning, solver and convention; says when the key is optional
};

// The documented keys, in document order.
const std::vector<ResultField> &resultFields();

// The entry for a concrete pointer ("/fabric/planes/2/tiers/0/switches") or a pattern; nullptr
// when the key is not documented.
const ResultField *findResultField(std::string_view pointer);

// The JSON Schema (draft 2020-12) of the result document.
nlohmann::ordered_json resultJsonSchema();

} // namespace aidc

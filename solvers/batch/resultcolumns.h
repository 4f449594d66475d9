// SPDX-License-Identifier: Apache-2.0
#pragma once

// How a result document (resultToJson, docs/result-format.md) becomes table columns, shared by
// the batch CSV and the results database so both name a figure the same way.
//
// A result *family* is one top-level object section of the document ("summary", "layout",
// "fabric", "power", "performance", "reliability", "cost", and any section a later solver
// adds). Each family is flattened generically: nested objects become dotted column names
// ("opex.energyUsdPerYear"), arrays become their compact JSON text, scalars stay as they are.
// Nothing here knows a solver's figures, so columns appear as the solvers add them.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace aidc {

// One column of a flattened object.
struct FlatColumn
{
    std::string name;      // dotted path of the value in its family ("opex.energyUsdPerYear")
    nlohmann::json value;  // a JSON scalar: number, string, boolean or null
    bool jsonText = false; // `value` is the compact JSON text of an array or a large map
};

// The columns of one object, in key order (nlohmann::json keeps object keys sorted).
using FlatColumns = std::vector<FlatColumn>;

struct ResultFamily
{
    std::string name;              // table / CSV prefix: the section key, "fabric" as "network"
    const nlohmann::json *section; // points into the result document
};

// Objects below the top level with more members than this are maps keyed by ids (racks,
// halls), not records: they are kept as one JSON text column instead of thousands of columns.
constexpr std::size_t kMaxExpandedMembers = 100;

// The families of `result` in key order; "schema", "version" and "diagnostics" are not
// families (the diagnostics go with each run's key row).
std::vector<ResultFamily> resultFamilies(const nlohmann::json &result);

// Flattens a JSON object as described above. A non-object value yields one column named "value".
FlatColumns flattenJson(const nlohmann::json &object);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "resultcolumns.h"

namespace aidc {

namespace {

void flattenInto(const nlohmann::json &value, const std::string &prefix, int depth,
                 FlatColumns &columns)
{
    const bool expand = value.is_object() && (depth == 0 || value.size() <= kMaxExpandedMembers);
    if (expand) {
        for (const auto &[key, member] : value.items())
            flattenInto(member, prefix.empty() ? key : prefix + "." + key, depth + 1, columns);
        return;
    }
    const std::string name = prefix.empty() ? "value" : prefix;
    if (value.is_structured())
        columns.push_back(
            {name, value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), true});
    else
        columns.push_back({name, value, false});
}

} // namespace

std::vector<ResultFamily> resultFamilies(const nlohmann::json &result)
{
    std::vector<ResultFamily> families;
    if (!result.is_object())
        return families;
    for (const auto &[key, section] : result.items()) {
        if (!section.is_object())
            continue;
        // The fabric solver's section is the "network" family of issue 9.
        families.push_back({key == "fabric" ? std::string("network") : key, &section});
    }
    return families;
}

FlatColumns flattenJson(const nlohmann::json &object)
{
    FlatColumns columns;
    flattenInto(object, "", 0, columns);
    return columns;
}

} // namespace aidc

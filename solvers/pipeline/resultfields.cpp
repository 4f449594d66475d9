// SPDX-License-Identifier: Apache-2.0
#include "resultfields.h"

#include <map>
#include <stdexcept>

namespace aidc {

// The text of resultfields.json, generated into the build tree by CMake (resultfields.cmake).
extern const char *const kResultFieldsJson;

namespace {

using OrderedJson = nlohmann::ordered_json;

std::vector<ResultField> parseFields()
{
    const nlohmann::json list = nlohmann::json::parse(kResultFieldsJson);
    std::vector<ResultField> fields;
    for (const nlohmann::json &entry : list) {
        fields.push_back({entry.at("pointer").get<std::string>(),
                          entry.at("type").get<std::string>(), entry.at("unit").get<std::string>(),
                          entry.at("description").get<std::string>()});
    }
    return fields;
}

std::string parentOf(const std::string &pointer)
{
    const std::size_t slash = pointer.rfind('/');
    return slash == std::string::npos ? std::string() : pointer.substr(0, slash);
}

std::string keyOf(const std::string &pointer)
{
    return pointer.substr(pointer.rfind('/') + 1);
}

const std::map<std::string, std::size_t, std::less<>> &fieldIndex()
{
    static const std::map<std::string, std::size_t, std::less<>> index = [] {
        std::map<std::string, std::size_t, std::less<>> map;
        const std::vector<ResultField> &fields = resultFields();
        for (std::size_t i = 0; i < fields.size(); ++i)
            map.emplace(fields[i].pointer, i);
        return map;
    }();
    return index;
}

OrderedJson typeNode(const std::string &type)
{
    OrderedJson types = OrderedJson::array();
    std::size_t start = 0;
    while (start <= type.size()) {
        const std::size_t bar = std::min(type.find('|', start), type.size());
        types.push_back(type.substr(start, bar - start));
        start = bar + 1;
    }
    return types.size() == 1 ? types[0] : types;
}

OrderedJson schemaNode(const ResultField &field)
{
    OrderedJson node = OrderedJson::object();
    node["description"] =
        field.description + (field.unit.empty() ? "" : " Unit: " + field.unit + ".");
    node["type"] = typeNode(field.type);
    const std::vector<ResultField> &all = resultFields();
    if (field.type.find("object") != std::string::npos) {
        OrderedJson properties = OrderedJson::object();
        const ResultField *dataKeys = findResultField(field.pointer + "/*");
        for (const ResultField &child : all) {
            if (!child.pointer.empty() && parentOf(child.pointer) == field.pointer &&
                keyOf(child.pointer) != "*")
                properties[keyOf(child.pointer)] = schemaNode(child);
        }
        if (!properties.empty())
            node["properties"] = std::move(properties);
        if (dataKeys)
            node["additionalProperties"] = schemaNode(*dataKeys);
    }
    if (field.type.find("array") != std::string::npos) {
        if (const ResultField *items = findResultField(field.pointer + "/*"))
            node["items"] = schemaNode(*items);
    }
    return node;
}

} // namespace

const std::vector<ResultField> &resultFields()
{
    static const std::vector<ResultField> fields = parseFields();
    return fields;
}

const ResultField *findResultField(std::string_view pointer)
{
    const auto &index = fieldIndex();
    auto it = index.find(pointer);
    if (it != index.end())
        return &resultFields()[it->second];
    // Walk the tokens: a token matches its own name or, failing that, "*" (an index or a data
    // key such as a rack id).
    std::string pattern;
    std::size_t start = 0;
    while (start < pointer.size()) {
        std::size_t end = pointer.find('/', start + 1);
        if (end == std::string_view::npos)
            end = pointer.size();
        const std::string named = pattern + std::string(pointer.substr(start, end - start));
        pattern = index.count(named) ? named : pattern + "/*";
        if (!index.count(pattern))
            return nullptr;
        start = end;
    }
    it = index.find(pattern);
    return it == index.end() ? nullptr : &resultFields()[it->second];
}

OrderedJson resultJsonSchema()
{
    const ResultField *root = findResultField("");
    if (!root)
        throw std::logic_error("resultfields.json has no entry for the document itself");
    OrderedJson schema = OrderedJson::object();
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    schema["$id"] = "aidc-result.schema.json";
    schema["title"] = "AIDC Planner result";
    OrderedJson body = schemaNode(*root);
    schema.insert(body.begin(), body.end());
    return schema;
}

} // namespace aidc

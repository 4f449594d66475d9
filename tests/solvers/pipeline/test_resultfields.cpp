// SPDX-License-Identifier: Apache-2.0
// Every key of the result document is documented (solvers/pipeline/resultfields.json) with a
// type that matches what the evaluation writes, on every sample; and the documented keys that
// no sample writes say when they are present.

#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"
#include "solvers/pipeline/resultfields.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

std::string jsonType(const nlohmann::json &value)
{
    if (value.is_null())
        return "null";
    if (value.is_boolean())
        return "boolean";
    if (value.is_number_integer())
        return "integer";
    if (value.is_number())
        return "number";
    if (value.is_string())
        return "string";
    return value.is_array() ? "array" : "object";
}

bool typeAllows(const std::string &documented, const std::string &actual)
{
    std::set<std::string> allowed;
    std::size_t start = 0;
    while (start <= documented.size()) {
        const std::size_t bar = std::min(documented.find('|', start), documented.size());
        allowed.insert(documented.substr(start, bar - start));
        start = bar + 1;
    }
    // A whole number may come out of a double ("4352.0" is written as 4352).
    return allowed.count(actual) || (actual == "integer" && allowed.count("number"));
}

void checkKeys(const nlohmann::json &value, const std::string &pointer, std::set<std::string> &seen)
{
    const ResultField *field = findResultField(pointer);
    INFO(pointer);
    REQUIRE(field); // document it in solvers/pipeline/resultfields.json
    seen.insert(field->pointer);
    CHECK(typeAllows(field->type, jsonType(value)));
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            checkKeys(*it, pointer + "/" + it.key(), seen);
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i)
            checkKeys(value[i], pointer + "/" + std::to_string(i), seen);
    }
}

} // namespace

TEST_CASE("every result key of every sample is documented", "[pipeline][resultfields]")
{
    const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    std::set<std::string> seen;
    int samples = 0;
    for (const auto &entry : fs::directory_iterator(AIDC_SOURCE_DIR "/projects")) {
        if (entry.path().extension() != ".json")
            continue;
        INFO(entry.path().filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(entry.path().string(), catalog);
        checkKeys(resultToJson(evaluate(loaded.project, loaded.catalog)), "", seen);
        ++samples;
    }
    REQUIRE(samples >= 7);
    // A documented key that no sample writes must say (or its parent must) when it appears.
    auto conditional = [](const std::string &d) {
        return d.find("only") != std::string::npos || d.find("when") != std::string::npos ||
               d.find("if ") != std::string::npos || d.find("absent") != std::string::npos;
    };
    for (const ResultField &field : resultFields()) {
        if (seen.count(field.pointer))
            continue;
        INFO(field.pointer);
        bool explained = false;
        for (std::string p = field.pointer; !explained && !p.empty();
             p = p.substr(0, p.rfind('/'))) {
            const ResultField *ancestor = findResultField(p);
            explained = ancestor && conditional(ancestor->description);
        }
        CHECK(explained);
    }
}

TEST_CASE("the result schema is a schema of the documented keys", "[pipeline][resultfields]")
{
    const nlohmann::ordered_json schema = resultJsonSchema();
    CHECK(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema");
    CHECK(schema["properties"].contains("summary"));
    CHECK(schema["properties"]["summary"]["properties"]["pue"]["type"] == "number");
    REQUIRE(findResultField("/fabric/planes/3/tierStats/1/switches"));
    CHECK(findResultField("/summary/noSuchFigure") == nullptr);
}

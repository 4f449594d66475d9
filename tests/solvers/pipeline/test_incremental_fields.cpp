// SPDX-License-Identifier: Apache-2.0
// The field table's solver stages held to account (issue 23, incremental re-evaluation): every
// field a sample states, and every field it leaves at its default whose enclosing object it
// has, is edited; the run that reuses the earlier result's unchanged stages must equal a full
// evaluation of the edited project. A stage missing from a field makes its edit reuse a result
// that depends on it, and this test fail naming the field. Slow (a few seconds per sample):
// label `slow`, left out of the sanitizer run.

#include "model/projectedit.h"
#include "model/projectfields.h"
#include "model/projectjson.h"
#include "solvers/pipeline/loading.h"
#include "tests/solvers/pipeline/incrementaltest.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using namespace aidc;
using aidc::test::fingerprint;
using aidc::test::sample;
using aidc::test::shippedCatalog;

namespace {

// Values to try for a field: a change the loader accepts for most fields of its type.
std::vector<nlohmann::json> edits(const ProjectField *field, const nlohmann::json &current)
{
    if (current.is_boolean())
        return {!current.get<bool>()};
    // Large changes first: a small one may leave a ranking (the media's life-cycle order) as
    // it was and hide a stage the field reaches.
    if (current.is_number_integer()) {
        const auto v = current.get<std::int64_t>();
        return {v * 2, v + 1, v / 2, v - 1};
    }
    if (current.is_number()) {
        const double v = current.get<double>();
        if (v == 0)
            return {1.0, 0.1};
        return {v * 3, v * 2, v * 0.5, v * 1.1, v * 0.9};
    }
    if (current.is_string() && field && !field->enumNames.empty()) {
        std::vector<nlohmann::json> names;
        for (const std::string &name : field->enumNames) {
            if (name != current.get<std::string>())
                names.push_back(name);
        }
        return names;
    }
    return {};
}

// The leaves of `doc` (numbers, booleans, strings), as JSON pointers.
void leaves(const nlohmann::json &doc, const std::string &path, std::vector<std::string> &out)
{
    if (doc.is_object()) {
        for (const auto &[key, value] : doc.items())
            leaves(value, path + "/" + key, out);
    } else if (doc.is_array()) {
        for (std::size_t i = 0; i < doc.size(); ++i)
            leaves(doc[i], path + "/" + std::to_string(i), out);
    } else {
        out.push_back(path);
    }
}

struct Coverage
{
    int edited = 0;      // edits the loader accepted
    int incremental = 0; // of them, runs that reused at least the layout
    int fabricKept = 0;  // ... at least the layout and the fabric
};

// Edits `pointer` to the first value the loader accepts and checks the incremental result
// against a full run.
void checkEdit(const Project &base, const Result &baseResult, const std::string &pointer,
               const nlohmann::json &current, Coverage &coverage)
{
    const ProjectField *field = findProjectField(pointer);
    for (const nlohmann::json &value : edits(field, current)) {
        Project edited = base;
        if (applyEdit(edited, setField(pointer, value, "test")).diagnostics.hasErrors())
            continue;
        const unsigned changed = changedStages(base, edited);
        EvaluateOptions options;
        options.previous = &baseResult;
        options.changedStages = changed;
        const Result incremental = evaluate(edited, shippedCatalog(), options);
        const Result full = evaluate(edited, shippedCatalog());
        INFO("edit " << pointer << " = " << value.dump() << " (stages: " << stageNames(changed)
                     << "; reused: " << stageNames(incremental.reusedStages) << ")");
        CHECK(fingerprint(incremental) == fingerprint(full));
        ++coverage.edited;
        coverage.incremental += (incremental.reusedStages & stage::Layout) != 0;
        coverage.fabricKept += (incremental.reusedStages & stage::Fabric) != 0;
        return;
    }
}

// Every leaf the sample states, and every field of the table it leaves at its default whose
// enclosing object it has (array elements: the first).
Coverage checkEveryField(const std::string &name)
{
    const Project base = sample(name);
    const Result baseResult = evaluate(base, shippedCatalog());
    REQUIRE(baseResult.completeStages == (stage::All & ~stage::Catalog));
    const nlohmann::json doc = projectDocument(base);
    Coverage coverage;
    std::vector<std::string> stated;
    leaves(doc, "", stated);
    std::set<std::string> seen;
    for (const std::string &pointer : stated) {
        if (pointer.rfind("/catalogOverrides", 0) == 0)
            continue; // resolved against the catalog: always a full run
        seen.insert(projectFieldPattern(pointer));
        checkEdit(base, baseResult, pointer, doc.at(nlohmann::json::json_pointer(pointer)),
                  coverage);
    }
    for (const ProjectField &field : projectFields()) {
        if (seen.count(field.pointer))
            continue;
        // A field without a constant default: values inside its range stand in for it, the
        // middle and one near its low end (a hall's usable area of 12 km² trips no check).
        std::vector<nlohmann::json> starts{field.defaultValue};
        const bool numeric = field.type == FieldType::Number || field.type == FieldType::Integer;
        if (starts.front().is_null() && numeric && field.minimum && field.maximum) {
            starts.clear();
            for (double share : {0.5, 0.001}) {
                const double value = *field.minimum + share * (*field.maximum - *field.minimum);
                starts.push_back(field.type == FieldType::Integer
                                     ? nlohmann::json(std::llround(value))
                                     : nlohmann::json(value));
            }
        } else if (starts.front().is_null() && field.type == FieldType::Enum) {
            starts.front() = field.enumNames.front();
        }
        if (starts.front().is_null() || starts.front().is_object() || starts.front().is_array())
            continue;
        std::string pointer = field.pointer;
        for (std::size_t star; (star = pointer.find('*')) != std::string::npos;)
            pointer.replace(star, 1, "0");
        const nlohmann::json::json_pointer parent(pointer.substr(0, pointer.rfind('/')));
        if (!doc.contains(parent) || !doc.at(parent).is_object())
            continue;
        for (const nlohmann::json &current : starts)
            checkEdit(base, baseResult, pointer, current, coverage);
    }
    return coverage;
}

// The check of one sample, with how much of it ran incrementally.
void checkSample(const std::string &name)
{
    const Coverage coverage = checkEveryField(name);
    INFO("edited " << coverage.edited << ", layout kept " << coverage.incremental
                   << ", fabric kept " << coverage.fabricKept);
    // The sample states 50-80 fields; the rest are edited from their defaults.
    CHECK(coverage.edited > 120);
    CHECK(coverage.fabricKept > 50);
}

} // namespace

TEST_CASE("editing any field of the 1k InfiniBand sample incrementally equals a full evaluation",
          "[incremental]")
{
    checkSample("h100-1k-infiniband.json");
}

TEST_CASE("editing any field of the GB200 NVL72 sample incrementally equals a full evaluation",
          "[incremental]")
{
    checkSample("gb200-nvl72-hall.json");
}

TEST_CASE("editing any field of the RoCE multi-rail sample incrementally equals a full evaluation",
          "[incremental]")
{
    checkSample("roce-18k-multirail.json");
}

TEST_CASE("editing any field of the mixed-accelerator sample incrementally equals a full "
          "evaluation",
          "[incremental]")
{
    checkSample("hetero-h100-ascend.json");
}

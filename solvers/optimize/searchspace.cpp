// SPDX-License-Identifier: Apache-2.0
#include "solvers/optimize/searchspace.h"

#include "model/projectfields.h"
#include "model/strictjson.h"
#include "solvers/batch/sweep.h"

#include <cmath>
#include <set>

namespace aidc {

const nlohmann::json &DesignVariable::value(std::size_t choice, std::size_t k) const
{
    return pointers.size() == 1 ? values[choice] : values[choice][k];
}

namespace {

std::string trim(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

void checkPointer(const std::string &argument, const std::string &pointer)
{
    const std::string where = "--vary '" + argument + "'";
    if (pointer.empty() || pointer[0] != '/')
        throw OptimizeError(where + ": the path '" + pointer +
                            "' is not a JSON pointer; it must start with '/' (e.g. "
                            "/compute/pools/0/gpuCount)");
    const ProjectField *field = findProjectField(pointer);
    if (!field)
        throw OptimizeError(where + ": " + pointer +
                            " is not a project field (docs/project-format.md lists them)");
    if (!field->designVariable)
        throw OptimizeError(where + ": " + pointer + " (" + field->pointer +
                            ") is a project field but not a design variable; `aidc optimize "
                            "--list` shows the fields a search may vary");
}

} // namespace

DesignVariable parseDesignVariable(const std::string &argument, std::size_t maxChoices)
{
    const std::string where = "--vary '" + argument + "'";
    if (!isValidUtf8(argument))
        throw OptimizeError("a --vary argument is not valid UTF-8 text");
    const auto equals = argument.find('=');
    if (equals == std::string::npos)
        throw OptimizeError(where + " is not of the form PATH=V1,V2,... or PATH=FROM..TO[:STEP] "
                                    "(e.g. /network/planes/0/islandOversubscription=1,3,7)");
    DesignVariable variable;
    variable.argument = argument;
    const std::string paths = argument.substr(0, equals);
    for (std::size_t start = 0;;) {
        const auto plus = paths.find('+', start);
        variable.pointers.push_back(trim(paths.substr(start, plus - start)));
        if (plus == std::string::npos)
            break;
        start = plus + 1;
    }
    std::set<std::string> seen;
    for (const std::string &pointer : variable.pointers) {
        checkPointer(argument, pointer);
        if (!seen.insert(pointer).second)
            throw OptimizeError(where + ": " + pointer + " is linked to itself");
    }
    const std::string list = argument.substr(equals + 1);
    if (trim(list).empty())
        throw OptimizeError(where + ": no values after '='");

    std::optional<std::vector<nlohmann::json>> range;
    try {
        range = parseValueRange(list, maxChoices);
    } catch (const SweepError &error) {
        throw OptimizeError(where + ": " + error.what());
    }
    if (range) {
        if (variable.pointers.size() > 1)
            throw OptimizeError(where + ": linked fields take a list of arrays, not a range");
        variable.values = std::move(*range);
    } else {
        // Values are parsed as `aidc sweep --set` parses them, so both read the same text.
        try {
            variable.values = parseSweepAxis(variable.pointers.front() + "=" + list).values;
        } catch (const SweepError &error) {
            throw OptimizeError(where + ": " + error.what());
        }
        if (variable.values.size() > maxChoices)
            throw OptimizeError(where + ": more than " + std::to_string(maxChoices) + " values");
    }
    if (variable.pointers.size() > 1) {
        for (const nlohmann::json &value : variable.values) {
            if (!value.is_array() || value.size() != variable.pointers.size())
                throw OptimizeError(
                    where + ": each value of " + std::to_string(variable.pointers.size()) +
                    " linked fields is an array of " + std::to_string(variable.pointers.size()) +
                    " values, got " + value.dump());
        }
    }
    std::set<std::string> distinct;
    for (const nlohmann::json &value : variable.values) {
        if (!distinct.insert(value.dump()).second)
            throw OptimizeError(where + ": the value " + value.dump() + " is listed twice");
    }
    variable.ordered = true;
    for (std::size_t k = 0; k < variable.pointers.size(); ++k) {
        for (std::size_t c = 0; c < variable.values.size(); ++c) {
            const nlohmann::json &value = variable.value(c, k);
            if (!value.is_number() ||
                (c > 0 && value.get<double>() <= variable.value(c - 1, k).get<double>()))
                variable.ordered = false;
        }
    }
    return variable;
}

Constraint parseConstraint(const std::string &argument)
{
    const std::string where = "--constraint '" + argument + "'";
    Constraint constraint;
    constraint.argument = argument;
    auto at = argument.find("<=");
    if (at == std::string::npos) {
        at = argument.find(">=");
        constraint.atMost = false;
    }
    if (at == std::string::npos)
        throw OptimizeError(where + " is not of the form NAME<=VALUE or NAME>=VALUE (e.g. "
                                    "facility-power<=150)");
    const std::string name = trim(argument.substr(0, at));
    constraint.metric = findMetric(name);
    if (!constraint.metric)
        throw OptimizeError(where + ": '" + name + "' is not a metric; the metrics are " +
                            metricNames());
    const std::optional<double> limit = jsonNumber(trim(argument.substr(at + 2)));
    if (!limit)
        throw OptimizeError(where + ": the limit must be a number in " + constraint.metric->unit);
    constraint.limit = *limit;
    return constraint;
}

std::vector<const Metric *> parseObjectives(const std::string &list)
{
    std::vector<const Metric *> objectives;
    for (const std::string &item : splitSweepValues(list)) {
        const std::string name = trim(item);
        const Metric *metric = findMetric(name);
        if (!metric)
            throw OptimizeError("--objectives: '" + name + "' is not a metric; the metrics are " +
                                metricNames());
        for (const Metric *chosen : objectives) {
            if (chosen == metric)
                throw OptimizeError("--objectives: '" + name + "' is given twice");
        }
        objectives.push_back(metric);
    }
    if (objectives.empty() || objectives.size() > 3)
        throw OptimizeError("--objectives takes one to three metrics, got " +
                            std::to_string(objectives.size()));
    return objectives;
}

void checkConstraintsConsistent(const std::vector<Constraint> &constraints)
{
    for (const Constraint &upper : constraints) {
        for (const Constraint &lower : constraints) {
            if (upper.atMost && !lower.atMost && upper.metric == lower.metric &&
                lower.limit > upper.limit)
                throw OptimizeError("--constraint '" + lower.argument + "' and --constraint '" +
                                    upper.argument + "' contradict each other: no value of " +
                                    upper.metric->name + " meets both");
        }
    }
}

std::int64_t searchSpaceSize(const std::vector<DesignVariable> &variables)
{
    std::vector<std::int64_t> counts;
    for (const DesignVariable &variable : variables)
        counts.push_back(std::int64_t(variable.values.size()));
    return saturatingProduct(counts);
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/optimize/optimizereport.h"

#include "model/enumnames.h"
#include "solvers/common/reportformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace aidc {

namespace {

constexpr double kBindingSlack = 0.05; // a constraint met with less to spare binds
constexpr double kNearlyFull = 0.9;    // a hall or supply this full limits growth

std::string valueText(const nlohmann::json &value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// "/compute/pools/0/gpuCount=25000" or, linked, "/a=1 /b=2".
std::string choiceText(const DesignVariable &variable, std::size_t choice)
{
    std::string text;
    for (std::size_t k = 0; k < variable.pointers.size(); ++k)
        text += (k ? " " : "") + variable.pointers[k] + "=" + valueText(variable.value(choice, k));
    return text;
}

std::string percent(double fraction)
{
    return formatPercent(fraction, 1);
}

nlohmann::ordered_json searchJson(const OptimizeSpec &spec)
{
    nlohmann::ordered_json search;
    search["variables"] = nlohmann::ordered_json::array();
    for (const DesignVariable &variable : spec.variables)
        search["variables"].push_back(variable.argument);
    search["objectives"] = nlohmann::ordered_json::array();
    for (const Metric *metric : spec.objectives)
        search["objectives"].push_back(metric->name);
    search["constraints"] = nlohmann::ordered_json::array();
    for (const Constraint &constraint : spec.constraints)
        search["constraints"].push_back(constraint.argument);
    search["allowWarnings"] = spec.allowWarnings;
    if (!spec.monotone.empty()) {
        search["monotone"] = nlohmann::ordered_json::array();
        for (const MonotoneEffect &effect : spec.monotone)
            search["monotone"].push_back(std::string(effect.metric->name) +
                                         (effect.rises ? "+" : "-") + " along " +
                                         spec.variables[effect.variable].pointers.front());
    }
    if (!spec.phase1.empty()) {
        search["phase1"] = nlohmann::ordered_json::array();
        for (const DesignVariable &field : spec.phase1)
            search["phase1"].push_back(field.argument);
    }
    if (!spec.mix.empty()) {
        search["workloads"] = nlohmann::ordered_json::array();
        for (const WorkloadShare &share : spec.mix)
            search["workloads"].push_back({{"file", share.label}, {"weight", share.weight}});
    }
    return search;
}

nlohmann::ordered_json candidateJson(const Optimizer &optimizer, const Candidate &candidate)
{
    const OptimizeSpec &spec = optimizer.spec();
    nlohmann::ordered_json out;
    out["index"] = candidate.index;
    out["choices"] = candidate.choices;
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (std::size_t v = 0; v < spec.variables.size(); ++v) {
        const DesignVariable &variable = spec.variables[v];
        for (std::size_t k = 0; k < variable.pointers.size(); ++k)
            values[variable.pointers[k]] = variable.value(std::size_t(candidate.choices[v]), k);
    }
    out["values"] = std::move(values);
    nlohmann::ordered_json objectives = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < spec.objectives.size(); ++i)
        objectives[spec.objectives[i]->name] =
            candidate.objectives[i] ? nlohmann::ordered_json(*candidate.objectives[i])
                                    : nlohmann::ordered_json();
    out["objectives"] = std::move(objectives);
    nlohmann::ordered_json constraints = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < spec.constraints.size(); ++i) {
        nlohmann::ordered_json c;
        c["constraint"] = spec.constraints[i].argument;
        if (candidate.constraints[i]) {
            c["value"] = *candidate.constraints[i];
            c["slack"] = spec.constraints[i].slack(*candidate.constraints[i]);
        } else {
            c["value"] = nullptr;
            c["slack"] = nullptr;
        }
        constraints.push_back(std::move(c));
    }
    out["constraints"] = std::move(constraints);
    if (candidate.equivalents > 0)
        out["equivalents"] = candidate.equivalents;
    if (!candidate.feasible())
        out["violation"] = candidate.violation;
    if (!candidate.problem.empty())
        out["problem"] = candidate.problem;
    return out;
}

} // namespace

std::string frontRole(const Optimizer &optimizer, const OptimizeResult &result, std::size_t member)
{
    std::string role;
    if (result.front.size() > 1 && member == result.knee)
        role = "knee";
    auto add = [&](const std::string &text) {
        role += (role.empty() ? "" : ", ") + text;
    };
    for (std::size_t m = 0; m < result.bestPerObjective.size(); ++m) {
        const std::string name = optimizer.spec().objectives[m]->name;
        const bool tied = m < result.tiedBest.size() && result.tiedBest[m].size() > 1;
        if (result.bestPerObjective[m] == member)
            add("best " + name);
        else if (tied && std::count(result.tiedBest[m].begin(), result.tiedBest[m].end(), member))
            add("tied best " + name);
    }
    const std::int64_t same = result.front[member].equivalents;
    if (same > 0)
        add("+" + std::to_string(same) + " with the same figures");
    if (member < result.tiedWith.size() && !result.tiedWith[member].empty()) {
        std::string ties = "ties";
        for (const std::size_t other : result.tiedWith[member])
            ties += " #" + std::to_string(other + 1);
        add(ties);
    }
    return role;
}

std::vector<std::string> explainFrontMember(const Optimizer &optimizer,
                                            const OptimizeResult &result, std::size_t member,
                                            const EvaluateOptions &options)
{
    const OptimizeSpec &spec = optimizer.spec();
    const Candidate &candidate = result.front.at(member);
    const Optimizer::Detail detail = optimizer.evaluateInDetail(candidate.choices, options);
    std::vector<std::string> lines;
    if (!detail.loaded)
        return {"does not load: " + detail.candidate.problem};
    const Project &project = detail.loaded->project;
    const Result &r = detail.result;

    for (std::size_t i = 0; i < spec.constraints.size(); ++i) {
        const Constraint &constraint = spec.constraints[i];
        if (!candidate.constraints[i])
            continue;
        const double value = *candidate.constraints[i];
        const double slack = constraint.slack(value);
        const double share =
            std::abs(constraint.limit) > 0 ? slack / std::abs(constraint.limit) : 0;
        lines.push_back((share < kBindingSlack ? "binds: " : "meets: ") + constraint.argument +
                        " (" + formatMetric(*constraint.metric, value) + ", " +
                        formatMetric(*constraint.metric, slack) + " to spare, " + percent(share) +
                        ")");
    }
    for (const HallPower &hall : r.power.halls) {
        const auto declared = std::find_if(project.halls.begin(), project.halls.end(),
                                           [&](const Hall &h) { return h.id == hall.id; });
        if (declared != project.halls.end() && declared->powerCapacityMW &&
            *declared->powerCapacityMW > 0) {
            const double share = hall.peakW / (*declared->powerCapacityMW * 1e6);
            if (share >= kNearlyFull)
                lines.push_back("hall " + hall.id + " power: " + formatPower(hall.peakW) + " of " +
                                formatPower(*declared->powerCapacityMW * 1e6) + " (" +
                                percent(share) + ")");
        }
        if (hall.usableAreaM2 > 0 && hall.rackAreaM2 / hall.usableAreaM2 >= kNearlyFull)
            lines.push_back("hall " + hall.id + " floor: racks take " +
                            percent(hall.rackAreaM2 / hall.usableAreaM2) + " of its usable area");
    }
    if (!r.power.supply.empty() && r.power.supply.back().availableW > 0) {
        const SupplyPoint &steady = r.power.supply.back();
        const double share = r.power.facilityPeakW / steady.availableW;
        if (share >= kNearlyFull)
            lines.push_back("site supply: the facility peak " + formatPower(r.power.facilityPeakW) +
                            " takes " + percent(share) + " of the " +
                            formatPower(steady.availableW) + " available from " + steady.date);
    }
    for (const PlaneResult &plane : r.fabric.planes) {
        if (plane.role != PlaneRole::Backend || plane.radix <= 0 || plane.tiers < 2)
            continue;
        // A folded Clos of radix r holds 2 (r/2)^t endpoints non-blocking in t tiers: when one
        // tier fewer could not hold the endpoints, the switch's radix sets the tier count.
        const double fewer = 2 * std::pow(plane.radix / 2.0, plane.tiers - 1);
        std::string line = "fabric " + plane.name + ": " + formatCount(plane.endpoints) +
                           " endpoints in " + std::to_string(plane.tiers) + " tiers of radix-" +
                           std::to_string(plane.radix) + " " + plane.switchModel;
        if (double(plane.endpoints) > fewer)
            line += "; the radix binds: " + std::to_string(plane.tiers - 1) +
                    (plane.tiers == 2 ? " tier holds" : " tiers hold") + " at most " +
                    formatCount(std::llround(fewer)) + " non-blocking";
        else if (plane.islandTier > 0)
            line += "; the tiers come from its islands (" + formatCount(plane.islands) +
                    ") and their oversubscription, not from the radix";
        lines.push_back(line);
    }
    for (std::size_t v = 0; v < spec.variables.size(); ++v) {
        const DesignVariable &variable = spec.variables[v];
        const auto choice = std::size_t(candidate.choices[v]);
        if (!variable.ordered || variable.values.size() < 2)
            continue;
        if (choice == 0 || choice + 1 == variable.values.size())
            lines.push_back("range: " + choiceText(variable, choice) + " is the " +
                            (choice == 0 ? "lowest" : "highest") +
                            " value tried; the front may go on beyond it");
    }
    int accepted = 0;
    for (const Diagnostic &d : r.diagnostics.items())
        accepted += d.severity == Severity::Warning ? 1 : 0;
    if (accepted > 0)
        lines.push_back("warnings: " + std::to_string(accepted) +
                        (spec.allowWarnings ? " (allowed by --allow-warnings)"
                                            : " (acknowledged by the project)"));
    for (const std::size_t other : {member - 1, member + 1}) {
        if (other >= result.front.size() || spec.objectives.size() < 2)
            continue;
        std::string trade = "next on the front, #" + std::to_string(other + 1) + ":";
        for (std::size_t m = 0; m < spec.objectives.size(); ++m) {
            const double a = candidate.objectives[m].value_or(0);
            const double b = result.front[other].objectives[m].value_or(0);
            trade += std::string(m ? "," : "") + " " + spec.objectives[m]->name + " " +
                     (b >= a ? "+" : "-") + formatMetric(*spec.objectives[m], std::abs(b - a));
        }
        lines.push_back(trade);
    }
    return lines;
}

nlohmann::ordered_json optimizeResultJson(const Optimizer &optimizer, const OptimizeResult &result,
                                          const std::vector<std::vector<std::string>> &explanations,
                                          const std::vector<std::string> &files)
{
    const OptimizeSpec &spec = optimizer.spec();
    nlohmann::ordered_json out;
    out["schema"] = "aidc-optimize";
    out["version"] = 1;
    out["search"] = searchJson(spec);
    out["method"] = searchMethodName(result.method);
    out["spaceSize"] = result.spaceSize;
    out["evaluated"] = result.evaluated;
    out["feasible"] = result.feasible;
    out["seconds"] = result.seconds;
    out["cancelled"] = result.cancelled;
    out["shard"] = {{"index", result.shardIndex}, {"count", result.shardCount}};
    if (result.method == SearchMethod::Evolutionary)
        out["polishSettled"] = result.polishSettled;
    if (!spec.monotone.empty()) {
        out["pruned"] = result.pruned;
        out["monotoneChecks"] = result.monotoneChecks;
        out["monotoneContradictions"] = result.monotoneContradictions;
    }
    nlohmann::ordered_json units = nlohmann::ordered_json::object();
    for (const Metric *metric : spec.objectives)
        units[metric->name] = metric->unit;
    for (const Constraint &constraint : spec.constraints)
        units[constraint.metric->name] = constraint.metric->unit;
    out["units"] = std::move(units);
    if (!result.fromScratchBest.empty()) {
        // What requiring the first phase costs: the front's best against the best final design
        // alone, per objective of the final design.
        nlohmann::ordered_json cost = nlohmann::ordered_json::object();
        for (std::size_t m = 0; m < spec.objectives.size(); ++m) {
            if (spec.objectives[m]->phase != 0 || !result.fromScratchBest[m] ||
                result.front.empty())
                continue;
            cost[spec.objectives[m]->name] = {
                {"withPhase1", *result.front[result.bestPerObjective[m]].objectives[m]},
                {"fromScratch", *result.fromScratchBest[m]}};
        }
        out["phaseConstraintCost"] = std::move(cost);
        // For merging shards: per objective, the best final design alone (null: none, or a
        // first-phase objective).
        nlohmann::ordered_json best = nlohmann::ordered_json::array();
        for (const std::optional<double> &value : result.fromScratchBest)
            best.push_back(value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json());
        out["fromScratchBest"] = std::move(best);
    }
    if (!result.resolution.empty()) {
        nlohmann::ordered_json resolution = nlohmann::ordered_json::object();
        for (std::size_t m = 0; m < spec.objectives.size(); ++m)
            resolution[spec.objectives[m]->name] = result.resolution[m];
        out["resolution"] = std::move(resolution);
    }
    nlohmann::ordered_json front = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < result.front.size(); ++i) {
        nlohmann::ordered_json member;
        member["id"] = i + 1;
        member["role"] = frontRole(optimizer, result, i);
        const nlohmann::ordered_json fields = candidateJson(optimizer, result.front[i]);
        for (const auto &[key, value] : fields.items())
            member[key] = value;
        if (i < result.tiedWith.size()) {
            member["tiedWith"] = nlohmann::ordered_json::array();
            for (const std::size_t other : result.tiedWith[i])
                member["tiedWith"].push_back(other + 1);
        }
        if (i < files.size())
            member["file"] = files[i];
        if (i < explanations.size())
            member["explain"] = explanations[i];
        front.push_back(std::move(member));
    }
    out["front"] = std::move(front);
    if (result.closest)
        out["closest"] = candidateJson(optimizer, *result.closest);
    return out;
}

CsvTable frontTable(const Optimizer &optimizer, const OptimizeResult &result)
{
    const OptimizeSpec &spec = optimizer.spec();
    CsvTable table;
    table.header = {"id", "role"};
    for (const Metric *metric : spec.objectives)
        table.header.push_back(std::string(metric->name) + " (" + metric->unit + ")");
    for (const Constraint &constraint : spec.constraints) {
        table.header.push_back(constraint.argument + " value");
        table.header.push_back(constraint.argument + " slack");
    }
    for (const DesignVariable &variable : spec.variables) {
        for (const std::string &pointer : variable.pointers)
            table.header.push_back(pointer);
    }
    for (std::size_t i = 0; i < result.front.size(); ++i) {
        const Candidate &c = result.front[i];
        std::vector<std::string> row{std::to_string(i + 1), frontRole(optimizer, result, i)};
        for (const std::optional<double> &value : c.objectives)
            row.push_back(value ? formatCsvNumber(*value) : "");
        for (std::size_t k = 0; k < spec.constraints.size(); ++k) {
            row.push_back(c.constraints[k] ? formatCsvNumber(*c.constraints[k]) : "");
            row.push_back(c.constraints[k]
                              ? formatCsvNumber(spec.constraints[k].slack(*c.constraints[k]))
                              : "");
        }
        for (std::size_t v = 0; v < spec.variables.size(); ++v) {
            const DesignVariable &variable = spec.variables[v];
            for (std::size_t k = 0; k < variable.pointers.size(); ++k)
                row.push_back(valueText(variable.value(std::size_t(c.choices[v]), k)));
        }
        table.rows.push_back(std::move(row));
    }
    return table;
}

CsvTable frontTextTable(const Optimizer &optimizer, const OptimizeResult &result)
{
    const OptimizeSpec &spec = optimizer.spec();
    CsvTable table;
    table.header = {"#"};
    for (const Metric *metric : spec.objectives)
        table.header.push_back(metric->name);
    for (const Constraint &constraint : spec.constraints)
        table.header.push_back(std::string(constraint.metric->name) + " slack");
    for (const DesignVariable &variable : spec.variables) {
        for (const std::string &pointer : variable.pointers)
            table.header.push_back(pointer.substr(pointer.rfind('/') + 1));
    }
    table.header.push_back("role");
    for (std::size_t i = 0; i < result.front.size(); ++i) {
        const Candidate &c = result.front[i];
        std::vector<std::string> row{std::to_string(i + 1)};
        for (std::size_t m = 0; m < spec.objectives.size(); ++m)
            row.push_back(c.objectives[m] ? formatMetric(*spec.objectives[m], *c.objectives[m])
                                          : "-");
        for (std::size_t k = 0; k < spec.constraints.size(); ++k)
            row.push_back(c.constraints[k]
                              ? formatMetric(*spec.constraints[k].metric,
                                             spec.constraints[k].slack(*c.constraints[k]))
                              : "-");
        for (std::size_t v = 0; v < spec.variables.size(); ++v) {
            const DesignVariable &variable = spec.variables[v];
            for (std::size_t k = 0; k < variable.pointers.size(); ++k)
                row.push_back(valueText(variable.value(std::size_t(c.choices[v]), k)));
        }
        row.push_back(frontRole(optimizer, result, i));
        table.rows.push_back(std::move(row));
    }
    return table;
}

std::string infeasibleMessage(const Optimizer &optimizer, const OptimizeResult &result)
{
    const OptimizeSpec &spec = optimizer.spec();
    std::string message =
        "no candidate of the " + std::to_string(result.evaluated) + " evaluated is feasible";
    if (!result.closest)
        return message;
    const Candidate &c = *result.closest;
    std::string missed;
    for (std::size_t i = 0; i < spec.constraints.size(); ++i) {
        if (!c.constraints[i])
            continue;
        const double slack = spec.constraints[i].slack(*c.constraints[i]);
        if (slack < 0)
            missed += (missed.empty() ? "" : "; ") + spec.constraints[i].argument +
                      " is missed by " + formatMetric(*spec.constraints[i].metric, -slack) +
                      " (value " + formatMetric(*spec.constraints[i].metric, *c.constraints[i]) +
                      ")";
    }
    message += "; the closest candidate (#" + std::to_string(c.index) + ":";
    for (std::size_t v = 0; v < spec.variables.size(); ++v)
        message += " " + choiceText(spec.variables[v], std::size_t(c.choices[v]));
    message += ")";
    if (!missed.empty())
        message += ": " + missed;
    if (!c.problem.empty())
        message += (missed.empty() ? ": " : "; and ") + c.problem;
    return message;
}

namespace {

std::optional<double> optionalNumber(const nlohmann::json &value, const std::string &where)
{
    if (value.is_null())
        return std::nullopt;
    if (!value.is_number())
        throw OptimizeError(where + ": a number or null expected");
    return value.get<double>();
}

// A candidate as candidateJson() wrote it; `where` names its place in the file.
Candidate candidateFromJson(const Optimizer &optimizer, const nlohmann::json &member,
                            const std::string &where)
{
    const OptimizeSpec &spec = optimizer.spec();
    if (!member.is_object())
        throw OptimizeError(where + ": an object expected");
    Candidate candidate;
    candidate.loaded = true;
    const nlohmann::json &choices = member.value("choices", nlohmann::json());
    if (!choices.is_array() || choices.size() != spec.variables.size())
        throw OptimizeError(where + "/choices: one choice per variable expected");
    for (std::size_t v = 0; v < spec.variables.size(); ++v) {
        if (!choices[v].is_number_integer() || choices[v].get<long long>() < 0 ||
            std::size_t(choices[v].get<long long>()) >= spec.variables[v].values.size())
            throw OptimizeError(where + "/choices/" + std::to_string(v) +
                                ": not the index of one of the variable's values");
        candidate.choices.push_back(choices[v].get<int>());
    }
    candidate.index = optimizer.indexOf(candidate.choices);
    const nlohmann::json &objectives = member.value("objectives", nlohmann::json());
    if (!objectives.is_object())
        throw OptimizeError(where + "/objectives: an object expected");
    for (const Metric *metric : spec.objectives)
        candidate.objectives.push_back(
            optionalNumber(objectives.value(metric->name, nlohmann::json()),
                           where + "/objectives/" + metric->name));
    const nlohmann::json &constraints = member.value("constraints", nlohmann::json());
    if (!constraints.is_array() || constraints.size() != spec.constraints.size())
        throw OptimizeError(where + "/constraints: one entry per constraint expected");
    for (std::size_t i = 0; i < constraints.size(); ++i) {
        if (!constraints[i].is_object())
            throw OptimizeError(where + "/constraints/" + std::to_string(i) +
                                ": an object expected");
        candidate.constraints.push_back(
            optionalNumber(constraints[i].value("value", nlohmann::json()),
                           where + "/constraints/" + std::to_string(i) + "/value"));
    }
    const nlohmann::json &equivalents = member.value("equivalents", nlohmann::json(0));
    if (!equivalents.is_number_integer() || equivalents.get<long long>() < 0)
        throw OptimizeError(where + "/equivalents: a whole number expected");
    candidate.equivalents = equivalents.get<std::int64_t>();
    const nlohmann::json &violation = member.value("violation", nlohmann::json(0));
    if (!violation.is_number() || violation.get<double>() < 0)
        throw OptimizeError(where + "/violation: a number of at least 0 expected");
    candidate.violation = violation.get<double>();
    const nlohmann::json &problem = member.value("problem", nlohmann::json(""));
    if (!problem.is_string())
        throw OptimizeError(where + "/problem: text expected");
    candidate.problem = problem.get<std::string>();
    return candidate;
}

std::int64_t count(const nlohmann::json &document, const char *key, const std::string &file)
{
    const nlohmann::json &value = document.value(key, nlohmann::json());
    if (!value.is_number_integer() || value.get<long long>() < 0)
        throw OptimizeError(file + ": /" + key + ": a whole number expected");
    return value.get<std::int64_t>();
}

} // namespace

PartialFront partialFrontFromJson(const Optimizer &optimizer, const nlohmann::json &document,
                                  const std::string &file)
{
    const OptimizeSpec &spec = optimizer.spec();
    if (!document.is_object() || document.value("schema", nlohmann::json()) != "aidc-optimize")
        throw OptimizeError(file + ": not a front written by aidc optimize --json");
    if (nlohmann::json(searchJson(spec)) != document.value("search", nlohmann::json()))
        throw OptimizeError(file + ": its search (/search) differs from this one; merge only the "
                                   "shards of one search (same --vary, --objectives, --constraint, "
                                   "--allow-warnings, --workload, --phase1, --monotone)");
    if (document.value("method", nlohmann::json()) != "exhaustive")
        throw OptimizeError(file + ": /method: only the shards of an exhaustive search merge into "
                                   "the exact front");
    PartialFront part;
    part.file = file;
    const nlohmann::json &shard = document.value("shard", nlohmann::json());
    if (!shard.is_object() || !shard.value("index", nlohmann::json()).is_number_integer() ||
        !shard.value("count", nlohmann::json()).is_number_integer())
        throw OptimizeError(file + ": /shard: {\"index\": i, \"count\": n} expected");
    part.shardIndex = shard["index"].get<int>();
    part.shardCount = shard["count"].get<int>();
    if (part.shardCount < 1 || part.shardIndex < 1 || part.shardIndex > part.shardCount)
        throw OptimizeError(file + ": /shard: 1 <= index <= count expected");
    part.evaluated = count(document, "evaluated", file);
    part.feasible = count(document, "feasible", file);
    const nlohmann::json &members = document.value("front", nlohmann::json());
    if (!members.is_array())
        throw OptimizeError(file + ": /front: an array expected");
    for (std::size_t i = 0; i < members.size(); ++i) {
        Candidate member =
            candidateFromJson(optimizer, members[i], file + ": /front/" + std::to_string(i));
        member.violation = 0; // a front member is feasible
        part.front.push_back(std::move(member));
    }
    if (document.contains("closest"))
        part.closest = candidateFromJson(optimizer, document["closest"], file + ": /closest");
    const nlohmann::json &best = document.value("fromScratchBest", nlohmann::json::array());
    if (!best.is_array() || (!best.empty() && best.size() != spec.objectives.size()))
        throw OptimizeError(file + ": /fromScratchBest: one value per objective expected");
    for (std::size_t m = 0; m < best.size(); ++m)
        part.fromScratchBest.push_back(
            optionalNumber(best[m], file + ": /fromScratchBest/" + std::to_string(m)));
    return part;
}

OptimizeResult mergeShards(const Optimizer &optimizer, const std::vector<PartialFront> &parts)
{
    if (parts.empty())
        throw OptimizeError("--merge: no fronts given");
    const int count = parts.front().shardCount;
    std::vector<std::string> seen(std::size_t(count) + 1);
    OptimizeResult result;
    std::vector<std::vector<Candidate>> fronts;
    for (const PartialFront &part : parts) {
        if (part.shardCount != count)
            throw OptimizeError("--merge: " + part.file + " is shard " +
                                std::to_string(part.shardIndex) + " of " +
                                std::to_string(part.shardCount) + ", " + parts.front().file +
                                " one of " + std::to_string(count));
        std::string &owner = seen[std::size_t(part.shardIndex)];
        if (!owner.empty())
            throw OptimizeError("--merge: " + part.file + " and " + owner + " are both shard " +
                                std::to_string(part.shardIndex) + "/" + std::to_string(count));
        owner = part.file;
        result.evaluated += part.evaluated;
        result.feasible += part.feasible;
        fronts.push_back(part.front);
        if (part.closest &&
            (!result.closest || part.closest->violation < result.closest->violation))
            result.closest = part.closest;
        // The best final design alone over all shards.
        const std::vector<const Metric *> &objectives = optimizer.spec().objectives;
        if (!part.fromScratchBest.empty())
            result.fromScratchBest.resize(objectives.size());
        for (std::size_t m = 0; m < part.fromScratchBest.size(); ++m) {
            const std::optional<double> &value = part.fromScratchBest[m];
            std::optional<double> &best = result.fromScratchBest[m];
            if (value && (!best || (objectives[m]->better == Sense::Minimize ? *value < *best
                                                                             : *value > *best)))
                best = value;
        }
    }
    for (int i = 1; i <= count; ++i) {
        if (seen[std::size_t(i)].empty())
            throw OptimizeError("--merge: shard " + std::to_string(i) + "/" +
                                std::to_string(count) +
                                " is missing; the front of the whole "
                                "space needs every shard");
    }
    result.method = SearchMethod::Exhaustive;
    result.spaceSize = optimizer.spaceSize();
    result.front = mergeFronts(optimizer, fronts);
    if (result.feasible > 0)
        result.closest.reset();
    optimizer.nameFront(result);
    return result;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/optimize/optimizer.h"

#include "model/projectjson.h"
#include "model/strictjson.h"
#include "solvers/batch/sweep.h"
#include "solvers/optimize/pareto.h"
#include "solvers/pipeline/loading.h"
#include "solvers/uncertainty/bands.h"
#include "solvers/uncertainty/parallelfor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <random>
#include <unordered_map>

namespace aidc {

const char *searchMethodName(SearchMethod method)
{
    switch (method) {
    case SearchMethod::Auto:
        return "auto";
    case SearchMethod::Exhaustive:
        return "exhaustive";
    case SearchMethod::Evolutionary:
        return "evolutionary";
    }
    return "auto";
}

namespace {

using Clock = std::chrono::steady_clock;

// How far a candidate is from feasible, in tiers that never mix: a load failure outweighs a
// design error or an unaccepted warning, which outweighs a missing figure, which outweighs any
// constraint miss. Each missed constraint adds m / (1 + m) < 1 for its miss m relative to the
// limit, so the search can walk towards feasibility and a miss never outgrows a tier.
constexpr double kNotLoaded = 1e9, kNotClean = 1e6, kMissingFigure = 1e3;

std::string firstLine(const std::string &text)
{
    return text.substr(0, text.find('\n'));
}

ParetoPoint pointOf(const Optimizer &optimizer, const Candidate &candidate)
{
    return ParetoPoint{candidate.feasible() ? optimizer.costs(candidate) : std::vector<double>{},
                       candidate.violation};
}

// The non-dominated feasible members of `pool` (duplicates of one index kept once), in
// ascending order of the costs.
std::vector<Candidate> nondominated(const Optimizer &optimizer, std::vector<Candidate> pool)
{
    std::sort(pool.begin(), pool.end(),
              [](const Candidate &a, const Candidate &b) { return a.index < b.index; });
    pool.erase(
        std::unique(pool.begin(), pool.end(),
                    [](const Candidate &a, const Candidate &b) { return a.index == b.index; }),
        pool.end());
    std::vector<std::vector<double>> costs;
    std::vector<Candidate> kept;
    for (Candidate &candidate : pool) {
        if (candidate.feasible()) {
            costs.push_back(optimizer.costs(candidate));
            kept.push_back(std::move(candidate));
        }
    }
    std::vector<Candidate> front;
    std::vector<std::vector<double>> frontCosts;
    for (std::size_t i = 0; i < kept.size(); ++i) {
        bool beaten = false;
        for (std::size_t j = 0; j < kept.size() && !beaten; ++j)
            beaten = j != i && dominates({costs[j], 0}, {costs[i], 0});
        if (beaten)
            continue;
        // Candidates with the very same objectives are one point of the front: the lowest
        // index stands for them and counts the others.
        const auto same = std::find(frontCosts.begin(), frontCosts.end(), costs[i]);
        if (same != frontCosts.end()) {
            Candidate &kept0 = front[std::size_t(same - frontCosts.begin())];
            kept0.equivalents += 1 + kept[i].equivalents;
            continue;
        }
        front.push_back(std::move(kept[i]));
        frontCosts.push_back(costs[i]);
    }
    std::vector<std::size_t> order(front.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (frontCosts[a] != frontCosts[b])
            return frontCosts[a] < frontCosts[b];
        return front[a].index < front[b].index;
    });
    std::vector<Candidate> sorted;
    for (const std::size_t i : order)
        sorted.push_back(std::move(front[i]));
    return sorted;
}

// Writes `value` at `pointer`; null removes the field, so its default applies (an air-cooled
// candidate of a base that states a facility-water class drops the class).
void writeValue(nlohmann::ordered_json &document,
                const nlohmann::ordered_json::json_pointer &pointer, const nlohmann::json &value)
{
    if (!value.is_null()) {
        document[pointer] = value;
        return;
    }
    const nlohmann::ordered_json::json_pointer parent = pointer.parent_pointer();
    if (document.contains(parent) && document.at(parent).is_object())
        document.at(parent).erase(pointer.back());
}

void keepClosestOf(std::optional<Candidate> &closest, const Candidate &candidate)
{
    if (candidate.feasible())
        return;
    if (!closest || candidate.violation < closest->violation ||
        (candidate.violation == closest->violation && candidate.index < closest->index))
        closest = candidate;
}

} // namespace

Optimizer::Optimizer(std::string baseFile, std::string_view baseText, const Catalog &baseCatalog,
                     OptimizeSpec spec)
    : m_baseFile(std::move(baseFile))
    , m_catalog(baseCatalog)
    , m_spec(std::move(spec))
{
    if (m_spec.variables.empty())
        throw OptimizeError("give at least one --vary PATH=V1,V2,...");
    if (m_spec.objectives.empty())
        throw OptimizeError("give --objectives (one to three metrics)");
    checkConstraintsConsistent(m_spec.constraints);
    bool phaseOneFigures = false;
    for (const Metric *metric : m_spec.objectives)
        phaseOneFigures = phaseOneFigures || metric->phase == 1;
    for (const Constraint &constraint : m_spec.constraints)
        phaseOneFigures = phaseOneFigures || constraint.metric->phase == 1;
    if (phaseOneFigures && m_spec.phase1.empty())
        throw OptimizeError("a phase1- metric needs --phase1 PATH=VALUE to say what the first "
                            "phase is");
    if (!m_spec.phase1.empty() && !m_spec.mix.empty())
        throw OptimizeError("--phase1 and --workload cannot be combined yet");
    if (!m_spec.phase1.empty() && !m_spec.monotone.empty())
        throw OptimizeError("--monotone and --phase1 cannot be combined: a skipped candidate may "
                            "be the best final design alone, which --phase1 reports");
    for (const MonotoneEffect &effect : m_spec.monotone) {
        bool read = false;
        for (const Metric *metric : m_spec.objectives)
            read = read || metric == effect.metric;
        for (const Constraint &constraint : m_spec.constraints)
            read = read || constraint.metric == effect.metric;
        if (!read)
            throw OptimizeError("--monotone '" + effect.argument + "': " + effect.metric->name +
                                " is neither an objective nor a constraint, so the declaration "
                                "has no effect");
    }
    for (const DesignVariable &field : m_spec.phase1) {
        if (field.values.size() != 1)
            throw OptimizeError("--phase1 '" + field.argument +
                                "': the first phase takes one value per field");
    }

    // The sweep machinery checks the paths (writable, not repeated) and words a base document
    // that is not a project as the loader does.
    std::vector<SweepAxis> axes;
    for (const DesignVariable &variable : m_spec.variables) {
        for (std::size_t k = 0; k < variable.pointers.size(); ++k) {
            SweepAxis axis{variable.pointers[k], {}};
            for (std::size_t c = 0; c < variable.values.size(); ++c)
                axis.values.push_back(variable.value(c, k));
            axes.push_back(std::move(axis));
        }
    }
    try {
        const Sweep check(m_baseFile, baseText, axes);
    } catch (const SweepError &error) {
        throw OptimizeError(std::string(error.what()).replace(0, 5, "--vary"));
    }
    m_base = nlohmann::ordered_json::parse(baseText); // the sweep check parsed it strictly
    for (const DesignVariable &variable : m_spec.variables) {
        std::vector<nlohmann::ordered_json::json_pointer> pointers;
        for (const std::string &pointer : variable.pointers)
            pointers.emplace_back(pointer);
        m_pointers.push_back(std::move(pointers));
    }
    m_size = searchSpaceSize(m_spec.variables);
    if (m_size > (std::int64_t(1) << 62))
        throw OptimizeError("the --vary lists make more than 4.6e18 candidates; narrow them");

    // Each job of a workload mix must load in the base design, or with one other value of one
    // variable (a job larger than the base pool fits a larger pool the search offers): a job
    // the project format refuses everywhere (a plan that names a pool the base lacks) is a
    // mistake in --workload.
    for (const WorkloadShare &share : m_spec.mix) {
        auto problem = [&](std::optional<std::pair<std::size_t, std::size_t>> other) {
            nlohmann::ordered_json document = m_base;
            document["workload"] = share.workload;
            if (other) {
                const DesignVariable &variable = m_spec.variables[other->first];
                for (std::size_t k = 0; k < variable.pointers.size(); ++k)
                    writeValue(document, m_pointers[other->first][k],
                               variable.value(other->second, k));
            }
            return problemUnder(document, {"/workload"});
        };
        std::string refusal = problem(std::nullopt);
        for (std::size_t v = 0; v < m_spec.variables.size() && !refusal.empty(); ++v) {
            for (std::size_t c = 0; c < m_spec.variables[v].values.size() && !refusal.empty(); ++c)
                refusal = problem(std::pair(v, c));
        }
        if (!refusal.empty())
            throw OptimizeError("--workload '" + share.label +
                                "': its workload fits neither the base project nor any one "
                                "value of a --vary: " +
                                refusal);
    }

    // First-phase fields: writable paths, each once, and values the format and the catalog
    // accept at their own field.
    std::vector<SweepAxis> phaseAxes;
    for (const DesignVariable &field : m_spec.phase1) {
        for (std::size_t k = 0; k < field.pointers.size(); ++k)
            phaseAxes.push_back({field.pointers[k], {field.value(0, k)}});
    }
    try {
        const Sweep check(m_baseFile, baseText, phaseAxes);
    } catch (const SweepError &error) {
        throw OptimizeError(std::string(error.what()).replace(0, 5, "--phase1"));
    }
    for (const DesignVariable &field : m_spec.phase1) {
        nlohmann::ordered_json document = m_base;
        for (std::size_t k = 0; k < field.pointers.size(); ++k)
            writeValue(document, nlohmann::ordered_json::json_pointer(field.pointers[k]),
                       field.value(0, k));
        const std::string refusal = problemUnder(document, field.pointers);
        if (!refusal.empty())
            throw OptimizeError("--phase1 '" + field.argument + "': refused at " + refusal);
    }

    // A value the project format or the catalog refuses at the variable's own field (a wrong
    // type, out of range, an unknown part) is a mistake in the arguments, not a candidate. Each
    // value is tried in the base document, and when refused there, with each value of each
    // other variable in turn: a refusal that one of them lifts (B200 in a server that carries
    // H100, while another variable offers the B200 server) depends on the combination and only
    // makes some candidates infeasible. A problem elsewhere (a pool smaller than the job) is
    // left to the candidates too.
    for (std::size_t v = 0; v < m_spec.variables.size(); ++v) {
        for (std::size_t c = 0; c < m_spec.variables[v].values.size(); ++c) {
            std::string refusal = ownFieldProblem(v, c, {});
            for (std::size_t u = 0; u < m_spec.variables.size() && !refusal.empty(); ++u) {
                for (std::size_t other = 0;
                     u != v && other < m_spec.variables[u].values.size() && !refusal.empty();
                     ++other)
                    refusal = ownFieldProblem(v, c, {{u, other}});
            }
            if (!refusal.empty())
                throw OptimizeError("--vary '" + m_spec.variables[v].argument + "': the value " +
                                    m_spec.variables[v].values[c].dump() + " is refused at " +
                                    refusal);
        }
    }
}

std::string
Optimizer::ownFieldProblem(std::size_t variable, std::size_t choice,
                           std::optional<std::pair<std::size_t, std::size_t>> other) const
{
    nlohmann::ordered_json document = m_base;
    auto write = [&](std::size_t v, std::size_t c) {
        for (std::size_t k = 0; k < m_spec.variables[v].pointers.size(); ++k)
            writeValue(document, m_pointers[v][k], m_spec.variables[v].value(c, k));
    };
    if (other)
        write(other->first, other->second);
    write(variable, choice);
    return problemUnder(document, m_spec.variables[variable].pointers);
}

std::string Optimizer::problemUnder(const nlohmann::ordered_json &document,
                                    const std::vector<std::string> &pointers) const
{
    try {
        prepareProject(parseProjectJson(document.dump(), m_baseFile), m_baseFile, m_catalog);
    } catch (const LoadError &error) {
        for (const Diagnostic &d : error.diagnostics().items()) {
            for (const std::string &pointer : pointers) {
                if (d.jsonPath == pointer || d.jsonPath.rfind(pointer + "/", 0) == 0)
                    return d.jsonPath + ": " + d.message;
            }
        }
    }
    return {};
}

std::vector<int> Optimizer::choicesOf(std::int64_t index) const
{
    std::vector<int> choices(m_spec.variables.size(), 0);
    for (std::size_t v = choices.size(); v-- > 0;) {
        const auto n = std::int64_t(m_spec.variables[v].values.size());
        choices[v] = int(index % n);
        index /= n;
    }
    return choices;
}

std::int64_t Optimizer::indexOf(const std::vector<int> &choices) const
{
    std::int64_t index = 0;
    for (std::size_t v = 0; v < choices.size(); ++v)
        index = index * std::int64_t(m_spec.variables[v].values.size()) + choices[v];
    return index;
}

nlohmann::ordered_json Optimizer::documentJson(const std::vector<int> &choices,
                                               const nlohmann::json *workload) const
{
    nlohmann::ordered_json document = m_base;
    if (!workload && !m_spec.mix.empty())
        workload = &m_spec.mix.front().workload;
    if (workload)
        document["workload"] = *workload;
    for (std::size_t v = 0; v < choices.size(); ++v) {
        const DesignVariable &variable = m_spec.variables[v];
        for (std::size_t k = 0; k < variable.pointers.size(); ++k)
            writeValue(document, m_pointers[v][k], variable.value(std::size_t(choices[v]), k));
    }
    return document;
}

std::string Optimizer::document(const std::vector<int> &choices, int indent,
                                const nlohmann::json *workload) const
{
    const nlohmann::ordered_json document = documentJson(choices, workload);
    std::string text =
        document.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    return indent < 0 ? text : text + "\n";
}

std::vector<double> Optimizer::costs(const Candidate &candidate) const
{
    std::vector<double> costs;
    for (std::size_t i = 0; i < m_spec.objectives.size(); ++i) {
        const double value = candidate.objectives[i].value_or(0);
        costs.push_back(m_spec.objectives[i]->better == Sense::Minimize ? value : -value);
    }
    return costs;
}

Candidate Optimizer::evaluate(const std::vector<int> &choices, const EvaluateOptions &options) const
{
    return evaluateInDetail(choices, options).candidate;
}

Optimizer::Detail Optimizer::evaluateInDetail(const std::vector<int> &choices,
                                              const EvaluateOptions &options) const
{
    if (!m_spec.phase1.empty())
        return evaluatePhases(choices, options);
    if (m_spec.mix.empty())
        return evaluateText(choices, document(choices), options);
    // Each job of the mix on the same design: per-workload metrics as the weighted mean, the
    // rest (the site's) from the first job; a problem with any job is the candidate's.
    double totalWeight = 0;
    for (const WorkloadShare &share : m_spec.mix)
        totalWeight += share.weight;
    Detail first;
    std::vector<std::optional<double>> objectives(m_spec.objectives.size(), 0.0);
    std::vector<std::optional<double>> constraints(m_spec.constraints.size(), 0.0);
    double violation = 0;
    std::string problem;
    for (std::size_t s = 0; s < m_spec.mix.size(); ++s) {
        const WorkloadShare &share = m_spec.mix[s];
        const double w = share.weight / totalWeight;
        Detail detail = evaluateText(choices, document(choices, -1, &share.workload), options);
        if (problem.empty() && !detail.candidate.problem.empty())
            problem = "workload " + share.label + ": " + detail.candidate.problem;
        auto combine = [&](std::vector<std::optional<double>> &into,
                           const std::vector<std::optional<double>> &values, std::size_t i,
                           const Metric &metric) {
            if (!into[i] || !values[i])
                into[i].reset();
            else if (metric.perWorkload)
                *into[i] += w * *values[i];
            else if (s == 0)
                into[i] = values[i];
        };
        for (std::size_t i = 0; i < objectives.size(); ++i)
            combine(objectives, detail.candidate.objectives, i, *m_spec.objectives[i]);
        for (std::size_t i = 0; i < constraints.size(); ++i)
            combine(constraints, detail.candidate.constraints, i, *m_spec.constraints[i].metric);
        // What the share's figures cannot say: it did not load, a check failed, no figure.
        violation += shareViolation(detail.candidate);
        if (s == 0)
            first = std::move(detail);
    }
    Candidate &candidate = first.candidate;
    candidate.objectives = std::move(objectives);
    candidate.constraints = std::move(constraints);
    candidate.problem = problem;
    candidate.violation = violation + constraintViolation(candidate.constraints);
    return first;
}

// The part of a candidate's violation its figures do not explain: not loaded, a failed check,
// a missing figure.
double Optimizer::shareViolation(const Candidate &candidate) const
{
    return candidate.violation - constraintViolation(candidate.constraints);
}

double Optimizer::constraintViolation(const std::vector<std::optional<double>> &values) const
{
    double violation = 0;
    for (std::size_t i = 0; i < m_spec.constraints.size() && i < values.size(); ++i) {
        const Constraint &constraint = m_spec.constraints[i];
        if (!values[i])
            continue;
        const double slack = constraint.slack(*values[i]);
        if (slack < 0) {
            const double miss = -slack / std::max(std::abs(constraint.limit), 1e-9);
            violation += std::isfinite(miss) ? miss / (1 + miss) : 1.0;
        }
    }
    return violation;
}

// Both phases of a candidate: the final design (phase 0) and the first phase, the same
// choices with the --phase1 fields set. Returns the final design's detail with every figure.
Optimizer::Detail Optimizer::evaluatePhases(const std::vector<int> &choices,
                                            const EvaluateOptions &options) const
{
    nlohmann::ordered_json early = documentJson(choices, nullptr);
    for (const DesignVariable &field : m_spec.phase1) {
        for (std::size_t k = 0; k < field.pointers.size(); ++k)
            writeValue(early, nlohmann::ordered_json::json_pointer(field.pointers[k]),
                       field.value(0, k));
    }
    Detail last = evaluateText(choices, document(choices), options, 0);
    const Detail first = evaluateText(choices, early.dump(), options, 1);
    Candidate &candidate = last.candidate;
    candidate.finalFeasible = candidate.feasible();
    // What each phase's figures cannot say, before the first phase's figures join the final's.
    double violation = shareViolation(last.candidate) + shareViolation(first.candidate);
    for (std::size_t i = 0; i < m_spec.objectives.size(); ++i) {
        if (m_spec.objectives[i]->phase == 1)
            candidate.objectives[i] = first.candidate.objectives[i];
    }
    for (std::size_t i = 0; i < m_spec.constraints.size(); ++i) {
        if (m_spec.constraints[i].metric->phase == 1)
            candidate.constraints[i] = first.candidate.constraints[i];
    }
    if (candidate.problem.empty() && !first.candidate.problem.empty())
        candidate.problem = "phase 1: " + first.candidate.problem;
    // The first phase must be a part of the final design: no more GPUs, no more endpoints on
    // any plane, and the same tiers (its fabric is the lower part of the final one).
    if (last.loaded && first.loaded) {
        std::string problem;
        if (first.result.summary.gpus > last.result.summary.gpus)
            problem = "phase 1: " + std::to_string(first.result.summary.gpus) +
                      " GPUs, more than the final design's " +
                      std::to_string(last.result.summary.gpus);
        const std::vector<PlaneResult> &a = first.result.fabric.planes;
        const std::vector<PlaneResult> &b = last.result.fabric.planes;
        for (std::size_t p = 0; p < a.size() && p < b.size() && problem.empty(); ++p) {
            if (a[p].endpoints > b[p].endpoints)
                problem = "phase 1: plane '" + a[p].name + "' has more endpoints than in the " +
                          "final design";
            else if (a[p].tiers != b[p].tiers)
                problem = "phase 1: plane '" + a[p].name + "' has " + std::to_string(a[p].tiers) +
                          " tiers and the final design " + std::to_string(b[p].tiers) +
                          ": growing would rebuild the fabric, not extend it";
        }
        if (!problem.empty()) {
            violation += kNotClean;
            if (candidate.problem.empty())
                candidate.problem = problem;
        }
    }
    candidate.violation = violation + constraintViolation(candidate.constraints);
    return last;
}

Optimizer::Detail Optimizer::evaluateText(const std::vector<int> &choices, const std::string &text,
                                          const EvaluateOptions &options, int phase) const
{
    Detail detail;
    Candidate &candidate = detail.candidate;
    candidate.choices = choices;
    candidate.index = indexOf(choices);
    candidate.objectives.assign(m_spec.objectives.size(), std::nullopt);
    candidate.constraints.assign(m_spec.constraints.size(), std::nullopt);
    const std::string label = m_baseFile + "#" + std::to_string(candidate.index);
    try {
        detail.loaded = std::make_shared<const LoadedProject>(
            prepareProject(parseProjectJson(text, label), m_baseFile, m_catalog));
        detail.result = evaluateLoadedProject(*detail.loaded, options);
    } catch (const LoadError &error) {
        detail.loaded.reset();
        candidate.problem = firstLine(error.diagnostics().toString());
        candidate.violation = kNotLoaded;
        return detail;
    }
    const LoadedProject &loaded = *detail.loaded;
    const Result &result = detail.result;
    candidate.loaded = true;
    for (const Diagnostic &d : result.diagnostics.items()) {
        const bool counts =
            d.severity == Severity::Error || (!m_spec.allowWarnings && d.acknowledged.empty());
        if (counts) {
            candidate.problem = (d.severity == Severity::Error ? "error at " : "warning at ") +
                                (d.jsonPath.empty() ? std::string("/") : d.jsonPath) + ": " +
                                d.message;
            candidate.violation += kNotClean;
            break;
        }
    }
    for (std::size_t i = 0; i < m_spec.objectives.size(); ++i) {
        if (m_spec.objectives[i]->phase != phase)
            continue; // the other phase's figure
        candidate.objectives[i] = m_spec.objectives[i]->read(loaded.project, result);
        if (!candidate.objectives[i] || !std::isfinite(*candidate.objectives[i])) {
            candidate.objectives[i].reset();
            if (candidate.problem.empty())
                candidate.problem = std::string("the design has no ") + m_spec.objectives[i]->name;
            candidate.violation += kMissingFigure;
        }
    }
    for (std::size_t i = 0; i < m_spec.constraints.size(); ++i) {
        const Constraint &constraint = m_spec.constraints[i];
        if (constraint.metric->phase != phase)
            continue;
        candidate.constraints[i] = constraint.metric->read(loaded.project, result);
        if (!candidate.constraints[i] || !std::isfinite(*candidate.constraints[i])) {
            candidate.constraints[i].reset();
            if (candidate.problem.empty())
                candidate.problem = std::string("the design has no ") + constraint.metric->name;
            candidate.violation += kMissingFigure;
        }
    }
    candidate.violation += constraintViolation(candidate.constraints);
    return detail;
}

WorkloadShare parseWorkloadShare(const std::string &argument)
{
    const std::string where = "--workload '" + argument + "'";
    WorkloadShare share;
    const auto equals = argument.rfind('=');
    share.label = argument.substr(0, equals);
    if (equals != std::string::npos) {
        const std::string weight = argument.substr(equals + 1);
        Diagnostics ignored;
        const std::optional<nlohmann::json> value = parseStrictJson(weight, "--workload", ignored);
        if (!value || ignored.hasErrors() || !value->is_number() || value->get<double>() <= 0 ||
            !std::isfinite(value->get<double>()))
            throw OptimizeError(where + ": the weight after '=' must be a number above zero");
        share.weight = value->get<double>();
    }
    if (share.label.empty())
        throw OptimizeError(where + ": give a project file whose workload joins the mix");
    Project project;
    try {
        project = loadProjectFile(share.label);
    } catch (const LoadError &error) {
        throw OptimizeError(where + ": " + firstLine(error.diagnostics().toString()));
    }
    if (!project.workload)
        throw OptimizeError(where + ": " + share.label + " has no /workload");
    share.workload = nlohmann::json::parse(projectToJson(project)).at("workload");
    return share;
}

void Optimizer::note(OptimizeResult &result, const Candidate &candidate) const
{
    ++result.evaluated;
    result.feasible += candidate.feasible() ? 1 : 0;
    keepClosestOf(result.closest, candidate);
    if (m_spec.phase1.empty() || !candidate.finalFeasible)
        return;
    result.fromScratchBest.resize(m_spec.objectives.size());
    for (std::size_t m = 0; m < m_spec.objectives.size(); ++m) {
        const Metric &metric = *m_spec.objectives[m];
        const std::optional<double> &value = candidate.objectives[m];
        std::optional<double> &best = result.fromScratchBest[m];
        if (metric.phase != 0 || !value)
            continue;
        if (!best || (metric.better == Sense::Minimize ? *value < *best : *value > *best))
            best = value;
    }
}

OptimizeResult Optimizer::run(const OptimizeOptions &options) const
{
    SearchMethod method = options.method;
    // Declared monotone effects prune an enumeration: with them, auto enumerates.
    if (method == SearchMethod::Auto)
        method = m_size <= options.exhaustiveLimit || !m_spec.monotone.empty()
                     ? SearchMethod::Exhaustive
                     : SearchMethod::Evolutionary;
    if (method == SearchMethod::Evolutionary && !m_spec.monotone.empty())
        throw OptimizeError("--monotone prunes an exhaustive enumeration; it has no use in the "
                            "evolutionary search (give --method exhaustive or auto)");
    if (options.shardCount > 1 && method != SearchMethod::Exhaustive)
        throw OptimizeError("--shard splits an exhaustive search; this one is evolutionary (the "
                            "space has " +
                            std::to_string(m_size) + " candidates): give --method exhaustive");
    const auto start = Clock::now();
    OptimizeResult result =
        method == SearchMethod::Exhaustive ? exhaustive(options) : evolutionary(options);
    result.method = method;
    result.shardIndex = options.shardIndex;
    result.shardCount = options.shardCount;
    result.spaceSize = m_size;
    nameFront(result);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

void Optimizer::nameFront(OptimizeResult &result) const
{
    result.bestPerObjective.assign(m_spec.objectives.size(), 0);
    if (result.front.empty())
        return;
    std::vector<ParetoPoint> points;
    std::vector<std::size_t> all;
    for (const Candidate &candidate : result.front) {
        all.push_back(points.size());
        points.push_back(pointOf(*this, candidate));
    }
    result.knee = kneeIndex(points, all);
    for (std::size_t m = 0; m < m_spec.objectives.size(); ++m) {
        for (std::size_t k = 1; k < points.size(); ++k) {
            if (points[k].costs[m] < points[result.bestPerObjective[m]].costs[m])
                result.bestPerObjective[m] = k;
        }
    }
}

void Optimizer::findTies(OptimizeResult &result, const EvaluateOptions &options, int samples,
                         int threads) const
{
    const std::size_t objectives = m_spec.objectives.size();
    const std::size_t n = result.front.size();
    result.resolution.assign(objectives, 0.0);
    result.tiedWith.assign(n, {});
    result.tiedBest.assign(objectives, {});
    if (n == 0)
        return;
    if (samples > 0 && n > 1) {
        const Detail knee = evaluateInDetail(result.front[result.knee].choices, options);
        if (knee.loaded) {
            EvaluateOptions bandEvaluate = headlineOnly(options);
            bandEvaluate.priceBook = knee.loaded->priceBook.get();
            BandOptions band;
            band.samples = samples;
            band.threads = threads;
            const BandsResult bands = errorBands(knee.loaded->project, m_catalog,
                                                 knee.loaded->catalog, bandEvaluate, band);
            for (std::size_t m = 0; m < objectives; ++m) {
                double squares = 0;
                for (const char *key : m_spec.objectives[m]->bandFigures) {
                    for (const Band &b : bands.bands) {
                        if (b.figure && std::string(b.figure->key) == key && b.p50 != 0) {
                            const double half = (b.p90 - b.p10) / 2 / std::abs(b.p50);
                            squares += half * half;
                        }
                    }
                }
                result.resolution[m] = std::sqrt(squares);
            }
        }
    }
    auto within = [&](std::size_t i, std::size_t j, std::size_t m) {
        const double a = result.front[i].objectives[m].value_or(0);
        const double b = result.front[j].objectives[m].value_or(0);
        return std::abs(a - b) <= result.resolution[m] * std::max(std::abs(a), std::abs(b));
    };
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = 0; j < n; ++j) {
            bool all = i != j;
            for (std::size_t m = 0; m < objectives && all; ++m)
                all = within(i, j, m);
            if (all)
                result.tiedWith[i].push_back(j);
        }
    }
    for (std::size_t m = 0; m < objectives; ++m) {
        for (std::size_t j = 0; j < n; ++j) {
            if (within(result.bestPerObjective[m], j, m))
                result.tiedBest[m].push_back(j);
        }
    }
}

std::vector<MonotoneEffect> parseMonotone(const std::string &argument,
                                          const std::vector<DesignVariable> &variables)
{
    const std::string where = "--monotone '" + argument + "'";
    const auto equals = argument.find('=');
    if (equals == std::string::npos)
        throw OptimizeError(where + " is not of the form PATH=METRIC+,METRIC-,... (e.g. "
                                    "/compute/pools/0/gpuCount=capex+,facility-power+)");
    const std::string pointer = argument.substr(0, equals);
    std::size_t variable = variables.size();
    for (std::size_t v = 0; v < variables.size(); ++v) {
        if (variables[v].pointers.front() == pointer)
            variable = v;
    }
    if (variable == variables.size())
        throw OptimizeError(where + ": " + pointer + " is not the path of a --vary");
    if (variable >= 32)
        throw OptimizeError(where + ": declare effects on the first 32 --vary options only");
    if (!variables[variable].ordered)
        throw OptimizeError(where + ": the values of " + pointer +
                            " are not numbers in ascending order, so 'rises' has no meaning");
    std::vector<MonotoneEffect> effects;
    for (const std::string &item : splitSweepValues(argument.substr(equals + 1))) {
        if (item.size() < 2 || (item.back() != '+' && item.back() != '-'))
            throw OptimizeError(where + ": '" + item +
                                "' is a metric followed by + (never falls as the value rises) "
                                "or - (never rises)");
        MonotoneEffect effect;
        effect.argument = argument;
        effect.variable = variable;
        effect.rises = item.back() == '+';
        effect.metric = findMetric(item.substr(0, item.size() - 1));
        if (!effect.metric)
            throw OptimizeError(where + ": '" + item.substr(0, item.size() - 1) +
                                "' is not a metric; the metrics are " + metricNames());
        effects.push_back(effect);
    }
    return effects;
}

namespace {

// What a declared effect says of a metric's value one step up the variable: `next` may not be
// below (rises) or above (falls) `value`, to a relative 1e-9.
bool contradicts(const MonotoneEffect &effect, double value, double next)
{
    const double tolerance = 1e-9 * std::max(std::abs(value), std::abs(next));
    return effect.rises ? next < value - tolerance : next > value + tolerance;
}

} // namespace

// The variables a candidate blocks: its successor one step up such a variable is proven no
// better. Infeasible: it misses a constraint on a metric a declared effect carries the wrong
// way. Feasible: every objective is declared to worsen up the variable, so the successor is at
// best equal (weakly dominated).
std::uint32_t Optimizer::blockedSuccessors(const Candidate &candidate) const
{
    std::uint32_t mask = 0;
    for (std::size_t v = 0; v < m_spec.variables.size() && v < 32; ++v) {
        bool blocks = false;
        if (candidate.loaded && !candidate.feasible() && candidate.problem.empty()) {
            for (std::size_t i = 0; i < m_spec.constraints.size() && !blocks; ++i) {
                const Constraint &constraint = m_spec.constraints[i];
                if (!candidate.constraints[i] || constraint.slack(*candidate.constraints[i]) >= 0)
                    continue;
                for (const MonotoneEffect &effect : m_spec.monotone) {
                    if (effect.variable == v && effect.metric == constraint.metric &&
                        effect.rises == constraint.atMost)
                        blocks = true;
                }
            }
        } else if (candidate.feasible()) {
            bool all = true;
            for (const Metric *objective : m_spec.objectives) {
                bool worsens = false;
                for (const MonotoneEffect &effect : m_spec.monotone) {
                    if (effect.variable == v && effect.metric == objective &&
                        effect.rises == (objective->better == Sense::Minimize))
                        worsens = true;
                }
                all = all && worsens;
            }
            blocks = all;
        }
        if (blocks)
            mask |= 1u << v;
    }
    return mask;
}

OptimizeResult Optimizer::exhaustive(const OptimizeOptions &options) const
{
    OptimizeResult result;
    const int shards = std::max(1, options.shardCount);
    const std::int64_t first = std::clamp(options.shardIndex, 1, shards) - 1;
    const std::int64_t planned = m_size <= first ? 0 : (m_size - first + shards - 1) / shards;
    const bool pruning = !m_spec.monotone.empty();
    if (pruning && shards > 1)
        throw OptimizeError("--monotone prunes by comparing neighbours across the whole space; it "
                            "cannot be combined with --shard");
    if (pruning && m_size > 100000000)
        throw OptimizeError("--monotone keeps 4 bytes per candidate: the space of " +
                            std::to_string(m_size) + " is over 100,000,000");
    // Per candidate, when pruning: the variables along which it blocks its successor.
    std::vector<std::uint32_t> blocks(pruning ? std::size_t(m_size) : 0, 0);
    std::vector<std::int64_t> strides(m_spec.variables.size(), 1);
    for (std::size_t v = m_spec.variables.size(); v-- > 1;)
        strides[v - 1] = strides[v] * std::int64_t(m_spec.variables[v].values.size());
    // A chunk may not hold a candidate and its predecessor along a declared variable: chunks
    // no longer than the smallest such stride (declare the slow variables, listed first, for
    // parallel chunks).
    std::int64_t chunk = 64;
    for (const MonotoneEffect &effect : m_spec.monotone)
        chunk = std::min(chunk, strides[effect.variable]);
    std::vector<Candidate> front;
    std::int64_t checkable = 0; // evaluated candidates with a declared predecessor
    for (std::int64_t done = 0; done < planned; done += chunk) {
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            break;
        }
        const std::int64_t count = std::min(chunk, planned - done);
        std::vector<std::int64_t> indices;
        for (std::int64_t i = 0; i < count; ++i) {
            const std::int64_t index = first + (done + i) * shards;
            std::uint32_t inherited = 0;
            if (pruning) {
                const std::vector<int> choices = choicesOf(index);
                for (const MonotoneEffect &effect : m_spec.monotone) {
                    const std::size_t v = effect.variable;
                    if (choices[v] > 0 && (blocks[std::size_t(index - strides[v])] >> v & 1u))
                        inherited |= 1u << v;
                }
            }
            if (inherited) {
                blocks[std::size_t(index)] = inherited; // what blocked it blocks on
                ++result.pruned;
            } else {
                indices.push_back(index);
            }
        }
        std::vector<Candidate> batch(indices.size());
        parallelFor(indices.size(), options.threads, [&](std::size_t i) {
            batch[i] = evaluate(choicesOf(indices[i]), options.evaluate);
        });
        for (const Candidate &candidate : batch) {
            note(result, candidate);
            if (pruning) {
                blocks[std::size_t(candidate.index)] = blockedSuccessors(candidate);
                // A sample of the declarations is checked: every so many candidates that have a
                // predecessor along a declared variable, up to 32 pairs, each at the cost of one
                // more evaluation.
                const bool hasPredecessor = std::any_of(
                    m_spec.monotone.begin(), m_spec.monotone.end(),
                    [&](const MonotoneEffect &e) { return candidate.choices[e.variable] > 0; });
                if (hasPredecessor && result.monotoneChecks < 32 &&
                    checkable++ % std::max<std::int64_t>(1, planned / 64) == 0)
                    checkDeclarations(candidate, result, options.evaluate);
            }
        }
        batch.insert(batch.end(), front.begin(), front.end());
        front = nondominated(*this, std::move(batch));
        if (options.onProgress)
            options.onProgress({result.evaluated + result.pruned, planned, front.size()});
    }
    result.front = std::move(front);
    if (result.feasible > 0)
        result.closest.reset();
    return result;
}

// Checks the declared effects between a candidate and its predecessor one step down each
// declared variable (evaluated again for the check); keeps the first few contradictions.
void Optimizer::checkDeclarations(const Candidate &candidate, OptimizeResult &result,
                                  const EvaluateOptions &options) const
{
    if (!candidate.loaded || result.monotoneContradictions.size() >= 5)
        return;
    // The value of `metric` among what the search reads of `c`.
    auto valueOf = [this](const Candidate &c, const Metric *metric) -> std::optional<double> {
        for (std::size_t i = 0; i < m_spec.objectives.size(); ++i) {
            if (m_spec.objectives[i] == metric)
                return c.objectives[i];
        }
        for (std::size_t i = 0; i < m_spec.constraints.size(); ++i) {
            if (m_spec.constraints[i].metric == metric)
                return c.constraints[i];
        }
        return std::nullopt;
    };
    for (std::size_t v = 0; v < m_spec.variables.size(); ++v) {
        if (candidate.choices[v] == 0 ||
            std::none_of(m_spec.monotone.begin(), m_spec.monotone.end(),
                         [&](const MonotoneEffect &e) { return e.variable == v; }))
            continue;
        // The predecessor one step down, evaluated again for the check (it may have been
        // pruned, or evaluated in an earlier chunk).
        std::vector<int> below = candidate.choices;
        --below[v];
        const Candidate previous = evaluate(below, options);
        ++result.monotoneChecks;
        for (const MonotoneEffect &effect : m_spec.monotone) {
            if (effect.variable != v)
                continue;
            const std::optional<double> a = valueOf(previous, effect.metric);
            const std::optional<double> b = valueOf(candidate, effect.metric);
            if (a && b && contradicts(effect, *a, *b))
                result.monotoneContradictions.push_back(
                    "--monotone '" + effect.argument + "': " + effect.metric->name +
                    (effect.rises ? " falls" : " rises") + " from " +
                    formatMetric(*effect.metric, *a) + " to " + formatMetric(*effect.metric, *b) +
                    " between candidates #" + std::to_string(previous.index) + " and #" +
                    std::to_string(candidate.index));
        }
    }
}

OptimizeResult Optimizer::evolutionary(const OptimizeOptions &options) const
{
    OptimizeResult result;
    const std::size_t variables = m_spec.variables.size();
    const int population = std::max(4, options.population + options.population % 2);
    const std::int64_t planned =
        std::min<std::int64_t>(m_size, std::int64_t(population) * (options.generations + 1));
    std::mt19937_64 random(options.seed);
    auto uniform = [&](std::size_t n) {
        return int(std::uniform_int_distribution<std::size_t>(0, n - 1)(random));
    };
    std::unordered_map<std::int64_t, Candidate> cache;
    bool evicted = false; // the cache was cleared: `evaluated` then counts some twice
    std::vector<Candidate> archive;

    // Evaluates the genomes not yet in the cache, in parallel; the cache keys by index, so the
    // order of completion cannot change the outcome.
    auto evaluateAll = [&](const std::vector<std::vector<int>> &genomes) {
        std::vector<std::vector<int>> missing;
        std::vector<std::int64_t> seen;
        for (const std::vector<int> &genome : genomes) {
            const std::int64_t index = indexOf(genome);
            if (!cache.count(index) && std::find(seen.begin(), seen.end(), index) == seen.end()) {
                missing.push_back(genome);
                seen.push_back(index);
            }
        }
        std::vector<Candidate> fresh(missing.size());
        parallelFor(missing.size(), options.threads,
                    [&](std::size_t i) { fresh[i] = evaluate(missing[i], options.evaluate); });
        for (Candidate &candidate : fresh) {
            note(result, candidate);
            archive.push_back(candidate);
            cache.emplace(candidate.index, std::move(candidate));
        }
        archive = nondominated(*this, std::move(archive));
        std::vector<Candidate> out;
        for (const std::vector<int> &genome : genomes)
            out.push_back(cache.at(indexOf(genome)));
        if (cache.size() > options.cacheLimit) {
            cache.clear(); // bounded memory; a re-visited candidate is evaluated again
            evicted = true;
        }
        if (options.onProgress)
            options.onProgress({result.evaluated, planned, archive.size()});
        return out;
    };

    // Stratified start: each variable's values are dealt out in turn over a shuffled order, so
    // every value appears in the first population when it is at least as large as the list.
    std::vector<std::vector<int>> genomes(static_cast<std::size_t>(population),
                                          std::vector<int>(variables));
    for (std::size_t v = 0; v < variables; ++v) {
        std::vector<int> slots(genomes.size());
        for (std::size_t i = 0; i < slots.size(); ++i)
            slots[i] = int(i % m_spec.variables[v].values.size());
        std::shuffle(slots.begin(), slots.end(), random);
        for (std::size_t i = 0; i < genomes.size(); ++i)
            genomes[i][v] = slots[i];
    }
    std::vector<Candidate> parents = evaluateAll(genomes);

    auto rankAndCrowd = [&](const std::vector<Candidate> &pool, std::vector<int> &rank,
                            std::vector<double> &crowd) {
        std::vector<ParetoPoint> points;
        for (const Candidate &candidate : pool)
            points.push_back(pointOf(*this, candidate));
        rank = nondominatedRanks(points);
        crowd.assign(pool.size(), 0.0);
        const int fronts = rank.empty() ? 0 : *std::max_element(rank.begin(), rank.end()) + 1;
        for (int f = 0; f < fronts; ++f) {
            std::vector<std::size_t> members;
            for (std::size_t i = 0; i < pool.size(); ++i) {
                if (rank[i] == f)
                    members.push_back(i);
            }
            if (pool[members.front()].feasible()) {
                const std::vector<double> d = crowdingDistances(points, members);
                for (std::size_t k = 0; k < members.size(); ++k)
                    crowd[members[k]] = d[k];
            }
        }
    };

    const double mutation = 1.0 / double(variables);
    for (int generation = 0; generation < options.generations; ++generation) {
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            break;
        }
        if (!evicted && result.evaluated >= m_size)
            break; // every candidate has been seen: the archive is the exhaustive front
        std::vector<int> rank;
        std::vector<double> crowd;
        rankAndCrowd(parents, rank, crowd);
        auto tournament = [&]() -> const Candidate & {
            const std::size_t a = std::size_t(uniform(parents.size()));
            const std::size_t b = std::size_t(uniform(parents.size()));
            if (rank[a] != rank[b])
                return parents[rank[a] < rank[b] ? a : b];
            return parents[crowd[a] >= crowd[b] ? a : b];
        };
        std::vector<std::vector<int>> children;
        // A child seen before is mutated again (up to a few times): a generation of repeats
        // would spend the budget on nothing.
        auto isNew = [&](const std::vector<int> &child) {
            return !cache.count(indexOf(child)) &&
                   std::find(children.begin(), children.end(), child) == children.end();
        };
        auto mutateOne = [&](std::vector<int> &child) {
            const auto v = std::size_t(uniform(variables));
            const int n = int(m_spec.variables[v].values.size());
            if (n > 1)
                child[v] = (child[v] + 1 + uniform(std::size_t(n - 1))) % n;
        };
        while (int(children.size()) < population) {
            std::vector<int> a = tournament().choices, b = tournament().choices;
            if (std::uniform_real_distribution<double>(0, 1)(random) < 0.9) {
                for (std::size_t v = 0; v < variables; ++v) {
                    if (uniform(2) == 1)
                        std::swap(a[v], b[v]);
                }
            }
            for (std::vector<int> *child : {&a, &b}) {
                for (std::size_t v = 0; v < variables; ++v) {
                    const int n = int(m_spec.variables[v].values.size());
                    if (n < 2 || std::uniform_real_distribution<double>(0, 1)(random) >= mutation)
                        continue;
                    if (m_spec.variables[v].ordered && uniform(2) == 1) {
                        const int step = uniform(2) == 1 ? 1 : -1;
                        (*child)[v] = std::clamp((*child)[v] + step, 0, n - 1);
                    } else {
                        (*child)[v] = uniform(std::size_t(n));
                    }
                }
                for (int retry = 0; retry < 8 && !isNew(*child); ++retry)
                    mutateOne(*child);
                children.push_back(*child);
            }
        }
        std::vector<Candidate> offspring = evaluateAll(children);
        std::vector<Candidate> pool = parents;
        pool.insert(pool.end(), offspring.begin(), offspring.end());
        // One copy of each candidate competes, so duplicates cannot crowd out the population.
        std::vector<Candidate> unique;
        for (Candidate &candidate : pool) {
            if (std::none_of(unique.begin(), unique.end(),
                             [&](const Candidate &kept) { return kept.index == candidate.index; }))
                unique.push_back(std::move(candidate));
        }
        rankAndCrowd(unique, rank, crowd);
        std::vector<std::size_t> order(unique.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            if (rank[a] != rank[b])
                return rank[a] < rank[b];
            if (crowd[a] != crowd[b])
                return crowd[a] > crowd[b];
            return unique[a].index < unique[b].index;
        });
        parents.clear();
        for (std::size_t k = 0; k < order.size() && int(parents.size()) < population; ++k)
            parents.push_back(unique[order[k]]);
    }
    // Polish: every archive member's one-variable neighbours are evaluated, again for the new
    // members, until the archive holds still, so each front member is at least locally
    // non-dominated (a move of any one variable cannot beat it).
    std::vector<std::int64_t> polished;
    // The polish may spend as much as the generations did, no more.
    const std::int64_t polishBudget = std::int64_t(population) * (options.generations + 1);
    std::int64_t polishSpent = 0;
    result.polishSettled = options.polishRounds > 0 ? false : true;
    for (int round = 0; round < options.polishRounds && !result.cancelled; ++round) {
        if (options.cancel && options.cancel->load()) {
            result.cancelled = true;
            break;
        }
        std::vector<std::vector<int>> neighbours;
        for (const Candidate &member : archive) {
            if (std::find(polished.begin(), polished.end(), member.index) != polished.end())
                continue;
            polished.push_back(member.index);
            for (std::size_t v = 0; v < variables; ++v) {
                for (int c = 0; c < int(m_spec.variables[v].values.size()); ++c) {
                    std::vector<int> neighbour = member.choices;
                    neighbour[v] = c;
                    if (c != member.choices[v] && !cache.count(indexOf(neighbour)))
                        neighbours.push_back(std::move(neighbour));
                }
            }
        }
        if (neighbours.empty()) {
            result.polishSettled = true;
            break;
        }
        if (polishSpent + std::int64_t(neighbours.size()) > polishBudget)
            break; // over budget: the front is reported as not settled
        polishSpent += std::int64_t(neighbours.size());
        evaluateAll(neighbours);
    }
    result.front = std::move(archive);
    if (result.feasible > 0)
        result.closest.reset();
    return result;
}

std::vector<Candidate> mergeFronts(const Optimizer &optimizer,
                                   const std::vector<std::vector<Candidate>> &fronts)
{
    std::vector<Candidate> pool;
    for (const std::vector<Candidate> &front : fronts)
        pool.insert(pool.end(), front.begin(), front.end());
    return nondominated(optimizer, std::move(pool));
}

} // namespace aidc

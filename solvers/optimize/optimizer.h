// SPDX-License-Identifier: Apache-2.0
#pragma once

// Design search (issue 24): the Pareto front of a project's design variables under
// constraints, for one to three objectives (metrics.h).
//
// A candidate is one choice per variable. Its project document is the base document with the
// chosen values written at the variables' pointers, loaded and evaluated exactly as `aidc eval`
// loads and evaluates a file, so every front member is a valid project that `aidc eval`
// reproduces to the digit. A candidate is feasible when it loads, its evaluation has no error
// and no unacknowledged warning (the design's own checks: hall space and power, floor
// loading, site supply, ...; --allow-warnings relaxes the warnings), it has every objective,
// and it meets every constraint.
//
// Methods (docs/optimize.md): exhaustive enumeration when the space is small enough, else
// NSGA-II [ref:deb-2002] with a seeded generator, binary tournaments on (rank, crowding),
// uniform crossover and per-variable mutation (ordered variables step to a neighbour value),
// Deb's constrained domination, and an archive of every non-dominated feasible candidate
// evaluated; then a polish of the archive by one-variable moves until it holds still. Evaluation
// runs on all cores; the outcome does not depend on the thread count. Memory: exhaustive keeps only
// the running front; the evolutionary search keeps its population, the archive and a cache of at
// most `cacheLimit` evaluated candidates.

#include "catalogs/catalog.h"
#include "solvers/optimize/searchspace.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aidc {

// One training job of a workload mix: a site outlives one model, so a design can be judged on
// several jobs (pretraining runs of several sizes, fine-tuning) with the share of the site's
// time each takes.
struct WorkloadShare
{
    std::string label;       // the file it came from, for messages
    nlohmann::json workload; // the project's /workload object
    double weight = 1;       // > 0; the mix's weights are normalised to sum to 1
};

// A declared monotone effect (--monotone): as an ordered variable's value rises, a metric never
// falls (`rises`) or never rises. Enumeration uses it to skip regions it can prove infeasible or
// dominated (docs/optimize.md); the declarations are checked on the pairs it does evaluate.
struct MonotoneEffect
{
    std::string argument;     // as given, for messages
    std::size_t variable = 0; // index into OptimizeSpec::variables
    const Metric *metric = nullptr;
    bool rises = true;
};

struct OptimizeSpec
{
    std::vector<DesignVariable> variables;
    std::vector<const Metric *> objectives;
    std::vector<Constraint> constraints;
    bool allowWarnings = false; // unacknowledged warnings do not make a candidate infeasible
    // Empty: the base project's own workload. Otherwise every candidate is evaluated once per
    // share with its /workload replaced; per-workload metrics are the weighted mean, the others
    // (capex, power, ...) those of the first share; the candidate must be feasible with each.
    std::vector<WorkloadShare> mix;
    std::vector<MonotoneEffect> monotone;
    // Phased build-out (--phase1): the first phase is the candidate with these fields set (each
    // holds one value), sharing every other choice with the final design. A candidate is then
    // feasible only if both phases are, and each fabric plane has as many tiers in the first
    // phase as in the final one (it grows by adding leaves and spines, not by rebuilding).
    // Metrics "phase1-NAME" read the first phase.
    std::vector<DesignVariable> phase1;
};

// Parses a --monotone argument "PATH=METRIC+,METRIC-,..." against the spec's variables: PATH is
// the (first) pointer of an ordered --vary. Throws OptimizeError naming the argument.
std::vector<MonotoneEffect> parseMonotone(const std::string &argument,
                                          const std::vector<DesignVariable> &variables);

// Reads a --workload argument "FILE=WEIGHT" (WEIGHT defaults to 1): FILE is a project file whose
// /workload is taken. Throws OptimizeError naming the argument (no such file, not JSON, no
// workload, a weight that is not a number above zero).
WorkloadShare parseWorkloadShare(const std::string &argument);

enum class SearchMethod { Auto, Exhaustive, Evolutionary };

struct OptimizeProgress
{
    std::int64_t evaluated = 0; // distinct candidates evaluated so far
    std::int64_t planned = 0;   // the most the search will evaluate
    std::size_t front = 0;      // current front size
};

struct OptimizeOptions
{
    SearchMethod method = SearchMethod::Auto;
    std::int64_t exhaustiveLimit = 1000; // Auto: exhaustive when the space is no larger
    int population = 32;                 // evolutionary: even, >= 4
    int generations = 30;
    // Evolutionary: rounds of one-variable moves around the archive after the generations
    // (0: none); each round evaluates the neighbours of members not yet polished.
    int polishRounds = 10;
    std::uint64_t seed = 1;
    int threads = 0; // 0 = every core
    // Exhaustive only: candidate k belongs to shard (k mod count) + 1, so a large enumeration
    // can run as array jobs whose fronts mergeFronts() joins.
    int shardIndex = 1, shardCount = 1;
    std::size_t cacheLimit = 200000;
    EvaluateOptions evaluate;
    const std::atomic<bool> *cancel = nullptr;
    std::function<void(const OptimizeProgress &)> onProgress;
};

struct Candidate
{
    std::vector<int> choices; // index into each variable's values
    std::int64_t index = 0;   // mixed radix over the choices, the last variable fastest
    bool loaded = false;
    // Why it is infeasible beyond its constraints: the loader's message, an error or an
    // unaccepted warning ("JSON pointer: message"), or a missing objective; "" when none.
    std::string problem;
    std::vector<std::optional<double>> objectives;  // per spec objective, in its unit
    std::vector<std::optional<double>> constraints; // per spec constraint, the metric's value
    double violation = 0;                           // 0 = feasible
    // Other evaluated candidates with exactly these objectives (the front keeps the lowest
    // index for all of them).
    std::int64_t equivalents = 0;
    // With --phase1: the final design alone is feasible (its first phase may not be).
    bool finalFeasible = false;
    bool feasible() const { return violation == 0; }
};

struct OptimizeResult
{
    SearchMethod method = SearchMethod::Exhaustive; // the method that ran
    int shardIndex = 1, shardCount = 1;             // the share of the space searched
    std::int64_t spaceSize = 0;
    std::int64_t evaluated = 0; // distinct candidates evaluated
    std::int64_t feasible = 0;  // of those, feasible
    double seconds = 0;
    bool cancelled = false;
    // Evolutionary: the polish ended with no new archive member (each member then beats its
    // one-variable neighbours); false when it stopped at its round or evaluation budget.
    bool polishSettled = true;
    std::vector<Candidate> front; // non-dominated feasible candidates, ascending first objective
    std::size_t knee = 0;         // index into front (kneeIndex)
    std::vector<std::size_t> bestPerObjective; // index into front, per objective
    // Exhaustive with --monotone: candidates skipped because a declared effect proves them
    // infeasible or dominated; and declarations the evaluated pairs contradict (a few).
    std::int64_t pruned = 0;
    std::int64_t monotoneChecks = 0; // pairs the declarations were checked on
    std::vector<std::string> monotoneContradictions;
    // With --phase1: per objective of the final design, the best value among candidates whose
    // final design alone is feasible ("from scratch"), to weigh against the front's best: what
    // requiring the first phase costs. Over the candidates evaluated.
    std::vector<std::optional<double>> fromScratchBest;
    // With no feasible candidate: the one closest to feasibility (least violation).
    std::optional<Candidate> closest;

    // Ties (findTies): per objective, the relative resolution of the figure, half the P10..P90
    // width of its error band over P50 (0 when the figure has no band); per front member, the
    // members it ties with (every objective within the resolution); per objective, the members
    // tied with the best on that objective alone.
    std::vector<double> resolution;
    std::vector<std::vector<std::size_t>> tiedWith;
    std::vector<std::vector<std::size_t>> tiedBest;
};

class Optimizer
{
public:
    // Parses the base document once and checks every variable against it: its paths can be
    // written, and each of its values is accepted at its own field by the loader and the
    // catalog, in the base document or with some value of another variable. Throws
    // OptimizeError (naming the --vary argument and the loader's message) or LoadError (the
    // base document itself).
    Optimizer(std::string baseFile, std::string_view baseText, const Catalog &baseCatalog,
              OptimizeSpec spec);

    const OptimizeSpec &spec() const { return m_spec; }
    const std::string &baseFile() const { return m_baseFile; }
    std::int64_t spaceSize() const { return m_size; }

    std::vector<int> choicesOf(std::int64_t index) const;
    std::int64_t indexOf(const std::vector<int> &choices) const;

    // The candidate's project document: compact JSON, or indented by `indent` spaces with a
    // final newline (the files --projects writes). Thread-safe.
    // `workload` (a workload mix's share) replaces the document's /workload; with a mix and no
    // `workload`, the first share's does, so a written front member carries the first job.
    std::string document(const std::vector<int> &choices, int indent = -1,
                         const nlohmann::json *workload = nullptr) const;
    // Loads and evaluates one candidate. Thread-safe.
    Candidate evaluate(const std::vector<int> &choices, const EvaluateOptions &options) const;

    // The same, keeping the loaded project and the whole result (to explain a front member).
    struct Detail
    {
        Candidate candidate;
        std::shared_ptr<const LoadedProject> loaded; // null when it did not load
        Result result;
    };
    Detail evaluateInDetail(const std::vector<int> &choices, const EvaluateOptions &options) const;

    OptimizeResult run(const OptimizeOptions &options) const;

    // Names the knee and the best member per objective of result.front (run() does this; a
    // merged front needs it again).
    void nameFront(OptimizeResult &result) const;

    // Marks front members whose objectives differ by less than the figures' uncertainty as
    // ties (docs/optimize.md): the error bands of the knee's figures (solvers/uncertainty,
    // `samples` Latin-hypercube draws with the performance model's measured error) give each
    // objective's relative resolution; the same resolution is applied across the front.
    void findTies(OptimizeResult &result, const EvaluateOptions &options, int samples,
                  int threads) const;

    // Minimised costs of a candidate (maximised metrics negated).
    std::vector<double> costs(const Candidate &candidate) const;

private:
    std::string m_baseFile;
    nlohmann::ordered_json m_base; // key order kept, so written projects read like the base
    const Catalog &m_catalog;
    OptimizeSpec m_spec;
    std::vector<std::vector<nlohmann::ordered_json::json_pointer>> m_pointers; // per variable
    std::int64_t m_size = 0;

    // The loader's problem at `variable`'s own fields with its value `choice` written into the
    // base document (and `other`'s value, when given); "" when none.
    std::string ownFieldProblem(std::size_t variable, std::size_t choice,
                                std::optional<std::pair<std::size_t, std::size_t>> other) const;
    // The loader's first problem at or under one of `pointers` when `document` is loaded with
    // the catalog ("JSON pointer: message"); "" when none (problems elsewhere do not count).
    std::string problemUnder(const nlohmann::ordered_json &document,
                             const std::vector<std::string> &pointers) const;
    Detail evaluateText(const std::vector<int> &choices, const std::string &text,
                        const EvaluateOptions &options, int phase = 0) const;
    Detail evaluatePhases(const std::vector<int> &choices, const EvaluateOptions &options) const;
    nlohmann::ordered_json documentJson(const std::vector<int> &choices,
                                        const nlohmann::json *workload) const;
    // Counts an evaluated candidate into `result` (evaluated, feasible, closest, from scratch).
    void note(OptimizeResult &result, const Candidate &candidate) const;
    double constraintViolation(const std::vector<std::optional<double>> &values) const;
    double shareViolation(const Candidate &candidate) const;
    OptimizeResult exhaustive(const OptimizeOptions &options) const;
    std::uint32_t blockedSuccessors(const Candidate &candidate) const;
    void checkDeclarations(const Candidate &candidate, OptimizeResult &result,
                           const EvaluateOptions &options) const;
    OptimizeResult evolutionary(const OptimizeOptions &options) const;
};

// The non-dominated feasible candidates of several fronts of the same search (shards), as
// exhaustive enumeration of their union would give them: exact, order-independent.
std::vector<Candidate> mergeFronts(const Optimizer &optimizer,
                                   const std::vector<std::vector<Candidate>> &fronts);

const char *searchMethodName(SearchMethod method);

} // namespace aidc

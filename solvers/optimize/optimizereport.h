// SPDX-License-Identifier: Apache-2.0
#pragma once

// What `aidc optimize` writes (docs/optimize.md): the front as a table (text, CSV) and as a
// JSON document that also carries the search's arguments, so partial fronts of shards can be
// merged exactly; what binds each front member (--explain); and, when nothing is feasible, the
// message naming the constraint and the closest candidate's slack.

#include "model/csv.h"
#include "solvers/optimize/optimizer.h"

#include <nlohmann/json.hpp>

#include <optional>

#include <string>
#include <vector>

namespace aidc {

// Re-evaluates a front member and says what binds it: the constraints it meets with less than
// 5 % to spare, halls at 90 % or more of their power capacity or floor area, the site supply at
// 90 % or more, the fabric tiers its switches' radix forces, variables at the end of their
// ordered range, and its neighbours on the front (what moving to them gains and costs).
std::vector<std::string> explainFrontMember(const Optimizer &optimizer,
                                            const OptimizeResult &result, std::size_t member,
                                            const EvaluateOptions &options);

// The search's arguments and outcome. `explanations` (optional) holds one list per front
// member; `files` (optional) the project file written for each.
nlohmann::ordered_json optimizeResultJson(const Optimizer &optimizer, const OptimizeResult &result,
                                          const std::vector<std::vector<std::string>> &explanations,
                                          const std::vector<std::string> &files);

// One row per front member: id, role (knee, best <objective>), objectives, constraint values
// and slack, the variables' values. Numbers in their metric's unit.
CsvTable frontTable(const Optimizer &optimizer, const OptimizeResult &result);

// The same for a terminal, values formatted for reading.
CsvTable frontTextTable(const Optimizer &optimizer, const OptimizeResult &result);

// No feasible candidate: which constraints (or design checks) every candidate misses, and the
// closest candidate's values and slack.
std::string infeasibleMessage(const Optimizer &optimizer, const OptimizeResult &result);

// One shard's outcome as optimizeResultJson() wrote it.
struct PartialFront
{
    std::string file;
    int shardIndex = 1, shardCount = 1;
    std::int64_t evaluated = 0, feasible = 0;
    std::vector<Candidate> front;
    std::optional<Candidate> closest;
    std::vector<std::optional<double>> fromScratchBest; // with --phase1
};

// Reads a shard's --json, checked to come from an exhaustive run of the same search (same
// variables, objectives, constraints, warnings rule and workload mix) and to be well formed;
// throws OptimizeError naming `file` and the JSON pointer.
PartialFront partialFrontFromJson(const Optimizer &optimizer, const nlohmann::json &document,
                                  const std::string &file);

// The front of the whole space from every shard 1..n, each exactly once (throws OptimizeError
// naming a missing, repeated or foreign shard); the closest candidate when none is feasible.
OptimizeResult mergeShards(const Optimizer &optimizer, const std::vector<PartialFront> &parts);

// "knee", "best capex", ... for member `member`.
std::string frontRole(const Optimizer &optimizer, const OptimizeResult &result, std::size_t member);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// What `aidc optimize` searches over and for (issue 24): design variables (project fields the
// field table marks as design variables, each with the values to try), objectives and
// constraints (metrics.h). Parsing here checks only the arguments themselves; whether each value
// makes a project the loader accepts is checked against the base project by the optimizer.

#include "solvers/optimize/metrics.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace aidc {

// A bad --vary, --objectives or --constraint argument, or a search the base project cannot
// take; the message names the option and what would fix it.
class OptimizeError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// One decision: one project field, or several fields that move together ("linked", e.g. the
// pool's GPU count and the job's GPUs), and the values it may take, in the order given.
struct DesignVariable
{
    std::string argument;              // as given to --vary, for messages
    std::vector<std::string> pointers; // RFC 6901 pointers into the project document
    // Per choice: the value (one pointer) or an array with one value per pointer (linked).
    std::vector<nlohmann::json> values;
    // Every choice is a number (per linked field) and they ascend: the end of the list is
    // an edge of the space that a front member can sit at (see --explain).
    bool ordered = false;

    // The value of choice `choice` for pointers[k].
    const nlohmann::json &value(std::size_t choice, std::size_t k) const;
};

// Parses a --vary argument:
//   PATH=V1,V2,...           values as in `aidc sweep --set` (JSON, else a string)
//   PATH=FROM..TO[:STEP]     numbers FROM, FROM+STEP, ... up to TO (STEP defaults to 1)
//   PATH1+PATH2=[A1,A2],...  linked fields: each value is an array with one entry per path
// A value null removes the field from the candidate, so its default applies.
// Each PATH must be a design variable of the project field table (model/projectfields.h).
// Throws OptimizeError naming the argument: not a project field, not a design variable, an
// empty or malformed range, more than `maxChoices` values, a linked value of the wrong length.
DesignVariable parseDesignVariable(const std::string &argument, std::size_t maxChoices = 100000);

struct Constraint
{
    std::string argument; // "facility-power<=150"
    const Metric *metric = nullptr;
    bool atMost = true; // "<=": value <= limit; ">=": value >= limit
    double limit = 0;

    // limit - value for "<=", value - limit for ">=": negative when missed.
    double slack(double value) const { return atMost ? limit - value : value - limit; }
};

// "NAME<=VALUE" or "NAME>=VALUE", VALUE in the metric's unit. Throws OptimizeError.
Constraint parseConstraint(const std::string &argument);

// Objectives from "capex,time-to-train": one to three distinct metrics. Throws OptimizeError
// for an unknown name, a repeated one, none or more than three.
std::vector<const Metric *> parseObjectives(const std::string &list);

// Throws OptimizeError when two constraints on one metric leave no value (capex<=1e9 and
// capex>=2e9), naming both.
void checkConstraintsConsistent(const std::vector<Constraint> &constraints);

// The product of the variables' choice counts, saturating at INT64_MAX.
std::int64_t searchSpaceSize(const std::vector<DesignVariable> &variables);

} // namespace aidc

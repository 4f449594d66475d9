// SPDX-License-Identifier: Apache-2.0
#pragma once

// One-at-a-time sensitivity (issue 19): each assumption of the register is moved to the low and
// the high end of its range (value x (1 -/+ relativeRange)) with everything else fixed, the
// project is evaluated again, and the headline figures at both ends are kept. Ranked by swing
// per figure, the drivers make a tornado chart. Deterministic: no sampling, so a run is
// reproducible to the digit. The re-evaluations run on `threads` worker threads.

#include "solvers/uncertainty/assumptions.h"

#include <optional>
#include <string>
#include <vector>

namespace aidc {

// A headline figure: its key (the summary's name) and how to read it from a Summary.
struct HeadlineFigure
{
    const char *key;  // "capexUsd"
    const char *name; // "Capex"
    const char *unit; // "USD"
    std::optional<double> Summary::*member;
};
const std::vector<HeadlineFigure> &headlineFigures();
const HeadlineFigure *findHeadlineFigure(const std::string &key);

struct SensitivityRun
{
    Assumption assumption;
    Summary low, high;  // the summary with the assumption at its low and its high end
    Diagnostics errors; // an end that could not be evaluated (e.g. the plan no longer fits)
    int failedEnds = 0; // how many of the two ends (each may report several errors)
};

struct SensitivityResult
{
    Summary base;
    std::vector<SensitivityRun> runs; // in register order; only assumptions with a range
};

struct SensitivityOptions
{
    int threads = 0; // 0 = every core
};

SensitivityResult oneAtATime(const Project &project, const Catalog &base, const Catalog &catalog,
                             const EvaluateOptions &evaluate,
                             const SensitivityOptions &options = {});

// One figure's drivers, largest swing first: the run index and the figure at both ends.
struct Swing
{
    std::size_t run = 0;
    double low = 0, high = 0; // the figure with the assumption at its low / high end
    double width() const { return high > low ? high - low : low - high; }
};
std::vector<Swing> rankedSwings(const SensitivityResult &result, const HeadlineFigure &figure);

} // namespace aidc

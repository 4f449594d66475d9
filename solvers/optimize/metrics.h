// SPDX-License-Identifier: Apache-2.0
#pragma once

// The figures a design search can minimise, maximise or bound (issue 24): one table that the
// optimizer's objectives, its constraints, its output columns, `aidc optimize --help` and
// docs/optimize.md all read. Each metric is read from an evaluated design (the same Result that
// `aidc eval` reports), in the unit stated here, so a constraint "facility-power<=150" means
// 150 MW of facility peak exactly as `aidc eval` shows it.

#include "model/project.h"
#include "solvers/pipeline/pipeline.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aidc {

enum class Sense { Minimize, Maximize };

struct Metric
{
    const char *name;        // "facility-power": the name in --objectives and --constraint
    const char *unit;        // "MW"
    const char *description; // what it is and where it comes from
    Sense better;            // the direction an objective improves in
    // The value of an evaluated design, in `unit`; nullopt when the design does not have it
    // (e.g. no workload, so no time to train).
    std::optional<double> (*read)(const Project &project, const Result &result);
    // The headline figures (solvers/uncertainty/sensitivity.h) whose error bands bound this
    // metric's resolution, combined in quadrature; empty: no band (exact for the tool).
    std::vector<const char *> bandFigures = {};
    // Set by the training job (time to train, MFU, goodput, cost per effective compute): with a
    // workload mix the weighted mean over the mix; the others come from the first workload.
    bool perWorkload = false;
    // 0: the design itself; 1: its first phase (--phase1), for the "phase1-" twins.
    int phase = 0;
};

const std::vector<Metric> &metrics();
// A metric by name: one of metrics(), or "phase1-NAME", the same figure of the design's first
// phase (--phase1).
const Metric *findMetric(std::string_view name);

// A value as a reader expects it: "$6.99 B", "174.7 MW", "13.1 days", "88.1 %".
std::string formatMetric(const Metric &metric, double value);

// "capex, tco, ..." for messages.
std::string metricNames();

} // namespace aidc

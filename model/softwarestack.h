// SPDX-License-Identifier: Apache-2.0
#pragma once

// Named software stacks for workload.stack.preset: what the training software of an era could
// do, each switch with the publication it comes from. The performance solver turns the
// resolved stack into its options (solvers/performance: applyStack).
//
// A preset sets every switch; a project's own switches override it. The presets describe
// software, not a run: a run's plan (TP, PP, schedule, recompute) stays in its parallelism.

#include "workload.h"

#include <string>
#include <vector>

namespace aidc {

struct StackPreset
{
    std::string name;        // "megatron-2021"
    std::string description; // one line
    std::string source;      // [ref:KEY] citations (docs/references.md)
    SoftwareStack values;    // every switch set
};

// The presets, in the order the docs list them.
const std::vector<StackPreset> &stackPresets();

// The preset named `name`; nullptr when there is none.
const StackPreset *findStackPreset(const std::string &name);

// `stack` with every switch set: its own, else its preset's, else the model's defaults (a
// current stack with FlashAttention, no dropout, the distributed optimizer, bucketed DP
// overlap, TP overlap 0.5, and zero-bubble and DualPipe schedules available).
SoftwareStack resolvedStack(const SoftwareStack &stack);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Published model architectures a workload can start from (the GUI's "Start from" pick list,
// the validation runs and the benchmarks): layers, widths, heads, vocabulary, training sequence
// length and MoE layout as the papers and model cards give them, each with its source.

#include "workload.h"

#include <string>
#include <vector>

namespace aidc {

struct ModelPreset
{
    std::string id;     // "llama3-405b"
    std::string source; // where the figures come from
    ModelArchitecture model;
};

const std::vector<ModelPreset> &modelPresets();

// The preset's architecture; throws std::out_of_range for an unknown id.
const ModelArchitecture &modelPreset(const std::string &id);

} // namespace aidc

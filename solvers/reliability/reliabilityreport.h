// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the reliability solver: JSON (stable camelCase keys, units in the key names; times
// that are infinite come out as null) and the CLI's plain-text report.

#include "solvers/reliability/reliability.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

// "parallel-fs", "local-nvme", "host-memory".
const char *checkpointTierName(CheckpointTier tier);

// "renewal", "first-order".
const char *ettrModelName(EttrModel model);

nlohmann::json toJson(const ReliabilityResult &result);

void writeText(std::ostream &out, const ReliabilityResult &result);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the load-profile solver: JSON (units in the key names) and the CLI's text section.

#include "solvers/site/loadprofile.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace aidc {

nlohmann::json toJson(const LoadProfileResult &result);

void writeText(std::ostream &out, const LoadProfileResult &result);

} // namespace aidc

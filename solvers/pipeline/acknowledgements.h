// SPDX-License-Identifier: Apache-2.0
#pragma once

// Warnings a design accepts on purpose (the project's /acknowledgedWarnings): each matching
// warning of an evaluation is marked with the entry's reason, in the collected diagnostics and
// in each solver's own list, so every report shows the same mark. An entry that matches no
// warning becomes a warning itself: the design changed, and the reason may no longer hold.

#include "model/diagnostics.h"
#include "model/project.h"

#include <vector>

namespace aidc {

struct Result;

// Marks the acknowledged warnings of `result` (and of `loadWarnings`, the project loader's,
// which the callers of evaluate() keep apart) and appends a warning for every entry of
// `acknowledgements` that matched none. Idempotent: evaluate() calls it, and a caller that has
// the loader's warnings calls it again with them.
void applyAcknowledgements(const std::vector<WarningAcknowledgement> &acknowledgements,
                           Result &result, Diagnostics *loadWarnings = nullptr);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/pipeline/acknowledgements.h"

#include "model/jsonreader.h"
#include "solvers/pipeline/pipeline.h"

#include <algorithm>

namespace aidc {

namespace {

// Marks the warnings of one list, clearing any earlier mark (a solver's list may be reused from
// an earlier evaluation); `used[i]` is set for each entry that matched.
void mark(const std::vector<WarningAcknowledgement> &acks, Diagnostics &diagnostics,
          std::vector<bool> &used)
{
    for (Diagnostic &d : diagnostics.items()) {
        d.acknowledged.clear();
        for (std::size_t i = 0; i < acks.size(); ++i) {
            if (acks[i].covers(d)) {
                d.acknowledged = acks[i].reason;
                used[i] = true;
                break;
            }
        }
    }
}

} // namespace

namespace {

constexpr const char *kStale = "acknowledges no warning of this evaluation";

} // namespace

void applyAcknowledgements(const std::vector<WarningAcknowledgement> &acknowledgements,
                           Result &result, Diagnostics *loadWarnings)
{
    // Idempotent: the stale-entry warnings of an earlier pass are dropped and found again.
    std::vector<Diagnostic> &items = result.diagnostics.items();
    items.erase(std::remove_if(items.begin(), items.end(),
                               [](const Diagnostic &d) {
                                   return d.jsonPath.rfind("/acknowledgedWarnings/", 0) == 0 &&
                                          d.message.rfind(kStale, 0) == 0;
                               }),
                items.end());
    std::vector<bool> used(acknowledgements.size(), false);
    mark(acknowledgements, result.diagnostics, used);
    if (loadWarnings)
        mark(acknowledgements, *loadWarnings, used);
    // The solvers' own lists are what their report sections print.
    std::vector<bool> ignored(acknowledgements.size(), false);
    mark(acknowledgements, result.layout.diagnostics, ignored);
    mark(acknowledgements, result.fabric.diagnostics, ignored);
    mark(acknowledgements, result.power.diagnostics, ignored);
    if (result.performance)
        mark(acknowledgements, result.performance->diagnostics, ignored);
    if (result.reliability)
        mark(acknowledgements, result.reliability->diagnostics, ignored);
    mark(acknowledgements, result.cost.diagnostics, ignored);
    for (std::size_t i = 0; i < acknowledgements.size(); ++i) {
        if (used[i])
            continue;
        const WarningAcknowledgement &ack = acknowledgements[i];
        result.diagnostics.warning(
            "", jsonPointerAppend("/acknowledgedWarnings", i),
            std::string(kStale) + " (none at '" + ack.path + "' contains '" + ack.contains +
                "'): the design changed or the entry is mistyped; correct or remove it");
    }
}

} // namespace aidc

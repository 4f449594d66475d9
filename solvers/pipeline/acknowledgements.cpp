// SPDX-License-Identifier: Apache-2.0
#include "solvers/pipeline/acknowledgements.h"

#include "model/jsonreader.h"
#include "solvers/pipeline/pipeline.h"

namespace aidc {

namespace {

// Marks the warnings of one list; `used[i]` is set for each entry that matched.
void mark(const std::vector<WarningAcknowledgement> &acks, Diagnostics &diagnostics,
          std::vector<bool> &used)
{
    for (Diagnostic &d : diagnostics.items()) {
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

void applyAcknowledgements(const std::vector<WarningAcknowledgement> &acknowledgements,
                           Result &result)
{
    if (acknowledgements.empty())
        return;
    std::vector<bool> used(acknowledgements.size(), false);
    mark(acknowledgements, result.diagnostics, used);
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
            "acknowledges no warning of this evaluation (none at '" + ack.path + "' contains '" +
                ack.contains +
                "'): the design changed or the entry is mistyped; correct or remove it");
    }
}

} // namespace aidc

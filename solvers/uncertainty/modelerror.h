// SPDX-License-Identifier: Apache-2.0
#pragma once

// The performance model's own error, as measured out of sample: for every clean run of
// validation/runs/ the published MFU divided by the MFU predicted with the model's one fitted
// constant refitted without the run's source (leave-one-source-out, docs/model-validation.md).
// Its deciles are kept here so that the product needs no validation set at run time; a test
// recomputes them from validation/runs/ and fails when they drift.

#include <array>
#include <optional>
#include <vector>

namespace aidc {

// Deciles (0 %, 10 %, ..., 100 %) of published / predicted MFU over the held-out runs.
using Deciles = std::array<double, 11>;
const Deciles &mfuModelErrorFactors();

// Deciles of `values` (sorted in place), linear between order statistics.
Deciles decilesOf(std::vector<double> values);

// The value at cumulative share `u` (0..1) of a distribution given by its deciles.
double atShare(const Deciles &deciles, double u);

// The model-error factor a sample whose predicted MFU is `mfu` can take: `factor`, capped so
// that the MFU it gives stays at or below 100 % (no accelerator does more than its peak); the
// time to train takes the same capped factor. Unchanged without an MFU.
double cappedModelErrorFactor(double factor, const std::optional<double> &mfu);

} // namespace aidc

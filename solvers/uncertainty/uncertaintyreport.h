// SPDX-License-Identifier: Apache-2.0
#pragma once

// Tables of the assumption register and of the one-at-a-time sensitivity, for `aidc assumptions`
// and `aidc sensitivity` (text or CSV through model/csv.h) and the result JSON.

#include "model/csv.h"
#include "solvers/uncertainty/bands.h"
#include "solvers/uncertainty/sensitivity.h"

#include <nlohmann/json.hpp>

namespace aidc {

CsvTable assumptionTable(const std::vector<Assumption> &assumptions);

// The result document of `aidc eval --format json` and of batch rows: resultToJson() plus the
// assumption register ("assumptions", when the evaluation has no error). One owner, so the two
// stay equal byte for byte.
nlohmann::json resultDocument(const Project &project, const Catalog &base, const Catalog &catalog,
                              const Result &result);
nlohmann::json assumptionsToJson(const std::vector<Assumption> &assumptions);

// Drivers per headline figure that the design report and the "uncertainty" section of the
// result document (eval --bands, batch --bands) show.
inline constexpr int kReportDrivers = 3;

// The "uncertainty" section of `aidc eval --format json --bands`: the sampling, every headline
// figure's band and its `top` largest one-at-a-time drivers (docs/result-format.md).
nlohmann::json uncertaintyToJson(const UncertaintySummary &summary, int top);

// One row per figure and driver: the `top` largest swings of each figure (all figures, or only
// `figure` when given). `readable`: figures with their units ("$6.90 B", "42.1 %") for a text
// table; otherwise plain numbers for CSV.
CsvTable sensitivityTable(const SensitivityResult &result, int top,
                          const HeadlineFigure *figure = nullptr, bool readable = false);

// One row per headline figure: base, P10, P50, P90 and what the band includes.
CsvTable bandTable(const BandsResult &result, bool readable = false);
// The `top` largest rank correlations of each figure (global screening).
CsvTable rankTable(const BandsResult &result, int top);
// One row per headline figure: A, B, the P10/P50/P90 of B - A and the verdict.
CsvTable differenceTable(const DifferenceResult &result, bool readable = false);

} // namespace aidc

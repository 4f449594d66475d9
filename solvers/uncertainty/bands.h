// SPDX-License-Identifier: Apache-2.0
#pragma once

// Error bands of the headline figures (issue 19): a seeded Latin-hypercube sample over the
// assumptions' ranges (each uniform on value x [1 - r, 1 + r]), every sample evaluated through
// the whole pipeline, and for the figures the performance model sets (MFU, time to train) one
// more dimension: the model's measured out-of-sample error (modelerror.h), drawn from its
// deciles. Reports P10, P50 and P90 per figure. The same seed and sample count give the same
// bands to the digit, whatever the thread count.

#include "solvers/uncertainty/sensitivity.h"

#include <cstdint>

namespace aidc {

struct BandOptions
{
    int samples = 32;
    std::uint64_t seed = 1;
    int threads = 0;        // 0 = every core
    bool modelError = true; // include the performance model's measured error
};

struct Band
{
    const HeadlineFigure *figure = nullptr;
    double base = 0;
    double p10 = 0, p50 = 0, p90 = 0;
    bool modelError = false; // the band includes the model's measured error
    int samples = 0;         // samples that gave the figure
};

// Global, rank-based screening over the same samples (issue 19, item 3): Spearman's rank
// correlation between an input's draw and a figure, with every other input varying at the same
// time. |rho| near 1: the input alone orders the figure; with N samples an unrelated input gives
// |rho| up to about 2/sqrt(N) by chance.
struct RankIndex
{
    const HeadlineFigure *figure = nullptr;
    std::string assumption; // label; "model error" for the performance model's own error
    double rho = 0;
};

struct BandsResult
{
    std::vector<Band> bands;      // in headlineFigures() order, figures the project has
    std::vector<RankIndex> ranks; // per figure, largest |rho| first
    int assumptions = 0;          // assumptions sampled
    Diagnostics errors;           // samples that could not be evaluated
    int failedSamples = 0;        // how many (a sample may report several errors)
};

BandsResult errorBands(const Project &project, const Catalog &base, const Catalog &catalog,
                       const EvaluateOptions &evaluate, const BandOptions &options);

// Two designs compared under the same uncertainty (issue 19, item 4): both are evaluated at
// the same Latin-hypercube points (an assumption both have, matched by id, takes the same draw
// in both; the model error is drawn once per point for both), and the band of the difference
// B - A per figure says whether B is lower, higher or not distinguishable from A (P10 and P90
// of the difference on either side of zero).
struct DifferenceBand
{
    const HeadlineFigure *figure = nullptr;
    double a = 0, b = 0;              // point values
    double p10 = 0, p50 = 0, p90 = 0; // of B - A
    bool distinguishable = false;     // P10 and P90 of B - A have the same sign
    bool equal = false;               // every draw gives B == A
    int samples = 0;
};

struct DifferenceResult
{
    std::vector<DifferenceBand> bands;
    int assumptions = 0; // distinct assumptions sampled across both designs
    Diagnostics errors;
};

// `evaluateA`/`evaluateB` carry each design's own options (its price book).
DifferenceResult differenceBands(const Project &a, const Catalog &catalogA,
                                 const EvaluateOptions &evaluateA, const Project &b,
                                 const Catalog &catalogB, const EvaluateOptions &evaluateB,
                                 const Catalog &base, const BandOptions &options);

// The bands and the one-at-a-time drivers of every headline figure of one design, as the design
// report and `aidc eval --format json --bands` show them.
struct UncertaintySummary
{
    BandOptions options; // as sampled
    BandsResult bands;
    SensitivityResult drivers;
};
UncertaintySummary summarizeUncertainty(const Project &project, const Catalog &base,
                                        const Catalog &catalog, const EvaluateOptions &evaluate,
                                        const BandOptions &options);

// The sampled and one-at-a-time evaluations that failed and are left out (evaluations, not
// their error messages: one failed sample may report several).
int failedEvaluations(const UncertaintySummary &summary);

// Evaluation options that keep the headline figures and drop what does not change them (the
// scaling curve, the reliability Monte Carlo check and curves): for repeated evaluations.
EvaluateOptions headlineOnly(EvaluateOptions options);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Scores the performance model against a set of published training runs: ordinary project files
// plus the published figure of each (validation/runs/expected.json), evaluated through the same
// pipeline as `aidc eval`. Reports each run's error, the median and worst, the share within
// 10 %, and the out-of-sample figures the issue asks for: leave-one-source-out and
// leave-one-year-out errors with the model's one fitted constant
// (PerformanceOptions::computeEfficiencyScale) refitted without the held-out runs.
//
// The fit: the scale minimising the median |log(predicted / published)| over the runs kept,
// chosen on a grid (ModelValidationOptions::scales); a run's prediction at each grid scale comes
// from one evaluation each.

#include "catalogs/catalog.h"
#include "solvers/pipeline/pipeline.h"

#include <string>
#include <vector>

namespace aidc {

struct ValidationRun
{
    std::string project; // file name in the set's directory
    std::string source;  // publication key; runs of one source are held out together
    int year = 0;
    double publishedMfu = 0; // in the product's convention (per-layer FLOPs, dense BF16 peak)
    bool indicative = false; // the published figure is approximate (scored apart)
    std::vector<double> predictedMfu; // one per scale of the grid; 0 = the run failed
    std::string failure;              // why the evaluation failed, if it did
};

struct ModelValidationOptions
{
    // Grid of computeEfficiencyScale values; the shipped value must be one of them.
    std::vector<double> scales{0.55, 0.6, 0.64, 0.67, 0.7, 0.74, 0.8, 0.86};
    double shippedScale = 0.67;
    int threads = 0; // 0 = all cores
};

struct ErrorSummary
{
    int runs = 0;
    double medianAbs = 0, worstAbs = 0; // |predicted / published - 1|
    double within10 = 0;                // share of runs within 10 %
};

struct ModelValidation
{
    std::vector<ValidationRun> runs;
    ModelValidationOptions options;
    ErrorSummary inSample;          // shipped scale, every clean run
    ErrorSummary indicative;        // shipped scale, runs marked indicative
    ErrorSummary leaveOneSourceOut; // each source predicted with the scale fitted without it
    ErrorSummary leaveOneYearOut;   // runs of year y with the scale fitted on years < y
    std::vector<std::pair<std::string, double>> scaleBySource; // fitted without that source
    // Every clean run predicted with the scale fitted without its source: the out-of-sample
    // predictions the model's error band is taken from (solvers/uncertainty/modelerror.h).
    struct HeldOut
    {
        std::string project, source;
        double predictedMfu = 0, publishedMfu = 0;
    };
    std::vector<HeldOut> heldOut;
    std::vector<std::string> failures;
};

// Reads `directory`/expected.json and evaluates every run. Throws LoadError when the set itself
// cannot be read; a run that fails to load or evaluate is listed in `failures` and left out.
ModelValidation validateModel(const std::string &directory, const Catalog &baseCatalog,
                              const ModelValidationOptions &options = {});

// Relative error of a run at grid index `scale`.
double runError(const ValidationRun &run, std::size_t scale);

} // namespace aidc

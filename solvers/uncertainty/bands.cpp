// SPDX-License-Identifier: Apache-2.0
#include "solvers/uncertainty/bands.h"

#include "solvers/uncertainty/modelerror.h"

#include "solvers/uncertainty/parallelfor.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace aidc {

EvaluateOptions headlineOnly(EvaluateOptions options)
{
    options.performance.scalingPoints = 0;
    options.reliability.monteCarloSamples = 0;
    options.reliability.clusterScales.clear();
    options.reliability.bandwidthScales.clear();
    options.reliability.intervalCurvePoints = 0;
    options.reliability.spareCurvePoints = 0;
    return options;
}

namespace {

// The figures the performance model's error moves, and how: MFU and effective MFU scale with
// it, the time to train inversely.
double withModelError(const HeadlineFigure &figure, double value, double factor)
{
    const std::string key = figure.key;
    if (key == "mfu")
        return value * factor;
    if (key == "effectiveTimeToTrainDays")
        return value / factor;
    return value;
}

bool modelErrorApplies(const HeadlineFigure &figure)
{
    const std::string key = figure.key;
    return key == "mfu" || key == "effectiveTimeToTrainDays";
}

// Latin hypercube: column j is a seeded permutation of the N strata, jittered inside each.
std::vector<std::vector<double>> latinHypercube(int samples, std::size_t dimensions,
                                                std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> jitter(0.0, 1.0);
    std::vector<std::vector<double>> u(std::size_t(samples), std::vector<double>(dimensions, 0.0));
    std::vector<int> strata(static_cast<std::size_t>(samples), 0);
    for (std::size_t j = 0; j < dimensions; ++j) {
        std::iota(strata.begin(), strata.end(), 0);
        std::shuffle(strata.begin(), strata.end(), rng);
        for (int i = 0; i < samples; ++i)
            u[std::size_t(i)][j] = (strata[std::size_t(i)] + jitter(rng)) / samples;
    }
    return u;
}

// The p-quantile of the finite values of `v` (NaN when none is finite).
double quantile(std::vector<double> v, double p)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return !std::isfinite(x); }),
            v.end());
    if (v.empty())
        return std::nan("");
    std::sort(v.begin(), v.end());
    const double position = p * double(v.size() - 1);
    const std::size_t below = std::size_t(position);
    const std::size_t above = std::min(v.size() - 1, below + 1);
    return v[below] + (position - double(below)) * (v[above] - v[below]);
}

} // namespace

namespace {

// The assumptions of `project` that a sample varies.
std::vector<Assumption> variedAssumptions(const Project &project, const Catalog &base,
                                          const Catalog &catalog, const Result &result)
{
    std::vector<Assumption> varied;
    for (Assumption &a : assumptionRegister(project, base, catalog, result))
        if (a.scale && a.relativeRange > 0 && a.value != 0)
            varied.push_back(std::move(a));
    return varied;
}

// Evaluates `project` at every row of the hypercube `u`: the assumption with id columns[k]
// takes its factor from column k (an id the project does not have is skipped).
std::vector<Summary> sampleSummaries(const Project &project, const Catalog &catalog,
                                     const std::vector<Assumption> &varied,
                                     const std::vector<std::string> &columns,
                                     const std::vector<std::vector<double>> &u,
                                     const EvaluateOptions &fast, int threads,
                                     Diagnostics &errorsOut, int &failedOut)
{
    std::vector<std::size_t> columnOf(varied.size());
    for (std::size_t j = 0; j < varied.size(); ++j)
        columnOf[j] =
            std::size_t(std::find(columns.begin(), columns.end(), varied[j].id) - columns.begin());
    std::vector<Summary> summaries(u.size());
    std::vector<Diagnostics> errors(u.size());
    std::vector<char> failed(u.size(), 0);
    parallelFor(u.size(), threads, [&](std::size_t i) {
        Project p = project;
        Catalog c = catalog;
        for (std::size_t j = 0; j < varied.size(); ++j) {
            const double r = varied[j].relativeRange;
            varied[j].scale(p, c, 1 - r + 2 * r * u[i][columnOf[j]]);
        }
        const Result result = evaluate(p, c, fast);
        for (const Diagnostic &d : result.diagnostics.items())
            if (d.severity == Severity::Error)
                errors[i].error(d.file, d.jsonPath,
                                "sample " + std::to_string(i) + ": " + d.message);
        // A sample that did not evaluate cleanly (a plan that no longer fits, a missing price
        // counted as 0) gives no figures: it would skew the band.
        if (!result.diagnostics.hasErrors() && !result.cancelled)
            summaries[i] = result.summary;
        else
            failed[i] = 1;
    });
    for (const Diagnostics &d : errors)
        errorsOut.append(d);
    failedOut += int(std::count(failed.begin(), failed.end(), 1));
    return summaries;
}

std::vector<std::string> idsOf(const std::vector<Assumption> &varied)
{
    std::vector<std::string> ids;
    for (const Assumption &a : varied)
        ids.push_back(a.id);
    return ids;
}

// Ranks 1..n (ties share their mean rank).
std::vector<double> ranksOf(const std::vector<double> &v)
{
    std::vector<std::size_t> order(v.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
    std::vector<double> rank(v.size());
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]])
            ++j;
        const double mean = (double(i) + double(j)) / 2 + 1;
        for (std::size_t k = i; k <= j; ++k)
            rank[order[k]] = mean;
        i = j + 1;
    }
    return rank;
}

// Spearman's rho: Pearson's correlation of the ranks; NaN when either side is constant.
double spearman(const std::vector<double> &x, const std::vector<double> &y)
{
    const std::vector<double> rx = ranksOf(x), ry = ranksOf(y);
    const double n = double(rx.size());
    const double mean = (n + 1) / 2;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < rx.size(); ++i) {
        sxy += (rx[i] - mean) * (ry[i] - mean);
        sxx += (rx[i] - mean) * (rx[i] - mean);
        syy += (ry[i] - mean) * (ry[i] - mean);
    }
    return sxx > 0 && syy > 0 ? sxy / std::sqrt(sxx * syy) : std::nan("");
}

} // namespace

BandsResult errorBands(const Project &project, const Catalog &base, const Catalog &catalog,
                       const EvaluateOptions &evaluateOptions, const BandOptions &options)
{
    BandsResult out;
    const EvaluateOptions fast = headlineOnly(evaluateOptions);
    const Result baseResult = evaluate(project, catalog, fast);
    const std::vector<Assumption> varied = variedAssumptions(project, base, catalog, baseResult);
    out.assumptions = int(varied.size());
    const int n = std::max(1, options.samples);
    // One more dimension, the last, for the model error.
    const std::vector<std::vector<double>> u = latinHypercube(n, varied.size() + 1, options.seed);
    const std::vector<Summary> summaries =
        sampleSummaries(project, catalog, varied, idsOf(varied), u, fast, options.threads,
                        out.errors, out.failedSamples);

    for (const HeadlineFigure &figure : headlineFigures()) {
        const std::optional<double> baseValue = baseResult.summary.*figure.member;
        if (!baseValue)
            continue;
        const bool model = options.modelError && modelErrorApplies(figure);
        std::vector<double> values;
        for (int i = 0; i < n; ++i) {
            const std::optional<double> v = summaries[std::size_t(i)].*figure.member;
            if (!v)
                continue;
            const Summary &sample = summaries[std::size_t(i)];
            const double factor =
                model ? cappedModelErrorFactor(
                            atShare(mfuModelErrorFactors(), u[std::size_t(i)].back()), sample.mfu)
                      : 1.0;
            values.push_back(withModelError(figure, *v, factor));
        }
        if (values.empty())
            continue;
        out.bands.push_back({&figure, *baseValue, quantile(values, 0.1), quantile(values, 0.5),
                             quantile(values, 0.9), model, int(values.size())});
        if (int(values.size()) != n)
            continue; // ranks need every sample
        std::vector<RankIndex> ranks;
        for (std::size_t j = 0; j < varied.size() + (model ? 1 : 0); ++j) {
            std::vector<double> draws;
            for (const std::vector<double> &row : u)
                draws.push_back(j < varied.size() ? row[j] : row.back());
            const double rho = spearman(draws, values);
            if (std::isfinite(rho))
                ranks.push_back(
                    {&figure, j < varied.size() ? varied[j].label : "model error", rho});
        }
        std::stable_sort(ranks.begin(), ranks.end(), [](const RankIndex &x, const RankIndex &y) {
            return std::fabs(x.rho) > std::fabs(y.rho);
        });
        out.ranks.insert(out.ranks.end(), ranks.begin(), ranks.end());
    }
    return out;
}

DifferenceResult differenceBands(const Project &a, const Catalog &catalogA,
                                 const EvaluateOptions &evaluateA, const Project &b,
                                 const Catalog &catalogB, const EvaluateOptions &evaluateB,
                                 const Catalog &base, const BandOptions &options)
{
    DifferenceResult out;
    const EvaluateOptions fastA = headlineOnly(evaluateA), fastB = headlineOnly(evaluateB);
    const Result baseA = evaluate(a, catalogA, fastA);
    const Result baseB = evaluate(b, catalogB, fastB);
    const std::vector<Assumption> variedA = variedAssumptions(a, base, catalogA, baseA);
    const std::vector<Assumption> variedB = variedAssumptions(b, base, catalogB, baseB);
    std::vector<std::string> columns = idsOf(variedA);
    for (const Assumption &x : variedB)
        if (std::find(columns.begin(), columns.end(), x.id) == columns.end())
            columns.push_back(x.id);
    out.assumptions = int(columns.size());
    const int n = std::max(1, options.samples);
    const std::vector<std::vector<double>> u = latinHypercube(n, columns.size() + 1, options.seed);
    int failed = 0; // the errors say which (compare prints them)
    const std::vector<Summary> sa = sampleSummaries(a, catalogA, variedA, columns, u, fastA,
                                                    options.threads, out.errors, failed);
    const std::vector<Summary> sb = sampleSummaries(b, catalogB, variedB, columns, u, fastB,
                                                    options.threads, out.errors, failed);

    for (const HeadlineFigure &figure : headlineFigures()) {
        const std::optional<double> pointA = baseA.summary.*figure.member;
        const std::optional<double> pointB = baseB.summary.*figure.member;
        if (!pointA || !pointB)
            continue;
        const bool model = options.modelError && modelErrorApplies(figure);
        std::vector<double> differences;
        for (std::size_t i = 0; i < sa.size(); ++i) {
            const std::optional<double> va = sa[i].*figure.member;
            const std::optional<double> vb = sb[i].*figure.member;
            if (!va || !vb)
                continue;
            const double factor = model ? atShare(mfuModelErrorFactors(), u[i].back()) : 1.0;
            differences.push_back(
                withModelError(figure, *vb, model ? cappedModelErrorFactor(factor, sb[i].mfu) : 1) -
                withModelError(figure, *va, model ? cappedModelErrorFactor(factor, sa[i].mfu) : 1));
        }
        if (differences.empty())
            continue;
        DifferenceBand d;
        d.figure = &figure;
        d.a = *pointA;
        d.b = *pointB;
        d.p10 = quantile(differences, 0.1);
        d.p50 = quantile(differences, 0.5);
        d.p90 = quantile(differences, 0.9);
        d.distinguishable = (d.p10 > 0 && d.p90 > 0) || (d.p10 < 0 && d.p90 < 0);
        d.equal =
            std::all_of(differences.begin(), differences.end(), [](double x) { return x == 0; });
        d.samples = int(differences.size());
        out.bands.push_back(d);
    }
    return out;
}

UncertaintySummary summarizeUncertainty(const Project &project, const Catalog &base,
                                        const Catalog &catalog, const EvaluateOptions &evaluate,
                                        const BandOptions &options)
{
    UncertaintySummary summary;
    summary.options = options;
    summary.bands = errorBands(project, base, catalog, evaluate, options);
    SensitivityOptions sensitivity;
    sensitivity.threads = options.threads;
    summary.drivers = oneAtATime(project, base, catalog, evaluate, sensitivity);
    return summary;
}

int failedEvaluations(const UncertaintySummary &summary)
{
    int failed = summary.bands.failedSamples;
    for (const SensitivityRun &run : summary.drivers.runs)
        failed += run.failedEnds;
    return failed;
}

} // namespace aidc

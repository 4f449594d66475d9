#include "solvers/uncertainty/bands.h"

#include "solvers/uncertainty/modelerror.h"

#include "solvers/uncertainty/parallelfor.h"

#include <algorithm>
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

double quantile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    const double position = p * double(v.size() - 1);
    const std::size_t below = std::size_t(position);
    const std::size_t above = std::min(v.size() - 1, below + 1);
    return v[below] + (position - double(below)) * (v[above] - v[below]);
}

} // namespace

BandsResult errorBands(const Project &project, const Catalog &base, const Catalog &catalog,
                       const EvaluateOptions &evaluateOptions, const BandOptions &options)
{
    BandsResult out;
    const EvaluateOptions fast = headlineOnly(evaluateOptions);
    const Result baseResult = evaluate(project, catalog, fast);
    std::vector<Assumption> varied;
    for (Assumption &a : assumptionRegister(project, base, catalog, baseResult))
        if (a.scale && a.relativeRange > 0 && a.value != 0)
            varied.push_back(std::move(a));
    out.assumptions = int(varied.size());
    const int n = std::max(1, options.samples);
    // One more dimension for the model error.
    const std::vector<std::vector<double>> u = latinHypercube(n, varied.size() + 1, options.seed);

    std::vector<Summary> summaries(static_cast<std::size_t>(n));
    std::vector<Diagnostics> errors(static_cast<std::size_t>(n));
    parallelFor(std::size_t(n), options.threads, [&](std::size_t i) {
        Project p = project;
        Catalog c = catalog;
        for (std::size_t j = 0; j < varied.size(); ++j) {
            const double r = varied[j].relativeRange;
            varied[j].scale(p, c, 1 - r + 2 * r * u[i][j]);
        }
        const Result result = evaluate(p, c, fast);
        for (const Diagnostic &d : result.diagnostics.items())
            if (d.severity == Severity::Error)
                errors[i].error(d.file, d.jsonPath,
                                "sample " + std::to_string(i) + ": " + d.message);
        summaries[i] = result.summary;
    });
    for (const Diagnostics &d : errors)
        out.errors.append(d);

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
            const double factor =
                model ? atShare(mfuModelErrorFactors(), u[std::size_t(i)].back()) : 1.0;
            values.push_back(withModelError(figure, *v, factor));
        }
        if (values.empty())
            continue;
        out.bands.push_back({&figure, *baseValue, quantile(values, 0.1), quantile(values, 0.5),
                             quantile(values, 0.9), model, int(values.size())});
    }
    return out;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/uncertainty/sensitivity.h"

#include "solvers/uncertainty/bands.h"

#include "solvers/uncertainty/parallelfor.h"

#include <algorithm>

namespace aidc {

const std::vector<HeadlineFigure> &headlineFigures()
{
    static const std::vector<HeadlineFigure> figures = {
        {"capexUsd", "Capex", "USD", &Summary::capexUsd},
        {"tcoUsd", "TCO", "USD", &Summary::tcoUsd},
        {"annualOpexUsd", "Opex per year", "USD/year", &Summary::annualOpexUsd},
        {"costPerGpuHourUsd", "Cost per GPU-hour", "USD", &Summary::costPerGpuHourUsd},
        {"facilityPowerW", "Facility power", "W", &Summary::facilityPowerW},
        {"pue", "PUE", "1", &Summary::pue},
        {"annualEnergyMWh", "Energy per year", "MWh", &Summary::annualEnergyMWh},
        {"mfu", "MFU", "1", &Summary::mfu},
        {"goodput", "Goodput", "1", &Summary::goodput},
        {"effectiveTimeToTrainDays", "Time to train (with goodput)", "days",
         &Summary::effectiveTimeToTrainDays},
    };
    return figures;
}

const HeadlineFigure *findHeadlineFigure(const std::string &key)
{
    for (const HeadlineFigure &f : headlineFigures())
        if (key == f.key)
            return &f;
    return nullptr;
}

namespace {

Summary evaluateWith(const Project &project, const Catalog &catalog, const Assumption &a,
                     double factor, const EvaluateOptions &options, Diagnostics &errors,
                     int &failed)
{
    Project p = project;
    Catalog c = catalog;
    a.scale(p, c, factor);
    const Result r = evaluate(p, c, options);
    for (const Diagnostic &d : r.diagnostics.items())
        if (d.severity == Severity::Error)
            errors.error(d.file, d.jsonPath,
                         a.id + (factor < 1 ? " low" : " high") + ": " + d.message);
    // An end that did not evaluate cleanly gives no figures (no swing is drawn from it).
    if (r.diagnostics.hasErrors() || r.cancelled) {
        ++failed;
        return Summary{};
    }
    return r.summary;
}

} // namespace

SensitivityResult oneAtATime(const Project &project, const Catalog &base, const Catalog &catalog,
                             const EvaluateOptions &evaluateOptions,
                             const SensitivityOptions &options)
{
    SensitivityResult out;
    const EvaluateOptions fast = headlineOnly(evaluateOptions);
    const Result baseResult = evaluate(project, catalog, fast);
    out.base = baseResult.summary;
    for (Assumption &a : assumptionRegister(project, base, catalog, baseResult)) {
        if (a.scale && a.relativeRange > 0 && a.value != 0)
            out.runs.push_back({std::move(a), {}, {}, {}});
    }
    parallelFor(out.runs.size(), options.threads, [&](std::size_t i) {
        SensitivityRun &run = out.runs[i];
        const double r = run.assumption.relativeRange;
        run.low =
            evaluateWith(project, catalog, run.assumption, 1 - r, fast, run.errors, run.failedEnds);
        run.high =
            evaluateWith(project, catalog, run.assumption, 1 + r, fast, run.errors, run.failedEnds);
    });
    return out;
}

std::vector<Swing> rankedSwings(const SensitivityResult &result, const HeadlineFigure &figure)
{
    std::vector<Swing> swings;
    if (!(result.base.*figure.member))
        return swings;
    for (std::size_t i = 0; i < result.runs.size(); ++i) {
        const std::optional<double> &low = result.runs[i].low.*figure.member;
        const std::optional<double> &high = result.runs[i].high.*figure.member;
        if (!low || !high)
            continue;
        const Swing s{i, *low, *high};
        if (s.width() > 0)
            swings.push_back(s);
    }
    std::stable_sort(swings.begin(), swings.end(),
                     [](const Swing &a, const Swing &b) { return a.width() > b.width(); });
    return swings;
}

} // namespace aidc

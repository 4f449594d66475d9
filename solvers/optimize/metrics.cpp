// SPDX-License-Identifier: Apache-2.0
#include "solvers/optimize/metrics.h"

#include "model/isodate.h"
#include "solvers/common/reportformat.h"

#include <cmath>
#include <cstdio>

#include <limits>

namespace aidc {

namespace {

constexpr double kHoursPerJulianYear = 8766; // 365.25 days

std::optional<double> scaled(const std::optional<double> &value, double factor)
{
    if (!value)
        return std::nullopt;
    return *value * factor;
}

// Effective compute delivered: the job's GPUs at the peak the MFU is measured against, times
// the MFU after failures and checkpoints (goodput), in EFLOP/s.
std::optional<double> effectiveExaflops(const Result &result)
{
    if (!result.performance || !result.performance->ok || !result.summary.effectiveMfu)
        return std::nullopt;
    const PerformanceResult &performance = *result.performance;
    return double(performance.plan.gpusUsed) * performance.peakTflops * 1e12 *
           *result.summary.effectiveMfu / 1e18;
}

// Days from /site/startDate to the first supply date from which the site covers the facility
// peak; 0 without a supply table (the grid is assumed to carry the design from the start).
std::optional<double> firstTrainingDays(const Project &project, const Result &result)
{
    const std::vector<SupplyPoint> &supply = result.power.supply;
    if (supply.empty() || project.site.startDate.empty())
        return 0.0;
    for (const SupplyPoint &point : supply) {
        if (point.shortfallW <= 0)
            return double(std::max(0L, daysBetween(project.site.startDate, point.date)));
    }
    return std::nullopt; // never covered: the design cannot train on this site's supply
}

} // namespace

const std::vector<Metric> &metrics()
{
    static const std::vector<Metric> table{
        {"capex",
         "USD",
         "capital cost of the whole site (result /cost/capexUsd)",
         Sense::Minimize,
         [](const Project &, const Result &r) { return r.summary.capexUsd; },
         {"capexUsd"}},
        {"tco",
         "USD",
         "total cost of ownership over /cost/horizonYears, net of residual value (result "
         "/cost/tcoUsd)",
         Sense::Minimize,
         [](const Project &, const Result &r) { return r.summary.tcoUsd; },
         {"tcoUsd"}},
        {"usd-per-eflop-hour",
         "USD/EFLOP-h",
         "TCO per hour of the horizon divided by the effective compute the job gets: its GPUs at "
         "the dense BF16 peak times the MFU after failures and checkpoints (effective MFU)",
         Sense::Minimize,
         [](const Project &, const Result &r) -> std::optional<double> {
             const std::optional<double> exaflops = effectiveExaflops(r);
             if (!exaflops || *exaflops <= 0 || !r.summary.tcoUsd || r.cost.horizonYears <= 0)
                 return std::nullopt;
             return *r.summary.tcoUsd / (r.cost.horizonYears * kHoursPerJulianYear) / *exaflops;
         },
         {"tcoUsd", "effectiveTimeToTrainDays"},
         true},
        {"time-to-train",
         "days",
         "time to train the workload's tokens with failures, restarts and checkpoints (result "
         "/summary/effectiveTimeToTrainDays)",
         Sense::Minimize,
         [](const Project &, const Result &r) { return r.summary.effectiveTimeToTrainDays; },
         {"effectiveTimeToTrainDays"},
         true},
        {"facility-power",
         "MW",
         "facility power at the design-day peak (result /power/facilityPowerPeakW)",
         Sense::Minimize,
         [](const Project &, const Result &r) { return scaled(r.summary.facilityPowerW, 1e-6); },
         {"facilityPowerW"}},
        {"energy",
         "MWh/yr",
         "annual facility energy (result /power/annualEnergyMWh)",
         Sense::Minimize,
         [](const Project &, const Result &r) { return r.summary.annualEnergyMWh; },
         {"annualEnergyMWh"}},
        {"water", "m3/yr", "annual site water (result /power/annualWaterM3)", Sense::Minimize,
         [](const Project &, const Result &r) -> std::optional<double> {
             return r.power.annualWaterM3;
         }},
        {"wue", "L/kWh",
         "water usage effectiveness: site water per IT kWh (result /power/wueLPerKWh)",
         Sense::Minimize,
         [](const Project &, const Result &r) -> std::optional<double> {
             return r.power.wueLPerKWh;
         }},
        {"carbon",
         "t CO2/yr",
         "operational CO2 per year: grid energy not bought as renewable plus on-site generation "
         "(result /power/co2Tonnes + /power/siteEnergy/co2Tonnes)",
         Sense::Minimize,
         [](const Project &, const Result &r) -> std::optional<double> {
             return r.power.co2Tonnes + r.power.siteEnergy.co2Tonnes;
         },
         {"annualEnergyMWh"}},
        {"first-training", "days",
         "days from /site/startDate until the site's supply covers the facility peak (result "
         "/power/supply); 0 without a supply table",
         Sense::Minimize, firstTrainingDays},
        {"goodput",
         "fraction",
         "share of the job's time spent on useful steps after failures and checkpoints (result "
         "/summary/goodput)",
         Sense::Maximize,
         [](const Project &, const Result &r) { return r.summary.goodput; },
         {"goodput"},
         true},
        {"mfu",
         "fraction",
         "model FLOPs utilisation of the step, before failures (result /summary/mfu)",
         Sense::Maximize,
         [](const Project &, const Result &r) { return r.summary.mfu; },
         {"mfu"},
         true},
        {"gpus", "GPUs", "accelerators on the site (result /summary/gpus)", Sense::Maximize,
         [](const Project &, const Result &r) -> std::optional<double> {
             return double(r.summary.gpus);
         }},
    };
    return table;
}

namespace {

// The "phase1-" twin of every metric: same reading, on the first phase's evaluation.
const std::vector<Metric> &phaseOneMetrics()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const Metric &metric : metrics())
            out.push_back("phase1-" + std::string(metric.name));
        return out;
    }();
    static const std::vector<Metric> twins = [] {
        std::vector<Metric> out = metrics();
        for (std::size_t i = 0; i < out.size(); ++i) {
            out[i].name = names[i].c_str();
            out[i].description = "the same figure of the design's first phase (--phase1)";
            out[i].phase = 1;
        }
        return out;
    }();
    return twins;
}

} // namespace

const Metric *findMetric(std::string_view name)
{
    for (const std::vector<Metric> *table : {&metrics(), &phaseOneMetrics()}) {
        for (const Metric &metric : *table) {
            if (name == metric.name)
                return &metric;
        }
    }
    return nullptr;
}

std::string formatMetric(const Metric &metric, double value)
{
    const std::string unit = metric.unit;
    if (unit == "USD")
        return formatUsd(value);
    if (unit == "fraction")
        return formatPercent(value);
    if (unit == "GPUs")
        return formatCount(std::llround(value));
    return formatSignificant(value, 4) + " " + unit;
}

std::string metricNames()
{
    std::string names;
    for (const Metric &metric : metrics())
        names += (names.empty() ? "" : ", ") + std::string(metric.name);
    return names + " (and phase1-NAME for the first phase of --phase1)";
}

} // namespace aidc

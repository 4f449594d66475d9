// SPDX-License-Identifier: Apache-2.0
#include "modelvalidation.h"

#include "model/strictjson.h"
#include "solvers/pipeline/loading.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <thread>

namespace aidc {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

ErrorSummary summarize(const std::vector<double> &errors)
{
    ErrorSummary s;
    s.runs = int(errors.size());
    std::vector<double> abs;
    for (double e : errors)
        abs.push_back(std::abs(e));
    s.medianAbs = median(abs);
    s.worstAbs = abs.empty() ? 0 : *std::max_element(abs.begin(), abs.end());
    s.within10 =
        abs.empty()
            ? 0
            : double(std::count_if(abs.begin(), abs.end(), [](double a) { return a <= 0.10; })) /
                  double(abs.size());
    return s;
}

bool usable(const ValidationRun &run, std::size_t scale)
{
    return run.failure.empty() && !run.indicative && scale < run.predictedMfu.size() &&
           run.predictedMfu[scale] > 0 && run.publishedMfu > 0;
}

// The grid scale with the smallest median |log(predicted / published)| over `keep` runs.
std::size_t fitScale(const std::vector<ValidationRun> &runs, std::size_t scales,
                     const std::function<bool(const ValidationRun &)> &keep)
{
    std::size_t best = 0;
    double bestCost = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < scales; ++k) {
        std::vector<double> logs;
        for (const ValidationRun &run : runs) {
            if (keep(run) && usable(run, k))
                logs.push_back(std::abs(std::log(run.predictedMfu[k] / run.publishedMfu)));
        }
        const double cost = logs.empty() ? bestCost : median(logs);
        if (cost < bestCost) {
            bestCost = cost;
            best = k;
        }
    }
    return best;
}

} // namespace

double runError(const ValidationRun &run, std::size_t scale)
{
    return run.predictedMfu[scale] / run.publishedMfu - 1.0;
}

ModelValidation validateModel(const std::string &directory, const Catalog &baseCatalog,
                              const ModelValidationOptions &options)
{
    ModelValidation v;
    v.options = options;
    const std::string setPath = (std::filesystem::path(directory) / "expected.json").string();
    Diagnostics diagnostics;
    const std::optional<std::string> text = readTextFile(setPath, "validation set", diagnostics);
    std::optional<nlohmann::json> set;
    if (text)
        set = parseStrictJson(*text, setPath, diagnostics);
    if (!set || diagnostics.hasErrors() || !set->is_array()) {
        if (set && !set->is_array())
            diagnostics.error(setPath, "", "expected an array of runs");
        throw LoadError(std::move(diagnostics));
    }
    for (std::size_t i = 0; i < set->size(); ++i) {
        const nlohmann::json &entry = (*set)[i];
        ValidationRun run;
        try {
            run.project = entry.at("project").get<std::string>();
            run.source = entry.at("source").get<std::string>();
            run.year = entry.value("year", 0);
            run.publishedMfu = entry.at("comparison").at("publishedMfuPerLayer").get<double>();
            run.indicative = entry.at("comparison").value("scoring", "clean") != "clean";
        } catch (const nlohmann::json::exception &e) {
            diagnostics.error(setPath, "/" + std::to_string(i), e.what());
            continue;
        }
        v.runs.push_back(std::move(run));
    }
    if (diagnostics.hasErrors())
        throw LoadError(std::move(diagnostics));

    // Every run at every grid scale, on all cores.
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < v.runs.size(); i = next++) {
            ValidationRun &run = v.runs[i];
            run.predictedMfu.assign(options.scales.size(), 0.0);
            try {
                const LoadedProject loaded = loadProjectForEvaluation(
                    (std::filesystem::path(directory) / run.project).string(), baseCatalog);
                const int jobGpus = loaded.project.workload && loaded.project.workload->gpus > 0
                                        ? loaded.project.workload->gpus
                                        : 0;
                for (std::size_t k = 0; k < options.scales.size(); ++k) {
                    EvaluateOptions eval;
                    eval.performance.computeEfficiencyScale = options.scales[k];
                    eval.performance.scalingPoints = 0;
                    eval.reliability.monteCarloSamples = 0;
                    const Result result = evaluateLoadedProject(loaded, eval);
                    if (!result.performance || !result.performance->ok) {
                        run.failure = "no feasible plan";
                        break;
                    }
                    const PlanEvaluation &plan = result.performance->plan;
                    // MFU over the run's GPUs: GPUs the plan leaves idle count against it.
                    const double share = jobGpus > 0 ? double(plan.gpusUsed) / jobGpus : 1.0;
                    run.predictedMfu[k] = plan.mfu * share;
                }
            } catch (const std::exception &e) {
                run.failure = e.what();
            }
        }
    };
    const unsigned cores = options.threads > 0 ? unsigned(options.threads)
                                               : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < cores; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();

    const auto shipped =
        std::find(options.scales.begin(), options.scales.end(), options.shippedScale);
    const std::size_t s0 = std::size_t(shipped - options.scales.begin());
    std::vector<double> clean, rough;
    for (const ValidationRun &run : v.runs) {
        if (!run.failure.empty()) {
            v.failures.push_back(run.project + ": " + run.failure);
            continue;
        }
        if (s0 >= options.scales.size() || run.publishedMfu <= 0)
            continue;
        (run.indicative ? rough : clean).push_back(runError(run, s0));
    }
    v.inSample = summarize(clean);
    v.indicative = summarize(rough);

    // Leave one source out: each source's runs at the scale fitted on all the others.
    std::set<std::string> sources;
    for (const ValidationRun &run : v.runs)
        sources.insert(run.source);
    std::vector<double> loso;
    for (const std::string &source : sources) {
        const std::size_t k = fitScale(v.runs, options.scales.size(),
                                       [&](const ValidationRun &r) { return r.source != source; });
        v.scaleBySource.emplace_back(source, options.scales[k]);
        for (const ValidationRun &run : v.runs) {
            if (run.source == source && usable(run, k)) {
                loso.push_back(runError(run, k));
                v.heldOut.push_back(
                    {run.project, run.source, run.predictedMfu[k], run.publishedMfu});
            }
        }
    }
    v.leaveOneSourceOut = summarize(loso);

    // Leave one year out, forward: runs of a year at the scale fitted on the earlier years.
    std::set<int> years;
    for (const ValidationRun &run : v.runs)
        years.insert(run.year);
    std::vector<double> forward;
    for (int year : years) {
        const bool anyEarlier = std::any_of(v.runs.begin(), v.runs.end(), [&](const auto &r) {
            return r.year < year && usable(r, 0);
        });
        if (!anyEarlier)
            continue;
        const std::size_t k = fitScale(v.runs, options.scales.size(),
                                       [&](const ValidationRun &r) { return r.year < year; });
        for (const ValidationRun &run : v.runs) {
            if (run.year == year && usable(run, k))
                forward.push_back(runError(run, k));
        }
    }
    v.leaveOneYearOut = summarize(forward);
    return v;
}

} // namespace aidc

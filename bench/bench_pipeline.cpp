// SPDX-License-Identifier: Apache-2.0
// Times what `aidc eval` does on a project: load the catalog, load and validate the project,
// run the whole pipeline. Issue 2 asks for load + evaluate of the 100k-GPU sample well under 1 s.
// Then one edit of each kind re-evaluated incrementally, as the GUI does after an edit (issue 23:
// an edit on a 1M-GPU design refreshes its figures within 200 ms): the stages before the first
// one the edit reaches are copied from the full run's result.
//   bench_pipeline [PROJECT...]   (default: the bundled 1k and 100k samples)

#include "bench/benchutil.h"
#include "model/projectedit.h"
#include "model/projectfields.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"

#include <cstdio>

using namespace aidc;

namespace {

// Edits that reach later and later stages: the tariff (power, cost), the load factor the GUI
// benchmark edits (power, cost), the repair time (reliability), the batch (performance).
struct BenchEdit
{
    const char *pointer;
    double factor; // the new value is the project's times this
};
constexpr BenchEdit kEdits[] = {{"/site/electricityUsdPerKWh", 1.1},
                                {"/power/averageLoadFactor", 0.9},
                                {"/reliability/repairHours", 1.5},
                                {"/workload/globalBatchSequences", 2}};

void timeIncrementalEdits(const LoadedProject &loaded, const Result &full)
{
    for (const BenchEdit &edit : kEdits) {
        const std::optional<nlohmann::json> value = documentValue(loaded.project, edit.pointer);
        const ProjectField *field = findProjectField(edit.pointer);
        nlohmann::json base = value ? *value : field->defaultValue;
        if (!base.is_number() || !loaded.project.workload) {
            std::printf("  edit %-30s (not in this project)\n", edit.pointer);
            continue;
        }
        nlohmann::json changed = base.get<double>() * edit.factor;
        if (field->type == FieldType::Integer)
            changed = std::llround(base.get<double>() * edit.factor);
        Project project = loaded.project;
        if (applyEdit(project, setField(edit.pointer, changed, "bench")).diagnostics.hasErrors()) {
            std::printf("  edit %-30s refused\n", edit.pointer);
            continue;
        }
        EvaluateOptions options;
        options.priceBook = loaded.priceBook.get();
        options.previous = &full;
        unsigned stages = 0;
        const double diffS =
            bench::medianSeconds(5, [&] { stages = changedStages(loaded.project, project); });
        options.changedStages = stages;
        Result result;
        const double evalS =
            bench::medianSeconds(5, [&] { result = evaluate(project, loaded.catalog, options); });
        std::printf("  edit %-30s %8.2f ms (changed stages %.2f ms; kept: %s)\n", edit.pointer,
                    (diffS + evalS) * 1e3, diffS * 1e3, stageNames(result.reusedStages).c_str());
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> projects(argv + 1, argv + argc);
    if (projects.empty()) {
        projects = {AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json",
                    AIDC_SOURCE_DIR "/projects/h100-100k-site.json"};
    }
    const std::string catalogDir = AIDC_SOURCE_DIR "/catalogs/data";
    Catalog catalog;
    const double catalogS = bench::medianSeconds(5, [&] { catalog = loadBaseCatalog(catalogDir); });
    std::printf("catalog load                 %8.2f ms\n", catalogS * 1e3);
    for (const std::string &path : projects) {
        LoadedProject loaded;
        const double loadS =
            bench::medianSeconds(5, [&] { loaded = loadProjectForEvaluation(path, catalog); });
        Result result;
        EvaluateOptions options;
        options.priceBook = loaded.priceBook.get();
        const double evalS = bench::medianSeconds(
            5, [&] { result = evaluate(loaded.project, loaded.catalog, options); });
        std::printf(
            "%s\n  GPUs %d, racks %zu\n  project load + validate    %8.2f ms\n"
            "  evaluate (all solvers)     %8.2f ms\n  load + evaluate            %8.2f ms\n",
            path.c_str(), result.summary.gpus, result.layout.racks.size(), loadS * 1e3, evalS * 1e3,
            (loadS + evalS) * 1e3);
        timeIncrementalEdits(loaded, result);
    }
    std::printf("peak RSS                     %8.1f MiB\n", bench::peakRssMiB());
    return 0;
}

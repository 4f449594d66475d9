// SPDX-License-Identifier: Apache-2.0
// Times what `aidc eval` does on a project: load the catalog, load and validate the project,
// run the whole pipeline. Issue 2 asks for load + evaluate of the 100k-GPU sample well under 1 s.
//   bench_pipeline [PROJECT...]   (default: the bundled 1k and 100k samples)

#include "bench/benchutil.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"

#include <cstdio>

using namespace aidc;

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
        const EvaluateOptions options;
        const double evalS = bench::medianSeconds(
            5, [&] { result = evaluate(loaded.project, loaded.catalog, options); });
        std::printf(
            "%s\n  GPUs %d, racks %zu\n  project load + validate    %8.2f ms\n"
            "  evaluate (all solvers)     %8.2f ms\n  load + evaluate            %8.2f ms\n",
            path.c_str(), result.summary.gpus, result.layout.racks.size(), loadS * 1e3, evalS * 1e3,
            (loadS + evalS) * 1e3);
    }
    std::printf("peak RSS                     %8.1f MiB\n", bench::peakRssMiB());
    return 0;
}

// SPDX-License-Identifier: Apache-2.0
// Times `aidc sensitivity`'s work: the assumption register and one evaluation per end of every
// assumption's range (tornado), and the Latin-hypercube bands (32 samples). Issue 19 asks for bands
// and a 10-driver tornado of a 100k-GPU project in at most 5 s on this machine.
//   bench_uncertainty [PROJECT...]   (default: the bundled 1k and 100k samples)

#include "bench/benchutil.h"
#include "solvers/pipeline/loading.h"
#include "solvers/uncertainty/bands.h"
#include "solvers/uncertainty/sensitivity.h"

#include <cstdio>

using namespace aidc;

int main(int argc, char **argv)
{
    std::vector<std::string> projects(argv + 1, argv + argc);
    if (projects.empty()) {
        projects = {AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json",
                    AIDC_SOURCE_DIR "/projects/h100-100k-site.json"};
    }
    const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    for (const std::string &path : projects) {
        const LoadedProject loaded = loadProjectForEvaluation(path, catalog);
        for (int threads : {1, 2}) {
            SensitivityOptions options;
            options.threads = threads;
            SensitivityResult result;
            const EvaluateOptions evaluateOptions; // named: GCC 12 -O3 and a temporary

            const double s = bench::medianSeconds(3, [&] {
                result =
                    oneAtATime(loaded.project, catalog, loaded.catalog, evaluateOptions, options);
            });
            std::printf("%s\n  tornado: %zu assumptions varied, %zu evaluations, %d thread(s): "
                        "%8.2f s\n",
                        path.c_str(), result.runs.size(), 2 * result.runs.size() + 1, threads, s);
            BandOptions bandOptions;
            bandOptions.threads = threads;
            BandsResult bands;
            const double b = bench::medianSeconds(3, [&] {
                bands = errorBands(loaded.project, catalog, loaded.catalog, evaluateOptions,
                                   bandOptions);
            });
            std::printf("  bands: %d samples, %d thread(s): %8.2f s; bands + tornado %8.2f s\n",
                        bandOptions.samples, threads, b, b + s);
        }
    }
    std::printf("peak RSS %8.1f MiB\n", bench::peakRssMiB());
    return 0;
}

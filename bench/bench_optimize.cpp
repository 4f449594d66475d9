// SPDX-License-Identifier: Apache-2.0
// Times the design search (issue 24) on the 100k-GPU sample with the issue's fixed benchmark
// variable set, which touches the fabric in most candidates: accelerator, GPU count, rack
// density, cooling, distribution voltage, backend island oversubscription, island size, leaf
// placement and media policy. Reports one candidate's evaluation on one core, the candidates
// per minute of an evolutionary search on every core, and the peak memory after searches of
// growing length (flat in the number of candidates is the goal).
//   bench_optimize [PROJECT]   (default: projects/h100-100k-site.json)

#include "bench/benchutil.h"
#include "solvers/batch/batch.h"
#include "solvers/optimize/optimizer.h"
#include "solvers/pipeline/loading.h"
#include "solvers/uncertainty/bands.h"

#include <cstdio>

using namespace aidc;

int main(int argc, char **argv)
{
    const std::string path = argc > 1 ? argv[1] : AIDC_SOURCE_DIR "/projects/h100-100k-site.json";
    const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    OptimizeSpec spec;
    for (
        const char *vary : {
            R"(/compute/pools/0/gpu+/compute/pools/0/server=["H100-SXM","HGX-H100"],["H200-SXM","HGX-H200"],["B200","DGX-B200"])",
            "/compute/pools/0/gpuCount+/workload/gpus=[50000,49152],[75000,73728],[100000,98304]",
            "/compute/pools/0/serversPerRack=2,4",
            "/cooling/type=air,direct-liquid",
            "/power/distribution=48V,800VDC",
            "/network/planes/0/islandOversubscription=1,3,7",
            "/network/planes/0/islandGpus=4096,12500",
            "/network/planes/0/leafPlacement=ToR,MoR",
            "/network/planes/0/allowAoc=true,false",
        })
        spec.variables.push_back(parseDesignVariable(vary));
    spec.objectives = parseObjectives("capex,time-to-train");
    spec.constraints = {parseConstraint("facility-power<=150"), parseConstraint("capex<=7e9")};
    const Optimizer optimizer(path, readFileBytes(path).value(), catalog, spec);
    const EvaluateOptions options = headlineOnly({});

    // The base design's choices (H100, 100k, 4 per rack, liquid, 48 V, 7:1, 12,500, MoR, AOC).
    const std::vector<int> base{0, 2, 1, 1, 0, 2, 1, 1, 0};
    const double one = bench::medianSeconds(5, [&] { optimizer.evaluate(base, options); });
    std::printf("%s\n  one candidate, one core: %8.1f ms (goal: 30 ms)\n", path.c_str(), one * 1e3);

    std::printf("  space: %lld candidates\n", static_cast<long long>(optimizer.spaceSize()));
    for (const int generations : {2, 5, 10}) {
        OptimizeOptions search;
        search.method = SearchMethod::Evolutionary;
        search.population = 32;
        search.generations = generations;
        search.evaluate = options;
        const OptimizeResult result = optimizer.run(search);
        std::printf("  evolutionary, 32 x %2d generations: %4lld candidates in %6.1f s = %6.0f per "
                    "minute (goal: 10,000), front %zu; peak RSS %6.1f MiB\n",
                    generations, static_cast<long long>(result.evaluated), result.seconds,
                    double(result.evaluated) / result.seconds * 60, result.front.size(),
                    bench::peakRssMiB());
    }
    // Exhaustive keeps only the running front: its memory must not grow with the space.
    OptimizeOptions all;
    all.method = SearchMethod::Exhaustive;
    all.evaluate = options;
    const OptimizeResult whole = optimizer.run(all);
    std::printf("  exhaustive: %4lld candidates in %6.1f s = %6.0f per minute, front %zu; peak RSS "
                "%6.1f MiB\n",
                static_cast<long long>(whole.evaluated), whole.seconds,
                double(whole.evaluated) / whole.seconds * 60, whole.front.size(),
                bench::peakRssMiB());
    return 0;
}

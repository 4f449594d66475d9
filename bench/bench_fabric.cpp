// SPDX-License-Identifier: Apache-2.0
// bench_fabric: generating, measuring and cabling the backend plane of 10k, 100k and 1M-GPU
// projects (issue 3). DGX H100 and QM9700 from the shipped catalog, rail-optimized leaves in
// dedicated network rows, auto tiers (3 at 10k, 4 at 100k and 1M, non-blocking); synthetic
// floor plans of 4 DGX per rack, 24 racks per row, one hall per ~125k GPUs (the layout
// solver is not involved). Goals: 100k <= 0.2 s; 1M <= 2 s and <= 1.5 GiB peak RSS.
// Prints the median of repeated runs of solveFabricPlane() and the peak RSS (VmHWM).
//
// Usage: bench_fabric [gpus...]   (default: 10000 100000 1000000)

#include "catalogs/catalogloader.h"
#include "solvers/fabric/fabric.h"
#include "solvers/fabric/syntheticlayout.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

using namespace aidc;

namespace {

long peakRssKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::atol(line.c_str() + 6);
    }
    return -1;
}

Project benchProject(int gpus)
{
    Project project;
    project.name = "bench-fabric";
    ComputePool pool;
    pool.name = "gpu";
    pool.gpu = "H100-SXM";
    pool.server = "DGX-H100";
    pool.gpuCount = gpus;
    project.pools.push_back(pool);
    FabricPlane plane;
    plane.name = "backend";
    plane.role = PlaneRole::Backend;
    plane.technology = Technology::InfiniBand;
    plane.switchModel = "QM9700";
    plane.portGbps = 400;
    plane.railOptimized = true;
    plane.leafPlacement = LeafPlacement::NetworkRack;
    project.planes.push_back(plane);
    return project;
}

LayoutResult benchLayout(int gpus)
{
    SyntheticLayoutSpec spec;
    spec.servers = gpus / 8;
    spec.serversPerRack = 4;
    spec.placement = LeafPlacement::NetworkRack;
    spec.halls = std::max(1, (gpus + 124999) / 125000);
    // Up to 4 tiers of 64-port switches: ~3.5 switches per 32 GPUs, 16 per network rack,
    // plus 10% spare.
    spec.dedicatedNetworkRacks = int(double(gpus) / 32.0 * 3.5 / 16.0 * 1.1) + 4;
    return makeSyntheticLayout(spec);
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<int> sizes;
    for (int i = 1; i < argc; ++i)
        sizes.push_back(std::atoi(argv[i]));
    if (sizes.empty())
        sizes = {10000, 100000, 1000000};

    Diagnostics diagnostics;
#ifdef AIDC_CATALOG_DIR
    const std::string directory = AIDC_CATALOG_DIR;
#else
    const std::string directory = findCatalogDirectory(argv[0]);
#endif
    const Catalog catalog = loadCatalog(directory, diagnostics);
    if (diagnostics.hasErrors()) {
        std::fprintf(stderr, "catalog: %s", diagnostics.toString().c_str());
        return 1;
    }

    std::printf("%10s %6s %9s %10s %6s %10s %10s %12s\n", "gpus", "tiers", "switches", "links",
                "runs", "median_s", "us/gpu", "peak_rss_MiB");
    for (int gpus : sizes) {
        const Project project = benchProject(gpus);
        const LayoutResult layout = benchLayout(gpus);
        const int runs = gpus >= 1000000 ? 3 : gpus >= 100000 ? 5 : 11;
        std::vector<double> seconds;
        PlaneResult last;
        for (int r = 0; r < runs; ++r) {
            const auto start = std::chrono::steady_clock::now();
            PlaneResult plane = solveFabricPlane(project, catalog, layout, 0);
            const auto stop = std::chrono::steady_clock::now();
            seconds.push_back(std::chrono::duration<double>(stop - start).count());
            if (r + 1 == runs)
                last = std::move(plane);
        }
        std::sort(seconds.begin(), seconds.end());
        const double median = seconds[seconds.size() / 2];
        if (last.diagnostics.hasErrors())
            std::fprintf(stderr, "%s", last.diagnostics.toString().c_str());
        std::printf("%10d %6d %9lld %10lld %6d %10.3f %10.3f %12.1f\n", gpus, last.tiers,
                    static_cast<long long>(last.switches), static_cast<long long>(last.links), runs,
                    median, median / gpus * 1e6, double(peakRssKiB()) / 1024.0);
        std::fflush(stdout);
    }
    return 0;
}

// SPDX-License-Identifier: Apache-2.0
// Times solvePower() on a 100k-GPU site built from the shipped catalog (catalogs/data: DGX H100,
// its racks, the catalog's power stages, CDUs, chillers, dry coolers and generators), so the
// benchmark runs the same stage and cooling-unit look-ups as a real project: 12,500 DGX H100 in
// 3,125 compute racks over four halls, 192 network racks with placed switch power, 32 storage
// and 4 management racks, the reference temperate climate. Goal (issue 4): <= 20 ms for the
// whole power, cooling and facility evaluation. Prints the median of repeated runs, the peak RSS
// (VmHWM) and PASS/MISS against the goal; always exits 0 (a benchmark reports, it does not fail).

#include "bench/benchutil.h"
#include "catalogs/catalogloader.h"
#include "solvers/common/defaults.h"
#include "solvers/power/power.h"

#include <algorithm>
#include <cstdio>
#include <string>

using namespace aidc;

namespace {

constexpr double goalMs = 20.0; // issue 4

void addRow(LayoutResult &layout, int hallIndex, int racks, RackRole role,
            const std::string &rackType, NetworkLoad &network)
{
    LayoutHall &hall = layout.halls[size_t(hallIndex)];
    LayoutRow row;
    row.id = hall.id + "-R" + std::to_string(hall.rows.size());
    row.xM = 3;
    row.yM = 3 + 3.6 * double(hall.rows.size());
    row.lengthM = racks * 0.6;
    for (int s = 0; s < racks; ++s) {
        PlacedRack rack;
        rack.id = row.id + "-" + std::to_string(s);
        rack.hall = hallIndex;
        rack.row = int(hall.rows.size());
        rack.slot = s;
        rack.xM = 3 + 0.6 * (s + 0.5);
        rack.yM = row.yM;
        rack.role = role;
        rack.rackType = rackType;
        if (role == RackRole::Compute) {
            rack.pool = "train";
            rack.servers = 4;
            rack.gpus = 32;
        } else if (role == RackRole::Network) {
            network.rackPowerW[rack.id] = 16 * 1100.0;
        }
        row.racks.push_back(int(layout.racks.size()));
        layout.racks.push_back(rack);
    }
    hall.rows.push_back(row);
}

} // namespace

int main()
{
    Diagnostics loadDiagnostics;
    const Catalog catalog = loadCatalog(AIDC_CATALOG_DIR, loadDiagnostics);
    if (loadDiagnostics.hasErrors()) {
        std::fprintf(stderr, "catalog: %s", loadDiagnostics.toString().c_str());
        return 0;
    }

    Project project;
    project.name = "bench-100k";
    ComputePool pool;
    pool.name = "train";
    pool.gpu = "H100-SXM";
    pool.server = "DGX-H100";
    pool.gpuCount = 100000;
    project.pools.push_back(pool);
    project.site.climate = referenceClimate();
    project.power.otherItFraction = 0.02;

    LayoutResult layout;
    NetworkLoad network;
    PoolLayout poolLayout;
    poolLayout.pool = "train";
    poolLayout.server = "DGX-H100";
    poolLayout.accelerator = "H100-SXM";
    layout.pools.push_back(poolLayout);
    int computeRacks = 0;
    for (int h = 0; h < 4; ++h) {
        Hall hall;
        hall.id = "H" + std::to_string(h + 1);
        hall.widthM = 40;
        hall.lengthM = 150;
        hall.powerCapacityMW = 40;
        hall.coolingCapacityMW = 42;
        project.halls.push_back(hall);
        LayoutHall layoutHall;
        layoutHall.id = hall.id;
        layoutHall.widthM = hall.widthM;
        layoutHall.lengthM = hall.lengthM;
        layoutHall.usableAreaM2 = 0.7 * hall.widthM * hall.lengthM;
        layout.halls.push_back(layoutHall);
        addRow(layout, h, 24, RackRole::Network, "Rack-42U-Network", network);
        addRow(layout, h, 24, RackRole::Network, "Rack-42U-Network", network);
        addRow(layout, h, 8, RackRole::Storage, "Rack-42U-Network", network);
        addRow(layout, h, 1, RackRole::Management, "Rack-42U-Network", network);
        const int target = (3125 * (h + 1)) / 4;
        while (computeRacks < target) {
            const int racks = std::min(24, target - computeRacks);
            addRow(layout, h, racks, RackRole::Compute, "Rack-42U-Air", network);
            computeRacks += racks;
        }
    }
    network.switchPowerW = 192 * 16 * 800.0;
    network.modulePowerW = 2.5e6;
    network.storagePowerW = 32 * 12000.0;

    const PowerOptions options;
    PowerResult result;
    const double medianMs = 1e3 * bench::medianSeconds(41, [&] {
                                result = solvePower(project, catalog, layout, network, options);
                            });
    int defaultStages = 0;
    for (const ChainStage &stage : result.chain)
        defaultStages += stage.part == "default" ? 1 : 0;
    std::printf("bench_power: 100k GPUs, shipped catalog: %zu racks (compute %d), IT peak %.2f MW, "
                "PUE %.3f, %zu chain stages (%d catalog defaults), %d CDUs, %zu diagnostics%s\n",
                layout.racks.size(), computeRacks, result.itPeakW / 1e6, result.pueAnnual,
                result.chain.size(), defaultStages, result.cooling.cdusInstalled,
                result.diagnostics.items().size(),
                result.diagnostics.hasErrors() ? " (ERRORS)" : "");
    std::printf("  solvePower: median %.3f ms over 41 runs; goal <= %.0f ms: %s\n", medianMs,
                goalMs, medianMs <= goalMs ? "PASS" : "MISS");
    std::printf("  peak RSS %.1f MiB\n", bench::peakRssMiB());
    return 0;
}

// Times solvePower() on a synthetic 100k-GPU site: 12,500 DGX H100 in 3,125 compute racks over
// four halls, 192 network racks with placed switch power, 32 storage racks. Goal (issue 4):
// <= 20 ms for the whole power, cooling and facility evaluation. Prints the median of repeated
// runs and the peak RSS (VmHWM).

#include "solvers/power/power.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace aidc;

namespace {

Catalog benchCatalog()
{
    Catalog catalog;
    Accelerator h100;
    h100.id = "h100-sxm";
    h100.tdpW = 700;
    catalog.accelerators.push_back(h100);
    Server dgx;
    dgx.id = "dgx-h100";
    dgx.accelerator = "h100-sxm";
    dgx.maxPowerW = 10200;
    dgx.massKg = 130.45;
    dgx.defaultRackType = "rack-42u";
    catalog.servers.push_back(dgx);
    RackType rack;
    rack.id = "rack-42u";
    rack.maxPowerKW = 45;
    catalog.rackTypes.push_back(rack);
    RackType network = rack;
    network.id = "rack-network";
    catalog.rackTypes.push_back(network);
    return catalog;
}

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

long peakRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    }
    return -1;
}

} // namespace

int main()
{
    Project project;
    project.name = "bench-100k";
    ComputePool pool;
    pool.name = "train";
    pool.gpu = "h100-sxm";
    pool.server = "dgx-h100";
    pool.gpuCount = 100000;
    project.pools.push_back(pool);
    project.site.climate.dryBulbC = {1, 2, 6, 10, 14, 17, 19, 19, 15, 10, 5, 2};
    project.site.climate.wetBulbC = {0, 1, 4, 7, 11, 14, 16, 16, 13, 8, 4, 1};
    project.power.otherItFraction = 0.02;

    LayoutResult layout;
    NetworkLoad network;
    PoolLayout poolLayout;
    poolLayout.pool = "train";
    poolLayout.server = "dgx-h100";
    poolLayout.accelerator = "h100-sxm";
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
        addRow(layout, h, 24, RackRole::Network, "rack-network", network);
        addRow(layout, h, 24, RackRole::Network, "rack-network", network);
        addRow(layout, h, 8, RackRole::Storage, "rack-network", network);
        const int target = (3125 * (h + 1)) / 4;
        while (computeRacks < target) {
            const int racks = std::min(24, target - computeRacks);
            addRow(layout, h, racks, RackRole::Compute, "rack-42u", network);
            computeRacks += racks;
        }
    }
    network.switchPowerW = 192 * 16 * 800.0;
    network.modulePowerW = 2.5e6;
    network.storagePowerW = 32 * 12000.0;

    const Catalog catalog = benchCatalog();
    const PowerOptions options;
    std::vector<double> timesMs;
    double sink = 0;
    for (int run = 0; run < 41; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const PowerResult result = solvePower(project, catalog, layout, network, options);
        const auto stop = std::chrono::steady_clock::now();
        sink += result.pueAnnual;
        if (run == 0)
            std::printf("racks %zu (compute %d), IT peak %.2f MW, PUE %.3f, %zu diagnostics\n",
                        layout.racks.size(), computeRacks, result.itPeakW / 1e6, result.pueAnnual,
                        result.diagnostics.items().size());
        timesMs.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(timesMs.begin(), timesMs.end());
    std::printf("bench_power: median %.3f ms, min %.3f ms, max %.3f ms over %zu runs "
                "(goal <= 20 ms); peak RSS %ld kB; check %.3f\n",
                timesMs[timesMs.size() / 2], timesMs.front(), timesMs.back(), timesMs.size(),
                peakRssKb(), sink / double(timesMs.size()));
    return timesMs[timesMs.size() / 2] <= 20.0 ? 0 : 1;
}

// SPDX-License-Identifier: Apache-2.0
// The joints of the pipeline: project defaults and the mappings between solvers.

#include "solvers/common/defaults.h"
#include "solvers/pipeline/adapters.h"

#include <catch2/catch.hpp>

using namespace aidc;

namespace {

Catalog smallCatalog()
{
    Catalog catalog;
    Accelerator h100;
    h100.id = "H100-SXM";
    h100.scaleUpGBpsPerDirection = 450;
    h100.nicGbps = 400;
    h100.defaultServer = "HGX";
    catalog.accelerators.push_back(h100);
    Server hgx;
    hgx.id = "HGX";
    hgx.accelerator = "H100-SXM";
    hgx.gpus = 8;
    hgx.scaleUpDomain = 8;
    catalog.servers.push_back(hgx);
    SwitchModel ib;
    ib.id = "IB-64x400";
    ib.technology = "infiniband";
    ib.radix = 64;
    ib.portGbps = 400;
    catalog.switches.push_back(ib);
    SwitchModel eth;
    eth.id = "ETH-64x800";
    eth.technology = "ethernet";
    eth.radix = 64;
    eth.portGbps = 800;
    eth.maxBreakout = 4;
    catalog.switches.push_back(eth);
    return catalog;
}

Project poolProject()
{
    Project project;
    ComputePool pool;
    pool.name = "p";
    pool.gpu = "H100-SXM";
    pool.gpuCount = 1024;
    project.pools.push_back(pool);
    return project;
}

} // namespace

TEST_CASE("defaults fill planes, switches, servers and the climate, given values stay",
          "[pipeline]")
{
    const Catalog catalog = smallCatalog();
    const Project effective = withDefaults(poolProject(), catalog);
    CHECK(effective.pools[0].server == "HGX");
    REQUIRE(effective.planes.size() == 4);
    CHECK(effective.planes[0].role == PlaneRole::Backend);
    CHECK(effective.planes[0].portGbps == 400); // the accelerator's NIC rate
    CHECK(effective.planes[0].switchModel == "IB-64x400");
    // 200G frontend on an 800G Ethernet switch by 4-way breakout.
    CHECK(effective.planes[1].switchModel == "ETH-64x800");
    CHECK(effective.site.climate == referenceClimate());

    Project given = poolProject();
    given.pools[0].server = "HGX";
    FabricPlane plane;
    plane.name = "mine";
    plane.switchModel = "ETH-64x800";
    plane.technology = Technology::Ethernet;
    given.planes.push_back(plane);
    given.site.climate.dryBulbC[0] = 5;
    const Project kept = withDefaults(given, catalog);
    REQUIRE(kept.planes.size() == 1);
    CHECK(kept.planes[0].switchModel == "ETH-64x800");
    CHECK(kept.site.climate.dryBulbC[0] == 5);
}

TEST_CASE("the job's view of the fabric comes from the backend plane's measured facts",
          "[pipeline]")
{
    const Catalog catalog = smallCatalog();
    Project project = withDefaults(poolProject(), catalog);
    FabricResult fabric;
    PlaneResult backend;
    backend.name = project.planes[0].name;
    backend.role = PlaneRole::Backend;
    backend.performance.gpus = 1024;
    backend.performance.islandGpus = 256;
    backend.performance.oversubscriptionInsideIsland = 1.5;
    backend.performance.oversubscriptionAboveIsland = 7;
    backend.performance.railGroupGpus = 256;
    backend.performance.nicGbpsPerGpu = 800;
    backend.performance.tiers = 3;
    backend.performance.hopLatencyNs = 130;
    fabric.planes.push_back(backend);

    const ClusterNetwork network =
        clusterNetworkFor(project, catalog, fabric, project.pools[0], 1000);
    CHECK(network.gpus == 1000);
    CHECK(network.scaleUpDomain == 8);
    CHECK(network.scaleUpGBpsPerDirection == 450);
    CHECK(network.scaleOutGbpsPerGpu == 800);
    CHECK(network.islandGpus == 256);
    CHECK(network.leafOversubscription == 1.5);
    CHECK(network.islandOversubscription == 7);
    CHECK(network.railGroupGpus == 256);
    CHECK(network.tiers == 3);
    CHECK(network.hopLatencyUs == Approx(0.13));

    // An island as large as the plane is no island.
    fabric.planes[0].performance.islandGpus = 1024;
    CHECK(clusterNetworkFor(project, catalog, fabric, project.pools[0], 1000).islandGpus == 0);
    // A plane that serves another pool is not the job's.
    project.planes[0].pools = {"other"};
    CHECK(clusterNetworkFor(project, catalog, fabric, project.pools[0], 1000).scaleOutGbpsPerGpu ==
          400);
}

TEST_CASE("the job budget holds back spare nodes unless the workload fixes its GPUs", "[pipeline]")
{
    Workload workload;
    CHECK(jobGpuBudget(workload, 1024, 3, 8) == 1000);
    CHECK(jobGpuBudget(workload, 1024, 0, 8) == 1024);
    CHECK(jobGpuBudget(workload, 16, 3, 8) == 16); // spares would take the whole pool
    workload.gpus = 512;
    CHECK(jobGpuBudget(workload, 1024, 3, 8) == 512);
    workload.gpus = 4096;
    CHECK(jobGpuBudget(workload, 1024, 3, 8) == 1024);
}

TEST_CASE("network load passes rack power on, but not the fabric's unplaced bucket", "[pipeline]")
{
    FabricResult fabric;
    fabric.switchPowerW = 1000;
    fabric.networkPowerW = 1200;
    fabric.rackNetworkPowerW = {{"H1-R01-01", 700}, {"", 300}};
    StorageSizing storage;
    storage.powerW = 5000;
    const NetworkLoad load = networkLoadFrom(fabric, storage);
    CHECK(load.switchPowerW == 1000);
    CHECK(load.modulePowerW == 200);
    CHECK(load.rackPowerW.size() == 1);
    CHECK(load.rackPowerW.at("H1-R01-01") == 700);
    CHECK(load.storagePowerW == 5000);
}

TEST_CASE("storage is sized in whole nodes by capacity or write rate, whichever needs more",
          "[pipeline]")
{
    Catalog catalog;
    StorageSystem node;
    node.id = "pfs";
    node.capacityPBPerNode = 0.5;
    node.writeGBpsPerNode = 40;
    node.powerWPerNode = 1000;
    catalog.storageSystems.push_back(node);
    Project project;
    project.storage.capacityPB = 10; // 20 nodes by capacity
    project.storage.writeTBps = 2;   // 50 nodes by write rate (2000 / 40)
    const StorageSizing sizing = sizeStorage(project, catalog, 8192);
    CHECK(sizing.nodes == 50);
    CHECK(sizing.powerW == 50000);
    CHECK(sizing.writeBytesPerS == 2e12);
    // Defaults [U]: 1 PB per 2,000 GPUs and 0.1 GB/s per GPU.
    const StorageSizing defaults = sizeStorage(Project{}, catalog, 8000);
    CHECK(defaults.capacityPB == Approx(4));
    CHECK(defaults.writeBytesPerS == Approx(8000 * 0.1e9));
    CHECK(defaults.nodes == 20); // max(4 / 0.5, 800 / 40)
}

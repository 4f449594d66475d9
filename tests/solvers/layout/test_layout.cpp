// SPDX-License-Identifier: Apache-2.0
// Layout solver: rack counts, positions inside the halls, pinned rows kept, leaf placements.

#include "solvers/layout/layout.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace aidc;

namespace {

Catalog testCatalog()
{
    Catalog catalog;
    Accelerator h100;
    h100.id = "H100-SXM";
    h100.tdpW = 700;
    h100.defaultServer = "DGX-H100";
    catalog.accelerators.push_back(h100);
    Accelerator gb200;
    gb200.id = "GB200";
    gb200.tdpW = 1200;
    gb200.defaultServer = "GB200-NVL72";
    catalog.accelerators.push_back(gb200);

    Server dgx;
    dgx.id = "DGX-H100";
    dgx.accelerator = "H100-SXM";
    dgx.gpus = 8;
    dgx.heightU = 8;
    dgx.maxPowerW = 10200; // DGX H100 User Guide [V]
    dgx.defaultRackType = "rack-42u";
    dgx.defaultServersPerRack = 4;
    catalog.servers.push_back(dgx);
    Server nvl;
    nvl.id = "GB200-NVL72";
    nvl.accelerator = "GB200";
    nvl.gpus = 72;
    nvl.scaleUpDomain = 72;
    nvl.rackScale = true;
    nvl.heightU = 48;
    nvl.maxPowerW = 120000;
    nvl.defaultRackType = "rack-nvl72";
    catalog.servers.push_back(nvl);

    RackType rack;
    rack.id = "rack-42u";
    rack.heightU = 42;
    rack.widthMm = 600;
    rack.depthMm = 1200;
    catalog.rackTypes.push_back(rack);
    RackType nvlRack = rack;
    nvlRack.id = "rack-nvl72";
    nvlRack.heightU = 48;
    nvlRack.depthMm = 1068;
    catalog.rackTypes.push_back(nvlRack);
    RackType network = rack;
    network.id = "rack-network-800";
    network.widthMm = 800;
    catalog.rackTypes.push_back(network);

    SwitchModel qm9700;
    qm9700.id = "QM9700";
    qm9700.technology = "infiniband";
    qm9700.radix = 64;
    qm9700.portGbps = 400;
    catalog.switches.push_back(qm9700);
    return catalog;
}

Project poolProject(const std::string &gpu, int gpus)
{
    Project project;
    project.name = "test";
    ComputePool pool;
    pool.name = "p";
    pool.gpu = gpu;
    pool.server = gpu == "GB200" ? "GB200-NVL72" : "DGX-H100";
    pool.gpuCount = gpus;
    project.pools.push_back(pool);
    FabricPlane backend;
    backend.name = "backend";
    backend.switchModel = "QM9700";
    backend.leafPlacement = LeafPlacement::NetworkRack;
    project.planes.push_back(backend);
    return project;
}

bool overlaps(const PlacedRack &a, const PlacedRack &b)
{
    if (a.hall != b.hall)
        return false;
    const bool xSeparate = a.xM + a.widthM / 2 <= b.xM - b.widthM / 2 + 1e-9 ||
                           b.xM + b.widthM / 2 <= a.xM - a.widthM / 2 + 1e-9;
    const bool ySeparate = std::abs(a.yM - b.yM) >= std::min(a.depthM, b.depthM) - 1e-9;
    return !(xSeparate || ySeparate);
}

} // namespace

TEST_CASE("1,024 H100 at four DGX per rack need 32 compute racks", "[layout]")
{
    const LayoutResult layout = solveLayout(poolProject("H100-SXM", 1024), testCatalog(), {});
    // 1,024 GPUs / 8 per DGX = 128 servers; / 4 per rack = 32 racks (hand count).
    REQUIRE(layout.pools.size() == 1);
    CHECK(layout.pools[0].servers == 128);
    CHECK(layout.pools[0].racks == 32);
    CHECK(layout.pools[0].gpus == 1024);
    CHECK(layout.countRacks(RackRole::Compute) == 32);
    CHECK_FALSE(layout.diagnostics.hasErrors());
    REQUIRE(layout.halls.size() == 1);
    CHECK(layout.halls[0].generated);
}

TEST_CASE("every rack lies inside its hall and no two racks overlap", "[layout]")
{
    const LayoutResult layout = solveLayout(poolProject("H100-SXM", 20000), testCatalog(), {});
    REQUIRE(layout.racks.size() > 600);
    std::set<std::string> ids;
    for (const PlacedRack &rack : layout.racks) {
        const LayoutHall &hall = layout.halls.at(rack.hall);
        CHECK(rack.xM - rack.widthM / 2 >= -1e-9);
        CHECK(rack.xM + rack.widthM / 2 <= hall.widthM + 1e-9);
        CHECK(rack.yM >= 0);
        CHECK(rack.yM + rack.depthM <= hall.lengthM + 1e-9);
        CHECK(rack.siteXM == Approx(hall.originXM + rack.xM));
        ids.insert(rack.id);
    }
    CHECK(ids.size() == layout.racks.size());
    // Neighbours in a row must not overlap (checked pairwise within each row).
    for (const LayoutHall &hall : layout.halls) {
        for (const LayoutRow &row : hall.rows) {
            for (std::size_t i = 1; i < row.racks.size(); ++i)
                CHECK_FALSE(overlaps(layout.racks[row.racks[i - 1]], layout.racks[row.racks[i]]));
        }
    }
}

TEST_CASE("a GPU count that is not whole servers rounds up with a warning naming the pool",
          "[layout]")
{
    const LayoutResult layout = solveLayout(poolProject("H100-SXM", 1001), testCatalog(), {});
    CHECK(layout.pools[0].servers == 126); // ceil(1001 / 8)
    REQUIRE_FALSE(layout.diagnostics.empty());
    CHECK(layout.diagnostics.items()[0].jsonPath == "/compute/pools/0/gpuCount");
}

TEST_CASE("NVL72 pools place one rack-scale system per rack", "[layout]")
{
    const LayoutResult layout = solveLayout(poolProject("GB200", 72 * 10), testCatalog(), {});
    CHECK(layout.pools[0].racks == 10);
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role == RackRole::Compute)
            CHECK(rack.gpus == 72);
    }
}

TEST_CASE("pinned rows are kept exactly and only the rest is placed automatically", "[layout]")
{
    Project project = poolProject("H100-SXM", 256); // 32 servers = 8 racks
    Hall hall;
    hall.id = "H1";
    hall.widthM = 30;
    hall.lengthM = 40;
    Row row;
    row.id = "pinned";
    row.xM = 5;
    row.yM = 10;
    for (int i = 0; i < 3; ++i)
        row.racks.push_back({"P" + std::to_string(i), RackRole::Compute, "", "p", 4});
    hall.rows.push_back(row);
    project.halls.push_back(hall);

    const LayoutResult layout = solveLayout(project, testCatalog(), {});
    int pinned = 0;
    for (const PlacedRack &rack : layout.racks) {
        if (rack.pinned) {
            ++pinned;
            CHECK(rack.yM == 10);
            CHECK(rack.xM == Approx(5 + (rack.slot + 0.5) * 0.6));
            CHECK(rack.id == "P" + std::to_string(rack.slot));
        } else if (rack.role == RackRole::Compute) {
            CHECK(rack.yM > 10); // automatic rows go behind the pinned ones
        }
    }
    CHECK(pinned == 3);
    CHECK(layout.pools[0].racks == 8); // 3 pinned + 5 automatic
    CHECK(layout.pools[0].servers == 32);
}

TEST_CASE("middle-of-row placement puts a network rack inside every group of compute racks",
          "[layout]")
{
    Project project = poolProject("H100-SXM", 4096);
    project.planes[0].leafPlacement = LeafPlacement::MoR;
    LayoutOptions options;
    options.morGroupRacks = 8;
    const LayoutResult layout = solveLayout(project, testCatalog(), options);
    int rowsWithCompute = 0;
    for (const LayoutRow &row : layout.halls[0].rows) {
        int compute = 0, network = 0, run = 0, longestRun = 0;
        for (int index : row.racks) {
            if (layout.racks[index].role == RackRole::Compute) {
                ++compute;
                longestRun = std::max(longestRun, ++run);
            } else {
                ++network;
                run = 0;
            }
        }
        if (compute > 0) {
            ++rowsWithCompute;
            CHECK(network >= 1);
            CHECK(longestRun <= 8); // two half-groups of 4 touch between network racks
        }
    }
    CHECK(rowsWithCompute > 0);
}

TEST_CASE("a hall's power capacity sends the remaining racks to the next hall", "[layout]")
{
    Project project = poolProject("H100-SXM", 1024); // 32 racks of 40.8 kW
    for (const char *id : {"A", "B"}) {
        Hall hall;
        hall.id = id;
        hall.widthM = 30;
        hall.lengthM = 60;
        hall.powerCapacityMW = 0.5; // 12 racks x 40.8 kW = 0.49 MW fit, 13 do not
        project.halls.push_back(hall);
    }
    const LayoutResult layout = solveLayout(project, testCatalog(), {});
    std::vector<int> perHall(layout.halls.size());
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role == RackRole::Compute)
            ++perHall[rack.hall];
    }
    REQUIRE(layout.halls.size() == 3); // A, B and a generated hall for the remaining 8
    CHECK(perHall[0] == 12);
    CHECK(perHall[1] == 12);
    CHECK(perHall[2] == 8);
    CHECK(layout.halls[2].generated);
}

TEST_CASE("pinning a solved layout and solving again keeps every rack where it was", "[layout]")
{
    Project project = poolProject("H100-SXM", 8192);
    project.planes[0].leafPlacement = LeafPlacement::MoR;
    const Catalog catalog = testCatalog();
    const LayoutResult first = solveLayout(project, catalog, {});
    const Project pinned = pinLayout(project, first);
    const LayoutResult second = solveLayout(pinned, catalog, {});
    REQUIRE(second.racks.size() == first.racks.size());
    for (std::size_t i = 0; i < first.racks.size(); ++i) {
        INFO(first.racks[i].id);
        CHECK(second.racks[i].id == first.racks[i].id);
        CHECK(second.racks[i].xM == Approx(first.racks[i].xM));
        CHECK(second.racks[i].yM == Approx(first.racks[i].yM));
        CHECK(second.racks[i].role == first.racks[i].role);
        CHECK(second.racks[i].servers == first.racks[i].servers);
        CHECK(second.racks[i].pinned);
    }
    CHECK(second.pools[0].gpus == 8192);
}

TEST_CASE("storage and management racks go into the dedicated rows of the first hall", "[layout]")
{
    Project project = poolProject("H100-SXM", 8192); // 1,024 servers, 256 compute racks
    LayoutOptions options;
    options.storageNodes = 40; // 3 racks of 16, 16, 8 nodes
    options.storageNodesPerRack = 16;
    options.computeRacksPerManagementRack = 100; // ceil(256 / 100) = 3
    const LayoutResult layout = solveLayout(project, testCatalog(), options);
    CHECK(layout.countRacks(RackRole::Storage) == 3);
    CHECK(layout.countRacks(RackRole::Management) == 3);
    int nodes = 0;
    double lastServiceY = 0, firstComputeY = 1e9;
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role == RackRole::Storage) {
            nodes += rack.servers;
            CHECK(rack.rackType == "rack-42u"); // not the network rack type
        }
        if (rack.role == RackRole::Storage || rack.role == RackRole::Management)
            lastServiceY = std::max(lastServiceY, rack.yM);
        if (rack.role == RackRole::Compute)
            firstComputeY = std::min(firstComputeY, rack.yM);
    }
    CHECK(nodes == 40);
    CHECK(lastServiceY < firstComputeY); // service rows stand in front of the compute rows
    CHECK(layout.pools[0].racks == 256);
}

TEST_CASE("a pool bound to a hall goes there, free pools still fill the halls in order", "[layout]")
{
    Project project = poolProject("H100-SXM", 256); // pool "p": 8 racks, free
    ComputePool bound = project.pools[0];
    bound.name = "bound";
    bound.hall = "B";
    bound.gpuCount = 128; // 4 racks
    project.pools.push_back(bound);
    for (const char *id : {"A", "B"}) {
        Hall hall;
        hall.id = id;
        hall.widthM = 30;
        hall.lengthM = 40;
        project.halls.push_back(hall);
    }
    const LayoutResult layout = solveLayout(project, testCatalog(), {});
    REQUIRE(layout.halls.size() == 2);
    int freeInA = 0, boundInB = 0, elsewhere = 0;
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role != RackRole::Compute)
            continue;
        if (rack.pool == "p" && layout.halls[rack.hall].id == "A")
            ++freeInA;
        else if (rack.pool == "bound" && layout.halls[rack.hall].id == "B")
            ++boundInB;
        else
            ++elsewhere;
    }
    CHECK(freeInA == 8);
    CHECK(boundInB == 4);
    CHECK(elsewhere == 0);
}

namespace {

// A 30 x 40 m hall with two pinned rows of 8 compute racks (0.6 m wide, 1.2 m deep) at y1, y2.
Project twoRows(double y1, double y2, double x2 = 5)
{
    Project project = poolProject("H100-SXM", 512); // 64 servers = 16 racks
    Hall hall;
    hall.id = "H1";
    hall.widthM = 30;
    hall.lengthM = 40;
    for (int r = 0; r < 2; ++r) {
        Row row;
        row.id = "R" + std::to_string(r + 1);
        row.xM = r == 0 ? 5 : x2;
        row.yM = r == 0 ? y1 : y2;
        for (int i = 0; i < 8; ++i)
            row.racks.push_back({row.id + "-" + std::to_string(i), RackRole::Compute, "", "p", 4});
        hall.rows.push_back(row);
    }
    project.halls.push_back(hall);
    return project;
}

const Diagnostic *errorAt(const LayoutResult &layout, const std::string &path)
{
    for (const Diagnostic &d : layout.diagnostics.items())
        if (d.severity == Severity::Error && d.jsonPath == path)
            return &d;
    return nullptr;
}

} // namespace

TEST_CASE("pinned rows that stand on each other or leave the hall are errors", "[layout]")
{
    // Issue 23 item 2: a row dropped on another made 8 racks overlap with no violation.
    SECTION("a row 3.6 m behind the other (1.2 m racks and two aisles) is fine")
    {
        const LayoutResult layout = solveLayout(twoRows(10, 13.6), testCatalog(), {});
        CHECK_FALSE(layout.diagnostics.hasErrors());
    }
    SECTION("a row 0.6 m behind the other puts all 8 racks on the first row's")
    {
        const LayoutResult layout = solveLayout(twoRows(10, 10.6), testCatalog(), {});
        const Diagnostic *d = errorAt(layout, "/halls/0/rows/1");
        REQUIRE(d);
        CHECK_THAT(d->message, Catch::Contains("row 'R2' overlaps row 'R1'") &&
                                   Catch::Contains("8 of its racks"));
    }
    SECTION("shifted 3 m along the row, 3 racks still overlap: 4.8 m row from 8 m to 12.8 m "
            "against 5 m to 9.8 m")
    {
        const LayoutResult layout = solveLayout(twoRows(10, 10, 8), testCatalog(), {});
        const Diagnostic *d = errorAt(layout, "/halls/0/rows/1");
        REQUIRE(d);
        CHECK_THAT(d->message, Catch::Contains("3 of its racks"));
    }
    SECTION("end to end in one line is fine")
    {
        const LayoutResult layout = solveLayout(twoRows(10, 10, 9.8), testCatalog(), {});
        CHECK_FALSE(layout.diagnostics.hasErrors());
    }
    SECTION("a row past the hall's far wall")
    {
        const LayoutResult layout = solveLayout(twoRows(10, 39.5), testCatalog(), {});
        const Diagnostic *d = errorAt(layout, "/halls/0/rows/1");
        REQUIRE(d);
        CHECK_THAT(d->message, Catch::Contains("leaves hall 'H1'"));
    }
}

// SPDX-License-Identifier: Apache-2.0
// Graph metrics measured on the generated graph: hop counts, per-tier and end-to-end
// oversubscription, bisection, failure blast radius, and the performance-model facts.

#include "fabricfixtures.h"

#include "solvers/fabric/fabric.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

PlaneResult solve(int servers, const FabricPlane &plane, int networkRacks = 0)
{
    const int racks = networkRacks > 0 ? networkRacks : servers / 8 + 4;
    return solveFabricPlane(projectWith(servers, plane), fabricCatalog(),
                            layoutFor(servers, LeafPlacement::NetworkRack, racks), 0);
}

const FailureBlast &failureAt(const PlaneResult &p, int tier)
{
    for (const FailureBlast &f : p.failures) {
        if (f.tier == tier)
            return f;
    }
    FAIL("no failure figure for tier " << tier);
    return p.failures.front();
}

FabricPlane frontendPlane(bool railOptimized)
{
    FabricPlane p;
    p.name = "frontend";
    p.role = PlaneRole::Frontend;
    p.technology = Technology::Ethernet;
    p.switchModel = "FE32";
    p.portGbps = 200;
    p.endpointsPerServer = 2;
    p.railOptimized = railOptimized;
    p.tiers = 2; // 64 ports would fit one 64 x 200G switch
    return p;
}

} // namespace

TEST_CASE("hop counts: same rail 1, same pod 3, across pods 5, 4 tiers 7", "[fabric][metrics]")
{
    // Rail-optimized: same-rail GPUs share a leaf (1 switch hop); anything else climbs to the
    // spines (3) or the cores (5); a 4-tier tree has diameter 7.
    SECTION("two tiers, two SUs")
    {
        const PlaneResult p = solve(64, backendPlane());
        REQUIRE(p.tiers == 2);
        CHECK(p.sameRail.minHops == 1);
        CHECK(p.sameRail.maxHops == 1);
        CHECK(p.sameRail.pairs == 3 * 31); // 3 sources x 31 other servers of their SU
        CHECK(p.sameIsland.minHops == 3);
        CHECK(p.sameIsland.maxHops == 3);
        CHECK(p.crossIsland.pairs == 0);
        CHECK(p.diameterHops == 3);
    }
    SECTION("three tiers forced on five SUs: two pods")
    {
        FabricPlane plane = backendPlane();
        plane.tiers = 3;
        const PlaneResult p = solve(160, plane);
        REQUIRE(p.tiers == 3);
        CHECK(p.sameRail.maxHops == 1);
        CHECK(p.sameIsland.minHops == 3);
        CHECK(p.diameterHops == 5);
    }
    SECTION("four tiers forced on 33,600 GPUs: two tier-3 pods")
    {
        FabricPlane plane = backendPlane();
        plane.tiers = 4;
        const PlaneResult p = solve(4200, plane, 700);
        REQUIRE(p.tiers == 4);
        CHECK(p.diameterHops == 7);
    }
}

TEST_CASE("islands: full bisection inside, 7:1 above, measured on the graph", "[fabric][metrics]")
{
    // 8 islands of 1,792 GPUs (2-tier, spines 56 down / 8 up) under a 7:1 layer
    // [ref:zomi-100k-slides]: bisection N r / 2 / 7; same island 3 hops, across islands 5.
    FabricPlane plane = backendPlane();
    plane.islandGpus = 1792;
    plane.islandOversubscription = 7;
    const PlaneResult p = solve(1792, plane, 100);
    REQUIRE_FALSE(p.diagnostics.hasErrors());
    REQUIRE(p.tiers == 3);
    CHECK(p.islands == 8);
    CHECK(p.tierStats[0].oversubscription == Approx(1.0));
    CHECK(p.tierStats[1].oversubscription == Approx(7.0)); // 56 down / 8 up per spine
    CHECK(p.endToEndOversubscription == Approx(7.0));
    CHECK(p.nonBlockingBisectionTbps == Approx(14336 * 0.4 / 2));
    CHECK(p.bisectionTbps == Approx(14336 * 0.4 / 2 / 7));
    CHECK(p.sameIsland.maxHops == 3);
    CHECK(p.crossIsland.minHops == 5);
    CHECK(p.crossIsland.maxHops == 5);
    CHECK(p.performance.islandGpus == 1792);
    CHECK(p.performance.oversubscriptionInsideIsland == Approx(1.0));
    CHECK(p.performance.oversubscriptionAboveIsland == Approx(7.0));
}

TEST_CASE("leaf oversubscription 3:1 measured per tier and end to end", "[fabric][metrics]")
{
    // k = 64 at 3:1: 48 down / 16 up [D]; 48 DGX = one rail group of 8
    // leaves, 2 spines (8 x 16 / m <= 64 -> m = 2): bisection 128 links x 400G / 2.
    FabricPlane plane = backendPlane();
    plane.oversubscription = {3};
    const PlaneResult p = solve(48, plane);
    REQUIRE(p.tiers == 2);
    CHECK(p.tierStats[0].switches == 8);
    CHECK(p.tierStats[0].downLinks == 384);
    CHECK(p.tierStats[0].upLinks == 128);
    CHECK(p.tierStats[0].oversubscription == Approx(3.0));
    CHECK(p.tierStats[1].switches == 2);
    CHECK(p.tierStats[1].unusedPorts == 0);
    CHECK(p.endToEndOversubscription == Approx(3.0));
    CHECK(p.bisectionTbps == Approx(128 * 0.4 / 2));
    CHECK(p.nonBlockingBisectionTbps == Approx(384 * 0.4 / 2));
}

TEST_CASE("failure blast radius of one switch per tier", "[fabric][metrics]")
{
    SECTION("rail leaf: its 32 GPUs lose the plane; a spine: nobody")
    {
        const PlaneResult p = solve(32, backendPlane());
        CHECK(failureAt(p, 1).endpointsLost == 32);
        CHECK(failureAt(p, 1).gpusLost == 32);
        CHECK(failureAt(p, 2).gpusLost == 0);
    }
    SECTION("a single spine splits the fabric in two")
    {
        // 8 DGX non-rail in 2 tiers (64 ports would fit one switch): 4 servers per 32-port
        // leaf, 2 leaves, one spine (2 x 32 links).
        FabricPlane plane = backendPlane();
        plane.railOptimized = false;
        plane.tiers = 2;
        const PlaneResult p = solve(8, plane);
        REQUIRE(p.tierStats.at(1).switches == 1);
        CHECK(failureAt(p, 1).gpusLost == 32);
        CHECK(failureAt(p, 2).endpointsLost == 32); // two halves of 32; one counts as lost
    }
    SECTION("dual-homed frontend: a leaf failure costs no server its connectivity")
    {
        // Port i of every server to leaf i (dual-ToR style [ref:alibaba-hpn-2024]).
        const PlaneResult dual = solve(32, frontendPlane(true));
        REQUIRE(dual.tierStats.at(0).switches == 2);
        CHECK(failureAt(dual, 1).endpointsLost == 32);
        CHECK(failureAt(dual, 1).gpusLost == 0);
        // Both ports on one leaf: its 16 servers (128 GPUs) are cut off.
        const PlaneResult single = solve(32, frontendPlane(false));
        CHECK(failureAt(single, 1).gpusLost == 16 * 8);
    }
}

TEST_CASE("performance-model facts of a backend plane", "[fabric][metrics]")
{
    // SuperPOD SU: 32 DGX = 256 GPUs per rail group [V]; 400G per GPU; 2 tiers, 3 hops.
    const PlaneResult p = solve(64, backendPlane());
    const PlanePerformanceFacts &f = p.performance;
    CHECK(f.gpus == 512);
    CHECK(f.railGroupGpus == 256);
    CHECK(f.nicGbpsPerGpu == Approx(400));
    CHECK(f.tiers == 2);
    CHECK(f.maxHops == 3);
    CHECK(f.islandGpus == 512);
    CHECK(f.oversubscriptionAboveIsland == Approx(1.0));
    CHECK(f.hopLatencyNs == Approx(FabricOptions{}.infinibandHopLatencyNs));
}

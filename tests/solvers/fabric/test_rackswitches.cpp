// SPDX-License-Identifier: Apache-2.0
// The per-rack switch summary of FabricResult (rackSwitchRuns): what a rack elevation draws.

#include "fabricfixtures.h"

#include "solvers/fabric/fabric.h"

#include <catch2/catch.hpp>

#include <map>
#include <utility>

using namespace aidc;
using namespace aidc::test;

namespace {

std::int64_t countRuns(const FabricResult &r, std::size_t rack, int tier)
{
    std::int64_t n = 0;
    for (const RackSwitchRun &run : r.switchesInRack(rack))
        n += run.tier == tier ? run.count : 0;
    return n;
}

} // namespace

TEST_CASE("top-of-rack leaves are summarized in their own compute rack, spines in network racks",
          "[fabric][rack-switches]")
{
    // 32 DGX H100 (8U, 8 backend ports) at 4 per 42U rack = 8 compute racks of 32 endpoints.
    // Rail-optimized ToR: one rack per leaf, 32 down + 32 up ports of a 64-port QM9700 at 1:1
    // -> 8 leaves; 8 x 32 = 256 uplinks over 64-port spines -> 4 spines
    // (k/2 down, k/2 up at 1:1 [D]). 12 switches in all.
    FabricPlane plane = backendPlane(LeafPlacement::ToR);
    plane.tiers = 2;
    const LayoutResult layout = layoutFor(32, LeafPlacement::ToR, 2);
    const FabricResult r = solveFabric(projectWith(32, plane), fabricCatalog(), layout);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    REQUIRE(r.planes.size() == 1);
    const PlaneResult &p = r.planes.front();
    REQUIRE(p.switches == 12);
    REQUIRE(r.rackSwitchRunFirst.size() == layout.racks.size() + 1);

    std::int64_t leaves = 0, spines = 0, inCompute = 0;
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        const std::int64_t l = countRuns(r, i, 1), s = countRuns(r, i, 2);
        leaves += l;
        spines += s;
        if (layout.racks[i].role == RackRole::Compute) {
            // Exactly one leaf, 1U at the very top (U42) of its 42U rack.
            CHECK(l == 1);
            CHECK(s == 0);
            REQUIRE(r.switchesInRack(i).size() == 1);
            CHECK(r.switchesInRack(i)[0].firstU == 42);
            ++inCompute;
        } else {
            CHECK(l == 0);
        }
    }
    CHECK(inCompute == 8);
    CHECK(leaves == 8);
    CHECK(spines == 4);
    CHECK(r.placedSwitches == 12);
    CHECK(r.unplacedSwitches == 0);
    CHECK(r.placedSwitches + r.unplacedSwitches == r.switches);
}

TEST_CASE("parallel plane copies stack as one run and count every copy", "[fabric][rack-switches]")
{
    // As above with 2 parallel planes: every compute rack holds 2 leaves (1U each) at U41-U42,
    // 24 physical switches in all.
    FabricPlane plane = backendPlane(LeafPlacement::ToR);
    plane.tiers = 2;
    plane.parallelPlanes = 2;
    plane.endpointsPerServer = 4; // 8 NIC ports over 2 planes
    const LayoutResult layout = layoutFor(32, LeafPlacement::ToR, 2);
    const FabricResult r = solveFabric(projectWith(32, plane), fabricCatalog(), layout);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    REQUIRE(r.switches == r.planes.front().switches * 2);
    std::int64_t total = 0;
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        for (const RackSwitchRun &run : r.switchesInRack(i))
            total += run.count;
        if (layout.racks[i].role == RackRole::Compute) {
            REQUIRE(r.switchesInRack(i).size() == 1);
            CHECK(r.switchesInRack(i)[0].count == 2);
            CHECK(r.switchesInRack(i)[0].firstU == 41);
        }
    }
    CHECK(total == r.switches);
}

TEST_CASE("the per-rack summary matches the placement switch by switch", "[fabric][rack-switches]")
{
    // Leaves in network racks: 64 DGX = 512 endpoints / 32 = 16 leaves, 512 uplinks / 64 = 8
    // spines (k = 64 at 1:1 [D]); every switch lands in the rack the
    // placement recorded in the topology (switchRack), stacked top down from U42.
    FabricPlane plane = backendPlane(LeafPlacement::NetworkRack);
    plane.tiers = 2;
    const LayoutResult layout = layoutFor(64, LeafPlacement::NetworkRack, 4);
    const FabricResult r = solveFabric(projectWith(64, plane), fabricCatalog(), layout);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const PlaneResult &p = r.planes.front();
    REQUIRE(p.tierStats.size() == 2);
    CHECK(p.tierStats[0].switches == 16);
    CHECK(p.tierStats[1].switches == 8);

    std::map<std::pair<int, int>, std::int64_t> placed; // (rack, tier) -> switches
    const FabricTopology &g = p.topology;
    for (std::size_t s = 0; s < g.switchCount(); ++s) {
        REQUIRE(g.switchRack[s] >= 0);
        ++placed[{g.switchRack[s], g.switchTier[s]}];
    }
    std::map<std::pair<int, int>, std::int64_t> summarized;
    std::int64_t total = 0;
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        int nextTopU = 42; // runs come top down without gaps in a rack with room
        for (const RackSwitchRun &run : r.switchesInRack(i)) {
            CHECK(run.plane == 0);
            CHECK(int(run.firstU) + int(run.count) - 1 == nextTopU);
            nextTopU = int(run.firstU) - 1;
            summarized[{int(i), run.tier}] += run.count;
            total += run.count;
            if (run.tier == 1)
                CHECK(layout.racks[i].role == RackRole::Network);
        }
        // A network rack offers 12U for switches (FabricOptions::networkRackSwitchU).
        CHECK(nextTopU >= 42 - 12);
    }
    CHECK(summarized == placed);
    CHECK(total == 24);
    CHECK(total == r.switches);
}

TEST_CASE("a fabric that could not be built has an empty summary", "[fabric][rack-switches]")
{
    FabricOptions options;
    options.maxTiers = 0; // invalid
    const LayoutResult layout = layoutFor(8, LeafPlacement::NetworkRack, 1);
    const FabricResult r =
        solveFabric(projectWith(8, backendPlane()), fabricCatalog(), layout, options);
    REQUIRE(r.diagnostics.hasErrors());
    CHECK(r.switchesInRack(0).empty());
    CHECK(r.placedSwitches == 0);
}

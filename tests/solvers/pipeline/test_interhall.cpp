// SPDX-License-Identifier: Apache-2.0
// Cables between halls follow the site's geometry (issue 23, site view): a link leaves its hall
// through the hall's corner, runs along the site's axes to the other hall's corner, and adds a
// fixed allowance for leaving and entering the halls. Moving the halls apart lengthens exactly
// the links between halls, by the added distance.

#include "model/projectjson.h"
#include "solvers/common/defaults.h"
#include "solvers/fabric/fabric.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace aidc;

namespace {

struct Solved
{
    LayoutResult layout;
    FabricResult fabric;
};

Solved solveWithGap(const Project &effective, const Catalog &catalog, double gapM)
{
    LayoutOptions options;
    options.hallGapM = gapM;
    Solved s;
    s.layout = placeLayout(effective, catalog, options);
    FabricOptions fabricOptions;
    fabricOptions.networkRackSwitchU = options.switchesPerNetworkRack;
    s.fabric = solveFabric(effective, catalog, s.layout, fabricOptions);
    return s;
}

// The hall of a link's end: its host's or its switch's rack (-1: not placed).
int hallOf(const FabricTopology &g, const LayoutResult &layout, std::uint32_t vertex)
{
    const int rack = g.isSwitch(vertex) ? g.switchRack[g.switchOf(vertex)]
                                        : g.hosts[std::size_t(g.endpointHost[vertex])].rack;
    return rack < 0 ? -1 : layout.racks[std::size_t(rack)].hall;
}

} // namespace

TEST_CASE("links between halls lengthen with the distance between the halls", "[fabric][site]")
{
    // The 100k sample: four stated halls side by side, 26 m wide.
    const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    const Project project = loadProjectFile(AIDC_SOURCE_DIR "/projects/h100-100k-site.json");
    const Project effective = withDefaults(project, catalog);
    const Solved near = solveWithGap(effective, catalog, 20);
    const Solved far = solveWithGap(effective, catalog, 120);
    REQUIRE(near.layout.halls.size() == 4);
    // Hall origins move 100 m apart per hall; the racks keep their places in their halls.
    CHECK(far.layout.halls[3].originXM - near.layout.halls[3].originXM == Approx(300));

    const PlaneResult &a = near.fabric.planes.at(0); // the backend
    const PlaneResult &b = far.fabric.planes.at(0);
    const FabricTopology &ga = a.topology;
    const FabricTopology &gb = b.topology;
    REQUIRE(ga.linkCount() == gb.linkCount());
    const double dressing = 1.0 + FabricOptions().cabling.dressingFraction;
    std::size_t between = 0, within = 0;
    for (std::size_t l = 0; l < ga.linkCount(); ++l) {
        const int ha = hallOf(ga, near.layout, ga.linkA[l]);
        const int hb = hallOf(ga, near.layout, ga.linkB[l]);
        if (ha < 0 || hb < 0)
            continue;
        // (L_far - L_near) = 100 m x |hall index difference| x (1 + dressing)
        const double expected = 100.0 * std::abs(ha - hb) * dressing;
        INFO("link " << l << " between halls " << ha << " and " << hb);
        REQUIRE(gb.lengthM[l] - ga.lengthM[l] == Approx(expected).margin(1e-3));
        (ha == hb ? within : between) += 1;
    }
    // The sample's spines sit in hall A and reach leaves in all four halls.
    CHECK(between > 1000);
    CHECK(within > 1000);
}

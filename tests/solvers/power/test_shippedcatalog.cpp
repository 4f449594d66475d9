// SPDX-License-Identifier: Apache-2.0
// The checks against the shipped catalog (catalogs/data), not hand-built parts: the
// solver must read the real stage curves, cooling units and rack types the same way.

#include "catalogs/catalogloader.h"
#include "powerfixtures.h"
#include "solvers/common/defaults.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

const Catalog &shippedCatalog()
{
    static const Catalog catalog = [] {
        Diagnostics diagnostics;
        Catalog loaded = loadCatalog(AIDC_SOURCE_DIR "/catalogs/data", diagnostics);
        INFO(diagnostics.toString());
        REQUIRE_FALSE(diagnostics.hasErrors());
        return loaded;
    }();
    return catalog;
}

LayoutResult shippedLayout()
{
    // Row 0: ten racks of four DGX H100; row 1: four GB200 NVL72 racks.
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", 60, 40));
    layout.pools.push_back(poolLayout("h100", "DGX-H100", "H100-SXM"));
    layout.pools.push_back(poolLayout("gb", "GB200-NVL72", "GB200"));
    addRows(layout, 0, 1, 10, RackRole::Compute, "Rack-42U-Air", "h100", 4, 32);
    addRows(layout, 0, 1, 4, RackRole::Compute, "Rack-NVL72", "gb", 1, 72, 0.6, 1.068);
    return layout;
}

Project shippedProject()
{
    Project project;
    project.pools.push_back(pool("h100", "H100-SXM", 320));
    project.pools.push_back(pool("gb", "GB200", 288));
    project.halls.push_back(hall("H1", 60, 40));
    project.site.climate = referenceClimate();
    return project;
}

} // namespace

TEST_CASE("shipped catalog: DGX H100 racks ~41 kW, NVL72 racks ~120 kW and 1.36 t",
          "[power][catalog]")
{
    // [ref:nvidia-dgx-h100-ug; ref:nvidia-bcm-gb200]: DGX H100 10.2 kW, four per rack 40.8 kW;
    // GB200 NVL72 ~120 kW, ~1.36 t on 600 x 1068 mm -> 20.8 kPa over a 7.2 kPa raised floor
    // [ref:tia-942].
    const Catalog &catalog = shippedCatalog();
    Project project = shippedProject();
    project.halls[0].floorLoadKPa = 7.2;
    const PowerResult result = solvePower(project, catalog, shippedLayout(), {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(result.racks[0].peakW() == Approx(40800).epsilon(0.01));
    CHECK(result.racks[10].peakW() == Approx(120000).epsilon(0.10));
    CHECK(result.racks[10].massKg == Approx(1360).epsilon(0.05));
    CHECK((result.racks[10].violations & RackOverFootprintLoad) != 0);
    CHECK((result.racks[10].violations & RackOverRating) == 0);
}

TEST_CASE("shipped catalog: the chain reads the catalog's stages", "[power][catalog]")
{
    const PowerResult result =
        solvePower(shippedProject(), shippedCatalog(), shippedLayout(), {}, {});
    REQUIRE(result.chain.size() == 7);
    for (const ChainStage &stage : result.chain) {
        if (stage.stage == "busbar")
            continue;
        INFO(stage.stage);
        CHECK(stage.part != "default");
        CHECK(stage.efficiencyPeak > 0.8);
        CHECK(stage.efficiencyPeak <= 1.0);
    }
}

TEST_CASE("shipped catalog: 48 V beats 12 V, liquid beats air", "[power][catalog]")
{
    const Catalog &catalog = shippedCatalog();
    Project project = shippedProject();
    const PowerResult liquid = solvePower(project, catalog, shippedLayout(), {}, {});
    REQUIRE(liquid.distributionComparison.size() == 3);
    CHECK(liquid.distributionComparison[1].totalLossW <
          liquid.distributionComparison[0].totalLossW);
    CHECK(liquid.distributionComparison[1].lossVs12VW < 0);

    project.cooling.type = CoolingType::Air;
    const PowerResult air = solvePower(project, catalog, shippedLayout(), {}, {});
    CHECK(liquid.pueBottomUpAnnual < air.pueBottomUpAnnual);
    // [ref:uptime-gdcs-2024; ref:cmcc-wanka-2024 §3.1]: new large facilities <= 1.3;
    // liquid-cooled target < 1.10-1.2.
    CHECK(air.pueBottomUpAnnual < 1.45);
    CHECK(liquid.pueBottomUpAnnual < 1.25);
    CHECK(liquid.pueBottomUpAnnual > 1.03);
}

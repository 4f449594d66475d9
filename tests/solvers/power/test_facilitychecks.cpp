// SPDX-License-Identifier: Apache-2.0
// Facility checks: floor loading, rack power and weight, cooling limits, hall capacities and
// area, reported as violations (warnings) with the rack/row/hall and a JSON pointer.

#include "powerfixtures.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

std::vector<Diagnostic> warningsMentioning(const PowerResult &result, const std::string &text)
{
    std::vector<Diagnostic> found;
    for (const Diagnostic &d : result.diagnostics.items()) {
        if (d.severity == Severity::Warning && d.message.find(text) != std::string::npos)
            found.push_back(d);
    }
    return found;
}

LayoutResult mixedLayout()
{
    // Row 0: one NVL72 rack; row 1: one rack of four DGX H100.
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", 100, 100));
    layout.pools.push_back(poolLayout("gb", "gb200-nvl72", "gb200"));
    layout.pools.push_back(poolLayout("train", "dgx-h100", "h100-sxm"));
    addRows(layout, 0, 1, 1, RackRole::Compute, "rack-nvl72", "gb", 1, 72, 0.6, 1.068);
    addRows(layout, 0, 1, 1, RackRole::Compute, "rack-42u", "train", 4, 32);
    return layout;
}

Project mixedProject(double floorKPa)
{
    Project project;
    project.pools.push_back(pool("gb", "gb200", 72));
    project.pools.push_back(pool("train", "h100-sxm", 32));
    project.halls.push_back(hall("H1", 100, 100));
    project.halls[0].floorLoadKPa = floorKPa;
    return project;
}

} // namespace

TEST_CASE("a hall rated for ordinary raised-floor loads flags the NVL72 racks",
          "[power][checks][floor]")
{
    // GB200 NVL72: ~120 kW, ~1.36 t on 600 x 1068 mm [ref:nvidia-bcm-gb200]:
    // 1360 x 9.80665 / (0.6 x 1.068) = 20.81 kPa on its footprint. TIA-942: 7.2 kPa minimum,
    // 12 kPa recommended [ref:tia-942]. A rack of four DGX H100: 150 + 4 x 130.45 =
    // 671.8 kg on 0.6 x 1.2 m = 9.15 kPa.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = mixedLayout();
    PowerResult result = solvePower(mixedProject(7.2), catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(result.racks[0].peakW() == Approx(120000));
    CHECK(result.racks[0].massKg == Approx(1360));
    CHECK(result.racks[0].footprintKPa == Approx(20.81).epsilon(1e-3));
    CHECK(result.racks[1].massKg == Approx(671.8));
    CHECK(result.racks[1].footprintKPa == Approx(9.150).epsilon(1e-3));
    // Averaged over its cell (0.6 m pitch x 3.6 m row pitch): 6.17 kPa, under 7.2.
    CHECK(result.racks[0].cellKPa == Approx(6.175).epsilon(1e-3));
    CHECK((result.racks[0].violations & RackOverFootprintLoad) != 0);
    CHECK((result.racks[0].violations & RackOverCellLoad) == 0);
    const auto floor = warningsMentioning(result, "footprint load");
    REQUIRE(!floor.empty());
    CHECK(floor[0].message.find(result.racks[0].id) != std::string::npos);
    CHECK(floor[0].message.find("20.8") != std::string::npos);
    CHECK(floor[0].jsonPath == "/halls/0");

    // At the recommended 12 kPa the NVL72 rack still fails, the DGX rack passes.
    result = solvePower(mixedProject(12), catalog, layout, {}, {});
    CHECK((result.racks[0].violations & RackOverFootprintLoad) != 0);
    CHECK((result.racks[1].violations & RackOverFootprintLoad) == 0);
    CHECK(result.halls[0].maxFootprintKPa == Approx(20.81).epsilon(1e-3));
}

TEST_CASE("a pinned rack's violation points at its project row", "[power][checks]")
{
    const Catalog catalog = powerCatalog();
    LayoutResult layout = mixedLayout();
    layout.racks[0].pinned = true;
    Project project = mixedProject(7.2);
    Row row;
    row.id = layout.halls[0].rows[0].id;
    project.halls[0].rows.push_back(Row{});
    project.halls[0].rows.push_back(row); // the pinned row is the project's second row
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    const auto floor = warningsMentioning(result, "footprint load");
    REQUIRE(!floor.empty());
    CHECK(floor[0].jsonPath == "/halls/0/rows/1");
}

TEST_CASE("rack power over the rack's rating or the cooling's limit", "[power][checks]")
{
    // 40.8 kW of DGX H100 per rack: over a 35 kW rack and over air's ~40 kW per rack, within an
    // active RDHx's 40-75 kW [ref:hpe-rdhx-quickspecs].
    Catalog catalog = powerCatalog();
    catalog.rackTypes[0].maxPowerKW = 35;
    const LayoutResult layout = dgxLayout(1, 3);
    Project project = dgxProject(96);
    project.cooling.type = CoolingType::Air;
    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK((result.racks[0].violations & RackOverRating) != 0);
    CHECK((result.racks[0].violations & RackOverCoolingLimit) != 0);
    const auto rating = warningsMentioning(result, "power rating");
    REQUIRE(rating.size() == 1); // one finding per row and kind
    CHECK(rating[0].message.find("3 racks") != std::string::npos);
    CHECK(rating[0].message.find("40.8 > 35.0 kW") != std::string::npos);
    CHECK(rating[0].jsonPath == "/compute/pools/0"); // generated racks: the pool sets their density

    project.cooling.type = CoolingType::RearDoor;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK((result.racks[0].violations & RackOverCoolingLimit) == 0);
    // DLC: only the air share (20% of 40.8 = 8.2 kW) counts against air's limit.
    project.cooling.type = CoolingType::DirectLiquid;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK((result.racks[0].violations & RackOverCoolingLimit) == 0);
}

TEST_CASE("rack mass over the rack's static load rating", "[power][checks]")
{
    Catalog catalog = powerCatalog();
    catalog.rackTypes[1].staticLoadKg = 1000; // NVL72 system is 1,360 kg
    const PowerResult result = solvePower(mixedProject(12), catalog, mixedLayout(), {}, {});
    CHECK((result.racks[0].violations & RackOverWeight) != 0);
    CHECK((result.racks[1].violations & RackOverWeight) == 0);
    CHECK(warningsMentioning(result, "static load").size() == 1);
}

TEST_CASE("an over-capacity hall is evaluated and every violation listed", "[power][checks]")
{
    // 20 racks x 40.8 kW = 816 kW into a hall built for 0.5 MW of power and cooling, on a
    // 0.6 MW feed, whose layout reports 40 m2 usable while the racks' cells need
    // 20 x 0.6 m x 3.6 m = 43.2 m2.
    const Catalog catalog = powerCatalog();
    LayoutResult layout = dgxLayout(2, 10, 10, 10);
    layout.halls[0].usableAreaM2 = 40;
    Project project = dgxProject(640, 10, 10);
    project.halls[0].powerCapacityMW = 0.5;
    project.halls[0].coolingCapacityMW = 0.5;
    project.site.utilityFeedMW = 0.6;
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    CHECK_FALSE(result.diagnostics.hasErrors());
    CHECK(result.itPeakW == Approx(816000));
    CHECK(result.pueAnnual > 1.0);
    bool power = false, cooling = false, area = false, feed = false;
    for (const Diagnostic &d : result.diagnostics.items()) {
        power |= d.jsonPath == "/halls/0/powerCapacityMW";
        cooling |= d.jsonPath == "/halls/0/coolingCapacityMW";
        area |= d.jsonPath == "/halls/0/usableAreaM2";
        feed |= d.jsonPath == "/site/utilityFeedMW";
    }
    CHECK(power);
    CHECK(cooling);
    CHECK(area);
    CHECK(feed);
    // 10 racks of 0.6 m from x = 3 m end at 9 m, inside the 10 m hall; the second row
    // (y = 6.6 m, 1.2 m deep) ends at 7.8 m, inside too. A 15-rack row ends at 12 m: its
    // racks 11-14 stick out.
    CHECK(warningsMentioning(result, "outside the hall").empty());
    const LayoutResult longRows = dgxLayout(1, 15, 10, 10);
    const PowerResult outside = solvePower(project, catalog, longRows, {}, {});
    CHECK(warningsMentioning(outside, "outside the hall").size() == 1);
    CHECK((outside.racks[14].violations & RackOutsideHall) != 0);
    CHECK((outside.racks[0].violations & RackOutsideHall) == 0);
}

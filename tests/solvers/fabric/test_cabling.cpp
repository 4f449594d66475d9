// SPDX-License-Identifier: Apache-2.0
// Cabling: routed lengths, media choice, transceiver counting, switch power by medium, copper
// share by leaf placement, structured cabling, trays, and the bad inputs of issue 3.

#include "fabricfixtures.h"

#include "solvers/fabric/cabling.h"
#include "solvers/fabric/fabric.h"

#include "model/projectjson.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace aidc;
using namespace aidc::test;

namespace {

const Diagnostic *findMessage(const Diagnostics &d, const std::string &text)
{
    for (const Diagnostic &item : d.items()) {
        if (item.message.find(text) != std::string::npos)
            return &item;
    }
    return nullptr;
}

Catalog opticsOnlyCatalog(bool singlePort)
{
    Catalog c = singlePort ? singlePortOpticsCatalog() : fabricCatalog();
    c.media.erase(
        std::remove_if(c.media.begin(), c.media.end(),
                       [](const Medium &m) { return m.gbps == 400 && !m.needsTransceivers; }),
        c.media.end());
    return c;
}

double bomPower(const Bom &bom)
{
    double w = 0;
    for (const BomLine &line : bom)
        w += line.quantity * line.unitPowerW;
    return w;
}

} // namespace

TEST_CASE("stock lengths round up to what is sold", "[fabric][cabling]")
{
    // DAC 0.5-3 m in 0.5 m steps [ref:optics-vendor-lists]; made-to-order runs to a step.
    const std::vector<double> dac{0.5, 1, 1.5, 2, 2.5, 3};
    CHECK(stockLength(2.1, dac, 1) == 2.5);
    CHECK(stockLength(2.5, dac, 1) == 2.5);
    CHECK(stockLength(3.2, dac, 1) == 0); // longer than any stock length
    CHECK(stockLength(13.2, {}, 1) == 14);
}

TEST_CASE("in-rack lengths and the reach margin", "[fabric][cabling]")
{
    // One rack of 4 DGX H100 (8U each from U1) and a top-of-rack QM9700 at U42. Hand-computed
    // with the defaults (U = 0.04445 m, U1 at 0.1 m, 0.5 m slack per end, 5% dressing):
    //   server 1 ports at 0.1 + 4 U = 0.2778 m, switch at 0.1 + 41.5 U = 1.9447 m:
    //   L = (1.6669 + 1.0) x 1.05 = 2.8002 m;  server 4 at 0.1 + 28 U: L = 1.6801 m.
    // Reach must cover L + max(10% L, 1 m) [U]: 3.8 m > 3 m DAC -> AEC.
    const Catalog catalog = fabricCatalog();
    const Project project = projectWith(4, backendPlane(LeafPlacement::ToR));
    const LayoutResult layout = layoutFor(4, LeafPlacement::ToR, 0);
    const PlaneResult p = solveFabricPlane(project, catalog, layout, 0);
    REQUIRE_FALSE(p.diagnostics.hasErrors());
    REQUIRE(p.tiers == 1);
    const FabricTopology &g = p.topology;
    // endpoint e = host * 8 + rail; link e is endpoint e's link
    CHECK(g.lengthM[0] == Approx(2.80021875).epsilon(1e-6));
    CHECK(g.lengthM[24] == Approx(1.68007875).epsilon(1e-6));
    CHECK(p.media[g.linkMedium[0]] == "AEC-400G");
    // Server 4 alone would fit a DAC (1.68 + 1 <= 3 m) but shares its switch cage with
    // server 3 (2.05 m + 1 m margin > 3 m): one cage, one medium.
    CHECK(p.media[g.linkMedium[24]] == "AEC-400G");
    for (std::size_t a = 0; a < g.linkCount(); ++a) {
        for (std::size_t b = a + 1; b < g.linkCount(); ++b) {
            if (g.linkB[a] == g.linkB[b] && (g.portB[a] - 1) / 2 == (g.portB[b] - 1) / 2)
                CHECK(g.linkMedium[a] == g.linkMedium[b]);
        }
    }
    CHECK(g.stockLengthM[0] == 3.0f); // AEC stock: 3 m >= 2.80 m
    // Server 4's 1.68 m link is a leg of a 2-leg splitter whose other leg (server 3, 2.05 m)
    // needs the 2.5 m stock: the cable ordered, and so the schedule, is 2.5 m.
    CHECK(g.stockLengthM[24] == 2.5f);
}

TEST_CASE("a switch fed by DAC draws its base power, one full of optics ~1,500 W",
          "[fabric][cabling][power]")
{
    // QM9700: ~747 W with DAC in every port, ~1,500 W with multimode optics
    // [ref:zomi-100k-slides]. Switch power = base + power per link end of the modules in its ports.
    const Catalog catalog = fabricCatalog();
    SECTION("DAC-fed: the same rack without margins, every link on passive copper (0 W)")
    {
        FabricOptions options;
        options.cabling.reachMarginMinM = 0;
        options.cabling.reachMarginFraction = 0;
        const PlaneResult p =
            solveFabricPlane(projectWith(4, backendPlane(LeafPlacement::ToR)), catalog,
                             layoutFor(4, LeafPlacement::ToR, 0), 0, options);
        REQUIRE(p.tiers == 1);
        CHECK(mediumLinks(p, "DAC-400G") == 32);
        CHECK(p.tierStats[0].powerWPerSwitch == Approx(747));
        CHECK(p.switchPowerW == Approx(747));
        CHECK(p.transceiverModules == 0);
    }
    SECTION("full of optics: 64 SR4 ends at 11.75 W: 747 + 752 = 1,499 W")
    {
        // One SU (32 DGX): 8 rail leaves (32 down + 32 up) and 4 spines (8 leaves x 8 links).
        const Catalog optics = opticsOnlyCatalog(false);
        const PlaneResult p = solveFabricPlane(projectWith(32, backendPlane()), optics,
                                               layoutFor(32, LeafPlacement::NetworkRack, 4), 0);
        REQUIRE_FALSE(p.diagnostics.hasErrors());
        REQUIRE(p.tiers == 2);
        CHECK(p.tierStats[0].switches == 8);
        CHECK(p.tierStats[1].switches == 4);
        CHECK(p.tierStats[0].powerWPerSwitch == Approx(1499));
        CHECK(p.tierStats[1].powerWPerSwitch == Approx(1499));
        // The BOM carries base power on switch lines and module power on module lines, so it
        // adds up to switch + NIC-side power with nothing counted twice.
        CHECK(bomPower(p.bom) == Approx(p.switchPowerW + p.endpointModulePowerW));
        CHECK(p.switchPowerW == Approx(12 * 1499));
        CHECK(p.endpointModulePowerW == Approx(256 * 11.75));
    }
}

TEST_CASE("every optical link counts two transceiver ends, copper none", "[fabric][cabling]")
{
    // A module at each end of a transceiver link; a twin-port module serves two links of one
    // cage; DGX H100 carries 8 x 400G in 4 twin-port cages [V] [ref:nvidia-dgx-h100-ug].
    SECTION("single-port modules: two per optical link")
    {
        const Catalog catalog = opticsOnlyCatalog(true);
        const PlaneResult p = solveFabricPlane(projectWith(32, backendPlane()), catalog,
                                               layoutFor(32, LeafPlacement::NetworkRack, 4), 0);
        REQUIRE(p.links == 512);
        CHECK(p.opticalLinks == 512);
        CHECK(p.transceiverEnds == 1024);
        CHECK(p.transceiverModules == 1024);
    }
    SECTION("twin-port modules: one per cage, 4 per DGX")
    {
        const Catalog catalog = opticsOnlyCatalog(false);
        const PlaneResult p = solveFabricPlane(projectWith(32, backendPlane()), catalog,
                                               layoutFor(32, LeafPlacement::NetworkRack, 4), 0);
        CHECK(p.transceiverEnds == 1024);
        // switch side: 8 leaves x 32 cages + 4 spines x 32 cages; NIC side: 32 DGX x 4 cages
        CHECK(p.transceiverModules == 8 * 32 + 4 * 32 + 32 * 4);
    }
    SECTION("copper links need none")
    {
        const PlaneResult p =
            solveFabricPlane(projectWith(4, backendPlane(LeafPlacement::ToR)), fabricCatalog(),
                             layoutFor(4, LeafPlacement::ToR, 0), 0);
        CHECK(p.opticalLinks == 0);
        CHECK(p.transceiverModules == 0);
        CHECK(p.copperShareAllLinks == 1.0);
        // 32 AEC links at 6 W per end: switch 747 + 32 x 6, NIC side 32 x 6; the BOM prices
        // and powers them per link (both ends), adding up to the same total.
        CHECK(p.switchPowerW == Approx(747 + 32 * 6));
        CHECK(p.endpointModulePowerW == Approx(32 * 6));
        CHECK(bomPower(p.bom) == Approx(p.switchPowerW + p.endpointModulePowerW));
    }
    SECTION("mixed: modules only for the optical links")
    {
        const Catalog catalog = singlePortOpticsCatalog();
        FabricPlane plane = backendPlane(LeafPlacement::MoR);
        plane.allowAoc = false;
        const PlaneResult p = solveFabricPlane(projectWith(256, plane), catalog,
                                               layoutFor(256, LeafPlacement::MoR, 8), 0);
        REQUIRE(p.opticalLinks > 0);
        REQUIRE(p.opticalLinks < p.links);
        CHECK(p.transceiverModules == 2 * p.opticalLinks);
        CHECK(double(p.links - p.opticalLinks) == Approx(p.copperShareAllLinks * p.links));
    }
}

TEST_CASE("middle-of-row leaves put a quarter to a third of a 100k-GPU fabric on copper",
          "[fabric][cabling]")
{
    // Seed figure [ref:zomi-100k-slides]: leaves in the middle of each row
    // let GPU-leaf links go copper, 25-33% of the GPU fabric; rail leaves in network rows put
    // them on optics. 100,000 H100 (12,500 DGX), islands of 1,792 GPUs, 7:1 above (3 tiers).
    FabricPlane plane = backendPlane(LeafPlacement::MoR);
    plane.islandGpus = 1792;
    plane.islandOversubscription = 7;
    const Catalog catalog = fabricCatalog();
    const PlaneResult mor = solveFabricPlane(projectWith(12500, plane), catalog,
                                             layoutFor(12500, LeafPlacement::MoR, 200), 0);
    plane.leafPlacement = LeafPlacement::NetworkRack;
    const PlaneResult rows = solveFabricPlane(projectWith(12500, plane), catalog,
                                              layoutFor(12500, LeafPlacement::NetworkRack, 500), 0);
    REQUIRE_FALSE(mor.diagnostics.hasErrors());
    REQUIRE_FALSE(rows.diagnostics.hasErrors());
    REQUIRE(mor.tiers == 3);
    CHECK(mor.copperShareAllLinks >= 0.25);
    CHECK(mor.copperShareAllLinks <= 0.34);
    CHECK(mor.copperShareEndpointLinks > 0.5);
    CHECK(rows.copperShareEndpointLinks < 0.01);
    CHECK(rows.copperShareAllLinks < 0.05);
    // Copper saves module power: same switches, less switch power.
    CHECK(mor.switches == rows.switches);
    CHECK(mor.switchPowerW < rows.switchPowerW);
}

TEST_CASE("a link longer than every medium's reach is a violation, not a silent BOM",
          "[fabric][cabling][bad-input]")
{
    // Without single-mode optics the longest reach is 50 m (SR/AOC); 2,000 DGX in 21 rows
    // behind the network rows put the farthest servers > 50 m from their leaves.
    Catalog catalog = fabricCatalog();
    catalog.media.erase(std::remove_if(catalog.media.begin(), catalog.media.end(),
                                       [](const Medium &m) { return m.reachM > 50; }),
                        catalog.media.end());
    const PlaneResult p = solveFabricPlane(projectWith(2000, backendPlane()), catalog,
                                           layoutFor(2000, LeafPlacement::NetworkRack, 40), 0);
    REQUIRE(p.unroutedLinks > 0);
    const Diagnostic *d = findMessage(p.diagnostics, "longer than any allowed medium's reach");
    REQUIRE(d);
    CHECK(d->jsonPath == "/network/planes/0");
    CHECK_THAT(d->message, Catch::Contains("backend"));
    std::int64_t routed = 0;
    for (const MediumUsage &m : p.mediaUsage)
        routed += m.links;
    CHECK(routed + p.unroutedLinks == p.links);
}

TEST_CASE("bad planes: a NIC speed the switch cannot take, a radix that cannot reach",
          "[fabric][bad-input]")
{
    const Catalog catalog = fabricCatalog();
    const LayoutResult layout = layoutFor(300, LeafPlacement::NetworkRack, 20);
    SECTION("800G ports on a 400G switch")
    {
        FabricPlane plane = backendPlane();
        plane.portGbps = 800;
        const PlaneResult p = solveFabricPlane(projectWith(300, plane), catalog, layout, 0);
        REQUIRE(p.diagnostics.hasErrors());
        const Diagnostic &d = p.diagnostics.items().front();
        CHECK(d.jsonPath == "/network/planes/0/portGbps");
        CHECK_THAT(d.message, Catch::Contains("QM9700") && Catch::Contains("800"));
        CHECK(p.links == 0);
        CHECK(p.bom.empty());
    }
    SECTION("2,400 GPUs in 2 tiers of 64-port switches")
    {
        FabricPlane plane = backendPlane();
        plane.tiers = 2;
        const PlaneResult p = solveFabricPlane(projectWith(300, plane), catalog, layout, 0);
        REQUIRE(p.diagnostics.hasErrors());
        const Diagnostic &d = p.diagnostics.items().front();
        CHECK(d.jsonPath == "/network/planes/0");
        CHECK_THAT(d.message, Catch::Contains("backend") && Catch::Contains("2048"));
        CHECK(p.bom.empty());
    }
    SECTION("oversubscription below 1: a project field, checked once before the solvers run")
    {
        FabricPlane plane = backendPlane();
        plane.oversubscription = {0.5};
        const Diagnostics d = checkProjectFields(projectWith(300, plane));
        REQUIRE(d.hasErrors());
        CHECK(d.toString().find("/network/planes/0/oversubscription/0") != std::string::npos);
    }
    SECTION("unknown switch")
    {
        FabricPlane plane = backendPlane();
        plane.switchModel = "QM9999";
        const PlaneResult p = solveFabricPlane(projectWith(300, plane), catalog, layout, 0);
        REQUIRE(p.diagnostics.hasErrors());
        CHECK(p.diagnostics.items().front().jsonPath == "/network/planes/0/switch");
    }
}

TEST_CASE("top-of-rack leaves that do not fit the rack are a violation naming the rack",
          "[fabric][bad-input]")
{
    // 5 DGX (40U) per 42U rack, 40 endpoints -> 2 leaves of 32 ports; 2 parallel planes
    // double the switches: 40U + 4U > 42U.
    FabricPlane plane = backendPlane(LeafPlacement::ToR);
    plane.parallelPlanes = 2;
    plane.endpointsPerServer = 8;
    const PlaneResult p =
        solveFabricPlane(projectWith(10, plane), fabricCatalog(),
                         layoutFor(10, LeafPlacement::ToR, 0, /*serversPerRack=*/5), 0);
    const Diagnostic *d = findMessage(p.diagnostics, "do not fit");
    REQUIRE(d);
    CHECK(d->jsonPath == "/network/planes/0/leafPlacement");
    CHECK_THAT(d->message, Catch::Contains("H1-R01-01") && Catch::Contains("backend"));
}

TEST_CASE("AOC can be forbidden on structured runs", "[fabric][cabling]")
{
    // Users may forbid AOC (a failure replaces the whole cable).
    FabricPlane plane = backendPlane(LeafPlacement::MoR);
    const LayoutResult layout = layoutFor(256, LeafPlacement::MoR, 8);
    const PlaneResult with = solveFabricPlane(projectWith(256, plane), fabricCatalog(), layout, 0);
    plane.allowAoc = false;
    const PlaneResult without =
        solveFabricPlane(projectWith(256, plane), fabricCatalog(), layout, 0);
    CHECK(mediumLinks(with, "AOC-400G") > 0);
    CHECK(mediumLinks(without, "AOC-400G") == 0);
    CHECK(mediumLinks(without, "SR4-400G") >= mediumLinks(with, "AOC-400G"));
}

TEST_CASE("runs leaving the row go through trunks and patch panels", "[fabric][cabling]")
{
    // Runs that leave the row (or exceed ~50-100 m [U]) become trunk +
    // patch-panel segments; in-row optical runs are single jumpers.
    const Catalog catalog = opticsOnlyCatalog(false);
    const PlaneResult p = solveFabricPlane(projectWith(32, backendPlane()), catalog,
                                           layoutFor(32, LeafPlacement::NetworkRack, 4), 0);
    double trunkFibres = 0, panels = 0, jumpers = 0;
    for (const BomLine &b : p.bom) {
        if (b.category == "fiber")
            trunkFibres += b.quantity * 144;
        if (b.category == "patch-panel")
            panels += b.quantity;
        if (b.category == "cable" && b.part == FabricOptions{}.cabling.jumperPart)
            jumpers += b.quantity;
    }
    // The 256 server-leaf links leave the compute row: 8 fibres each in 144-fibre trunks,
    // two jumpers and two patch ports each (48-port panels: 32 DGX ports in each of the 8
    // compute racks -> 1 panel each, 256 ports in the network rack -> 6 panels).
    CHECK(trunkFibres >= 256 * 8);
    CHECK(jumpers >= 2 * 256);
    CHECK(panels >= 8 + 6);
}

TEST_CASE("tray fill is computed per row and over-fill is flagged", "[fabric][cabling]")
{
    FabricOptions options;
    options.cabling.trayWidthM = 0.02; // a deliberately tiny tray
    options.networkRackSwitchU = 40;   // both builds keep every switch in one network rack
    Project project = projectWith(32, backendPlane());
    project.cabling.copperTraysPerRow = 1; // stated counts: checked, not sized
    project.cabling.fibreTraysPerRow = 1;
    const LayoutResult layout = layoutFor(32, LeafPlacement::NetworkRack, 4);
    const FabricResult one = solveFabric(project, opticsOnlyCatalog(false), layout, options);
    REQUIRE_FALSE(one.trays.empty());
    CHECK(findMessage(one.diagnostics, "tray"));
    // Two identical planes put twice the cables in the same trays.
    project.planes[0].parallelPlanes = 2;
    project.planes[0].endpointsPerServer = 8;
    const FabricResult two = solveFabric(project, opticsOnlyCatalog(false), layout, options);
    REQUIRE(two.trays.size() == one.trays.size());
    for (std::size_t i = 0; i < one.trays.size(); ++i)
        CHECK(two.trays[i].fibreFill == Approx(2 * one.trays[i].fibreFill));
}

TEST_CASE("an 800G NIC as two 400G planes: count per plane and multiply", "[fabric]")
{
    // 2 x 400G planes of N endpoints each [D]; a 64 x 800G switch has
    // k = 128 per plane. 64 servers x 8 GPUs = 512 endpoints per plane: one leaf per rail
    // (64 down, 64 up), 2 tiers.
    Catalog catalog = fabricCatalog();
    FabricPlane plane;
    plane.name = "backend";
    plane.technology = Technology::Ethernet;
    plane.switchModel = "SN5600";
    plane.portGbps = 400;
    plane.parallelPlanes = 2;
    Project project = projectWith(64, plane);
    project.pools[0].server = "DGX-800G";
    SyntheticLayoutSpec spec;
    spec.server = "DGX-800G";
    spec.servers = 64;
    spec.dedicatedNetworkRacks = 4;
    const FabricResult r = solveFabric(project, catalog, makeSyntheticLayout(spec));
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const PlaneResult &p = r.planes.at(0);
    CHECK(p.radix == 128);
    CHECK(p.breakout == 2);
    CHECK(p.endpoints == 512);
    CHECK(p.tierStats[0].switches == 8);
    CHECK(r.switches == 2 * p.switches);
    CHECK(p.performance.nicGbpsPerGpu == Approx(800));
    CHECK(p.nonBlockingBisectionTbps == Approx(2 * 512 * 0.4 / 2));
}

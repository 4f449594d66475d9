// SPDX-License-Identifier: Apache-2.0
// The whole-site solve (all planes sharing racks and trays), its JSON/text reports, the BOM
// and cable-schedule CSV, and option validation.

#include "fabricfixtures.h"

#include "model/csv.h"
#include "solvers/common/defaults.h"
#include "solvers/common/reportformat.h"
#include "solvers/fabric/fabricreport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

using namespace aidc;
using namespace aidc::test;

namespace {

// 64 DGX H100 with the documented default planes (backend, frontend, storage, OOB).
struct SiteFixture
{
    Project project;
    LayoutResult layout;
    FabricResult result;
};

SiteFixture defaultSite()
{
    SiteFixture s;
    s.project = projectWith(64, backendPlane());
    s.project.planes.clear(); // -> default planes
    s.layout = layoutFor(64, LeafPlacement::NetworkRack, 12);
    s.result = solveFabric(s.project, fabricCatalog(), s.layout);
    return s;
}

const PlaneResult *plane(const FabricResult &r, const std::string &name)
{
    for (const PlaneResult &p : r.planes) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

} // namespace

TEST_CASE("a site with the default planes shares racks, OOB reaches every device",
          "[fabric][report]")
{
    const SiteFixture s = defaultSite();
    INFO(s.result.diagnostics.toString());
    REQUIRE_FALSE(s.result.diagnostics.hasErrors());
    REQUIRE(s.result.planes.size() == 4);
    const PlaneResult *backend = plane(s.result, "backend");
    const PlaneResult *frontend = plane(s.result, "frontend");
    const PlaneResult *storage = plane(s.result, "storage");
    const PlaneResult *oob = plane(s.result, "oob");
    REQUIRE(backend);
    REQUIRE(frontend);
    REQUIRE(storage);
    REQUIRE(oob);
    CHECK(backend->switchModel == "QM9700");
    CHECK(backend->endpoints == 512);
    CHECK(frontend->endpoints == 128); // 2 x 200G per server
    CHECK(storage->endpoints == 128);
    // OOB: 1 GbE to every BMC, switch and PDU [ref:nvidia-superpod-h100-ra]:
    // 64 BMCs + every switch of the other planes + 2 PDUs per rack.
    const std::int64_t otherSwitches = backend->switches + frontend->switches + storage->switches;
    CHECK(oob->endpoints == 64 + otherSwitches + 2 * std::int64_t(s.layout.racks.size()));
    // Network power per rack adds up to the switch power (NIC-side modules not counted).
    double racks = 0;
    for (const auto &[rack, w] : s.result.rackNetworkPowerW)
        racks += w;
    CHECK(racks == Approx(s.result.networkPowerW));
    CHECK(s.result.networkPowerW == Approx(s.result.switchPowerW));
    CHECK(s.result.switchPowerW ==
          Approx(s.result.switchChassisPowerW + s.result.switchModulePowerW));
    CHECK(s.result.switches ==
          backend->switches + frontend->switches + storage->switches + oob->switches);
}

TEST_CASE("the fabric-manager appliances are cabled, placed, powered, billed and on the OOB",
          "[fabric][report]")
{
    // DGX SuperPOD H100 RA [ref:nvidia-superpod-h100-ra]: UFM appliances on reserved compute
    // leaf ports (Table 4: 4 links for 4 SUs) and on the OOB network (Table 8); a primary and a
    // high-availability appliance [ref:nvidia-ufm-um]. The appliance figures are the test's own.
    Catalog catalog = fabricCatalog();
    Appliance ufm;
    ufm.id = "UFM-Test";
    ufm.name = "test fabric manager";
    ufm.role = "fabric-manager";
    ufm.technology = "infiniband";
    ufm.ports = 2;
    ufm.powerW = 500;
    ufm.heightU = 1;
    catalog.appliances.push_back(ufm);
    Project project = projectWith(63, backendPlane()); // two SUs, one DGX out for UFM
    project.planes.front().fabricManagerPorts = 4;
    Project bare = project; // the documented default OOB plane
    bare.planes.clear();
    for (const FabricPlane &p : withDefaults(bare, catalog).planes) {
        if (p.role == PlaneRole::Oob)
            project.planes.push_back(p);
    }
    REQUIRE(project.planes.size() == 2);
    project.planes.back().parallelPlanes = 2; // each OOB copy cables every BMC port once
    const LayoutResult layout = layoutFor(63, LeafPlacement::NetworkRack, 4);
    const FabricResult r = solveFabric(project, catalog, layout);
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const PlaneResult *backend = plane(r, "backend");
    const PlaneResult *oob = plane(r, "oob");
    REQUIRE(backend);
    REQUIRE(oob);
    // 63 x 8 DGX links + 4 UFM links below 16 leaves, 512 leaf-spine links above.
    CHECK(backend->endpoints == 504);
    CHECK(backend->links == 504 + 4 + 512);
    CHECK(backend->reservedPorts == 4);
    CHECK(backend->fabricManagers == 2);
    CHECK(backend->fabricManagerModel == "UFM-Test");
    CHECK(r.fabricManagers == 2);
    // Bisection is what the servers get, not the managers: 504 x 400G / 2.
    CHECK(backend->nonBlockingBisectionTbps == Approx(504 * 0.4 / 2));
    // Placed in network racks, after the switches, each with a BMC port on the OOB plane.
    int managersOnOob = 0;
    std::set<std::string> names; // "<rack>/ufm@U<u>"
    for (const FabricHost &h : backend->topology->hosts) {
        if (h.kind != HostKind::FabricManager)
            continue;
        CHECK(h.rack >= 0);
        CHECK(layout.racks[std::size_t(h.rack)].role == RackRole::Network);
        names.insert(layout.racks[std::size_t(h.rack)].id + "/" + hostName(h));
    }
    CHECK(names.size() == 2);
    for (const FabricHost &h : oob->topology->hosts)
        managersOnOob += h.kind == HostKind::FabricManager;
    CHECK(managersOnOob == 2);
    // 2 x 500 W in the network power, the rack power and a BOM line.
    CHECK(r.fabricManagerPowerW == Approx(1000));
    CHECK(r.networkPowerW == Approx(r.switchPowerW + 1000));
    double racks = 0;
    for (const auto &[rack, w] : r.rackNetworkPowerW)
        racks += w;
    CHECK(racks == Approx(r.networkPowerW));
    const auto line = std::find_if(r.bom.begin(), r.bom.end(),
                                   [](const BomLine &l) { return l.category == "fabric-manager"; });
    REQUIRE(line != r.bom.end());
    CHECK(line->part == "UFM-Test");
    CHECK(line->quantity == 2);
    CHECK(line->unitPowerW == 500);
    // The schedule names them by rack unit, as it names switches.
    // Every OOB copy names the same two appliances the fabric placed.
    const CsvTable t = cableScheduleTable(r);
    int ufmEnds = 0;
    for (const auto &row : t.rows) {
        if (row[6].rfind("ufm@U", 0) != 0)
            continue;
        ++ufmEnds;
        CHECK(names.count(row[4] + "/" + row[6]) == 1);
    }
    CHECK(ufmEnds == 4 + 2 * 2); // 4 fabric links, 2 BMC links on each of 2 OOB copies
}

TEST_CASE("cable schedule: one row per cable of every plane copy, port to port", "[fabric][report]")
{
    FabricPlane twin = backendPlane();
    twin.parallelPlanes = 2;
    twin.endpointsPerServer = 8;
    const Project project = projectWith(32, twin);
    const LayoutResult layout = layoutFor(32, LeafPlacement::NetworkRack, 4);
    const FabricResult r = solveFabric(project, fabricCatalog(), layout);
    REQUIRE(r.planes.size() == 1);
    const PlaneResult &p = r.planes.front();
    const CsvTable t = cableScheduleTable(r);
    REQUIRE(t.header.size() == 15);
    REQUIRE(std::int64_t(t.rows.size()) == 2 * p.links);
    std::set<std::string> ids;
    for (const auto &row : t.rows)
        ids.insert(row[0]);
    CHECK(ids.size() == t.rows.size());
    // The first cable: server 1 of the first compute rack, NIC port 1, to leaf 1, port 1.
    const std::vector<std::string> &first = t.rows.front();
    CHECK(first[0] == "backend.1-000001");
    CHECK(first[3] == "endpoint-leaf");
    CHECK(first[4] == layout.racks[std::size_t(p.topology->hosts.front().rack)].id);
    CHECK(first[6] == "srv1");
    CHECK(first[7] == "1");
    CHECK(first[10] == "backend.1-L0001");
    CHECK(first[11] == "1");
    // Copy 2 sits one switch lower in the same rack.
    const std::vector<std::string> &copy2 = t.rows[std::size_t(p.links)];
    CHECK(copy2[0] == "backend.2-000001");
    CHECK(copy2[8] == first[8]);
    CHECK(std::stoi(copy2[9]) == std::stoi(first[9]) - 1);
    CHECK(first[9] == "42"); // first leaf of the first network rack: copy 1 at the top
    Diagnostics d;
    CHECK(parseCsv(toCsv(t), "cables.csv", d).rows == t.rows);
    CHECK(d.empty());
}

TEST_CASE("JSON and text reports carry the plane figures", "[fabric][report]")
{
    const SiteFixture s = defaultSite();
    const nlohmann::json j = toJson(s.result);
    REQUIRE(j.at("planes").size() == 4);
    const nlohmann::json &b = j.at("planes").at(0);
    CHECK(b.at("name") == "backend");
    CHECK(b.at("tierStats").at(0).at("switches") == s.result.planes[0].tierStats[0].switches);
    CHECK(b.at("copperShareAllLinks").get<double>() ==
          Approx(s.result.planes[0].copperShareAllLinks));
    CHECK(b.at("performance").at("railGroupGpus") == 256);
    CHECK(j.at("networkPowerW").get<double>() == Approx(s.result.networkPowerW));
    CHECK(j.at("rackNetworkPowerW").is_object());
    CHECK(j.at("bom").size() == s.result.bom.size());
    std::ostringstream text;
    writeText(text, s.result);
    CHECK_THAT(text.str(), Catch::Contains("Plane backend") && Catch::Contains("copper"));
}

TEST_CASE("option validation names the field", "[fabric][bad-input]")
{
    FabricOptions options;
    options.maxTiers = 0;
    options.cabling.trayFillLimit = 1.5;
    options.cabling.jumperStockLengthsM = {3, 1};
    const Diagnostics d = options.validate();
    std::set<std::string> paths;
    for (const Diagnostic &item : d.items())
        paths.insert(item.jsonPath);
    CHECK(paths == std::set<std::string>{"maxTiers", "cabling/trayFillLimit",
                                         "cabling/jumperStockLengthsM"});
    const FabricResult r = solveFabric(projectWith(4, backendPlane()), fabricCatalog(),
                                       layoutFor(4, LeafPlacement::NetworkRack, 1), options);
    CHECK(r.diagnostics.hasErrors());
    CHECK(r.planes.empty());
    CHECK(FabricOptions{}.validate().empty());
}

// Issue 18, item 3: the text cable schedule is written in two passes (measure every row, then
// write each line) so that no table of millions of rows is held; the layout is the one the
// whole-table writer produces.
TEST_CASE("a table laid out row by row is the whole table's text", "[fabric][report]")
{
    const std::vector<std::string> header = {"id", "count"};
    const std::vector<std::vector<std::string>> rows = {{"a", "1"}, {"long-name", "1,234"}, {"b"}};
    TextTableLayout layout(header);
    TextTable table(header);
    for (const auto &row : rows) {
        layout.measure(row);
        table.addRow(row);
    }
    std::string streamed = layout.headerLines();
    for (const auto &row : rows)
        streamed += layout.line(row);
    std::ostringstream whole;
    table.write(whole);
    // Two-space indent, first column left-aligned, the others right-aligned, no trailing blanks.
    const std::string expected = "  id         count\n"
                                 "  ---------  -----\n"
                                 "  a              1\n"
                                 "  long-name  1,234\n"
                                 "  b\n";
    CHECK(streamed == expected);
    CHECK(whole.str() == expected);
}

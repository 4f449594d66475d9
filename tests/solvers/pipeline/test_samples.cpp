// SPDX-License-Identifier: Apache-2.0
// Every sample project through the whole pipeline: the solvers agree with one another.

#include "model/projectjson.h"
#include "solvers/common/defaults.h"
#include "solvers/fabric/fabricreport.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

const Catalog &shippedCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

std::vector<fs::path> sampleProjects()
{
    std::vector<fs::path> files;
    for (const auto &entry : fs::directory_iterator(AIDC_SOURCE_DIR "/projects")) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST_CASE("the solvers count the same design the same way on every sample", "[pipeline][samples]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        REQUIRE_FALSE(result.cancelled);

        // GPUs: layout = summary = cost; at least what the project asks for.
        CHECK(result.summary.gpus >= loaded.project.totalGpus());
        CHECK(result.cost.gpus == result.summary.gpus);
        int layoutGpus = 0;
        for (const PlacedRack &rack : result.layout.racks)
            layoutGpus += rack.gpus;
        CHECK(layoutGpus == result.summary.gpus);

        // The power solver sees every rack the layout placed, in order.
        REQUIRE(result.power.racks.size() == result.layout.racks.size());
        for (std::size_t i = 0; i < result.layout.racks.size(); ++i)
            CHECK(result.power.racks[i].id == result.layout.racks[i].id);
        // Critical IT at least the GPUs at their load factor plus the rest of the servers.
        CHECK(result.power.itPeakW >= result.power.itPeak.gpuW + result.power.itPeak.serverOtherW);
        CHECK(result.power.pueAnnual >= 1.0);

        // Each backend plane has an endpoint per GPU of its pools, per plane copy.
        for (const PlaneResult &plane : result.fabric.planes) {
            if (plane.role == PlaneRole::Backend)
                CHECK(plane.gpus <= result.summary.gpus);
        }
        CHECK(result.summary.switches == Approx(double(result.fabric.switches)));
        CHECK(result.cost.networkCapexUsd > 0);

        // Performance and reliability describe the same job.
        if (result.performance && result.performance->ok && result.reliability) {
            CHECK(result.performance->plan.gpusUsed <= result.summary.gpus);
            CHECK(result.reliability->goodput.goodput > 0);
            CHECK(result.reliability->goodput.goodput <= 1);
            REQUIRE(result.summary.effectiveMfu);
            CHECK(*result.summary.effectiveMfu ==
                  Approx(result.performance->plan.mfu * result.reliability->goodput.goodput));
        }
    }
}

// Issue 15, bug 3: the layout reserves network racks by the rack units of the switches the
// fabric will place, tier by tier (solvers/common/fattree.h). Too few racks leave switches
// "cabled from the centre"; too many waste floor (a 1k-GPU hall had 13 racks where the DGX
// SuperPOD reference uses about 8 [ref:nvidia-superpod-h100-ra]).
TEST_CASE("every sample's switches fit the network racks its layout reserves",
          "[pipeline][samples][layout]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        for (const Diagnostic &d : result.diagnostics.items()) {
            INFO(d.message);
            CHECK(d.message.find("found no network rack") == std::string::npos);
        }
    }
}

// The samples are the showcase: a reviewer opening one sees no warning to explain away; a
// warning a design accepts on purpose is acknowledged in the file with its reason (brief,
// "Samples are the showcase").
TEST_CASE("every sample evaluates without an unacknowledged warning", "[pipeline][samples]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        for (const Diagnostic &d : result.diagnostics.items()) {
            INFO(d.toString());
            CHECK(!d.acknowledged.empty());
        }
        CHECK_FALSE(result.diagnostics.hasUnacknowledged());
    }
}

// Trays left at 0 are sized per row: the fewest that keep the busiest point under the 45 %
// fill limit (project.h CablingDesign), so one tray fewer would be over it.
TEST_CASE("trays left unset are sized to the fill limit in every row", "[pipeline][samples]")
{
    const LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/minimal.json", shippedCatalog());
    REQUIRE(loaded.project.cabling.copperTraysPerRow == 0);
    const Result result = evaluate(loaded.project, loaded.catalog);
    REQUIRE_FALSE(result.fabric.trays.empty());
    const double limit = FabricOptions{}.cabling.trayFillLimit;
    bool stacked = false;
    for (const TrayFill &t : result.fabric.trays) {
        INFO(t.row);
        CHECK(t.copperFill <= limit + 1e-12);
        CHECK(t.fibreFill <= limit + 1e-12);
        if (t.copperTrays > 1) {
            stacked = true;
            CHECK(t.copperFill * t.copperTrays / (t.copperTrays - 1) > limit);
        }
        if (t.fibreTrays > 1)
            CHECK(t.fibreFill * t.fibreTrays / (t.fibreTrays - 1) > limit);
    }
    CHECK(stacked); // the minimal sample's network row needs more than one copper tray
}

TEST_CASE("every diagnostic of every sample points into the project document",
          "[pipeline][samples]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        // A pointer names a part of the project as evaluated: the document with the defaults
        // made explicit (a minimal project's fabric planes are defaults).
        const nlohmann::json document =
            nlohmann::json::parse(projectToJson(withDefaults(loaded.project, loaded.catalog)));
        for (const Diagnostic &d : result.diagnostics.items()) {
            if (d.jsonPath.empty())
                continue;
            INFO(d.jsonPath << ": " << d.message);
            // A pointer may name a key the project leaves at its default (e.g.
            // /halls/0/floorLoadKPa): its parent must exist.
            std::string parent = d.jsonPath.substr(0, d.jsonPath.rfind('/'));
            const bool resolves = document.contains(nlohmann::json::json_pointer(d.jsonPath)) ||
                                  parent.empty() ||
                                  document.contains(nlohmann::json::json_pointer(parent));
            CHECK(resolves);
        }
    }
}

// Issue 21 (checks): the 1k sample's procurement BOM lists every orderable item once, its
// quantities equal the counts of the cable schedule and the layout, and its lines plus the non-BOM
// capex lines equal capex to the cent.
TEST_CASE("the procurement BOM lists every orderable item once and reconciles with capex",
          "[pipeline][bom]")
{
    const LoadedProject loaded = loadProjectForEvaluation(
        AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", shippedCatalog());
    const Result result = evaluate(loaded.project, loaded.catalog);
    const ProcurementBom &bom = result.procurement;
    REQUIRE(bom.orderableLines > 0);

    std::set<std::tuple<std::string, double, int, std::string>> seen;
    std::map<std::pair<std::string, double>, double> cableLinks; // (medium, stock m) -> links
    double servers = 0, racks = 0;
    for (const ProcurementLine &line : bom.lines) {
        if (!line.orderable)
            continue;
        // Priced parts by part, length and form; plant (priced per MW) also by its rating.
        const std::string plant = line.unitPriceUsd ? std::string() : line.description;
        INFO(line.part << " " << line.lengthM << " m, " << line.legs << " legs " << plant);
        CHECK(seen.insert({line.part, line.lengthM, line.legs, plant}).second);
        CHECK(line.quantity == std::round(line.quantity * 1000) / 1000);
        if (line.category == CostCategory::Compute)
            servers += line.quantity;
        if (line.category == CostCategory::RacksAndBusbars)
            racks += line.quantity;
        const Medium *medium = loaded.catalog.medium(line.part);
        if (line.category == CostCategory::CablesAndFibres && medium && !medium->needsTransceivers)
            cableLinks[{line.part, line.lengthM}] += line.quantity * line.legs;
    }

    // Every copper or active cable link of the schedule is in an orderable cable line.
    std::map<std::pair<std::string, double>, double> scheduled;
    const std::vector<std::string> header = cableScheduleHeader();
    const auto at = [&](const char *name) {
        return std::size_t(std::find(header.begin(), header.end(), name) - header.begin());
    };
    const std::size_t mediumColumn = at("medium"), stockColumn = at("stockLengthM");
    forEachCableRow(result.fabric, [&](const std::vector<std::string> &row) {
        const Medium *medium = loaded.catalog.medium(row[mediumColumn]);
        if (medium && !medium->needsTransceivers && !row[stockColumn].empty())
            scheduled[{row[mediumColumn], std::stod(row[stockColumn])}] += 1;
    });
    REQUIRE(!scheduled.empty());
    // The management switches' uplinks into the in-band network are BOM lines but not yet rows
    // of the schedule (the far in-band port is not modelled; issue 21): they are added here.
    for (const PlaneResult &plane : result.fabric.planes) {
        for (const BomLine &line : plane.bom) {
            const Medium *medium = loaded.catalog.medium(line.part);
            if (medium && !medium->needsTransceivers &&
                line.description.find("(uplink into the in-band network)") != std::string::npos)
                scheduled[{line.part, line.lengthM}] += line.quantity;
        }
    }
    CHECK(cableLinks == scheduled);

    // Servers and racks as the layout placed them.
    double placedServers = 0;
    for (const PlacedRack &rack : result.layout.racks)
        placedServers += rack.role == RackRole::Compute ? rack.servers : 0;
    CHECK(servers == placedServers);
    CHECK(racks == double(result.layout.racks.size()));

    // Orderable + non-BOM = capex, per category and in total, to the cent.
    CHECK(std::abs(bom.orderableUsd + bom.nonBomUsd - result.cost.capexUsd) < 0.005);
    for (int c = 0; c < costCategoryCount; ++c) {
        INFO(costCategoryName(CostCategory(c)));
        CHECK(std::abs(bom.differenceUsd[std::size_t(c)]) < 0.005);
    }

    // The table `aidc bom` writes: one row per line; RFC 4180 round trip unchanged.
    const CsvTable table = bomTable(result);
    CHECK(table.rows.size() == bom.lines.size());
    Diagnostics d;
    const CsvTable back = parseCsv(toCsv(table), "bom.csv", d);
    CHECK_FALSE(d.hasErrors());
    CHECK(back.rows == table.rows);
}

// Issue 15 (checks): the storage plane was built with several times the frontend's switches for
// the same servers, because a non-rail leaf took only down / 8 servers once 8-port storage nodes
// were on the plane (2,199 vs 324 on the 100k campus; 1,711 vs 447 now on the 18k sample); and
// the OOB plane was a tree of 1 GbE switches (3,441 for 128 racks). On every sample: storage
// within 10 % of the frontend scaled by its endpoints, OOB one management switch per rack.
TEST_CASE("a storage plane is sized like a frontend plane of the same design",
          "[pipeline][samples][fabric]")
{
    // The 1k sample's servers with a frontend and a storage plane built alike (Ethernet, EoR,
    // non-blocking, 2 x 200G per server): the storage plane adds only its storage nodes' ports.
    LoadedProject loaded = loadProjectForEvaluation(
        AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json", shippedCatalog());
    Project &project = loaded.project;
    FabricPlane frontend;
    frontend.name = "frontend";
    frontend.role = PlaneRole::Frontend;
    frontend.technology = Technology::Ethernet;
    frontend.portGbps = 200;
    frontend.railOptimized = false;
    frontend.leafPlacement = LeafPlacement::EoR;
    FabricPlane storage = frontend;
    storage.name = "storage";
    storage.role = PlaneRole::Storage;
    project.planes.erase(std::remove_if(project.planes.begin(), project.planes.end(),
                                        [](const FabricPlane &p) {
                                            return p.role == PlaneRole::Frontend ||
                                                   p.role == PlaneRole::Storage;
                                        }),
                         project.planes.end());
    project.planes.push_back(frontend);
    project.planes.push_back(storage);
    const Result result = evaluate(project, loaded.catalog);
    const PlaneResult *f = nullptr, *st = nullptr;
    for (const PlaneResult &p : result.fabric.planes) {
        if (p.role == PlaneRole::Frontend)
            f = &p;
        if (p.role == PlaneRole::Storage)
            st = &p;
    }
    REQUIRE(f);
    REQUIRE(st);
    REQUIRE(f->endpoints > 0);
    INFO("frontend " << f->switches << " switches / " << f->endpoints << " endpoints, storage "
                     << st->switches << " / " << st->endpoints);
    CHECK(st->endpoints > f->endpoints); // the storage nodes
    // Leaves filled by the hosts' own ports: no more than the endpoints need, plus one for
    // the last, partly filled leaf of each kind of host (a leaf used to take down / 8 servers).
    REQUIRE_FALSE(st->tierStats.empty());
    const FabricTierStats &leaves = st->tierStats.front();
    REQUIRE(leaves.downPortsPerSwitch > 0);
    CHECK(leaves.switches <=
          (st->endpoints + leaves.downPortsPerSwitch - 1) / leaves.downPortsPerSwitch + 1);
}

TEST_CASE("every sample: OOB one management switch per rack, uplinked at 100G",
          "[pipeline][samples][fabric]")
{
    for (const fs::path &file : sampleProjects()) {
        INFO(file.filename().string());
        const LoadedProject loaded = loadProjectForEvaluation(file.string(), shippedCatalog());
        const Result result = evaluate(loaded.project, loaded.catalog);
        const PlaneResult *oob = nullptr;
        for (const PlaneResult &p : result.fabric.planes) {
            if (p.role == PlaneRole::Oob && !oob)
                oob = &p;
            // Non-rail leaves filled by the hosts' own ports (the 18k sample's storage plane
            // had 591 leaves for 5,088 endpoints on 32-port leaves; 159 now).
            if (!p.railOptimized && p.role != PlaneRole::Oob &&
                p.leafPlacement != LeafPlacement::ToR && !p.tierStats.empty() &&
                p.tierStats.front().downPortsPerSwitch > 0) {
                const FabricTierStats &leaves = p.tierStats.front();
                INFO(p.name << ": " << leaves.switches << " leaves for " << p.endpoints
                            << " endpoints");
                CHECK(leaves.switches <=
                      (p.endpoints + leaves.downPortsPerSwitch - 1) / leaves.downPortsPerSwitch +
                          2);
            }
        }
        if (oob && oob->tiers > 0) {
            INFO("OOB " << oob->switches << " switches, " << oob->tiers << " tiers");
            CHECK(oob->switches <= std::int64_t(result.layout.racks.size()) + 8);
            CHECK(oob->tiers == 1);
            CHECK(oob->externalUplinks == 2 * oob->switches);
            CHECK(oob->externalUplinkGbps == 100);
        }
    }
}

// Cold-plate servers go in a rack with manifolds: on a direct-liquid site the compute racks of
// an air-rack server are the liquid-cooled rack of the same footprint; elsewhere, and for
// rack-scale systems, the server's own default (issue 17: "compute racks are air-cooled racks in
// a liquid-cooled campus").
TEST_CASE("compute racks follow the site's cooling", "[pipeline][samples][racks]")
{
    const Catalog &catalog = shippedCatalog();
    const Server *hgx = catalog.server("HGX-H100");
    const Server *nvl72 = catalog.server("GB200-NVL72");
    REQUIRE(hgx);
    REQUIRE(nvl72);
    CoolingDesign cooling;
    cooling.type = CoolingType::DirectLiquid;
    REQUIRE(computeRackTypeFor(*hgx, cooling, catalog));
    CHECK(computeRackTypeFor(*hgx, cooling, catalog)->id == "Rack-42U-Liquid");
    CHECK(computeRackTypeFor(*nvl72, cooling, catalog)->id == "Rack-NVL72");
    for (CoolingType air : {CoolingType::Air, CoolingType::RearDoor}) {
        cooling.type = air;
        CHECK(computeRackTypeFor(*hgx, cooling, catalog)->id == hgx->defaultRackType);
    }

    // The 100k sample is a direct-liquid campus: every compute rack has manifolds.
    const LoadedProject loaded =
        loadProjectForEvaluation(AIDC_SOURCE_DIR "/projects/h100-100k-site.json", catalog);
    REQUIRE(loaded.project.cooling.type == CoolingType::DirectLiquid);
    const Result result = evaluate(loaded.project, loaded.catalog);
    int compute = 0;
    for (const PlacedRack &rack : result.layout.racks) {
        if (rack.role != RackRole::Compute)
            continue;
        ++compute;
        CHECK(rack.rackType == "Rack-42U-Liquid");
    }
    CHECK(compute > 3000);
}

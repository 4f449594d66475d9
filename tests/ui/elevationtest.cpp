// SPDX-License-Identifier: Apache-2.0
// Rack elevations from the fabric solver's placed switches (FabricResult::rackSwitchRuns), the
// layout's reserved slots as the fallback, and overflow notes.

#include "uitestutil.h"

#include "solvers/common/defaults.h"
#include "ui/evaluator.h"
#include "ui/rackelevation.h"

#include <catch2/catch.hpp>

#include <string>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

struct Counts
{
    std::int64_t switches = 0;  // switch items
    int leaves = 0, spines = 0; // items labelled "<plane> leaf" / "<plane> spine"
};

Counts countSwitches(const RackElevation &e, const std::string &plane)
{
    Counts c;
    for (const ElevationItem &item : e.items) {
        if (item.kind != ElevationItem::Kind::Switch)
            continue;
        ++c.switches;
        if (item.label.rfind(plane + " leaf", 0) == 0)
            ++c.leaves;
        if (item.label.rfind(plane + " spine", 0) == 0)
            ++c.spines;
    }
    return c;
}

// Items inside [1, heightU], bottom to top, none overlapping.
bool wellStacked(const RackElevation &e)
{
    int nextFree = 1;
    for (const ElevationItem &item : e.items) {
        if (item.heightU < 1 || item.firstU < nextFree)
            return false;
        nextFree = item.firstU + item.heightU;
    }
    return nextFree - 1 <= e.heightU;
}

bool hasNote(const RackElevation &e, const std::string &text)
{
    for (const std::string &note : e.notes) {
        if (note.find(text) != std::string::npos)
            return true;
    }
    return false;
}

// A sample evaluated in a window, with what rackElevation() takes from it.
struct EvaluatedSample
{
    TestWindow t;
    std::shared_ptr<const Evaluation> evaluation;
    Project project; // defaults applied, as the window passes it

    const LayoutResult &layout() const { return evaluation->result.layout; }
    const FabricResult &fabric() const { return evaluation->result.fabric; }
    const Catalog *catalog() const { return evaluation->catalog.get(); }
};

EvaluatedSample evaluatedSample(const QString &relative)
{
    EvaluatedSample s{openWindow(relative), nullptr, {}};
    s.evaluation = s.t.window->evaluation();
    REQUIRE(s.evaluation);
    REQUIRE_FALSE(s.evaluation->failed);
    REQUIRE(s.evaluation->catalog);
    s.project = withDefaults(s.evaluation->project, *s.evaluation->catalog);
    return s;
}

} // namespace

TEST_CASE("rack elevations show the switches the fabric placed, every one once",
          "[gui][elevation][fabric]")
{
    const EvaluatedSample s = evaluatedSample("projects/h100-1k-infiniband.json");
    const LayoutResult &layout = s.layout();
    const Catalog *catalog = s.catalog();
    const Project &project = s.project;
    const FabricResult &fabric = s.fabric();
    REQUIRE(fabric.switches > 0);
    REQUIRE(fabric.placedSwitches + fabric.unplacedSwitches == fabric.switches);

    std::int64_t items = 0;
    int leaves = 0, spines = 0, networkRacks = 0;
    for (const PlacedRack &rack : layout.racks) {
        const RackElevation e = rackElevation(rack, project, layout, catalog, &fabric);
        CHECK(e.fromFabric);
        CHECK(wellStacked(e)); // every role: inside the rack, nothing overlapping
        const Counts c = countSwitches(e, "compute");
        items += c.switches;
        leaves += c.leaves;
        spines += c.spines;
        if (rack.role == RackRole::Network) {
            ++networkRacks;
            INFO("rack " << rack.id);
            CHECK(wellStacked(e));
            CHECK_FALSE(hasNote(e, "do not fit"));
            // The 4 patch panels as before; no reserved-slot estimate any more.
            CHECK_FALSE(hasNote(e, "reserved by the layout"));
        }
    }
    REQUIRE(networkRacks > 0);
    // Every placed switch of every plane (backend, frontend, storage, OOB) is one item, and
    // in this project every placed one fits.
    CHECK(items == fabric.placedSwitches);
    // Those with no rack are the ones the fabric's warnings count ("6 spine/core switch(es)
    // found no network rack ..."; every plane here has one copy).
    std::int64_t warned = 0;
    for (const Diagnostic &d : fabric.diagnostics.items()) {
        const std::size_t at = d.message.find(": ");
        if (d.message.find("found no network rack") != std::string::npos && at != std::string::npos)
            warned += std::stoll(d.message.substr(at + 2));
    }
    CHECK(fabric.unplacedSwitches == warned);
    // The backend plane: 127 DGX H100 x 8 rails = 1,016 endpoints; 64-port QM9700 at 1:1 ->
    // 32 down ports per leaf = 32 leaves, 32 x 32 uplinks / 64 ports = 16 spines, as in
    // NVIDIA's 4-SU DGX SuperPOD H100 reference architecture [V] [ref:nvidia-superpod-h100-ra].
    CHECK(leaves == 32);
    CHECK(spines == 16);
}

TEST_CASE("a compute rack shows its servers and the fabric's switches in its own rack",
          "[gui][elevation][fabric]")
{
    const EvaluatedSample s = evaluatedSample("projects/h100-1k-infiniband.json");
    const LayoutResult &layout = s.layout();
    const Catalog *catalog = s.catalog();
    const Project &project = s.project;
    const FabricResult &fabric = s.fabric();
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        const PlacedRack &rack = layout.racks[i];
        if (rack.role != RackRole::Compute)
            continue;
        const RackElevation e = rackElevation(rack, project, layout, catalog, &fabric);
        INFO("rack " << rack.id);
        CHECK(wellStacked(e));
        int servers = 0;
        std::int64_t switches = 0;
        for (const ElevationItem &item : e.items) {
            servers += item.kind == ElevationItem::Kind::Server ? 1 : 0;
            switches += item.kind == ElevationItem::Kind::Switch ? 1 : 0;
        }
        CHECK(servers == rack.servers);
        std::int64_t placed = 0;
        for (const RackSwitchRun &run : fabric.switchesInRack(i))
            placed += run.count;
        CHECK(switches == placed);
        // The backend's leaves sit in network racks in this project.
        for (const ElevationItem &item : e.items)
            CHECK(item.label.rfind("compute leaf", 0) == std::string::npos);
    }
}

TEST_CASE("without a matching fabric result the layout's reserved slots are drawn",
          "[gui][elevation][fabric]")
{
    const EvaluatedSample s = evaluatedSample("projects/h100-1k-infiniband.json");
    const LayoutResult &layout = s.layout();
    const Catalog *catalog = s.catalog();
    const Project &project = s.project;
    const PlacedRack *network = nullptr;
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role == RackRole::Network && !network)
            network = &rack;
    }
    REQUIRE(network);

    const RackElevation old = rackElevation(*network, project, layout, catalog, nullptr);
    CHECK_FALSE(old.fromFabric);
    CHECK(hasNote(old, "reserved by the layout"));

    // A fabric result of another layout (its racks differ) is not used.
    FabricResult stale = s.fabric();
    stale.rackIds.pop_back();
    const RackElevation e = rackElevation(*network, project, layout, catalog, &stale);
    CHECK_FALSE(e.fromFabric);
    CHECK(hasNote(e, "reserved by the layout"));
}

TEST_CASE("switches past the rack's height become a note naming plane, tiers and model",
          "[gui][elevation][fabric]")
{
    const EvaluatedSample s = evaluatedSample("projects/h100-1k-infiniband.json");
    const LayoutResult &layout = s.layout();
    const Catalog *catalog = s.catalog();
    const Project &project = s.project;
    FabricResult fabric = s.fabric();
    std::size_t index = layout.racks.size();
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        if (layout.racks[i].role == RackRole::Network && !fabric.switchesInRack(i).empty()) {
            index = i;
            break;
        }
    }
    REQUIRE(index < layout.racks.size());
    // 60 more switches in the first run than a 42U (or 48U) rack can hold.
    RackSwitchRun &run = fabric.rackSwitchRuns[std::size_t(fabric.rackSwitchRunFirst[index])];
    run.count += 60;
    const PlaneResult &plane = fabric.planes[run.plane];
    const RackElevation e = rackElevation(layout.racks[index], project, layout, catalog, &fabric);
    CHECK(e.fromFabric);
    CHECK(wellStacked(e));
    const std::string expected = "of plane '" + plane.name + "' do not fit";
    REQUIRE(hasNote(e, expected));
    CHECK(hasNote(e, plane.switchModel));
    // What is drawn plus what the note counts is every switch of the rack.
    std::int64_t inRack = 0;
    for (const RackSwitchRun &r : fabric.switchesInRack(index))
        inRack += r.count;
    std::int64_t drawn = 0;
    for (const ElevationItem &item : e.items)
        drawn += item.kind == ElevationItem::Kind::Switch ? 1 : 0;
    std::int64_t noted = 0;
    for (const std::string &note : e.notes) {
        if (note.find("do not fit in the rack's height:") != std::string::npos &&
            note.find("switch(es)") != std::string::npos)
            noted += std::stoll(note);
    }
    CHECK(drawn + noted == inRack);
    CHECK(drawn > 0);
}

TEST_CASE("a rack-scale system fills its frame: no extra power shelves, nothing left over",
          "[gui][elevation]")
{
    // GB200 NVL72: one 48U frame holds 18 compute trays, 9 NVLink switch trays and its own
    // power shelves [ref:nvidia-bcm-gb200]; the sample runs it on 48 V busbar.
    const EvaluatedSample s = evaluatedSample("projects/gb200-nvl72-hall.json");
    const LayoutResult &layout = s.layout();
    int computeRacks = 0;
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role != RackRole::Compute)
            continue;
        ++computeRacks;
        const RackElevation e = rackElevation(rack, s.project, layout, s.catalog(), &s.fabric());
        INFO("rack " << rack.id);
        REQUIRE(e.items.size() == 1);
        CHECK(e.items[0].kind == ElevationItem::Kind::Server);
        CHECK(e.items[0].firstU == 1);
        CHECK(e.items[0].heightU == 48);
        CHECK(e.notes.empty());
    }
    CHECK(computeRacks == 128);
}

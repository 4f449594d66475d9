// SPDX-License-Identifier: Apache-2.0
// model/projectedit: the Qt-free mutators behind every GUI edit. An edit is validated by the
// project loader itself, so a refusal carries the loader's pointer and message, and every
// successful edit returns an inverse that restores the project exactly (Project::operator==).

#include "model/projectedit.h"
#include "model/projectjson.h"

#include <catch2/catch.hpp>

#include <QString>

using namespace aidc;

namespace {

Project sample()
{
    return loadProjectFile(AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json");
}

// Three rows of two racks in hall 0, all pinned (as pinLayout would write them).
Project withRows()
{
    Project p = sample();
    for (int r = 0; r < 3; ++r) {
        Row row;
        row.id = QStringLiteral("R%1").arg(r + 1).toStdString();
        row.xM = 3;
        row.yM = 3 + 3.6 * r;
        for (int s = 0; s < 2; ++s)
            row.racks.push_back(
                {row.id + "-" + std::to_string(s + 1), RackRole::Compute, "", "dgx-h100", 4});
        p.halls[0].rows.push_back(row);
    }
    return p;
}

void requireRoundTrip(const Project &before, const ProjectEdit &edit)
{
    Project p = before;
    EditOutcome outcome = applyEdit(p, edit);
    REQUIRE(outcome.ok);
    EditOutcome undo = applyEdit(p, outcome.inverse);
    REQUIRE(undo.ok);
    CHECK(p == before);
}

} // namespace

TEST_CASE("a field edit changes exactly that field and its inverse restores it", "[projectedit]")
{
    const Project before = sample();
    Project p = before;
    EditOutcome outcome = applyEdit(p, setField("/halls/0/widthM", 30, "Set width"));
    REQUIRE(outcome.ok);
    CHECK(p.halls[0].widthM == 30);
    Project expected = before;
    expected.halls[0].widthM = 30;
    CHECK(p == expected);
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);
}

TEST_CASE("values outside the documented range are refused with the loader's message",
          "[projectedit]")
{
    const Project before = sample();
    Project p = before;
    // docs/project-format.md: halls[].widthM > 0, <= 5000.
    EditOutcome outcome = applyEdit(p, setField("/halls/0/widthM", -5, "Set width"));
    CHECK_FALSE(outcome.ok);
    CHECK(p == before);
    REQUIRE_FALSE(outcome.diagnostics.items().empty());
    const Diagnostic &d = outcome.diagnostics.items().front();
    CHECK(d.jsonPath == "/halls/0/widthM");
    CHECK_THAT(d.message, Catch::Contains("out of range"));

    // Wrong type: the loader's type message, not a GUI invention.
    outcome = applyEdit(p, setField("/compute/pools/0/gpuCount", "many", "Set GPUs"));
    CHECK_FALSE(outcome.ok);
    CHECK(outcome.diagnostics.items().front().jsonPath == "/compute/pools/0/gpuCount");
    CHECK_THAT(outcome.diagnostics.items().front().message, Catch::Contains("whole number"));

    // A broken reference is refused too (the pool names a hall that does not exist).
    outcome = applyEdit(p, setField("/compute/pools/0/hall", "H9", "Set hall"));
    CHECK_FALSE(outcome.ok);
    CHECK_THAT(outcome.diagnostics.toString(), Catch::Contains("unknown hall 'H9'"));
    CHECK(p == before);
}

TEST_CASE("editing a pool's GPU or a plane's role keeps their names", "[projectedit]")
{
    Project p = sample();
    REQUIRE(applyEdit(p, setField("/network/planes/1/role", "storage", "Set role")).ok);
    CHECK(p.planes[1].name == "in-band");
    CHECK(p.planes[1].role == PlaneRole::Storage);
}

TEST_CASE("unsetting an optional field restores its default and the inverse sets it again",
          "[projectedit]")
{
    const Project before = sample();
    REQUIRE(before.halls[0].powerCapacityMW);
    Project p = before;
    EditOutcome outcome = applyEdit(p, unsetField("/halls/0/powerCapacityMW", "Unset"));
    REQUIRE(outcome.ok);
    CHECK_FALSE(p.halls[0].powerCapacityMW);
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);
}

TEST_CASE("edits that create missing parents undo to the original state", "[projectedit]")
{
    // parallelism is "auto" (absent from the document): setting tp creates the object and fixes
    // TP for the search; the inverse must remove the object, not leave {} behind.
    const Project before = sample();
    REQUIRE_FALSE(before.workload->parallelism.fixesAnything());
    requireRoundTrip(before, setField("/workload/parallelism/tp", 8, "Set TP"));
    Project p = before;
    REQUIRE(applyEdit(p, setField("/workload/parallelism/tp", 8, "Set TP")).ok);
    CHECK(p.workload->parallelism.fixesAnything());
    CHECK(p.workload->parallelism.tp == 8);
    // A value equal to the default nested in absent objects.
    requireRoundTrip(before, setField("/power/ups/modules", 4, "Set modules"));
    requireRoundTrip(before, setField("/reliability/spareNodes", 12, "Set spares"));
}

TEST_CASE("structural edits: insert, delete and move rows and racks, each undoable",
          "[projectedit]")
{
    const Project before = withRows();
    requireRoundTrip(before, insertRow(0, 1, "R9", 3, 20));
    requireRoundTrip(before, deleteRow(0, 2));
    requireRoundTrip(before, moveRow(0, 0, 4.5, 6));
    requireRoundTrip(before, moveRack(0, 0, 0, 0, 2, 1));

    Project p = before;
    REQUIRE(applyEdit(p, moveRack(0, 0, 1, 0, 2, 0)).ok);
    CHECK(p.halls[0].rows[0].racks.size() == 1);
    REQUIRE(p.halls[0].rows[2].racks.size() == 3);
    CHECK(p.halls[0].rows[2].racks[0].id == "R1-2");

    p = before;
    REQUIRE(applyEdit(p, insertRow(0, 3, "R4", 3, 14)).ok);
    REQUIRE(p.halls[0].rows.size() == 4);
    CHECK(p.halls[0].rows[3].id == "R4");
    CHECK(p.halls[0].rows[3].racks.empty());

    // A row origin outside the hall (24 m wide) is refused by the loader's rule.
    p = before;
    EditOutcome outcome = applyEdit(p, moveRow(0, 0, 30, 3));
    CHECK_FALSE(outcome.ok);
    CHECK(outcome.diagnostics.items().front().jsonPath == "/halls/0/rows/0/xM");
    CHECK(p == before);

    // A pointer into nothing is refused with the pointer named.
    outcome = applyEdit(p, deleteRow(0, 7));
    CHECK_FALSE(outcome.ok);
    CHECK_THAT(outcome.diagnostics.toString(), Catch::Contains("/halls/0/rows/7"));
}

TEST_CASE("replaceHalls writes a pinned layout and undoes to the unpinned project", "[projectedit]")
{
    const Project before = sample();
    const Project pinned = withRows();
    Project p = before;
    EditOutcome outcome = applyEdit(p, replaceHalls(pinned, "Pin"));
    REQUIRE(outcome.ok);
    CHECK(p.halls == pinned.halls);
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);
}

TEST_CASE("moveRows moves several rows in one edit and undoes them together", "[projectedit]")
{
    const Project before = withRows();
    Project p = before;
    const EditOutcome outcome = applyEdit(p, moveRows(0, {{0, 4.0, 3.0}, {2, 4.0, 10.2}}));
    REQUIRE(outcome.ok);
    CHECK(p.halls[0].rows[0].xM == 4.0);
    CHECK(p.halls[0].rows[2].yM == 10.2);
    CHECK(p.halls[0].rows[1] == before.halls[0].rows[1]);
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);
}

TEST_CASE("uniquePartName keeps a free name and numbers a taken one", "[projectedit]")
{
    CHECK(uniquePartName({"a", "b"}, "c") == "c");
    CHECK(uniquePartName({"a", "a-2"}, "a") == "a-3");
    CHECK(uniquePartName({}, "") == "new-2");
}

TEST_CASE("adding and deleting a hall, a pool and a plane round-trips", "[projectedit]")
{
    const Project before = sample();

    Hall hall;
    hall.id = "H1"; // taken: becomes H1-2
    hall.widthM = 40;
    hall.lengthM = 30;
    Project p = before;
    REQUIRE(applyEdit(p, addHall(p, {}, hall)).ok);
    REQUIRE(p.halls.size() == 2);
    CHECK(p.halls[1].id == "H1-2");
    CHECK(p.halls[1].widthM == 40);
    requireRoundTrip(before, addHall(before, {}, hall));

    ComputePool pool = before.pools[0]; // a duplicate of the sample's only pool
    p = before;
    REQUIRE(applyEdit(p, addPool(p, pool)).ok);
    REQUIRE(p.pools.size() == 2);
    CHECK(p.pools[1].name == "dgx-h100-2");
    CHECK(p.pools[1].gpuCount == 1016);
    requireRoundTrip(before, addPool(before, pool));

    FabricPlane plane;
    plane.name = "compute";
    plane.role = PlaneRole::Backend;
    p = before;
    REQUIRE(applyEdit(p, addPlane(p, {}, plane)).ok);
    REQUIRE(p.planes.size() == before.planes.size() + 1);
    CHECK(p.planes.back().name == "compute-2");
    requireRoundTrip(before, addPlane(before, {}, plane));

    p = before;
    REQUIRE(applyEdit(p, removePlane(p, {}, 1)).ok);
    REQUIRE(p.planes.size() == before.planes.size() - 1);
    CHECK(p.planes[1].name == before.planes[2].name);
    requireRoundTrip(before, removePlane(before, {}, 1));
}

TEST_CASE("a project without halls or planes first writes the ones in use", "[projectedit]")
{
    Project before = sample();
    before.halls.clear();
    before.pools[0].hall.clear();
    const std::vector<FabricPlane> planesInUse = sample().planes;
    before.planes.clear();

    // The layout's hall, as the GUI passes it: without rows.
    Hall autoHall;
    autoHall.id = "H1";
    autoHall.name = "Hall 1";
    autoHall.widthM = 30;
    autoHall.lengthM = 20;
    Hall added = autoHall;
    Project p = before;
    REQUIRE(applyEdit(p, addHall(p, {autoHall}, added)).ok);
    REQUIRE(p.halls.size() == 2);
    CHECK(p.halls[0].id == "H1");
    CHECK(p.halls[1].id == "H1-2");
    requireRoundTrip(before, addHall(before, {autoHall}, added));

    p = before;
    FabricPlane extra;
    extra.name = "second-backend";
    REQUIRE(applyEdit(p, addPlane(p, planesInUse, extra)).ok);
    REQUIRE(p.planes.size() == planesInUse.size() + 1);
    CHECK(p.planes[0].name == planesInUse[0].name);
    CHECK(p.planes.back().name == "second-backend");

    p = before;
    REQUIRE(applyEdit(p, removePlane(p, planesInUse, 3)).ok);
    REQUIRE(p.planes.size() == planesInUse.size() - 1);
    CHECK(p.planes.back().name == planesInUse[2].name);
    requireRoundTrip(before, removePlane(before, planesInUse, 3));
}

TEST_CASE("deleting a pool or a hall removes what only it gave meaning to", "[projectedit]")
{
    Project before = withRows(); // six pinned racks of pool dgx-h100 in hall H1
    ComputePool second = before.pools[0];
    second.name = "second";
    second.hall.clear();
    before.pools.push_back(second);
    before.halls[0].rows[1].racks[0].pool = "second";
    before.planes[0].pools = {"dgx-h100", "second"};
    Workload workload = *before.workload;
    workload.pool = "second";
    before.workload = workload;

    Project p = before;
    const ProjectEdit deletePool = removePool(p, 1);
    CHECK(deletePool.description == "Delete pool second and its 1 pinned rack");
    const EditOutcome outcome = applyEdit(p, deletePool);
    REQUIRE(outcome.ok);
    REQUIRE(p.pools.size() == 1);
    CHECK(p.halls[0].rows[1].racks.size() == 1);
    CHECK(p.halls[0].rows[1].racks[0].id == before.halls[0].rows[1].racks[1].id);
    CHECK(p.planes[0].pools == std::vector<std::string>{"dgx-h100"});
    CHECK(p.workload->pool.empty());
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);

    // A plane that attaches only the deleted pool keeps the reference: the loader refuses.
    p = before;
    p.planes[1].pools = {"second"};
    const Project withOnlyReference = p;
    const EditOutcome refused = applyEdit(p, removePool(p, 1));
    CHECK_FALSE(refused.ok);
    CHECK(p == withOnlyReference);
    REQUIRE_FALSE(refused.diagnostics.items().empty());
    CHECK(refused.diagnostics.items().front().jsonPath == "/network/planes/1/pools/0");

    // Deleting the hall frees the pool pinned to it and takes its rows.
    p = before;
    Hall other;
    other.id = "H2";
    other.widthM = 30;
    other.lengthM = 30;
    p.halls.push_back(other);
    const Project twoHalls = p;
    REQUIRE(applyEdit(p, removeHall(p, {}, 0)).ok);
    REQUIRE(p.halls.size() == 1);
    CHECK(p.halls[0].id == "H2");
    CHECK(p.pools[0].hall.empty());
    requireRoundTrip(twoHalls, removeHall(twoHalls, {}, 0));
}

TEST_CASE("insertRack puts a rack at a slot of a pinned row and undoes", "[projectedit]")
{
    const Project before = withRows();
    const RackSlot rack{"R2-new", RackRole::Compute, "", "dgx-h100", 2};
    Project p = before;
    const EditOutcome outcome = applyEdit(p, insertRack(0, 1, 1, rack));
    REQUIRE(outcome.ok);
    REQUIRE(p.halls[0].rows[1].racks.size() == 3);
    CHECK(p.halls[0].rows[1].racks[1] == rack);
    CHECK(p.halls[0].rows[1].racks[2] == before.halls[0].rows[1].racks[1]);
    REQUIRE(applyEdit(p, outcome.inverse).ok);
    CHECK(p == before);

    // A rack id another rack has: the loader refuses it.
    p = before;
    const RackSlot duplicate{"R1-1", RackRole::Compute, "", "dgx-h100", 2};
    CHECK_FALSE(applyEdit(p, insertRack(0, 1, 0, duplicate)).ok);
    CHECK(p == before);
}

TEST_CASE("acknowledging a warning appends an entry that matches it, withdrawing removes it",
          "[projectedit][ack]")
{
    // The longest digit-free run: counts in the message may change with the design.
    CHECK(acknowledgedText("plane 'backend': no free leaf port for 1 fabric-manager (UFM) "
                           "connection(s): every leaf is full") ==
          "fabric-manager (UFM) connection(s): every leaf is full");
    // Runs: "row H", "-N", ": copper tray ", "% full": the longest, trimmed.
    CHECK(acknowledgedText("row H1-N1: copper tray 68% full") == "copper tray");
    CHECK(acknowledgedText("1234") == "");

    const Project before = loadProjectFile(AIDC_SOURCE_DIR "/projects/minimal.json");
    Diagnostic warning{Severity::Warning, "", "/halls",
                       "the halls cannot hold every rack; added generated hall H5 for the rest",
                       ""};
    Project p = before;
    REQUIRE(applyEdit(p, acknowledgeWarning(p, warning, "a second building")).ok);
    REQUIRE(p.acknowledgedWarnings.size() == 1);
    CHECK(p.acknowledgedWarnings[0].covers(warning));
    CHECK(p.acknowledgedWarnings[0].reason == "a second building");
    // The hall number changed: the entry still covers the warning.
    warning.message = "the halls cannot hold every rack; added generated hall H7 for the rest";
    CHECK(p.acknowledgedWarnings[0].covers(warning));
    requireRoundTrip(before, acknowledgeWarning(before, warning, "r"));

    // A second entry is inserted after the first.
    Diagnostic other{Severity::Warning, "", "/network/cabling", "row R1: fibre tray full", ""};
    REQUIRE(applyEdit(p, acknowledgeWarning(p, other, "trays come later")).ok);
    REQUIRE(p.acknowledgedWarnings.size() == 2);
    CHECK(p.acknowledgedWarnings[1].path == "/network/cabling");

    REQUIRE(applyEdit(p, withdrawAcknowledgement(p, warning)).ok);
    REQUIRE(p.acknowledgedWarnings.size() == 1);
    CHECK(p.acknowledgedWarnings[0].path == "/network/cabling");
    CHECK(withdrawAcknowledgement(p, warning).empty());
    // An empty reason is refused by the loader's rule.
    CHECK_FALSE(applyEdit(p, acknowledgeWarning(p, warning, "")).ok);
}

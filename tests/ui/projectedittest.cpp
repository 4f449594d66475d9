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
    // parallelism is "auto" (absent from the document): setting tp creates the object, which
    // turns the search off; the inverse must remove the object, not leave {} behind.
    const Project before = sample();
    REQUIRE(before.workload->parallelism.automatic);
    requireRoundTrip(before, setField("/workload/parallelism/tp", 8, "Set TP"));
    Project p = before;
    REQUIRE(applyEdit(p, setField("/workload/parallelism/tp", 8, "Set TP")).ok);
    CHECK_FALSE(p.workload->parallelism.automatic);
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

// SPDX-License-Identifier: Apache-2.0
// Issue 8, "every part of the design is editable": halls, pools and planes are added and
// deleted from the Edit menu (and the tree's context menu) as single undo steps, and a project
// on automatic halls or default planes keeps the ones in use when it gets one more.

#include "uitestutil.h"

#include "ui/floorplanview.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QUndoStack>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

QAction *menuAction(MainWindow &window, const QString &text)
{
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text().remove(QLatin1Char('&')).startsWith(text))
            return action;
    }
    FAIL("no action " << text.toStdString());
    return nullptr;
}

} // namespace

TEST_CASE("adding a copy of the selected pool and deleting it are undoable steps", "[gui][parts]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    QUndoStack &stack = *window.document()->undoStack();

    window.selectPart(poolSelection(0));
    menuAction(window, "Add Compute Pool")->trigger();
    const Project &project = window.document()->project();
    REQUIRE(project.pools.size() == 2);
    CHECK(project.pools[1].name == "dgx-h100-2");
    CHECK(project.pools[1].gpu == start.pools[0].gpu);
    CHECK(window.selection() == poolSelection(1));
    CHECK(stack.count() == 1);
    settle(window);
    CHECK(figure(window, "gpus") == "2,032"); // 1,016 + a copy of 1,016

    QAction *remove = menuAction(window, "Delete");
    CHECK(remove->isEnabled());
    remove->trigger(); // the new pool is selected
    CHECK(window.document()->project() == start);
    CHECK(stack.count() == 2);
    window.undoAction()->trigger();
    CHECK(window.document()->project().pools.size() == 2);
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);

    // The only pool cannot go: the project would have no GPUs.
    window.selectPart(poolSelection(0));
    remove->trigger();
    CHECK(window.document()->project() == start);
    CHECK(stack.index() == 0);

    // Nothing to delete for a site selection: the action says so by being disabled.
    window.selectPart(siteSelection());
    CHECK_FALSE(remove->isEnabled());
}

TEST_CASE("a plane added to a project on the default planes writes them out first", "[gui][parts]")
{
    TestWindow t = openWindow("projects/minimal.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.planes.empty());
    const std::shared_ptr<const Evaluation> before = settle(window);
    const std::size_t defaultPlanes = before->result.fabric.planes.size();
    REQUIRE(defaultPlanes ==
            4); // docs/project-format.md "Defaults": backend, frontend, storage, OOB

    menuAction(window, "Add Fabric Plane")->trigger();
    const Project &project = window.document()->project();
    REQUIRE(project.planes.size() == defaultPlanes + 1);
    CHECK(project.planes[0].role == PlaneRole::Backend);
    CHECK(project.planes[3].role == PlaneRole::Oob);
    CHECK(project.planes[4].role == PlaneRole::Backend); // a copy of the first plane
    CHECK(project.planes[4].name == project.planes[0].name + "-2");
    const std::shared_ptr<const Evaluation> after = settle(window);
    REQUIRE_FALSE(after->failed);
    CHECK(after->result.fabric.planes.size() == defaultPlanes + 1);
    // The planes written out are the ones that were in use: same switch counts, except the OOB
    // plane, which also reaches the new plane's switches.
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(after->result.fabric.planes[i].switches == before->result.fabric.planes[i].switches);
    CHECK(after->result.fabric.planes[3].switches > before->result.fabric.planes[3].switches);

    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("a hall added to a project on automatic halls keeps the sized hall", "[gui][parts]")
{
    TestWindow t = openWindow("projects/minimal.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.halls.empty());
    const LayoutHall sized = settle(window)->result.layout.halls.at(0);

    window.selectPart(hallSelection(0));
    menuAction(window, "Add Hall")->trigger();
    const Project &project = window.document()->project();
    REQUIRE(project.halls.size() == 2);
    CHECK(project.halls[0].id == sized.id);
    CHECK(project.halls[0].widthM == sized.widthM);
    CHECK(project.halls[1].id == "H2");
    CHECK(project.halls[1].lengthM == sized.lengthM); // a copy of the selected hall
    CHECK(window.selection() == hallSelection(1));
    const std::shared_ptr<const Evaluation> after = settle(window);
    REQUIRE_FALSE(after->failed);
    CHECK(after->result.layout.halls.size() == 2);

    menuAction(window, "Delete")->trigger();
    REQUIRE(window.document()->project().halls.size() == 1);
    CHECK(window.document()->project().halls[0].id == sized.id);
    window.undoAction()->trigger();
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("dragging several rows or racks on the floor plan is one undo step", "[gui][parts]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.halls.at(0).rows.empty()); // rows placed by the layout solver
    const LayoutHall hall = settle(window)->result.layout.halls.at(0);
    REQUIRE(hall.rows.size() >= 2);
    QUndoStack &stack = *window.document()->undoStack();
    FloorPlanView *plan = window.floorPlan()->view();

    // Two rows by (1.0, 0.5) m: the layout is pinned and both rows move, in one step.
    emit plan->rowsMoveRequested(0, {0, 1}, 1.0, 0.5);
    CHECK(stack.count() == 1);
    const std::vector<Row> &rows = window.document()->project().halls[0].rows;
    REQUIRE(rows.size() == hall.rows.size());
    for (int r : {0, 1}) {
        CHECK(rows[r].xM == Approx(hall.rows[r].xM + 1.0).margin(0.005));
        CHECK(rows[r].yM == Approx(hall.rows[r].yM + 0.5).margin(0.005));
    }
    CHECK(rows[2].yM == Approx(hall.rows[2].yM)); // an unselected row stays
    for (std::size_t r = 0; r < rows.size(); ++r)
        CHECK(rows[r].racks.size() == hall.rows[r].racks.size()); // pinned as placed
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);

    // The first two racks of row 0 as a block to the front of row 1.
    settle(window);
    const LayoutResult &layout = window.evaluation()->result.layout;
    const std::string first = layout.racks[hall.rows[0].racks[0]].id;
    const std::string second = layout.racks[hall.rows[0].racks[1]].id;
    emit plan->racksMoveRequested(0, 0, {0, 1}, 1, 0);
    CHECK(stack.count() == 1);
    const std::vector<Row> &moved = window.document()->project().halls[0].rows;
    REQUIRE(moved.size() == hall.rows.size());
    REQUIRE(moved[1].racks.size() == hall.rows[1].racks.size() + 2);
    CHECK(moved[1].racks[0].id == first);
    CHECK(moved[1].racks[1].id == second);
    CHECK(moved[0].racks.size() == hall.rows[0].racks.size() - 2);
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
    window.redoAction()->trigger();
    CHECK(window.document()->project().halls[0].rows[1].racks[1].id == second);
}

TEST_CASE("a rack is added after the selected one as a copy with a free id", "[gui][parts]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    const LayoutResult layout = settle(window)->result.layout;
    const LayoutRow &row = layout.halls.at(0).rows.at(1);
    REQUIRE(row.racks.size() >= 2);
    const PlacedRack &copied = layout.racks[row.racks[0]];

    window.selectPart(rackSelection(0, 1, 0));
    menuAction(window, "Add Rack")->trigger();
    const std::vector<RackSlot> &racks = window.document()->project().halls.at(0).rows.at(1).racks;
    REQUIRE(racks.size() == row.racks.size() + 1); // the layout pinned, plus the new rack
    CHECK(racks[1].id == copied.id + "-2");
    CHECK(racks[1].pool == copied.pool);
    CHECK(racks[1].servers == copied.servers);
    CHECK(racks[2].id == layout.racks[row.racks[1]].id);
    CHECK(window.selection() == rackSelection(0, 1, 1));
    CHECK(window.document()->undoStack()->count() == 1);
    const std::shared_ptr<const Evaluation> after = settle(window);
    REQUIRE_FALSE(after->failed);
    CHECK(after->result.layout.halls[0].rows[1].racks.size() == row.racks.size() + 1);

    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("deleting a hall of racks asks first, and Delete is its key", "[gui][parts]")
{
    // Issue 23 item 18: the Delete key did nothing, and a 354-rack hall went without a question.
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    settle(window);
    QAction *remove = menuAction(window, "Delete");
    REQUIRE(remove);
    CHECK(remove->shortcuts().contains(QKeySequence(Qt::Key_Delete)));

    window.selectPart(hallSelection(0));
    t.prompts->confirm = false;
    remove->trigger();
    REQUIRE(t.prompts->confirmations.size() == 1);
    CHECK(t.prompts->confirmations.front().startsWith("Delete hall H1 with its"));
    CHECK(window.document()->project() == start); // answered No: nothing changed

    t.prompts->confirm = true;
    remove->trigger();
    CHECK(t.prompts->confirmations.size() == 2);
    CHECK(window.document()->project() != start);
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

// SPDX-License-Identifier: Apache-2.0
// Issue 8: a randomized sequence of edits, undos and redos through the GUI's undo stack
// returns the project to its start state exactly (Project::operator==), and every redo
// reproduces the state the edit first produced. Issue 18: 1,000 steps in all, with saves and
// reloads among them; a reloaded project equals the one saved.

#include "uitestutil.h"

#include "model/projectjson.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QString>
#include <QTemporaryDir>
#include <QUndoStack>

#include <random>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

// Candidate edits of the 1k sample once its layout is pinned (3 rows in hall 0). Some are
// refused by the loader (out of range), which must leave the stack and the project alone.
ProjectEdit randomEdit(std::mt19937 &rng, const Project &project)
{
    std::uniform_int_distribution<int> pick(0, 15);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const Hall &hall = project.halls[0];
    const int rows = int(hall.rows.size());
    auto anyRow = [&] {
        return std::uniform_int_distribution<int>(0, rows - 1)(rng);
    };
    switch (pick(rng)) {
    case 0:
        return setField("/halls/0/widthM", 20 + std::floor(unit(rng) * 20), "width");
    case 1:
        return setField("/compute/pools/0/gpuCount", 512 + 8 * int(unit(rng) * 200), "GPUs");
    case 2:
        return setField("/power/averageLoadFactor", std::round(unit(rng) * 100) / 100, "load");
    case 3:
        return setField("/cooling/liquidFraction", unit(rng) * 1.4, "liquid"); // > 1 refused
    case 4:
        return unit(rng) < 0.5 ? unsetField("/halls/0/powerCapacityMW", "unset power")
                               : setField("/halls/0/powerCapacityMW", 3.5, "power");
    case 5:
        return setField("/workload/parallelism/tp", 1 << int(unit(rng) * 4), "tp");
    case 6:
        return setField("/workload/parallelism", "auto", "auto parallelism");
    case 7: {
        const int row = anyRow();
        return moveRow(0, row, std::round(unit(rng) * 600) / 100, hall.rows[row].yM);
    }
    case 8: {
        const int from = anyRow();
        if (hall.rows[from].racks.empty())
            return insertRow(0, rows, QStringLiteral("X%1").arg(rng() % 1000).toStdString(), 3, 25);
        const int slot = int(unit(rng) * hall.rows[from].racks.size());
        const int to = anyRow();
        const int size = int(hall.rows[to].racks.size()) - (to == from ? 1 : 0);
        return moveRack(0, from, slot, 0, to, int(unit(rng) * (size + 1)));
    }
    case 9:
        return insertRow(0, int(unit(rng) * (rows + 1)),
                         QStringLiteral("X%1").arg(rng() % 100000).toStdString(), 3,
                         std::round(unit(rng) * 2800) / 100);
    case 10:
        return rows > 1 ? deleteRow(0, anyRow()) : setField("/name", "renamed", "name");
    case 11: // structural edits of whole parts: add a copy, or delete the last copy
        return project.pools.size() > 1 && unit(rng) < 0.5
                   ? removePool(project, int(project.pools.size()) - 1)
                   : addPool(project, project.pools[0]);
    case 12:
        return project.planes.size() > 4 && unit(rng) < 0.5
                   ? removePlane(project, {}, int(project.planes.size()) - 1)
                   : addPlane(project, {}, project.planes[int(unit(rng) * 4)]);
    case 13: {
        if (project.halls.size() > 1 && unit(rng) < 0.5)
            return removeHall(project, {}, int(project.halls.size()) - 1);
        Hall extra;
        extra.id = "H";
        extra.widthM = 10 + std::floor(unit(rng) * 30);
        extra.lengthM = 20;
        return addHall(project, {}, extra);
    }
    case 14:
        if (rows < 2)
            return setField("/site/name", "few rows", "site name");
        return moveRows(0, {{0, std::round(unit(rng) * 600) / 100, hall.rows[0].yM},
                            {rows - 1, std::round(unit(rng) * 600) / 100, hall.rows[rows - 1].yM}});
    default:
        return setField("/site/name", "site " + std::to_string(rng() % 7), "site name");
    }
}

} // namespace

TEST_CASE("random edit, undo, redo, save and reload sequences return the model to its start "
          "exactly",
          "[gui][undo][random]")
{
    QTemporaryDir saves;
    REQUIRE(saves.isValid());
    const QString savePath = QDir(saves.path()).filePath(QStringLiteral("random.json"));
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    ProjectDocument &document = *window.document();
    QUndoStack &stack = *document.undoStack();

    // Pin the layout first so that rows and racks exist to move; that is step 0.
    REQUIRE(window.requestEdit(moveRow(0, 0, 3, 3), true).empty());
    const Project start = document.project();
    REQUIRE(start.halls[0].rows.size() >= 3);
    stack.clear(); // the sequence starts from the pinned project

    int totalRefused = 0, reloads = 0;
    for (unsigned seed : {1u, 2u, 3u, 4u, 5u}) {
        CAPTURE(seed);
        std::mt19937 rng(seed);
        // states[i] is the project after the i-th command on the stack.
        std::vector<Project> states{document.project()};
        // The project each undo chain starts from: `start`, or the last one reloaded.
        Project chainStart = start;
        int accepted = 0, refused = 0, structural = 0;
        for (int step = 0; step < 200; ++step) {
            const int action = std::uniform_int_distribution<int>(0, 19)(rng);
            if (action == 19) {
                // Save, then open the file again: the same project, with an empty history.
                const Project saved = document.project();
                REQUIRE(window.saveAs(savePath));
                REQUIRE(window.openFile(savePath));
                REQUIRE(document.project() == saved);
                CHECK_FALSE(stack.canUndo());
                states = {saved};
                chainStart = saved;
                ++reloads;
            } else if (action < 12) {
                const int countBefore = stack.count();
                const int indexBefore = stack.index();
                const ProjectEdit edit = randomEdit(rng, document.project());
                const Diagnostics refusal = document.edit(edit);
                if (refusal.hasErrors()) {
                    ++refused;
                    CHECK(stack.index() == indexBefore);
                    CHECK(document.project() == states[indexBefore]);
                    continue;
                }
                ++accepted;
                if (edit.description.rfind("Add ", 0) == 0 ||
                    edit.description.rfind("Delete ", 0) == 0)
                    ++structural; // whole halls, pools, planes, rows
                if (stack.index() == indexBefore && stack.count() == countBefore &&
                    document.project() == states[indexBefore])
                    continue; // the value was already there: no command, redo kept
                // A merged field edit replaces the top state; otherwise a new one is pushed.
                states.resize(stack.index() + 1);
                states[stack.index()] = document.project();
                CHECK(stack.count() <= countBefore + 1);
            } else if (action < 16 && stack.canUndo()) {
                const std::string what = stack.undoText().toStdString();
                stack.undo();
                INFO("undo of " << what);
                REQUIRE(document.project() == states[stack.index()]);
            } else if (stack.canRedo()) {
                const std::string what = stack.redoText().toStdString();
                stack.redo();
                INFO("redo of " << what);
                REQUIRE(document.project() == states[stack.index()]);
            }
        }
        CHECK(accepted > 20);
        CHECK(structural > 3);
        totalRefused += refused;
        while (stack.canUndo())
            stack.undo();
        CHECK(document.project() == chainStart);
        while (stack.canRedo())
            stack.redo();
        CHECK(document.project() == states.back());
        while (stack.canUndo())
            stack.undo();
        REQUIRE(document.project() == chainStart);
        // The next seed starts from the pinned project again.
        if (!(chainStart == start)) {
            REQUIRE(saveProjectFile(start, savePath.toStdString()).ok);
            REQUIRE(window.openFile(savePath));
            REQUIRE(document.project() == start);
        }
        stack.clear();
    }
    CHECK(totalRefused > 0); // refusals were exercised and changed nothing
    CHECK(reloads >= 20);    // about one step in twenty saves and reloads
}

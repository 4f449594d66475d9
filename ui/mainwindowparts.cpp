// SPDX-License-Identifier: Apache-2.0
// MainWindow: the structural edits — adding and deleting halls, rows, racks, pools and planes,
// and moving rows and racks on the floor plan. Each action builds one ProjectEdit with the
// model's builders (model/projectedit.h) and pushes it as one undo step.

#include "mainwindow.h"

#include "qtext.h"

#include "floorplanview.h"
#include "projectdocument.h"
#include "projecttreemodel.h"
#include "propertyeditor.h"

#include "solvers/fabric/fabric.h"

#include <cmath>

#include <QAction>
#include <QMenu>
#include <QStatusBar>
#include <QTreeView>

namespace aidc::ui {

namespace {

// The part a new one copies: the selected one of its kind, else the first (or the last) in use.
template<typename Part>
std::optional<Part> partToCopy(const std::vector<Part> &parts, int selected, bool last)
{
    if (selected >= 0 && selected < int(parts.size()))
        return parts[std::size_t(selected)];
    if (parts.empty())
        return std::nullopt;
    return last ? parts.back() : parts.front();
}

} // namespace

void MainWindow::createPartActions(QMenu *edit)
{
    QAction *hall = edit->addAction(tr("Add &Hall"), this, &MainWindow::addHall);
    hall->setToolTip(tr("Add a hall: a copy of the selected hall (or of the last one) without "
                        "its rows"));
    QAction *rack = edit->addAction(tr("Add Rac&k"), this, &MainWindow::addRack);
    rack->setToolTip(tr("Add a rack after the selected one (a copy of it), or at the end of the "
                        "selected row (a copy of its last rack)"));
    QAction *pool = edit->addAction(tr("Add Compute &Pool"), this, &MainWindow::addPool);
    pool->setToolTip(tr("Add a compute pool: a copy of the selected pool (or of the first one)"));
    QAction *plane = edit->addAction(tr("Add Fabric P&lane"), this, &MainWindow::addPlane);
    plane->setToolTip(tr("Add a fabric plane: a copy of the selected plane (or of the first "
                         "one); a project on the default planes writes them out first"));
    m_deletePartAction = edit->addAction(tr("&Delete"), this, &MainWindow::deleteSelectedPart);
    // Delete in the tree or the floor plan; a property field keeps Delete for its text (a line
    // edit takes the key before window shortcuts).
    m_deletePartAction->setShortcuts(
        {QKeySequence(Qt::Key_Delete), QKeySequence(Qt::CTRL | Qt::Key_Delete)});
    m_deletePartAction->setToolTip(tr("Delete the selected hall, row, rack, pool or plane"));
    updatePartActions();

    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &MainWindow::showTreeMenu);
}

// Moves, inserts and deletes on the floor plan, each one edit (pinning the automatic layout
// first when it is not pinned yet).
void MainWindow::connectFloorPlanEdits()
{
    FloorPlanView *plan = m_floorPlan->view();
    connect(plan, &FloorPlanView::rackMoveRequested, this,
            [this](int hall, int row, int slot, int toRow, int toSlot) {
                moveRacks(hall, row, {slot}, toRow, toSlot);
            });
    connect(plan, &FloorPlanView::rowMoveRequested, this,
            [this](int hall, int row, double x, double y) {
                pushEdit(moveRow(hall, row, x, y), !layoutFullyPinned());
            });
    connect(plan, &FloorPlanView::rowsMoveRequested, this,
            [this](int hall, const QList<int> &rows, double dxM, double dyM) {
                if (!m_evaluation || hall >= int(m_evaluation->result.layout.halls.size()))
                    return;
                const LayoutHall &h = m_evaluation->result.layout.halls[std::size_t(hall)];
                std::vector<RowOrigin> origins;
                for (int r : rows) {
                    const LayoutRow &row = h.rows[std::size_t(r)];
                    // whole centimetres, as a single row's drag snaps
                    origins.push_back({r, std::round((row.xM + dxM) * 100) / 100,
                                       std::round((row.yM + dyM) * 100) / 100});
                }
                pushEdit(moveRows(hall, origins), !layoutFullyPinned());
            });
    connect(plan, &FloorPlanView::racksMoveRequested, this, &MainWindow::moveRacks);
    connect(plan, &FloorPlanView::moveRefused, this,
            [this](const QString &reason) { statusBar()->showMessage(reason, 6000); });
    connect(m_floorPlan, &FloorPlanPanel::insertRowRequested, this, &MainWindow::insertRow);
    connect(m_floorPlan, &FloorPlanPanel::deleteRowRequested, this, [this](int hall, int row) {
        applyPartEdit(deleteRow(hall, row), hallSelection(hall), !layoutFullyPinned());
    });
}

// One rack, or a block of racks of one row, into row `toRow` from slot `toSlot` (counted among
// the racks that stay there): the single moves of rackBlockMoves(), one edit.
void MainWindow::moveRacks(int hall, int row, const QList<int> &rackSlots, int toRow, int toSlot)
{
    if (!m_evaluation || hall >= int(m_evaluation->result.layout.halls.size()))
        return;
    const LayoutResult &layout = m_evaluation->result.layout;
    const LayoutHall &h = layout.halls[std::size_t(hall)];
    ProjectEdit edit;
    for (const RackMoveStep &step :
         rackBlockMoves(row, int(h.rows[std::size_t(row)].racks.size()), rackSlots, toRow,
                        int(h.rows[std::size_t(toRow)].racks.size()), toSlot)) {
        const ProjectEdit one = moveRack(hall, step.row, step.slot, hall, step.toRow, step.toSlot);
        edit.operations.insert(edit.operations.end(), one.operations.begin(), one.operations.end());
    }
    if (edit.empty())
        return;
    const int first = layoutRackIndex(layout, hall, row, rackSlots.front());
    const std::string movedId = first >= 0 ? layout.racks[std::size_t(first)].id : std::string();
    edit.description = rackSlots.size() == 1 && first >= 0
                           ? "Move rack " + movedId
                           : "Move " + std::to_string(rackSlots.size()) + " racks";
    if (pushEdit(edit, !layoutFullyPinned()) && rackSlots.size() == 1) {
        selectPart(rackSelection(hall, toRow, toSlot));
        // The layout shown is the one before the move: the rack selected is the one moved.
        m_selectedRackId = movedId;
    }
}

void MainWindow::updatePartActions()
{
    using K = Selection::Kind;
    const K kind = m_selection.kind;
    const bool deletable =
        kind == K::Hall || kind == K::Row || kind == K::Rack || kind == K::Pool || kind == K::Plane;
    m_deletePartAction->setEnabled(deletable);
    m_deletePartAction->setText(deletable ? tr("&Delete %1").arg(m_propertyEditor->sheet().title)
                                          : tr("&Delete"));
}

void MainWindow::showTreeMenu(const QPoint &position)
{
    const QModelIndex index = m_tree->indexAt(position);
    if (index.isValid())
        selectPart(m_treeModel->selectionAt(index));
    QMenu menu(this);
    menu.addAction(tr("Add Hall"), this, &MainWindow::addHall);
    if (m_selection.kind == Selection::Kind::Rack || m_selection.kind == Selection::Kind::Row)
        menu.addAction(tr("Add Rack"), this, &MainWindow::addRack);
    menu.addAction(tr("Add Compute Pool"), this, &MainWindow::addPool);
    menu.addAction(tr("Add Fabric Plane"), this, &MainWindow::addPlane);
    menu.addSeparator();
    menu.addAction(m_deletePartAction);
    menu.exec(m_tree->viewport()->mapToGlobal(position));
}

std::vector<Hall> MainWindow::hallsInUse() const
{
    const Project &project = m_document->project();
    if (!project.halls.empty() || !m_evaluation || m_evaluation->failed)
        return project.halls;
    // The halls the layout solver sized, without their (automatic) rows.
    std::vector<Hall> halls;
    for (const LayoutHall &placed : m_evaluation->result.layout.halls)
        halls.push_back(hallOf(placed));
    return halls;
}

std::vector<FabricPlane> MainWindow::planesInUse() const
{
    const Project &project = m_document->project();
    const Catalog *catalog =
        m_evaluation && m_evaluation->catalog ? m_evaluation->catalog.get() : m_catalog.get();
    if (!project.planes.empty() || !catalog)
        return project.planes;
    return effectivePlanes(project, *catalog);
}

void MainWindow::applyPartEdit(const ProjectEdit &edit, const Selection &selectAfter, bool pin)
{
    if (!pushEdit(edit, pin))
        return;
    statusBar()->showMessage(q(edit.description), 4000);
    selectPart(selectAfter);
}

void MainWindow::addHall()
{
    const std::vector<Hall> halls = hallsInUse();
    const int selected = m_selection.kind == Selection::Kind::Hall ? m_selection.hall : -1;
    Hall hall;
    if (const std::optional<Hall> copy = partToCopy(halls, selected, true))
        hall = *copy;
    else
        hall.widthM = hall.lengthM = 40; // a project that was never evaluated
    hall.rows.clear();
    const int count = int(halls.size());
    hall.id = "H" + std::to_string(count + 1);
    hall.name = "Data hall " + std::to_string(count + 1);
    applyPartEdit(aidc::addHall(m_document->project(), halls, hall), hallSelection(count));
}

void MainWindow::addRack()
{
    using K = Selection::Kind;
    const Selection s = m_selection;
    if ((s.kind != K::Rack && s.kind != K::Row) || !m_evaluation || m_evaluation->failed) {
        statusBar()->showMessage(tr("Select a rack or a row to add a rack to."), 4000);
        return;
    }
    const LayoutResult &layout = m_evaluation->result.layout;
    if (s.hall >= int(layout.halls.size()) || s.row >= int(layout.halls[s.hall].rows.size()))
        return;
    const LayoutRow &row = layout.halls[s.hall].rows[s.row];
    // The rack to copy: the selected one, else the row's last; an empty row gets a compute
    // rack of the first pool.
    const int copied = s.kind == K::Rack ? s.slot : int(row.racks.size()) - 1;
    RackSlot rack;
    if (copied >= 0 && copied < int(row.racks.size())) {
        rack = rackSlotOf(layout.racks[row.racks[copied]]);
    } else if (!m_document->project().pools.empty()) {
        rack = {row.id + "-01", RackRole::Compute, "", m_document->project().pools[0].name, 0};
    }
    std::vector<std::string> ids;
    for (const PlacedRack &placed : layout.racks)
        ids.push_back(placed.id);
    rack.id = uniquePartName(ids, rack.id);
    const int slot = copied + 1;
    applyPartEdit(insertRack(s.hall, s.row, slot, rack), rackSelection(s.hall, s.row, slot),
                  !layoutFullyPinned());
}

void MainWindow::addPool()
{
    const Project &project = m_document->project();
    const int selected = m_selection.kind == Selection::Kind::Pool ? m_selection.index : -1;
    ComputePool pool;
    if (const std::optional<ComputePool> copy = partToCopy(project.pools, selected, false)) {
        pool = *copy;
    } else if (m_catalog && !m_catalog->accelerators.empty()) {
        pool.name = "pool";
        pool.gpu = m_catalog->accelerators.front().id;
        pool.gpuCount = 1024;
    } else {
        statusBar()->showMessage(tr("No accelerator to add a pool with: no catalog."), 6000);
        return;
    }
    applyPartEdit(aidc::addPool(project, pool), poolSelection(int(project.pools.size())));
}

void MainWindow::addPlane()
{
    const std::vector<FabricPlane> planes = planesInUse();
    const int selected = m_selection.kind == Selection::Kind::Plane ? m_selection.index : -1;
    FabricPlane plane;
    if (const std::optional<FabricPlane> copy = partToCopy(planes, selected, false))
        plane = *copy;
    else
        plane.name = "backend";
    applyPartEdit(aidc::addPlane(m_document->project(), planes, plane),
                  planeSelection(int(planes.size())));
}

void MainWindow::deleteSelectedPart()
{
    using K = Selection::Kind;
    const Project &project = m_document->project();
    const Selection s = m_selection;
    switch (s.kind) {
    case K::Hall: {
        const std::vector<Hall> halls = hallsInUse();
        int racks = 0;
        if (m_evaluation && !m_evaluation->failed)
            for (const PlacedRack &rack : m_evaluation->result.layout.racks)
                racks += rack.hall == s.hall;
        if (racks > 0 && !m_prompts->askConfirm(
                             this, tr("Delete hall"),
                             tr("Delete hall %1 with its %2 racks? Undo brings it back.")
                                 .arg(s.hall < int(halls.size()) ? q(halls[std::size_t(s.hall)].id)
                                                                 : QString::number(s.hall + 1))
                                 .arg(racks)))
            return;
        applyPartEdit(removeHall(project, halls, s.hall),
                      halls.size() > 1 ? hallSelection(std::max(0, s.hall - 1)) : siteSelection());
        return;
    }
    case K::Row:
        applyPartEdit(deleteRow(s.hall, s.row), hallSelection(s.hall), !layoutFullyPinned());
        return;
    case K::Rack:
        applyPartEdit(unsetField(rackPointer(s.hall, s.row, s.slot), "Delete rack"),
                      rowSelection(s.hall, s.row), !layoutFullyPinned());
        return;
    case K::Pool:
        if (project.pools.size() <= 1) {
            statusBar()->showMessage(tr("A project needs at least one compute pool."), 6000);
            return;
        }
        applyPartEdit(removePool(project, s.index), poolSelection(std::max(0, s.index - 1)));
        return;
    case K::Plane: {
        const std::vector<FabricPlane> planes = planesInUse();
        if (planes.size() <= 1) {
            // An empty list means the default planes, not none.
            statusBar()->showMessage(tr("A project needs at least one fabric plane."), 6000);
            return;
        }
        applyPartEdit(removePlane(project, planes, s.index),
                      planeSelection(std::max(0, s.index - 1)));
        return;
    }
    default:
        statusBar()->showMessage(tr("Select a hall, row, rack, pool or plane to delete."), 4000);
    }
}

} // namespace aidc::ui

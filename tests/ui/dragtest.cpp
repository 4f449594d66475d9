// SPDX-License-Identifier: Apache-2.0
// Dragging a multi-selection on the floor plan: several rows move by one offset, several racks
// of one row move as a block, racks of several rows are refused; one rack or one row as before.

#include "uitestutil.h"

#include "ui/evaluator.h"
#include "ui/floorplanview.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QStringList>

#include <cmath>
#include <string>
#include <vector>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

// Applies the steps with moveRack semantics (take out, then insert at toSlot) to rows of names.
void applySteps(std::vector<std::vector<std::string>> &rows, const std::vector<RackMoveStep> &steps)
{
    for (const RackMoveStep &s : steps) {
        auto &from = rows[std::size_t(s.row)];
        REQUIRE(s.slot >= 0);
        REQUIRE(s.slot < int(from.size()));
        const std::string rack = from[std::size_t(s.slot)];
        from.erase(from.begin() + s.slot);
        auto &to = rows[std::size_t(s.toRow)];
        REQUIRE(s.toSlot >= 0);
        REQUIRE(s.toSlot <= int(to.size()));
        to.insert(to.begin() + s.toSlot, rack);
    }
}

using Rows = std::vector<std::vector<std::string>>;

Rows moved(Rows rows, int row, const QList<int> &rackSlots, int toRow, int toSlot)
{
    applySteps(rows, rackBlockMoves(row, int(rows[std::size_t(row)].size()), rackSlots, toRow,
                                    int(rows[std::size_t(toRow)].size()), toSlot));
    return rows;
}

// Sends a left-button drag from scene point `from` to `to` through the viewport.
void drag(FloorPlanView &view, QPointF from, QPointF to)
{
    QWidget *viewport = view.viewport();
    const QPointF a = view.mapFromScene(from);
    const QPointF b = view.mapFromScene(to);
    QMouseEvent press(QEvent::MouseButtonPress, a, viewport->mapToGlobal(a), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &press);
    for (int i = 1; i <= 4; ++i) {
        const QPointF p = a + (b - a) * (i / 4.0);
        QMouseEvent move(QEvent::MouseMove, p, viewport->mapToGlobal(p), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport, &move);
    }
    QMouseEvent release(QEvent::MouseButtonRelease, b, viewport->mapToGlobal(b), Qt::LeftButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &release);
}

QGraphicsRectItem *itemOf(FloorPlanView &view, int kind, int index)
{
    for (QGraphicsItem *item : view.scene()->items()) {
        if (item->data(0).toInt() == kind && item->data(1).toInt() == index)
            return static_cast<QGraphicsRectItem *>(item);
    }
    return nullptr;
}

constexpr int kRack = 1, kRow = 2; // the view's item kinds (floorplanview.cpp)

// What the view asked for during a drag.
struct Requests
{
    struct RackBlock
    {
        int hall, row;
        QList<int> rackSlots;
        int toRow, toSlot;
    };
    struct Rack
    {
        int hall, row, slot, toRow, toSlot;
    };
    struct RowGroup
    {
        int hall;
        QList<int> rows;
        double dxM, dyM;
    };
    std::vector<RackBlock> blocks;
    std::vector<Rack> racks;
    std::vector<RowGroup> rowGroups;
    int singleRows = 0;
    QStringList refusals;

    explicit Requests(FloorPlanView &view)
    {
        QObject::connect(
            &view, &FloorPlanView::racksMoveRequested, &view,
            [this](int hall, int row, const QList<int> &rackSlots, int toRow, int toSlot) {
                blocks.push_back({hall, row, rackSlots, toRow, toSlot});
            });
        QObject::connect(&view, &FloorPlanView::rackMoveRequested, &view,
                         [this](int hall, int row, int slot, int toRow, int toSlot) {
                             racks.push_back({hall, row, slot, toRow, toSlot});
                         });
        QObject::connect(&view, &FloorPlanView::rowsMoveRequested, &view,
                         [this](int hall, const QList<int> &rows, double dxM, double dyM) {
                             rowGroups.push_back({hall, rows, dxM, dyM});
                         });
        QObject::connect(&view, &FloorPlanView::rowMoveRequested, &view,
                         [this](int, int, double, double) { ++singleRows; });
        QObject::connect(&view, &FloorPlanView::moveRefused, &view,
                         [this](const QString &reason) { refusals << reason; });
    }
};

struct Plan
{
    TestWindow t;
    std::shared_ptr<const Evaluation> evaluation;
    std::unique_ptr<FloorPlanView> view;
};

// A floor plan of h100-1k-infiniband on its own (the window does not get the requests), at
// 1 pixel per centimetre.
Plan openPlan()
{
    Plan p;
    p.t = makeWindow();
    REQUIRE(openAndEvaluate(*p.t.window, sourcePath("projects/h100-1k-infiniband.json")));
    p.evaluation = p.t.window->evaluation();
    p.view = std::make_unique<FloorPlanView>();
    p.view->resize(1400, 1000);
    p.view->show();
    p.view->setEvaluation(p.evaluation->project, p.evaluation);
    p.view->setTransform(QTransform());
    return p;
}

// Compute rows of hall 0 with at least `racks` racks.
std::vector<int> computeRows(const LayoutResult &layout, std::size_t racks)
{
    std::vector<int> rows;
    const LayoutHall &hall = layout.halls[0];
    for (int r = 0; r < int(hall.rows.size()); ++r) {
        const auto &row = hall.rows[std::size_t(r)];
        if (row.racks.size() >= racks &&
            layout.racks[std::size_t(row.racks.front())].role == RackRole::Compute)
            rows.push_back(r);
    }
    return rows;
}

} // namespace

TEST_CASE("a block of racks moves as a whole with single-rack moves", "[gui][drag]")
{
    const Rows rows{{"a", "b", "c", "d"}, {"x", "y"}};
    // Within a row: a and c after b and d (the single moves must not displace each other).
    CHECK(moved(rows, 0, {0, 2}, 0, 2) == Rows{{"b", "d", "a", "c"}, {"x", "y"}});
    CHECK(moved(rows, 0, {3, 1}, 0, 0) == Rows{{"b", "d", "a", "c"}, {"x", "y"}});
    CHECK(moved(rows, 0, {1, 3}, 0, 1) == Rows{{"a", "b", "d", "c"}, {"x", "y"}});
    // Into another row between x and y, in slot order.
    CHECK(moved(rows, 0, {2, 0}, 1, 1) == Rows{{"b", "d"}, {"x", "a", "c", "y"}});
    CHECK(moved(rows, 0, {1, 2, 3}, 1, 2) == Rows{{"a"}, {"x", "y", "b", "c", "d"}});
    // Out of range target slots are clamped to the row's end.
    CHECK(moved(rows, 1, {0, 1}, 0, 9) == Rows{{"a", "b", "c", "d", "x", "y"}, {}});
    // Already there: nothing to do.
    CHECK(rackBlockMoves(0, 4, {1, 2}, 0, 4, 1).empty());
    CHECK(rackBlockMoves(0, 4, {}, 1, 2, 0).empty());
    CHECK(rackBlockMoves(0, 4, {4}, 1, 2, 0).empty()); // no such rack
}

TEST_CASE("dragging two selected racks of a row moves them as one block", "[gui][drag]")
{
    Plan p = openPlan();
    FloorPlanView &view = *p.view;
    const LayoutResult &layout = p.evaluation->result.layout;
    const LayoutHall &hall = layout.halls[0];
    const std::vector<int> rows = computeRows(layout, 4);
    REQUIRE(rows.size() >= 2);
    const int fromRow = rows[0], toRow = rows[1];
    const auto &from = hall.rows[std::size_t(fromRow)].racks;
    const auto &to = hall.rows[std::size_t(toRow)].racks;

    // Select slots 1 and 3, drag slot 1 onto the middle of the other row's rack at slot 2
    // (a little right of its centre): the block lands after that rack, at slot 3.
    QGraphicsRectItem *first = itemOf(view, kRack, from[1]);
    QGraphicsRectItem *third = itemOf(view, kRack, from[3]);
    REQUIRE(first);
    REQUIRE(third);
    first->setSelected(true);
    third->setSelected(true);
    const PlacedRack &target = layout.racks[std::size_t(to[2])];
    const PlacedRack &lead = layout.racks[std::size_t(from[1])];
    const QPointF start = first->sceneBoundingRect().center();
    const QPointF end((target.xM + 0.1) * 100, (target.yM + lead.depthM / 2) * 100);
    view.centerOn((start + end) / 2);

    Requests requests(view);
    drag(view, start, end);
    REQUIRE(requests.blocks.size() == 1);
    CHECK(requests.racks.empty());
    const Requests::RackBlock &b = requests.blocks.front();
    CHECK(b.hall == 0);
    CHECK(b.row == fromRow);
    CHECK(b.rackSlots == QList<int>{1, 3});
    CHECK(b.toRow == toRow);
    CHECK(b.toSlot == 3);
    // The scene snaps back until the edit's result arrives.
    CHECK(first->pos() == QPointF());
    CHECK(third->pos() == QPointF());
}

TEST_CASE("dragging one rack still asks for one rack move", "[gui][drag]")
{
    Plan p = openPlan();
    FloorPlanView &view = *p.view;
    const LayoutResult &layout = p.evaluation->result.layout;
    const std::vector<int> rows = computeRows(layout, 4);
    REQUIRE(rows.size() >= 2);
    const auto &from = layout.halls[0].rows[std::size_t(rows[0])].racks;
    const auto &to = layout.halls[0].rows[std::size_t(rows[1])].racks;
    QGraphicsRectItem *item = itemOf(view, kRack, from[0]);
    REQUIRE(item);
    const PlacedRack &target = layout.racks[std::size_t(to[0])];
    const PlacedRack &rack = layout.racks[std::size_t(from[0])];
    const QPointF start = item->sceneBoundingRect().center();
    // Just left of the first rack's centre in the other row: slot 0.
    const QPointF end((target.xM - 0.1) * 100, (target.yM + rack.depthM / 2) * 100);
    view.centerOn((start + end) / 2);
    Requests requests(view);
    drag(view, start, end);
    REQUIRE(requests.racks.size() == 1);
    CHECK(requests.blocks.empty());
    const Requests::Rack &r = requests.racks.front();
    CHECK(r.row == rows[0]);
    CHECK(r.slot == 0);
    CHECK(r.toRow == rows[1]);
    CHECK(r.toSlot == 0);
}

TEST_CASE("racks of different rows are refused, nothing is requested", "[gui][drag]")
{
    Plan p = openPlan();
    FloorPlanView &view = *p.view;
    const LayoutResult &layout = p.evaluation->result.layout;
    const std::vector<int> rows = computeRows(layout, 2);
    REQUIRE(rows.size() >= 2);
    QGraphicsRectItem *a = itemOf(view, kRack, layout.halls[0].rows[std::size_t(rows[0])].racks[0]);
    QGraphicsRectItem *b = itemOf(view, kRack, layout.halls[0].rows[std::size_t(rows[1])].racks[0]);
    REQUIRE(a);
    REQUIRE(b);
    a->setSelected(true);
    b->setSelected(true);
    const QPointF start = a->sceneBoundingRect().center();
    view.centerOn(start);
    Requests requests(view);
    drag(view, start, start + QPointF(150, 0));
    REQUIRE(requests.refusals.size() == 1);
    CHECK(requests.refusals.front().contains("different rows"));
    CHECK(requests.blocks.empty());
    CHECK(requests.racks.empty());
    CHECK(a->pos() == QPointF());
    CHECK(b->pos() == QPointF());
}

TEST_CASE("dragging two selected rows moves both by one offset", "[gui][drag]")
{
    Plan p = openPlan();
    FloorPlanView &view = *p.view;
    const LayoutResult &layout = p.evaluation->result.layout;
    const std::vector<int> rows = computeRows(layout, 1);
    REQUIRE(rows.size() >= 2);
    QGraphicsRectItem *r0 = itemOf(view, kRow, rows[0]);
    QGraphicsRectItem *r1 = itemOf(view, kRow, rows[1]);
    REQUIRE(r0);
    REQUIRE(r1);
    r0->setSelected(true);
    r1->setSelected(true);
    // Grab row 0 by its frame (8 cm around its racks): 4 cm above its racks' front.
    const QRectF frame = r0->sceneBoundingRect();
    const QPointF start(frame.center().x(), frame.top() + 4);
    view.centerOn(start);
    Requests requests(view);
    // 1.5 m right, 0.5 m down (150 and 50 pixels at 1 px per cm).
    drag(view, start, start + QPointF(150, 50));
    REQUIRE(requests.rowGroups.size() == 1);
    CHECK(requests.singleRows == 0);
    const Requests::RowGroup &moved = requests.rowGroups.front();
    CHECK(moved.hall == 0);
    CHECK(moved.rows == QList<int>{rows[0], rows[1]});
    CHECK(moved.dxM == Approx(1.5).margin(0.011));
    CHECK(moved.dyM == Approx(0.5).margin(0.011));
    // Whole centimetres.
    CHECK(moved.dxM * 100 == Approx(std::round(moved.dxM * 100)));
    const LayoutRow &row = layout.halls[0].rows[std::size_t(rows[0])];
    CHECK(r0->pos() == QPointF(row.xM * 100, row.yM * 100));

    // Dragged past the hall's origin: the offset is cut so the leftmost row stops at x = 0,
    // the rows keep their shape.
    r0->setSelected(true);
    r1->setSelected(true);
    double minX = 1e18;
    for (int r : {rows[0], rows[1]})
        minX = std::min(minX, layout.halls[0].rows[std::size_t(r)].xM);
    REQUIRE(minX > 0); // else there is nothing to cut
    drag(view, start, start - QPointF(minX * 100 + 300, 0));
    REQUIRE(requests.rowGroups.size() == 2);
    const Requests::RowGroup &cut = requests.rowGroups.back();
    CHECK(cut.dxM == Approx(-minX).margin(1e-9));
    CHECK(cut.dyM == Approx(0).margin(0.011));
}

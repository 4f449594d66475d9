// SPDX-License-Identifier: Apache-2.0
#include "floorplanview.h"

#include "displaysettings.h"

#include "evaluator.h"

#include "model/enumnames.h"

#include <QComboBox>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollBar>
#include <QToolButton>
#include <QToolTip>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>
#include <map>

namespace aidc::ui {

namespace {

constexpr double kScale = 100.0; // scene units per metre (1 cm)

enum ItemData { KindKey = 0, IndexKey = 1, RowKey = 2 };
enum ItemKind { RackItem = 1, RowItem = 2 };

QColor roleColour(RackRole role)
{
    switch (role) {
    case RackRole::Compute:
        return QColor(0x4a, 0x7f, 0xc1);
    case RackRole::Network:
        return QColor(0xe8, 0x8a, 0x2e);
    case RackRole::Storage:
        return QColor(0x4c, 0xa6, 0x5a);
    case RackRole::Management:
        return QColor(0x8c, 0x8c, 0x8c);
    }
    return Qt::gray;
}

QColor poolColour(int index)
{
    static const QColor palette[] = {QColor(0x4a, 0x7f, 0xc1), QColor(0x9b, 0x59, 0xb6),
                                     QColor(0x16, 0xa0, 0x85), QColor(0xd3, 0x54, 0x00),
                                     QColor(0xc0, 0x39, 0x2b), QColor(0x7f, 0x8c, 0x8d)};
    return palette[index % 6];
}

struct DensityBand
{
    double upToKW;
    QColor colour;
    const char *label;
};

const DensityBand kDensityBands[] = {
    {15, QColor(0x2e, 0x7d, 0x32), "< 15 kW"},    {30, QColor(0x9e, 0xc2, 0x3a), "15–30 kW"},
    {60, QColor(0xf9, 0xa8, 0x25), "30–60 kW"},   {100, QColor(0xef, 0x6c, 0x00), "60–100 kW"},
    {1e12, QColor(0xc6, 0x28, 0x28), "≥ 100 kW"},
};

const QColor kNoData(0xcf, 0xcf, 0xcf);
const QPen kRackOutline(QColor(0x20, 0x20, 0x20), 2); // 2 cm, scales with the zoom

} // namespace

FloorPlanView::FloorPlanView(QWidget *parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setBackgroundBrush(QColor(0xf4, 0xf4, 0xf0));
    setFocusPolicy(Qt::StrongFocus);
    setToolTip(tr("Floor plan: wheel zooms, middle button pans, drag a rack or a row to move "
                  "it, drag on the floor (or Ctrl+click) to select several. Several selected "
                  "rows move together by the same offset; several racks of one row move as one "
                  "block into the row where they are dropped. Keys: + / − zoom, 0 fits."));
    connect(scene(), &QGraphicsScene::selectionChanged, this,
            &FloorPlanView::onSceneSelectionChanged);
}

FloorPlanView::~FloorPlanView()
{
    // The scene outlives this part of the object (it is a child QObject); its last
    // selectionChanged must not reach a half-destroyed view or panel.
    scene()->blockSignals(true);
}

void FloorPlanView::setEvaluation(const Project &project,
                                  std::shared_ptr<const Evaluation> evaluation)
{
    // The selection is read while the items still match the evaluation they were drawn from.
    const std::vector<Selection> keep = selectedParts();
    m_project = project;
    m_evaluation = std::move(evaluation);
    rebuild(keep);
}

// The power solver's facts of layout rack `index` for its tooltip: IT power at peak and on
// average (the site's average / peak ratio, as the rack table), heat, mass and floor load
// against the hall's rating. "" when the power solver has no result for the layout.
QString FloorPlanView::rackToolTip(int index) const
{
    if (!m_evaluation || m_evaluation->failed)
        return {};
    const LayoutResult &layout = m_evaluation->result.layout;
    if (index < 0 || std::size_t(index) >= layout.racks.size())
        return {};
    const PlacedRack &rack = layout.racks[std::size_t(index)];
    QString tip =
        tr("Rack %1\n%2")
            .arg(QString::fromStdString(rack.id), QString::fromLatin1(toString(rack.role)));
    if (rack.role == RackRole::Compute)
        tip += tr(", pool %1, %2 servers, %3 GPUs")
                   .arg(QString::fromStdString(rack.pool))
                   .arg(rack.servers)
                   .arg(rack.gpus);
    const UnitConversion length = conversionFor("m", Dimension::Length, displayUnits());
    tip += tr("\nat (%1, %2) %3, type %4")
               .arg(length.shown(rack.xM), 0, 'f', 2)
               .arg(length.shown(rack.yM), 0, 'f', 2)
               .arg(QString::fromStdString(length.unit), QString::fromStdString(rack.rackType));
    return tip + rackPowerTip(index);
}

bool FloorPlanView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        for (QGraphicsItem *item = itemAt(help->pos()); item; item = item->parentItem()) {
            if (item->data(KindKey).toInt() == RackItem) {
                QToolTip::showText(help->globalPos(), rackToolTip(item->data(IndexKey).toInt()),
                                   viewport());
                return true;
            }
        }
    }
    return QGraphicsView::viewportEvent(event);
}

QString FloorPlanView::rackPowerTip(int index) const
{
    if (!m_evaluation || m_evaluation->failed)
        return {};
    const PowerResult &power = m_evaluation->result.power;
    const LayoutResult &layout = m_evaluation->result.layout;
    if (power.racks.size() != layout.racks.size() || index < 0 ||
        std::size_t(index) >= power.racks.size())
        return {};
    const RackPower &rack = power.racks[std::size_t(index)];
    const int hall = layout.racks[std::size_t(index)].hall;
    const double ratingKPa = hall >= 0 && std::size_t(hall) < power.halls.size()
                                 ? power.halls[std::size_t(hall)].floorRatingKPa
                                 : 0.0;
    const DisplayUnits &units = displayUnits();
    QString tip = tr("\nIT %1 kW at peak, %2 kW on average; heat %3 to liquid, %4 to air")
                      .arg(rack.peakW() / 1e3, 0, 'f', 1)
                      .arg(power.rackAverageW(rack) / 1e3, 0, 'f', 1)
                      .arg(QString::fromStdString(formatHeat(rack.liquidHeatW, units)),
                           QString::fromStdString(formatHeat(rack.airHeatW, units)));
    tip += tr("\n%1 kg: %2 over its footprint, %3 over its cell")
               .arg(rack.massKg, 0, 'f', 0)
               .arg(QString::fromStdString(formatFloorLoad(rack.footprintKPa, units)),
                    QString::fromStdString(formatFloorLoad(rack.cellKPa, units)));
    if (ratingKPa > 0)
        tip +=
            tr(" (floor rated %1)").arg(QString::fromStdString(formatFloorLoad(ratingKPa, units)));
    return tip;
}

void FloorPlanView::setHall(int hall)
{
    if (hall == m_hall)
        return;
    m_hall = hall;
    m_fitPending = true;
    rebuild({});
}

void FloorPlanView::setColourBy(ColourBy colourBy)
{
    m_colourBy = colourBy;
    recolour();
}

QColor FloorPlanView::rackColour(int layoutRack) const
{
    for (const auto &[index, item] : m_rackItems) {
        if (index == layoutRack)
            return item->brush().color();
    }
    return {};
}

void FloorPlanView::rebuild(const std::vector<Selection> &keep)
{
    // Forget the items before they go: clearing the scene emits selectionChanged while it
    // deletes them, and nothing may look at them then.
    m_rackItems.clear();
    m_rowItems.clear();
    m_rowLabels.clear();
    {
        const QSignalBlocker blocker(scene());
        scene()->clear();
    }
    if (!m_evaluation || m_evaluation->failed)
        return;
    const LayoutResult &layout = m_evaluation->result.layout;
    if (m_hall < 0 || m_hall >= int(layout.halls.size()))
        return;
    m_rebuilding = true;
    const LayoutHall &hall = layout.halls[m_hall];
    const bool hallInProject = m_hall < int(m_project.halls.size());
    const int pinnedRows = hallInProject ? int(m_project.halls[m_hall].rows.size()) : 0;

    auto *floor = scene()->addRect(0, 0, hall.widthM * kScale, hall.lengthM * kScale,
                                   QPen(QColor(0x55, 0x55, 0x55), 0), QColor(0xff, 0xff, 0xfb));
    floor->setZValue(-10);
    // A 1 m grid helps judge aisles by eye.
    // Grid and rack outlines are to scale (2 cm): zoomed out they fade instead of covering the
    // racks' colours; zoomed in they are crisp.
    const QPen gridPen(QColor(0xdc, 0xdc, 0xd4), 2);
    for (int x = 1; x < hall.widthM; ++x)
        scene()->addLine(x * kScale, 0, x * kScale, hall.lengthM * kScale, gridPen)->setZValue(-9);
    for (int y = 1; y < hall.lengthM; ++y)
        scene()->addLine(0, y * kScale, hall.widthM * kScale, y * kScale, gridPen)->setZValue(-9);
    const UnitConversion length = conversionFor("m", Dimension::Length, displayUnits());
    auto *title = scene()->addSimpleText(tr("Hall %1 — %2 × %3 %4")
                                             .arg(QString::fromStdString(hall.id))
                                             .arg(length.shown(hall.widthM), 0, 'g', 4)
                                             .arg(length.shown(hall.lengthM), 0, 'g', 4)
                                             .arg(QString::fromStdString(length.unit)));
    // Labels keep their size on screen at every zoom (they are annotations, not to scale).
    title->setFlag(QGraphicsItem::ItemIgnoresTransformations);
    title->setTransform(QTransform::fromTranslate(0, -title->boundingRect().height() - 4));
    QFont titleFont = title->font();
    titleFont.setBold(true);
    title->setFont(titleFont);

    for (int r = 0; r < int(hall.rows.size()); ++r) {
        const LayoutRow &row = hall.rows[r];
        double minX = 1e18, maxX = -1e18, minY = 1e18, maxY = -1e18;
        for (int index : row.racks) {
            const PlacedRack &rack = layout.racks[index];
            minX = std::min(minX, rack.xM - rack.widthM / 2);
            maxX = std::max(maxX, rack.xM + rack.widthM / 2);
            minY = std::min(minY, rack.yM);
            maxY = std::max(maxY, rack.yM + rack.depthM);
        }
        if (row.racks.empty()) {
            minX = row.xM;
            maxX = row.xM + 0.6;
            minY = row.yM;
            maxY = row.yM + 1.2;
        }
        // The row item sits at its origin; racks are its children, so dragging the row moves
        // them with it.
        const QPointF origin(row.xM * kScale, row.yM * kScale);
        const double pad = 0.08 * kScale;
        auto *rowItem = new QGraphicsRectItem(
            minX * kScale - origin.x() - pad, minY * kScale - origin.y() - pad,
            (maxX - minX) * kScale + 2 * pad, (maxY - minY) * kScale + 2 * pad);
        rowItem->setPos(origin);
        QPen rowPen(QColor(0x40, 0x40, 0x40), 0, r >= pinnedRows ? Qt::DashLine : Qt::SolidLine);
        rowItem->setPen(rowPen);
        rowItem->setBrush(Qt::NoBrush);
        rowItem->setFlags(QGraphicsItem::ItemIsSelectable | QGraphicsItem::ItemIsMovable);
        rowItem->setData(KindKey, RowItem);
        rowItem->setData(IndexKey, r);
        rowItem->setToolTip(tr("Row %1: %n rack(s)%2", nullptr, int(row.racks.size()))
                                .arg(QString::fromStdString(row.id),
                                     r >= pinnedRows ? tr(" (automatic layout)") : QString()));
        scene()->addItem(rowItem);
        m_rowItems.push_back(rowItem);

        auto *label = new QGraphicsSimpleTextItem(QString::fromStdString(row.id), rowItem);
        m_rowLabels.push_back(label);
        label->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        label->setPos(minX * kScale - origin.x() - pad, (minY + maxY) / 2 * kScale - origin.y());
        label->setTransform(QTransform::fromTranslate(-label->boundingRect().width() - 4,
                                                      -label->boundingRect().height() / 2));

        for (int s = 0; s < int(row.racks.size()); ++s) {
            const int index = row.racks[s];
            const PlacedRack &rack = layout.racks[index];
            auto *item =
                new QGraphicsRectItem((rack.xM - rack.widthM / 2) * kScale - origin.x() + 1,
                                      rack.yM * kScale - origin.y(), rack.widthM * kScale - 2,
                                      rack.depthM * kScale, rowItem);
            item->setPen(kRackOutline);
            item->setFlags(QGraphicsItem::ItemIsSelectable | QGraphicsItem::ItemIsMovable);
            item->setData(KindKey, RackItem);
            item->setData(IndexKey, index);
            item->setData(RowKey, r);
            // The tooltip is composed when asked for (viewportEvent): 40,000 racks of a 1M-GPU
            // site are not formatted on every evaluation.
            m_rackItems.emplace_back(index, item);
        }
    }
    m_minRowGap = 1e18;
    for (int r = 1; r < int(hall.rows.size()); ++r)
        m_minRowGap =
            std::min(m_minRowGap, std::abs(hall.rows[r].yM - hall.rows[r - 1].yM) * kScale);
    recolour();
    m_rebuilding = false;
    // Room around the hall for the labels, which keep their pixel size at every zoom.
    const double margin = 0.08 * std::max(hall.widthM, hall.lengthM) * kScale + 2 * kScale;
    scene()->setSceneRect(QRectF(0, 0, hall.widthM * kScale, hall.lengthM * kScale)
                              .adjusted(-margin, -margin, margin, margin));
    for (const Selection &s : keep)
        select(s);
    if (m_fitPending) {
        m_fitPending = false;
        zoomToFit();
    }
    updateLabels();
}

QColor FloorPlanView::colourFor(int layoutRack) const
{
    const LayoutResult &layout = m_evaluation->result.layout;
    const PlacedRack &rack = layout.racks[layoutRack];
    const Catalog *catalog = m_evaluation->catalog.get();
    switch (m_colourBy) {
    case ColourBy::Role:
        return roleColour(rack.role);
    case ColourBy::Pool: {
        if (rack.role != RackRole::Compute)
            return kNoData;
        for (int i = 0; i < int(layout.pools.size()); ++i) {
            if (layout.pools[i].pool == rack.pool)
                return poolColour(i);
        }
        return kNoData;
    }
    case ColourBy::Cooling: {
        const RackType *type = catalog ? catalog->rackType(rack.rackType) : nullptr;
        if (!type)
            return kNoData;
        return type->liquidCooled ? QColor(0x00, 0x89, 0x7b) : QColor(0x90, 0xca, 0xf9);
    }
    case ColourBy::PowerDensity: {
        const std::vector<RackPower> &powers = m_evaluation->result.power.racks;
        if (powers.size() == layout.racks.size()) { // the power solver's per-rack peak
            const double kW = powers[layoutRack].peakW() / 1000.0;
            for (const DensityBand &band : kDensityBands) {
                if (kW < band.upToKW)
                    return band.colour;
            }
            return kNoData;
        }
        if (rack.role != RackRole::Compute || !catalog)
            return kNoData;
        const Server *server = nullptr;
        for (const PoolLayout &pool : layout.pools) {
            if (pool.pool == rack.pool)
                server = catalog->server(pool.server);
        }
        if (!server)
            return kNoData;
        const double kW = rack.servers * server->maxPowerW / 1000.0;
        for (const DensityBand &band : kDensityBands) {
            if (kW < band.upToKW)
                return band.colour;
        }
        return kNoData;
    }
    case ColourBy::Violations: {
        int worst = 0; // 3 the rack itself, 2 its row, 1 its hall
        const std::vector<RackPower> &powers = m_evaluation->result.power.racks;
        if (powers.size() == layout.racks.size() && powers[layoutRack].violations != 0)
            worst = 3;
        for (const Selection &s : m_violationParts) {
            if (s.kind == Selection::Kind::Rack && s.hall == rack.hall && s.row == rack.row &&
                s.slot == rack.slot)
                worst = 3;
            else if (s.kind == Selection::Kind::Row && s.hall == rack.hall && s.row == rack.row)
                worst = std::max(worst, 2);
            else if (s.kind == Selection::Kind::Hall && s.hall == rack.hall)
                worst = std::max(worst, 1);
        }
        static const QColor colours[] = {QColor(0xdd, 0xee, 0xdd), QColor(0xff, 0xe0, 0x82),
                                         QColor(0xff, 0x98, 0x00), QColor(0xd3, 0x2f, 0x2f)};
        return colours[worst];
    }
    }
    return kNoData;
}

void FloorPlanView::recolour()
{
    m_legend.clear();
    switch (m_colourBy) {
    case ColourBy::Role:
        for (RackRole role :
             {RackRole::Compute, RackRole::Network, RackRole::Storage, RackRole::Management})
            m_legend.push_back({roleColour(role), QString::fromLatin1(toString(role))});
        break;
    case ColourBy::Pool:
        if (m_evaluation) {
            const auto &pools = m_evaluation->result.layout.pools;
            for (int i = 0; i < int(pools.size()); ++i)
                m_legend.push_back({poolColour(i), QString::fromStdString(pools[i].pool)});
        }
        m_legend.push_back({kNoData, tr("not compute")});
        break;
    case ColourBy::Cooling:
        m_legend = {{QColor(0x00, 0x89, 0x7b), tr("liquid-cooled rack")},
                    {QColor(0x90, 0xca, 0xf9), tr("air-cooled rack")},
                    {kNoData, tr("unknown rack type")}};
        break;
    case ColourBy::PowerDensity:
        for (const DensityBand &band : kDensityBands)
            m_legend.push_back({band.colour, QString::fromUtf8(band.label)});
        m_legend.push_back({kNoData, tr("no estimate")});
        break;
    case ColourBy::Violations:
        m_legend = {{QColor(0xd3, 0x2f, 0x2f), tr("rack violation")},
                    {QColor(0xff, 0x98, 0x00), tr("row violation")},
                    {QColor(0xff, 0xe0, 0x82), tr("hall violation")},
                    {QColor(0xdd, 0xee, 0xdd), tr("no violation")}};
        break;
    }
    if (!m_evaluation)
        return;
    m_violationParts.clear();
    if (m_colourBy == ColourBy::Violations) {
        for (const Diagnostic &d : m_evaluation->result.diagnostics.items())
            m_violationParts.push_back(
                selectionForDiagnostic(d.jsonPath, d.message, &m_evaluation->result.layout));
    }
    for (auto &[index, item] : m_rackItems)
        item->setBrush(colourFor(index));
}

void FloorPlanView::select(const Selection &selection)
{
    QGraphicsItem *target = nullptr;
    if (selection.hall == m_hall) {
        if (selection.kind == Selection::Kind::Rack) {
            for (auto &[index, item] : m_rackItems) {
                if (item->data(RowKey).toInt() == selection.row &&
                    m_evaluation->result.layout.racks[index].slot == selection.slot)
                    target = item;
            }
        } else if (selection.kind == Selection::Kind::Row && selection.row >= 0 &&
                   selection.row < int(m_rowItems.size())) {
            target = m_rowItems[selection.row];
        }
    }
    const bool wasRebuilding = m_rebuilding;
    m_rebuilding = true; // programmatic: do not echo partSelected
    scene()->clearSelection();
    if (target) {
        target->setSelected(true);
        ensureVisible(target, 40, 40);
    }
    m_rebuilding = wasRebuilding;
    updateHighlight();
}

std::vector<Selection> FloorPlanView::selectedParts() const
{
    std::vector<Selection> parts;
    if (!m_evaluation)
        return parts;
    for (QGraphicsItem *item : scene()->selectedItems()) {
        const int kind = item->data(KindKey).toInt();
        const int index = item->data(IndexKey).toInt();
        if (kind == RackItem) {
            const PlacedRack &rack = m_evaluation->result.layout.racks[index];
            parts.push_back(rackSelection(rack.hall, rack.row, rack.slot));
        } else if (kind == RowItem) {
            parts.push_back(rowSelection(m_hall, index));
        }
    }
    return parts;
}

// Selected parts get a thick outline that stays visible at every zoom.
void FloorPlanView::updateHighlight()
{
    QPen selected(QColor(0xc0, 0x00, 0x60), 3);
    selected.setCosmetic(true); // 3 pixels at every zoom
    for (auto &[index, item] : m_rackItems)
        item->setPen(item->isSelected() ? selected : kRackOutline);
    for (QGraphicsRectItem *row : m_rowItems) {
        QPen pen = row->pen();
        pen.setColor(row->isSelected() ? QColor(0xc0, 0x00, 0x60) : QColor(0x40, 0x40, 0x40));
        pen.setWidth(row->isSelected() ? 3 : 0);
        pen.setCosmetic(true);
        row->setPen(pen);
    }
}

void FloorPlanView::onSceneSelectionChanged()
{
    updateHighlight();
    if (m_rebuilding)
        return;
    const std::vector<Selection> parts = selectedParts();
    if (parts.size() == 1)
        emit partSelected(parts.front());
}

void FloorPlanView::zoomToFit()
{
    if (!scene()->items().isEmpty())
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    updateLabels();
}

// Row labels keep their pixel size; where rows are closer on screen than a line of text they
// would overlap, so they show only from the zoom at which they fit.
void FloorPlanView::updateLabels()
{
    const bool fit = transform().m11() * m_minRowGap >= fontMetrics().height() + 2;
    for (QGraphicsSimpleTextItem *label : m_rowLabels)
        label->setVisible(fit);
}

void FloorPlanView::zoomBy(double factor)
{
    const double current = transform().m11();
    // Between a whole campus and a single rack filling the view.
    const double next = std::clamp(current * factor, 0.005, 20.0);
    scale(next / current, next / current);
    updateLabels();
}

void FloorPlanView::wheelEvent(QWheelEvent *event)
{
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

void FloorPlanView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panStart = event->position().toPoint();
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void FloorPlanView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint delta = event->position().toPoint() - m_panStart;
        m_panStart = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void FloorPlanView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton)
        finishDrag();
}

void FloorPlanView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return;
    case Qt::Key_0:
        zoomToFit();
        return;
    default:
        QGraphicsView::keyPressEvent(event);
    }
}

std::vector<RackMoveStep> rackBlockMoves(int row, int rowSize, const QList<int> &rackSlots,
                                         int toRow, int toRowSize, int toSlot)
{
    QList<int> moving = rackSlots;
    std::sort(moving.begin(), moving.end());
    moving.erase(std::unique(moving.begin(), moving.end()), moving.end());
    if (moving.isEmpty() || moving.front() < 0 || moving.back() >= rowSize)
        return {};
    // Racks by identity: the source row's racks are 0 .. rowSize-1, another target row's are
    // negative, so positions can be looked up as the moves are applied one after another.
    std::vector<int> source(static_cast<std::size_t>(rowSize));
    for (int i = 0; i < rowSize; ++i)
        source[std::size_t(i)] = i;
    std::vector<int> otherTarget;
    const bool sameRow = row == toRow;
    if (!sameRow) {
        otherTarget.resize(std::size_t(std::max(0, toRowSize)));
        for (int i = 0; i < int(otherTarget.size()); ++i)
            otherTarget[std::size_t(i)] = -1 - i;
    }
    std::vector<int> &target = sameRow ? source : otherTarget;
    std::vector<int> staying; // racks of the target row that do not move, in order
    for (int id : target) {
        if (!(id >= 0 && sameRow && moving.contains(id)))
            staying.push_back(id);
    }
    toSlot = std::clamp(toSlot, 0, int(staying.size()));
    const auto positionOf = [](const std::vector<int> &racks, int id) {
        return int(std::find(racks.begin(), racks.end(), id) - racks.begin());
    };
    if (sameRow) {
        bool unchanged = true;
        for (int i = 0; i < int(moving.size()); ++i)
            unchanged = unchanged && moving[i] == moving.front() + i;
        if (unchanged && moving.front() == toSlot)
            return {};
    }
    // Each rack goes right after the one before it in the final order (the first after the
    // staying rack that precedes the block): racks that do not move keep their order, so the
    // block ends up whole at `toSlot` whatever the order of the single moves.
    std::vector<RackMoveStep> steps;
    int previous = toSlot > 0 ? staying[std::size_t(toSlot - 1)] : INT_MIN;
    for (int id : moving) {
        const int from = positionOf(source, id);
        source.erase(source.begin() + from);
        const int to = previous == INT_MIN ? 0 : positionOf(target, previous) + 1;
        target.insert(target.begin() + to, id);
        steps.push_back({row, from, toRow, to});
        previous = id;
    }
    return steps;
}

void FloorPlanView::refuseDrag(const QString &reason)
{
    QToolTip::showText(QCursor::pos(), reason, this);
    emit moveRefused(reason);
}

// A drag ended: the racks or rows that moved become one move request; the scene snaps back
// until the result of the edit arrives. Qt moves every selected movable item with the one
// dragged (a rack inside a selected row moves with its row), so whatever moved was selected.
void FloorPlanView::finishDrag()
{
    if (!m_evaluation || m_evaluation->failed)
        return;
    const LayoutResult &layout = m_evaluation->result.layout;
    if (m_hall < 0 || m_hall >= int(layout.halls.size()))
        return;
    const LayoutHall &hall = layout.halls[m_hall];
    struct MovedRack
    {
        int index;
        QPointF centre; // metres, hall coordinates, where it was dropped
    };
    std::vector<MovedRack> racks;
    for (auto &[index, item] : m_rackItems) {
        if (item->pos() == QPointF())
            continue;
        racks.push_back({index, item->mapToScene(item->rect().center()) / kScale});
        item->setPos(0, 0);
    }
    std::vector<std::pair<int, QPointF>> rows; // (row, offset in metres)
    for (int r = 0; r < int(m_rowItems.size()) && r < int(hall.rows.size()); ++r) {
        QGraphicsRectItem *item = m_rowItems[r];
        const QPointF origin(hall.rows[r].xM * kScale, hall.rows[r].yM * kScale);
        if (item->pos() == origin)
            continue;
        rows.emplace_back(r, (item->pos() - origin) / kScale);
        item->setPos(origin);
    }
    if (racks.empty() && rows.empty())
        return;
    if (!racks.empty() && !rows.empty()) {
        refuseDrag(tr("Rows and single racks cannot be moved together: select only rows, or "
                      "only racks of one row."));
        return;
    }

    if (rows.size() == 1) {
        const LayoutRow &row = hall.rows[rows.front().first];
        const QPointF moved = QPointF(row.xM, row.yM) + rows.front().second;
        // Whole centimetres: the project file stays readable.
        const double x = std::max(0.0, std::round(moved.x() * 100) / 100);
        const double y = std::max(0.0, std::round(moved.y() * 100) / 100);
        emit rowMoveRequested(m_hall, rows.front().first, x, y);
        return;
    }
    if (rows.size() > 1) {
        // Qt moves them all by the same offset; it stays rigid: whole centimetres, and cut
        // where it would take a row past the hall's origin.
        double dx = std::round(rows.front().second.x() * 100) / 100;
        double dy = std::round(rows.front().second.y() * 100) / 100;
        QList<int> indices;
        for (const auto &[r, offset] : rows) {
            indices.push_back(r);
            dx = std::max(dx, -hall.rows[r].xM);
            dy = std::max(dy, -hall.rows[r].yM);
        }
        if (dx == 0 && dy == 0)
            return;
        emit rowsMoveRequested(m_hall, indices, dx, dy);
        return;
    }

    // Racks: the leftmost (lowest slot) of them decides where the block goes.
    const int fromRow = layout.racks[std::size_t(racks.front().index)].row;
    for (const MovedRack &m : racks) {
        if (layout.racks[std::size_t(m.index)].row != fromRow) {
            refuseDrag(tr("Racks of different rows cannot be moved together: select racks of "
                          "one row, or select whole rows."));
            return;
        }
    }
    std::sort(racks.begin(), racks.end(), [&](const MovedRack &a, const MovedRack &b) {
        return layout.racks[std::size_t(a.index)].slot < layout.racks[std::size_t(b.index)].slot;
    });
    const PlacedRack &lead = layout.racks[std::size_t(racks.front().index)];
    const QPointF centre = racks.front().centre;
    // The nearest row (by the middle of its racks' depth) takes the racks.
    int toRow = -1;
    double best = 1e18;
    for (int r = 0; r < int(hall.rows.size()); ++r) {
        const double middle = hall.rows[r].yM + lead.depthM / 2;
        const double distance = std::abs(middle - centre.y());
        if (distance < best) {
            best = distance;
            toRow = r;
        }
    }
    if (toRow < 0)
        return;
    const auto moving = [&](int index) {
        return std::any_of(racks.begin(), racks.end(),
                           [index](const MovedRack &m) { return m.index == index; });
    };
    int toSlot = 0;
    for (int other : hall.rows[toRow].racks) {
        if (!moving(other) && layout.racks[std::size_t(other)].xM < centre.x())
            ++toSlot;
    }
    if (racks.size() == 1) {
        if (toRow == lead.row && toSlot == lead.slot)
            return;
        emit rackMoveRequested(m_hall, lead.row, lead.slot, toRow, toSlot);
        return;
    }
    QList<int> rackSlots;
    for (const MovedRack &m : racks)
        rackSlots.push_back(layout.racks[std::size_t(m.index)].slot);
    if (rackBlockMoves(fromRow, int(hall.rows[fromRow].racks.size()), rackSlots, toRow,
                       int(hall.rows[toRow].racks.size()), toSlot)
            .empty())
        return;
    emit racksMoveRequested(m_hall, fromRow, rackSlots, toRow, toSlot);
}

// ------------------------------------------------------------------ FloorPlanPanel

FloorPlanPanel::FloorPlanPanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new FloorPlanView(this))
    , m_hallBox(new QComboBox(this))
    , m_colourBox(new QComboBox(this))
    , m_legend(new QLabel(this))
    , m_deleteRow(new QToolButton(this))
{
    auto *bar = new QHBoxLayout;
    auto *hallLabel = new QLabel(tr("&Hall:"), this);
    hallLabel->setBuddy(m_hallBox);
    auto *colourLabel = new QLabel(tr("&Colour by:"), this);
    colourLabel->setBuddy(m_colourBox);
    m_hallBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_hallBox->setMinimumContentsLength(16);
    m_colourBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_colourBox->addItem(tr("Rack role"), int(ColourBy::Role));
    m_colourBox->addItem(tr("Compute pool"), int(ColourBy::Pool));
    m_colourBox->addItem(tr("Liquid / air"), int(ColourBy::Cooling));
    m_colourBox->addItem(tr("Power density"), int(ColourBy::PowerDensity));
    m_colourBox->addItem(tr("Violations"), int(ColourBy::Violations));
    m_colourBox->setToolTip(tr("Metric the racks are coloured by. Power density is each rack's "
                               "peak IT power from the power solver, in kW (the servers' catalog "
                               "maximum when the power solver has not run)."));
    auto *fit = new QToolButton(this);
    fit->setText(tr("Fit"));
    fit->setToolTip(tr("Zoom to the whole hall (0)"));
    auto *insertRow = new QToolButton(this);
    insertRow->setText(tr("Insert row"));
    insertRow->setToolTip(tr("Add an empty row after the last row of this hall (pins the "
                             "automatic layout first)"));
    m_deleteRow->setText(tr("Delete row"));
    m_deleteRow->setToolTip(tr("Delete the selected row and its racks"));
    m_deleteRow->setEnabled(false);
    bar->addWidget(hallLabel);
    bar->addWidget(m_hallBox);
    bar->addSpacing(12);
    bar->addWidget(colourLabel);
    bar->addWidget(m_colourBox);
    bar->addSpacing(12);
    bar->addWidget(fit);
    bar->addWidget(insertRow);
    bar->addWidget(m_deleteRow);
    bar->addStretch(1);
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);

    connect(m_hallBox, &QComboBox::activated, this, [this](int index) { m_view->setHall(index); });
    connect(m_colourBox, &QComboBox::activated, this, [this](int index) {
        m_view->setColourBy(ColourBy(m_colourBox->itemData(index).toInt()));
        updateLegend();
    });
    connect(fit, &QToolButton::clicked, m_view, &FloorPlanView::zoomToFit);
    connect(insertRow, &QToolButton::clicked, this,
            [this] { emit insertRowRequested(m_view->hall()); });
    connect(m_deleteRow, &QToolButton::clicked, this, [this] {
        for (const Selection &s : m_view->selectedParts()) {
            if (s.kind == Selection::Kind::Row) {
                emit deleteRowRequested(s.hall, s.row);
                return;
            }
        }
    });
    connect(m_view->scene(), &QGraphicsScene::selectionChanged, this, [this] {
        bool row = false;
        for (const Selection &s : m_view->selectedParts())
            row = row || s.kind == Selection::Kind::Row;
        m_deleteRow->setEnabled(row);
    });
    updateLegend();
}

void FloorPlanPanel::setEvaluation(const Project &project,
                                   std::shared_ptr<const Evaluation> evaluation)
{
    QStringList halls;
    if (evaluation && !evaluation->failed) {
        for (const LayoutHall &hall : evaluation->result.layout.halls)
            halls << tr("%1 (%2)").arg(
                QString::fromStdString(hall.id),
                QString::fromStdString(hall.name.empty() ? "generated" : hall.name));
    }
    QStringList current;
    for (int i = 0; i < m_hallBox->count(); ++i)
        current << m_hallBox->itemText(i);
    if (current != halls) {
        m_hallBox->clear();
        m_hallBox->addItems(halls);
    }
    if (m_view->hall() >= halls.size())
        m_view->setHall(0);
    m_hallBox->setCurrentIndex(m_view->hall());
    m_view->setEvaluation(project, std::move(evaluation));
    updateLegend();
}

void FloorPlanPanel::setColourBy(ColourBy colourBy)
{
    m_colourBox->setCurrentIndex(m_colourBox->findData(int(colourBy)));
    m_view->setColourBy(colourBy);
    updateLegend();
}

void FloorPlanPanel::showHall(int hall)
{
    if (hall < 0 || hall >= m_hallBox->count() || hall == m_view->hall())
        return;
    m_hallBox->setCurrentIndex(hall);
    m_view->setHall(hall);
}

void FloorPlanPanel::updateLegend()
{
    QString html;
    for (const LegendEntry &entry : m_view->legend())
        html += QStringLiteral("<span style='background-color:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span>"
                               "&nbsp;%2&nbsp;&nbsp;&nbsp; ")
                    .arg(entry.colour.name(), entry.label.toHtmlEscaped());
    html += tr("&nbsp; Dashed rows: automatic layout (not pinned).");
    m_legend->setText(html);
}

} // namespace aidc::ui

// SPDX-License-Identifier: Apache-2.0
#include "siteview.h"

#include "displaysettings.h"
#include "evaluator.h"
#include "qtext.h"

#include "solvers/common/reportformat.h"
#include "solvers/fabric/fabric.h"

#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

#include <cmath>

namespace aidc::ui {

namespace {

constexpr double kScale = 10; // scene units per metre
constexpr int kHallKey = 0;   // item data: the hall index

// "A: 26 × 180 m, 1141 racks, IT 36.60 MW of 42.00 MW" in the display's length unit.
QString hallSummary(const LayoutResult &layout, const PowerResult &power, std::size_t h)
{
    const UnitConversion length = conversionFor("m", Dimension::Length, displayUnits());
    const LayoutHall &hall = layout.halls[h];
    int racks = 0;
    for (const LayoutRow &row : hall.rows)
        racks += int(row.racks.size());
    QString line = SitePanel::tr("%1: %2 × %3 %4, %n rack(s)", nullptr, racks)
                       .arg(q(hall.id))
                       .arg(length.shown(hall.widthM), 0, 'g', 4)
                       .arg(length.shown(hall.lengthM), 0, 'g', 4)
                       .arg(q(length.unit));
    if (h < power.halls.size()) {
        line += SitePanel::tr(", IT %1").arg(q(formatPower(power.halls[h].peakW)));
        if (power.halls[h].powerCapacityW)
            line += SitePanel::tr(" of %1").arg(q(formatPower(*power.halls[h].powerCapacityW)));
    }
    return line;
}

} // namespace

double hallDistanceM(const LayoutResult &layout, int a, int b)
{
    const LayoutHall &ha = layout.halls.at(std::size_t(a));
    const LayoutHall &hb = layout.halls.at(std::size_t(b));
    return std::abs(ha.originXM - hb.originXM) + std::abs(ha.originYM - hb.originYM);
}

SiteView::SiteView(QWidget *parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::NoDrag);
    setToolTip(tr("The site: every hall where the layout placed it. Click a hall to select it."));
}

void SiteView::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = std::move(evaluation);
    rebuild();
}

void SiteView::rebuild()
{
    scene()->clear();
    m_halls = 0;
    if (!m_evaluation || m_evaluation->failed)
        return;
    const LayoutResult &layout = m_evaluation->result.layout;
    const PowerResult &power = m_evaluation->result.power;
    const DisplayUnits &units = displayUnits();
    const UnitConversion length = conversionFor("m", Dimension::Length, units);
    const QPen hallPen(QColor(0x55, 0x55, 0x55), 0);
    const QPen rowPen(QColor(0x6b, 0x8e, 0xb8), 0);
    for (int h = 0; h < int(layout.halls.size()); ++h) {
        const LayoutHall &hall = layout.halls[std::size_t(h)];
        auto *rect =
            scene()->addRect(hall.originXM * kScale, hall.originYM * kScale, hall.widthM * kScale,
                             hall.lengthM * kScale, hallPen, QColor(0xff, 0xff, 0xfb));
        rect->setData(kHallKey, h);
        for (const LayoutRow &row : hall.rows) {
            auto *r = scene()->addRect((hall.originXM + row.xM) * kScale,
                                       (hall.originYM + row.yM) * kScale,
                                       std::max(row.lengthM, 0.6) * kScale, 1.2 * kScale, rowPen,
                                       QColor(0xc9, 0xd8, 0xea));
            r->setData(kHallKey, h);
        }
        QString tip = hallSummary(layout, power, std::size_t(h));
        if (std::size_t(h) < power.halls.size())
            tip += tr("\nheat %1").arg(q(formatHeat(power.halls[std::size_t(h)].heatW, units)));
        QStringList distances;
        for (int o = 0; o < int(layout.halls.size()); ++o)
            if (o != h)
                distances << tr("%1 %2 %3")
                                 .arg(q(layout.halls[std::size_t(o)].id))
                                 .arg(length.shown(hallDistanceM(layout, h, o)), 0, 'f', 0)
                                 .arg(q(length.unit));
        if (!distances.isEmpty())
            tip +=
                tr("\nto the other halls' origins: %1").arg(distances.join(QStringLiteral(", ")));
        rect->setToolTip(tip);
        // The id only: halls side by side leave no room for more at every zoom; the panel lists
        // each hall's figures under the drawing.
        auto *label = scene()->addSimpleText(q(hall.id));
        QFont bold = label->font();
        bold.setBold(true);
        label->setFont(bold);
        label->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        label->setPos((hall.originXM + 1) * kScale, (hall.originYM + 1) * kScale);
        label->setData(kHallKey, h);
        label->setZValue(2);
        ++m_halls;
    }
    scene()->setSceneRect(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20));
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

void SiteView::mousePressEvent(QMouseEvent *event)
{
    for (QGraphicsItem *item = itemAt(event->pos()); item; item = item->parentItem()) {
        const QVariant hall = item->data(kHallKey);
        if (hall.isValid()) {
            emit hallChosen(hall.toInt());
            return;
        }
    }
    QGraphicsView::mousePressEvent(event);
}

void SiteView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (scene() && !scene()->items().isEmpty())
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
}

SitePanel::SitePanel(QWidget *parent)
    : QWidget(parent)
    , m_view(new SiteView(this))
    , m_distances(new QLabel(this))
{
    m_distances->setWordWrap(true);
    m_distances->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_distances);
}

void SitePanel::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    m_view->setEvaluation(evaluation);
    if (!evaluation || evaluation->failed) {
        m_distances->setText(tr("No site yet: the project has not been evaluated."));
        return;
    }
    const LayoutResult &layout = evaluation->result.layout;
    const PowerResult &power = evaluation->result.power;
    const UnitConversion length = conversionFor("m", Dimension::Length, displayUnits());
    QStringList halls;
    for (std::size_t h = 0; h < layout.halls.size(); ++h)
        halls << hallSummary(layout, power, h);
    QStringList pairs;
    for (int a = 0; a < int(layout.halls.size()); ++a)
        for (int b = a + 1; b < int(layout.halls.size()); ++b)
            pairs << tr("%1–%2 %3")
                         .arg(q(layout.halls[std::size_t(a)].id),
                              q(layout.halls[std::size_t(b)].id))
                         .arg(length.shown(hallDistanceM(layout, a, b)), 0, 'f', 0);
    const double assumed = FabricOptions().cabling.interHallAllowanceM;
    const QString summary = halls.join(QStringLiteral("; ")) + QLatin1Char('.');
    if (pairs.isEmpty()) {
        m_distances->setText(summary + tr(" One hall: no cable leaves it."));
        return;
    }
    m_distances->setText(
        summary + QLatin1Char('\n') +
        tr("Between hall origins, along the site's axes (%1): %2. The fabric routes a link "
           "between two halls out of the front walls and along the corridor between the two "
           "racks' places on the site, plus %3 %1 to leave one hall and enter the other [U].")
            .arg(q(length.unit), pairs.join(QStringLiteral(", ")))
            .arg(length.shown(assumed), 0, 'f', 0));
}

QString SitePanel::distancesText() const
{
    return m_distances->text();
}

} // namespace aidc::ui

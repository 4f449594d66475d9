// SPDX-License-Identifier: Apache-2.0
#include "rackelevation.h"

#include <QPainter>

#include <algorithm>

namespace aidc::ui {

// ------------------------------------------------------------------ view

RackElevationView::RackElevationView(QWidget *parent)
    : QWidget(parent)
{
    setToolTip(tr("Rack elevation of the selected rack: U positions from the bottom"));
    setMinimumWidth(260);
}

void RackElevationView::setElevation(const RackElevation &elevation)
{
    m_elevation = elevation;
    m_empty = false;
    update();
}

void RackElevationView::clear()
{
    m_elevation = {};
    m_empty = true;
    update();
}

QSize RackElevationView::sizeHint() const
{
    return {340, 640};
}

QSize RackElevationView::minimumSizeHint() const
{
    return {260, 320};
}

void RackElevationView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QFontMetrics fm(font());
    if (m_empty) {
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   tr("Select a rack on the floor plan or in the project tree to see its "
                      "elevation."));
        return;
    }
    const int margin = 8;
    const int titleHeight = fm.height() * 2 + 4;
    const int notesHeight = int(m_elevation.notes.size()) * (fm.height() * 2) + 4;
    const int gutter = fm.horizontalAdvance(QStringLiteral("42")) + 8;
    const QRect frame(margin + gutter, margin + titleHeight, width() - 2 * margin - gutter,
                      height() - 2 * margin - titleHeight - notesHeight);
    p.drawText(
        QRect(margin, margin, width() - 2 * margin, titleHeight),
        Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
        tr("Rack %1 — %2 (%3U)")
            .arg(QString::fromStdString(m_elevation.rackId),
                 QString::fromStdString(m_elevation.rackType.empty() ? std::string("default type")
                                                                     : m_elevation.rackType))
            .arg(m_elevation.heightU));
    if (frame.height() < 40)
        return;
    const double uHeight = double(frame.height()) / m_elevation.heightU;
    auto yOf = [&](int u) {
        return frame.bottom() - u * uHeight;
    }; // top edge of U `u`
    p.setPen(QColor(0x30, 0x30, 0x30));
    p.setBrush(QColor(0xfa, 0xfa, 0xfa));
    p.drawRect(frame);
    p.setPen(QColor(0xd0, 0xd0, 0xd0));
    for (int u = 1; u < m_elevation.heightU; ++u)
        p.drawLine(QPointF(frame.left(), yOf(u)), QPointF(frame.right(), yOf(u)));
    p.setPen(palette().color(QPalette::WindowText));
    const int labelEvery = uHeight < fm.height() ? (uHeight * 2 < fm.height() ? 5 : 2) : 1;
    for (int u = 1; u <= m_elevation.heightU; ++u) {
        if (u % labelEvery != 0 && u != 1)
            continue;
        p.drawText(QRectF(margin, yOf(u), gutter - 4, uHeight), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(u));
    }
    for (const ElevationItem &item : m_elevation.items) {
        QColor fill;
        switch (item.kind) {
        case ElevationItem::Kind::Server:
            fill = QColor(0x4a, 0x7f, 0xc1);
            break;
        case ElevationItem::Kind::Switch:
            fill = QColor(0xe8, 0x8a, 0x2e);
            break;
        case ElevationItem::Kind::Appliance:
            fill = QColor(0x7b, 0x52, 0xab);
            break;
        case ElevationItem::Kind::PatchPanel:
            fill = QColor(0xb0, 0xb0, 0xb0);
            break;
        case ElevationItem::Kind::PowerShelf:
            fill = QColor(0xc6, 0x28, 0x28);
            break;
        case ElevationItem::Kind::Storage:
            fill = QColor(0x4c, 0xa6, 0x5a);
            break;
        case ElevationItem::Kind::Blank:
            fill = QColor(0xee, 0xee, 0xee);
            break;
        }
        const QRectF box(frame.left() + 2, yOf(item.firstU + item.heightU - 1), frame.width() - 4,
                         item.heightU * uHeight - 1);
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.setBrush(fill);
        p.drawRect(box);
        // Labels shrink with the units down to a legible 7 px, so a 1U switch keeps its name
        // in a short window.
        QFont font = p.font();
        if (box.height() < fm.height() * 0.8)
            font.setPixelSize(std::max(1, int(box.height() * 0.8)));
        if (box.height() >= fm.height() * 0.8 || font.pixelSize() >= 7) {
            const QFontMetrics labelMetrics(font);
            p.save();
            p.setFont(font);
            p.setPen(item.kind == ElevationItem::Kind::PatchPanel ? Qt::black : Qt::white);
            p.drawText(box.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       labelMetrics.elidedText(QString::fromStdString(item.label), Qt::ElideRight,
                                               int(box.width()) - 8));
            p.restore();
        }
    }
    p.setPen(palette().color(QPalette::WindowText));
    int y = frame.bottom() + 4;
    for (const std::string &note : m_elevation.notes) {
        const QRect noteRect(margin, y, width() - 2 * margin, fm.height() * 2);
        p.drawText(noteRect, Qt::AlignLeft | Qt::TextWordWrap, QString::fromStdString(note));
        y += fm.height() * 2;
    }
}

} // namespace aidc::ui

#include "rackelevation.h"

#include "model/enumnames.h"

#include <QPainter>

#include <algorithm>

namespace aidc::ui {

namespace {

// Fills `items` from the top down (patching and leaves sit at the top of a rack).
class Stacker
{
public:
    Stacker(RackElevation &elevation, int bottomU)
        : m_e(elevation)
        , m_bottom(bottomU)
        , m_top(elevation.heightU)
    {
    }

    bool top(ElevationItem::Kind kind, int heightU, std::string label)
    {
        if (m_top - heightU + 1 < m_bottom)
            return false;
        m_e.items.push_back({m_top - heightU + 1, heightU, kind, std::move(label)});
        m_top -= heightU;
        return true;
    }

    bool bottom(ElevationItem::Kind kind, int heightU, std::string label)
    {
        if (m_bottom + heightU - 1 > m_top)
            return false;
        m_e.items.push_back({m_bottom, heightU, kind, std::move(label)});
        m_bottom += heightU;
        return true;
    }

private:
    RackElevation &m_e;
    int m_bottom;
    int m_top;
};

const SwitchModel *planeSwitch(const FabricPlane &plane, const Catalog *catalog)
{
    return catalog && !plane.switchModel.empty() ? catalog->switchModel(plane.switchModel)
                                                 : nullptr;
}

} // namespace

RackElevation rackElevation(const PlacedRack &rack, const Project &project,
                            const LayoutResult &layout, const Catalog *catalog,
                            const LayoutOptions &options)
{
    RackElevation e;
    e.rackId = rack.id;
    e.rackType = rack.rackType;
    if (const RackType *type = catalog ? catalog->rackType(rack.rackType) : nullptr)
        e.heightU = type->heightU;

    Stacker stack(e, 1);
    const bool shelves = project.power.distribution != Distribution::Ac12V;
    if (shelves) {
        const char *label = project.power.distribution == Distribution::Dc48V ? "48 V power shelf"
                                                                              : "800 V DC-DC shelf";
        stack.bottom(ElevationItem::Kind::PowerShelf, 1, label);
        stack.bottom(ElevationItem::Kind::PowerShelf, 1, label);
    } else {
        e.notes.push_back("2 zero-U PDUs feed the servers' PSUs (12 V distribution)");
    }

    switch (rack.role) {
    case RackRole::Compute: {
        stack.top(ElevationItem::Kind::PatchPanel, 1, "fibre patch panel");
        for (const FabricPlane &plane : project.planes) {
            if (plane.leafPlacement != LeafPlacement::ToR)
                continue;
            const SwitchModel *model = planeSwitch(plane, catalog);
            stack.top(ElevationItem::Kind::Switch, model ? model->heightU : 1,
                      plane.name + " leaf" + (model ? " (" + model->id + ")" : std::string()));
        }
        std::string serverId;
        for (const PoolLayout &pool : layout.pools) {
            if (pool.pool == rack.pool)
                serverId = pool.server;
        }
        const Server *server = catalog ? catalog->server(serverId) : nullptr;
        const int height = server ? server->heightU : 8;
        int placed = 0;
        for (int i = 0; i < rack.servers; ++i) {
            const std::string label =
                (server ? server->name : serverId) + " #" + std::to_string(i + 1);
            if (!stack.bottom(ElevationItem::Kind::Server, height, label))
                break;
            ++placed;
        }
        if (placed < rack.servers)
            e.notes.push_back(std::to_string(rack.servers - placed) +
                              " server(s) do not fit in the rack's height");
        break;
    }
    case RackRole::Network: {
        for (int i = 0; i < 4; ++i)
            stack.top(ElevationItem::Kind::PatchPanel, 1, "fibre patch panel");
        const SwitchModel *model = nullptr;
        for (const FabricPlane &plane : project.planes) {
            if (!model && plane.role == PlaneRole::Backend)
                model = planeSwitch(plane, catalog);
        }
        const int height = model ? model->heightU : 1;
        int placed = 0;
        for (int i = 0; i < options.switchesPerNetworkRack; ++i) {
            if (!stack.bottom(ElevationItem::Kind::Switch, height,
                              "switch slot " + std::to_string(i + 1) +
                                  (model ? " (" + model->id + ")" : std::string())))
                break;
            ++placed;
        }
        e.notes.push_back(std::to_string(placed) +
                          " switch slots reserved by the layout; the fabric solver decides "
                          "how many are filled");
        break;
    }
    case RackRole::Storage: {
        const StorageSystem *system =
            catalog && !project.storage.system.empty()
                ? catalog->storageSystem(project.storage.system)
                : (catalog && !catalog->storageSystems.empty() ? &catalog->storageSystems.front()
                                                               : nullptr);
        stack.top(ElevationItem::Kind::Switch, 1, "storage leaf");
        const int height = system ? system->heightU : 2;
        for (int i = 0; stack.bottom(ElevationItem::Kind::Storage, height,
                                     (system ? system->name : std::string("storage node")) + " #" +
                                         std::to_string(i + 1));
             ++i) {
        }
        break;
    }
    case RackRole::Management:
        stack.top(ElevationItem::Kind::Switch, 1, "management switch");
        break;
    }
    std::sort(e.items.begin(), e.items.end(),
              [](const ElevationItem &a, const ElevationItem &b) { return a.firstU < b.firstU; });
    return e;
}

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
        if (box.height() >= fm.height() * 0.8) {
            p.setPen(item.kind == ElevationItem::Kind::PatchPanel ? Qt::black : Qt::white);
            p.drawText(box.adjusted(4, 0, -4, 0), Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(QString::fromStdString(item.label), Qt::ElideRight,
                                     int(box.width()) - 8));
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

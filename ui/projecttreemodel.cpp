// SPDX-License-Identifier: Apache-2.0
#include "projecttreemodel.h"

#include "displaysettings.h"

#include "qtext.h"

#include "model/enumnames.h"
#include "solvers/common/reportformat.h"
#include "solvers/pipeline/pipeline.h"

#include <QFont>
#include <QPalette>

#include <map>

namespace aidc::ui {

namespace {

QString count(long long n)
{
    return q(formatCount(n));
}

// A length given in metres, in the display's unit (View ▸ Units) to 4 significant digits.
QString metres(double m)
{
    return QString::number(conversionFor("m", Dimension::Length, displayUnits()).shown(m), 'g', 4);
}

// The display's length unit: "m" or "ft".
QString lengthUnit()
{
    return q(conversionFor("m", Dimension::Length, displayUnits()).unit);
}

QString planeDetail(const FabricPlane &plane)
{
    return QStringLiteral("%1 · %2 · %3G · %4")
        .arg(q(toString(plane.role)), q(toString(plane.technology)),
             QString::number(plane.portGbps), q(toString(plane.leafPlacement)));
}

} // namespace

ProjectTreeModel::ProjectTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
    m_nodes.push_back(Node{});
}

int ProjectTreeModel::addNode(std::vector<Node> &nodes, int parent, Selection selection,
                              QString name, QString detail)
{
    Node node;
    node.selection = std::move(selection);
    node.name = std::move(name);
    node.detail = std::move(detail);
    node.parent = parent;
    node.row = int(nodes[parent].children.size());
    nodes.push_back(std::move(node));
    const int id = int(nodes.size()) - 1;
    nodes[parent].children.push_back(id);
    return id;
}

std::vector<ProjectTreeModel::Node> ProjectTreeModel::buildNodes(const Project &project,
                                                                 const Result *result)
{
    using K = Selection::Kind;
    std::vector<Node> nodes(1);
    const LayoutResult *layout = result ? &result->layout : nullptr;

    // ---- L0
    const int l0 = addNode(nodes, 0, {}, tr("L0 Site and halls"));
    addNode(nodes, l0, siteSelection(), tr("Site"),
            project.site.name.empty() ? tr("(unnamed)") : q(project.site.name));
    const int hallCount =
        int(std::max(project.halls.size(), layout ? layout->halls.size() : std::size_t(0)));
    for (int h = 0; h < hallCount; ++h) {
        const bool inProject = h < int(project.halls.size());
        const LayoutHall *lh =
            layout && h < int(layout->halls.size()) ? &layout->halls[h] : nullptr;
        const std::string id = inProject ? project.halls[h].id : lh->id;
        const std::string name = inProject ? project.halls[h].name : lh->name;
        const double width = inProject ? project.halls[h].widthM : lh->widthM;
        const double length = inProject ? project.halls[h].lengthM : lh->lengthM;
        const int rows = lh ? int(lh->rows.size()) : int(project.halls[h].rows.size());
        QString detail = tr("%1 × %2 %3, %n row(s)", nullptr, rows)
                             .arg(metres(width), metres(length), lengthUnit());
        if (inProject && project.halls[h].powerCapacityMW)
            detail += tr(", %1 MW").arg(*project.halls[h].powerCapacityMW);
        const int hallNode = addNode(
            nodes, l0, hallSelection(h),
            tr("Hall %1").arg(q(id)) + (name.empty() ? QString() : " — " + q(name)), detail);
        nodes[hallNode].automatic = !inProject;
        const int pinnedRows = inProject ? int(project.halls[h].rows.size()) : 0;
        if (lh) {
            for (int r = 0; r < int(lh->rows.size()); ++r) {
                const LayoutRow &row = lh->rows[r];
                const int rowNode =
                    addNode(nodes, hallNode, rowSelection(h, r), tr("Row %1").arg(q(row.id)),
                            tr("%n rack(s) at (%1, %2) %3", nullptr, int(row.racks.size()))
                                .arg(metres(row.xM), metres(row.yM), lengthUnit()));
                nodes[rowNode].automatic = r >= pinnedRows;
                for (int s = 0; s < int(row.racks.size()); ++s) {
                    const PlacedRack &rack = layout->racks[row.racks[s]];
                    QString rackDetail = q(toString(rack.role));
                    if (rack.role == RackRole::Compute)
                        rackDetail +=
                            tr(" · %1 · %n server(s)", nullptr, rack.servers).arg(q(rack.pool));
                    const int rackNode =
                        addNode(nodes, rowNode, rackSelection(h, r, s), q(rack.id), rackDetail);
                    nodes[rackNode].automatic = !rack.pinned;
                }
            }
        } else if (inProject) {
            for (int r = 0; r < pinnedRows; ++r) {
                const Row &row = project.halls[h].rows[r];
                const int rowNode =
                    addNode(nodes, hallNode, rowSelection(h, r), tr("Row %1").arg(q(row.id)),
                            tr("%n rack(s) at (%1, %2) %3", nullptr, int(row.racks.size()))
                                .arg(metres(row.xM), metres(row.yM), lengthUnit()));
                for (int s = 0; s < int(row.racks.size()); ++s)
                    addNode(nodes, rowNode, rackSelection(h, r, s), q(row.racks[s].id),
                            q(toString(row.racks[s].role)));
            }
        }
    }

    // ---- L1
    const int l1 = addNode(nodes, 0, {}, tr("L1 Power, cooling and racks"));
    const PowerDesign &power = project.power;
    addNode(nodes, l1, kindSelection(K::Power), tr("Power distribution"),
            tr("%1 kV · UPS %2 %3 · %4")
                .arg(QString::number(power.utilityVoltageKV), q(toString(power.ups.type)),
                     q(toString(power.ups.redundancy)), q(toString(power.distribution))));
    const CoolingDesign &cooling = project.cooling;
    QString coolingDetail = q(toString(cooling.type));
    if (cooling.type == CoolingType::DirectLiquid)
        coolingDetail += tr(" · %1 % to liquid").arg(cooling.liquidFraction * 100, 0, 'f', 0);
    const UnitConversion temperature = conversionFor("°C", Dimension::Temperature, displayUnits());
    coolingDetail += tr(" · water %1 %2")
                         .arg(temperature.shown(cooling.supplyWaterC), 0, 'g', 4)
                         .arg(q(temperature.unit));
    addNode(nodes, l1, kindSelection(K::Cooling), tr("Cooling"), coolingDetail);
    const int rackTypes = addNode(nodes, l1, {}, tr("Rack types in use"));
    std::map<std::string, int> typeCounts;
    if (layout) {
        for (const PlacedRack &rack : layout->racks)
            ++typeCounts[rack.rackType];
    }
    nodes[rackTypes].detail =
        layout ? tr("%n type(s)", nullptr, int(typeCounts.size())) : tr("(after evaluation)");
    for (const auto &[type, n] : typeCounts) {
        Selection s = kindSelection(K::RackType);
        s.rackType = type;
        addNode(nodes, rackTypes, s, type.empty() ? tr("(default)") : q(type),
                tr("%n rack(s)", nullptr, n));
    }

    // ---- L2
    const int l2 = addNode(nodes, 0, {}, tr("L2 Compute, network and storage"));
    const int pools =
        addNode(nodes, l2, {}, tr("Compute pools"), tr("%1 GPUs").arg(count(project.totalGpus())));
    for (int i = 0; i < int(project.pools.size()); ++i) {
        const ComputePool &pool = project.pools[i];
        QString detail = tr("%1 × %2").arg(count(pool.gpuCount), q(pool.gpu));
        if (!pool.server.empty())
            detail += tr(" in %1").arg(q(pool.server));
        addNode(nodes, pools, poolSelection(i), tr("Pool %1").arg(q(pool.name)), detail);
    }
    const int planes = addNode(nodes, l2, {}, tr("Fabric planes"));
    if (project.planes.empty()) {
        const int defaults = addNode(nodes, planes, {}, tr("(default planes)"),
                                     tr("backend, frontend, storage and OOB, as documented"));
        nodes[defaults].automatic = true;
    }
    for (int i = 0; i < int(project.planes.size()); ++i)
        addNode(nodes, planes, planeSelection(i), tr("Plane %1").arg(q(project.planes[i].name)),
                planeDetail(project.planes[i]));
    const StorageDesign &storage = project.storage;
    addNode(nodes, l2, kindSelection(K::Storage), tr("Storage"),
            storage.capacityPB > 0 ? tr("%1 PB").arg(storage.capacityPB)
                                   : tr("sized from checkpoints"));

    // ---- L3
    const int l3 = addNode(nodes, 0, {}, tr("L3 Workload"));
    addNode(nodes, l3, kindSelection(K::Workload), tr("Workload"),
            project.workload ? q(project.workload->model.name) : tr("(none)"));

    const int settings = addNode(nodes, 0, {}, tr("Settings"));
    addNode(nodes, settings, kindSelection(K::Reliability), tr("Reliability"),
            tr("restart %1 min").arg(project.reliability.restartMinutes));
    addNode(nodes, settings, kindSelection(K::Cost), tr("Cost"),
            tr("%1-year horizon").arg(project.cost.horizonYears));
    addNode(nodes, settings, kindSelection(K::CatalogOverrides), tr("Catalog overrides"),
            project.catalogOverridesJson.empty() ? tr("(none)") : tr("given"));
    return nodes;
}

void ProjectTreeModel::setProject(const Project &project, const Result *result)
{
    std::vector<Node> nodes = buildNodes(project, result);
    bool sameShape = nodes.size() == m_nodes.size();
    for (std::size_t i = 0; sameShape && i < nodes.size(); ++i) {
        sameShape = nodes[i].parent == m_nodes[i].parent && nodes[i].row == m_nodes[i].row &&
                    nodes[i].selection == m_nodes[i].selection;
    }
    if (!sameShape) {
        beginResetModel();
        m_nodes = std::move(nodes);
        endResetModel();
        return;
    }
    m_nodes = std::move(nodes);
    // Top-level rows and every subtree: one dataChanged per parent keeps the view's state.
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const Node &node = m_nodes[i];
        if (node.children.empty())
            continue;
        const QModelIndex parentIndex =
            i == 0 ? QModelIndex() : createIndex(node.row, 0, quintptr(i));
        emit dataChanged(index(0, 0, parentIndex),
                         index(int(node.children.size()) - 1, 1, parentIndex));
    }
}

QModelIndex ProjectTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const std::size_t p = parent.isValid() ? parent.internalId() : 0;
    if (p >= m_nodes.size() || row < 0 || row >= int(m_nodes[p].children.size()) || column < 0 ||
        column > 1)
        return {};
    return createIndex(row, column, quintptr(m_nodes[p].children[row]));
}

QModelIndex ProjectTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const Node &node = m_nodes[child.internalId()];
    if (node.parent <= 0)
        return {};
    return createIndex(m_nodes[node.parent].row, 0, quintptr(node.parent));
}

int ProjectTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    const std::size_t p = parent.isValid() ? parent.internalId() : 0;
    return p < m_nodes.size() ? int(m_nodes[p].children.size()) : 0;
}

int ProjectTreeModel::columnCount(const QModelIndex &) const
{
    return 2;
}

QVariant ProjectTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const Node &node = m_nodes[index.internalId()];
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == 0 ? node.name : node.detail;
    case Qt::ToolTipRole:
        if (node.automatic)
            return tr("%1\nPlaced by the layout solver; moving or editing it pins the layout "
                      "into the project.")
                .arg(node.name);
        return node.detail.isEmpty() ? node.name : node.name + "\n" + node.detail;
    case Qt::FontRole:
        if (node.parent == 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        if (node.automatic) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (index.column() == 1 || node.automatic)
            return QPalette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case SelectionKindRole:
        return int(node.selection.kind);
    default:
        return {};
    }
}

QVariant ProjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Project") : tr("Details");
}

Selection ProjectTreeModel::selectionAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() >= m_nodes.size())
        return {};
    return m_nodes[index.internalId()].selection;
}

QModelIndex ProjectTreeModel::indexOf(const Selection &selection) const
{
    if (!selection.isValid())
        return {};
    for (std::size_t i = 1; i < m_nodes.size(); ++i) {
        if (m_nodes[i].selection == selection)
            return createIndex(m_nodes[i].row, 0, quintptr(i));
    }
    return {};
}

} // namespace aidc::ui

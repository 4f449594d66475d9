// SPDX-License-Identifier: Apache-2.0
#pragma once

// The project tree by layer, as an item model adapter over the Project (and the LayoutResult,
// for the rows and racks the layout solver placed and the rack types in use):
//   L0 Site and halls          site, halls > rows > racks
//   L1 Power, cooling, racks   power distribution, cooling, rack types in use
//   L2 Compute, network, storage  pools, fabric planes, storage
//   L3 Workload                workload
//   Settings                   reliability, cost
// Read-only: edits go through the property editor and the document's undo stack.

#include "selection.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace aidc {
struct Result;
}

namespace aidc::ui {

class ProjectTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Role { SelectionKindRole = Qt::UserRole + 1 };

    explicit ProjectTreeModel(QObject *parent = nullptr);

    // Rebuilds the tree. Keeps the item structure (and so the view's selection and expansion)
    // when only names or details changed.
    void setProject(const Project &project, const Result *result);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    Selection selectionAt(const QModelIndex &index) const;
    QModelIndex indexOf(const Selection &selection) const; // invalid when not in the tree

private:
    struct Node
    {
        Selection selection;
        QString name, detail;
        bool automatic = false; // placed by the layout solver, not pinned in the project
        int parent = -1;
        int row = 0;
        std::vector<int> children;
    };

    static int addNode(std::vector<Node> &nodes, int parent, Selection selection, QString name,
                       QString detail = {});
    static std::vector<Node> buildNodes(const Project &project, const Result *result);

    std::vector<Node> m_nodes; // m_nodes[0] is the invisible root
};

} // namespace aidc::ui

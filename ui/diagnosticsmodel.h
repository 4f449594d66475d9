// SPDX-License-Identifier: Apache-2.0
#pragma once

// The violations and warnings list: an item model adapter over Diagnostics (loader warnings,
// solver warnings and design violations). Each row keeps its JSON pointer so that activating it
// can select the offending part (selectionForDiagnostic()).

#include "model/diagnostics.h"

#include <QAbstractTableModel>

namespace aidc::ui {

class DiagnosticsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, WhereColumn, MessageColumn, ColumnCount };

    explicit DiagnosticsModel(QObject *parent = nullptr);

    void setDiagnostics(const Diagnostics &diagnostics);
    const Diagnostic *diagnosticAt(const QModelIndex &index) const;
    int errorCount() const;
    int warningCount() const;      // warnings the project does not acknowledge
    int acknowledgedCount() const; // warnings the project acknowledges, with a reason

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<Diagnostic> m_items;
};

} // namespace aidc::ui

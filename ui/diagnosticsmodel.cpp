// SPDX-License-Identifier: Apache-2.0
#include "diagnosticsmodel.h"

#include <QApplication>
#include <QIcon>
#include <QStyle>

#include <algorithm>

namespace aidc::ui {

DiagnosticsModel::DiagnosticsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DiagnosticsModel::setDiagnostics(const Diagnostics &diagnostics)
{
    beginResetModel();
    m_items = diagnostics.items();
    // Errors first, acknowledged warnings last; otherwise keep the solvers' order (it follows
    // the pipeline).
    const auto rank = [](const Diagnostic &d) {
        return d.severity == Severity::Error ? 0 : d.acknowledged.empty() ? 1 : 2;
    };
    std::stable_sort(m_items.begin(), m_items.end(),
                     [&](const Diagnostic &a, const Diagnostic &b) { return rank(a) < rank(b); });
    endResetModel();
}

const Diagnostic *DiagnosticsModel::diagnosticAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.row() >= int(m_items.size()))
        return nullptr;
    return &m_items[index.row()];
}

int DiagnosticsModel::errorCount() const
{
    return int(std::count_if(m_items.begin(), m_items.end(),
                             [](const Diagnostic &d) { return d.severity == Severity::Error; }));
}

int DiagnosticsModel::warningCount() const
{
    return int(std::count_if(m_items.begin(), m_items.end(), [](const Diagnostic &d) {
        return d.severity == Severity::Warning && d.acknowledged.empty();
    }));
}

int DiagnosticsModel::acknowledgedCount() const
{
    return int(m_items.size()) - errorCount() - warningCount();
}

int DiagnosticsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int DiagnosticsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiagnosticsModel::data(const QModelIndex &index, int role) const
{
    const Diagnostic *d = diagnosticAt(index);
    if (!d)
        return {};
    const bool error = d->severity == Severity::Error;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return error                     ? tr("Error")
                   : d->acknowledged.empty() ? tr("Warning")
                                             : tr("Acknowledged");
        case WhereColumn:
            return QString::fromStdString(d->jsonPath.empty() ? std::string("—") : d->jsonPath);
        case MessageColumn:
            // The reason first: it is what a reviewer reads an acknowledged row for.
            if (!d->acknowledged.empty())
                return tr("Accepted: %1 — warning: %2")
                    .arg(QString::fromStdString(d->acknowledged),
                         QString::fromStdString(d->message));
            return QString::fromStdString(d->message);
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() != SeverityColumn)
            return {};
        return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical
                                                   : d->acknowledged.empty()
                                                       ? QStyle::SP_MessageBoxWarning
                                                       : QStyle::SP_MessageBoxInformation);
    case Qt::ToolTipRole:
        return QString::fromStdString(d->toString()) +
               tr("\nDouble-click (or press Enter) to select the part it names.");
    default:
        return {};
    }
}

QVariant DiagnosticsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case WhereColumn:
        return tr("Where");
    case MessageColumn:
        return tr("Problem");
    }
    return {};
}

} // namespace aidc::ui

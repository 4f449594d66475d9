// SPDX-License-Identifier: Apache-2.0
#pragma once

// A sortable, filterable table over a CsvTable (QSortFilterProxyModel over CsvTableModel),
// a totals line for the numeric columns of the rows shown, and CSV export of the rows shown
// through toCsv() + saveFileAtomically() (the CLI's writer).

#include "csvtablemodel.h"

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QComboBox;
class QSortFilterProxyModel;
class QTableView;

namespace aidc::ui {

class TablePanel : public QWidget
{
    Q_OBJECT

public:
    TablePanel(const QString &emptyText, QWidget *parent = nullptr);

    void setTable(const CsvTable &table);
    // A table too long to hold in the view (the cable schedule of a 100k-GPU site has ~600k
    // rows): `shown` holds the first rows, `totalRows` says how many there are, and `full`
    // builds the whole table for Export CSV (which then writes every row, unfiltered).
    void setTruncatedTable(const CsvTable &shown, std::size_t totalRows,
                           std::function<CsvTable()> full);
    // The columns the totals line sums (by header name); a column is summed only while the rows
    // shown agree on `unitColumn` (when given), so quantities in "each" and "m" never add up.
    void setTotalColumns(const QStringList &columns, const QString &unitColumn = {});
    // Shown instead of the table's totals while the table is being built or is not built yet.
    void setPlaceholder(const QString &text);
    void setFilter(const QString &text, int column = -1); // column -1: every column
    // The rows shown (after filtering, in the sort order), with the header.
    CsvTable visibleTable() const;
    QString totalsText() const;
    QString exportCsv(const QString &path) const; // "" on success, else why it failed

    QTableView *view() const { return m_view; }
    CsvTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }

private:
    void updateTotals();

    QString m_emptyText;
    std::size_t m_totalRows = 0; // > model rows when truncated
    QStringList m_totalColumns;
    bool m_fitted = false; // column widths fitted to the current kind of table
    QString m_unitColumn;
    std::function<CsvTable()> m_full;
    CsvTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QComboBox *m_column;
    QLabel *m_totals;
};

} // namespace aidc::ui

#pragma once

// A sortable, filterable table over a CsvTable (QSortFilterProxyModel over CsvTableModel),
// a totals line for the numeric columns of the rows shown, and CSV export of the rows shown
// through toCsv() + saveFileAtomically() (the CLI's writer).

#include "csvtablemodel.h"

#include <QWidget>

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
    CsvTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QComboBox *m_column;
    QLabel *m_totals;
};

} // namespace aidc::ui

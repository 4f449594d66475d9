// SPDX-License-Identifier: Apache-2.0
#pragma once

// A sortable, filterable table over a CsvTable (QSortFilterProxyModel over CsvTableModel),
// a totals line for the numeric columns of the rows shown, and CSV export of the rows shown
// through toCsv() + saveFileAtomically() (the CLI's writer).
//
// A table too long to hold (the cable schedule: ~600k rows for 100k GPUs, millions at 1M) is
// streamed instead: the filter runs over every row off the GUI thread, the view keeps the first
// matching rows, and the count, the totals and Export CSV cover every matching row. Sorted by a
// column, the view keeps the first matching rows in that order over every row (the longest
// cables, not the longest of the first rows), and Export CSV writes them in that order.

#include "csvtablemodel.h"

#include <QWidget>

#include <atomic>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

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
    ~TablePanel() override;

    // A table of more than kFilterOffThreadRows rows is shown as a streamed one over its own
    // rows (below), so that its filter never blocks the GUI thread.
    static constexpr std::size_t kFilterOffThreadRows = 1000;
    // Of such a table the view lists the first kMaxListedRows matching rows (the count, totals
    // and export cover them all): moving 31,000 rows into the view took 140 ms of the GUI thread
    // at 1M GPUs (bench_gui).
    static constexpr std::size_t kMaxListedRows = 20000;
    void setTable(const CsvTable &table);
    // Calls its argument with every row in order, from any thread; the row may be reused after
    // the call returns.
    using RowVisitor = std::function<void(const std::vector<std::string> &row)>;
    using RowSource = std::function<void(const RowVisitor &visit)>;
    // A streamed table: `source` yields every row of `header`'s columns, the view holds the
    // first `keep` rows that match the filter. Filtering starts at once, off the GUI thread.
    void setStreamedTable(std::vector<std::string> header, RowSource source, std::size_t keep);
    bool isFiltering() const { return m_filtering; } // a streamed filter is still running
    // The columns the totals line sums (by header name); a column is summed only while the rows
    // shown agree on `unitColumn` (when given), so quantities in "each" and "m" never add up.
    void setTotalColumns(const QStringList &columns, const QString &unitColumn = {});
    // Shown instead of the table's totals while the table is being built or is not built yet.
    void setPlaceholder(const QString &text);
    void setFilter(const QString &text, int column = -1); // column -1: every column
    // Whether the filter `text` keeps `row`: the one rule of every table's filter (Find counts
    // the rows a filter it opens will show with it).
    static bool rowMatchesFilter(const std::vector<std::string> &row, const QString &text,
                                 int column = -1);
    // The rows shown (after filtering, in the sort order), with the header.
    CsvTable visibleTable() const;
    QString totalsText() const;
    // A line under the totals saying what one row is and how its count relates to the figure of
    // the same name elsewhere (the Results' Cables counts cables, the schedule links); "" hides it.
    void setNote(const QString &text);
    QString noteText() const;
    // Writes the rows the filter matches: the rows shown, or every matching row of a streamed
    // table. "" on success, else why it failed.
    QString exportCsv(const QString &path) const;

    QTableView *view() const { return m_view; }
    CsvTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }

    // What a streamed filter found over every row.
    struct StreamSummary
    {
        std::size_t rows = 0;        // rows of the table
        std::size_t matching = 0;    // rows the filter matches
        std::vector<double> sums;    // per total column over the matching rows (NaN: not numeric)
        std::set<std::string> units; // values of the unit column among them (at most 2 kept)
        int sortColumn = -1;         // the order the listed rows were chosen in (-1: the source's)
        bool sortDescending = false;
    };

private:
    void updateTotals();
    void updateStreamedTotals();
    void startStream();
    void showHeader(const std::vector<std::string> &header);
    void onSortChanged(int column, Qt::SortOrder order);

    QString m_emptyText;
    QStringList m_totalColumns;
    bool m_fitted = false; // column widths fitted to the current kind of table
    QString m_unitColumn;
    RowSource m_source; // set: a streamed table
    std::vector<std::string> m_streamHeader;
    std::vector<std::string> m_columnHeader; // the columns the column chooser offers
    std::size_t m_keep = 0;
    int m_sortColumn = -1; // the header's sort column (-1: the source's order)
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    StreamSummary m_summary;
    bool m_filtering = false;
    std::shared_ptr<std::atomic<std::uint64_t>> m_streamGeneration; // newer filter cancels
    CsvTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QComboBox *m_column;
    QLabel *m_totals;
    QLabel *m_note;
};

} // namespace aidc::ui

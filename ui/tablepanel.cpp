// SPDX-License-Identifier: Apache-2.0
#include "tablepanel.h"

#include "model/atomicfile.h"
#include "solvers/common/reportformat.h"

#include <QApplication>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QThreadPool>
#include <QVBoxLayout>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace aidc::ui {

TablePanel::TablePanel(const QString &emptyText, QWidget *parent)
    : QWidget(parent)
    , m_emptyText(emptyText)
    , m_model(new CsvTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_filter(new QLineEdit(this))
    , m_column(new QComboBox(this))
    , m_totals(new QLabel(this))
    , m_note(new QLabel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_view->setModel(m_proxy);
    // Unsorted until a header is clicked: the solvers' order (BOM by category, cables by link).
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    connect(m_view->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            &TablePanel::onSortChanged);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->verticalHeader()->hide();

    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Show only rows containing this text (case-insensitive)"));
    m_column->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *filterLabel = new QLabel(tr("&Filter:"), this);
    filterLabel->setBuddy(m_filter);
    auto *exportButton = new QPushButton(tr("Export &CSV…"), this);
    exportButton->setToolTip(tr("Save the rows shown as RFC 4180 CSV"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(filterLabel);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_column);
    bar->addWidget(exportButton);
    m_totals->setWordWrap(true);
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_totals);
    layout->addWidget(m_note);
    m_note->setWordWrap(true);
    m_note->setVisible(false);
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));

    connect(m_filter, &QLineEdit::textChanged, this,
            [this](const QString &text) { setFilter(text, m_column->currentIndex() - 1); });
    connect(m_column, &QComboBox::activated, this,
            [this](int index) { setFilter(m_filter->text(), index - 1); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &TablePanel::updateTotals);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &TablePanel::updateTotals);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &TablePanel::updateTotals);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &TablePanel::updateTotals);
    connect(exportButton, &QPushButton::clicked, this, [this] {
        QString path =
            QFileDialog::getSaveFileName(this, tr("Export CSV"), QString(), tr("CSV file (*.csv)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
            path += QLatin1String(".csv");
        const QString error = exportCsv(path);
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Export failed"), error);
    });
    setTable({});
}

TablePanel::~TablePanel()
{
    if (m_streamGeneration)
        ++*m_streamGeneration; // a streamed filter still running stops and reports nothing
}

void TablePanel::setTotalColumns(const QStringList &columns, const QString &unitColumn)
{
    m_totalColumns = columns;
    m_unitColumn = unitColumn;
    updateTotals();
}

void TablePanel::setPlaceholder(const QString &text)
{
    setTable({});
    setNote({}); // a note is about rows, and there are none
    m_totals->setText(text);
}

void TablePanel::setTable(const CsvTable &table)
{
    // A long table filters off the GUI thread as a streamed one does: the proxy's own filter
    // re-tests every cell on the GUI thread and updates the totals per removed range, which
    // took 300 ms a key on the 100k sample's 4,431 racks (bench_gui).
    if (table.rows.size() > kFilterOffThreadRows) {
        auto rows = std::make_shared<const CsvTable>(table);
        setStreamedTable(
            rows->header,
            [rows](const RowVisitor &visit) {
                for (const std::vector<std::string> &row : rows->rows)
                    visit(row);
            },
            std::min(rows->rows.size(), kMaxListedRows));
        return;
    }
    if (m_streamGeneration)
        ++*m_streamGeneration; // a streamed filter still running no longer applies
    m_source = nullptr;
    m_filtering = false;
    m_proxy->setFilterFixedString(m_filter->text());
    showHeader(table.header);
    m_model->setTable(table);
    // Measuring every cell takes longer than the evaluation for thousands of racks: columns are
    // fitted to the first rows of a kind of table, then the user's widths stay.
    if (!m_fitted && !table.rows.empty()) {
        m_view->resizeColumnsToContents();
        m_fitted = true;
    }
    updateTotals();
}

void TablePanel::showHeader(const std::vector<std::string> &header)
{
    if (m_columnHeader == header)
        return;
    m_columnHeader = header;
    m_fitted = false;
    m_column->clear();
    m_column->addItem(tr("all columns"));
    for (const std::string &name : header)
        m_column->addItem(QString::fromStdString(name));
}

void TablePanel::setStreamedTable(std::vector<std::string> header, RowSource source,
                                  std::size_t keep)
{
    m_source = std::move(source);
    m_streamHeader = std::move(header);
    m_keep = keep;
    startStream();
}

void TablePanel::setFilter(const QString &text, int column)
{
    // The column first: setting the text re-enters here with the column chosen.
    if (m_column->currentIndex() != column + 1 && column + 1 < m_column->count())
        m_column->setCurrentIndex(column + 1);
    if (m_filter->text() != text) {
        m_filter->setText(text);
        return;
    }
    m_proxy->setFilterKeyColumn(column);
    if (m_source) {
        startStream();
        return;
    }
    m_proxy->setFilterFixedString(text);
    updateTotals();
}

namespace {

// ASCII case-insensitive substring test, as the view's filter (Qt::CaseInsensitive) for the
// schedule's ASCII names.
bool containsFolded(const std::string &cell, const std::string &foldedNeedle)
{
    if (foldedNeedle.empty())
        return true;
    const auto fold = [](char c) {
        return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
    };
    return std::search(cell.begin(), cell.end(), foldedNeedle.begin(), foldedNeedle.end(),
                       [&](char a, char b) { return fold(a) == b; }) != cell.end();
}

// The filter text as containsFolded() takes it.
std::string foldedNeedle(const QString &filter)
{
    std::string needle = filter.toStdString();
    for (char &c : needle)
        c = c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
    return needle;
}

// Does the filter match the row: in `column`, or in any cell when it is -1.
bool rowMatches(const std::vector<std::string> &row, const std::string &needle, int column)
{
    if (column >= 0)
        return column < int(row.size()) && containsFolded(row[std::size_t(column)], needle);
    return std::any_of(row.begin(), row.end(),
                       [&](const std::string &cell) { return containsFolded(cell, needle); });
}

// A total as the totals line shows it: whole numbers grouped, others with two decimals.
QString totalText(double sum)
{
    return std::abs(sum - std::round(sum)) < 1e-9
               ? QString::fromStdString(formatCount(std::llround(sum)))
               : QString::number(sum, 'f', 2);
}

struct StreamCancelled
{
};

// A cell as a sort key, as the view sorts its column: by number when every matching cell of
// the column is a number or empty (an empty cell is 0, as the model keeps it), else by text.
struct SortKey
{
    double number = 0;
    std::string text;      // text mode only
    std::size_t index = 0; // the row's place in the source: ties keep the source's order
};

// Whether a column sorts by number; `sawText` is set when a cell is neither a number nor empty
// (the column then sorts by text, and the rows must be chosen again in that mode).
SortKey sortKey(const std::vector<std::string> &row, int column, bool numeric, std::size_t index,
                bool &sawText)
{
    SortKey key;
    key.index = index;
    if (column < 0 || column >= int(row.size()))
        return key;
    const std::string &cell = row[std::size_t(column)];
    if (!numeric)
        key.text = cell;
    else if (!cell.empty() && !parseCellNumber(cell, key.number))
        sawText = true;
    return key;
}

// The order of the sorted view; descending reverses it, ties keep the source's order.
bool sortsBefore(const SortKey &a, const SortKey &b, bool numeric, bool descending)
{
    if (numeric && a.number != b.number)
        return descending ? a.number > b.number : a.number < b.number;
    if (!numeric && a.text != b.text)
        return descending ? a.text > b.text : a.text < b.text;
    return a.index < b.index;
}

// Keeps the `keep` rows that sort first of those offered, in a bounded buffer: memory stays at
// about 1.5 x keep rows however many are offered (millions of cables at 1M GPUs).
class FirstRowsInOrder
{
public:
    FirstRowsInOrder(int column, bool numeric, bool descending, std::size_t keep)
        : m_column(column)
        , m_numeric(numeric)
        , m_descending(descending)
        , m_keep(keep)
    {
    }

    void offer(const std::vector<std::string> &row, std::size_t index)
    {
        if (m_keep == 0)
            return;
        SortKey key = sortKey(row, m_column, m_numeric, index, m_sawText);
        if (m_entries.size() >= m_keep && m_pruned &&
            !sortsBefore(key, m_entries[m_keep - 1].first, m_numeric, m_descending))
            return; // after every row kept at the last pruning
        m_entries.emplace_back(std::move(key), row);
        if (m_entries.size() >= m_keep + m_keep / 2)
            prune();
    }

    // A cell that is no number turned up: the column sorts by text (choose again in that mode).
    bool sawText() const { return m_sawText; }

    // The rows kept, in the source's order (the view sorts them; an unsorted view shows them
    // as the source lists them).
    std::vector<std::vector<std::string>> take()
    {
        prune();
        std::sort(m_entries.begin(), m_entries.end(),
                  [](const auto &a, const auto &b) { return a.first.index < b.first.index; });
        std::vector<std::vector<std::string>> rows;
        rows.reserve(m_entries.size());
        for (auto &entry : m_entries)
            rows.push_back(std::move(entry.second));
        return rows;
    }

private:
    void prune()
    {
        auto before = [this](const auto &a, const auto &b) {
            return sortsBefore(a.first, b.first, m_numeric, m_descending);
        };
        if (m_entries.size() > m_keep) {
            std::nth_element(m_entries.begin(), m_entries.begin() + std::ptrdiff_t(m_keep),
                             m_entries.end(), before);
            m_entries.resize(m_keep);
        }
        std::sort(m_entries.begin(), m_entries.end(), before);
        m_pruned = true;
    }

    int m_column;
    bool m_numeric;
    bool m_descending;
    std::size_t m_keep;
    bool m_pruned = false;
    bool m_sawText = false;
    std::vector<std::pair<SortKey, std::vector<std::string>>> m_entries;
};

// Sorts `rows` as the view sorts them by `column` (every row held: an export).
void sortRows(std::vector<std::vector<std::string>> &rows, int column, bool descending)
{
    bool sawText = false;
    std::vector<SortKey> keys;
    keys.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        keys.push_back(sortKey(rows[i], column, true, i, sawText));
    const bool numeric = !sawText;
    if (!numeric) {
        keys.clear();
        for (std::size_t i = 0; i < rows.size(); ++i)
            keys.push_back(sortKey(rows[i], column, false, i, sawText));
    }
    std::sort(keys.begin(), keys.end(), [&](const SortKey &a, const SortKey &b) {
        return sortsBefore(a, b, numeric, descending);
    });
    std::vector<std::vector<std::string>> ordered;
    ordered.reserve(rows.size());
    for (const SortKey &key : keys)
        ordered.push_back(std::move(rows[key.index]));
    rows = std::move(ordered);
}

} // namespace

bool TablePanel::rowMatchesFilter(const std::vector<std::string> &row, const QString &text,
                                  int column)
{
    return rowMatches(row, foldedNeedle(text), column);
}

void TablePanel::onSortChanged(int column, Qt::SortOrder order)
{
    if (column == m_sortColumn && order == m_sortOrder)
        return; // a model reset re-announcing the same order
    m_sortColumn = column;
    m_sortOrder = order;
    // The view sorts the rows it holds; when it holds only some of the matching rows (or a
    // filter still runs, in the old order), the first in the new order are found among all.
    if (m_source && (m_filtering || m_summary.matching > std::size_t(m_model->rowCount())))
        startStream();
}

// Runs the filter over every row of the streamed table off the GUI thread; the newest run wins.
void TablePanel::startStream()
{
    if (!m_streamGeneration)
        m_streamGeneration = std::make_shared<std::atomic<std::uint64_t>>(0);
    const std::uint64_t generation = ++*m_streamGeneration;
    m_filtering = true;
    m_proxy->setFilterFixedString(QString());
    showHeader(m_streamHeader);
    m_totals->setText(m_filter->text().isEmpty()
                          ? tr("Reading the rows…")
                          : tr("Filtering the rows for '%1'…").arg(m_filter->text()));

    const std::string needle = foldedNeedle(m_filter->text());
    const int column = m_proxy->filterKeyColumn();
    std::vector<int> totals; // header index of each total column, -1 when absent
    for (const QString &name : m_totalColumns) {
        const auto it = std::find(m_streamHeader.begin(), m_streamHeader.end(), name.toStdString());
        totals.push_back(it == m_streamHeader.end() ? -1 : int(it - m_streamHeader.begin()));
    }
    const auto unitIt =
        std::find(m_streamHeader.begin(), m_streamHeader.end(), m_unitColumn.toStdString());
    const int unitColumn =
        unitIt == m_streamHeader.end() ? -1 : int(unitIt - m_streamHeader.begin());

    QPointer<TablePanel> self(this);
    QThreadPool::globalInstance()->start([self, generation, counter = m_streamGeneration,
                                          source = m_source, header = m_streamHeader, keep = m_keep,
                                          needle, column, totals, unitColumn,
                                          sortColumn = m_sortColumn,
                                          descending = m_sortOrder == Qt::DescendingOrder] {
        auto rows = std::make_shared<CsvTable>();
        rows->header = header;
        // By number first; a cell that is no number makes it a text column, chosen again.
        std::optional<FirstRowsInOrder> sorted;
        if (sortColumn >= 0)
            sorted.emplace(sortColumn, true, descending, keep);
        bool sortedAsText = false;
        auto summary = std::make_shared<StreamSummary>();
        summary->sums.assign(totals.size(), 0.0);
        bool complete = true;
        std::string failure;
        try {
            source([&](const std::vector<std::string> &row) {
                if ((summary->rows & 0xfff) == 0 && counter->load() != generation)
                    throw StreamCancelled{};
                ++summary->rows;
                if (!rowMatches(row, needle, column))
                    return;
                ++summary->matching;
                for (std::size_t t = 0; t < totals.size(); ++t) {
                    const int c = totals[t];
                    if (c < 0 || c >= int(row.size()) || row[c].empty())
                        continue;
                    double value = 0;
                    const char *end = row[c].data() + row[c].size();
                    const auto parsed = std::from_chars(row[c].data(), end, value);
                    if (parsed.ec == std::errc() && parsed.ptr == end)
                        summary->sums[t] += value;
                    else
                        summary->sums[t] = std::nan("");
                }
                if (unitColumn >= 0 && unitColumn < int(row.size()) && summary->units.size() < 2)
                    summary->units.insert(row[unitColumn]);
                if (sorted)
                    sorted->offer(row, summary->matching);
                else if (rows->rows.size() < keep)
                    rows->rows.push_back(row);
            });
            if (sorted && sorted->sawText()) {
                sortedAsText = true;
                sorted.emplace(sortColumn, false, descending, keep);
                std::size_t index = 0;
                source([&](const std::vector<std::string> &row) {
                    if ((index & 0xfff) == 0 && counter->load() != generation)
                        throw StreamCancelled{};
                    if (rowMatches(row, needle, column))
                        sorted->offer(row, ++index);
                });
            }
            if (sorted) {
                rows->rows = sorted->take();
                summary->sortColumn = sortColumn;
                summary->sortDescending = descending;
            }
        } catch (const StreamCancelled &) { // a newer filter runs
            complete = false;
        } catch (const std::exception &e) { // the source failed: say so, stop filtering
            failure = e.what();
        } catch (...) {
            failure = "unknown error";
        }
        if (!complete || counter->load() != generation || !QCoreApplication::instance())
            return;
        // Cells read as numbers here, not on the GUI thread (100,000 rows kept).
        auto prepared = std::make_shared<PreparedTable>(prepareTable(std::move(*rows)));
        // The rows listed may all be numbers where the column is not: sort them as it sorts.
        if (sortedAsText && std::size_t(sortColumn) < prepared->numeric.size())
            prepared->numeric[std::size_t(sortColumn)] = false;
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, counter, prepared, summary, failure] {
                if (!self || counter->load() != generation)
                    return;
                self->m_filtering = false;
                if (!failure.empty()) {
                    self->m_summary = {};
                    prepared->table.rows.clear();
                    self->m_model->setTable(prepareTable(std::move(prepared->table)));
                    self->m_totals->setText(
                        tr("The rows could not be read: %1").arg(QString::fromStdString(failure)));
                    return;
                }
                self->m_summary = *summary;
                const bool any = !prepared->table.rows.empty();
                self->m_model->setTable(std::move(*prepared));
                if (!self->m_fitted && any) {
                    self->m_view->resizeColumnsToContents();
                    self->m_fitted = true;
                }
                self->updateTotals();
            },
            Qt::QueuedConnection);
    });
}

CsvTable TablePanel::visibleTable() const
{
    CsvTable table;
    table.header = m_model->table().header;
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        table.rows.push_back(m_model->table().rows[source]);
    }
    return table;
}

void TablePanel::setNote(const QString &text)
{
    m_note->setText(text);
    m_note->setVisible(!text.isEmpty());
}

QString TablePanel::noteText() const
{
    return m_note->text();
}

QString TablePanel::totalsText() const
{
    return m_totals->text();
}

void TablePanel::updateTotals()
{
    if (m_source) {
        if (!m_filtering)
            updateStreamedTotals();
        return;
    }
    const int shown = m_proxy->rowCount();
    const int all = m_model->rowCount();
    if (all == 0) {
        m_totals->setText(m_emptyText);
        return;
    }
    QStringList parts;
    parts << tr("%1 of %2 rows").arg(shown).arg(all);
    int unitColumn = -1;
    for (int c = 0; c < m_model->columnCount(); ++c) {
        if (QString::fromStdString(m_model->table().header[c]) == m_unitColumn)
            unitColumn = c;
    }
    QSet<QString> units;
    for (int r = 0; r < shown && unitColumn >= 0; ++r)
        units.insert(m_proxy->index(r, unitColumn).data().toString());
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const QString name = QString::fromStdString(m_model->table().header[c]);
        if (!m_model->isNumericColumn(c) || !m_totalColumns.contains(name))
            continue;
        if (name != m_unitColumn && units.size() > 1 && name.startsWith(QLatin1String("quantity")))
            continue; // mixed units
        double sum = 0;
        for (int r = 0; r < shown; ++r)
            sum += m_proxy->index(r, c).data(Qt::UserRole).toDouble();
        QString value = totalText(sum);
        if (units.size() == 1 && name.startsWith(QLatin1String("quantity")))
            value += QLatin1Char(' ') + *units.begin();
        parts << tr("%1: %2").arg(name, value);
    }
    m_totals->setText(tr("Totals — %1").arg(parts.join(QStringLiteral(" · "))));
}

// The totals line of a streamed table: how many rows the filter matches of how many, how many
// the view holds, and the total columns over every matching row.
void TablePanel::updateStreamedTotals()
{
    const StreamSummary &s = m_summary;
    if (s.rows == 0) {
        m_totals->setText(m_emptyText);
        return;
    }
    const QString matching = QString::fromStdString(formatCount(qint64(s.matching)));
    const QString rows = QString::fromStdString(formatCount(qint64(s.rows)));
    QStringList parts;
    const QString listed = QString::fromStdString(formatCount(qint64(m_model->rowCount())));
    if (s.matching > std::size_t(m_model->rowCount()) && s.sortColumn >= 0 &&
        s.sortColumn < int(m_streamHeader.size()))
        parts << (s.sortDescending
                      ? tr("%1 of %2 rows match; the %3 with the highest %4 of them all are "
                           "listed (totals and Export CSV cover all %1)")
                      : tr("%1 of %2 rows match; the %3 with the lowest %4 of them all are "
                           "listed (totals and Export CSV cover all %1)"))
                     .arg(matching, rows, listed,
                          QString::fromStdString(m_streamHeader[std::size_t(s.sortColumn)]));
    else if (s.matching > std::size_t(m_model->rowCount()))
        parts << tr("%1 of %2 rows match; the first %3 are listed (totals and Export CSV cover "
                    "all %1)")
                     .arg(matching, rows, listed);
    else
        parts << tr("%1 of %2 rows").arg(matching, rows);
    for (std::size_t t = 0; t < s.sums.size() && t < std::size_t(m_totalColumns.size()); ++t) {
        const QString &name = m_totalColumns[int(t)];
        if (std::isnan(s.sums[t]) || (name != m_unitColumn && s.units.size() > 1 &&
                                      name.startsWith(QLatin1String("quantity"))))
            continue;
        QString value = totalText(s.sums[t]);
        if (s.units.size() == 1 && name.startsWith(QLatin1String("quantity")))
            value += QLatin1Char(' ') + QString::fromStdString(*s.units.begin());
        parts << tr("%1: %2").arg(name, value);
    }
    m_totals->setText(tr("Totals — %1").arg(parts.join(QStringLiteral(" · "))));
}

QString TablePanel::exportCsv(const QString &path) const
{
    try {
        CsvTable table;
        // A sorted streamed table whose view holds every match writes what the view shows (its
        // order); otherwise the source is read again.
        const bool allListed = m_source && m_sortColumn >= 0 && !m_filtering &&
                               m_summary.rows > 0 &&
                               m_summary.matching <= std::size_t(m_model->rowCount());
        if (m_source && !allListed) {
            // Every row the filter in the box matches, read again from the source (the view
            // holds only the first, and a filter still running has not filled it yet).
            table.header = m_streamHeader;
            const std::string needle = foldedNeedle(m_filter->text());
            const int column = m_proxy->filterKeyColumn();
            m_source([&](const std::vector<std::string> &row) {
                if (rowMatches(row, needle, column))
                    table.rows.push_back(row);
            });
            // In the view's order, over every matching row.
            if (m_sortColumn >= 0)
                sortRows(table.rows, m_sortColumn, m_sortOrder == Qt::DescendingOrder);
        } else {
            table = visibleTable();
        }
        const SaveResult saved = saveFileAtomically(path.toStdString(), toCsv(table));
        return saved.ok ? QString() : QString::fromStdString(saved.error);
    } catch (const std::exception &e) {
        return tr("%1: the rows could not be written: %2").arg(path, QString::fromUtf8(e.what()));
    }
}

} // namespace aidc::ui

// SPDX-License-Identifier: Apache-2.0
#include "tablepanel.h"

#include "model/atomicfile.h"
#include "solvers/common/reportformat.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

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
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(Qt::UserRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    m_view->setModel(m_proxy);
    // Unsorted until a header is clicked: the solvers' order (BOM by category, cables by link).
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->verticalHeader()->hide();

    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Show only rows containing this text (case-insensitive)"));
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

void TablePanel::setTable(const CsvTable &table)
{
    setTruncatedTable(table, table.rows.size(), {});
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
    m_totals->setText(text);
}

void TablePanel::setTruncatedTable(const CsvTable &table, std::size_t totalRows,
                                   std::function<CsvTable()> full)
{
    m_totalRows = totalRows;
    m_full = std::move(full);
    const bool newColumns = m_model->table().header != table.header;
    m_model->setTable(table);
    if (newColumns) {
        m_fitted = false;
        m_column->clear();
        m_column->addItem(tr("all columns"));
        for (const std::string &name : table.header)
            m_column->addItem(QString::fromStdString(name));
    }
    // Measuring every cell takes longer than the evaluation for thousands of racks: columns are
    // fitted to the first rows of a kind of table, then the user's widths stay.
    if (!m_fitted && !table.rows.empty()) {
        m_view->resizeColumnsToContents();
        m_fitted = true;
    }
    updateTotals();
}

void TablePanel::setFilter(const QString &text, int column)
{
    if (m_filter->text() != text)
        m_filter->setText(text);
    m_proxy->setFilterKeyColumn(column);
    m_proxy->setFilterFixedString(text);
    updateTotals();
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

QString TablePanel::totalsText() const
{
    return m_totals->text();
}

void TablePanel::updateTotals()
{
    const int shown = m_proxy->rowCount();
    const int all = m_model->rowCount();
    if (all == 0) {
        m_totals->setText(m_emptyText);
        return;
    }
    QStringList parts;
    if (m_totalRows > std::size_t(all))
        parts << tr("%1 of the first %2 of %3 rows (Export CSV writes all %3)")
                     .arg(shown)
                     .arg(all)
                     .arg(QString::fromStdString(formatCount(qint64(m_totalRows))));
    else
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
        QString value = std::abs(sum - std::round(sum)) < 1e-9
                            ? QString::fromStdString(formatCount(std::llround(sum)))
                            : QString::number(sum, 'f', 2);
        if (units.size() == 1 && name.startsWith(QLatin1String("quantity")))
            value += QLatin1Char(' ') + *units.begin();
        parts << tr("%1: %2").arg(name, value);
    }
    m_totals->setText(tr("Totals — %1").arg(parts.join(QStringLiteral(" · "))));
}

QString TablePanel::exportCsv(const QString &path) const
{
    const bool truncated = m_full && m_totalRows > std::size_t(m_model->rowCount());
    const SaveResult saved =
        saveFileAtomically(path.toStdString(), toCsv(truncated ? m_full() : visibleTable()));
    return saved.ok ? QString() : QString::fromStdString(saved.error);
}

} // namespace aidc::ui

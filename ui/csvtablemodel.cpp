// SPDX-License-Identifier: Apache-2.0
#include "csvtablemodel.h"

#include <charconv>
#include <cmath>

namespace aidc::ui {

bool parseCellNumber(const std::string &text, double &out)
{
    if (text.empty())
        return false;
    const char *end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, out);
    return result.ec == std::errc() && result.ptr == end && std::isfinite(out);
}

CsvTableModel::CsvTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

PreparedTable prepareTable(CsvTable table)
{
    PreparedTable p;
    p.table = std::move(table);
    const std::size_t columns = p.table.header.size();
    p.numeric.assign(columns, !p.table.rows.empty());
    p.numbers.assign(p.table.rows.size(), std::vector<double>(columns, 0.0));
    for (std::size_t r = 0; r < p.table.rows.size(); ++r) {
        p.table.rows[r].resize(columns);
        for (std::size_t c = 0; c < columns; ++c) {
            // Empty cells (a line the cost solver did not price) keep a column numeric.
            if (p.numeric[c] && !p.table.rows[r][c].empty() &&
                !parseCellNumber(p.table.rows[r][c], p.numbers[r][c]))
                p.numeric[c] = false;
        }
    }
    return p;
}

void CsvTableModel::setTable(const CsvTable &table)
{
    setTable(prepareTable(table));
}

void CsvTableModel::setTable(PreparedTable prepared)
{
    beginResetModel();
    m_table = std::move(prepared.table);
    m_numeric = std::move(prepared.numeric);
    m_numbers = std::move(prepared.numbers);
    endResetModel();
}

bool CsvTableModel::isNumericColumn(int column) const
{
    return column >= 0 && column < int(m_numeric.size()) && m_numeric[column];
}

int CsvTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int CsvTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.header.size());
}

QVariant CsvTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const int c = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(m_table.rows[index.row()][c]);
    case Qt::UserRole:
        if (isNumericColumn(c))
            return m_numbers[index.row()][c];
        return QString::fromStdString(m_table.rows[index.row()][c]);
    case Qt::TextAlignmentRole:
        return isNumericColumn(c) ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                  : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CsvTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    if (section < 0 || section >= columnCount())
        return {};
    return QString::fromStdString(m_table.header[section]);
}

} // namespace aidc::ui

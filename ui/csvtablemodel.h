// SPDX-License-Identifier: Apache-2.0
#pragma once

// A table model over a CsvTable (model/csv.h): the BOM, the cable schedule, the rack list.
// Columns whose every cell is a number (or empty) sort numerically (Qt::UserRole holds the number)
// and are totalled by TablePanel.

#include "model/csv.h"

#include <QAbstractTableModel>

#include <vector>

namespace aidc::ui {

// A table with its cells read as numbers: built by prepareTable() on any thread (a worker for a
// long table), handed to the model without copying.
struct PreparedTable
{
    CsvTable table;
    std::vector<bool> numeric;                // per column: every non-empty cell is a number
    std::vector<std::vector<double>> numbers; // [row][column]
};
PreparedTable prepareTable(CsvTable table);

// A cell as a number: the whole cell, finite; false for an empty cell. The one rule of "a number"
// for the model's numeric columns and for sorting a streamed table.
bool parseCellNumber(const std::string &text, double &out);

class CsvTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit CsvTableModel(QObject *parent = nullptr);

    void setTable(const CsvTable &table);
    void setTable(PreparedTable prepared); // moved in: nothing is parsed or copied here
    const CsvTable &table() const { return m_table; }
    bool isNumericColumn(int column) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    CsvTable m_table;
    std::vector<bool> m_numeric;
    std::vector<std::vector<double>> m_numbers; // [row][column], numeric columns only
};

} // namespace aidc::ui

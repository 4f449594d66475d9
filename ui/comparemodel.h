// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Compare dock's table: the rows of a ScenarioComparison (solvers/pipeline/
// scenariocompare.h, the same rows `aidc compare --side-by-side` prints) kept by the dock's
// section and differences-only choices. Columns: section, item, one value per design (the
// baseline first), then each other design minus the baseline. Headline figures take the
// Results panel's labels and units; a row where the designs disagree is bold.

#include "solvers/pipeline/scenariocompare.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace aidc::ui {

class CompareModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SectionColumn, ItemColumn, FirstValueColumn };

    explicit CompareModel(QObject *parent = nullptr);

    void setComparison(std::shared_ptr<const ScenarioComparison> comparison,
                       const CompareTableOptions &options);
    const ScenarioComparison *comparison() const { return m_comparison.get(); }

    int designCount() const;
    int valueColumn(int design) const { return FirstValueColumn + design; }
    // The column of design - baseline; design >= 1.
    int differenceColumn(int design) const { return FirstValueColumn + designCount() + design - 1; }
    // The design a value or difference column shows; -1 for the section and item columns.
    int designOfColumn(int column) const;
    // Row of the headline figure `key` ("capexUsd"), -1 when it is not shown.
    int figureRow(const QString &key) const;
    // Headline figures on which the designs disagree (whatever the filter shows).
    int differingFigures() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString itemText(const ComparedRow &row) const;
    QString valueText(const ComparedRow &row, const std::optional<double> &value) const;
    QString differenceText(const ComparedRow &row, int design) const;

    std::shared_ptr<const ScenarioComparison> m_comparison;
    std::vector<const ComparedRow *> m_rows;
};

} // namespace aidc::ui

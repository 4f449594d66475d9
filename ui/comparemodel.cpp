// SPDX-License-Identifier: Apache-2.0
#include "comparemodel.h"

#include "qtext.h"
#include "summarymodel.h"

#include "solvers/common/reportformat.h"

#include <QFont>

#include <cmath>
#include <map>

namespace aidc::ui {

namespace {

const QString kUnset = QStringLiteral("—");

// The Results panel's label, format and meaning of every headline figure, by key.
const std::map<QString, HeadlineFigure> &figuresByKey()
{
    static const std::map<QString, HeadlineFigure> figures = [] {
        std::map<QString, HeadlineFigure> byKey;
        for (HeadlineFigure &figure : headlineFigures(Summary()))
            byKey.emplace(figure.key, std::move(figure));
        return byKey;
    }();
    return figures;
}

const HeadlineFigure *figureOf(const ComparedRow &row)
{
    if (row.section != CompareSection::Figures)
        return nullptr;
    const auto it = figuresByKey().find(q(row.item));
    return it == figuresByKey().end() ? nullptr : &it->second;
}

QString sectionName(CompareSection section)
{
    switch (section) {
    case CompareSection::Figures:
        return CompareModel::tr("Figures");
    case CompareSection::Capex:
        return CompareModel::tr("Capex");
    case CompareSection::BillOfMaterials:
        return CompareModel::tr("BOM");
    case CompareSection::Violations:
        return CompareModel::tr("Violations");
    }
    return {};
}

// A quantity in its unit: "1,024" for whole counts, "1.74 MW" for a plant's rating.
QString quantityText(double value, const std::string &unit)
{
    const bool whole = std::abs(value - std::round(value)) < 1e-9 && std::abs(value) < 1e15;
    const QString number =
        whole ? q(formatCount(std::llround(value))) : q(formatSignificant(value, 4));
    return unit.empty() || unit == "each" || unit == "count" ? number
                                                             : number + QLatin1Char(' ') + q(unit);
}

} // namespace

CompareModel::CompareModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CompareModel::setComparison(std::shared_ptr<const ScenarioComparison> comparison,
                                 const CompareTableOptions &options)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    m_rows =
        m_comparison ? selectedRows(*m_comparison, options) : std::vector<const ComparedRow *>();
    endResetModel();
}

int CompareModel::designCount() const
{
    return m_comparison ? int(m_comparison->names.size()) : 0;
}

int CompareModel::designOfColumn(int column) const
{
    const int n = designCount();
    if (column < FirstValueColumn || column >= FirstValueColumn + 2 * n - 1)
        return -1;
    const int offset = column - FirstValueColumn;
    return offset < n ? offset : offset - n + 1;
}

int CompareModel::figureRow(const QString &key) const
{
    for (std::size_t r = 0; r < m_rows.size(); ++r)
        if (m_rows[r]->section == CompareSection::Figures && q(m_rows[r]->item) == key)
            return int(r);
    return -1;
}

int CompareModel::differingFigures() const
{
    if (!m_comparison)
        return 0;
    int n = 0;
    for (const ComparedRow &row : m_comparison->rows)
        n += row.section == CompareSection::Figures && row.differs();
    return n;
}

int CompareModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex &parent) const
{
    const int n = designCount();
    return parent.isValid() || n == 0 ? 0 : FirstValueColumn + 2 * n - 1;
}

QString CompareModel::itemText(const ComparedRow &row) const
{
    switch (row.section) {
    case CompareSection::Figures:
        if (const HeadlineFigure *figure = figureOf(row))
            return figure->label;
        return q(row.item);
    case CompareSection::Capex:
        return q(row.description);
    case CompareSection::BillOfMaterials:
        return q(row.item);
    case CompareSection::Violations:
        return q(row.item.substr(0, row.item.find(' ')) == "error" ? "Error: " : "Warning: ") +
               q(row.description);
    }
    return {};
}

QString CompareModel::valueText(const ComparedRow &row, const std::optional<double> &value) const
{
    if (row.section == CompareSection::Violations)
        return value ? tr("yes") : kUnset;
    if (!value)
        return kUnset;
    if (const HeadlineFigure *figure = figureOf(row))
        return std::isinf(*value) ? QStringLiteral("∞") : formatFigure(*value, figure->format);
    if (row.section == CompareSection::Capex)
        return formatFigure(*value, FigureFormat::Usd);
    return quantityText(*value, row.unit);
}

QString CompareModel::differenceText(const ComparedRow &row, int design) const
{
    const std::optional<double> &base = row.values.front();
    const std::optional<double> &value = row.values[std::size_t(design)];
    if (row.section == CompareSection::Violations)
        return value == base ? QString() : value ? tr("added") : tr("removed");
    if (sameValue(value, base))
        return QStringLiteral("=");
    if (!base || !value || std::isinf(*base) || std::isinf(*value))
        return kUnset;
    const double difference = *value - *base;
    const QString sign = difference > 0 ? QStringLiteral("+") : QString();
    return sign + valueText(row, difference);
}

QVariant CompareModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const ComparedRow &row = *m_rows[std::size_t(index.row())];
    const int n = designCount();
    const int column = index.column();
    const int design = designOfColumn(column);
    const bool isDifference = column >= FirstValueColumn + n;
    if (role == Qt::DisplayRole) {
        if (column == SectionColumn)
            return sectionName(row.section);
        if (column == ItemColumn)
            return itemText(row);
        if (design < 0)
            return {};
        return isDifference ? differenceText(row, design)
                            : valueText(row, row.values[std::size_t(design)]);
    }
    if (role == Qt::TextAlignmentRole)
        return column <= ItemColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                    : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && row.differs()) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::ToolTipRole) {
        if (column <= ItemColumn) {
            const HeadlineFigure *figure = figureOf(row);
            QString tip = figure ? figure->tooltip : q(row.description);
            if (row.section == CompareSection::Violations ||
                row.section == CompareSection::BillOfMaterials)
                tip = q(row.item) + QStringLiteral("\n") + q(row.description);
            return tip;
        }
        // A difference's share of the baseline.
        const std::optional<double> &base = row.values.front();
        if (isDifference && design > 0 && base && *base != 0 && std::isfinite(*base)) {
            const std::optional<double> &value = row.values[std::size_t(design)];
            if (value && std::isfinite(*value))
                return tr("%1 of the baseline")
                    .arg(q(formatPercent((*value - *base) / std::abs(*base))));
        }
    }
    return {};
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !m_comparison)
        return {};
    if (section == SectionColumn)
        return tr("Section");
    if (section == ItemColumn)
        return tr("Figure, category, part or finding");
    const int design = designOfColumn(section);
    if (design < 0)
        return {};
    const QString name = q(m_comparison->names[std::size_t(design)]);
    if (section >= FirstValueColumn + designCount())
        return tr("%1 − baseline").arg(name);
    return design == 0 ? tr("%1 (baseline)").arg(name) : name;
}

} // namespace aidc::ui

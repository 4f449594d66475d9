// SPDX-License-Identifier: Apache-2.0
#pragma once

// The headline figures of a Summary (solvers/pipeline/summary.h) as the GUI lists them, and two
// item models over them: the results panel (one summary) and scenario compare (two summaries
// and their difference). A figure whose solver has not run shows "—"; one that depends on a
// solver that reported an error is greyed and marked "incomplete" (what failed is left out).

#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"
#include "solvers/pipeline/summary.h"

#include <QAbstractTableModel>
#include <QString>

#include <optional>
#include <vector>

namespace aidc::ui {

enum class FigureFormat {
    Count,
    Power,
    EnergyMWh,
    Usd,
    Fraction,
    Ratio,
    Days,
    Hours,
    Minutes,
    Seconds,
    PerSecond,
    PerDay
};

// The solvers named in a sentence: "the fabric solver", "the fabric and cost solvers". `stages`
// is a set of the field table's solver stages (model/projectfields.h, stage::).
QString solversSentence(unsigned stages);

// The solvers whose own diagnostics hold an error in `result`.
unsigned failedStages(const Result &result);

struct HeadlineFigure
{
    QString key;   // the figure's key in the result JSON, e.g. "itPowerNameplateW"
    QString label; // "IT power (nameplate)"
    std::optional<double> value;
    FigureFormat format = FigureFormat::Count;
    QString tooltip;
    unsigned stages = 0;  // stage:: bits it depends on
    QString reportAnchor; // words on the line of the text report that states it
};

// The solver that computes a figure (the last stage it depends on) as its report section: the
// terms the figure is opened up to.
ReportSection reportSectionOf(unsigned stages);

// Every headline figure of the summary, in display order, set or not.
std::vector<HeadlineFigure> headlineFigures(const Summary &summary);

QString formatFigure(double value, FigureFormat format);
QString formatFigure(const std::optional<double> &value, FigureFormat format); // "—" when unset

class SummaryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit SummaryModel(QObject *parent = nullptr);

    // `failed`: stage:: bits of the solvers that reported an error (failedStages()).
    void setSummary(const Summary &summary, unsigned failed = 0);
    bool isIncomplete(int row) const;
    void clear();
    const std::vector<HeadlineFigure> &figures() const { return m_figures; }
    // Row of the figure with `key`, -1 when there is none.
    int rowOf(const QString &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<HeadlineFigure> m_figures;
    unsigned m_failed = 0;
};

} // namespace aidc::ui

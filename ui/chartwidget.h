// SPDX-License-Identifier: Apache-2.0
#pragma once

// One chart (Qt Charts) fed with plain vectors: bars or a pie of (label, value), or curves of
// (x, y). Shows a sentence instead of an empty plot when there is no data, and exports to PNG
// and SVG through the atomic-save helper.

#include "chartdata.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QPainter;
class QStackedWidget;
class QTabWidget;

namespace aidc::ui {

class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    ChartWidget(const QString &title, const QString &emptyText, QWidget *parent = nullptr);

    // Values are divided by `divisor` for display (W -> MW: 1e6) and the axis titled `unit`.
    void setBars(const std::vector<LabelledValue> &values, const QString &unit,
                 double divisor = 1.0);
    void setPie(const std::vector<LabelledValue> &values, const QString &unit,
                double divisor = 1.0);
    void setCurves(const std::vector<CurveSeries> &series, const QString &xTitle,
                   const QString &yTitle);
    void showEmpty(); // back to the "no data" sentence

    bool hasData() const { return m_hasData; }
    QString title() const { return m_title; }
    QChart *chart() const { return m_chart; }

    // Renders the chart at its current size (at least 800 x 500) and saves it atomically.
    // Returns "" on success, else why it failed.
    QString exportPng(const QString &path) const;
    QString exportSvg(const QString &path) const;
    // A line under an exported chart saying what it is of (project, date): a picture pasted into
    // a review keeps its provenance.
    void setCaption(const QString &caption) { m_caption = caption; }
    QString caption() const { return m_caption; }

private:
    void resetChart();
    QSize exportSize() const;
    void renderTo(QPainter &painter, const QSize &size) const;

    QString m_title;
    QString m_emptyText;
    QString m_caption;
    QStackedWidget *m_stack;
    QChartView *m_view;
    QChart *m_chart;
    QLabel *m_empty;
    bool m_hasData = false;
};

// The chart tabs: power breakdown, per pool, and the slots of the later solvers.
class ChartsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ChartsPanel(QWidget *parent = nullptr);

    void setData(const ChartData &chartData);
    void setCaption(const QString &caption); // every chart's export caption
    void clear();
    const std::vector<ChartWidget *> &charts() const { return m_charts; }
    ChartWidget *currentChart() const;
    void showChart(int index);

private:
    void exportCurrent(bool svg);

    QTabWidget *m_tabs;
    std::vector<ChartWidget *> m_charts;
    ChartWidget *m_power, *m_pools, *m_capex, *m_stepTime, *m_scaling, *m_failures, *m_goodput,
        *m_loadProfile;
};

} // namespace aidc::ui

// SPDX-License-Identifier: Apache-2.0
#include "chartwidget.h"

#include "displaysettings.h"

#include "qtext.h"

#include "model/atomicfile.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QColor>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPainter>
#include <QPieSeries>
#include <QPieSlice>
#include <QPushButton>
#include <QStackedWidget>
#include <QSvgGenerator>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace aidc::ui {

namespace {

QString saveBytes(const QString &path, const QByteArray &bytes)
{
    const SaveResult saved =
        saveFileAtomically(path.toStdString(), std::string_view(bytes.constData(), bytes.size()));
    return saved.ok ? QString() : QString::fromStdString(saved.error);
}

} // namespace

ChartWidget::ChartWidget(const QString &title, const QString &emptyText, QWidget *parent)
    : QWidget(parent)
    , m_title(title)
    , m_emptyText(emptyText)
    , m_stack(new QStackedWidget(this))
    , m_view(new QChartView(this))
    , m_chart(new QChart)
    , m_empty(new QLabel(this))
{
    m_chart->setTitle(title);
    QFont titleFont = m_chart->titleFont();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    m_chart->setTitleFont(titleFont);
    m_chart->setAnimationOptions(QChart::NoAnimation);
    // setChart releases the view's default chart without deleting it (Qt docs): delete it here,
    // or LeakSanitizer reports one chart per widget.
    QChart *defaultChart = m_view->chart();
    m_view->setChart(m_chart);
    if (defaultChart != m_chart)
        delete defaultChart;
    m_view->setRenderHint(QPainter::Antialiasing);
    m_empty->setText(QStringLiteral("<b>%1</b><br><br>%2")
                         .arg(title.toHtmlEscaped(), emptyText.toHtmlEscaped()));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_view);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    showEmpty();
}

void ChartWidget::resetChart()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis); // hands the axis back to the caller
        delete axis;
    }
    m_chart->legend()->setVisible(true);
}

void ChartWidget::showEmpty()
{
    resetChart();
    m_hasData = false;
    m_stack->setCurrentWidget(m_empty);
}

void ChartWidget::setBars(const std::vector<LabelledValue> &values, const QString &unit,
                          double divisor)
{
    resetChart();
    if (values.empty()) {
        showEmpty();
        return;
    }
    auto *set = new QBarSet(unit);
    QStringList categories;
    double maxValue = 0;
    for (const LabelledValue &v : values) {
        *set << v.value / divisor;
        categories << q(v.label);
        maxValue = std::max(maxValue, v.value / divisor);
    }
    set->setLabelColor(Qt::black);
    auto *series = new QBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(3);
    m_chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    auto *y = new QValueAxis;
    y->setTitleText(unit);
    y->setRange(0, maxValue > 0 ? maxValue * 1.15 : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    m_chart->legend()->setVisible(false);
    m_hasData = true;
    m_stack->setCurrentWidget(m_view);
}

void ChartWidget::setPie(const std::vector<LabelledValue> &values, const QString &unit,
                         double divisor)
{
    resetChart();
    double total = 0;
    for (const LabelledValue &v : values)
        total += v.value;
    if (values.empty() || total <= 0) {
        showEmpty();
        return;
    }
    auto *series = new QPieSeries;
    for (const LabelledValue &v : values) {
        QPieSlice *slice = series->append(QStringLiteral("%1: %2 %3 (%4 %)")
                                              .arg(q(v.label))
                                              .arg(v.value / divisor, 0, 'f', 2)
                                              .arg(unit)
                                              .arg(100.0 * v.value / total, 0, 'f', 1),
                                          v.value);
        slice->setLabelVisible(false);
        // A categorical palette (Okabe and Ito's, readable with colour-vision deficiencies),
        // not the theme's shades of one blue.
        static const QColor palette[] = {
            QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
            QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
            QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99), QColor(0x00, 0x00, 0x00)};
        const QColor colour = palette[std::size_t(series->count() - 1) % std::size(palette)];
        slice->setBrush(colour);
        slice->setBorderColor(Qt::white);
    }
    series->setPieSize(0.75);
    m_chart->addSeries(series);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_hasData = true;
    m_stack->setCurrentWidget(m_view);
}

void ChartWidget::setCurves(const std::vector<CurveSeries> &curves, const QString &xTitle,
                            const QString &yTitle)
{
    resetChart();
    bool any = false;
    for (const CurveSeries &c : curves)
        any = any || !c.points.empty();
    if (!any) {
        showEmpty();
        return;
    }
    auto *x = new QValueAxis;
    auto *y = new QValueAxis;
    x->setTitleText(xTitle);
    y->setTitleText(yTitle);
    x->setLabelFormat(QStringLiteral("%.4g"));
    y->setLabelFormat(QStringLiteral("%.3g"));
    m_chart->addAxis(x, Qt::AlignBottom);
    m_chart->addAxis(y, Qt::AlignLeft);
    double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300;
    for (const CurveSeries &c : curves) {
        auto *series = new QLineSeries;
        series->setName(q(c.name));
        series->setPointsVisible(c.markers);
        for (const XY &p : c.points) {
            series->append(p.x, p.y);
            minX = std::min(minX, p.x);
            maxX = std::max(maxX, p.x);
            minY = std::min(minY, p.y);
            maxY = std::max(maxY, p.y);
        }
        m_chart->addSeries(series);
        series->attachAxis(x);
        series->attachAxis(y);
    }
    x->setRange(minX, maxX > minX ? maxX : minX + 1);
    y->setRange(std::min(0.0, minY), maxY > 0 ? maxY * 1.1 : 1);
    x->applyNiceNumbers();
    y->applyNiceNumbers();
    m_chart->legend()->setVisible(curves.size() > 1);
    m_hasData = true;
    m_stack->setCurrentWidget(m_view);
}

QSize ChartWidget::exportSize() const
{
    return m_view->size().expandedTo(QSize(800, 500));
}

void ChartWidget::renderTo(QPainter &painter, const QSize &size) const
{
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_hasData) {
        // Lay the chart out at the export size (the view may be hidden in a tabbed dock and
        // never have been laid out), render its scene, then give it back its size.
        const QSizeF shown = m_chart->size();
        m_chart->resize(size);
        m_chart->scene()->render(&painter, QRectF(QPointF(0, 0), size),
                                 QRectF(m_chart->pos(), QSizeF(size)));
        m_chart->resize(shown);
    } else
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter | Qt::TextWordWrap,
                         m_title + "\n\n" + m_emptyText);
    if (!m_caption.isEmpty()) {
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.drawText(QRect(QPoint(8, 0), size - QSize(16, 6)), Qt::AlignBottom | Qt::AlignLeft,
                         m_caption);
    }
}

QString ChartWidget::exportPng(const QString &path) const
{
    const QSize size = exportSize();
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        renderTo(painter, size);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return tr("%1: cannot encode the PNG image").arg(path);
    return saveBytes(path, bytes);
}

QString ChartWidget::exportSvg(const QString &path) const
{
    const QSize size = exportSize();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(m_title);
    {
        QPainter painter(&generator);
        renderTo(painter, size);
    }
    return saveBytes(path, bytes);
}

// ------------------------------------------------------------------ ChartsPanel

ChartsPanel::ChartsPanel(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
{
    auto add = [this](const QString &tab, const QString &title, const QString &empty) {
        auto *chart = new ChartWidget(title, empty, this);
        m_tabs->addTab(chart, tab);
        m_charts.push_back(chart);
        return chart;
    };
    m_power = add(tr("Power"), tr("Power at peak by consumer (MW)"),
                  tr("No power figures yet: evaluate a project with a known accelerator."));
    m_pools = add(tr("Pools"), tr("IT power at nameplate per compute pool (MW)"),
                  tr("No pools evaluated yet."));
    m_capex = add(tr("Capex"), tr("Capex by category (millions, in the currency of View ▸ Units)"),
                  tr("Not computed: the cost solver priced nothing (see Violations)."));
    const QString noPlan = tr("Not computed: the project has no workload, or no parallelism "
                              "plan fits (see Violations).");
    m_stepTime = add(tr("Step time"), tr("Step time breakdown of the plan (s)"), noPlan);
    m_scaling = add(tr("Scaling"), tr("MFU vs GPU count (best plan at each size)"), noPlan);
    const QString noReliability =
        tr("Not computed: the project has no workload for the reliability model.");
    m_failures = add(tr("Failures"), tr("Failures per day by component class"), noReliability);
    m_goodput = add(tr("Goodput"), tr("Goodput vs checkpoint interval"), noReliability);
    m_loadProfile =
        add(tr("Load profile"),
            tr("Site power over three steps, a checkpoint and a restart of the job (MW)"), noPlan);

    auto *png = new QPushButton(tr("Export &PNG…"), this);
    auto *svg = new QPushButton(tr("Export &SVG…"), this);
    png->setToolTip(tr("Save the chart shown as a PNG image"));
    svg->setToolTip(tr("Save the chart shown as an SVG drawing"));
    connect(png, &QPushButton::clicked, this, [this] { exportCurrent(false); });
    connect(svg, &QPushButton::clicked, this, [this] { exportCurrent(true); });
    auto *bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(png);
    bar->addWidget(svg);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_tabs, 1);
    layout->addLayout(bar);
}

void ChartsPanel::setData(const ChartData &chartData)
{
    const ChartData &d = chartData;
    m_power->setPie(d.powerBreakdownW, QStringLiteral("MW"), 1e6);
    m_pools->setBars(d.poolItNameplateMW, QStringLiteral("MW"));
    const DisplayUnits &units = displayUnits();
    m_capex->setPie(d.capexBreakdownUsd, QString::fromLatin1(currencyCode(units.currency)) + " M",
                    1e6 / units.perUsd());
    m_stepTime->setBars(d.stepTimeBreakdownS, QStringLiteral("s"));
    m_scaling->setCurves(d.scalingCurve, tr("GPUs"), tr("MFU"));
    m_failures->setBars(d.failuresPerDay, tr("failures/day"));
    m_goodput->setCurves(d.goodputVsInterval, tr("checkpoint interval (min)"), tr("goodput"));
    m_loadProfile->setCurves(d.loadProfileMW, tr("time (s)"), QStringLiteral("MW"));
}

void ChartsPanel::setCaption(const QString &caption)
{
    for (ChartWidget *chart : m_charts)
        chart->setCaption(caption);
}

void ChartsPanel::clear()
{
    for (ChartWidget *chart : m_charts)
        chart->showEmpty();
}

ChartWidget *ChartsPanel::currentChart() const
{
    return qobject_cast<ChartWidget *>(m_tabs->currentWidget());
}

void ChartsPanel::showChart(int index)
{
    m_tabs->setCurrentIndex(index);
}

void ChartsPanel::exportCurrent(bool svg)
{
    ChartWidget *chart = currentChart();
    if (!chart)
        return;
    const QString filter = svg ? tr("SVG drawing (*.svg)") : tr("PNG image (*.png)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QString(), filter);
    if (path.isEmpty())
        return;
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    const QString error = svg ? chart->exportSvg(path) : chart->exportPng(path);
    if (!error.isEmpty())
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace aidc::ui

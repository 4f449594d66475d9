// SPDX-License-Identifier: Apache-2.0
#include "explorepanel.h"

#include "tablepanel.h"

#include "model/projectjson.h"
#include "solvers/optimize/optimizereport.h"
#include "solvers/uncertainty/bands.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace aidc::ui {

namespace {

// Axis values: money in millions of USD, the rest in the metric's unit.
double axisScale(const Metric &metric)
{
    return std::string(metric.unit) == "USD" ? 1e-6 : 1.0;
}

QString axisTitle(const Metric &metric)
{
    const QString unit = std::string(metric.unit) == "USD" ? QStringLiteral("M USD")
                                                           : QString::fromUtf8(metric.unit);
    return QStringLiteral("%1 (%2)").arg(QString::fromUtf8(metric.name), unit);
}

// Blue (low) to red (high) for the third objective.
QColor ramp(double share)
{
    share = std::clamp(share, 0.0, 1.0);
    return QColor::fromHsvF(float((1 - share) * 0.66), 0.8f, 0.85f);
}

} // namespace

ExplorePanel::ExplorePanel(QWidget *parent)
    : QWidget(parent)
    , m_vary(new QPlainTextEdit)
    , m_objectives(new QLineEdit(QStringLiteral("capex,time-to-train")))
    , m_constraints(new QLineEdit)
    , m_button(new QPushButton(tr("&Search")))
    , m_status(new QLabel)
    , m_chart(new QChartView)
    , m_table(new TablePanel(tr("No search yet.")))
{
    m_pool.setMaxThreadCount(1); // one search at a time; the search itself uses every core
    m_vary->setPlaceholderText(tr("One design variable per line, e.g.\n"
                                  "/power/distribution=48V,800VDC\n"
                                  "/network/planes/0/islandOversubscription=1..7:2"));
    m_vary->setPlainText(QStringLiteral("/power/distribution=12V,48V,800VDC"));
    m_vary->setToolTip(tr("As aidc optimize --vary: PATH=V1,V2,..., PATH=FROM..TO:STEP, or "
                          "linked fields PATH1+PATH2=[A1,A2],[B1,B2] (docs/optimize.md)"));
    m_objectives->setToolTip(tr("One to three metrics: capex, tco, usd-per-eflop-hour, "
                                "time-to-train, facility-power, energy, water, wue, carbon, "
                                "first-training, goodput, mfu, gpus"));
    m_constraints->setPlaceholderText(tr("e.g. facility-power<=150; capex<=7e9"));
    m_constraints->setToolTip(tr("Limits on metrics in their units, separated by ';'"));
    m_button->setToolTip(tr("Search the design variables for the Pareto front of the objectives "
                            "(exhaustive up to 1,000 candidates, else NSGA-II, seed 1)"));
    m_status->setWordWrap(true);
    m_status->setText(tr("Vary design fields of the open project and search for the designs no "
                         "other beats on every objective. The open project is not changed."));

    auto *form = new QFormLayout;
    form->addRow(tr("Vary:"), m_vary);
    form->addRow(tr("Objectives:"), m_objectives);
    form->addRow(tr("Constraints:"), m_constraints);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(form);
    leftLayout->addWidget(m_button);
    leftLayout->addWidget(m_status, 1);
    m_vary->setMaximumHeight(m_vary->fontMetrics().height() * 6);

    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(220);
    m_chart->chart()->legend()->hide();
    auto *right = new QSplitter(Qt::Vertical);
    right->addWidget(m_chart);
    right->addWidget(m_table);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({600, 250}); // the chart first: the table is the detail
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    connect(m_button, &QPushButton::clicked, this, [this] {
        const QString problem = search();
        if (!problem.isEmpty())
            m_status->setText(problem);
    });
}

ExplorePanel::~ExplorePanel()
{
    cancelRun();
    m_pool.waitForDone();
}

void ExplorePanel::cancelRun()
{
    if (m_cancel)
        m_cancel->store(true);
}

void ExplorePanel::setBaseCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_base = std::move(catalog);
}

void ExplorePanel::setProject(const QString &path, const Project &project)
{
    m_path = path;
    m_projectText = projectToJson(project);
}

void ExplorePanel::setArguments(const QStringList &vary, const QString &objectives,
                                const QString &constraints)
{
    m_vary->setPlainText(vary.join(QLatin1Char('\n')));
    m_objectives->setText(objectives);
    m_constraints->setText(constraints);
}

QString ExplorePanel::statusText() const
{
    return m_status->text();
}

QString ExplorePanel::search()
{
    if (!m_base || m_projectText.empty())
        return tr("No project to search from.");
    if (m_running)
        return tr("A search is running.");
    OptimizeSpec spec;
    std::shared_ptr<const Optimizer> optimizer;
    const std::string base = m_path.isEmpty() ? std::string("untitled.json") : m_path.toStdString();
    try {
        for (const QString &line : m_vary->toPlainText().split(QLatin1Char('\n'))) {
            if (!line.trimmed().isEmpty())
                spec.variables.push_back(parseDesignVariable(line.trimmed().toStdString()));
        }
        spec.objectives = parseObjectives(m_objectives->text().toStdString());
        for (const QString &text : m_constraints->text().split(QLatin1Char(';'))) {
            if (!text.trimmed().isEmpty())
                spec.constraints.push_back(parseConstraint(text.trimmed().toStdString()));
        }
        optimizer = std::make_shared<const Optimizer>(base, m_projectText, *m_base, spec);
    } catch (const OptimizeError &error) {
        return QString::fromStdString(error.what());
    } catch (const LoadError &error) {
        return QString::fromStdString(error.diagnostics().toString()).trimmed();
    }
    cancelRun();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    m_running = true;
    m_button->setEnabled(false);
    m_status->setText(tr("Searching %1 candidates…").arg(optimizer->spaceSize()));
    std::shared_ptr<const Catalog> catalog = m_base; // the optimizer refers to it
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_pool.start([this, optimizer, catalog, cancel, generation] {
        auto result = std::make_shared<OptimizeResult>();
        QString failure;
        try {
            OptimizeOptions options;
            options.evaluate = headlineOnly({});
            options.cancel = cancel.get();
            options.onProgress = [this, generation](const OptimizeProgress &progress) {
                const QString text = tr("Searching: %1 of at most %2 candidates, front %3…")
                                         .arg(progress.evaluated)
                                         .arg(progress.planned)
                                         .arg(progress.front);
                QMetaObject::invokeMethod(
                    this,
                    [this, text, generation] {
                        if (generation == m_generation && m_running)
                            m_status->setText(text);
                    },
                    Qt::QueuedConnection);
            };
            *result = optimizer->run(options);
            if (!cancel->load())
                optimizer->findTies(*result, options.evaluate, 32, 0);
        } catch (const std::exception &error) {
            failure = tr("The search failed: %1").arg(QString::fromStdString(error.what()));
        }
        QMetaObject::invokeMethod(
            this,
            [this, optimizer, result, failure, generation] {
                if (generation != m_generation)
                    return; // a newer search replaced this one
                m_running = false;
                m_button->setEnabled(true);
                if (!failure.isEmpty()) {
                    m_status->setText(failure);
                } else {
                    m_optimizer = optimizer;
                    m_result = result;
                    showResult();
                }
                emit searched();
            },
            Qt::QueuedConnection);
    });
    return {};
}

QString ExplorePanel::memberText(std::size_t member) const
{
    const Candidate &c = m_result->front.at(member);
    const OptimizeSpec &spec = m_optimizer->spec();
    QString text = tr("#%1").arg(member + 1);
    const QString role = QString::fromStdString(frontRole(*m_optimizer, *m_result, member));
    if (!role.isEmpty())
        text += QStringLiteral(" (%1)").arg(role);
    for (std::size_t m = 0; m < spec.objectives.size(); ++m)
        text += QStringLiteral("\n%1: %2")
                    .arg(QString::fromUtf8(spec.objectives[m]->name),
                         c.objectives[m] ? QString::fromStdString(
                                               formatMetric(*spec.objectives[m], *c.objectives[m]))
                                         : QStringLiteral("-"));
    for (std::size_t v = 0; v < spec.variables.size(); ++v) {
        const DesignVariable &variable = spec.variables[v];
        for (std::size_t k = 0; k < variable.pointers.size(); ++k) {
            const nlohmann::json &value = variable.value(std::size_t(c.choices[v]), k);
            text += QStringLiteral("\n%1 = %2")
                        .arg(QString::fromStdString(variable.pointers[k]),
                             QString::fromStdString(value.is_string() ? value.get<std::string>()
                                                                      : value.dump()));
        }
    }
    return text + tr("\nClick to compare it with the open project.");
}

void ExplorePanel::showResult()
{
    const OptimizeResult &result = *m_result;
    const OptimizeSpec &spec = m_optimizer->spec();
    m_table->setTable(frontTable(*m_optimizer, result));
    QChart *chart = new QChart;
    chart->legend()->hide();
    // setChart releases the previous chart without deleting it (Qt docs): delete it here, with
    // its series and their connections, or every search leaks one.
    QChart *previous = m_chart->chart();
    m_chart->setChart(chart);
    if (previous != chart)
        delete previous;
    if (result.front.empty()) {
        m_status->setText(QString::fromStdString(infeasibleMessage(*m_optimizer, result)));
        return;
    }
    m_status->setText(tr("%1 search: %2 of %3 candidates evaluated, %4 feasible, %5 on the "
                         "front, %6 s. Hover a point for its figures; click it to compare it "
                         "with the open project.")
                          .arg(QString::fromUtf8(searchMethodName(result.method)))
                          .arg(result.evaluated)
                          .arg(result.spaceSize)
                          .arg(result.feasible)
                          .arg(result.front.size())
                          .arg(result.seconds, 0, 'f', 1) +
                      (result.method == SearchMethod::Evolutionary && !result.polishSettled
                           ? tr(" The polish stopped at its budget: a design may still be beaten "
                                "by changing one variable.")
                           : QString()));

    // One objective: plot it against the member number.
    const Metric *x = spec.objectives.size() > 1 ? spec.objectives[0] : nullptr;
    const Metric *y = spec.objectives.size() > 1 ? spec.objectives[1] : spec.objectives[0];
    const std::size_t yIndex = spec.objectives.size() > 1 ? 1 : 0;
    auto *front = new QScatterSeries;
    front->setMarkerSize(11);
    front->setName(tr("front"));
    auto *knee = new QScatterSeries;
    knee->setMarkerSize(18);
    knee->setColor(QColor(0, 0, 0, 0));
    knee->setBorderColor(Qt::black);
    knee->setName(tr("knee"));
    double low = 0, high = 0;
    if (spec.objectives.size() > 2) {
        low = high = result.front[0].objectives[2].value_or(0);
        for (const Candidate &c : result.front) {
            low = std::min(low, c.objectives[2].value_or(0));
            high = std::max(high, c.objectives[2].value_or(0));
        }
    }
    for (std::size_t i = 0; i < result.front.size(); ++i) {
        const Candidate &c = result.front[i];
        const QPointF point(x ? c.objectives[0].value_or(0) * axisScale(*x) : double(i + 1),
                            c.objectives[yIndex].value_or(0) * axisScale(*y));
        front->append(point);
        if (i == result.knee)
            knee->append(point);
        if (spec.objectives.size() > 2) {
            const double share =
                high > low ? (c.objectives[2].value_or(0) - low) / (high - low) : 0;
            front->setPointConfiguration(int(i), QXYSeries::PointConfiguration::Color, ramp(share));
        }
    }
    chart->addSeries(front);
    chart->addSeries(knee);
    chart->createDefaultAxes();
    const auto horizontal = chart->axes(Qt::Horizontal);
    const auto vertical = chart->axes(Qt::Vertical);
    // A margin of 5 % of the span around the points, so none sits on the frame.
    for (QAbstractAxis *axis : horizontal + vertical) {
        if (auto *value = qobject_cast<QValueAxis *>(axis)) {
            const double span = value->max() - value->min();
            const double pad =
                span > 0 ? span * 0.05 : std::max(std::abs(value->max()) * 0.05, 1.0);
            value->setRange(value->min() - pad, value->max() + pad);
            value->applyNiceNumbers();
        }
    }
    if (!horizontal.isEmpty())
        horizontal.front()->setTitleText(x ? axisTitle(*x) : tr("front member"));
    if (!vertical.isEmpty())
        vertical.front()->setTitleText(axisTitle(*y));
    QString title = x ? tr("Pareto front: %1 against %2")
                            .arg(QString::fromUtf8(y->name), QString::fromUtf8(x->name))
                      : tr("Best %1").arg(QString::fromUtf8(y->name));
    if (spec.objectives.size() > 2)
        title += tr("; colour: %1 from %2 (blue) to %3 (red)")
                     .arg(QString::fromUtf8(spec.objectives[2]->name),
                          QString::fromStdString(formatMetric(*spec.objectives[2], low)),
                          QString::fromStdString(formatMetric(*spec.objectives[2], high)));
    chart->setTitle(title);

    auto memberAt = [front](const QPointF &point) {
        const QList<QPointF> points = front->points();
        for (int i = 0; i < points.size(); ++i) {
            if (points[i] == point)
                return i;
        }
        return -1;
    };
    connect(front, &QScatterSeries::hovered, this, [this, memberAt](const QPointF &point, bool on) {
        const int member = memberAt(point);
        if (on && member >= 0)
            QToolTip::showText(QCursor::pos(), memberText(std::size_t(member)), m_chart);
        else
            QToolTip::hideText();
    });
    connect(front, &QScatterSeries::clicked, this, [this, memberAt](const QPointF &point) {
        const int member = memberAt(point);
        if (member >= 0)
            openMember(std::size_t(member));
    });
}

void ExplorePanel::openMember(std::size_t member)
{
    if (!m_result || member >= m_result->front.size())
        return;
    try {
        const Project project = parseProjectJson(
            m_optimizer->document(m_result->front[member].choices), m_optimizer->baseFile());
        emit memberChosen(tr("front #%1").arg(member + 1), project);
    } catch (const LoadError &error) {
        m_status->setText(QString::fromStdString(error.diagnostics().toString()).trimmed());
    }
}

} // namespace aidc::ui

// SPDX-License-Identifier: Apache-2.0
#include "comparepanel.h"

#include "evaluator.h"
#include "tablepanel.h"
#include "userprompts.h"

#include "model/projectjson.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace aidc::ui {

ComparePanel::ComparePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new CompareModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_evaluator(new Evaluator(this))
    , m_uncertain(new QPushButton(tr("Compare with &uncertainty"), this))
    , m_bands(new TablePanel(tr("Press \"Compare with uncertainty\" to see which differences are "
                                "beyond the uncertainty of the figures.")))
{
    m_pool.setMaxThreadCount(1);
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(CompareModel::FigureColumn,
                                                     QHeaderView::Stretch);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);

    auto *open = new QPushButton(tr("Open scenario &B…"), this);
    open->setToolTip(tr("Load a second project file to compare with the open one"));
    auto *snap = new QPushButton(tr("&Snapshot current as baseline"), this);
    snap->setToolTip(tr("Keep the open project as it is now as the baseline (column A), then "
                        "edit on: column B follows the open project and B - A shows what the "
                        "edits changed"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(open);
    bar->addWidget(snap);
    bar->addWidget(m_uncertain);
    bar->addStretch(1);
    m_uncertain->setToolTip(tr("Evaluate A and B again at the same 32 draws of every "
                               "assumption's range and of the model's error: is B - A beyond "
                               "the uncertainty? (docs/uncertainty.md)"));
    m_uncertain->setEnabled(false);
    connect(m_uncertain, &QPushButton::clicked, this, &ComparePanel::compareWithUncertainty);
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_bands, 1);

    connect(open, &QPushButton::clicked, this, [this] {
        UserPrompts fallback;
        UserPrompts *prompts = m_prompts ? m_prompts : &fallback;
        const QString path = prompts->openFileName(this, QString());
        if (path.isEmpty())
            return;
        const QString error = openScenario(path);
        if (!error.isEmpty())
            prompts->showError(this, tr("Cannot compare"),
                               tr("%1 could not be loaded.").arg(QFileInfo(path).fileName()),
                               error);
    });
    connect(snap, &QPushButton::clicked, this, &ComparePanel::snapshotRequested);
    connect(m_evaluator, &Evaluator::finished, this,
            [this](std::shared_ptr<const Evaluation> evaluation) {
                if (evaluation->failed) {
                    m_b.reset();
                    m_status->setText(
                        tr("Scenario B failed to evaluate: %1")
                            .arg(QString::fromStdString(evaluation->loadDiagnostics.toString())));
                    m_evaluationB.reset();
                } else {
                    m_b = evaluation->result.summary;
                    m_evaluationB = evaluation;
                }
                invalidateBands();
                refresh();
            });
    refresh();
}

void ComparePanel::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_catalog = catalog;
    m_evaluator->setCatalog(std::move(catalog));
}

void ComparePanel::setCurrent(const QString &name, std::shared_ptr<const Evaluation> evaluation)
{
    m_nameA = name;
    if (evaluation && !evaluation->failed) {
        m_a = evaluation->result.summary;
        m_evaluationA = evaluation;
    } else {
        m_a.reset();
        m_evaluationA.reset();
    }
    invalidateBands();
    refresh();
}

QString ComparePanel::openScenario(const QString &path)
{
    try {
        Project project = loadProjectFile(path.toStdString());
        m_snapshot = false;
        m_nameB = QFileInfo(path).fileName();
        m_b.reset();
        m_evaluator->evaluateNow(project);
    } catch (const LoadError &e) {
        return QString::fromStdString(e.diagnostics().toString());
    }
    refresh();
    return {};
}

void ComparePanel::snapshot(const QString &name, const Project &project)
{
    m_snapshot = true;
    showScenario(tr("%1 (snapshot)").arg(name), project);
}

void ComparePanel::showScenario(const QString &name, const Project &project)
{
    m_nameB = name;
    m_b.reset();
    m_evaluator->evaluateNow(project);
    refresh();
}

ComparePanel::~ComparePanel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

void ComparePanel::invalidateBands()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
    m_bands->setPlaceholder({});
    m_bands->setTable({});
}

void ComparePanel::compareWithUncertainty()
{
    if (!m_evaluationA || !m_evaluationB || !m_catalog || !m_evaluationA->catalog ||
        !m_evaluationB->catalog)
        return;
    invalidateBands();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = m_generation;
    m_uncertain->setEnabled(false);
    m_bands->setPlaceholder(tr("Evaluating A and B at 32 shared draws…"));
    std::shared_ptr<const Evaluation> a = m_evaluationA, b = m_evaluationB;
    if (m_snapshot)
        std::swap(a, b); // the snapshot is the baseline: B - A = open project - snapshot
    std::shared_ptr<const Catalog> base = m_catalog;
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_pool.start([this, a, b, base, cancel, generation] {
        EvaluateOptions options;
        options.cancel = cancel.get();
        const DifferenceResult result = differenceBands(
            a->project, *a->catalog, options, b->project, *b->catalog, options, *base, {});
        if (cancel->load())
            return;
        auto table = std::make_shared<CsvTable>(differenceTable(result, true));
        QMetaObject::invokeMethod(
            this,
            [this, table, generation] {
                if (generation != m_generation)
                    return;
                m_bands->setTable(*table);
                refresh();
                emit bandsComputed();
            },
            Qt::QueuedConnection);
    });
}

void ComparePanel::refresh()
{
    m_uncertain->setEnabled(m_evaluationA && m_evaluationB && m_catalog);
    // A snapshot is the baseline the open project moved away from, so it is column A and the
    // difference reads "what the edits changed"; an opened file is scenario B.
    if (m_snapshot)
        m_model->setScenarios(m_nameB, m_b, m_nameA, m_a);
    else
        m_model->setScenarios(m_nameA, m_a, m_nameB, m_b);
    if (m_nameB.isEmpty())
        m_status->setText(tr("Open a second project or snapshot the open one to compare every "
                             "headline figure."));
    else if (!m_b)
        m_status->setText(tr("Evaluating scenario B…"));
    else if (m_snapshot)
        m_status->setText(tr("%n figure(s) changed since the snapshot (B - A = open project - "
                             "snapshot).",
                             nullptr, m_model->differingFigures()));
    else
        m_status->setText(
            tr("%n figure(s) differ between A and B.", nullptr, m_model->differingFigures()));
}

} // namespace aidc::ui

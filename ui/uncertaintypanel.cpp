// SPDX-License-Identifier: Apache-2.0
#include "uncertaintypanel.h"

#include "tablepanel.h"

#include "solvers/uncertainty/uncertaintyreport.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace aidc::ui {

UncertaintyPanel::UncertaintyPanel(QWidget *parent)
    : QWidget(parent)
    , m_status(new QLabel)
    , m_button(new QPushButton(tr("Compute bands and drivers")))
    , m_tabs(new QTabWidget)
    , m_assumptions(new TablePanel(tr("No evaluation yet.")))
    , m_bands(new TablePanel(tr("Press \"Compute bands and drivers\".")))
    , m_drivers(new TablePanel(tr("Press \"Compute bands and drivers\".")))
{
    m_pool.setMaxThreadCount(1); // one run at a time; the run itself uses every core
    auto *top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_button);
    m_status->setWordWrap(true);
    m_tabs->addTab(m_assumptions, tr("Assumptions"));
    m_tabs->addTab(m_bands, tr("Bands (P10–P90)"));
    m_tabs->addTab(m_drivers, tr("Drivers"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    m_button->setEnabled(false);
    m_button->setToolTip(tr("Evaluate the project again at both ends of every assumption's range "
                            "and over a Latin-hypercube sample (docs/uncertainty.md)"));
    connect(m_button, &QPushButton::clicked, this, &UncertaintyPanel::compute);
}

UncertaintyPanel::~UncertaintyPanel()
{
    cancelRun();
    m_pool.waitForDone();
}

void UncertaintyPanel::cancelRun()
{
    if (m_cancel)
        m_cancel->store(true);
}

void UncertaintyPanel::setBaseCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_base = std::move(catalog);
}

void UncertaintyPanel::setEvaluation(std::shared_ptr<const Evaluation> evaluation)
{
    cancelRun();
    ++m_generation;
    m_running = false;
    m_evaluation = std::move(evaluation);
    // As the CLI: a design with errors has no figures to put bands on.
    const bool usable = m_evaluation && !m_evaluation->failed && m_evaluation->catalog && m_base &&
                        !m_evaluation->result.diagnostics.hasErrors();
    m_button->setEnabled(usable);
    if (!usable) {
        m_assumptions->setTable({});
        m_bands->setTable({});
        m_drivers->setTable({});
        m_status->setText(tr("The project has errors: nothing to analyse."));
        return;
    }
    m_assumptions->setTable(assumptionTable(assumptionRegister(
        m_evaluation->project, *m_base, *m_evaluation->catalog, m_evaluation->result)));
    m_bands->setPlaceholder(tr("Out of date: press \"Compute bands and drivers\"."));
    m_drivers->setPlaceholder(tr("Out of date: press \"Compute bands and drivers\"."));
    m_bands->setTable({});
    m_drivers->setTable({});
    m_status->setText(tr("%1 assumptions behind the figures. Bands and drivers take a few "
                         "seconds; the results stay usable meanwhile.")
                          .arg(m_assumptions->model()->rowCount()));
}

void UncertaintyPanel::compute()
{
    if (!m_button->isEnabled() && !m_running)
        return; // nothing usable to analyse (setEvaluation said why)
    if (!m_evaluation || m_evaluation->failed || !m_evaluation->catalog || !m_base)
        return;
    cancelRun();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    m_running = true;
    m_button->setEnabled(false);
    m_status->setText(tr("Computing bands and drivers…"));
    std::shared_ptr<const Evaluation> evaluation = m_evaluation;
    std::shared_ptr<const Catalog> base = m_base;
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_pool.start([this, evaluation, base, cancel, generation] {
        EvaluateOptions options;
        options.cancel = cancel.get();
        options.priceBook = evaluation->priceBook.get();
        const BandsResult bands =
            errorBands(evaluation->project, *base, *evaluation->catalog, options, {});
        const SensitivityResult drivers =
            cancel->load() ? SensitivityResult{}
                           : oneAtATime(evaluation->project, *base, *evaluation->catalog, options);
        if (cancel->load())
            return;
        auto tables = std::make_shared<std::pair<CsvTable, CsvTable>>(
            bandTable(bands, true), sensitivityTable(drivers, 5, nullptr, true));
        QMetaObject::invokeMethod(
            this,
            [this, tables, generation] {
                if (generation != m_generation)
                    return; // a newer evaluation replaced the one analysed
                m_running = false;
                m_bands->setTable(tables->first);
                m_drivers->setTable(tables->second);
                m_button->setEnabled(true);
                m_status->setText(tr("Bands: P10–P90 over 32 Latin-hypercube samples of every "
                                     "range (seed 1), MFU and time to train with the model's "
                                     "measured error. Drivers: the 5 largest swings per "
                                     "figure."));
                emit computed();
            },
            Qt::QueuedConnection);
    });
}

} // namespace aidc::ui

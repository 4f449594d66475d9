// SPDX-License-Identifier: Apache-2.0
#include "evaluator.h"

#include "model/projectedit.h"
#include "solvers/pipeline/acknowledgements.h"

#include "solvers/pipeline/loading.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

namespace aidc::ui {

Evaluator::Evaluator(QObject *parent)
    : QObject(parent)
{
    m_clock.start();
    m_timer.setSingleShot(true);
    m_timer.setInterval(30);
    connect(&m_timer, &QTimer::timeout, this, &Evaluator::start);
    // One run computes while a newer one may already start; more threads would only compete.
    m_pool.setMaxThreadCount(2);
}

Evaluator::~Evaluator()
{
    m_timer.stop();
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

void Evaluator::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_catalog = std::move(catalog);
}

void Evaluator::setCoalesceMs(int ms)
{
    m_timer.setInterval(ms);
}

void Evaluator::request(const Project &project)
{
    if (!m_pending)
        m_pendingSinceNs = m_clock.nsecsElapsed();
    m_pending = project;
    if (!isBusy()) {
        start(); // an edit on its own evaluates at once
        return;
    }
    m_timer.start(); // during a run or a burst: evaluate once, after the last edit
}

void Evaluator::evaluateNow(const Project &project)
{
    m_pendingSinceNs = m_clock.nsecsElapsed();
    m_pending = project;
    m_timer.stop();
    start();
}

void Evaluator::start()
{
    if (!m_pending)
        return;
    if (m_cancel)
        m_cancel->store(true); // the run in flight is stale now
    m_cancel = std::make_shared<std::atomic<bool>>(false);

    auto evaluation = std::make_shared<Evaluation>();
    evaluation->generation = ++m_generation;
    evaluation->project = std::move(*m_pending);
    m_pending.reset();
    const qint64 requestedNs = m_pendingSinceNs;
    std::shared_ptr<const Catalog> catalog = m_catalog;
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    // The latest delivered result stays alive while this run copies its unchanged stages.
    std::shared_ptr<const Evaluation> previous = m_latest;
    ++m_running;
    emit started();

    m_pool.start([this, evaluation, catalog, cancel, previous, requestedNs, path = m_projectPath] {
        QElapsedTimer timer;
        timer.start();
        try {
            if (!catalog)
                throw LoadError([] {
                    Diagnostics d;
                    d.error("", "", "no part catalog is loaded");
                    return d;
                }());
            LoadedProject loaded = prepareProject(evaluation->project, path, *catalog);
            auto withOverrides = std::make_shared<Catalog>(std::move(loaded.catalog));
            evaluation->loadDiagnostics = std::move(loaded.warnings);
            EvaluateOptions options;
            options.cancel = cancel.get();
            // The quotes of the project's price book, as `aidc eval` prices them.
            evaluation->priceBook = loaded.priceBook;
            options.priceBook = loaded.priceBook.get();
            evaluation->baseCatalog = catalog;
            evaluation->projectPath = path;
            if (previous && !previous->failed && previous->baseCatalog == catalog &&
                previous->projectPath == path) {
                options.previous = &previous->result;
                options.changedStages = changedStages(previous->project, evaluation->project);
            }
            evaluation->result = evaluate(evaluation->project, *withOverrides, options);
            // The loader's warnings are kept apart from the result's: acknowledge them too.
            applyAcknowledgements(evaluation->project.acknowledgedWarnings, evaluation->result,
                                  &evaluation->loadDiagnostics);
            evaluation->catalog = std::move(withOverrides);
        } catch (const LoadError &e) {
            evaluation->failed = true;
            evaluation->loadDiagnostics = e.diagnostics();
        } catch (const std::exception &e) {
            evaluation->failed = true;
            evaluation->loadDiagnostics.error("", "",
                                              std::string("evaluation failed: ") + e.what());
        }
        evaluation->evaluateMs = double(timer.nsecsElapsed()) / 1e6;
        // Delivered through the event loop: `this` outlives the run (the destructor waits),
        // and posted events die with their receiver.
        QMetaObject::invokeMethod(
            this,
            [this, evaluation, requestedNs] {
                evaluation->latencyMs = double(m_clock.nsecsElapsed() - requestedNs) / 1e6;
                deliver(evaluation);
            },
            Qt::QueuedConnection);
    });
}

void Evaluator::deliver(std::shared_ptr<Evaluation> evaluation)
{
    --m_running;
    // A newer run is started, or a newer project waits for the burst to end: this one is stale.
    if (evaluation->generation != m_generation || evaluation->result.cancelled || m_pending)
        return;
    m_latest = evaluation;
    emit finished(evaluation);
}

bool Evaluator::waitForIdle(int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    while (isBusy()) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    }
    return true;
}

} // namespace aidc::ui

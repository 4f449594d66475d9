// SPDX-License-Identifier: Apache-2.0
#pragma once

// Runs the solver pipeline off the GUI thread. An edit while nothing runs starts a run at once;
// edits that arrive while a run is in flight (or within the burst window of the previous one)
// restart a short single-shot timer, so a burst evaluates once, after its last edit. Starting a
// run cancels the one in flight (EvaluateOptions::cancel), and only the newest run's result is
// delivered (finished()), on the GUI thread. A run re-solves only the stages from the first one
// whose inputs the edits since the latest delivered result changed (EvaluateOptions::previous).

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/cost/pricebook.h"
#include "solvers/pipeline/pipeline.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <memory>
#include <optional>
#include <string>

namespace aidc::ui {

struct Evaluation
{
    quint64 generation = 0;
    Project project;                            // what was evaluated
    std::shared_ptr<const Catalog> catalog;     // base catalog + the project's overrides
    std::shared_ptr<const PriceBook> priceBook; // the project's /cost/priceBook, when it has one
    Result result;
    // What it was evaluated against: a later edit reuses this result's unchanged stages only
    // under the same base catalog and project file (a relative price book is found beside it).
    std::shared_ptr<const Catalog> baseCatalog;
    std::string projectPath;
    Diagnostics loadDiagnostics; // catalog reference problems (errors: nothing was evaluated)
    bool failed = false;
    double evaluateMs = 0; // prepare + evaluate on the worker
    double latencyMs = 0;  // from the request() of the edit to the delivery on the GUI thread
};

class Evaluator : public QObject
{
    Q_OBJECT

public:
    explicit Evaluator(QObject *parent = nullptr);
    ~Evaluator() override;

    void setCatalog(std::shared_ptr<const Catalog> catalog);
    // The project's file ("" = untitled): a relative /cost/priceBook is found beside it, as the
    // CLI finds it, and its quotes price the evaluation.
    void setProjectPath(const QString &path) { m_projectPath = path.toStdString(); }
    // Burst window: requests closer together than this evaluate once (default 30 ms).
    void setCoalesceMs(int ms);

    void request(const Project &project); // coalesced
    void evaluateNow(const Project &project);

    bool isBusy() const { return m_running > 0 || m_timer.isActive(); }
    std::shared_ptr<const Evaluation> latest() const { return m_latest; }
    // Blocks (processing events) until no run is pending or in flight; false on timeout.
    bool waitForIdle(int timeoutMs);

signals:
    void started();
    void finished(std::shared_ptr<const Evaluation> evaluation);

private:
    void start();
    void deliver(std::shared_ptr<Evaluation> evaluation);

    QTimer m_timer;
    QThreadPool m_pool;
    QElapsedTimer m_clock;
    std::shared_ptr<const Catalog> m_catalog;
    std::string m_projectPath;
    std::optional<Project> m_pending;
    qint64 m_pendingSinceNs = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0;
    int m_running = 0;
    std::shared_ptr<const Evaluation> m_latest;
};

} // namespace aidc::ui

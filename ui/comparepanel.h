// SPDX-License-Identifier: Apache-2.0
#pragma once

// Scenario compare: the open project (A) against a second one (B) — another project file, or a
// snapshot of the open project taken before further edits — with every headline figure side by
// side and the differences in bold. B is evaluated off the GUI thread like A. On request both
// are evaluated again at the same Latin-hypercube draws (solvers/uncertainty/bands.h) and a
// second table says, per figure, whether the difference is beyond the uncertainty.

#include "summarymodel.h"

#include "catalogs/catalog.h"
#include "model/project.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;

namespace aidc::ui {

class Evaluator;
struct Evaluation;
class TablePanel;
class UserPrompts;

class ComparePanel : public QWidget
{
    Q_OBJECT

public:
    explicit ComparePanel(QWidget *parent = nullptr);
    ~ComparePanel() override;

    void setCatalog(std::shared_ptr<const Catalog> catalog);
    void setPrompts(UserPrompts *prompts) { m_prompts = prompts; }
    // The open project's latest evaluation (scenario A).
    void setCurrent(const QString &name, std::shared_ptr<const Evaluation> evaluation);

    // Loads `path` as scenario B; "" on success (evaluation follows), else the loader's message.
    QString openScenario(const QString &path);
    // Scenario B = a copy of `project` as it is now.
    void snapshot(const QString &name, const Project &project);
    // Scenario B = `project` under `name` (a design of the Explore dock's front).
    void showScenario(const QString &name, const Project &project);

    CompareModel *model() const { return m_model; }
    Evaluator *evaluator() const { return m_evaluator; }
    bool hasScenarioB() const { return bool(m_b); }

    // Starts the comparison under uncertainty (the button); bandsComputed() when shown.
    void compareWithUncertainty();
    TablePanel *bandsTable() const { return m_bands; }

signals:
    void snapshotRequested(); // the main window answers with snapshot()
    void bandsComputed();

private:
    void refresh();
    void invalidateBands();

    CompareModel *m_model;
    QTableView *m_view;
    QLabel *m_status;
    Evaluator *m_evaluator;
    UserPrompts *m_prompts = nullptr;
    std::shared_ptr<const Catalog> m_catalog;
    QString m_nameA, m_nameB; // the open project, the other scenario (file or snapshot)
    bool m_snapshot = false;  // the other scenario is a snapshot: it is the baseline, column A
    std::optional<Summary> m_a, m_b;
    std::shared_ptr<const Evaluation> m_evaluationA, m_evaluationB;
    QPushButton *m_uncertain;
    TablePanel *m_bands;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0;
};

} // namespace aidc::ui

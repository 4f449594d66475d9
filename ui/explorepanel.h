// SPDX-License-Identifier: Apache-2.0
#pragma once

// The "Explore" dock (issue 24, item 4): a design search on the open project, as
// `aidc optimize` runs it (solvers/optimize, docs/optimize.md), off the GUI thread. The front is
// plotted with the first two objectives on the axes and a third as colour (the knee larger).
// Hovering a point shows that design's figures and choices. Clicking it opens the design as
// a design of the Compare dock, beside the open project. The front is also a table, which can
// be exported. A search never edits the open project: the undo stack is untouched.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/optimize/optimizer.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>

class QChartView;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace aidc::ui {

class TablePanel;

class ExplorePanel : public QWidget
{
    Q_OBJECT

public:
    explicit ExplorePanel(QWidget *parent = nullptr);
    ~ExplorePanel() override;

    void setBaseCatalog(std::shared_ptr<const Catalog> catalog);
    // The open project, the base of the next search; `path` resolves its price book.
    void setProject(const QString &path, const Project &project);

    // The search's arguments as `aidc optimize` takes them: one --vary per line, the
    // objectives "capex,time-to-train", constraints separated by ';'.
    void setArguments(const QStringList &vary, const QString &objectives,
                      const QString &constraints);
    // Starts a search; "" when it started, else why not (an argument error, naming the option).
    QString search();
    bool isSearching() const { return m_running; }

    // The latest front; null before the first search finished.
    const OptimizeResult *result() const { return m_result.get(); }
    QChartView *chartView() const { return m_chart; }
    TablePanel *table() const { return m_table; }
    QString statusText() const;

    // Adds front member `member` (0-based) to the Compare dock.
    void openMember(std::size_t member);

signals:
    void searched(); // a search finished (its front, or why nothing is feasible, is shown)
    void memberChosen(const QString &name, const aidc::Project &project);

private:
    void cancelRun();
    void showResult();
    QString memberText(std::size_t member) const;

    std::shared_ptr<const Catalog> m_base;
    QString m_path;
    std::string m_projectText;
    QPlainTextEdit *m_vary;
    QLineEdit *m_objectives;
    QLineEdit *m_constraints;
    QPushButton *m_button;
    QLabel *m_status;
    QChartView *m_chart;
    TablePanel *m_table;
    std::shared_ptr<const Optimizer> m_optimizer;
    std::shared_ptr<const OptimizeResult> m_result;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace aidc::ui

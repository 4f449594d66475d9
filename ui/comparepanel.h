// SPDX-License-Identifier: Apache-2.0
#pragma once

// Scenario compare: the open project side by side with other designs — project files,
// snapshots of the open project taken before further edits, designs of the Explore dock's
// front — in one table (CompareModel): headline figures, capex by category, the quantity of
// every orderable part and every violation, each design against a baseline. A snapshot becomes
// the baseline, so "design - baseline" reads what the edits changed. Each other design is
// evaluated off the GUI thread by its own Evaluator. The table exports as CSV or XLSX, the
// same rows `aidc compare --side-by-side` writes. On request the baseline and one other design
// are evaluated again at the same Latin-hypercube draws (solvers/uncertainty/bands.h) and a
// second table says, per figure, whether the difference is beyond the uncertainty.

#include "comparemodel.h"

#include "catalogs/catalog.h"
#include "model/project.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
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
    // Other designs held besides the open project: enough for a review, bounded in memory.
    static constexpr int kMaxOtherDesigns = 8;

    explicit ComparePanel(QWidget *parent = nullptr);
    ~ComparePanel() override;

    void setCatalog(std::shared_ptr<const Catalog> catalog);
    void setPrompts(UserPrompts *prompts) { m_prompts = prompts; }
    // The open project's latest evaluation.
    void setCurrent(const QString &name, std::shared_ptr<const Evaluation> evaluation);

    // Adds the design in `path`; "" on success (evaluation follows), else why not.
    QString openScenario(const QString &path);
    // Adds a copy of `project` as it is now, as the baseline. `path`: the file a relative price
    // book is found beside (the open project's).
    QString snapshot(const QString &name, const Project &project, const QString &path = {});
    // Adds `project` under `name` (a design of the Explore dock's front), priced as at `path`.
    QString showScenario(const QString &name, const Project &project, const QString &path = {});
    // Removes the design shown in table column `column` (not the open project); false if none.
    bool removeDesignAt(int column);
    // Makes the design shown in table column `column` the baseline; false if none.
    bool makeBaselineAt(int column);

    // Shows the table again (View ▸ Units changed), keeping the computed uncertainty.
    void refreshShownValues() { showComparison(); }

    void setDifferencesOnly(bool on);
    // Bits (1 << int(CompareSection)) of the sections to show.
    void setSections(unsigned sections);

    CompareModel *model() const { return m_model; }
    int designCount() const { return int(m_designs.size()); } // the open project included
    // At least one design besides the open project is evaluated.
    bool hasOtherDesign() const;
    // Blocks (processing events) until every design's evaluation has arrived; false on timeout.
    bool waitForDesigns(int timeoutMs);
    QString statusText() const;

    // Writes the table as shown (sections, differences only) to `path`: XLSX for a name ending
    // in .xlsx, else CSV; numbers in full precision. "" on success, else the error.
    QString exportTable(const QString &path) const;

    // Starts the comparison under uncertainty of the baseline and the design of the current
    // column (or the first other design); bandsComputed() when shown.
    void compareWithUncertainty();
    TablePanel *bandsTable() const { return m_bands; }

signals:
    void snapshotRequested(); // the main window answers with snapshot()
    void bandsComputed();

private:
    struct Design
    {
        QString name;
        bool open = false;              // the open project (its evaluation comes from the window)
        Evaluator *evaluator = nullptr; // the others'
        std::shared_ptr<const Evaluation> evaluation;
        QString error; // why it did not evaluate
    };

    QString addDesign(const QString &name, const Project &project, bool baseline,
                      const QString &path);
    int designOfColumn(int column) const; // index in m_designs, -1 when none
    int otherDesignForBands() const;
    void refresh();        // the designs changed: compare them again, then show
    void showComparison(); // the same comparison under other options
    void updateControls(); // buttons and status line (a column selected)
    void invalidateBands();

    CompareModel *m_model;
    QTableView *m_view;
    QLabel *m_status;
    QCheckBox *m_differencesOnly;
    QComboBox *m_sections;
    QPushButton *m_remove, *m_baselineButton, *m_export;
    UserPrompts *m_prompts = nullptr;
    std::shared_ptr<const Catalog> m_catalog;
    std::vector<Design> m_designs; // [0] is the open project
    int m_baseline = 0;            // index in m_designs
    std::vector<int> m_shown;      // the designs in the table's order (baseline first)
    std::shared_ptr<const ScenarioComparison> m_comparison; // of m_shown; null when none
    CompareTableOptions m_options;
    QPushButton *m_uncertain;
    TablePanel *m_bands;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0;
};

} // namespace aidc::ui

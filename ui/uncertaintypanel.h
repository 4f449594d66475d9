// SPDX-License-Identifier: Apache-2.0
#pragma once

// The "Uncertainty" dock (issue 19): the assumption register of the latest evaluation, shown at
// once, and on request the error bands and the one-at-a-time drivers, computed off the GUI
// thread (about 4 s for a 100k-GPU project) while the point values stay in the results. A new
// evaluation marks bands and drivers as out of date; closing cancels a run in flight.

#include "evaluator.h"

#include <QThreadPool>
#include <QWidget>

#include <atomic>
#include <memory>

class QLabel;
class QPushButton;
class QTabWidget;

namespace aidc::ui {

class TablePanel;

class UncertaintyPanel : public QWidget
{
    Q_OBJECT

public:
    explicit UncertaintyPanel(QWidget *parent = nullptr);
    ~UncertaintyPanel() override;

    void setBaseCatalog(std::shared_ptr<const Catalog> catalog);
    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    // Starts the bands and drivers of the current evaluation (the button).
    void compute();
    bool isComputing() const { return m_running; }

    TablePanel *assumptions() const { return m_assumptions; }
    TablePanel *bands() const { return m_bands; }
    TablePanel *drivers() const { return m_drivers; }
    QTabWidget *tabs() const { return m_tabs; }

signals:
    void computed(); // bands and drivers of the current evaluation are shown

private:
    void cancelRun();

    std::shared_ptr<const Catalog> m_base;
    std::shared_ptr<const Evaluation> m_evaluation;
    QLabel *m_status;
    QPushButton *m_button;
    QTabWidget *m_tabs;
    TablePanel *m_assumptions;
    TablePanel *m_bands;
    TablePanel *m_drivers;
    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    quint64 m_generation = 0;
    bool m_running = false;
};

} // namespace aidc::ui

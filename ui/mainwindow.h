// SPDX-License-Identifier: Apache-2.0
#pragma once

// The planner's main window: the floor plan in the centre; docks for the project tree by
// layer, the property editor, the rack elevation, the results, the violations list, the undo
// history, the charts, the BOM and cable tables and scenario compare. It owns one
// ProjectDocument (the project, its file and undo stack) and one Evaluator (the pipeline on a
// worker thread). Views never write the project: every change is a ProjectEdit pushed through
// the document's undo stack.

#include "evaluator.h"
#include "selection.h"
#include "userprompts.h"

#include "model/projectedit.h"
#include "model/projectrepair.h"

#include "solvers/common/displayunits.h"

#include <QMainWindow>
#include <QThreadPool>

#include <memory>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QTableView;
class QTimer;
class QTreeView;
class QUndoView;

namespace aidc::ui {

class ChartsPanel;
class ComparePanel;
class UncertaintyPanel;
class ExplorePanel;
class FigureTermsDialog;
class FindDialog;
class SitePanel;
struct FindHit;
struct ResultTables;
class CsvTableModel;
class DiagnosticsModel;
class FloorPlanPanel;
class ProjectDocument;
class ProjectTreeModel;
class PropertyEditor;
class RackElevationView;
class SummaryModel;
class TablePanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    struct Options
    {
        QString catalogDirectory; // "" = findCatalogDirectory(the executable)
        QString samplesDirectory; // "" = beside the catalog (projects/)
        QString docsDirectory;    // "" = beside the catalog (docs/, installed share/doc/...)
        int autosaveIntervalMs = 3 * 60 * 1000;
        int autosaveDebounceMs = 3000; // recovery copy this long after the last edit
        int coalesceMs = 30;
        bool restoreSettings = true; // geometry and dock state from QSettings
    };

    MainWindow(const Options &options, QWidget *parent = nullptr);
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Replaces the dialogs (tests answer them). The window owns the prompts.
    void setPrompts(std::unique_ptr<UserPrompts> prompts);

    // File actions as the menus run them. Each asks before replacing unsaved work; a file that
    // fails to load shows the loader's message and leaves the open project untouched.
    bool openFile(const QString &path);
    bool newFromSample(const QString &samplePath);
    void startWithoutFile(); // recovery of untitled work, else the minimal sample

    // Help menu. The getting-started window offers the samples by title; at start it shows
    // unless the user unticked "Show this window at start" (QSettings showWelcomeAtStart).
    void showWelcome();
    void showWelcomeAtStart();
    // The user guide (docs/gui.md); false, with a message naming where it was looked for, when
    // the documents are not installed.
    bool showUserGuide();
    void showShortcuts();
    QString docsDirectory() const;
    bool save();
    bool saveAs(const QString &path = {});
    // Writes the floor plans and row elevations of the last evaluation as SVG into a directory
    // the user picks (the drawings `aidc draw` writes).
    void exportDrawings();
    bool maybeSave(); // false when the user cancelled

    // Selection shared by every view.
    void selectPart(const Selection &selection);
    Selection selection() const { return m_selection; }
    // Id of the selected rack ("" when the selection is not a placed rack).
    const std::string &selectedRackId() const { return m_selectedRackId; }

    // Pushes `edit` as an undoable command; when `pin` is set (or the edit touches rows or
    // racks the layout solver placed), the automatic layout is pinned into the project first,
    // in the same undo step. Returns the refusal (loader messages) or an empty Diagnostics.
    Diagnostics requestEdit(const ProjectEdit &edit, bool pin = false);

    // Records warning `d` in the project's /acknowledgedWarnings with `reason`, or withdraws the
    // entries that acknowledge it: one undoable edit each (the problem list's context menu).
    Diagnostics acknowledgeWarning(const Diagnostic &d, const QString &reason);
    Diagnostics withdrawAcknowledgement(const Diagnostic &d);

    // Opens the headline figure `key` (e.g. "pue") up to its terms: the report section of its
    // solver with the line that states it marked (double-click or Enter in Results). False, with
    // a status message, when there is no evaluation or no such figure.
    bool showFigureTerms(const QString &key);
    // View ▸ Units…: asks, then applyUnits(). applyUnits() makes `units` the display's and
    // shows everything again in them (the project is unchanged).
    void chooseUnits();
    // Edit ▸ Find (Ctrl+F): the Find window over the latest evaluation; goToFindHit() acts on a
    // hit (selects the part, or brings its table forward, filtered).
    void showFind();
    void goToFindHit(const FindHit &hit);
    FindDialog *findDialog() const { return m_findDialog; }
    SitePanel *sitePanel() const { return m_site; }
    void applyUnits(const DisplayUnits &units);
    FigureTermsDialog *figureTermsDialog() const { return m_termsDialog; }

    // Writes a PNG of every view into `directory`; returns the files written.
    QStringList saveScreenshots(const QString &directory);

    // For tests and benchmarks.
    ProjectDocument *document() const { return m_document; }
    Evaluator *evaluator() const { return m_evaluator; }
    std::shared_ptr<const Evaluation> evaluation() const { return m_evaluation; }
    std::shared_ptr<const Catalog> catalog() const { return m_catalog; }
    QString catalogError() const { return m_catalogError; }
    QTreeView *projectTree() const { return m_tree; }
    ProjectTreeModel *treeModel() const { return m_treeModel; }
    SummaryModel *summaryModel() const { return m_summaryModel; }
    DiagnosticsModel *diagnosticsModel() const { return m_diagnosticsModel; }
    QTableView *diagnosticsView() const { return m_diagnosticsView; }
    PropertyEditor *propertyEditor() const { return m_propertyEditor; }
    FloorPlanPanel *floorPlan() const { return m_floorPlan; }
    RackElevationView *rackElevation() const { return m_elevation; }
    ChartsPanel *charts() const { return m_charts; }
    TablePanel *bomTable() const { return m_bomTable; }
    TablePanel *cableTable() const { return m_cableTable; }
    TablePanel *rackTable() const { return m_rackTable; }
    TablePanel *hallTable() const { return m_hallTable; }
    ComparePanel *comparePanel() const { return m_compare; }
    UncertaintyPanel *uncertaintyPanel() const { return m_uncertainty; }
    ExplorePanel *explorePanel() const { return m_explore; }
    QAction *undoAction() const { return m_undoAction; }
    QAction *redoAction() const { return m_redoAction; }
    QStringList recentFiles() const;
    void autosaveNow();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    // The views that show values in the display's units (Results, pools, racks and halls
    // tables, charts), filled from `evaluation` and its resultTables().
    void showFormattedResults(const Evaluation &evaluation, const ResultTables &tables);
    void loadCatalog();
    void createActions();
    void createDocks();
    void restoreWindowSettings();
    void updateTitle();
    void updateRecentMenu();
    void addRecentFile(const QString &path);
    void onDocumentChanged();
    void onEvaluated(std::shared_ptr<const Evaluation> evaluation);
    void followSelectedRack();
    void refreshSelectionViews();
    // requestEdit(), showing a refusal's reasons; true when the edit was applied.
    bool pushEdit(const ProjectEdit &edit, bool pin);
    void onEditRequested(const ProjectEdit &edit);
    void insertRow(int hall);
    // Structural edits (mainwindowparts.cpp): a new hall, pool or plane is a copy of the selected
    // one of its kind, else of the last hall or the first pool or plane; delete removes the
    // selected hall, row, rack, pool or plane with what only it gave meaning to
    // (model/projectedit.h); floor-plan drags of one or several rows or racks are one edit.
    void createPartActions(QMenu *edit);
    void connectFloorPlanEdits();
    void moveRacks(int hall, int row, const QList<int> &rackSlots, int toRow, int toSlot);
    void addHall();
    void addRack();
    void addPool();
    void addPlane();
    void deleteSelectedPart();
    void updatePartActions();
    void showTreeMenu(const QPoint &position);
    std::vector<Hall> hallsInUse() const;
    std::vector<FabricPlane> planesInUse() const;
    void applyPartEdit(const ProjectEdit &edit, const Selection &selectAfter, bool pin = false);
    void refreshCableSchedule();
    void showRefusal(const Diagnostics &diagnostics);
    void showDiagnosticMenu(const QPoint &position);
    bool layoutFullyPinned() const;
    std::optional<Project> pinnedProject(QString *error) const;
    bool loadInto(const QString &path, bool asUntitled);
    QString samplesDirectory() const;
    // Asks whether to open `path` with the values `error` names taken out; the repaired project,
    // or nullopt when declined or not repairable (then the loader's message has been shown).
    std::optional<RepairedProject> offerRepair(const QString &path, const LoadError &error);
    void refreshFigureTerms();
    void resizeToDefault();
    void findDataDirectories(const QString &catalogDirectory);

    Options m_options;
    std::unique_ptr<UserPrompts> m_prompts;
    ProjectDocument *m_document;
    Evaluator *m_evaluator;
    std::shared_ptr<const Catalog> m_catalog;
    QString m_catalogError;
    std::shared_ptr<const Evaluation> m_evaluation;
    Diagnostics m_repairNotes; // values taken out on opening, listed until the next save
    Selection m_selection;
    quint64 m_changeCount = 0;
    quint64 m_autosavedChange = 0;
    bool m_updatingSelection = false;
    bool m_layoutRestored = false; // dock sizes came from QSettings

    QTreeView *m_tree;
    ProjectTreeModel *m_treeModel;
    SummaryModel *m_summaryModel;
    QTableView *m_summaryView;
    CsvTableModel *m_poolsModel;
    DiagnosticsModel *m_diagnosticsModel;
    QTableView *m_diagnosticsView;
    PropertyEditor *m_propertyEditor;
    FloorPlanPanel *m_floorPlan;
    RackElevationView *m_elevation;
    QUndoView *m_undoView;
    ChartsPanel *m_charts;
    TablePanel *m_bomTable;
    TablePanel *m_cableTable;
    TablePanel *m_rackTable;
    TablePanel *m_hallTable;
    ComparePanel *m_compare;
    UncertaintyPanel *m_uncertainty;
    ExplorePanel *m_explore;
    SitePanel *m_site;
    FigureTermsDialog *m_termsDialog = nullptr; // created on first use
    FindDialog *m_findDialog = nullptr;         // created on first use
    QString m_termsKey;                         // the figure it shows
    QLabel *m_evaluationLabel;
    QLabel *m_violationsLabel;
    QTimer *m_autosaveTimer;
    QTimer *m_autosaveDebounce;

    QMenu *m_recentMenu = nullptr;
    QMenu *m_samplesMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_deletePartAction = nullptr;
    QList<class QDockWidget *> m_docks;
    QDockWidget *m_cableDock = nullptr;
    QThreadPool m_jobs;            // on-demand tables; waited for in the destructor
    std::string m_selectedRackId;  // the selected rack, followed across edits by id
    quint64 m_cableGeneration = 0; // evaluation the cable table shows (0: none)
};

} // namespace aidc::ui

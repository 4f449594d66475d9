// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include "qtext.h"

#include "autosave.h"
#include "chartdata.h"
#include "chartwidget.h"
#include "comparepanel.h"
#include "csvtablemodel.h"
#include "diagnosticsmodel.h"
#include "displaysettings.h"
#include "explorepanel.h"
#include "figureterms.h"
#include "finddialog.h"
#include "floorplanview.h"
#include "helpdialogs.h"
#include "projectdocument.h"
#include "projecttreemodel.h"
#include "propertyeditor.h"
#include "rackelevation.h"
#include "siteview.h"
#include "summarymodel.h"
#include "tablepanel.h"
#include "uncertaintypanel.h"

#include "catalogs/catalogoverlays.h"
#include "model/projectjson.h"
#include "solvers/common/defaults.h"
#include "solvers/common/reportformat.h"
#include "solvers/fabric/fabricreport.h"
#include "solvers/handoff/drawings.h"
#include "solvers/pipeline/loading.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDate>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace aidc::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char *const kRecentFilesKey = "recentFiles";

QString diagnosticsText(const Diagnostics &diagnostics)
{
    return q(diagnostics.toString()).trimmed();
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : MainWindow(Options(), parent)
{
}

MainWindow::MainWindow(const Options &options, QWidget *parent)
    : QMainWindow(parent)
    , m_options(options)
    , m_prompts(std::make_unique<UserPrompts>())
    , m_document(new ProjectDocument(this))
    , m_evaluator(new Evaluator(this))
    , m_tree(new QTreeView)
    , m_treeModel(new ProjectTreeModel(this))
    , m_summaryModel(new SummaryModel(this))
    , m_summaryView(new QTableView)
    , m_poolsModel(new CsvTableModel(this))
    , m_diagnosticsModel(new DiagnosticsModel(this))
    , m_diagnosticsView(new QTableView)
    , m_propertyEditor(new PropertyEditor)
    , m_floorPlan(new FloorPlanPanel)
    , m_elevation(new RackElevationView)
    , m_undoView(new QUndoView(m_document->undoStack()))
    , m_charts(new ChartsPanel)
    , m_bomTable(new TablePanel(tr("No bill of materials: the project has not been evaluated.")))
    , m_cableTable(new TablePanel(tr("No cables: the project has not been evaluated.")))
    , m_rackTable(new TablePanel(tr("No racks placed yet.")))
    , m_hallTable(new TablePanel(tr("No halls yet.")))
    , m_compare(new ComparePanel)
    , m_uncertainty(new UncertaintyPanel)
    , m_explore(new ExplorePanel)
    , m_site(new SitePanel)
    , m_evaluationLabel(new QLabel)
    , m_violationsLabel(new QLabel)
    , m_autosaveTimer(new QTimer(this))
    , m_autosaveDebounce(new QTimer(this))
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_evaluator->setCoalesceMs(m_options.coalesceMs);
    m_compare->setPrompts(m_prompts.get());
    m_undoView->setEmptyLabel(tr("<opened project>"));

    setCentralWidget(m_floorPlan);
    createDocks();
    createActions();
    statusBar()->addPermanentWidget(m_violationsLabel);
    statusBar()->addPermanentWidget(m_evaluationLabel);

    loadCatalog();

    connect(m_document, &ProjectDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(m_document, &ProjectDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &ProjectDocument::filePathChanged, this, &MainWindow::updateTitle);
    // Save As moves the project: a relative price book is now read beside the new file, so the
    // figures are evaluated again from there.
    connect(m_document, &ProjectDocument::filePathChanged, this, [this] {
        m_evaluator->setProjectPath(m_document->filePath());
        m_evaluator->request(m_document->project());
    });
    connect(m_evaluator, &Evaluator::finished, this, &MainWindow::onEvaluated);
    connect(m_evaluator, &Evaluator::started, this,
            [this] { m_evaluationLabel->setText(tr("Evaluating…")); });
    connect(m_propertyEditor, &PropertyEditor::editRequested, this, &MainWindow::onEditRequested);

    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (!m_updatingSelection)
                    selectPart(m_treeModel->selectionAt(current));
            });
    connect(m_treeModel, &QAbstractItemModel::modelReset, this, [this] {
        m_tree->expandToDepth(0);
        const QModelIndex index = m_treeModel->indexOf(m_selection);
        if (index.isValid()) {
            m_updatingSelection = true;
            m_tree->setCurrentIndex(index);
            m_updatingSelection = false;
        }
    });
    auto activateDiagnostic = [this](const QModelIndex &index) {
        const Diagnostic *d = m_diagnosticsModel->diagnosticAt(index);
        if (!d)
            return;
        const Selection s = selectionForDiagnostic(
            d->jsonPath, d->message, m_evaluation ? &m_evaluation->result.layout : nullptr);
        if (s.isValid())
            selectPart(s);
        else
            statusBar()->showMessage(tr("This problem names no single part of the project."), 4000);
    };
    m_diagnosticsView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_diagnosticsView, &QWidget::customContextMenuRequested, this,
            &MainWindow::showDiagnosticMenu);
    connect(m_diagnosticsView, &QTableView::activated, this, activateDiagnostic);
    connect(m_diagnosticsView, &QTableView::clicked, this, activateDiagnostic);

    connect(m_floorPlan->view(), &FloorPlanView::partSelected, this, &MainWindow::selectPart);
    // The price book's "…": a file beside or below the project is stored relative to it, so
    // the two move together (the loader reads a relative book beside the project).
    m_propertyEditor->setPriceBookPicker([this] {
        const QString projectPath = m_document->filePath();
        const QString dir =
            projectPath.isEmpty() ? QString() : QFileInfo(projectPath).absolutePath();
        const QString chosen = m_prompts->openPriceBookName(this, dir);
        if (chosen.isEmpty() || dir.isEmpty())
            return chosen;
        const QString relative = QDir(dir).relativeFilePath(chosen);
        return relative.startsWith(QLatin1String("..")) ? QFileInfo(chosen).absoluteFilePath()
                                                        : relative;
    });
    connect(m_site->view(), &SiteView::hallChosen, this,
            [this](int hall) { selectPart(hallSelection(hall)); });
    connectFloorPlanEdits();
    connect(m_compare, &ComparePanel::snapshotRequested, this, [this] {
        const QString refused = m_compare->snapshot(m_document->displayName(),
                                                    m_document->project(), m_document->filePath());
        if (!refused.isEmpty())
            statusBar()->showMessage(refused, 8000);
    });
    // A design of the front, clicked in the Explore dock, beside the open project.
    connect(m_explore, &ExplorePanel::memberChosen, this,
            [this](const QString &name, const Project &project) {
                const QString refused =
                    m_compare->showScenario(name, project, m_document->filePath());
                if (!refused.isEmpty())
                    statusBar()->showMessage(refused, 8000);
                if (auto *dock = findChild<QDockWidget *>(QStringLiteral("CompareDock"))) {
                    dock->show();
                    dock->raise();
                }
            });

    m_autosaveTimer->setInterval(m_options.autosaveIntervalMs);
    connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);
    m_autosaveTimer->start();
    // A few seconds after the last edit as well, so a crash loses seconds, not minutes.
    m_autosaveDebounce->setSingleShot(true);
    m_autosaveDebounce->setInterval(m_options.autosaveDebounceMs);
    connect(m_autosaveDebounce, &QTimer::timeout, this, &MainWindow::autosaveNow);

    // The layout's minimum is still that of the docks before they were tabified (about 2,300 px
    // wide: wider than most screens), and a resize cannot go below it: recompute it first.
    layout()->activate();
    if (m_options.restoreSettings)
        restoreWindowSettings();
    else
        resizeToDefault();
    updateRecentMenu();
    updateTitle();
}

MainWindow::~MainWindow()
{
    m_jobs.waitForDone(); // jobs post back to this window
}

void MainWindow::setPrompts(std::unique_ptr<UserPrompts> prompts)
{
    m_prompts = std::move(prompts);
    m_compare->setPrompts(m_prompts.get());
}

// ------------------------------------------------------------------ construction

void MainWindow::loadCatalog()
{
    const CatalogSource source =
        findCatalogSource(QCoreApplication::applicationFilePath().toStdString(),
                          m_options.catalogDirectory.isEmpty()
                              ? std::nullopt
                              : std::optional(m_options.catalogDirectory.toStdString()));
    try {
        m_catalog = std::make_shared<const Catalog>(loadBaseCatalog(source));
        m_catalogError.clear();
    } catch (const LoadError &e) {
        m_catalog.reset();
        m_catalogError = diagnosticsText(e.diagnostics());
        statusBar()->showMessage(tr("The part catalog failed to load: results are unavailable"));
    }
    m_document->setCatalog(m_catalog);
    m_evaluator->setCatalog(m_catalog);
    m_compare->setCatalog(m_catalog);
    m_uncertainty->setBaseCatalog(m_catalog);
    m_explore->setBaseCatalog(m_catalog);
    findDataDirectories(q(source.baseDirectory));
}

void MainWindow::findDataDirectories(const QString &catalogDirectory)
{
    auto firstDirectory = [&](std::initializer_list<const char *> candidates) {
        for (const char *candidate : candidates) {
            const QString path =
                QDir(catalogDirectory).absoluteFilePath(QString::fromLatin1(candidate));
            if (QFileInfo(path).isDir())
                return QDir::cleanPath(path);
        }
        return QString();
    };
    // Source tree: catalogs/data -> projects, docs; installed: share/aidc-planner/catalogs ->
    // share/aidc-planner/projects and share/doc/aidc-planner/docs.
    if (m_options.samplesDirectory.isEmpty())
        m_options.samplesDirectory = firstDirectory({"../../projects", "../projects"});
    if (m_options.docsDirectory.isEmpty())
        m_options.docsDirectory = firstDirectory({"../../docs", "../../doc/aidc-planner/docs"});
}

QString MainWindow::docsDirectory() const
{
    return m_options.docsDirectory;
}

QString MainWindow::samplesDirectory() const
{
    return m_options.samplesDirectory;
}

void MainWindow::createDocks()
{
    // Results and Properties run the full height (every headline figure above the fold); the
    // tables below span the tree and the floor plan.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    auto dock = [this](QWidget *widget, const QString &title, const QString &name,
                       Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        addDockWidget(area, d);
        m_docks << d;
        return d;
    };

    m_tree->setModel(m_treeModel);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->header()->resizeSection(0, 230);
    m_tree->setToolTip(tr("The project by layer. Select a part to edit it; italic parts were "
                          "placed by the layout solver."));
    dock(m_tree, tr("Project"), "ProjectDock", Qt::LeftDockWidgetArea);

    auto *results = new QWidget;
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(4, 4, 4, 4);
    m_summaryView->setModel(m_summaryModel);
    m_summaryView->verticalHeader()->hide();
    m_summaryView->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_summaryView->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_summaryView->verticalHeader()->setDefaultSectionSize(m_summaryView->fontMetrics().height() +
                                                           6);
    m_summaryView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_summaryView->setAlternatingRowColors(true);
    m_summaryView->setToolTip(tr("Double-click a figure (or press Enter) to open it up to its "
                                 "terms and sources"));
    m_summaryView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_summaryView, &QTableView::activated, this, [this](const QModelIndex &index) {
        if (index.row() < int(m_summaryModel->figures().size()))
            showFigureTerms(m_summaryModel->figures()[std::size_t(index.row())].key);
    });
    connect(m_summaryView, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        const QModelIndex index = m_summaryView->indexAt(at);
        if (!index.isValid() || index.row() >= int(m_summaryModel->figures().size()))
            return;
        const QString key = m_summaryModel->figures()[std::size_t(index.row())].key;
        QMenu menu(this);
        menu.addAction(tr("Show &Terms and Sources…"), this, [this, key] { showFigureTerms(key); });
        menu.exec(m_summaryView->viewport()->mapToGlobal(at));
    });
    auto *poolsView = new QTableView;
    poolsView->setModel(m_poolsModel);
    poolsView->verticalHeader()->hide();
    poolsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    poolsView->setMaximumHeight(poolsView->fontMetrics().height() * 6);
    poolsView->setObjectName(QStringLiteral("poolsView"));
    auto *poolsLabel = new QLabel(tr("Compute pools"));
    resultsLayout->addWidget(m_summaryView, 1);
    resultsLayout->addWidget(poolsLabel);
    resultsLayout->addWidget(poolsView);
    QDockWidget *resultsDock = dock(results, tr("Results"), "ResultsDock", Qt::RightDockWidgetArea);

    QDockWidget *propertiesDock =
        dock(m_propertyEditor, tr("Properties"), "PropertiesDock", Qt::RightDockWidgetArea);
    QDockWidget *elevationDock =
        dock(m_elevation, tr("Rack elevation"), "ElevationDock", Qt::RightDockWidgetArea);
    splitDockWidget(resultsDock, propertiesDock, Qt::Horizontal);
    tabifyDockWidget(propertiesDock, elevationDock);
    propertiesDock->raise();

    m_bomTable->setTotalColumns({QStringLiteral("quantity"), QStringLiteral("extendedPriceUsd")},
                                QStringLiteral("unit"));
    m_cableTable->setTotalColumns({QStringLiteral("lengthM")});
    m_rackTable->setTotalColumns({QStringLiteral("Servers"), QStringLiteral("GPUs")});
    m_diagnosticsView->setModel(m_diagnosticsModel);
    m_diagnosticsView->verticalHeader()->hide();
    m_diagnosticsView->horizontalHeader()->setStretchLastSection(true);
    m_diagnosticsView->horizontalHeader()->setSectionResizeMode(DiagnosticsModel::SeverityColumn,
                                                                QHeaderView::ResizeToContents);
    m_diagnosticsView->horizontalHeader()->resizeSection(DiagnosticsModel::WhereColumn, 200);
    m_diagnosticsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_diagnosticsView->setWordWrap(false);
    m_diagnosticsView->verticalHeader()->setDefaultSectionSize(
        m_diagnosticsView->fontMetrics().height() + 6);
    QDockWidget *violationsDock =
        dock(m_diagnosticsView, tr("Violations"), "ViolationsDock", Qt::BottomDockWidgetArea);
    QDockWidget *undoDock =
        dock(m_undoView, tr("Undo history"), "UndoDock", Qt::BottomDockWidgetArea);
    QDockWidget *chartsDock = dock(m_charts, tr("Charts"), "ChartsDock", Qt::BottomDockWidgetArea);
    QDockWidget *bomDock = dock(m_bomTable, tr("BOM"), "BomDock", Qt::BottomDockWidgetArea);
    QDockWidget *cableDock =
        dock(m_cableTable, tr("Cable schedule"), "CableDock", Qt::BottomDockWidgetArea);
    m_cableDock = cableDock;
    connect(cableDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible)
            QTimer::singleShot(0, this, &MainWindow::refreshCableSchedule);
    });
    QDockWidget *racksDock = dock(m_rackTable, tr("Racks"), "RacksDock", Qt::BottomDockWidgetArea);
    QDockWidget *hallsDock = dock(m_hallTable, tr("Halls"), "HallsDock", Qt::BottomDockWidgetArea);
    QDockWidget *compareDock =
        dock(m_compare, tr("Compare"), "CompareDock", Qt::BottomDockWidgetArea);
    QDockWidget *uncertaintyDock =
        dock(m_uncertainty, tr("Uncertainty"), "UncertaintyDock", Qt::BottomDockWidgetArea);
    QDockWidget *exploreDock =
        dock(m_explore, tr("Explore"), "ExploreDock", Qt::BottomDockWidgetArea);
    QDockWidget *siteDock = dock(m_site, tr("Site"), "SiteDock", Qt::BottomDockWidgetArea);
    for (QDockWidget *d : {undoDock, chartsDock, bomDock, cableDock, racksDock, hallsDock,
                           compareDock, uncertaintyDock, exploreDock, siteDock})
        tabifyDockWidget(violationsDock, d);
    violationsDock->raise();
}

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newAction = file->addAction(tr("&New"), this, [this] {
        const QString minimal = QDir(samplesDirectory()).filePath(QStringLiteral("minimal.json"));
        newFromSample(minimal);
    });
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("Start a new project from the minimal sample"));
    m_samplesMenu = file->addMenu(tr("New from &Sample"));
    m_samplesMenu->setToolTipsVisible(true);
    connect(m_samplesMenu, &QMenu::aboutToShow, this, [this] {
        m_samplesMenu->clear();
        const std::vector<SampleProject> samples = listSamples(samplesDirectory());
        if (samples.empty())
            m_samplesMenu->addAction(tr("(no sample projects found)"))->setEnabled(false);
        for (const SampleProject &sample : samples) {
            QAction *action = m_samplesMenu->addAction(
                sample.title, this, [this, path = sample.path] { newFromSample(path); });
            action->setToolTip(sample.fileName);
            action->setStatusTip(sample.fileName);
        }
    });
    QAction *open = file->addAction(tr("&Open…"), this, [this] {
        const QString path = m_prompts->openFileName(
            this, m_document->filePath().isEmpty() ? samplesDirectory()
                                                   : QFileInfo(m_document->filePath()).path());
        if (!path.isEmpty())
            openFile(path);
    });
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    // Platform key sequences can be empty on a generic X11 desktop: explicit keys as well.
    file->addAction(tr("&Save"), this, &MainWindow::save)
        ->setShortcuts({QKeySequence::Save, QKeySequence(Qt::CTRL | Qt::Key_S)});
    file->addAction(tr("Save &As…"), this, [this] { saveAs(); })
        ->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), QKeySequence::SaveAs});
    file->addSeparator();
    file->addAction(tr("Export &Drawings (SVG)…"), this, &MainWindow::exportDrawings);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    m_undoAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z), QKeySequence::Undo});
    m_redoAction = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    m_redoAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    edit->addAction(m_undoAction);
    edit->addAction(m_redoAction);
    edit->addSeparator();
    QAction *pin = edit->addAction(tr("&Pin Layout"), this, [this] {
        if (layoutFullyPinned()) {
            statusBar()->showMessage(tr("Every rack is pinned already."), 4000);
            return;
        }
        QString error;
        const std::optional<Project> pinned = pinnedProject(&error);
        if (!pinned) {
            m_prompts->showError(this, tr("Cannot pin the layout"), error, {});
            return;
        }
        const Diagnostics refused =
            m_document->edit(replaceHalls(*pinned, "Pin the automatic layout"));
        if (refused.hasErrors())
            showRefusal(refused);
    });
    pin->setToolTip(tr("Write every automatically placed row and rack into the project so "
                       "that it can be moved and edited"));
    edit->addAction(tr("&Insert Row"), this, [this] { insertRow(m_floorPlan->view()->hall()); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Insert));
    edit->addSeparator();
    createPartActions(edit);
    edit->addSeparator();
    // Ctrl+F explicitly as well: a platform's Find key sequence can be empty.
    edit->addAction(tr("&Find…"), this, &MainWindow::showFind)
        ->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_F), QKeySequence::Find});

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    int key = Qt::Key_1;
    for (QDockWidget *d : m_docks) {
        QAction *toggle = d->toggleViewAction();
        m_viewMenu->addAction(toggle);
        if (key <= Qt::Key_9) {
            // Ctrl+digit brings a dock forward and gives it the keyboard.
            auto *focus = new QAction(tr("Go to %1").arg(d->windowTitle()), this);
            focus->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(key++)));
            connect(focus, &QAction::triggered, this, [d] {
                d->show();
                d->raise();
                d->widget()->setFocus(Qt::ShortcutFocusReason);
            });
            addAction(focus);
        }
    }
    m_viewMenu->addSeparator();
    QAction *focusPlan = m_viewMenu->addAction(tr("Go to &Floor Plan"), this, [this] {
        m_floorPlan->view()->setFocus(Qt::ShortcutFocusReason);
    });
    focusPlan->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_viewMenu->addAction(tr("&Units…"), this, &MainWindow::chooseUnits);
    QAction *evaluate = m_viewMenu->addAction(tr("Re-&evaluate"), this, [this] {
        m_evaluator->setProjectPath(m_document->filePath());
        m_evaluator->evaluateNow(m_document->project());
    });
    evaluate->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence::Refresh});

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Getting Started"), this, &MainWindow::showWelcome);
    help->addAction(tr("&User Guide"), this, &MainWindow::showUserGuide)
        ->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence::HelpContents});
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    help->addSeparator();
    help->addAction(tr("&About AIDC Planner"), this, [this] {
        m_prompts->showInformation(
            this, tr("About AIDC Planner"),
            tr("AIDC Planner %1 — plans AI-training datacenters from one JSON "
               "project.")
                .arg(QCoreApplication::applicationVersion()),
            m_catalogError);
    });
}

// 1500 x 950, or 95 % of a smaller screen's free area (never below the window's minimum).
void MainWindow::resizeToDefault()
{
    QSize size(1500, 950);
    if (const QScreen *display = screen())
        size = size.boundedTo(display->availableGeometry().size() * 0.95);
    resize(size);
}

void MainWindow::restoreWindowSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray()))
        resizeToDefault();
    m_layoutRestored = restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_layoutRestored)
        return;
    // Dock sizes only take once the window has its size; later shows keep the user's.
    m_layoutRestored = true;
    auto dockOf = [this](const char *name) {
        return findChild<QDockWidget *>(name);
    };
    resizeDocks({dockOf("ProjectDock")}, {width() / 4}, Qt::Horizontal);
    resizeDocks({dockOf("ResultsDock"), dockOf("PropertiesDock")},
                {width() * 2 / 9, width() * 2 / 9}, Qt::Horizontal);
    resizeDocks({dockOf("ViolationsDock")}, {height() * 3 / 10}, Qt::Vertical);
}

// ------------------------------------------------------------------ files

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(QLatin1String(kRecentFilesKey)).toStringList();
}

void MainWindow::addRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QLatin1String(kRecentFilesKey), files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *action =
            m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                    [this, path] { openFile(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (files.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear List"), this, [this] {
        QSettings().remove(QLatin1String(kRecentFilesKey));
        updateRecentMenu();
    });
}

bool MainWindow::maybeSave()
{
    if (!m_document->isModified())
        return true;
    switch (m_prompts->askSaveChanges(this, m_document->displayName())) {
    case UserPrompts::SaveChoice::Save:
        return save();
    case UserPrompts::SaveChoice::Discard:
        removeAutosave(m_document->filePath());
        return true;
    case UserPrompts::SaveChoice::Cancel:
        return false;
    }
    return false;
}

// Loads and checks `path` like the CLI does (file, then catalog references). A file of the user's
// that breaks the rules can be opened anyway, to be fixed here: the values the loader names are
// taken out and listed in Violations until the next save, and parts the catalog lacks show as
// errors until they are replaced. Declined or not repairable: the open project stays as it is.
bool MainWindow::loadInto(const QString &path, bool asUntitled)
{
    Project project;
    Diagnostics repairs;
    try {
        project = loadProjectFile(path.toStdString());
    } catch (const LoadError &e) {
        if (asUntitled) { // a sample of our own that fails: say so, offer no repair
            m_prompts->showError(this, tr("Cannot open project"),
                                 tr("%1 could not be opened:").arg(QFileInfo(path).fileName()),
                                 diagnosticsText(e.diagnostics()));
            return false;
        }
        const std::optional<RepairedProject> repaired = offerRepair(path, e);
        if (!repaired)
            return false;
        project = repaired->project;
        // Noted where the project has what is left of it; a long value (a whole entry) cut short.
        constexpr std::size_t kShownValueChars = 80;
        for (const RemovedValue &removed : repaired->removed) {
            const std::string value = removed.value.size() > kShownValueChars
                                          ? utf8Prefix(removed.value, kShownValueChars) + "…"
                                          : removed.value;
            repairs.warning(path.toStdString(), removed.projectPointer,
                            "taken out on opening (" + removed.pointer + " in the file), was " +
                                value + ": " + removed.problem);
        }
    }
    if (m_catalog) {
        try {
            prepareProject(project, path.toStdString(), *m_catalog);
        } catch (const LoadError &e) {
            const QString problems = diagnosticsText(e.diagnostics());
            if (asUntitled) {
                m_prompts->showError(this, tr("Cannot open project"),
                                     tr("%1 could not be opened:").arg(QFileInfo(path).fileName()),
                                     problems);
                return false;
            }
            if (!m_prompts->askConfirm(
                    this, tr("Open with problems"),
                    tr("%1 refers to parts or files that cannot be used here:\n\n%2\n\nOpen it "
                       "anyway? Nothing is evaluated until each is fixed (they stay in "
                       "Violations; the property editor lists the catalog's parts).")
                        .arg(QFileInfo(path).fileName(), problems)))
                return false;
        }
    }
    QString filePath = asUntitled ? QString() : QFileInfo(path).absoluteFilePath();
    bool recovered = false;
    if (const std::optional<QDateTime> autosaved = pendingAutosave(filePath);
        autosaved && !asUntitled) {
        if (m_prompts->askRecover(this, filePath, *autosaved)) {
            try {
                project = loadProjectFile(autosavePathFor(filePath).toStdString());
                recovered = true;
            } catch (const LoadError &e) {
                m_prompts->showError(this, tr("Cannot recover"),
                                     tr("The recovery file could not be read; the saved "
                                        "project is opened instead."),
                                     diagnosticsText(e.diagnostics()));
            }
        }
        if (!recovered)
            removeAutosave(filePath);
    }
    m_selection = {};
    m_evaluation.reset();
    m_repairNotes = repairs;
    m_document->reset(std::move(project), filePath, recovered || !repairs.empty());
    m_changeCount = m_autosavedChange = 0;
    if (!asUntitled)
        addRecentFile(filePath);
    selectPart(siteSelection());
    return true;
}

std::optional<RepairedProject> MainWindow::offerRepair(const QString &path, const LoadError &error)
{
    const QString name = QFileInfo(path).fileName();
    const QString problems = diagnosticsText(error.diagnostics());
    std::optional<RepairedProject> repaired;
    try {
        repaired = loadProjectRepairing(path.toStdString());
    } catch (const LoadError &) {
        m_prompts->showError(this, tr("Cannot open project"),
                             tr("%1 could not be opened:").arg(name), problems);
        return std::nullopt;
    }
    QStringList takenOut;
    for (const RemovedValue &removed : repaired->removed)
        takenOut << q(removed.pointer);
    if (!m_prompts->askConfirm(
            this, tr("Open with problems"),
            tr("%1 breaks the project format's rules:\n\n%2\n\nOpen it anyway, to fix it here? "
               "These values are taken out: %3. An optional field then takes its default; a list "
               "entry whose required field is at fault is left out whole. They stay listed in "
               "Violations until you save; the file changes only when you save.")
                .arg(name, problems, takenOut.join(QStringLiteral(", ")))))
        return std::nullopt;
    return repaired;
}

bool MainWindow::openFile(const QString &path)
{
    if (!maybeSave())
        return false;
    return loadInto(path, false);
}

bool MainWindow::newFromSample(const QString &samplePath)
{
    if (!maybeSave())
        return false;
    return loadInto(samplePath, true);
}

void MainWindow::startWithoutFile()
{
    if (const std::optional<QDateTime> autosaved = pendingAutosave(QString())) {
        const QString path = autosavePathFor(QString());
        if (m_prompts->askRecover(this, tr("an untitled project"), *autosaved)) {
            try {
                m_document->reset(loadProjectFile(path.toStdString()), QString(), true);
                selectPart(siteSelection());
                return;
            } catch (const LoadError &e) {
                m_prompts->showError(this, tr("Cannot recover"),
                                     tr("The recovery file could not be read."),
                                     diagnosticsText(e.diagnostics()));
            }
        }
        removeAutosave(QString());
    }
    loadInto(QDir(samplesDirectory()).filePath(QStringLiteral("minimal.json")), true);
}

namespace {

// A window of the Help menu already open is brought forward, not opened twice (a closed one may
// still wait for its deletion: only a visible one counts).
template<typename Dialog> bool raiseIfOpen(const QObject &owner)
{
    for (Dialog *dialog : owner.findChildren<Dialog *>()) {
        if (dialog->isVisible()) {
            dialog->raise();
            dialog->activateWindow();
            return true;
        }
    }
    return false;
}

} // namespace

void MainWindow::showWelcome()
{
    if (raiseIfOpen<WelcomeDialog>(*this))
        return;
    QSettings settings;
    auto *welcome = new WelcomeDialog(
        listSamples(samplesDirectory()),
        settings.value(QStringLiteral("showWelcomeAtStart"), true).toBool(), this);
    welcome->setAttribute(Qt::WA_DeleteOnClose);
    connect(welcome, &QDialog::finished, this, [welcome] {
        QSettings().setValue(QStringLiteral("showWelcomeAtStart"), welcome->showAtStart());
    });
    // Queued: the dialog closes before a save question or the open dialog appears.
    connect(welcome, &WelcomeDialog::sampleChosen, this, &MainWindow::newFromSample,
            Qt::QueuedConnection);
    connect(
        welcome, &WelcomeDialog::openFileRequested, this,
        [this] {
            const QString path = m_prompts->openFileName(this, samplesDirectory());
            if (!path.isEmpty())
                openFile(path);
        },
        Qt::QueuedConnection);
    welcome->show();
}

void MainWindow::showWelcomeAtStart()
{
    if (QSettings().value(QStringLiteral("showWelcomeAtStart"), true).toBool())
        showWelcome();
}

bool MainWindow::showUserGuide()
{
    if (raiseIfOpen<UserGuideDialog>(*this))
        return true;
    const QString guide = QDir(docsDirectory()).filePath(QStringLiteral("gui.md"));
    if (docsDirectory().isEmpty() || !QFileInfo(guide).isFile()) {
        m_prompts->showInformation(
            this, tr("User guide not found"),
            tr("The user guide (docs/gui.md) is not installed beside the program's catalog."),
            tr("Looked for it in %1.")
                .arg(docsDirectory().isEmpty() ? tr("the source tree's docs/ and "
                                                    "share/doc/aidc-planner/docs")
                                               : docsDirectory()));
        return false;
    }
    auto *dialog = new UserGuideDialog(guide, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return true;
}

void MainWindow::showShortcuts()
{
    if (raiseIfOpen<ShortcutsDialog>(*this))
        return;
    auto *dialog = new ShortcutsDialog(shortcutList(*this), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

bool MainWindow::save()
{
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveAs(m_document->filePath());
}

bool MainWindow::saveAs(const QString &requested)
{
    QString path = requested;
    if (path.isEmpty()) {
        QString suggestion = m_document->filePath();
        if (suggestion.isEmpty())
            suggestion = QDir::home().filePath(suggestedFileName(q(m_document->project().name)));
        path = m_prompts->saveFileName(this, suggestion);
        if (path.isEmpty())
            return false;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".json");
    }
    const SaveResult saved = saveProjectFile(m_document->project(), path.toStdString());
    if (!saved.ok) {
        m_prompts->showError(this, tr("Cannot save project"),
                             tr("The project was not saved; the file on disk is unchanged."),
                             q(saved.error));
        return false;
    }
    const QString oldPath = m_document->filePath();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    removeAutosave(oldPath);
    removeAutosave(absolute);
    m_document->setFilePath(absolute);
    m_document->markSaved();
    m_repairNotes = {}; // the file now holds what the window shows
    m_autosavedChange = m_changeCount;
    addRecentFile(absolute);
    statusBar()->showMessage(tr("Saved %1").arg(absolute), 4000);
    return true;
}

void MainWindow::autosaveNow()
{
    if (!m_document->isModified() || m_autosavedChange == m_changeCount)
        return;
    const QString error = writeAutosave(m_document->project(), m_document->filePath());
    if (error.isEmpty()) {
        m_autosavedChange = m_changeCount;
        statusBar()->showMessage(
            tr("Recovery copy saved to %1").arg(autosavePathFor(m_document->filePath())), 3000);
    } else {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(error), 6000);
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.front().isLocalFile() &&
        urls.front().toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return;
    event->acceptProposedAction();
    // Open after the drop returns: the dialogs must not run inside the drag's event loop.
    const QString path = urls.front().toLocalFile();
    QTimer::singleShot(0, this, [this, path] { openFile(path); });
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — AIDC Planner").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
    setWindowFilePath(m_document->filePath());
}

// ------------------------------------------------------------------ edits

bool MainWindow::layoutFullyPinned() const
{
    if (!m_evaluation || m_evaluation->failed)
        return false;
    for (const PlacedRack &rack : m_evaluation->result.layout.racks) {
        if (!rack.pinned)
            return false;
    }
    return m_evaluation->result.layout.halls.size() <= m_document->project().halls.size();
}

// The project with the layout solver's placement written into its halls. Computed from the
// project as it is now (not from a possibly stale result), the way the pipeline would place it.
std::optional<Project> MainWindow::pinnedProject(QString *error) const
{
    if (!m_catalog) {
        *error = tr("No part catalog is loaded.");
        return std::nullopt;
    }
    try {
        const Project &project = m_document->project();
        const LoadedProject loaded =
            prepareProject(project, m_document->filePath().toStdString(), *m_catalog,
                           PriceBookUse::CheckExists); // the layout prices nothing
        const Project effective = withDefaults(loaded.project, loaded.catalog);
        const LayoutResult layout = placeLayout(effective, loaded.catalog);
        return pinLayout(project, layout);
    } catch (const LoadError &e) {
        *error = diagnosticsText(e.diagnostics());
    }
    return std::nullopt;
}

Diagnostics MainWindow::requestEdit(const ProjectEdit &edit, bool pin)
{
    if (!pin)
        return m_document->edit(edit);
    QString error;
    const std::optional<Project> pinned = pinnedProject(&error);
    if (!pinned) {
        Diagnostics d;
        d.error("", "", error.toStdString());
        return d;
    }
    ProjectEdit combined = replaceHalls(*pinned, edit.description);
    combined.operations.insert(combined.operations.end(), edit.operations.begin(),
                               edit.operations.end());
    return m_document->edit(combined);
}

Diagnostics MainWindow::acknowledgeWarning(const Diagnostic &d, const QString &reason)
{
    return requestEdit(aidc::acknowledgeWarning(m_document->project(), d, reason.toStdString()));
}

Diagnostics MainWindow::withdrawAcknowledgement(const Diagnostic &d)
{
    return requestEdit(aidc::withdrawAcknowledgement(m_document->project(), d));
}

// A warning that names a place in the project can be acknowledged with a reason (the design
// accepts it on purpose); an acknowledged one can be withdrawn. Errors cannot be acknowledged.
void MainWindow::showDiagnosticMenu(const QPoint &position)
{
    const Diagnostic *d = m_diagnosticsModel->diagnosticAt(m_diagnosticsView->indexAt(position));
    if (!d || d->severity != Severity::Warning || d->jsonPath.empty())
        return;
    // A value taken out on opening is not a design choice to accept: saving clears the note.
    const auto &notes = m_repairNotes.items();
    if (std::any_of(notes.begin(), notes.end(), [d](const Diagnostic &note) {
            return note.jsonPath == d->jsonPath && note.message == d->message;
        }))
        return;
    const Diagnostic diagnostic = *d; // the model resets when the edit re-evaluates
    QMenu menu(this);
    if (diagnostic.acknowledged.empty()) {
        menu.addAction(tr("Acknowledge Warning…"), this, [this, diagnostic] {
            bool ok = false;
            const QString reason =
                QInputDialog::getText(this, tr("Acknowledge Warning"),
                                      tr("Why does the design accept this warning?\n%1")
                                          .arg(QString::fromStdString(diagnostic.message)),
                                      QLineEdit::Normal, {}, &ok)
                    .trimmed();
            if (!ok)
                return;
            if (reason.isEmpty()) {
                statusBar()->showMessage(tr("An acknowledgement needs a reason."), 4000);
                return;
            }
            const Diagnostics refused = acknowledgeWarning(diagnostic, reason);
            if (refused.hasErrors())
                showRefusal(refused);
        });
    } else {
        menu.addAction(tr("Withdraw Acknowledgement"), this, [this, diagnostic] {
            const Diagnostics refused = withdrawAcknowledgement(diagnostic);
            if (refused.hasErrors())
                showRefusal(refused);
        });
    }
    menu.exec(m_diagnosticsView->viewport()->mapToGlobal(position));
}

bool MainWindow::pushEdit(const ProjectEdit &edit, bool pin)
{
    const Diagnostics refused = requestEdit(edit, pin);
    if (refused.hasErrors())
        showRefusal(refused);
    return !refused.hasErrors();
}

void MainWindow::onEditRequested(const ProjectEdit &edit)
{
    pushEdit(edit, m_propertyEditor->sheet().needsPinning);
}

void MainWindow::showRefusal(const Diagnostics &diagnostics)
{
    // A field of the open sheet is named by its label ("Width (m)"), not its JSON pointer; the
    // pointer stays in the refusal's tooltip and in the problem of anything else it names.
    QStringList lines, pointers;
    for (const Diagnostic &d : diagnostics.items()) {
        if (d.severity != Severity::Error)
            continue;
        const auto &fields = m_propertyEditor->sheet().fields;
        const auto field = std::find_if(fields.begin(), fields.end(), [&](const PropertyField &f) {
            return !d.jsonPath.empty() && f.pointer == d.jsonPath;
        });
        if (field != fields.end())
            lines << field->labelWithUnit() + QStringLiteral(": ") + q(d.message);
        else
            lines << (d.jsonPath.empty() ? q(d.message) : q(d.jsonPath + ": " + d.message));
        if (!d.jsonPath.empty())
            pointers << q(d.jsonPath);
    }
    // Put the editor back to the project's values, then say why the edit was refused.
    refreshSelectionViews();
    m_propertyEditor->showRefusal(lines.join(QLatin1Char('\n')), pointers.join(QLatin1Char('\n')));
    statusBar()->showMessage(tr("Edit refused: %1").arg(lines.value(0)), 8000);
}

void MainWindow::insertRow(int hall)
{
    const Project &project = m_document->project();
    const bool pin = !layoutFullyPinned();
    // Rows as they will be once pinned: the current layout's rows of this hall.
    double x = LayoutOptions().hallMarginM;
    double y = LayoutOptions().hallMarginM;
    int rows = 0;
    std::set<std::string> ids;
    if (m_evaluation && hall < int(m_evaluation->result.layout.halls.size())) {
        const LayoutHall &h = m_evaluation->result.layout.halls[hall];
        rows = int(h.rows.size());
        for (const LayoutRow &row : h.rows) {
            ids.insert(row.id);
            x = std::min(x, row.xM);
        }
        if (!h.rows.empty()) {
            const double pitch =
                hall < int(project.halls.size()) ? project.halls[hall].rowPitchM : Hall().rowPitchM;
            y = h.rows.back().yM + pitch;
        }
    }
    std::string id;
    for (int n = rows + 1; id.empty() || ids.count(id); ++n)
        id = QStringLiteral("R%1").arg(n).toStdString();
    if (pushEdit(aidc::insertRow(hall, rows, id, x, y), pin))
        selectPart(rowSelection(hall, rows));
}

// ------------------------------------------------------------------ results and selection

void MainWindow::onDocumentChanged()
{
    ++m_changeCount;
    m_autosaveDebounce->start(); // restarts: the recovery copy follows the last edit
    m_evaluator->setProjectPath(m_document->filePath());
    m_evaluator->request(m_document->project());
    m_treeModel->setProject(m_document->project(), m_evaluation && !m_evaluation->failed
                                                       ? &m_evaluation->result
                                                       : nullptr);
    refreshSelectionViews();
    updateTitle();
}

bool MainWindow::showFigureTerms(const QString &key)
{
    if (m_summaryModel->rowOf(key) < 0) {
        statusBar()->showMessage(tr("No figure named %1").arg(key), 4000);
        return false;
    }
    if (!m_evaluation || m_evaluation->failed) {
        statusBar()->showMessage(tr("No evaluated figure to open: the project has errors"), 4000);
        return false;
    }
    if (!m_termsDialog)
        m_termsDialog = new FigureTermsDialog(this);
    m_termsKey = key;
    refreshFigureTerms();
    m_termsDialog->show();
    m_termsDialog->raise();
    return true;
}

// The open terms window follows the design without taking the focus; with no result (the
// project has errors) it closes rather than show an older evaluation's terms.
void MainWindow::refreshFigureTerms()
{
    if (!m_termsDialog)
        return;
    const int row = m_summaryModel->rowOf(m_termsKey);
    if (!m_evaluation || m_evaluation->failed || row < 0) {
        m_termsDialog->hide();
        return;
    }
    m_termsDialog->setTerms(figureTerms(m_summaryModel->figures()[std::size_t(row)],
                                        m_evaluation->result, failedStages(m_evaluation->result)));
}

void MainWindow::onEvaluated(std::shared_ptr<const Evaluation> evaluation)
{
    m_evaluation = evaluation;
    const Project &project = m_document->project();
    Diagnostics all = evaluation->loadDiagnostics;
    all.append(m_repairNotes);
    if (!evaluation->failed) {
        all.append(evaluation->result.diagnostics);
        // Built once (43,000 racks take ~50 ms at 1M GPUs).
        const ResultTables tables = resultTables(evaluation->result);
        showFormattedResults(*evaluation, tables);
        m_bomTable->setTable(tables.bom);
        m_charts->setCaption(
            tr("%1 · %2 · AIDC Planner %3")
                .arg(q(evaluation->project.name.empty() ? m_document->displayName().toStdString()
                                                        : evaluation->project.name),
                     QDate::currentDate().toString(Qt::ISODate),
                     QCoreApplication::applicationVersion()));
        QString text = tr("Evaluated in %1 ms · refreshed %2 ms after the edit")
                           .arg(evaluation->evaluateMs, 0, 'f', 0)
                           .arg(evaluation->latencyMs, 0, 'f', 0);
        // An edit re-solves only what it changes: say which results were kept.
        if (const unsigned reused = evaluation->result.reusedStages)
            text += tr(" · kept the results of %1").arg(solversSentence(reused));
        m_evaluationLabel->setText(text);
    } else {
        m_summaryModel->clear();
        m_charts->clear();
        m_evaluationLabel->setText(tr("Not evaluated: the project has errors"));
    }
    if (m_termsDialog && m_termsDialog->isVisible())
        refreshFigureTerms();
    if (m_findDialog && m_findDialog->isVisible()) // else searched when shown
        m_findDialog->setEvaluation(evaluation);
    m_site->setEvaluation(evaluation);
    m_diagnosticsModel->setDiagnostics(all);
    const int errors = m_diagnosticsModel->errorCount();
    const int warnings = m_diagnosticsModel->warningCount();
    const int acknowledged = m_diagnosticsModel->acknowledgedCount();
    QString status = errors + warnings == 0
                         ? tr("No violations")
                         : tr("%1 error(s), %2 warning(s)").arg(errors).arg(warnings);
    if (acknowledged > 0)
        status += tr(", %1 acknowledged").arg(acknowledged);
    m_violationsLabel->setText(status);
    m_treeModel->setProject(project, evaluation->failed ? nullptr : &evaluation->result);
    m_floorPlan->setEvaluation(project, evaluation);
    followSelectedRack();
    m_compare->setCurrent(m_document->displayName(), evaluation);
    m_uncertainty->setEvaluation(evaluation);
    m_explore->setProject(m_document->filePath(), project);
    refreshSelectionViews();
    refreshCableSchedule();
}

// The cable schedule has a row per link (~600k for 100k GPUs): it is streamed, only while its
// tab is shown; the table panel filters every row off the GUI thread and lists the first ones.
void MainWindow::refreshCableSchedule()
{
    constexpr std::size_t kMaxShownCables = 100000;
    const std::shared_ptr<const Evaluation> evaluation = m_evaluation;
    if (!evaluation || evaluation->failed) {
        m_cableTable->setPlaceholder(tr("No cables: the project has not been evaluated."));
        m_cableGeneration = 0;
        return;
    }
    if (m_cableGeneration == evaluation->generation)
        return;
    // Visible and on top of its tab group (all docks are briefly visible while the window
    // first shows; a hidden tab has an empty visible region).
    if (!m_cableDock->isVisible() || m_cableDock->visibleRegion().isEmpty()) {
        m_cableTable->setPlaceholder(tr("The cable schedule is built when this tab is shown."));
        return;
    }
    m_cableGeneration = evaluation->generation;
    // One definition per count: the schedule lists links, the Results count cables.
    QString note =
        tr("One row per link, each leg of a splitter cable its own row. The Results' Cables "
           "figure (%1) counts physical cables instead: a splitter once, a structured run as its "
           "jumpers and its share of trunks, and a one-tier plane's uplinks into another network "
           "(the OOB plane's), which are not rows here.")
            .arg(q(formatCount(std::llround(evaluation->result.summary.cables.value_or(0)))));
    std::int64_t unrouted = 0; // rows without a cable: no medium reaches them
    for (const PlaneResult &plane : evaluation->result.fabric.planes)
        unrouted += plane.unroutedLinks * std::max(1, plane.parallelPlanes);
    if (unrouted > 0)
        note += QLatin1Char(' ') +
                tr("%1 link(s) that no medium reaches (a violation) are rows here and no cable.")
                    .arg(q(formatCount(unrouted)));
    m_cableTable->setNote(note);
    m_cableTable->setStreamedTable(
        cableScheduleHeader(),
        [evaluation](const TablePanel::RowVisitor &visit) {
            forEachCableRow(evaluation->result.fabric, visit);
        },
        kMaxShownCables);
}

// The selected rack where the new layout has it (by id): after an undo of its move the same
// indices name another rack.
void MainWindow::followSelectedRack()
{
    if (m_selection.kind != Selection::Kind::Rack || m_selectedRackId.empty() || !m_evaluation ||
        m_evaluation->failed)
        return;
    for (const PlacedRack &rack : m_evaluation->result.layout.racks) {
        if (rack.id != m_selectedRackId)
            continue;
        if (rack.hall != m_selection.hall || rack.row != m_selection.row ||
            rack.slot != m_selection.slot)
            selectPart(rackSelection(rack.hall, rack.row, rack.slot));
        return;
    }
}

void MainWindow::showFormattedResults(const Evaluation &evaluation, const ResultTables &tables)
{
    m_summaryModel->setSummary(evaluation.result.summary, failedStages(evaluation.result));
    m_poolsModel->setTable(tables.pools);
    const DisplayUnits &units = displayUnits();
    m_rackTable->setTable(withDisplayUnits(tables.racks, rackTableUnits(), units));
    m_hallTable->setTotalColumns(
        {QStringLiteral("Racks"), QStringLiteral("IT peak (kW)"),
         displayHeader(QStringLiteral("Heat (kW)"), hallTableUnits(), units),
         QStringLiteral("CDUs")});
    m_hallTable->setTable(withDisplayUnits(tables.halls, hallTableUnits(), units));
    if (evaluation.catalog)
        m_charts->setData(chartData(evaluation.project, evaluation.result, *evaluation.catalog));
}

void MainWindow::showFind()
{
    if (!m_findDialog) {
        m_findDialog = new FindDialog(this);
        connect(m_findDialog, &FindDialog::hitChosen, this, &MainWindow::goToFindHit);
    }
    m_findDialog->setEvaluation(m_evaluation);
    m_findDialog->show();
    m_findDialog->raise();
    m_findDialog->activateWindow();
}

void MainWindow::goToFindHit(const FindHit &hit)
{
    TablePanel *table = hit.target == FindHit::Target::Bom             ? m_bomTable
                        : hit.target == FindHit::Target::CableSchedule ? m_cableTable
                                                                       : nullptr;
    if (!table) {
        selectPart(hit.selection);
        return;
    }
    for (QDockWidget *d : m_docks) {
        if (d->widget() == table) {
            d->show();
            d->raise(); // the cable schedule streams once its tab is shown
        }
    }
    table->setFilter(hit.filter);
}

void MainWindow::chooseUnits()
{
    UnitsDialog dialog(displayUnits(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    applyUnits(dialog.units());
}

void MainWindow::applyUnits(const DisplayUnits &units)
{
    if (units == displayUnits())
        return;
    setDisplayUnits(units);
    // What shows a converted value is formatted again from the latest evaluation; nothing is
    // re-evaluated, and computed uncertainty bands stay.
    if (m_evaluation && !m_evaluation->failed) {
        showFormattedResults(*m_evaluation, resultTables(m_evaluation->result));
        m_treeModel->setProject(m_document->project(), &m_evaluation->result);
        m_floorPlan->setEvaluation(m_document->project(), m_evaluation);
        followSelectedRack();
        m_site->setEvaluation(m_evaluation);
        if (m_termsDialog && m_termsDialog->isVisible())
            refreshFigureTerms();
    }
    m_compare->refreshShownValues();
    refreshSelectionViews();
}

void MainWindow::refreshSelectionViews()
{
    const LayoutResult *layout =
        m_evaluation && !m_evaluation->failed ? &m_evaluation->result.layout : nullptr;
    const Catalog *catalog =
        m_evaluation && m_evaluation->catalog ? m_evaluation->catalog.get() : m_catalog.get();
    PropertySheet sheet = propertySheet(m_document->project(), m_selection, layout, catalog);
    showInDisplayUnits(sheet, displayUnits());
    m_propertyEditor->setSheet(sheet);
    if (m_selection.kind == Selection::Kind::Rack && layout) {
        const int index =
            layoutRackIndex(*layout, m_selection.hall, m_selection.row, m_selection.slot);
        if (index >= 0) {
            const Project effective =
                catalog ? withDefaults(m_evaluation->project, *catalog) : m_evaluation->project;
            m_elevation->setElevation(aidc::rackElevation(layout->racks[index], effective, *layout,
                                                          catalog, &m_evaluation->result.fabric));
            return;
        }
    }
    m_elevation->clear();
}

void MainWindow::selectPart(const Selection &selection)
{
    m_selection = selection;
    // A rack is followed by its id: an undo or a move may put it at other indices.
    m_selectedRackId.clear();
    if (selection.kind == Selection::Kind::Rack && m_evaluation && !m_evaluation->failed) {
        const LayoutResult &layout = m_evaluation->result.layout;
        const int rack = layoutRackIndex(layout, selection.hall, selection.row, selection.slot);
        if (rack >= 0)
            m_selectedRackId = layout.racks[std::size_t(rack)].id;
    }
    m_propertyEditor->clearRefusal();
    m_updatingSelection = true;
    const QModelIndex index = m_treeModel->indexOf(selection);
    if (index.isValid()) {
        m_tree->setCurrentIndex(index);
        m_tree->scrollTo(index);
    }
    m_updatingSelection = false;
    if (selection.hall >= 0)
        m_floorPlan->showHall(selection.hall);
    m_floorPlan->view()->select(selection);
    refreshSelectionViews();
    updatePartActions();
}

// ------------------------------------------------------------------ screenshots

QStringList MainWindow::saveScreenshots(const QString &directory)
{
    QDir().mkpath(directory);
    QStringList written;
    auto settle = [] {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
    };
    auto shoot = [&](QWidget *widget, const QString &name) {
        settle();
        const QString path = QDir(directory).filePath(name);
        if (widget->grab().save(path))
            written << path;
    };
    auto raise = [&](QWidget *content) {
        for (QDockWidget *d : m_docks) {
            if (d->widget() == content) {
                d->show();
                d->raise();
            }
        }
    };
    m_evaluator->waitForIdle(10000);

    // A compute rack with servers makes the elevation and the property editor worth showing.
    if (m_evaluation && !m_evaluation->failed) {
        for (const PlacedRack &rack : m_evaluation->result.layout.racks) {
            if (rack.role == RackRole::Compute && rack.servers > 0) {
                selectPart(rackSelection(rack.hall, rack.row, rack.slot));
                break;
            }
        }
    }
    raise(m_diagnosticsView);
    raise(m_propertyEditor);
    shoot(this, QStringLiteral("main-window.png"));
    shoot(m_floorPlan, QStringLiteral("floor-plan.png"));
    m_floorPlan->setColourBy(ColourBy::PowerDensity);
    shoot(m_floorPlan, QStringLiteral("floor-plan-power-density.png"));
    m_floorPlan->setColourBy(ColourBy::Role);
    shoot(m_propertyEditor, QStringLiteral("property-editor.png"));
    raise(m_elevation);
    shoot(m_elevation, QStringLiteral("rack-elevation.png"));
    const Selection computeRack = m_selection;
    // A network rack: the leaves and spines the fabric placed in it (the one drawing the most
    // switch power, so the picture shows a full rack).
    if (m_evaluation && !m_evaluation->failed) {
        const Result &result = m_evaluation->result;
        const PlacedRack *fullest = nullptr;
        double fullestW = -1;
        for (const PlacedRack &rack : result.layout.racks) {
            if (rack.role != RackRole::Network)
                continue;
            const auto it = result.fabric.rackNetworkPowerW.find(rack.id);
            const double w = it == result.fabric.rackNetworkPowerW.end() ? 0.0 : it->second;
            if (w > fullestW) {
                fullest = &rack;
                fullestW = w;
            }
        }
        if (fullest) {
            selectPart(rackSelection(fullest->hall, fullest->row, fullest->slot));
            shoot(m_elevation, QStringLiteral("rack-elevation-network.png"));
        }
    }
    raise(m_propertyEditor);
    for (const auto &[kind, name] :
         {std::pair(Selection::Kind::Site, "property-site.png"),
          std::pair(Selection::Kind::Power, "property-power.png"),
          std::pair(Selection::Kind::Cooling, "property-cooling.png"),
          std::pair(Selection::Kind::Reliability, "property-reliability.png"),
          std::pair(Selection::Kind::CatalogOverrides, "property-catalog-overrides.png")}) {
        selectPart(kindSelection(kind));
        shoot(m_propertyEditor, QString::fromLatin1(name));
    }
    if (!m_document->project().planes.empty()) {
        Selection plane = kindSelection(Selection::Kind::Plane);
        plane.index = 0;
        selectPart(plane);
        shoot(m_propertyEditor, QStringLiteral("property-plane.png"));
        // The end of the sheet: the plane's media policy.
        if (auto *scroll = m_propertyEditor->findChild<QScrollArea *>()) {
            scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum());
            shoot(m_propertyEditor, QStringLiteral("property-plane-media.png"));
        }
    }
    selectPart(computeRack);
    shoot(m_summaryView->parentWidget(), QStringLiteral("results.png"));
    // The Help windows (the guide only where the documents are installed).
    showWelcome();
    showShortcuts();
    showUserGuide();
    settle();
    for (QDialog *dialog : {static_cast<QDialog *>(findChild<WelcomeDialog *>()),
                            static_cast<QDialog *>(findChild<ShortcutsDialog *>()),
                            static_cast<QDialog *>(findChild<UserGuideDialog *>())}) {
        if (!dialog)
            continue;
        shoot(dialog, dialog->objectName().remove(QStringLiteral("Dialog")).toLower() +
                          QStringLiteral(".png"));
        dialog->close();
    }
    if (showFigureTerms(QStringLiteral("stepTimeS"))) {
        settle();
        shoot(m_termsDialog, QStringLiteral("figure-terms.png"));
        m_termsDialog->hide();
    }
    shoot(m_tree, QStringLiteral("project-tree.png"));
    raise(m_charts);
    settle();
    // Charts at export size (the dock is short); the same rendering as Export PNG.
    static const char *const chartNames[] = {"power",   "pools",    "capex",   "step-time",
                                             "scaling", "failures", "goodput", "load-profile"};
    constexpr int kNamed = int(std::size(chartNames));
    for (int i = 0; i < int(m_charts->charts().size()) && i < kNamed; ++i) {
        m_charts->showChart(i);
        settle();
        const QString path =
            QDir(directory).filePath(QStringLiteral("chart-%1.png").arg(chartNames[i]));
        if (m_charts->charts()[i]->exportPng(path).isEmpty())
            written << path;
    }
    raise(m_rackTable);
    shoot(m_rackTable, QStringLiteral("table-racks.png"));
    raise(m_hallTable);
    shoot(m_hallTable, QStringLiteral("table-halls.png"));
    raise(m_bomTable);
    shoot(m_bomTable, QStringLiteral("table-bom.png"));
    // The cable schedule filtered to the OOB plane: matched over every row, off the GUI thread.
    raise(m_cableTable);
    settle();
    refreshCableSchedule();
    m_cableTable->setFilter(QStringLiteral("oob"), 1);
    QElapsedTimer filtering;
    filtering.start();
    while (m_cableTable->isFiltering() && filtering.elapsed() < 60000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
    shoot(m_cableTable, QStringLiteral("table-cables.png"));
    m_cableTable->setFilter(QString(), -1);
    // Compare against two other samples, where there are.
    const QDir samples(samplesDirectory());
    int added = 0;
    for (const QString &name : samples.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        const QString path = samples.filePath(name);
        if (added < 2 && QFileInfo(path).absoluteFilePath() != m_document->filePath() &&
            name != QLatin1String("minimal.json"))
            added += m_compare->openScenario(path).isEmpty();
    }
    m_compare->waitForDesigns(20000);
    raise(m_compare);
    if (m_compare->hasOtherDesign()) {
        QEventLoop waitBands;
        connect(m_compare, &ComparePanel::bandsComputed, &waitBands, &QEventLoop::quit);
        QTimer::singleShot(60000, &waitBands, &QEventLoop::quit);
        m_compare->compareWithUncertainty();
        waitBands.exec();
    }
    shoot(m_compare, QStringLiteral("compare.png"));
    raise(m_diagnosticsView);
    shoot(m_diagnosticsView, QStringLiteral("violations.png"));
    // Bands and drivers of the open project, computed as the button would.
    raise(m_uncertainty);
    QEventLoop wait;
    connect(m_uncertainty, &UncertaintyPanel::computed, &wait, &QEventLoop::quit);
    QTimer::singleShot(60000, &wait, &QEventLoop::quit);
    m_uncertainty->compute();
    if (m_uncertainty->isComputing())
        wait.exec();
    m_uncertainty->tabs()->setCurrentIndex(1);
    settle();
    shoot(m_uncertainty, QStringLiteral("uncertainty.png"));
    m_uncertainty->tabs()->setCurrentIndex(2);
    settle();
    shoot(m_uncertainty, QStringLiteral("uncertainty-drivers.png"));
    // A design search on the open project: its size, the distribution voltage, rail-optimized
    // or not, cooling and precision, three objectives (the third as colour).
    raise(m_explore);
    m_explore->setArguments(
        {QStringLiteral("/compute/pools/0/gpuCount+/workload/gpus=[504,480],[1016,960],"
                        "[2040,1920]"),
         QStringLiteral("/power/distribution=12V,48V,800VDC"),
         QStringLiteral("/network/planes/0/railOptimized=true,false"),
         QStringLiteral("/workload/precision=bf16,fp8")},
        QStringLiteral("capex,time-to-train,facility-power"), QString());
    QEventLoop waitSearch;
    connect(m_explore, &ExplorePanel::searched, &waitSearch, &QEventLoop::quit);
    QTimer::singleShot(120000, &waitSearch, &QEventLoop::quit);
    if (m_explore->search().isEmpty())
        waitSearch.exec();
    // The front wants room: the dock floats at a reviewer's size for the picture, then docks.
    QDockWidget *exploreDock = findChild<QDockWidget *>(QStringLiteral("ExploreDock"));
    if (exploreDock) {
        exploreDock->setFloating(true);
        exploreDock->resize(1500, 760);
    }
    settle();
    shoot(m_explore, QStringLiteral("explore.png"));
    if (exploreDock)
        exploreDock->setFloating(false);
    raise(m_site);
    shoot(m_site, QStringLiteral("site.png"));
    showFind();
    m_findDialog->setText(QStringLiteral("R02-1"));
    shoot(m_findDialog, QStringLiteral("find.png"));
    m_findDialog->setText(QString());
    m_findDialog->hide();
    UnitsDialog units(displayUnits(), this);
    units.show();
    shoot(&units, QStringLiteral("units.png"));
    units.hide();
    return written;
}

void MainWindow::exportDrawings()
{
    if (!m_evaluation || m_evaluation->failed) {
        m_prompts->showError(this, tr("Nothing to draw"),
                             tr("The project has not been evaluated: fix its errors first."), {});
        return;
    }
    const QString start =
        m_document->filePath().isEmpty() ? QString() : QFileInfo(m_document->filePath()).path();
    const QString dir = m_prompts->directoryName(this, tr("Export drawings into"), start);
    if (dir.isEmpty())
        return;
    const std::shared_ptr<const Evaluation> evaluation = m_evaluation;
    const DrawingSet drawn = writeDrawings(evaluation->project, *evaluation->catalog,
                                           evaluation->result, dir.toStdString(), true, true);
    if (!drawn.ok) {
        m_prompts->showError(this, tr("Cannot export the drawings"),
                             QString::fromStdString(drawn.error), {});
        return;
    }
    statusBar()->showMessage(
        tr("%n drawing(s) written to %1", nullptr, int(drawn.files.size())).arg(dir), 6000);
}

} // namespace aidc::ui

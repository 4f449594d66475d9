// SPDX-License-Identifier: Apache-2.0
#include "comparepanel.h"

#include "evaluator.h"
#include "qtext.h"
#include "tablepanel.h"
#include "userprompts.h"

#include "model/atomicfile.h"
#include "model/projectjson.h"
#include "solvers/handoff/xlsxworkbook.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

namespace aidc::ui {

namespace {

constexpr unsigned kAllSections = (1u << compareSectionCount) - 1;

unsigned sectionBit(CompareSection section)
{
    return 1u << unsigned(section);
}

} // namespace

ComparePanel::ComparePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new CompareModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_differencesOnly(new QCheckBox(tr("&Differences only"), this))
    , m_sections(new QComboBox(this))
    , m_remove(new QPushButton(tr("&Remove"), this))
    , m_baselineButton(new QPushButton(tr("Make &baseline"), this))
    , m_export(new QPushButton(tr("E&xport…"), this))
    , m_uncertain(new QPushButton(tr("Compare with &uncertainty"), this))
    , m_bands(new TablePanel(tr("Press \"Compare with uncertainty\" to see which differences of "
                                "a design from the baseline are beyond the uncertainty of the "
                                "figures.")))
{
    m_designs.push_back({tr("open project"), true, nullptr, nullptr, {}});
    m_pool.setMaxThreadCount(1);
    m_view->setModel(m_model);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);

    auto *open = new QPushButton(tr("&Add design…"), this);
    open->setToolTip(tr("Load another project file to compare with the open one"));
    auto *snap = new QPushButton(tr("&Snapshot current as baseline"), this);
    snap->setToolTip(tr("Keep the open project as it is now as the baseline, then edit on: the "
                        "open project's difference column shows what the edits changed"));
    m_remove->setToolTip(tr("Remove the design of the selected column from the comparison"));
    m_baselineButton->setToolTip(tr("Compare every design with the design of the selected column"));
    m_export->setToolTip(tr("Save the rows shown as CSV or XLSX, as `aidc compare "
                            "--side-by-side` writes them: SI units and USD, full precision"));
    m_differencesOnly->setToolTip(tr("Hide the rows where every design agrees"));
    m_sections->addItem(tr("All sections"), kAllSections);
    m_sections->addItem(tr("Headline figures"), sectionBit(CompareSection::Figures));
    m_sections->addItem(tr("Capex by category"), sectionBit(CompareSection::Capex));
    m_sections->addItem(tr("Bill of materials"), sectionBit(CompareSection::BillOfMaterials));
    m_sections->addItem(tr("Violations"), sectionBit(CompareSection::Violations));
    m_sections->setToolTip(tr("Which part of the comparison to show"));
    m_uncertain->setToolTip(tr("Evaluate the baseline and the design of the selected column "
                               "again at the same 32 draws of every assumption's range and of "
                               "the model's error: is the difference beyond the uncertainty? "
                               "(docs/uncertainty.md)"));
    m_uncertain->setEnabled(false);

    // Two rows, so the dock fits beside the others on a 1366-px screen: the designs, then the
    // view of the table and what to do with it.
    auto *designs = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{open, snap, m_remove, m_baselineButton})
        designs->addWidget(w);
    designs->addStretch(1);
    auto *view = new QHBoxLayout;
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_sections, m_differencesOnly, m_export, m_uncertain})
        view->addWidget(w);
    view->addStretch(1);
    m_status->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(designs);
    layout->addLayout(view);
    layout->addWidget(m_status);
    // The table above, the uncertainty of one difference below (shown once asked for).
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_bands);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    m_bands->hide();
    layout->addWidget(split, 1);

    // The window's prompts (scripted in tests), or the plain dialogs.
    auto prompts = [this]() -> UserPrompts * {
        static UserPrompts fallback;
        return m_prompts ? m_prompts : &fallback;
    };
    connect(open, &QPushButton::clicked, this, [this, prompts] {
        const QString path = prompts()->openFileName(this, QString());
        if (path.isEmpty())
            return;
        const QString error = openScenario(path);
        if (!error.isEmpty())
            prompts()->showError(this, tr("Cannot compare"),
                                 tr("%1 could not be added.").arg(QFileInfo(path).fileName()),
                                 error);
    });
    connect(snap, &QPushButton::clicked, this, &ComparePanel::snapshotRequested);
    connect(m_remove, &QPushButton::clicked, this,
            [this] { removeDesignAt(m_view->currentIndex().column()); });
    connect(m_baselineButton, &QPushButton::clicked, this,
            [this] { makeBaselineAt(m_view->currentIndex().column()); });
    connect(m_differencesOnly, &QCheckBox::toggled, this, &ComparePanel::setDifferencesOnly);
    connect(m_sections, &QComboBox::activated, this,
            [this](int index) { setSections(m_sections->itemData(index).toUInt()); });
    connect(m_export, &QPushButton::clicked, this, [this, prompts] {
        const QString path = prompts()->saveFileName(this, tr("comparison.csv"));
        if (path.isEmpty())
            return;
        const QString error = exportTable(path);
        if (!error.isEmpty())
            prompts()->showError(this, tr("Export failed"),
                                 tr("The comparison could not be written."), error);
    });
    connect(m_uncertain, &QPushButton::clicked, this, &ComparePanel::compareWithUncertainty);
    // A selected column changes what the buttons act on, not the table.
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ComparePanel::updateControls);
    refresh();
}

ComparePanel::~ComparePanel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.waitForDone();
}

void ComparePanel::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_catalog = catalog;
    for (Design &design : m_designs)
        if (design.evaluator)
            design.evaluator->setCatalog(catalog);
}

void ComparePanel::setCurrent(const QString &name, std::shared_ptr<const Evaluation> evaluation)
{
    Design &open = m_designs.front();
    open.name = name;
    open.evaluation = evaluation && !evaluation->failed ? evaluation : nullptr;
    open.error =
        evaluation && evaluation->failed ? q(evaluation->loadDiagnostics.toString()) : QString();
    invalidateBands();
    refresh();
}

QString ComparePanel::addDesign(const QString &name, const Project &project, bool baseline,
                                const QString &path)
{
    if (int(m_designs.size()) > kMaxOtherDesigns)
        return tr("Compare holds %1 designs besides the open project: remove one first.")
            .arg(kMaxOtherDesigns);
    // Names tell the columns apart: a second "before (snapshot)" is "before (snapshot) (2)".
    QString unique = name;
    for (int n = 2;; ++n) {
        const bool taken = std::any_of(m_designs.begin(), m_designs.end(),
                                       [&](const Design &d) { return d.name == unique; });
        if (!taken)
            break;
        unique = tr("%1 (%2)").arg(name).arg(n);
    }
    auto *evaluator = new Evaluator(this);
    evaluator->setCatalog(m_catalog);
    evaluator->setProjectPath(path);
    connect(evaluator, &Evaluator::finished, this,
            [this, evaluator](std::shared_ptr<const Evaluation> evaluation) {
                for (int i = 0; i < int(m_designs.size()); ++i) {
                    Design &design = m_designs[std::size_t(i)];
                    if (design.evaluator != evaluator)
                        continue;
                    design.evaluation = evaluation->failed ? nullptr : evaluation;
                    design.error =
                        evaluation->failed ? q(evaluation->loadDiagnostics.toString()) : QString();
                    // A baseline without figures compares nothing: the open project takes
                    // over, and the status line says why.
                    if (evaluation->failed && i == m_baseline)
                        m_baseline = 0;
                }
                invalidateBands();
                refresh();
            });
    m_designs.push_back({unique, false, evaluator, nullptr, {}});
    if (baseline)
        m_baseline = int(m_designs.size()) - 1;
    evaluator->evaluateNow(project);
    invalidateBands();
    refresh();
    return {};
}

QString ComparePanel::openScenario(const QString &path)
{
    try {
        const Project project = loadProjectFile(path.toStdString());
        return addDesign(QFileInfo(path).completeBaseName(), project, false, path);
    } catch (const LoadError &e) {
        return q(e.diagnostics().toString());
    }
}

QString ComparePanel::snapshot(const QString &name, const Project &project, const QString &path)
{
    return addDesign(tr("%1 (snapshot)").arg(name), project, true, path);
}

QString ComparePanel::showScenario(const QString &name, const Project &project, const QString &path)
{
    return addDesign(name, project, false, path);
}

int ComparePanel::designOfColumn(int column) const
{
    const int shown = m_model->designOfColumn(column);
    return shown < 0 || shown >= int(m_shown.size()) ? -1 : m_shown[std::size_t(shown)];
}

bool ComparePanel::removeDesignAt(int column)
{
    const int index = designOfColumn(column);
    if (index <= 0) // none, or the open project
        return false;
    Evaluator *evaluator = m_designs[std::size_t(index)].evaluator;
    m_designs.erase(m_designs.begin() + index);
    delete evaluator; // cancels and waits for its run; its result is never delivered
    if (m_baseline == index)
        m_baseline = 0;
    else if (m_baseline > index)
        --m_baseline;
    invalidateBands();
    refresh();
    return true;
}

bool ComparePanel::makeBaselineAt(int column)
{
    const int index = designOfColumn(column);
    if (index < 0)
        return false;
    m_baseline = index;
    invalidateBands();
    refresh();
    return true;
}

void ComparePanel::setDifferencesOnly(bool on)
{
    m_options.differencesOnly = on;
    if (m_differencesOnly->isChecked() != on)
        m_differencesOnly->setChecked(on);
    showComparison(); // the same comparison, other rows
}

void ComparePanel::setSections(unsigned sections)
{
    m_options.sections = sections & kAllSections ? sections & kAllSections : kAllSections;
    const int item = m_sections->findData(m_options.sections);
    if (item >= 0)
        m_sections->setCurrentIndex(item);
    showComparison(); // the same comparison, other rows
}

bool ComparePanel::hasOtherDesign() const
{
    for (const Design &design : m_designs)
        if (!design.open && design.evaluation)
            return true;
    return false;
}

bool ComparePanel::waitForDesigns(int timeoutMs)
{
    QElapsedTimer waited;
    waited.start();
    for (;;) {
        bool busy = false;
        for (const Design &design : m_designs)
            busy = busy || (design.evaluator && design.evaluator->isBusy());
        if (!busy) {
            QCoreApplication::processEvents(); // deliver a finished() still queued
            return true;
        }
        if (waited.elapsed() > timeoutMs)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
}

QString ComparePanel::statusText() const
{
    return m_status->text();
}

QString ComparePanel::exportTable(const QString &path) const
{
    if (!m_model->comparison())
        return tr("There is nothing to export yet.");
    CompareTableOptions options = m_options;
    options.forReading = false;
    const CsvTable table = comparisonTable(*m_model->comparison(), options);
    try {
        if (path.endsWith(QLatin1String(".xlsx"), Qt::CaseInsensitive)) {
            XlsxWorkbook workbook(path.toStdString());
            addSheetsByColumn(workbook, table, 0);
            const SaveResult saved = workbook.close();
            return saved.ok ? QString() : q(saved.error);
        }
        const SaveResult saved = saveFileAtomically(path.toStdString(), toCsv(table));
        return saved.ok ? QString() : q(saved.error);
    } catch (const std::exception &e) {
        return tr("%1: the comparison could not be written: %2")
            .arg(path, QString::fromUtf8(e.what()));
    }
}

void ComparePanel::invalidateBands()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
    m_bands->setPlaceholder(tr("A design changed: press \"Compare with uncertainty\" again."));
    m_bands->setNote({});
    m_bands->setTable({});
}

int ComparePanel::otherDesignForBands() const
{
    const int selected = designOfColumn(m_view->currentIndex().column());
    if (selected >= 0 && selected != m_baseline && m_designs[std::size_t(selected)].evaluation)
        return selected;
    for (int i = 0; i < int(m_designs.size()); ++i)
        if (i != m_baseline && m_designs[std::size_t(i)].evaluation)
            return i;
    return -1;
}

void ComparePanel::compareWithUncertainty()
{
    const int other = otherDesignForBands();
    if (other < 0 || !m_catalog)
        return;
    std::shared_ptr<const Evaluation> a = m_designs[std::size_t(m_baseline)].evaluation;
    std::shared_ptr<const Evaluation> b = m_designs[std::size_t(other)].evaluation;
    if (!a || !b || !a->catalog || !b->catalog)
        return;
    invalidateBands();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = m_generation;
    m_uncertain->setEnabled(false);
    m_bands->show();
    const QString pair =
        tr("A = %1 (the baseline), B = %2")
            .arg(m_designs[std::size_t(m_baseline)].name, m_designs[std::size_t(other)].name);
    m_bands->setPlaceholder(tr("Evaluating %1 at 32 shared draws…").arg(pair));
    m_bands->setNote(tr("Uncertainty of B - A: %1.").arg(pair));
    std::shared_ptr<const Catalog> base = m_catalog;
    std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    m_pool.start([this, a, b, base, cancel, generation] {
        EvaluateOptions optionsA, optionsB; // each design with its own price book
        optionsA.cancel = optionsB.cancel = cancel.get();
        optionsA.priceBook = a->priceBook.get();
        optionsB.priceBook = b->priceBook.get();
        const DifferenceResult result = differenceBands(
            a->project, *a->catalog, optionsA, b->project, *b->catalog, optionsB, *base, {});
        if (cancel->load())
            return;
        auto table = std::make_shared<CsvTable>(differenceTable(result, true));
        QMetaObject::invokeMethod(
            this,
            [this, table, generation] {
                if (generation != m_generation)
                    return;
                m_bands->setTable(*table);
                updateControls();
                emit bandsComputed();
            },
            Qt::QueuedConnection);
    });
}

void ComparePanel::refresh()
{
    // The designs that evaluated, the baseline first; none while the baseline has no figures
    // (every difference is against it).
    m_shown.clear();
    const Design &baseline = m_designs[std::size_t(m_baseline)];
    if (baseline.evaluation) {
        m_shown.push_back(m_baseline);
        for (int i = 0; i < int(m_designs.size()); ++i)
            if (i != m_baseline && m_designs[std::size_t(i)].evaluation)
                m_shown.push_back(i);
    }
    m_comparison.reset();
    if (m_designs.size() > 1 && !m_shown.empty()) {
        std::vector<NamedResult> named;
        for (int i : m_shown)
            named.push_back({m_designs[std::size_t(i)].name.toStdString(),
                             &m_designs[std::size_t(i)].evaluation->result});
        m_comparison = std::make_shared<const ScenarioComparison>(compareScenarios(named));
    }
    showComparison();
}

void ComparePanel::showComparison()
{
    const QModelIndex current = m_view->currentIndex();
    {
        QSignalBlocker blockSelection(m_view->selectionModel());
        m_model->setComparison(m_comparison, m_options);
        if (current.isValid() && current.row() < m_model->rowCount() &&
            current.column() < m_model->columnCount())
            m_view->setCurrentIndex(m_model->index(current.row(), current.column()));
    }
    updateControls();
}

void ComparePanel::updateControls()
{
    const Design &baseline = m_designs[std::size_t(m_baseline)];
    const int otherDesigns = int(m_designs.size()) - 1;
    const std::shared_ptr<const ScenarioComparison> &comparison = m_comparison;
    const int selected = designOfColumn(m_view->currentIndex().column());
    m_remove->setEnabled(selected > 0);
    m_baselineButton->setEnabled(selected >= 0 && selected != m_baseline);
    m_export->setEnabled(comparison != nullptr);
    m_uncertain->setEnabled(m_catalog && m_designs[std::size_t(m_baseline)].evaluation &&
                            otherDesignForBands() >= 0);

    QStringList notes;
    int evaluating = 0;
    for (const Design &design : m_designs) {
        if (!design.error.isEmpty())
            notes << tr("%1 did not evaluate: %2").arg(design.name, design.error);
        else if (!design.evaluation && design.evaluator && design.evaluator->isBusy())
            ++evaluating;
    }
    if (otherDesigns > 0 && !baseline.evaluation)
        notes.prepend(tr("The baseline, %1, has no figures yet: nothing is compared until it "
                         "has.")
                          .arg(baseline.name));
    else if (otherDesigns == 0)
        notes.prepend(tr("Add a project file, snapshot the open project or open a design of "
                         "the Explore dock to compare headline figures, capex by category, "
                         "the bill of materials and violations side by side."));
    else if (comparison)
        notes.prepend(tr("%n headline figure(s) differ among %1 designs; each difference "
                         "column is that design minus the baseline, %2.",
                         nullptr, m_model->differingFigures())
                          .arg(comparison->names.size())
                          .arg(m_designs[std::size_t(m_baseline)].name));
    if (evaluating > 0)
        notes << tr("Evaluating %n design(s)…", nullptr, evaluating);
    m_status->setText(notes.join(QLatin1Char(' ')));
}

} // namespace aidc::ui

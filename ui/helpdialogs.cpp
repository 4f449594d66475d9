// SPDX-License-Identifier: Apache-2.0
#include "helpdialogs.h"

#include "model/projectjson.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace aidc::ui {

namespace {

// "&Save As…" -> "Save As…"
QString plainText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text;
}

void collectShortcuts(const QList<QAction *> &actions, const QString &path,
                      std::vector<ShortcutEntry> &entries)
{
    for (QAction *action : actions) {
        if (action->isSeparator())
            continue;
        const QString name = plainText(action->text());
        if (QMenu *menu = action->menu()) {
            collectShortcuts(menu->actions(), path + name + QStringLiteral(" › "), entries);
            continue;
        }
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts()) {
            const QString text = key.toString(QKeySequence::NativeText);
            if (!text.isEmpty() && !keys.contains(text))
                keys << text;
        }
        if (!keys.isEmpty())
            entries.push_back({path + name, keys.join(QStringLiteral(", "))});
    }
}

} // namespace

std::vector<SampleProject> listSamples(const QString &directory)
{
    std::vector<SampleProject> samples;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        SampleProject sample{dir.filePath(name), name, name, {}};
        // The model's own reader (samples are a few kB); one that does not load keeps its file
        // name, and opening it shows the loader's message.
        try {
            const Project project = loadProjectFile(sample.path.toStdString());
            if (!project.name.empty())
                sample.title = QString::fromStdString(project.name);
            sample.description = QString::fromStdString(project.description);
        } catch (const LoadError &) {
        }
        samples.push_back(std::move(sample));
    }
    std::sort(samples.begin(), samples.end(), [](const SampleProject &a, const SampleProject &b) {
        return QString::localeAwareCompare(a.title, b.title) < 0;
    });
    return samples;
}

QString suggestedFileName(const QString &projectName)
{
    QString stem;
    for (const QChar c : projectName.toLower()) {
        if (c.isLetterOrNumber() && c.unicode() < 128)
            stem += c;
        else if (!stem.isEmpty() && !stem.endsWith(QLatin1Char('-')))
            stem += QLatin1Char('-');
    }
    stem = stem.left(60);
    while (stem.endsWith(QLatin1Char('-')))
        stem.chop(1);
    return (stem.isEmpty() ? QStringLiteral("project") : stem) + QStringLiteral(".json");
}

std::vector<ShortcutEntry> shortcutList(const QMainWindow &window)
{
    std::vector<ShortcutEntry> entries;
    collectShortcuts(window.menuBar()->actions(), QString(), entries);
    collectShortcuts(window.actions(), QString(), entries);
    return entries;
}

WelcomeDialog::WelcomeDialog(const std::vector<SampleProject> &samples, bool showAtStart,
                             QWidget *parent)
    : QDialog(parent)
    , m_samples(samples)
    , m_list(new QListWidget)
    , m_showAtStart(new QCheckBox(tr("Show this window at start")))
{
    setObjectName(QStringLiteral("WelcomeDialog"));
    setWindowTitle(tr("Getting Started"));
    auto *heading =
        new QLabel(tr("<h2>AIDC Planner</h2>"
                      "<p>Plan an AI-training datacenter from one project: building, "
                      "power and cooling, racks, compute, fabric and the training "
                      "run. Start from a sample design below, or open a project "
                      "file.</p>"
                      "<p>Select a part in the <b>Project</b> tree or on the floor plan "
                      "to edit its fields in <b>Properties</b>; results follow each "
                      "edit. Double-click a figure in <b>Results</b> to see its terms "
                      "and sources. <b>F1</b> opens the user guide.</p>"));
    heading->setWordWrap(true);
    for (const SampleProject &sample : m_samples) {
        const QString summary = sample.description.section(QStringLiteral(". "), 0, 0);
        auto *item = new QListWidgetItem(
            summary.isEmpty() ? sample.title : sample.title + QLatin1Char('\n') + summary);
        item->setToolTip(sample.fileName + QLatin1Char('\n') + sample.description);
        m_list->addItem(item);
    }
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->setSpacing(2);
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    m_showAtStart->setChecked(showAtStart);

    auto *buttons = new QDialogButtonBox;
    QPushButton *open = buttons->addButton(tr("Open &Sample"), QDialogButtonBox::AcceptRole);
    open->setDefault(true);
    open->setEnabled(m_list->count() > 0);
    QPushButton *openFile = buttons->addButton(tr("Open &File…"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    connect(open, &QPushButton::clicked, this, &WelcomeDialog::chooseCurrent);
    connect(m_list, &QListWidget::itemActivated, this, &WelcomeDialog::chooseCurrent);
    connect(openFile, &QPushButton::clicked, this, [this] {
        accept();
        emit openFileRequested();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addWidget(new QLabel(tr("Sample designs:")));
    layout->addWidget(m_list, 1);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_showAtStart);
    bottom->addStretch(1);
    bottom->addWidget(buttons);
    layout->addLayout(bottom);
    resize(760, 560);
}

bool WelcomeDialog::showAtStart() const
{
    return m_showAtStart->isChecked();
}

void WelcomeDialog::chooseCurrent()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= int(m_samples.size()))
        return;
    accept();
    emit sampleChosen(m_samples[std::size_t(row)].path);
}

ShortcutsDialog::ShortcutsDialog(const std::vector<ShortcutEntry> &entries, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("ShortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *table = new QTableWidget(int(entries.size()), 2);
    table->setHorizontalHeaderLabels({tr("Command"), tr("Keys")});
    for (std::size_t i = 0; i < entries.size(); ++i) {
        table->setItem(int(i), 0, new QTableWidgetItem(entries[i].command));
        table->setItem(int(i), 1, new QTableWidgetItem(entries[i].keys));
    }
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    auto *note = new QLabel(tr("Also: Delete (outside a text field) deletes the selected part; "
                               "Enter in Violations selects the part a problem names; Tab and "
                               "Enter move between and commit fields in Properties; double-click "
                               "or Enter on a Results figure opens its terms."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(table, 1);
    layout->addWidget(note);
    layout->addWidget(buttons);
    resize(560, 620);
}

UserGuideDialog::UserGuideDialog(const QString &markdownPath, QWidget *parent)
    : QDialog(parent)
    , m_browser(new QTextBrowser)
{
    setObjectName(QStringLiteral("UserGuideDialog"));
    setWindowTitle(tr("AIDC Planner User Guide"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(QUrl::fromLocalFile(markdownPath), QTextDocument::MarkdownResource);
    auto *back = new QPushButton(tr("&Back"));
    auto *forward = new QPushButton(tr("&Forward"));
    back->setEnabled(false);
    forward->setEnabled(false);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(forward, &QPushButton::clicked, m_browser, &QTextBrowser::forward);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QPushButton::setEnabled);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(back);
    bottom->addWidget(forward);
    bottom->addStretch(1);
    bottom->addWidget(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addLayout(bottom);
    resize(980, 760);
}

} // namespace aidc::ui

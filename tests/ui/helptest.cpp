// SPDX-License-Identifier: Apache-2.0
// The Help menu (issue 23 item 26) and the file names the window suggests (item 18): samples by
// title, the shortcut list from the menus, the user guide from docs/, Save As named after the
// project.

#include "uitestutil.h"

#include "ui/helpdialogs.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTextBrowser>

#include <algorithm>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

QMenu *subMenu(QMenu *menu, const QString &text)
{
    for (QAction *action : menu->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == text)
            return action->menu();
    }
    return nullptr;
}

QMenu *menuBarMenu(MainWindow &window, const QString &text)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == text)
            return action->menu();
    }
    return nullptr;
}

} // namespace

TEST_CASE("the samples are offered by their titles", "[gui][help]")
{
    const std::vector<SampleProject> samples = listSamples(sourcePath("projects"));
    REQUIRE(samples.size() == std::size_t(QDir(sourcePath("projects"))
                                              .entryList({QStringLiteral("*.json")}, QDir::Files)
                                              .size()));
    CHECK(std::is_sorted(samples.begin(), samples.end(), [](const auto &a, const auto &b) {
        return QString::localeAwareCompare(a.title, b.title) < 0;
    }));
    const auto oneK = std::find_if(samples.begin(), samples.end(), [](const SampleProject &s) {
        return s.fileName == "h100-1k-infiniband.json";
    });
    REQUIRE(oneK != samples.end());
    CHECK(oneK->title == "H100 1k-GPU InfiniBand SuperPOD"); // its "name"
    CHECK(oneK->description.startsWith("127 DGX H100"));

    // A file that is not a project is listed by its file name, never dropped or fatal.
    QTemporaryDir dir;
    QFile broken(dir.filePath("broken.json"));
    REQUIRE(broken.open(QIODevice::WriteOnly));
    broken.write("{ not json");
    broken.close();
    const std::vector<SampleProject> odd = listSamples(dir.path());
    REQUIRE(odd.size() == 1);
    CHECK(odd.front().title == "broken.json");

    // File > New from Sample lists the titles, with the file name as the tooltip.
    TestWindow t = makeWindow();
    QMenu *file = menuBarMenu(*t.window, "File");
    REQUIRE(file);
    QMenu *fromSample = subMenu(file, "New from Sample");
    REQUIRE(fromSample);
    emit fromSample->aboutToShow();
    QStringList titles, tips;
    for (QAction *action : fromSample->actions()) {
        titles << action->text();
        tips << action->toolTip();
    }
    CHECK(titles.contains("H100 1k-GPU InfiniBand SuperPOD"));
    CHECK(tips.contains("h100-1k-infiniband.json"));
    CHECK_FALSE(titles.contains("h100-1k-infiniband.json"));
}

TEST_CASE("getting started opens a sample as an untitled project", "[gui][help]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.startWithoutFile();
    window.showWelcome();
    auto *welcome = window.findChild<WelcomeDialog *>();
    REQUIRE(welcome);
    CHECK(welcome->isVisible());
    QListWidget *list = welcome->sampleList();
    int row = -1;
    for (int i = 0; i < list->count(); ++i) {
        if (list->item(i)->text().startsWith("GB200 NVL72 liquid-cooled hall"))
            row = i;
    }
    REQUIRE(row >= 0);
    list->setCurrentRow(row);
    emit list->itemActivated(list->item(row));
    QCoreApplication::processEvents(); // the choice is queued until the dialog has closed
    CHECK(window.document()->project().name == "GB200 NVL72 liquid-cooled hall");
    CHECK(window.document()->filePath().isEmpty()); // a sample opens untitled
}

TEST_CASE("save as suggests a file named after the project", "[gui][help]")
{
    CHECK(suggestedFileName("GB200 NVL72 liquid-cooled hall") ==
          "gb200-nvl72-liquid-cooled-hall.json");
    CHECK(suggestedFileName("") == "project.json");
    CHECK(suggestedFileName("***") == "project.json");
    // No path separators survive: the suggestion stays in the folder it is offered in.
    CHECK(suggestedFileName("../../etc/passwd") == "etc-passwd.json");
    CHECK(suggestedFileName("Ünïcode hall") == "n-code-hall.json");

    TestWindow t = makeWindow();
    t.window->startWithoutFile(); // the minimal sample, untitled
    t.prompts->savePath.clear();  // cancel the dialog
    CHECK_FALSE(t.window->saveAs());
    CHECK(t.prompts->saveSuggestion.endsWith("/minimal-127-h100-servers.json"));
}

TEST_CASE("the shortcut list is the menus' own keys", "[gui][help]")
{
    TestWindow t = makeWindow();
    const std::vector<ShortcutEntry> entries = shortcutList(*t.window);
    auto keysOf = [&](const QString &command) {
        for (const ShortcutEntry &entry : entries) {
            if (entry.command == command)
                return entry.keys;
        }
        return QString();
    };
    // Explicit keys, not only the platform's (empty on a generic X11 desktop).
    CHECK(keysOf("Edit › Redo").contains("Ctrl+Y"));
    CHECK(keysOf("File › Save As…").contains("Ctrl+Shift+S"));
    CHECK(keysOf("Help › User Guide").contains("F1"));
    CHECK(keysOf("View › Go to Floor Plan") == "Ctrl+0");
    CHECK(keysOf("Go to Project") == "Ctrl+1"); // a window action, not in a menu
    t.window->showShortcuts();
    CHECK(t.window->findChild<ShortcutsDialog *>());
}

TEST_CASE("the user guide opens from docs, or says where it looked", "[gui][help]")
{
    TestWindow t = makeWindow();
    REQUIRE(t.window->showUserGuide());
    auto *guide = t.window->findChild<UserGuideDialog *>();
    REQUIRE(guide);
    CHECK(guide->browser()->toPlainText().contains("Layout of the window"));

    MainWindow::Options options;
    options.catalogDirectory = sourcePath(QStringLiteral("catalogs/data"));
    options.docsDirectory = QStringLiteral("/nonexistent/docs");
    options.restoreSettings = false;
    MainWindow bare(options);
    auto prompts = std::make_unique<ScriptedPrompts>();
    ScriptedPrompts *scripted = prompts.get();
    bare.setPrompts(std::move(prompts));
    CHECK_FALSE(bare.showUserGuide());
    REQUIRE(scripted->notes.size() == 1);
    CHECK(scripted->notes.front().contains("/nonexistent/docs"));
}

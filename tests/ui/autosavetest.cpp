// SPDX-License-Identifier: Apache-2.0
// Autosave and recovery [ref:qtcreator-autosave]: unsaved work goes to "<file>.autosave",
// never over the file; the next open offers it; saving removes it.

#include "uitestutil.h"

#include "model/projectjson.h"
#include "ui/autosave.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QThread>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

TEST_CASE("autosave writes a recovery file beside the project and recovery is offered",
          "[gui][autosave]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("site.json");
    REQUIRE(QFile::copy(sourcePath("projects/h100-1k-infiniband.json"), path));
    QFile original(path);
    REQUIRE(original.open(QIODevice::ReadOnly));
    const QByteArray originalBytes = original.readAll();
    original.close();
    {
        TestWindow t = makeWindow();
        MainWindow &window = *t.window;
        REQUIRE(openAndEvaluate(window, path));
        window.autosaveNow(); // nothing to save yet
        CHECK_FALSE(QFile::exists(path + ".autosave"));
        REQUIRE(window.requestEdit(setField("/name", "recovered work", "Rename")).empty());
        window.autosaveNow();
        REQUIRE(QFile::exists(path + ".autosave"));
        CHECK(loadProjectFile((path + ".autosave").toStdString()).name == "recovered work");
        // The user's file is untouched.
        REQUIRE(original.open(QIODevice::ReadOnly));
        CHECK(original.readAll() == originalBytes);
        original.close();
        // A crash: the window goes away without asking (no close event).
    }
    {
        TestWindow t = makeWindow();
        t.prompts->recover = true;
        MainWindow &window = *t.window;
        REQUIRE(openAndEvaluate(window, path));
        CHECK(t.prompts->recoverQuestions == 1);
        CHECK(window.document()->project().name == "recovered work");
        CHECK(window.document()->filePath() == QFileInfo(path).absoluteFilePath());
        CHECK(window.isWindowModified()); // recovered, not yet saved
        REQUIRE(window.save());
        CHECK_FALSE(QFile::exists(path + ".autosave"));
        CHECK(loadProjectFile(path.toStdString()).name == "recovered work");
    }
    {
        // Declining drops the recovery file and opens the saved project.
        TestWindow t = makeWindow();
        REQUIRE(openAndEvaluate(*t.window, path));
        REQUIRE(t.window->requestEdit(setField("/name", "lost", "Rename")).empty());
        t.window->autosaveNow();
        REQUIRE(QFile::exists(path + ".autosave"));
    }
    {
        TestWindow t = makeWindow();
        t.prompts->recover = false;
        REQUIRE(openAndEvaluate(*t.window, path));
        CHECK(t.prompts->recoverQuestions == 1);
        CHECK(t.window->document()->project().name == "recovered work");
        CHECK_FALSE(QFile::exists(path + ".autosave"));
    }
}

TEST_CASE("the autosave timer writes unsaved work on its own", "[gui][autosave]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("timed.json");
    REQUIRE(QFile::copy(sourcePath("projects/minimal.json"), path));
    TestWindow t = makeWindow(50);
    REQUIRE(openAndEvaluate(*t.window, path));
    REQUIRE(t.window->requestEdit(setField("/name", "timed", "Rename")).empty());
    for (int i = 0; i < 100 && !QFile::exists(path + ".autosave"); ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(10);
    }
    CHECK(QFile::exists(path + ".autosave"));
}

// Issue 18, item 6: autosave ran only every 3 minutes; an edit is now followed by a recovery copy
// a few seconds later (debounced), with the periodic timer far away.
TEST_CASE("a recovery copy follows an edit within the debounce time", "[gui][autosave]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("debounced.json");
    REQUIRE(QFile::copy(sourcePath("projects/minimal.json"), path));
    TestWindow t = makeWindow(0, 100); // periodic autosave in 24 h, debounce 100 ms
    REQUIRE(openAndEvaluate(*t.window, path));
    REQUIRE(t.window->requestEdit(setField("/name", "debounced", "Rename")).empty());
    for (int i = 0; i < 200 && !QFile::exists(path + ".autosave"); ++i) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(10);
    }
    CHECK(QFile::exists(path + ".autosave"));
}

// Issue 23, item 12: Ctrl+Y and Ctrl+Shift+S did nothing on a generic X11 desktop, whose
// platform key sequences for Redo and Save As are empty.
TEST_CASE("redo and save-as have explicit keys", "[gui]")
{
    TestWindow t = makeWindow();
    bool redo = false, saveAs = false;
    for (QAction *action : t.window->findChildren<QAction *>()) {
        for (const QKeySequence &key : action->shortcuts()) {
            redo = redo || key == QKeySequence(Qt::CTRL | Qt::Key_Y);
            saveAs = saveAs || key == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
        }
    }
    CHECK(redo);
    CHECK(saveAs);
}

TEST_CASE("autosave keeps a reserve of free disk space and says so when it skips",
          "[gui][autosave]")
{
    QTemporaryDir dir;
    const QString path = dir.filePath("site.json");
    const Project project = loadProjectFile(AIDC_SOURCE_DIR "/projects/h100-1k-infiniband.json");
    const qint64 available = QStorageInfo(dir.path()).bytesAvailable();
    REQUIRE(available > 0);

    // A reserve larger than the free space: nothing is written, the reason names the volume.
    const QString refused = writeAutosave(project, path, available + 1);
    CHECK(refused.contains("MiB free"));
    CHECK(refused.contains("not written"));
    CHECK_FALSE(QFile::exists(path + ".autosave"));

    // No reserve: the recovery file is written and loads back as the same project.
    CHECK(writeAutosave(project, path, 0).isEmpty());
    REQUIRE(QFile::exists(path + ".autosave"));
    CHECK(loadProjectFile((path + ".autosave").toStdString()) == project);
}

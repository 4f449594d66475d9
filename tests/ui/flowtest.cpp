// SPDX-License-Identifier: Apache-2.0
// Issue 8 main flow: open a sample, select a rack, change a field, see the results change,
// undo, see them restored, save, reopen, compare.

#include "uitestutil.h"

#include "model/projectjson.h"
#include "ui/comparepanel.h"
#include "ui/floorplanview.h"
#include "ui/projectdocument.h"
#include "ui/propertyeditor.h"
#include "ui/summarymodel.h"

#include <catch2/catch.hpp>

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLineEdit>
#include <QMimeData>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>

#include <csignal>

#include <sys/resource.h>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

TEST_CASE("select a rack, change it, undo, save, reopen and compare", "[gui][flow]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.show();
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    const Project start = window.document()->project();
    const auto first = window.evaluation();
    REQUIRE(first);
    // 127 DGX H100 at 4 per rack in 32 compute racks (the last with 3).
    CHECK(figure(window, "computeRacks") == "32");

    // Select the first compute rack the layout placed (as a click on the floor plan would).
    const PlacedRack *rack = nullptr;
    for (const PlacedRack &r : first->result.layout.racks) {
        if (r.role == RackRole::Compute && r.servers == 4) {
            rack = &r;
            break;
        }
    }
    REQUIRE(rack);
    const Selection selected = rackSelection(rack->hall, rack->row, rack->slot);
    window.selectPart(selected);
    CHECK(window.propertyEditor()->sheet().title.contains(QString::fromStdString(rack->id)));
    CHECK(window.propertyEditor()->sheet().needsPinning);

    // Two servers instead of four: the layout pins, and the two servers left over need one
    // more compute rack (127 servers: 30 racks x 4 + 3 + 2 + 2 -> 33 racks).
    typeInto(window, rackPointer(rack->hall, rack->row, rack->slot) + "/servers", "2");
    REQUIRE(window.document()->undoStack()->count() == 1);
    CHECK_FALSE(window.document()->project().halls[0].rows.empty()); // pinned
    settle(window);
    CHECK(figure(window, "computeRacks") == "33");
    CHECK(figure(window, "servers") == "127");

    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
    settle(window);
    CHECK(figure(window, "computeRacks") == "32");

    window.redoAction()->trigger();
    settle(window);
    CHECK(figure(window, "computeRacks") == "33");
    const Project edited = window.document()->project();

    // Save, reopen: the same project, clean.
    QTemporaryDir dir;
    const QString path = dir.filePath("edited.json");
    REQUIRE(window.saveAs(path));
    CHECK_FALSE(window.isWindowModified());
    CHECK(window.windowTitle().startsWith("edited.json"));
    CHECK(loadProjectFile(path.toStdString()) == edited);
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    REQUIRE(openAndEvaluate(window, path));
    CHECK(window.document()->project() == edited);
    CHECK(figure(window, "computeRacks") == "33");
    CHECK(window.recentFiles().value(0) == QFileInfo(path).absoluteFilePath());

    // Compare with the original sample: the rack counts differ, the GPU counts do not.
    ComparePanel &compare = *window.comparePanel();
    REQUIRE(compare.openScenario(sourcePath("projects/h100-1k-infiniband.json")).isEmpty());
    REQUIRE(compare.waitForDesigns(60000));
    REQUIRE(compare.hasOtherDesign());
    const CompareModel &model = *compare.model();
    const int racksRow = model.figureRow("computeRacks"), gpusRow = model.figureRow("gpus");
    REQUIRE(racksRow >= 0);
    REQUIRE(gpusRow >= 0);
    CHECK(model.index(racksRow, CompareModel::ItemColumn).data().toString() == "Compute racks");
    // The open project is the baseline (33 racks after the edit); the sample has 32.
    CHECK(model.index(racksRow, model.valueColumn(0)).data().toString() == "33");
    CHECK(model.index(racksRow, model.valueColumn(1)).data().toString() == "32");
    CHECK(model.index(racksRow, model.differenceColumn(1)).data().toString() == "-1");
    CHECK(model.index(gpusRow, model.differenceColumn(1)).data().toString() == "=");
    CHECK(model.differingFigures() > 0);
}

TEST_CASE("a file that fails to load leaves the open project untouched", "[gui][files]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    const Project before = window.document()->project();
    const QString title = window.windowTitle();

    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.json");
    QFile file(bad);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"schema": "aidc-project", "version": 1, "compute": {"pools": [
        {"gpu": "H100-SXM", "gpuCount": -4}]}})");
    file.close();
    CHECK_FALSE(window.openFile(bad));
    REQUIRE(t.prompts->errors.size() == 1);
    // The loader's message: file, JSON pointer, problem.
    CHECK(t.prompts->errors[0].contains("bad.json"));
    CHECK(t.prompts->errors[0].contains("/compute/pools/0/gpuCount"));
    CHECK(t.prompts->errors[0].contains("out of range"));
    CHECK(window.document()->project() == before);
    CHECK(window.windowTitle() == title);

    CHECK(t.prompts->confirmations.isEmpty()); // the only pool cannot be left out: no offer

    // An unknown part is a load error too (the catalog check the CLI runs); the window offers
    // to open the file anyway (tests/ui/repairtest.cpp), and declined, nothing changes.
    QFile unknown(dir.filePath("unknown.json"));
    REQUIRE(unknown.open(QIODevice::WriteOnly));
    unknown.write(R"({"schema": "aidc-project", "version": 1, "compute": {"pools": [
        {"gpu": "H900", "gpuCount": 8}]}})");
    unknown.close();
    t.prompts->confirm = false;
    CHECK_FALSE(window.openFile(unknown.fileName()));
    REQUIRE(t.prompts->confirmations.size() == 1);
    CHECK(t.prompts->confirmations[0].contains("/compute/pools/0/gpu"));
    CHECK(t.prompts->confirmations[0].contains("H900"));
    CHECK(t.prompts->errors.size() == 1);
    CHECK(window.document()->project() == before);
}

TEST_CASE("a failed save says why and keeps the old file", "[gui][files]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/minimal.json")));
    QTemporaryDir dir;
    const QString path = dir.filePath("keep.json");
    REQUIRE(window.saveAs(path));
    QFile saved(path);
    REQUIRE(saved.open(QIODevice::ReadOnly));
    const QByteArray original = saved.readAll();
    saved.close();

    window.selectPart(poolSelection(0));
    REQUIRE_FALSE(
        window.requestEdit(setField("/compute/pools/0/gpuCount", 2048, "Set GPUs")).hasErrors());
    // A full disk, as root would see it too: a file-size limit makes the temporary file's write
    // fail (EFBIG) after the old file was written.
    struct rlimit previous;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &previous) == 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = previous;
    small.rlim_cur = 64;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
    const bool ok = window.save();
    setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, oldHandler);
    CHECK_FALSE(ok);
    REQUIRE(t.prompts->errors.size() == 1);
    CHECK(t.prompts->errors[0].contains("keep.json"));
    CHECK(window.isWindowModified());
    REQUIRE(saved.open(QIODevice::ReadOnly));
    CHECK(saved.readAll() == original);
}

TEST_CASE("closing or replacing unsaved work asks first", "[gui][files]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/minimal.json")));
    REQUIRE_FALSE(window.requestEdit(setField("/name", "changed", "Rename")).hasErrors());
    t.prompts->saveChoice = UserPrompts::SaveChoice::Cancel;
    CHECK_FALSE(window.openFile(sourcePath("projects/h100-1k-infiniband.json")));
    CHECK(t.prompts->saveQuestions == 1);
    CHECK(window.document()->project().name == "changed");
    CHECK_FALSE(window.close());
    CHECK(t.prompts->saveQuestions == 2);
    t.prompts->saveChoice = UserPrompts::SaveChoice::Discard;
    CHECK(window.openFile(sourcePath("projects/h100-1k-infiniband.json")));
    CHECK(window.document()->project().name == "H100 1k-GPU InfiniBand SuperPOD");
}

TEST_CASE("new from a sample is untitled and Save asks for a name", "[gui][files]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    const QStringList recent = window.recentFiles();
    REQUIRE(window.newFromSample(sourcePath("projects/h100-1k-infiniband.json")));
    CHECK(window.document()->filePath().isEmpty());
    CHECK(window.windowTitle().startsWith("Untitled"));
    CHECK(window.recentFiles() == recent); // a sample is not a file of the user's
    QTemporaryDir dir;
    t.prompts->savePath = dir.filePath("mine"); // the suffix is added
    REQUIRE(window.save());
    CHECK(window.document()->filePath() == QFileInfo(dir.filePath("mine.json")).absoluteFilePath());
    CHECK(loadProjectFile(dir.filePath("mine.json").toStdString()) == window.document()->project());
}

TEST_CASE("a project file dropped on the window opens", "[gui][files]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/minimal.json")));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(sourcePath("projects/h100-1k-infiniband.json"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    settle(window);
    CHECK(window.document()->project().name == "H100 1k-GPU InfiniBand SuperPOD");

    // Anything but a single .json file is refused at the door.
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(sourcePath("README.md"))});
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QCoreApplication::sendEvent(&window, &refused);
    CHECK_FALSE(refused.isAccepted());
}

TEST_CASE("File > Export Drawings writes the floor plans and row elevations aidc draw writes",
          "[gui][files]")
{
    TestWindow t = openWindow(QStringLiteral("projects/h100-1k-infiniband.json"));
    const std::shared_ptr<const Evaluation> evaluation = settle(*t.window);
    REQUIRE(evaluation);
    const QTemporaryDir dir;
    t.prompts->directoryPath = dir.path() + QStringLiteral("/drawings");
    t.window->exportDrawings();
    CHECK(t.prompts->errors.isEmpty());
    std::size_t rows = 0;
    for (const LayoutHall &hall : evaluation->result.layout.halls)
        rows += hall.rows.size();
    const QStringList files =
        QDir(t.prompts->directoryPath).entryList({QStringLiteral("*.svg")}, QDir::Files);
    CHECK(std::size_t(files.size()) == evaluation->result.layout.halls.size() + rows);

    // Cancelled: nothing written, nothing said.
    t.prompts->directoryPath.clear();
    t.window->exportDrawings();
    CHECK(t.prompts->errors.isEmpty());
}

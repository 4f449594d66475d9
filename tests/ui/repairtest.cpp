// SPDX-License-Identifier: Apache-2.0
// Opening a file with problems to fix it (issue 23 item 18, "open anyway"): the values the
// loader names are taken out when the user agrees, listed in Violations until the next save;
// parts the catalog lacks stay as errors and edits are refused only for problems they add.

#include "uitestutil.h"

#include "model/projectedit.h"
#include "model/projectjson.h"
#include "ui/diagnosticsmodel.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

QString writeProject(const QTemporaryDir &dir, const QByteArray &text)
{
    const QString path = dir.filePath("design.json");
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(text);
    return path;
}

QByteArray sampleWith(const std::function<void(nlohmann::json &)> &change)
{
    QFile sample(sourcePath("projects/h100-1k-infiniband.json"));
    sample.open(QIODevice::ReadOnly);
    nlohmann::json project = nlohmann::json::parse(sample.readAll().toStdString());
    change(project);
    return QByteArray::fromStdString(project.dump(2));
}

// Rows of the violations list at `pointer`.
QStringList violationsAt(MainWindow &window, const std::string &pointer)
{
    QStringList found;
    DiagnosticsModel &model = *window.diagnosticsModel();
    for (int row = 0; row < model.rowCount(); ++row) {
        const Diagnostic *d = model.diagnosticAt(model.index(row, 0));
        if (d && d->jsonPath == pointer)
            found << QString::fromStdString(d->message);
    }
    return found;
}

} // namespace

TEST_CASE("a file that breaks the rules opens anyway, to be fixed, when the user agrees",
          "[gui][repair]")
{
    QTemporaryDir dir;
    const QByteArray text =
        sampleWith([](nlohmann::json &p) { p["site"]["electricityUsdPerKWh"] = -1; });
    const QString path = writeProject(dir, text);
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.startWithoutFile();
    const std::string before = window.document()->project().name;

    // Declined: nothing changes, and no error box on top of the question.
    t.prompts->confirm = false;
    CHECK_FALSE(window.openFile(path));
    REQUIRE(t.prompts->confirmations.size() == 1);
    CHECK(t.prompts->confirmations.front().contains("/site/electricityUsdPerKWh"));
    CHECK(t.prompts->errors.isEmpty());
    CHECK(window.document()->project().name == before);

    // Agreed: open, with the file's path, modified, the value back at its default.
    t.prompts->confirm = true;
    REQUIRE(window.openFile(path));
    CHECK(window.document()->filePath() == QFileInfo(path).absoluteFilePath());
    CHECK(window.document()->isModified());
    CHECK(window.document()->project().site.electricityUsdPerKWh == Site{}.electricityUsdPerKWh);
    settle(window);
    const QStringList listed = violationsAt(window, "/site/electricityUsdPerKWh");
    REQUIRE(listed.size() == 1);
    CHECK(listed.front().startsWith(
        "taken out on opening (/site/electricityUsdPerKWh in the file), was -1: "));
    // The file is untouched until the user saves.
    QFile unchanged(path);
    REQUIRE(unchanged.open(QIODevice::ReadOnly));
    CHECK(unchanged.readAll() == text);
    unchanged.close();

    // Saved: the file loads as it is, and the note is gone.
    REQUIRE(window.saveAs(path));
    CHECK_NOTHROW(loadProjectFile(path.toStdString()));
    window.evaluator()->evaluateNow(window.document()->project());
    settle(window);
    CHECK(violationsAt(window, "/site/electricityUsdPerKWh").isEmpty());
}

TEST_CASE("a file that cannot be repaired is refused with the loader's message", "[gui][repair]")
{
    QTemporaryDir dir;
    const QString path = writeProject(dir, "{ \"schema\": \"aidc-project\", ");
    TestWindow t = makeWindow();
    t.window->startWithoutFile();
    CHECK_FALSE(t.window->openFile(path));
    CHECK(t.prompts->confirmations.isEmpty());
    REQUIRE(t.prompts->errors.size() == 1);
    CHECK(t.prompts->errors.front().contains("design.json"));
}

TEST_CASE("a part the catalog lacks is fixed in place, edits refused only for what they break",
          "[gui][repair]")
{
    QTemporaryDir dir;
    const QString path = writeProject(
        dir, sampleWith([](nlohmann::json &p) { p["compute"]["pools"][0]["gpu"] = "H900"; }));
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(window.openFile(path));
    REQUIRE(t.prompts->confirmations.size() == 1);
    CHECK(t.prompts->confirmations.front().contains("H900"));
    auto evaluated = settle(window);
    REQUIRE(evaluated);
    CHECK(evaluated->failed); // nothing is evaluated with an unknown accelerator
    CHECK(window.diagnosticsModel()->errorCount() >= 1);

    // An unrelated edit is not refused for the problem the file already had.
    CHECK(window.requestEdit(setField("/name", "fixing", "Rename")).empty());
    // One that adds a problem is refused for that problem alone.
    const Diagnostics refused =
        window.requestEdit(setField("/compute/pools/0/server", "NO-SUCH-SERVER", "Server"));
    REQUIRE(refused.hasErrors());
    REQUIRE(refused.items().size() == 1);
    CHECK(refused.items().front().jsonPath == "/compute/pools/0/server");
    // Fixing the part evaluates the design again.
    CHECK(window.requestEdit(setField("/compute/pools/0/gpu", "H100-SXM", "Accelerator")).empty());
    evaluated = settle(window);
    REQUIRE(evaluated);
    CHECK_FALSE(evaluated->failed);
}

TEST_CASE("a sample that fails to load says why, with no repair offered", "[gui][repair]")
{
    QTemporaryDir dir;
    const QString path = writeProject(
        dir, sampleWith([](nlohmann::json &p) { p["site"]["electricityUsdPerKWh"] = -1; }));
    TestWindow t = makeWindow();
    t.window->startWithoutFile();
    const std::string before = t.window->document()->project().name;
    CHECK_FALSE(t.window->newFromSample(path));
    CHECK(t.prompts->confirmations.isEmpty());
    REQUIRE(t.prompts->errors.size() == 1);
    CHECK(t.prompts->errors.front().contains("/site/electricityUsdPerKWh"));
    CHECK(t.window->document()->project().name == before);
}

TEST_CASE("deleting a part before one with an unknown accelerator is not refused for it",
          "[gui][repair]")
{
    // The unknown part's pointer moves (pool 1 becomes pool 0); the problem is the same one.
    QTemporaryDir dir;
    const QString path = writeProject(dir, sampleWith([](nlohmann::json &p) {
                                          nlohmann::json unknown = p["compute"]["pools"][0];
                                          unknown["name"] = "future";
                                          unknown["gpu"] = "H900";
                                          unknown.erase("server");
                                          p["compute"]["pools"].push_back(unknown);
                                      }));
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(window.openFile(path));
    REQUIRE(window.document()->project().pools.size() == 2);
    CHECK(window.requestEdit(removePool(window.document()->project(), 0)).empty());
    REQUIRE(window.document()->project().pools.size() == 1);
    CHECK(window.document()->project().pools[0].gpu == "H900");
}

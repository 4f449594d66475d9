// SPDX-License-Identifier: Apache-2.0
// Issue 8, "every part of the design is editable": the MoE part of the model, the site's climate
// tables, failure-rate overrides and catalog overrides are edited in the property editor, each
// edit is undoable and the results follow it.

#include "uitestutil.h"

#include "ui/projectdocument.h"
#include "ui/propertyeditor.h"

#include "model/modelpresets.h"
#include "solvers/common/defaults.h"

#include <catch2/catch.hpp>

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QUndoStack>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

QCheckBox *checkBox(MainWindow &window, const std::string &pointer)
{
    auto *box = qobject_cast<QCheckBox *>(window.propertyEditor()->editorFor(pointer));
    REQUIRE(box);
    return box;
}

void applyJson(MainWindow &window, const std::string &pointer, const QString &text)
{
    QWidget *editor = window.propertyEditor()->editorFor(pointer);
    REQUIRE(editor);
    auto *edit = editor->findChild<QPlainTextEdit *>();
    auto *apply = editor->findChild<QPushButton *>();
    REQUIRE(edit);
    REQUIRE(apply);
    edit->setPlainText(text);
    apply->click();
}

double valueOf(const std::optional<double> &figure)
{
    REQUIRE(figure);
    return *figure;
}

QString repeated(const QString &value, int times)
{
    QStringList list;
    for (int i = 0; i < times; ++i)
        list << value;
    return list.join(", ");
}

} // namespace

TEST_CASE("a dense model becomes a mixture of experts and back", "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE_FALSE(start.workload->model.moe);

    window.selectPart(kindSelection(Selection::Kind::Workload));
    CHECK_FALSE(window.propertyEditor()->editorFor("/workload/model/moe/experts")->isEnabled());
    checkBox(window, "/workload/model/moe")->click();
    const std::optional<MoeSpec> &moe = window.document()->project().workload->model.moe;
    REQUIRE(moe);
    CHECK(moe->experts == 8);
    CHECK(moe->topK == 2);
    CHECK(window.propertyEditor()->editorFor("/workload/model/moe/experts")->isEnabled());
    typeInto(window, "/workload/model/moe/experts", "16");
    CHECK(window.document()->project().workload->model.moe->experts == 16);
    const std::shared_ptr<const Evaluation> evaluated = settle(window);
    REQUIRE_FALSE(evaluated->failed);
    REQUIRE(evaluated->project.workload->model.moe);
    CHECK(evaluated->project.workload->model.moe->experts == 16);

    // top-k above the experts: the loader's range message, nothing changed.
    typeInto(window, "/workload/model/moe/topK", "17");
    CHECK(window.document()->project().workload->model.moe->topK == 2);
    CHECK(window.propertyEditor()->refusalToolTip().contains("/workload/model/moe/topK"));
    CHECK(window.propertyEditor()->refusalText().startsWith("Refused: Active experts (top-k): "));

    checkBox(window, "/workload/model/moe")->click();
    CHECK_FALSE(window.document()->project().workload->model.moe);
    while (window.document()->undoStack()->canUndo())
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("the site's own climate replaces the reference climate and moves the PUE",
          "[gui][fields]")
{
    TestWindow t = openWindow("projects/minimal.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.site.climate == Climate{});
    const double temperatePue = valueOf(settle(window)->result.summary.pue);

    window.selectPart(siteSelection());
    auto *dry = qobject_cast<QLineEdit *>(
        window.propertyEditor()->editorFor("/site/climate/monthlyDryBulbC"));
    REQUIRE(dry);
    CHECK_FALSE(dry->isEnabled());
    CHECK(dry->text().startsWith("1, 2, 6, 10")); // the reference table, docs/project-format.md

    checkBox(window, "/site/climate")->click();
    CHECK(window.document()->project().site.climate == referenceClimate());
    // A hot, humid site all year: no economizer hours, so the PUE rises.
    typeInto(window, "/site/climate/monthlyWetBulbC", repeated("26", 12));
    typeInto(window, "/site/climate/monthlyDryBulbC", repeated("32", 12));
    CHECK(window.document()->project().site.climate.dryBulbC[6] == 32);
    const double hotPue = valueOf(settle(window)->result.summary.pue);
    CHECK(hotPue > temperatePue);

    // Eleven months: refused with the loader's reason, the table stays.
    typeInto(window, "/site/climate/monthlyDryBulbC", repeated("20", 11));
    CHECK(window.document()->project().site.climate.dryBulbC[0] == 32);
    CHECK(window.propertyEditor()->refusalToolTip().contains("monthlyDryBulbC"));

    checkBox(window, "/site/climate")->click();
    CHECK(window.document()->project().site.climate == Climate{});
    while (window.document()->undoStack()->canUndo())
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("a failure-rate override changes the failures per day", "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    const double catalogFailures = valueOf(settle(window)->result.summary.failuresPerDay);
    REQUIRE(catalogFailures > 0);

    window.selectPart(kindSelection(Selection::Kind::Reliability));
    auto *gpu = qobject_cast<QLineEdit *>(
        window.propertyEditor()->editorFor("/reliability/failuresPerYear/gpu"));
    REQUIRE(gpu);
    CHECK(gpu->text().isEmpty());
    CHECK(gpu->placeholderText().contains("catalog"));

    // 1,016 GPUs at 10 failures per GPU-year add about 28 failures per day (1016 × 10 / 365).
    typeInto(window, "/reliability/failuresPerYear/gpu", "10");
    CHECK(window.document()->project().reliability.failuresPerYearOverride.at("gpu") == 10);
    const double overridden = valueOf(settle(window)->result.summary.failuresPerDay);
    CHECK(overridden > catalogFailures + 20);

    typeInto(window, "/reliability/failuresPerYear/gpu", "");
    CHECK(window.document()->project().reliability.failuresPerYearOverride.empty());
    while (window.document()->undoStack()->canUndo())
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("catalog overrides are edited as JSON and checked against the catalog", "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    const double itPowerW = valueOf(settle(window)->result.summary.itPowerPeakW);

    window.selectPart(kindSelection(Selection::Kind::CatalogOverrides));
    applyJson(window, "/catalogOverrides", "{ \"accelerators\": [");
    CHECK(window.document()->project() == start);
    CHECK(window.propertyEditor()->refusalText().contains("malformed JSON"));

    // A field the catalog does not know: the catalog loader's message.
    applyJson(window, "/catalogOverrides",
              "{\"servers\": [{\"id\": \"DGX-H100\", \"wattage\": 8000}]}");
    CHECK(window.document()->project() == start);
    CHECK(window.propertyEditor()->refusalText().contains("wattage"));

    // An 8 kW power cap on every DGX H100 (catalog: 10.2 kW) lowers the IT power.
    applyJson(window, "/catalogOverrides",
              "{\"servers\": [{\"id\": \"DGX-H100\", \"maxPowerW\": 8000, "
              "\"source\": \"[D] site power cap\"}]}");
    CHECK_FALSE(window.document()->project().catalogOverridesJson.empty());
    const std::shared_ptr<const Evaluation> capped = settle(window);
    REQUIRE_FALSE(capped->failed);
    CHECK(valueOf(capped->result.summary.itPowerPeakW) < itPowerW);

    applyJson(window, "/catalogOverrides", "");
    CHECK(window.document()->project().catalogOverridesJson.empty());
    window.undoAction()->trigger();
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("the project's name and description are edited with the site", "[gui][fields]")
{
    TestWindow t = openWindow("projects/minimal.json");
    MainWindow &window = *t.window;
    window.selectPart(siteSelection());
    typeInto(window, "/name", "Campus A, phase 1");
    typeInto(window, "/description", "Two halls of H100, first phase");
    CHECK(window.document()->project().name == "Campus A, phase 1");
    CHECK(window.document()->project().description == "Two halls of H100, first phase");
    window.undoAction()->trigger();
    CHECK(window.document()->project().description.empty());
}

TEST_CASE("a published architecture replaces the model in one step", "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    window.selectPart(kindSelection(Selection::Kind::Workload));
    auto *combo = qobject_cast<QComboBox *>(window.propertyEditor()->editorFor("/workload/model"));
    REQUIRE(combo);
    CHECK(combo->currentData().toString().isEmpty()); // the sample's own model: "(custom)"

    const int deepseek = combo->findData(QStringLiteral("deepseek-v3-671b"));
    REQUIRE(deepseek > 0);
    combo->setCurrentIndex(deepseek);
    emit combo->activated(deepseek);
    const ModelArchitecture &model = window.document()->project().workload->model;
    CHECK(model == modelPreset("deepseek-v3-671b"));
    REQUIRE(model.moe);
    CHECK(model.moe->experts == 256); // DeepSeek-V3 report: 256 routed experts, 8 active
    CHECK(window.document()->undoStack()->count() == 1);
    CHECK(checkBox(window, "/workload/model/moe")->isChecked());
    CHECK(window.propertyEditor()->editorFor("/workload/model/moe/topK")->isEnabled());

    // "(custom)" sends the model as it is: nothing changes, no undo step.
    combo = qobject_cast<QComboBox *>(window.propertyEditor()->editorFor("/workload/model"));
    REQUIRE(combo);
    CHECK(combo->currentData().toString() == "deepseek-v3-671b");
    combo->setCurrentIndex(0);
    emit combo->activated(0);
    CHECK(window.document()->undoStack()->count() == 1);

    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

// The trays over the rows are part of the design: the 1k-GPU sample's network row needs two
// copper trays; with one, the fill doubles and the report says how many would do (issue 17,
// samples review).
TEST_CASE("copper trays per row are edited with every plane and spread the row's cables",
          "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.cabling.copperTraysPerRow == 2);
    auto copperFill = [&](const Result &result) {
        double fill = 0;
        for (const TrayFill &tray : result.fabric.trays)
            fill = std::max(fill, tray.copperFill);
        return fill;
    };
    auto copperWarnings = [&](const Result &result) {
        int n = 0;
        for (const Diagnostic &d : result.diagnostics.items())
            n += d.message.find("copper tray") != std::string::npos &&
                 d.message.find("2 would do (copperTraysPerRow)") != std::string::npos;
        return n;
    };
    // The sample's compute fabric is all optics, as the reference design; unchecking the media
    // policy's "Optics required" puts its short runs on copper, which loads the copper trays.
    Selection plane = kindSelection(Selection::Kind::Plane);
    plane.index = 0;
    window.selectPart(plane);
    const double opticalFill = copperFill(settle(window)->result);
    QCheckBox *optics = checkBox(window, "/network/planes/0/media/opticsRequired");
    REQUIRE(optics);
    REQUIRE(optics->isChecked());
    optics->setChecked(false);
    REQUIRE_FALSE(window.document()->project().planes[0].media.opticsRequired);
    const std::shared_ptr<const Evaluation> before = settle(window);
    CHECK(copperFill(before->result) > opticalFill);
    CHECK(copperWarnings(before->result) == 0);

    window.selectPart(plane);
    typeInto(window, "/network/cabling/copperTraysPerRow", "1");
    CHECK(window.document()->project().cabling.copperTraysPerRow == 1);
    const std::shared_ptr<const Evaluation> after = settle(window);
    CHECK(copperFill(after->result) == Approx(2 * copperFill(before->result)).epsilon(1e-9));
    CHECK(copperWarnings(after->result) == 1);

    while (window.document()->undoStack()->canUndo())
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("the site's power supply by date is edited as JSON, refused at its path, undone",
          "[gui][fields]")
{
    TestWindow t = openWindow("projects/minimal.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    window.selectPart(siteSelection());
    typeInto(window, "/site/startDate", "2027-01-01");
    CHECK(window.document()->project().site.startDate == "2027-01-01");

    // 1 MW of grid from the start: far below the site's peak, so the evaluation warns.
    applyJson(window, "/site/utilitySteps", R"([{"date": "2027-01-01", "utilityMW": 1}])");
    REQUIRE(window.document()->project().site.utilitySteps.size() == 1);
    const std::shared_ptr<const Evaluation> short1 = settle(window);
    REQUIRE_FALSE(short1->failed);
    bool warned = false;
    for (const Diagnostic &d : short1->result.diagnostics.items())
        warned = warned || (d.jsonPath == "/site/utilitySteps/0" &&
                            d.message.find("short by") != std::string::npos);
    CHECK(warned);

    // A block without a rating is refused with the loader's message; nothing changes.
    const Project before = window.document()->project();
    applyJson(window, "/site/generation", R"([{"units": 2}])");
    CHECK(window.document()->project() == before);
    CHECK(window.propertyEditor()->refusalText().contains("ratingMW"));

    applyJson(window, "/site/generation",
              R"([{"type": "gas-turbine", "ratingMW": 50, "units": 4, "role": "prime"}])");
    REQUIRE(window.document()->project().site.generation.size() == 1);
    CHECK(window.document()->project().site.generation[0].role == GenerationRole::Prime);
    for (int i = 0; i < 3; ++i)
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("a plane's media policy is edited in its sheet, refused at its path, undone",
          "[gui][fields]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    Selection plane = kindSelection(Selection::Kind::Plane);
    plane.index = 1; // in-band: Ethernet, no policy stated
    window.selectPart(plane);

    typeInto(window, "/network/planes/1/media/allowed", "dac, multimode");
    REQUIRE(window.document()->project().planes[1].media.allowed ==
            std::vector<MediumKind>{MediumKind::Dac, MediumKind::MultimodeOptic});
    // An unknown class, and five rules for an automatic plane of at most 4 tiers, are refused
    // with the loader's message; nothing changes.
    const Project before = window.document()->project();
    window.selectPart(plane);
    typeInto(window, "/network/planes/1/media/allowed", "dac, copper");
    CHECK(window.document()->project() == before);
    CHECK(window.propertyEditor()->refusalText().contains("copper"));
    window.selectPart(plane);
    applyJson(window, "/network/planes/1/media/boundaries", R"([{}, {}, {}, {}, {}])");
    CHECK(window.document()->project() == before);
    CHECK(window.propertyEditor()->refusalText().contains("link levels"));
    window.selectPart(plane);
    applyJson(window, "/network/planes/1/media/boundaries", R"([{}, {"opticsRequired": true}])");
    REQUIRE(window.document()->project().planes[1].media.boundaries.size() == 2);
    CHECK(window.document()->project().planes[1].media.boundaries[1].opticsRequired == true);

    while (window.document()->undoStack()->canUndo())
        window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("a pool's accelerator changes with its server and the server list follows it",
          "[gui][fields]")
{
    // The 1k sample's pool states server DGX-H100. Choosing B200 used to be refused (DGX-H100
    // does not carry it), and the server list offered every server (issue 23 item 4).
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Project start = window.document()->project();
    REQUIRE(start.pools[0].server == "DGX-H100");
    Selection pool = kindSelection(Selection::Kind::Pool);
    pool.index = 0;
    window.selectPart(pool);

    auto *servers =
        qobject_cast<QComboBox *>(window.propertyEditor()->editorFor("/compute/pools/0/server"));
    REQUIRE(servers);
    REQUIRE(servers->findData(QStringLiteral("DGX-H100")) >= 0); // the list is not empty
    REQUIRE(servers->findData(QStringLiteral("HGX-H100")) >= 0);
    CHECK(servers->findData(QStringLiteral("DGX-B200")) < 0);
    for (int i = 0; i < servers->count(); ++i) {
        const QString id = servers->itemData(i).toString();
        if (id.isEmpty())
            continue; // "(the accelerator's default)"
        INFO(id.toStdString());
        REQUIRE(window.catalog()->server(id.toStdString()));
        CHECK(window.catalog()->server(id.toStdString())->accelerator == "H100-SXM");
    }

    auto *gpu =
        qobject_cast<QComboBox *>(window.propertyEditor()->editorFor("/compute/pools/0/gpu"));
    REQUIRE(gpu);
    const int b200 = gpu->findData(QStringLiteral("B200"));
    REQUIRE(b200 >= 0);
    gpu->setCurrentIndex(b200);
    emit gpu->activated(b200);
    CHECK(window.propertyEditor()->refusalText().isEmpty());
    const ComputePool &changed = window.document()->project().pools[0];
    CHECK(changed.gpu == "B200");
    CHECK(changed.server.empty()); // back to the accelerator's default server
    // One undo step takes both back.
    window.undoAction()->trigger();
    CHECK(window.document()->project() == start);
}

TEST_CASE("undo and redo reach the project from a field with nothing typed in it", "[gui][fields]")
{
    // After a value is typed and committed the field still holds its text history, and
    // QLineEdit claimed Ctrl+Z / Ctrl+Y for it: undo from a field reverted the text, not the
    // project (issue 23 item 12).
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    window.selectPart(kindSelection(Selection::Kind::Site));
    auto *edit =
        qobject_cast<QLineEdit *>(window.propertyEditor()->editorFor("/site/electricityUsdPerKWh"));
    REQUIRE(edit);
    edit->selectAll();
    edit->insert(QStringLiteral("0.1")); // typed, with a text history
    emit edit->editingFinished();
    REQUIRE(window.document()->project().site.electricityUsdPerKWh == Approx(0.1));
    edit =
        qobject_cast<QLineEdit *>(window.propertyEditor()->editorFor("/site/electricityUsdPerKWh"));
    REQUIRE(edit);

    // Whether the field keeps a key for itself (accepts the override) or leaves it to the
    // window's Undo / Redo actions.
    auto fieldKeeps = [&](QKeyCombination keys) {
        QKeyEvent event(QEvent::ShortcutOverride, keys.key(), keys.keyboardModifiers());
        event.ignore(); // as the shortcut map sends it
        QCoreApplication::sendEvent(edit, &event);
        return event.isAccepted();
    };
    CHECK_FALSE(fieldKeeps(Qt::CTRL | Qt::Key_Z));
    CHECK_FALSE(fieldKeeps(Qt::CTRL | Qt::Key_Y));
    CHECK_FALSE(fieldKeeps(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    // Typing in progress: the field's own text undo, as in any text box.
    edit->insert(QStringLiteral("5"));
    CHECK(edit->isModified());
    CHECK(fieldKeeps(Qt::CTRL | Qt::Key_Z));
}

// SPDX-License-Identifier: Apache-2.0
// The views over one evaluation: floor plan (to scale, colours, moves and rows as undoable
// requests), rack elevation, charts (with PNG/SVG export), BOM/cable/rack tables (filter,
// totals, CSV export through the CLI's writer), violations that select their part.

#include "uitestutil.h"

#include "model/csv.h"
#include "solvers/common/reportformat.h"
#include "solvers/fabric/fabricreport.h"
#include "ui/chartwidget.h"
#include "ui/comparemodel.h"
#include "ui/comparepanel.h"
#include "ui/diagnosticsmodel.h"
#include "ui/finddialog.h"
#include "ui/floorplanview.h"
#include "ui/projectdocument.h"
#include "ui/propertyeditor.h"
#include "ui/qtext.h"
#include "ui/rackelevation.h"
#include "ui/siteview.h"
#include "ui/tablepanel.h"
#include "ui/uncertaintypanel.h"

#include <catch2/catch.hpp>

#include <QChart>
#include <QCoreApplication>
#include <QDate>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QImage>
#include <QMouseEvent>
#include <QPieSeries>
#include <QPieSlice>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

TEST_CASE("the floor plan draws every rack of the hall and moves them through undo",
          "[gui][floorplan]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.show();
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    const auto evaluation = window.evaluation();
    FloorPlanView &plan = *window.floorPlan()->view();
    // One hall: every placed rack is drawn.
    CHECK(plan.rackItemCount() == int(evaluation->result.layout.racks.size()));
    // 32 compute racks (128 DGX H100 at 4 per rack) plus the layout's network racks.
    CHECK(evaluation->result.layout.countRacks(RackRole::Compute) == 32);

    // Colour by role: network racks differ from compute racks.
    int compute = -1, network = -1;
    for (int i = 0; i < int(evaluation->result.layout.racks.size()); ++i) {
        const RackRole role = evaluation->result.layout.racks[i].role;
        if (role == RackRole::Compute && compute < 0)
            compute = i;
        if (role == RackRole::Network && network < 0)
            network = i;
    }
    REQUIRE(compute >= 0);
    REQUIRE(network >= 0);
    CHECK(plan.rackColour(compute) != plan.rackColour(network));
    plan.setColourBy(ColourBy::PowerDensity);
    // DGX H100 racks of 4 x 10.2 kW are in the 30-60 kW band; the legend names it.
    CHECK(plan.rackColour(compute) == plan.legend()[2].colour);
    plan.setColourBy(ColourBy::Role);

    // A drag of a rack to another row arrives as a request; the main window pins the layout
    // and moves it in one undo step.
    const PlacedRack rack = evaluation->result.layout.racks[compute];
    const Project before = window.document()->project();
    int toRow = -1;
    for (int r = 0; r < int(evaluation->result.layout.halls[0].rows.size()); ++r) {
        if (r != rack.row && !evaluation->result.layout.halls[0].rows[r].racks.empty() &&
            evaluation->result.layout.racks[evaluation->result.layout.halls[0].rows[r].racks[0]]
                    .role == RackRole::Compute)
            toRow = r;
    }
    REQUIRE(toRow >= 0);
    emit plan.rackMoveRequested(0, rack.row, rack.slot, toRow, 0);
    REQUIRE(window.document()->undoStack()->count() == 1);
    const Hall &hall = window.document()->project().halls[0];
    CHECK(hall.rows[toRow].racks[0].id == rack.id);
    settle(window);
    window.undoAction()->trigger();
    CHECK(window.document()->project() == before);

    // Insert a row after the last one, then delete it; both undoable.
    window.redoAction()->trigger();
    const std::size_t rows = window.document()->project().halls[0].rows.size();
    emit window.floorPlan()->insertRowRequested(0);
    REQUIRE(window.document()->project().halls[0].rows.size() == rows + 1);
    CHECK(window.document()->project().halls[0].rows.back().racks.empty());
    emit window.floorPlan()->deleteRowRequested(0, int(rows));
    CHECK(window.document()->project().halls[0].rows.size() == rows);
    CHECK(window.document()->undoStack()->count() == 3);

    // A row dragged outside the hall is refused with the loader's reason.
    emit plan.rowMoveRequested(0, 0, 500, 3);
    CHECK(window.propertyEditor()->refusalText().contains("outside the hall"));
    CHECK(window.document()->undoStack()->count() == 3);
}

TEST_CASE("the rack elevation shows servers, leaves, patch panels and power shelves",
          "[gui][elevation]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-100k-site.json")));
    const auto evaluation = window.evaluation();
    const PlacedRack *rack = nullptr;
    for (const PlacedRack &r : evaluation->result.layout.racks) {
        if (r.role == RackRole::Compute && r.servers == 4) {
            rack = &r;
            break;
        }
    }
    REQUIRE(rack);
    window.selectPart(rackSelection(rack->hall, rack->row, rack->slot));
    const RackElevation &e = window.rackElevation()->elevation();
    CHECK(e.rackId == rack->id);
    int servers = 0, shelves = 0, patch = 0, switches = 0, usedU = 0;
    int previousTop = 0;
    for (const ElevationItem &item : e.items) {
        CHECK(item.firstU > previousTop); // no overlap, bottom to top
        previousTop = item.firstU + item.heightU - 1;
        usedU += item.heightU;
        servers += item.kind == ElevationItem::Kind::Server;
        shelves += item.kind == ElevationItem::Kind::PowerShelf;
        patch += item.kind == ElevationItem::Kind::PatchPanel;
        switches += item.kind == ElevationItem::Kind::Switch;
    }
    CHECK(previousTop <= e.heightU);
    CHECK(servers == 4);
    CHECK(shelves == 2); // 48 V busbar project: two power shelves
    CHECK(patch == 1);
    CHECK(switches == 1); // the OOB plane's leaves are top of rack
    // HGX H100 servers are 8U in the catalog: 4 x 8U + 2 + 1 + 1.
    CHECK(usedU == 36);
}

TEST_CASE("charts show the power breakdown and export PNG and SVG", "[gui][charts]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.show();
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    const auto &charts = window.charts()->charts();
    REQUIRE(charts.size() == 8);
    CHECK(charts[0]->hasData()); // power
    CHECK(charts[1]->hasData()); // pools
    CHECK(charts[7]->hasData()); // load profile (the sample has a workload)
    QTemporaryDir dir;
    const QString png = dir.filePath("power.png");
    const QString svg = "/tmp/svgcheck.svg";
    CHECK(charts[0]->exportPng(png).isEmpty());
    CHECK(charts[0]->exportSvg(svg).isEmpty());
    const QImage image(png);
    CHECK(image.width() >= 800);
    CHECK(image.height() >= 500);
    QFile file(svg);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    CHECK(text.contains("<svg"));
    CHECK(text.contains("GPUs"));
    // Exports say what they are of (issue 23 item 19): the project and the date under the plot.
    const QString caption = charts[0]->caption();
    CHECK(caption.contains(QString::fromStdString(window.document()->project().name)));
    CHECK(caption.contains(QDate::currentDate().toString(Qt::ISODate)));
    CHECK(text.contains(caption.toHtmlEscaped().toUtf8()));
    // Each slice its own colour, not one blue in several shades.
    auto *pie = qobject_cast<QPieSeries *>(charts[0]->chart()->series().value(0));
    REQUIRE(pie);
    REQUIRE(pie->count() >= 3);
    QSet<QRgb> colours;
    for (QPieSlice *slice : pie->slices())
        colours.insert(slice->brush().color().rgb());
    CHECK(colours.size() == std::min<qsizetype>(pie->count(), 9));
    // A chart without data exports its explanation instead of an empty plot.
    ChartWidget empty("Empty", "nothing to show");
    CHECK_FALSE(empty.hasData());
    CHECK(empty.exportPng(dir.filePath("empty.png")).isEmpty());
}

TEST_CASE("tables filter, total and export the rows shown as CSV", "[gui][tables]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    TablePanel &racks = *window.rackTable();
    REQUIRE(racks.model()->rowCount() == int(window.evaluation()->result.layout.racks.size()));
    racks.setFilter("compute", 4); // the Role column
    CHECK(racks.proxy()->rowCount() == 32);
    // 32 compute racks of 4 DGX H100 (the last with 3) with 8 GPUs: 1,016 GPUs in the totals.
    CHECK(racks.totalsText().contains("GPUs: 1,016"));
    CHECK(racks.totalsText().contains("Servers: 127"));
    QTemporaryDir dir;
    const QString path = dir.filePath("racks.csv");
    REQUIRE(racks.exportCsv(path).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    Diagnostics diagnostics;
    const CsvTable table = parseCsv(file.readAll().toStdString(), "racks.csv", diagnostics);
    CHECK(diagnostics.empty());
    CHECK(table.rows.size() == 32);
    CHECK(table.header == racks.model()->table().header);

    // Sorting by a numeric column is numeric (GPUs 0 < 32, not "0" < "32" by chance).
    racks.setFilter("", -1);
    racks.view()->sortByColumn(8, Qt::DescendingOrder);
    CHECK(racks.proxy()->index(0, 8).data().toString() == "32");

    // The BOM is the CLI's table (network and facility lines with prices).
    CHECK(window.bomTable()->model()->rowCount() > 0);
    CHECK(window.bomTable()->model()->table().header.front() == "category");

    // The cable schedule is built when its tab is shown, off the GUI thread.
    CHECK(window.cableTable()->model()->rowCount() == 0);
    window.show();
    auto *cables = window.findChild<QDockWidget *>("CableDock");
    REQUIRE(cables);
    cables->raise();
    QElapsedTimer waited;
    waited.start();
    while (window.cableTable()->model()->rowCount() == 0 && waited.elapsed() < 30000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(5);
    }
    const CsvTable schedule = cableScheduleTable(window.evaluation()->result.fabric);
    CHECK(window.cableTable()->model()->rowCount() == int(schedule.rows.size()));
    CHECK(window.cableTable()->model()->table().header == schedule.header);
    // The schedule's rows (links) and the Results' Cables (physical cables) are different
    // counts (3,271 links, 3,715 cables on this sample): a note under the totals says which is
    // which, with the Results' figure (issue 23 item 6).
    const long long cablesFigure = std::llround(*window.evaluation()->result.summary.cables);
    CHECK(int(schedule.rows.size()) != cablesFigure);
    CHECK(window.cableTable()->noteText().startsWith("One row per link"));
    CHECK(window.cableTable()->noteText().contains(
        QString::fromStdString(formatCount(cablesFigure))));
    CHECK_FALSE(window.cableTable()->noteText().contains("no medium reaches"));

    // Copper only on the backend: the links longer than a DAC reaches stay rows without a
    // cable, and the note counts them.
    REQUIRE_FALSE(window.document()
                      ->edit(setField("/network/planes/0/media",
                                      nlohmann::json{{"allowed", {"dac"}}}, "copper only"))
                      .hasErrors());
    REQUIRE(window.evaluator()->waitForIdle(60000));
    QCoreApplication::processEvents();
    std::int64_t unrouted = 0;
    for (const PlaneResult &plane : window.evaluation()->result.fabric.planes)
        unrouted += plane.unroutedLinks * plane.parallelPlanes;
    REQUIRE(unrouted > 0);
    CHECK(window.cableTable()->noteText().contains(
        QString::fromStdString(formatCount(unrouted)) +
        " link(s) that no medium reaches (a violation) are rows here and no cable"));
}

TEST_CASE("activating a violation selects the part its pointer names", "[gui][violations]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    DiagnosticsModel &model = *window.diagnosticsModel();
    int planeRow = -1;
    for (int r = 0; r < model.rowCount(); ++r) {
        const Diagnostic *d = model.diagnosticAt(model.index(r, 0));
        if (d->jsonPath.rfind("/planes/0", 0) == 0 ||
            d->jsonPath.rfind("/network/planes/0", 0) == 0)
            planeRow = r;
    }
    if (planeRow < 0) {
        WARN("the sample has no plane violation any more; nothing to click");
        return;
    }
    emit window.diagnosticsView()->activated(model.index(planeRow, 2));
    CHECK(window.selection() == planeSelection(0));
    CHECK(window.propertyEditor()->sheet().title.startsWith("Plane"));
}

TEST_CASE("selectionForDiagnostic reads pointers and rack ids", "[gui][violations]")
{
    LayoutResult layout;
    layout.halls.resize(1);
    layout.halls[0].rows.resize(2);
    PlacedRack a;
    a.id = "H1-R1-1";
    a.row = 1;
    a.slot = 0;
    PlacedRack b = a;
    b.id = "H1-R1-12";
    b.slot = 1;
    layout.racks = {a, b};
    CHECK(selectionForDiagnostic("/halls/0/rows/3", "", nullptr) == rowSelection(0, 3));
    CHECK(selectionForDiagnostic("/compute/pools/1/gpu", "", nullptr) == poolSelection(1));
    CHECK(selectionForDiagnostic("/planes/2", "", nullptr) == planeSelection(2));
    CHECK(selectionForDiagnostic("/network/planes/0/tiers", "", nullptr) == planeSelection(0));
    // The longest whole id wins: "H1-R1-12" is not "H1-R1-1".
    CHECK(selectionForDiagnostic("", "rack H1-R1-12 exceeds its rating", &layout) ==
          rackSelection(0, 1, 1));
    CHECK(selectionForDiagnostic("/power", "rack H1-R1-1 draws 40 kW", &layout) ==
          rackSelection(0, 1, 0));
    CHECK(selectionForDiagnostic("/workload/gpus", "", &layout).kind == Selection::Kind::Workload);
    CHECK_FALSE(selectionForDiagnostic("", "no part", &layout).isValid());
    layout.halls[0].rows[1].id = "H1-N1";
    CHECK(selectionForDiagnostic("", "row H1-N1: copper tray 79% full", &layout) ==
          rowSelection(0, 1));
}

// Issue 19: the register shows with every evaluation; bands and drivers are computed off the GUI
// thread on request and go out of date with the next edit.
TEST_CASE("the uncertainty dock lists the assumptions and computes bands and drivers",
          "[gui][uncertainty]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/minimal.json")));
    UncertaintyPanel &panel = *window.uncertaintyPanel();
    CHECK(panel.assumptions()->model()->rowCount() > 10);
    CHECK(panel.bands()->model()->rowCount() == 0);

    REQUIRE(waitForSignal(&panel, &UncertaintyPanel::computed, [&] { panel.compute(); }));
    CHECK_FALSE(panel.isComputing());
    // One band per headline figure the minimal project has (it has a workload: all ten).
    CHECK(panel.bands()->model()->rowCount() == 10);
    CHECK(panel.drivers()->model()->rowCount() > 10);

    // An edit re-evaluates: the bands are out of date and cleared, the register follows.
    window.selectPart(poolSelection(0));
    typeInto(window, "/compute/pools/0/gpuCount", "2048");
    settle(window);
    CHECK(panel.bands()->model()->rowCount() == 0);
    CHECK(panel.assumptions()->model()->rowCount() > 10);

    // A run in flight when the window closes is cancelled, not waited for to its end.
    panel.compute();
    CHECK(panel.isComputing());
}

// Issue 19, item 4: the Compare dock says whether a difference is beyond the uncertainty.
TEST_CASE("compare with uncertainty tells a dearer tariff apart and calls equal figures equal",
          "[gui][uncertainty][compare]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    ComparePanel &compare = *window.comparePanel();
    // The baseline: the sample as it is.
    REQUIRE(compare.snapshot("before", window.document()->project()).isEmpty());
    REQUIRE(compare.waitForDesigns(60000));
    REQUIRE(compare.hasOtherDesign());
    // B: the open project, edited to a 50 % dearer tariff.
    window.selectPart(kindSelection(Selection::Kind::Site));
    typeInto(window, "/site/electricityUsdPerKWh", "0.12");
    settle(window);

    REQUIRE(waitForSignal(&compare, &ComparePanel::bandsComputed,
                          [&] { compare.compareWithUncertainty(); }));
    const CsvTable table = compare.bandsTable()->visibleTable();
    REQUIRE(table.rows.size() == 10);
    for (const auto &row : table.rows) {
        INFO(row.front());
        if (row.front() == "Capex")
            CHECK(row.back() == "equal");
        if (row.front() == "Opex per year")
            CHECK(row.back() == "B higher"); // the edit made the tariff dearer
    }
    // The figures' difference reads the same way: open project minus snapshot (issue 23 item 9).
    const CompareModel &model = *compare.model();
    const int opex = model.figureRow("annualOpexUsd");
    REQUIRE(opex >= 0);
    CHECK(model.index(opex, CompareModel::ItemColumn).data().toString() == "Opex per year");
    CHECK(model.headerData(model.valueColumn(0), Qt::Horizontal).toString().contains("snapshot"));
    CHECK(model.index(opex, model.differenceColumn(1)).data().toString().startsWith("+"));
}

TEST_CASE("compare holds N designs, shows differences only or one section, and exports them",
          "[gui][compare]")
{
    // Issue 23 item 24: a snapshot baseline, the open project and two files side by side.
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    ComparePanel &compare = *window.comparePanel();
    const QString minimal = sourcePath("projects/minimal.json");
    REQUIRE(compare.snapshot("before", window.document()->project()).isEmpty());
    REQUIRE(compare.openScenario(minimal).isEmpty());
    REQUIRE(compare.openScenario(sourcePath("projects/gb200-nvl72-hall.json")).isEmpty());
    CHECK_FALSE(compare.openScenario(sourcePath("projects/missing.json")).isEmpty());
    REQUIRE(compare.waitForDesigns(120000));
    const CompareModel &model = *compare.model();
    REQUIRE(model.designCount() == 4);
    CHECK(compare.designCount() == 4);
    // The snapshot is the baseline: the first value column, and each difference is against it.
    CHECK(model.headerData(model.valueColumn(0), Qt::Horizontal).toString() ==
          "before (snapshot) (baseline)");
    CHECK(model.headerData(model.differenceColumn(3), Qt::Horizontal).toString() ==
          "gb200-nvl72-hall − baseline");
    const int gpus = model.figureRow("gpus");
    REQUIRE(gpus >= 0);
    // 9,216 GB200 (128 NVL72 racks) against 1,016 H100.
    CHECK(model.index(gpus, model.valueColumn(3)).data().toString() == "9,216");
    CHECK(model.index(gpus, model.differenceColumn(3)).data().toString() == "+8,200");
    CHECK(model.index(gpus, model.differenceColumn(1)).data().toString() == "=");

    // Differences only: GPUs differ (9,216), halls do not (one each) and leave the table.
    compare.setDifferencesOnly(true);
    CHECK(model.figureRow("gpus") >= 0);
    CHECK(model.figureRow("halls") == -1);
    // One section: the bill of materials, with the NVL72 rack only in the GB200 design.
    compare.setSections(1u << unsigned(CompareSection::BillOfMaterials));
    REQUIRE(model.rowCount() > 0);
    for (int r = 0; r < model.rowCount(); ++r)
        CHECK(model.index(r, CompareModel::SectionColumn).data().toString() == "BOM");
    compare.setSections(~0u);
    compare.setDifferencesOnly(false);
    CHECK(model.figureRow("halls") >= 0);

    // Export: the rows shown, full precision, the same header as the CLI's.
    QTemporaryDir dir;
    const QString csvPath = dir.filePath("comparison.csv");
    REQUIRE(compare.exportTable(csvPath).isEmpty());
    QFile csv(csvPath);
    REQUIRE(csv.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(csv.readAll());
    CHECK(text.startsWith("section,item,description,unit,before (snapshot),"));
    CHECK(text.contains("\r\nfigures,gpus,"));
    CHECK(text.contains(",9216,"));
    const QString xlsxPath = dir.filePath("comparison.xlsx");
    REQUIRE(compare.exportTable(xlsxPath).isEmpty());
    QFile xlsx(xlsxPath);
    REQUIRE(xlsx.open(QIODevice::ReadOnly));
    CHECK(xlsx.read(2) == "PK"); // a zip: the workbook
    CHECK_FALSE(compare.exportTable(dir.filePath("no/such/folder/c.csv")).isEmpty());

    // Another baseline; the open project cannot be removed, a file can.
    REQUIRE(compare.makeBaselineAt(model.valueColumn(2))); // minimal
    CHECK(model.headerData(model.valueColumn(0), Qt::Horizontal).toString() ==
          "minimal (baseline)");
    int openColumn = -1;
    for (int d = 0; d < model.designCount(); ++d)
        if (model.headerData(model.valueColumn(d), Qt::Horizontal).toString() ==
            "h100-1k-infiniband.json")
            openColumn = model.valueColumn(d);
    REQUIRE(openColumn >= 0);
    CHECK_FALSE(compare.removeDesignAt(openColumn));
    REQUIRE(compare.removeDesignAt(model.valueColumn(0)));
    CHECK(compare.designCount() == 3);
    CHECK(model.headerData(model.valueColumn(0), Qt::Horizontal).toString() ==
          "h100-1k-infiniband.json (baseline)");

    // At most kMaxOtherDesigns besides the open project: the next is refused with a reason.
    while (compare.designCount() <= ComparePanel::kMaxOtherDesigns)
        REQUIRE(compare.openScenario(minimal).isEmpty());
    CHECK(compare.openScenario(minimal).contains("remove one first"));
    CHECK(compare.waitForDesigns(120000));
}

namespace {

// Waits until the panel's streamed filter has reported.
bool waitForFilter(const TablePanel &panel)
{
    QElapsedTimer waited;
    waited.start();
    while (panel.isFiltering() && waited.elapsed() < 60000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
    return !panel.isFiltering();
}

} // namespace

TEST_CASE("a streamed table filters and totals every row, not only the rows it lists",
          "[gui][tables]")
{
    // 250,000 rows: 200,000 'backend' then 50,000 'oob', 1.5 m each; the view keeps 100,000,
    // so every 'oob' row lies beyond the rows listed (issue 23 items 1 and 8).
    const std::vector<std::string> header{"linkId", "plane", "lengthM"};
    auto source = [](const TablePanel::RowVisitor &visit) {
        std::vector<std::string> row(3);
        for (int i = 0; i < 250000; ++i) {
            row[0] = "link-" + std::to_string(i);
            row[1] = i < 200000 ? "backend" : "oob";
            row[2] = "1.5";
            visit(row);
        }
    };
    TablePanel panel(QStringLiteral("empty"));
    panel.setTotalColumns({QStringLiteral("lengthM")});
    panel.setStreamedTable(header, source, 100000);
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == 100000);
    CHECK(panel.totalsText().contains("250,000 of 250,000 rows match; the first 100,000"));
    CHECK(panel.totalsText().contains("lengthM: 375,000"));

    panel.setFilter(QStringLiteral("OOB")); // case-insensitive, as the view's own filter
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == 50000);
    CHECK(panel.model()->table().rows.front()[0] == "link-200000");
    CHECK(panel.totalsText().contains("50,000 of 250,000 rows"));
    CHECK(panel.totalsText().contains("lengthM: 75,000"));

    QTemporaryDir dir;
    const QString oob = dir.filePath("oob.csv");
    REQUIRE(panel.exportCsv(oob).isEmpty());
    QFile oobFile(oob);
    REQUIRE(oobFile.open(QIODevice::ReadOnly));
    CHECK(oobFile.readAll().count('\n') == 50001); // header + the 50,000 matching rows

    // More matches than the view lists: the totals and the export still cover all of them.
    panel.setFilter(QStringLiteral("backend"), 1);
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == 100000);
    CHECK(panel.totalsText().contains("200,000 of 250,000 rows match"));
    CHECK(panel.totalsText().contains("lengthM: 300,000"));
    const QString backend = dir.filePath("backend.csv");
    REQUIRE(panel.exportCsv(backend).isEmpty());
    QFile backendFile(backend);
    REQUIRE(backendFile.open(QIODevice::ReadOnly));
    CHECK(backendFile.readAll().count('\n') == 200001);

    // A newer filter wins over one still running; a plain table ends the stream.
    panel.setFilter(QStringLiteral("link-1"));
    panel.setFilter(QStringLiteral("link-24999"));
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == 11); // link-24999 and link-249990..249999
    panel.setTable({});
    CHECK_FALSE(panel.isFiltering());
}

TEST_CASE("the selected rack stays selected across its move and the undo, by id",
          "[gui][selection]")
{
    // Issue 23 item 10: undo kept the selection's indices, so another rack became selected.
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const LayoutResult &layout = window.evaluation()->result.layout;
    int row = -1;
    for (std::size_t r = 0; r < layout.halls[0].rows.size() && row < 0; ++r) {
        const LayoutRow &candidate = layout.halls[0].rows[r];
        if (candidate.racks.size() >= 4 &&
            layout.racks[std::size_t(candidate.racks[0])].role == RackRole::Compute)
            row = int(r);
    }
    REQUIRE(row >= 0);
    const std::string id =
        layout.racks[std::size_t(layout.halls[0].rows[std::size_t(row)].racks[0])].id;
    window.selectPart(rackSelection(0, row, 0));
    REQUIRE(window.selectedRackId() == id);
    auto rackAtSelection = [&] {
        const Selection s = window.selection();
        const LayoutResult &now = window.evaluation()->result.layout;
        const int index = layoutRackIndex(now, s.hall, s.row, s.slot);
        return index < 0 ? std::string() : now.racks[std::size_t(index)].id;
    };

    emit window.floorPlan()->view()->rackMoveRequested(0, row, 0, row, 3);
    settle(window);
    CHECK(window.selection().slot == 3); // the rack moved along its row, the selection with it
    CHECK(rackAtSelection() == id);

    window.document()->undoStack()->undo();
    settle(window);
    CHECK(window.selection().slot == 0);
    CHECK(rackAtSelection() == id);
}

TEST_CASE("a streamed table whose source fails says so, and export reads the filter in the box",
          "[gui][tables]")
{
    TablePanel panel(QStringLiteral("empty"));
    panel.setStreamedTable(
        {"a"},
        [](const TablePanel::RowVisitor &visit) {
            visit({"first"});
            throw std::runtime_error("the evaluation is gone");
        },
        10);
    REQUIRE(waitForFilter(panel)); // not "Filtering…" for ever
    CHECK(panel.totalsText().contains("could not be read: the evaluation is gone"));
    QTemporaryDir dir;
    CHECK(panel.exportCsv(dir.filePath("x.csv")).contains("the evaluation is gone"));

    // Export while a newer filter still runs writes what the box says, not the last result.
    auto rows = [](const TablePanel::RowVisitor &visit) {
        for (const char *name : {"alpha", "beta", "gamma"})
            visit({name});
    };
    panel.setStreamedTable({"name"}, rows, 10);
    panel.setFilter(QStringLiteral("beta"));
    REQUIRE(waitForFilter(panel));
    panel.setFilter(QString()); // still running, or not: the export must not care
    const QString path = dir.filePath("all.csv");
    REQUIRE(panel.exportCsv(path).isEmpty());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    CHECK(file.readAll() == "name\r\nalpha\r\nbeta\r\ngamma\r\n"); // RFC 4180 line ends
    REQUIRE(waitForFilter(panel));
}

TEST_CASE("a rack's tooltip on the floor plan gives its power, heat, mass and floor load",
          "[gui][plan]")
{
    // Issue 23 item 20: per-rack kW and weight against the floor rating on the plan.
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    const Result &result = window.evaluation()->result;
    REQUIRE(result.power.racks.size() == result.layout.racks.size());
    const RackPower &rack = result.power.racks.front();
    // Rack 0 of the layout is the first power rack (the power list is in layout order).
    FloorPlanView &plan = *window.floorPlan()->view();
    const QString tip = plan.rackToolTip(0);
    REQUIRE(tip.startsWith(QStringLiteral("Rack %1\n").arg(q(rack.id))));
    // The pointer resting on the rack asks for it (it is not stored on the item).
    window.show();
    plan.zoomToFit();
    QGraphicsItem *rackItem = nullptr;
    // The plan's item data: key 0 the kind (1 = rack), key 1 the layout rack index.
    for (QGraphicsItem *item : plan.scene()->items())
        if (item->data(0).toInt() == 1 && item->data(1).toInt() == 0)
            rackItem = item;
    REQUIRE(rackItem);
    const QPoint at = plan.mapFromScene(rackItem->sceneBoundingRect().center());
    QHelpEvent help(QEvent::ToolTip, at, plan.viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(plan.viewport(), &help);
    CHECK(QToolTip::text() == tip);
    QToolTip::hideText();
    CHECK(tip.contains(QStringLiteral("at (%1, %2) m")
                           .arg(result.layout.racks.front().xM, 0, 'f', 2)
                           .arg(result.layout.racks.front().yM, 0, 'f', 2)));
    CHECK(tip.contains(QStringLiteral("IT %1 kW at peak").arg(rack.peakW() / 1e3, 0, 'f', 1)));
    CHECK(tip.contains(QStringLiteral("%1 kg").arg(rack.massKg, 0, 'f', 0)));
    CHECK(tip.contains("(floor rated 12.00 kPa)")); // the sample's hall states 12 kPa
    CHECK(tip.contains(
        QStringLiteral("heat %1 to liquid").arg(q(formatHeat(rack.liquidHeatW, DisplayUnits())))));
}

TEST_CASE("find goes to a rack by name and to the cable schedule filtered", "[gui][find]")
{
    // Issue 23 item 22 (find).
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    window.show(); // the cable schedule is read only while its tab is shown
    window.showFind();
    FindDialog &find = *window.findDialog();

    // 32 compute racks (127 DGX H100 at 4 per rack): "compute" finds each once.
    find.setText("compute");
    int racks = 0;
    for (const FindHit &hit : find.hits())
        racks += hit.kind == "Rack";
    CHECK(racks == 32);

    find.setText("h1-r02-01"); // case does not matter
    REQUIRE_FALSE(find.hits().empty());
    const FindHit &first = find.hits().front();
    CHECK(first.kind == "Rack");
    CHECK(first.name == "H1-R02-01");
    find.choose(0);
    CHECK(window.propertyEditor()->sheet().title.contains("H1-R02-01"));

    // A switch or link name: the cable schedule, filtered off the GUI thread.
    find.setText("oob");
    const auto cables = std::find_if(find.hits().begin(), find.hits().end(), [](const FindHit &h) {
        return h.target == FindHit::Target::CableSchedule;
    });
    REQUIRE(cables != find.hits().end());
    find.choose(int(cables - find.hits().begin()));
    TablePanel &schedule = *window.cableTable();
    QElapsedTimer waited;
    waited.start();
    while ((schedule.isFiltering() || !schedule.totalsText().contains("rows")) &&
           waited.elapsed() < 60000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    CHECK(schedule.visibleTable().rows.size() > 0);
    for (const auto &row : schedule.visibleTable().rows)
        CHECK(std::any_of(row.begin(), row.end(), [](const std::string &cell) {
            return QString::fromStdString(cell).contains("oob", Qt::CaseInsensitive);
        }));

    // A part: the BOM hit counts the lines the BOM dock's filter then shows.
    find.setText("QM9700");
    const auto bom = std::find_if(find.hits().begin(), find.hits().end(), [](const FindHit &h) {
        return h.target == FindHit::Target::Bom;
    });
    REQUIRE(bom != find.hits().end());
    const QString counted = bom->name;
    find.choose(int(bom - find.hits().begin()));
    QCoreApplication::processEvents();
    const int shown = int(window.bomTable()->visibleTable().rows.size());
    REQUIRE(shown > 0);
    CHECK(counted.startsWith(QString::number(shown) + " line"));

    find.setText("");
    CHECK(find.hits().empty());
}

TEST_CASE("the site view draws every hall and the distances between them", "[gui][site]")
{
    // Issue 23 item 20 (site view). The 100k sample's four 26 m wide halls stand side by side
    // with the layout's 20 m corridor between them: origins 46 m apart, A to D 3 x 46 = 138 m.
    TestWindow t = openWindow("projects/h100-100k-site.json");
    MainWindow &window = *t.window;
    window.show();
    SitePanel &site = *window.sitePanel();
    CHECK(site.view()->hallItemCount() == 4);
    const QString text = site.distancesText();
    INFO(text.toStdString());
    CHECK(text.contains(QStringLiteral("A–B 46")));
    CHECK(text.contains(QStringLiteral("A–D 138")));
    // What the fabric's lengths add to these distances.
    CHECK(text.contains(QStringLiteral("plus 20 m to leave one hall and enter the other")));

    // A click on hall C selects it.
    std::vector<int> chosen;
    QObject::connect(site.view(), &SiteView::hallChosen, [&](int hall) { chosen.push_back(hall); });
    const LayoutHall &c = window.evaluation()->result.layout.halls.at(2);
    const QPoint at =
        site.view()->mapFromScene(QPointF((c.originXM + c.widthM / 2) * 10, (c.originYM + 5) * 10));
    QMouseEvent press(QEvent::MouseButtonPress, at, site.view()->viewport()->mapToGlobal(at),
                      Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(site.view()->viewport(), &press);
    REQUIRE(chosen.size() == 1);
    CHECK(chosen.front() == 2);
    CHECK(window.propertyEditor()->sheet().title.startsWith("Hall C"));
}

TEST_CASE("a table of more than a thousand rows filters off the GUI thread and totals every match",
          "[gui][tables]")
{
    // 25,000 rows (more than kFilterOffThreadRows): every fifth is 'compute' with 8 GPUs, so the
    // filter matches 5,000 rows and 40,000 GPUs; the view lists at most kMaxListedRows.
    TablePanel panel(QStringLiteral("empty"));
    panel.setTotalColumns({QStringLiteral("GPUs")});
    CsvTable table;
    table.header = {"Rack", "Role", "GPUs"};
    for (int i = 0; i < 25000; ++i)
        table.rows.push_back(
            {"R" + std::to_string(i), i % 5 == 0 ? "compute" : "network", i % 5 == 0 ? "8" : "0"});
    panel.setTable(table);
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == int(TablePanel::kMaxListedRows));
    panel.setFilter(QStringLiteral("compute"), 1);
    CHECK(panel.isFiltering()); // the work left the GUI thread
    REQUIRE(waitForFilter(panel));
    CHECK(panel.model()->rowCount() == 5000);
    CHECK(panel.totalsText().contains("5,000 of 25,000"));
    CHECK(panel.totalsText().contains("GPUs: 40,000"));
    QTemporaryDir dir;
    REQUIRE(panel.exportCsv(dir.filePath("racks.csv")).isEmpty());
    QFile file(dir.filePath("racks.csv"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    Diagnostics diagnostics;
    const CsvTable exported = parseCsv(file.readAll().toStdString(), "racks.csv", diagnostics);
    CHECK(exported.rows.size() == 5000);
}

TEST_CASE("sorting a streamed table lists the first rows in that order over every row",
          "[gui][tables]")
{
    // 60,000 links whose length grows with the link number, so the longest lie beyond the
    // 20,000 rows listed: sorted by length, the view must list links 59,999 down to 40,000
    // (issue 23: a sorted view of the first rows would show the longest of those only).
    // stockM is empty on every third row (a link no medium reaches); label is a number but
    // for the last 1,000 rows, so it sorts as text.
    const std::vector<std::string> header{"linkId", "plane", "lengthM", "stockM", "label"};
    auto source = [](const TablePanel::RowVisitor &visit) {
        std::vector<std::string> row(5);
        for (int i = 0; i < 60000; ++i) {
            row[0] = "link-" + std::to_string(i);
            row[1] = i % 2 == 0 ? "backend" : "oob";
            row[2] = std::to_string(double(i) / 10.0);
            row[3] = i % 3 == 0 ? "" : row[2];
            row[4] = i < 59000 ? std::to_string(i) : "x-" + std::to_string(i);
            visit(row);
        }
    };
    TablePanel panel(QStringLiteral("empty"));
    panel.setTotalColumns({QStringLiteral("lengthM")});
    panel.setStreamedTable(header, source, 20000);
    REQUIRE(waitForFilter(panel));
    REQUIRE(panel.model()->rowCount() == 20000);
    CHECK(panel.model()->table().rows.back()[0] == "link-19999"); // the source's first rows

    panel.view()->sortByColumn(2, Qt::DescendingOrder);
    REQUIRE(waitForFilter(panel));
    REQUIRE(panel.model()->rowCount() == 20000);
    const CsvTable shown = panel.visibleTable(); // in the view's order
    CHECK(shown.rows.front()[0] == "link-59999");
    CHECK(shown.rows.back()[0] == "link-40000");
    CHECK(panel.totalsText().contains("the 20,000 with the highest lengthM of them all"));

    // The filter keeps the order: the longest OOB links (odd numbers) of all 30,000.
    panel.setFilter(QStringLiteral("oob"), 1);
    REQUIRE(waitForFilter(panel));
    CHECK(panel.visibleTable().rows.front()[0] == "link-59999");
    CHECK(panel.visibleTable().rows.back()[0] == "link-20001");

    // Ascending: the shortest of them all; the export writes every match in that order.
    panel.view()->sortByColumn(2, Qt::AscendingOrder);
    REQUIRE(waitForFilter(panel));
    CHECK(panel.visibleTable().rows.front()[0] == "link-1");
    QTemporaryDir dir;
    REQUIRE(panel.exportCsv(dir.filePath("oob.csv")).isEmpty());
    QFile file(dir.filePath("oob.csv"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    Diagnostics diagnostics;
    const CsvTable exported = parseCsv(file.readAll().toStdString(), "oob.csv", diagnostics);
    REQUIRE(exported.rows.size() == 30000);
    CHECK(exported.rows.front()[0] == "link-1");
    CHECK(exported.rows.back()[0] == "link-59999");

    // Empty cells count as 0, as the view sorts them: the longest stock lengths come first,
    // not the 10,000 OOB links without one.
    panel.view()->sortByColumn(3, Qt::DescendingOrder);
    REQUIRE(waitForFilter(panel));
    const CsvTable byStock = panel.visibleTable();
    CHECK(byStock.rows.front()[0] == "link-59999");
    CHECK(std::none_of(byStock.rows.begin(), byStock.rows.end(),
                       [](const auto &row) { return row[3].empty(); }));

    // A column with text sorts as text over every row ("x-…" after the digits): descending,
    // the 500 OOB rows of "x-…" lead, and the view sorts the listed rows the same way.
    panel.view()->sortByColumn(4, Qt::DescendingOrder);
    REQUIRE(waitForFilter(panel));
    const CsvTable byLabel = panel.visibleTable();
    CHECK(byLabel.rows.front()[4] == "x-59999");
    CHECK(byLabel.rows[499][4] == "x-59001");
    CHECK(byLabel.rows[500][4] == "9999"); // text order: "9999" > "59997"
    CHECK_FALSE(panel.model()->isNumericColumn(4));
}

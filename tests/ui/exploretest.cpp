// SPDX-License-Identifier: Apache-2.0
// The Explore dock (issue 24, item 4): a design search on the open project, its front plotted
// and tabled, a clicked design opened beside the open one in Compare, the open project untouched,
// and bad arguments refused with the option named.

#include "uitestutil.h"

#include "ui/comparepanel.h"
#include "ui/explorepanel.h"
#include "ui/projectdocument.h"
#include "ui/tablepanel.h"

#include <QChart>
#include <QChartView>
#include <QScatterSeries>
#include <QUndoStack>

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

TEST_CASE("the explore dock searches the open project and opens a front design in compare",
          "[gui][explore]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    REQUIRE(openAndEvaluate(window, sourcePath("projects/minimal.json")));
    ExplorePanel &panel = *window.explorePanel();
    const int undoBefore = window.document()->undoStack()->count();

    // Bad arguments: a message naming the option, no search, no crash.
    panel.setArguments({QStringLiteral("/compute/pools/0/colour=1,2")},
                       QStringLiteral("capex,time-to-train"), QString());
    CHECK(panel.search().contains(QStringLiteral("is not a project field")));
    panel.setArguments({QStringLiteral("/power/distribution=48V,800VDC")},
                       QStringLiteral("capex,capex"), QString());
    CHECK(panel.search().contains(QStringLiteral("given twice")));
    CHECK_FALSE(panel.isSearching());

    // The same search as tests/cli's: 3 x 2 candidates of the minimal sample.
    panel.setArguments({QStringLiteral("/compute/pools/0/gpuCount=504,1016,2040"),
                        QStringLiteral("/power/distribution=48V,800VDC")},
                       QStringLiteral("capex,time-to-train"), QString());
    REQUIRE(
        waitForSignal(&panel, &ExplorePanel::searched, [&] { CHECK(panel.search().isEmpty()); }));
    REQUIRE(panel.result());
    const std::size_t members = panel.result()->front.size();
    REQUIRE(members == 3); // one per GPU count, each on 800 V DC
    CHECK(panel.table()->model()->rowCount() == int(members));
    const auto series = panel.chartView()->chart()->series();
    REQUIRE_FALSE(series.isEmpty());
    CHECK(qobject_cast<QScatterSeries *>(series.front())->count() == int(members));
    CHECK(panel.statusText().contains(QStringLiteral("3 on the front")));
    // The search changed nothing in the open project.
    CHECK(window.document()->undoStack()->count() == undoBefore);
    CHECK_FALSE(window.document()->isModified());

    // A clicked design becomes scenario B of the Compare dock.
    ComparePanel &compare = *window.comparePanel();
    panel.openMember(members - 1);
    REQUIRE(compare.waitForDesigns(60000));
    settle(window);
    CHECK(compare.hasOtherDesign());

    // Nothing feasible: the message names the constraint.
    panel.setArguments({QStringLiteral("/power/distribution=48V,800VDC")}, QStringLiteral("capex"),
                       QStringLiteral("capex<=1000"));
    REQUIRE(waitForSignal(&panel, &ExplorePanel::searched, [&] { panel.search(); }));
    CHECK(panel.statusText().contains(QStringLiteral("capex<=1000 is missed by")));
    CHECK(panel.table()->model()->rowCount() == 0);
}

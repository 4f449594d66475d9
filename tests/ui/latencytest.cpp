// Refresh latency of the live results: from an edit (ProjectDocument::edit, as the property
// editor sends it) to the new result on the GUI thread, for the 1k and 100k samples and a 10k
// variant of the 100k campus. Hidden ([.]) so that `ctest` stays fast; run it in a Release
// build with `test_ui "[latency]"`. Issue 8 targets: 10k within 100 ms, 100k within 300 ms.

#include "uitestutil.h"

#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

void measure(MainWindow &window, const char *label)
{
    std::vector<double> latencies, evaluations, editMs, shownMs;
    for (int i = 0; i < 9; ++i) {
        QElapsedTimer timer;
        timer.start();
        const Diagnostics refused = window.document()->edit(
            setField("/power/averageLoadFactor", 0.70 + 0.01 * (i % 5), "load factor"));
        REQUIRE_FALSE(refused.hasErrors());
        editMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        const auto evaluation = settle(window);
        shownMs.push_back(double(timer.nsecsElapsed()) / 1e6); // views updated too
        REQUIRE(evaluation);
        REQUIRE_FALSE(evaluation->failed);
        latencies.push_back(evaluation->latencyMs + editMs.back());
        evaluations.push_back(evaluation->evaluateMs);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("%-26s edit %6.1f ms  evaluate %6.1f ms  edit-to-results %6.1f ms  "
                "edit-to-views-updated %6.1f ms (medians of %zu)\n",
                label, median(editMs), median(evaluations), median(latencies), median(shownMs),
                latencies.size());
}

} // namespace

TEST_CASE("refresh latency of the live results", "[.][latency]")
{
    TestWindow t = makeWindow();
    MainWindow &window = *t.window;
    window.evaluator()->setCoalesceMs(MainWindow::Options().coalesceMs); // as the app runs
    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-1k-infiniband.json")));
    measure(window, "1k H100 (1,024 GPUs)");

    REQUIRE(openAndEvaluate(window, sourcePath("projects/h100-100k-site.json")));
    measure(window, "100k H100 (100,000 GPUs)");

    REQUIRE(window.document()->edit(setField("/compute/pools/0/gpuCount", 10000, "10k")).empty());
    settle(window);
    measure(window, "10k H100 (10,000 GPUs)");
}

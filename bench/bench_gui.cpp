// SPDX-License-Identifier: Apache-2.0
// GUI speed and memory (issue 8): a shown main window with the 100k-GPU sample (goal <= 1 s) and
// the refresh latency of the live results after an edit, for the 1k and 100k samples and a 10k
// variant of the 100k campus (goals: 10k within 100 ms, 100k within 300 ms).
//
// In-process figures: the window is built, the project opened and the window shown inside this
// program (the Qt platform plugin and fonts are loaded before the clock starts). The whole-process
// cold start is `aidc-planner --startup-time FILE`, which scripts/bench.sh also runs.
// Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise.

#include "benchutil.h"

#include "ui/mainwindow.h"
#include "ui/projectdocument.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStandardPaths>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace aidc;
using namespace aidc::ui;

namespace {

// Answers every question without a dialog; a load error ends the benchmark.
class QuietPrompts : public UserPrompts
{
public:
    SaveChoice askSaveChanges(QWidget *, const QString &) override { return SaveChoice::Discard; }
    bool askRecover(QWidget *, const QString &, const QDateTime &) override { return false; }
    void showError(QWidget *, const QString &title, const QString &text,
                   const QString &details) override
    {
        std::fprintf(stderr, "%s: %s\n%s\n", qPrintable(title), qPrintable(text),
                     qPrintable(details));
        std::exit(1);
    }
};

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

std::shared_ptr<const Evaluation> settle(MainWindow &window)
{
    window.evaluator()->waitForIdle(60000);
    QCoreApplication::processEvents();
    return window.evaluation();
}

// Nine edits of one field, each waited for: medians of the edit itself, the evaluation on the
// worker, edit to result on the GUI thread, and edit to every view updated.
void measureLatency(MainWindow &window, const char *label)
{
    std::vector<double> editMs, evaluateMs, resultMs, viewsMs;
    for (int i = 0; i < 9; ++i) {
        QElapsedTimer timer;
        timer.start();
        const Diagnostics refused = window.document()->edit(
            setField("/power/averageLoadFactor", 0.70 + 0.01 * (i % 5), "load factor"));
        if (refused.hasErrors()) {
            std::fprintf(stderr, "edit refused\n");
            std::exit(1);
        }
        editMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        const auto evaluation = settle(window);
        viewsMs.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!evaluation || evaluation->failed) {
            std::fprintf(stderr, "evaluation failed\n");
            std::exit(1);
        }
        resultMs.push_back(evaluation->latencyMs + editMs.back());
        evaluateMs.push_back(evaluation->evaluateMs);
    }
    std::printf("%-26s edit %5.1f ms  evaluate %6.1f ms  edit-to-results %6.1f ms  "
                "edit-to-views-updated %6.1f ms  (medians of %zu)\n",
                label, median(editMs), median(evaluateMs), median(resultMs), median(viewsMs),
                resultMs.size());
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // never the user's settings or recovery files
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("bench_gui"));

    MainWindow::Options options;
    options.restoreSettings = false;
    options.autosaveIntervalMs = 24 * 3600 * 1000;
    const QString samples = QStringLiteral(AIDC_SOURCE_DIR "/projects/");

    QElapsedTimer startup;
    startup.start();
    MainWindow window(options);
    window.setPrompts(std::make_unique<QuietPrompts>());
    if (!window.openFile(samples + "h100-100k-site.json"))
        return 1;
    window.show();
    QCoreApplication::processEvents();
    const double shownMs = double(startup.nsecsElapsed()) / 1e6;
    settle(window);
    const double resultsMs = double(startup.nsecsElapsed()) / 1e6;
    std::printf("100k sample: window shown %.0f ms, first results %.0f ms (in process)\n", shownMs,
                resultsMs);

    if (!window.openFile(samples + "h100-1k-infiniband.json"))
        return 1;
    settle(window);
    measureLatency(window, "1k H100 (1,024 GPUs)");
    if (!window.openFile(samples + "h100-100k-site.json"))
        return 1;
    settle(window);
    measureLatency(window, "100k H100 (100,000 GPUs)");
    if (window.document()->edit(setField("/compute/pools/0/gpuCount", 10000, "10k")).hasErrors())
        return 1;
    settle(window);
    measureLatency(window, "10k H100 (10,000 GPUs)");
    std::printf("peak RSS %.0f MiB\n", bench::peakRssMiB());
    return 0;
}

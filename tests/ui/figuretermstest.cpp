// SPDX-License-Identifier: Apache-2.0
// Results figures opened up to their terms (issue 23 item 23): the report section of the
// figure's solver, the line that states the figure marked, kept current across edits.

#include "uitestutil.h"

#include "solvers/pipeline/report.h"
#include "ui/figureterms.h"
#include "ui/projectdocument.h"

#include <catch2/catch.hpp>

#include <QPlainTextEdit>
#include <QTextBlock>

#include <sstream>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

namespace {

QString anchorLineOf(const FigureTerms &terms)
{
    return terms.anchorLine < 0 ? QString() : terms.text.split(QLatin1Char('\n'))[terms.anchorLine];
}

} // namespace

TEST_CASE("every headline figure opens up to the report line that states it",
          "[gui][results][terms]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    const auto evaluation = t.window->evaluation();
    REQUIRE(evaluation);
    REQUIRE_FALSE(evaluation->failed);
    std::ostringstream full;
    writeTextReport(full, evaluation->result);
    const QString report = QString::fromStdString(full.str());

    const std::vector<HeadlineFigure> &figures = t.window->summaryModel()->figures();
    REQUIRE(figures.size() >= 30);
    for (const HeadlineFigure &figure : figures) {
        INFO(figure.key.toStdString());
        REQUIRE(figure.value); // the sample computes every figure
        const FigureTerms terms = figureTerms(figure, evaluation->result, 0);
        CHECK(terms.incomplete.isEmpty());
        CHECK(terms.definition == figure.tooltip);
        // The terms are a section of the CLI's own report, not a second rendering.
        CHECK(report.contains(terms.text));
        CHECK(terms.anchorLine >= 0);
    }

    // The line is the one that states the figure, in the section of the solver that computes
    // it (docs/gui.md lists them).
    auto lineOf = [&](const char *key) {
        const int row = t.window->summaryModel()->rowOf(QString::fromLatin1(key));
        REQUIRE(row >= 0);
        return anchorLineOf(figureTerms(figures[std::size_t(row)], evaluation->result, 0))
            .trimmed();
    };
    CHECK(lineOf("pue").startsWith("PUE annual / peak"));
    CHECK(lineOf("stepTimeS").startsWith("step ")); // "step 14.361 s = compute ... + bubble"
    CHECK(lineOf("stepTimeS").contains("bubble"));
    CHECK(lineOf("mfu").startsWith("MFU "));
    CHECK(lineOf("tcoUsd").startsWith("TCO over"));
    CHECK(lineOf("goodput").startsWith("Goodput (ETTR)"));
    CHECK(lineOf("checkpointIntervalMin").startsWith("Interval"));
    CHECK(lineOf("switches").startsWith("Fabric:"));
    CHECK(lineOf("gpus").startsWith("GPUs"));
    CHECK(lineOf("failuresPerDay").startsWith("cluster failures/day"));
    CHECK(lineOf("storageRacks").startsWith("Storage racks"));
    CHECK(lineOf("effectiveMfu").startsWith("Effective MFU"));

    // The marked line states the figure's own value, where both use the same formatter.
    auto valueOf = [&](const char *key) {
        const int row = t.window->summaryModel()->rowOf(QString::fromLatin1(key));
        return formatFigure(figures[std::size_t(row)].value, figures[std::size_t(row)].format);
    };
    for (const char *key : {"gpus", "pue", "capexUsd", "tcoUsd", "storageRacks"}) {
        INFO(key);
        CHECK(lineOf(key).contains(valueOf(key)));
    }
    // Failures per day is the cluster's count (0.54 on this sample), not the job's (0.44).
    CHECK(lineOf("failuresPerDay")
              .contains(QString::number(
                  *figures[std::size_t(t.window->summaryModel()->rowOf("failuresPerDay"))].value,
                  'f', 2)));
}

TEST_CASE("the terms window marks the figure's line and follows the design", "[gui][terms]")
{
    TestWindow t = openWindow("projects/h100-1k-infiniband.json");
    MainWindow &window = *t.window;
    CHECK_FALSE(window.showFigureTerms("noSuchFigure"));
    REQUIRE(window.showFigureTerms("annualEnergyCostUsd"));
    FigureTermsDialog *dialog = window.figureTermsDialog();
    REQUIRE(dialog);
    CHECK(dialog->isVisible());
    CHECK(dialog->terms().title.startsWith("Energy cost per year: $"));
    CHECK(dialog->terms().origin.contains("power section"));
    REQUIRE(dialog->terms().anchorLine >= 0);
    CHECK(dialog->textView()->textCursor().blockNumber() == dialog->terms().anchorLine);
    CHECK(dialog->textView()->extraSelections().size() == 1);
    const QString before = anchorLineOf(dialog->terms());
    CHECK(before.contains("electricity cost / year"));

    // Double the tariff: the open window shows the new evaluation's line, not the old one.
    const double tariff = window.document()->project().site.electricityUsdPerKWh;
    typeInto(window, "/site/electricityUsdPerKWh", QString::number(tariff * 2));
    settle(window);
    CHECK(dialog->isVisible());
    CHECK(dialog->terms().title.startsWith("Energy cost per year: $"));
    CHECK(anchorLineOf(dialog->terms()) != before);

    // Undo the change by typing the old tariff back: the old line again.
    typeInto(window, "/site/electricityUsdPerKWh", QString::number(tariff));
    settle(window);
    CHECK(anchorLineOf(dialog->terms()) == before);
}

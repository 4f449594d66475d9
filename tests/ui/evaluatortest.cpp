// SPDX-License-Identifier: Apache-2.0
// The worker-thread evaluation: a burst of edits evaluates once, with the last project, and a
// stale run never reaches the views.

#include "uitestutil.h"

#include "catalogs/catalogloader.h"
#include "model/projectjson.h"
#include "solvers/pipeline/loading.h"
#include "ui/evaluator.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QThread>

using namespace aidc;
using namespace aidc::ui;
using namespace aidc::ui::test;

TEST_CASE("a burst of requests delivers one result, for the last project", "[gui][evaluator]")
{
    auto catalog =
        std::make_shared<const Catalog>(loadBaseCatalog(sourcePath("catalogs/data").toStdString()));
    Project project = loadProjectFile(sourcePath("projects/h100-1k-infiniband.json").toStdString());
    Evaluator evaluator;
    evaluator.setCatalog(catalog);
    evaluator.setCoalesceMs(50);
    std::vector<std::shared_ptr<const Evaluation>> delivered;
    QObject::connect(&evaluator, &Evaluator::finished,
                     [&](std::shared_ptr<const Evaluation> e) { delivered.push_back(e); });
    for (int gpus : {1024, 2048, 3072, 4096}) {
        project.pools[0].gpuCount = gpus;
        evaluator.request(project);
    }
    REQUIRE(evaluator.waitForIdle(60000));
    REQUIRE(delivered.size() == 1);
    CHECK(delivered[0]->project.pools[0].gpuCount == 4096);
    CHECK(delivered[0]->result.summary.gpus == 4096);
    CHECK_FALSE(delivered[0]->result.cancelled);
    CHECK(delivered[0]->latencyMs >= delivered[0]->evaluateMs);
    // The GUI thread never waited for the pipeline: delivery came through the event loop.
    CHECK(evaluator.latest() == delivered[0]);
}

TEST_CASE("a project the catalog rejects is reported, not evaluated", "[gui][evaluator]")
{
    auto catalog =
        std::make_shared<const Catalog>(loadBaseCatalog(sourcePath("catalogs/data").toStdString()));
    Project project = loadProjectFile(sourcePath("projects/minimal.json").toStdString());
    project.pools[0].gpu = "H900";
    Evaluator evaluator;
    evaluator.setCatalog(catalog);
    std::shared_ptr<const Evaluation> result;
    QObject::connect(&evaluator, &Evaluator::finished,
                     [&](std::shared_ptr<const Evaluation> e) { result = e; });
    evaluator.evaluateNow(project);
    REQUIRE(evaluator.waitForIdle(60000));
    REQUIRE(result);
    CHECK(result->failed);
    CHECK_THAT(result->loadDiagnostics.toString(), Catch::Contains("/compute/pools/0/gpu"));
}

TEST_CASE("an edit re-solves only the stages it reaches under the same catalog and file",
          "[gui][evaluator]")
{
    auto catalog =
        std::make_shared<const Catalog>(loadBaseCatalog(sourcePath("catalogs/data").toStdString()));
    Project project = loadProjectFile(sourcePath("projects/h100-1k-infiniband.json").toStdString());
    Evaluator evaluator;
    evaluator.setCatalog(catalog);
    auto run = [&](const Project &p) {
        evaluator.evaluateNow(p);
        REQUIRE(evaluator.waitForIdle(60000));
        REQUIRE(evaluator.latest());
        REQUIRE_FALSE(evaluator.latest()->failed);
        return evaluator.latest();
    };
    CHECK(run(project)->result.reusedStages == 0); // nothing to reuse yet

    // A demand charge reaches power and cost: the layout and fabric are kept, opex is new.
    const auto before = evaluator.latest();
    project.site.demandChargeUsdPerKWMonth = 15;
    const auto charged = run(project);
    CHECK(charged->result.reusedStages == (stage::Layout | stage::Fabric));
    CHECK(charged->result.summary.annualOpexUsd > before->result.summary.annualOpexUsd);
    // A tariff reaches the fabric as well (media ranked by life-cycle cost): only the layout.
    project.site.electricityUsdPerKWh *= 2;
    CHECK(run(project)->result.reusedStages == stage::Layout);

    // A pool's size reaches the layout: everything is solved again.
    project.pools[0].gpuCount = 2048;
    const auto resized = run(project);
    CHECK(resized->result.reusedStages == 0);
    CHECK(resized->result.summary.gpus == 2048);

    // Another catalog object (reloaded or edited): nothing is reused, even with no edit.
    evaluator.setCatalog(std::make_shared<const Catalog>(*catalog));
    CHECK(run(project)->result.reusedStages == 0);
    // Another project file: its relative price book may differ; nothing is reused.
    CHECK(run(project)->result.reusedStages != 0);
    evaluator.setProjectPath(QDir::temp().filePath(QStringLiteral("elsewhere.json")));
    CHECK(run(project)->result.reusedStages == 0);
}

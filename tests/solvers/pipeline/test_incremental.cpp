// SPDX-License-Identifier: Apache-2.0
// Incremental re-evaluation (issue 23: an edit refreshes its figures within 200 ms on a 1M-GPU
// design): the field table's solver stages say which solvers an edit reaches, and a run given
// the earlier result copies the stages before the first one reached. These tests hold the
// stages to account (test_incremental_fields.cpp edits every field of the samples).

#include "model/projectedit.h"
#include "model/projectfields.h"
#include "model/projectjson.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "tests/solvers/pipeline/incrementaltest.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace aidc;
using aidc::test::fingerprint;
using aidc::test::sample;
using aidc::test::shippedCatalog;

TEST_CASE("a field's stages are its own, its ancestor's, or everything under it", "[incremental]")
{
    // Read by the fabric (media by life-cycle cost), the power solver (the energy bill) and cost.
    CHECK(fieldStages("/site/electricityUsdPerKWh") ==
          (stage::Fabric | stage::Power | stage::Cost));
    // A hall's id has no stages of its own: those of the halls.
    CHECK(fieldStages("/halls/3/id") == findProjectField("/halls")->stages);
    CHECK((fieldStages("/halls/3/id") & stage::Layout) != 0);
    // A whole plane: every stage any of its fields reaches.
    CHECK((fieldStages("/network/planes/1") & stage::Fabric) != 0);
    // What no solver reads.
    CHECK(fieldStages("/name") == 0);
    CHECK(fieldStages("/acknowledgedWarnings/0/reason") == 0);
    // Inside a value the table does not look into: its field's.
    CHECK((fieldStages("/catalogOverrides/servers/0/maxPowerW") & stage::Catalog) != 0);
    // Not a field at all: every stage, to be safe.
    CHECK(fieldStages("/noSuchSection/x") == stage::All);
}

TEST_CASE("changed stages come from the members that differ", "[incremental]")
{
    const Project base = sample("h100-1k-infiniband.json");
    CHECK(changedStages(base, base) == 0);

    Project renamed = base;
    renamed.name = "another name";
    CHECK(changedStages(base, renamed) == 0);

    // The tariff reaches the fabric too: it ranks cable media by life-cycle cost.
    Project tariff = base;
    tariff.site.electricityUsdPerKWh *= 2;
    CHECK(changedStages(base, tariff) == (stage::Fabric | stage::Power | stage::Cost));

    Project loadFactor = base;
    loadFactor.power.averageLoadFactor = 0.6;
    CHECK(changedStages(base, loadFactor) == (stage::Power | stage::Cost));

    Project moreHalls = base;
    moreHalls.halls.push_back(moreHalls.halls.empty() ? Hall{} : moreHalls.halls.back());
    CHECK((changedStages(base, moreHalls) & stage::Layout) != 0);
}

TEST_CASE("an incremental run copies only the stages before the first changed one", "[incremental]")
{
    const Project base = sample("h100-1k-infiniband.json");
    const Result baseResult = evaluate(base, shippedCatalog());
    Project tariff = base;
    tariff.power.averageLoadFactor = 0.6; // the energy, not the peak
    EvaluateOptions options;
    options.previous = &baseResult;
    options.changedStages = changedStages(base, tariff);
    const Result incremental = evaluate(tariff, shippedCatalog(), options);
    CHECK(incremental.reusedStages == (stage::Layout | stage::Fabric));
    REQUIRE(incremental.summary.itPowerAverageW);
    REQUIRE(baseResult.summary.itPowerAverageW);
    CHECK(*incremental.summary.itPowerAverageW !=
          Approx(*baseResult.summary.itPowerAverageW).epsilon(1e-3));
    CHECK(fingerprint(incremental) == fingerprint(evaluate(tariff, shippedCatalog())));

    // A previous run that did not complete its fabric (cancelled) lends only its layout.
    Result partial = baseResult;
    partial.completeStages = stage::Layout;
    options.previous = &partial;
    CHECK(evaluate(tariff, shippedCatalog(), options).reusedStages == stage::Layout);

    // Without a previous result, or with a catalog change, everything is solved.
    options.changedStages = stage::Catalog;
    options.previous = &baseResult;
    CHECK(evaluate(tariff, shippedCatalog(), options).reusedStages == 0);
}

TEST_CASE("an acknowledgement removed since the previous run is no longer marked", "[incremental]")
{
    // The minimal sample at 1,024 GPUs warns that UFM finds no free leaf port.
    Project acknowledged = sample("minimal.json");
    acknowledged.pools.at(0).gpuCount = 1024;
    const Result plain = evaluate(acknowledged, shippedCatalog());
    const auto ufm = std::find_if(
        plain.diagnostics.items().begin(), plain.diagnostics.items().end(),
        [](const Diagnostic &d) { return d.message.find("fabric-manager") != std::string::npos; });
    REQUIRE(ufm != plain.diagnostics.items().end());
    acknowledged.acknowledgedWarnings.push_back({ufm->jsonPath, "fabric-manager", "on purpose"});
    const Result marked = evaluate(acknowledged, shippedCatalog());
    REQUIRE_FALSE(marked.diagnostics.hasUnacknowledged());

    Project withdrawn = acknowledged;
    withdrawn.acknowledgedWarnings.clear();
    EvaluateOptions options;
    options.previous = &marked;
    options.changedStages = changedStages(acknowledged, withdrawn);
    const Result incremental = evaluate(withdrawn, shippedCatalog(), options);
    CHECK((incremental.reusedStages & stage::Fabric) != 0);
    CHECK(incremental.diagnostics.hasUnacknowledged());
    CHECK(fingerprint(incremental) == fingerprint(evaluate(withdrawn, shippedCatalog())));
}

TEST_CASE("edits an earlier solver reads are solved again from it", "[incremental]")
{
    // Fields whose reader is not the obvious solver (found by reading the solvers; small edits
    // of the samples do not show them): the tariff and the service life rank cable media by
    // life-cycle cost in the fabric, and a hall's usable area is kept by the layout for the
    // power solver's check.
    const Project base = sample("h100-1k-infiniband.json");
    const Result baseResult = evaluate(base, shippedCatalog());
    auto check = [&](const char *pointer, const nlohmann::json &value, unsigned mustSolve) {
        Project edited = base;
        REQUIRE_FALSE(applyEdit(edited, setField(pointer, value, "test")).diagnostics.hasErrors());
        EvaluateOptions options;
        options.previous = &baseResult;
        options.changedStages = changedStages(base, edited);
        const Result incremental = evaluate(edited, shippedCatalog(), options);
        const Result full = evaluate(edited, shippedCatalog());
        INFO(pointer << " = " << value.dump());
        CHECK((incremental.reusedStages & mustSolve) == 0);
        CHECK(fingerprint(incremental) == fingerprint(full));
        return full;
    };
    // At 7.80 USD/kWh (100x) the energy of a module outweighs its price: the media change.
    const Result costly = check("/site/electricityUsdPerKWh", 7.8, stage::Fabric);
    CHECK(fingerprint(costly) != fingerprint(baseResult));
    check("/cost/horizonYears", 15, stage::Fabric);
    // 20 m² for the hall's racks: the power solver's area check must see the new area.
    const Result cramped = check("/halls/0/usableAreaM2", 20, stage::Layout);
    CHECK_THAT(cramped.diagnostics.toString(), Catch::Contains("usable area"));
}

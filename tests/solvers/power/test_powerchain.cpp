// SPDX-License-Identifier: Apache-2.0
// Power chain: efficiency curves, redundancy, hand-computed PUE, generators, the 12 V / 48 V /
// 800 V DC comparison.

#include "powerfixtures.h"
#include "solvers/power/power.h"
#include "solvers/power/powerchain.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

PowerStage flatStage(const std::string &id, const std::string &stage, const std::string &variant,
                     double efficiency)
{
    PowerStage s;
    s.id = id;
    s.stage = stage;
    s.variant = variant;
    s.efficiency.points = {{0.0, efficiency}};
    return s;
}

const ChainStage &stage(const PowerResult &result, const std::string &name)
{
    for (const ChainStage &s : result.chain) {
        if (s.stage == name)
            return s;
    }
    FAIL("no chain stage " << name);
    return result.chain.front();
}

const InstalledCapacity &capacity(const PowerResult &result, const std::string &subsystem)
{
    for (const InstalledCapacity &c : result.capacities) {
        if (c.subsystem == subsystem)
            return c;
    }
    FAIL("no capacity " << subsystem);
    return result.capacities.front();
}

} // namespace

TEST_CASE("efficiency curves interpolate linearly and hold their ends", "[power][chain]")
{
    EfficiencyCurve curve;
    curve.points = {{0.25, 0.94}, {0.5, 0.96}, {1.0, 0.965}};
    CHECK(efficiencyAt(curve, 0.375) == Approx(0.95));
    CHECK(efficiencyAt(curve, 0.75) == Approx(0.9625));
    CHECK(efficiencyAt(curve, 0.1) == Approx(0.94));
    CHECK(efficiencyAt(curve, 1.2) == Approx(0.965));
    CHECK(efficiencyAt(EfficiencyCurve{}, 0.5) == 1.0);
}

TEST_CASE("redundancy sets installed vs critical and the stages' load fraction", "[power][chain]")
{
    // [D]: N+1 of m=4 -> 5/4; 2N -> 2 (each path <= 50%); 4 to make 3 ->
    // 4/3.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);

    struct Case
    {
        Redundancy redundancy;
        double factor;
    };
    for (const Case &c : {Case{Redundancy::NPlus1, 1.25}, Case{Redundancy::TwoN, 2.0},
                          Case{Redundancy::Distributed, 4.0 / 3.0}, Case{Redundancy::N, 1.0}}) {
        project.power.ups.redundancy = c.redundancy;
        const PowerResult result = solvePower(project, catalog, layout, {}, {});
        REQUIRE_FALSE(result.diagnostics.hasErrors());
        CHECK(stage(result, "ups").loadFractionPeak == Approx(1.0 / c.factor));
        CHECK(stage(result, "pdu").loadFractionPeak == Approx(1.0 / c.factor));
        CHECK(stage(result, "ups").loadFractionAverage == Approx(0.8 / c.factor));
        CHECK(capacity(result, "ups").installedToCritical() == Approx(c.factor));
        CHECK(capacity(result, "pdu").installedToCritical() == Approx(c.factor));
    }
}

TEST_CASE("bottom-up PUE matches a hand computation", "[power][chain][pue]")
{
    // PUE = (IT + chain losses + cooling + misc) / IT. Air cooling,
    // no UPS, catalog transformer and PDU flat at 99%, switchgear at 99.5%, CRAH fans 4%,
    // facility pumps 1%, towers 5% of the heat they reject, no misc. Per W of IT:
    //   PDU in 1/0.99 = 1.010101 (loss 0.010101, air heat with IT: 1.010101)
    //   cold year (economizer all year): fans 0.040404 + pumps 0.010101 + towers 0.050505
    //     -> transformer (1.010101 + 0.101010) / 0.99 = 1.122334 -> / 0.995 = 1.127974
    //   hot year (35 / 28 degC, no economizer): the chiller, rated COP 5 at AHRI conditions
    //     (Carnot 279.82 / 27.94 = 10.0150), makes 18 degC chilled water into 28 + 6 + 5.17 =
    //     39.17 degC condenser water: lift 21.17 K, COP 5 x (291.15 / 21.17) / 10.0150 = 6.8662;
    //     chiller 1.010101 / 6.8662 = 0.147113, towers (1.010101 + 0.147113) x 0.05 = 0.057861
    //     -> (1.010101 + 0.040404 + 0.010101 + 0.204974) / 0.99 / 0.995 = 1.284787 annual;
    //     the peak hour is the hottest month + 4 K (no design conditions): 32 degC wet bulb,
    //     condenser 43.17 degC, lift 25.17 K, COP 5.7750 -> 1.314417
    Catalog catalog = powerCatalog();
    catalog.powerStages.push_back(flatStage("xfmr-test", "transformer", "dry-type", 0.99));
    catalog.powerStages.push_back(flatStage("busway-test", "pdu", "busway", 0.99));
    catalog.powerStages.push_back(flatStage("mv-test", "switchgear", "mv", 0.995));
    CoolingUnit chiller;
    chiller.id = "chiller-test";
    chiller.kind = "chiller";
    chiller.capacityKW = 1000;
    chiller.cop = 5.0;
    catalog.coolingUnits.push_back(chiller);
    const LayoutResult layout = dgxLayout(1, 10);
    Project project = dgxProject(320);
    project.power.ups.type = UpsType::None;
    project.cooling.type = CoolingType::Air;
    PowerOptions options;
    options.miscFacilityFraction = 0;
    options.towerPowerFraction = 0.05;
    options.crahFanPowerFractionDefault = 0.04;
    // Chilled-water pumps at 0.01 W per W of heat: head / (rho cp dT eff) with 41.6746 kPa,
    // water 997 kg/m3 x 4180 J/(kg K), 1 K and efficiency 1.
    options.pumpEfficiency = 1;
    options.airLoopDeltaTK = 1;
    project.cooling.facilityPumpHeadKPa = 41.6746;

    project.site.climate = flatClimate(2, 0);
    PowerResult result = solvePower(project, catalog, layout, {}, options);
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(stage(result, "transformer").part == "xfmr-test");
    CHECK(stage(result, "pdu").part == "busway-test");
    CHECK(result.pueBottomUpPeak == Approx(1.127974).epsilon(1e-5));
    CHECK(result.pueBottomUpAnnual == Approx(1.127974).epsilon(1e-5));
    CHECK(result.pueAnnual == result.pueBottomUpAnnual);
    CHECK(result.annualEnergyMWh ==
          Approx(result.itAverageW * 8760 / 1e6 * 1.127974).epsilon(1e-5));

    project.site.climate = flatClimate(35, 28);
    result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.pueBottomUpPeak == Approx(1.314417).epsilon(1e-5));
    CHECK(result.pueBottomUpAnnual == Approx(1.284787).epsilon(1e-5));
    CHECK(result.cooling.chillerCop == 5.0);
    CHECK(result.cooling.chillerCopPeakAir == Approx(5.7750).epsilon(1e-4));
}

TEST_CASE("a PUE override replaces the bottom-up figure for energy and cost", "[power][pue]")
{
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 10); // 408 kW
    Project project = dgxProject(320);
    project.power.pueOverride = 1.3;
    project.site.electricityUsdPerKWh = 0.10;
    project.site.demandChargeUsdPerKWMonth = 10;
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.pueOverridden);
    CHECK(result.pueAnnual == 1.3);
    CHECK(result.pueBottomUpAnnual > 1.0);
    // 408 kW x 0.8 x 1.3 x 8,760 h = 3,717.04 MWh; x $0.10/kWh = $371,704.
    CHECK(result.annualEnergyMWh == Approx(3717.0432));
    CHECK(result.energyCostUsd == Approx(371704.32));
    // Demand: 408 kW x 1.3 peak x $10/kW-month x 12.
    CHECK(result.demandChargeUsd == Approx(408 * 1.3 * 10 * 12));
    CHECK(result.annualElectricityCostUsd == Approx(371704.32 + 408 * 1.3 * 120));
}

TEST_CASE("generators cover IT x PUE + margin on derated sets", "[power][chain]")
{
    // 100 racks x 40.8 kW = 4.08 MW; x PUE 1.2 = 4.896 MW; + 25% = 6.12 MW; 2.5 MW sets at 70%
    // usable = 1.75 MW -> 3.50 -> 4 needed; N+1 -> 5; 2N -> 8 [U defaults].
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(4, 25);
    Project project = dgxProject(3200);
    project.power.pueOverride = 1.2;
    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE(result.generators);
    CHECK(result.generators->loadW == Approx(6.12e6));
    CHECK(result.generators->unitsNeeded == 4);
    CHECK(result.generators->unitsInstalled == 5);
    project.power.generatorRedundancy = Redundancy::TwoN;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.generators->unitsInstalled == 8);
    project.power.generators = false;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK_FALSE(result.generators);
}

TEST_CASE("busbar I^2 R: four times the voltage loses one sixteenth", "[power][distribution]")
{
    // ORv3: <= 50 W busbar loss at 30 kW on 48 V [ref:ocp-orv3]: 625 A through
    // 0.128 mOhm = 50 W. The same conductor at 12 V carries 2,500 A and loses 800 W
    // (4x the voltage, 1/16 the loss [D]).
    RackPath path;
    path.busbarResistanceOhm = 1.28e-4;
    path.board.present = false;
    path.busVoltageV = 48;
    RackPathFlow flow = rackPathFromInput(path, 30000, 0.5);
    CHECK(flow.busCurrentA == Approx(625));
    CHECK(flow.conductorLossW == Approx(50));
    path.busVoltageV = 12;
    flow = rackPathFromInput(path, 30000, 0.5);
    CHECK(flow.busCurrentA == Approx(2500));
    CHECK(flow.conductorLossW == Approx(800));
    // Backward: the input that delivers 29,200 W at 12 V is the same 30 kW.
    CHECK(rackPathForRails(path, 29200, 0.5).inputW == Approx(30000));
}

TEST_CASE("48 V loses less than 12 V for the same rack load, and the report says by how much",
          "[power][distribution]")
{
    // Same 40.8 kW DGX rack as in test_itpower: 38,501.8 W at the rails. Rack-level losses by
    // hand: 12 V conversion 2,397.9 W + busbar 1,416.4 W (3,326.5 A); 48 V conversion 1,224 W +
    // busbar 87.0 W (824.5 A) + 48->12 V 987.2 W; 800 V DC to a 54 V busbar 68.7 W (732.5 A).
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 1);
    const Project project = dgxProject(32);
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE(result.distributionComparison.size() == 3);
    const DistributionOption &v12 = result.distributionComparison[0];
    const DistributionOption &v48 = result.distributionComparison[1];
    const DistributionOption &v800 = result.distributionComparison[2];
    CHECK(v12.distribution == Distribution::Ac12V);
    CHECK(v12.deliveredW == Approx(38501.8).epsilon(1e-5));
    CHECK(v48.deliveredW == v12.deliveredW);
    CHECK(v12.conductorLossW == Approx(1416.4).epsilon(1e-3));
    CHECK(v12.rackConversionLossW == Approx(2397.9).epsilon(1e-3));
    CHECK(v48.conductorLossW == Approx(87.0).epsilon(1e-3));
    CHECK(v48.rackConversionLossW == Approx(1224.0).epsilon(1e-3));
    CHECK(v48.boardConversionLossW == Approx(987.2).epsilon(1e-3));
    CHECK(v800.conductorLossW == Approx(68.69).epsilon(1e-3));
    CHECK(v12.busCurrentA == Approx(3326.5).epsilon(1e-4));
    CHECK(v48.busCurrentA == Approx(824.5).epsilon(1e-4));
    // The rack feed: 800 V DC carries 40,365 W at 50.5 A.
    CHECK(v800.feedCurrentA == Approx(40365.0 / 800).epsilon(1e-4));
    CHECK(v48.totalLossW < v12.totalLossW);
    CHECK(v800.totalLossW < v48.totalLossW);
    CHECK(v48.lossVs12VW == Approx(v48.totalLossW - v12.totalLossW));
    CHECK(v48.lossVs12VW < -1000);
    CHECK(v12.lossVs12VW == 0);
    CHECK(v48.efficiency > v12.efficiency);
    // 3,326.5 A at 12 V is over the ~3 kA a rack busbar is built for (rackBusbarLimitA).
    CHECK_FALSE(v12.withinBusbarLimit);
    CHECK(v48.withinBusbarLimit);
    CHECK(v800.withinBusbarLimit);
}

TEST_CASE("only the design's own chain adds assumptions", "[power][distribution]")
{
    // The comparison runs every chain, but a 48 V or 12 V design has no 800 V DC bus: the line
    // about storage on the DC bus belongs to 800 V DC designs only (the fixture catalog has no
    // 800 V DC UPS, so that design uses the default).
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 1);
    Project project = dgxProject(32);
    auto mentions = [](const PowerResult &result, const std::string &text) {
        for (const std::string &line : result.assumptions) {
            if (line.find(text) != std::string::npos)
                return true;
        }
        return false;
    };
    for (Distribution distribution : {Distribution::Ac12V, Distribution::Dc48V}) {
        project.power.distribution = distribution;
        const PowerResult result = solvePower(project, catalog, layout, {}, {});
        REQUIRE(result.distributionComparison.size() == 3);
        CHECK_FALSE(mentions(result, "800 V DC keeps its storage on the DC bus"));
        CHECK_FALSE(mentions(result, "solid-state transformer"));
    }
    project.power.distribution = Distribution::Dc800V;
    const PowerResult dc = solvePower(project, catalog, layout, {}, {});
    CHECK(mentions(dc, "800 V DC keeps its storage on the DC bus"));
    // The 48 V design lists its own rack stages' defaults, not the 12 V ones.
    project.power.distribution = Distribution::Dc48V;
    const PowerResult v48 = solvePower(project, catalog, layout, {}, {});
    CHECK(mentions(v48, "rack-conversion 48V"));
    CHECK_FALSE(mentions(v48, "rack-conversion 12V"));
}

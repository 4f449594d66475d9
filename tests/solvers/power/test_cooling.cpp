// SPDX-License-Identifier: Apache-2.0
// Cooling: coolant flow from Q = m cp dT, economizer hours from the monthly climate, CDUs,
// liquid vs air PUE, and PUE against economizer hours.

#include "powerfixtures.h"
#include "solvers/common/defaults.h"
#include "solvers/power/cooling.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

LayoutResult nvl72Layout(int racks)
{
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", 100, 100));
    layout.pools.push_back(poolLayout("gb", "gb200-nvl72", "gb200"));
    addRows(layout, 0, 1, racks, RackRole::Compute, "rack-nvl72", "gb", 1, 72, 0.6, 1.068);
    return layout;
}

Project nvl72Project(int racks)
{
    Project project;
    project.pools.push_back(pool("gb", "gb200", 72 * racks));
    project.halls.push_back(hall("H1", 100, 100));
    return project;
}

} // namespace

TEST_CASE("coolant flow follows Q = m cp dT", "[power][cooling]")
{
    // Water 0.997 kg/L, 4.18 kJ/(kg K): 100 kW at 10 K is
    // 100 / (4.18 x 10) = 2.392 kg/s = 2.3995 L/s = 143.97 L/min; OCP's rule of thumb is
    // ~150 L/min per 100 kW [U].
    CHECK(coolantFlowLPerMin(100e3, 10, 0.997, 4.18) == Approx(143.97).epsilon(1e-4));
    CHECK(coolantFlowLPerMin(100e3, 5, 0.997, 4.18) == Approx(287.95).epsilon(1e-4));
}

TEST_CASE("CDUs and flow follow the hall's liquid heat", "[power][cooling]")
{
    // 10 NVL72 racks x 120 kW x 0.8 liquid = 960 kW; 500 kW CDUs -> 2, N+1 -> 3, 2N -> 4.
    // Flow at 10 K: 960 / (4.18 x 10) / 0.997 x 60 = 1,382.1 L/min (1.44 L/min per kW).
    Catalog catalog = powerCatalog();
    CoolingUnit cdu;
    cdu.id = "cdu-500";
    cdu.kind = "cdu";
    cdu.capacityKW = 500;
    catalog.coolingUnits.push_back(cdu);
    Project project = nvl72Project(10);
    const LayoutResult layout = nvl72Layout(10);
    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(result.cooling.liquidHeatPeakW == Approx(960e3));
    CHECK(result.cooling.cdusNeeded == 2);
    CHECK(result.cooling.cdusInstalled == 3);
    CHECK(result.halls[0].cdus == 3);
    CHECK(result.cooling.coolantFlowLPerMin == Approx(1382.14).epsilon(1e-4));
    CHECK(result.cooling.coolantLPerMinPerKW == Approx(1.4397).epsilon(1e-4));
    project.cooling.cduRedundancy = Redundancy::TwoN;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.cooling.cdusInstalled == 4);
    bool cduLine = false;
    for (const BomLine &line : result.bom) {
        if (line.category == "cdu") {
            cduLine = true;
            CHECK(line.part == "cdu-500");
            CHECK(line.quantity == 4);
        }
    }
    CHECK(cduLine);
}

TEST_CASE("each cooling type sends the heat where it goes", "[power][cooling]")
{
    const Catalog catalog = powerCatalog();
    LayoutResult layout = dgxLayout(1, 2); // 81.6 kW
    addRows(layout, 0, 1, 1, RackRole::Management, "rack-network", "", 0, 0);
    Project project = dgxProject(64);
    PowerOptions options;
    const double computeW = 81600;
    const double managementW = options.managementRackPowerW;

    project.cooling.type = CoolingType::Air;
    PowerResult result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.cooling.liquidHeatPeakW == 0);
    CHECK(result.cooling.cdusInstalled == 0);

    project.cooling.type = CoolingType::DirectLiquid;
    project.cooling.liquidFraction = 0.75;
    result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.cooling.liquidHeatPeakW == Approx(0.75 * computeW));
    CHECK(result.halls[0].airHeatW == Approx(0.25 * computeW + managementW));

    project.cooling.type = CoolingType::Immersion;
    result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.cooling.liquidHeatPeakW == Approx(computeW));

    project.cooling.type = CoolingType::RearDoor;
    result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.cooling.liquidHeatPeakW == Approx(computeW));
    CHECK(result.cooling.rdhxUnits == 2);
    CHECK(result.cooling.fanPeakW > 0);
}

TEST_CASE("economizer months: outdoor + approach below the supply water", "[power][cooling]")
{
    // Band 8 K: +-4 K around the monthly mean; margin 0 is half a month.
    CHECK(economizerFraction(20, 8, 32, 8) == 1.0);  // margin +4 K
    CHECK(economizerFraction(24, 8, 32, 8) == 0.5);  // margin 0
    CHECK(economizerFraction(26, 8, 32, 8) == 0.25); // margin -2 K
    CHECK(economizerFraction(30, 8, 32, 8) == 0.0);  // margin -6 K
    CHECK(economizerFraction(24, 8, 32, 0) == 1.0);  // plain rule: at or below counts
    CHECK(economizerFraction(24.1, 8, 32, 0) == 0.0);

    // The reference temperate year (solvers/common/defaults.h; wet bulb 0, 0, 3, 6, 10, 13, 15,
    // 15, 12, 8, 3, 1 degC) with warm-water DLC (32 degC, dry coolers, 8 K approach): the
    // warmest month (19 degC dry bulb) has a 5 K margin, so all 8,760 h. The CRAH loop at
    // 18 degC on towers (wet bulb + 6 K): margin 12 - wet bulb, share 0.5 + margin / 8 within
    // [0, 1]: Jan-Apr 1, May 0.75, Jun 0.375, Jul-Aug 0.125, Sep 0.5, Oct-Dec 1
    // -> 2,880 + 558 + 270 + 93 + 93 + 360 + 2,208 = 6,462 h.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 2);
    Project project = dgxProject(64);
    project.site.climate = referenceClimate();
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.cooling.liquidEconomizerHours == Approx(8760));
    CHECK(result.cooling.airEconomizerHours == Approx(6462));
    CHECK(result.cooling.airEconomizerFraction[4] == Approx(0.75));
    CHECK(result.cooling.airEconomizerFraction[6] == Approx(0.125));

    project.cooling.economizer = false;
    const PowerResult off = solvePower(project, catalog, layout, {}, {});
    CHECK(off.cooling.liquidEconomizerHours == 0);
    CHECK(off.pueBottomUpAnnual > result.pueBottomUpAnnual);
}

TEST_CASE("liquid cooling reaches a lower PUE than air in the same climate",
          "[power][cooling][pue]")
{
    // DLC moves 80% of the heat at 32 degC through dry coolers, air moves all of it through
    // CRAH fans and 18 degC chilled water (~0.2-0.3 lower PUE [A] [ref:semianalysis-articles]).
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = referenceClimate();
    project.cooling.type = CoolingType::Air;
    const PowerResult air = solvePower(project, catalog, layout, {}, {});
    project.cooling.type = CoolingType::DirectLiquid;
    const PowerResult liquid = solvePower(project, catalog, layout, {}, {});
    project.cooling.type = CoolingType::Immersion;
    const PowerResult immersion = solvePower(project, catalog, layout, {}, {});
    CHECK(liquid.pueBottomUpAnnual < air.pueBottomUpAnnual);
    CHECK(liquid.pueBottomUpPeak < air.pueBottomUpPeak);
    CHECK(immersion.pueBottomUpAnnual < liquid.pueBottomUpAnnual);
    // Plausible ranges (new large <= 1.3 [ref:uptime-gdcs-2024], hyperscale ~1.1).
    CHECK(air.pueBottomUpAnnual > 1.1);
    CHECK(air.pueBottomUpAnnual < 1.5);
    CHECK(liquid.pueBottomUpAnnual > 1.03);
    CHECK(liquid.pueBottomUpAnnual < 1.25);
}

TEST_CASE("PUE falls as economizer hours rise", "[power][cooling][pue]")
{
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    for (CoolingType type : {CoolingType::DirectLiquid, CoolingType::Air}) {
        project.cooling.type = type;
        double lastHours = -1, lastPue = 10;
        // Hot, warm, temperate, cold years (dry, wet bulb). Liquid loop (32 degC, dry bulb +
        // 8 K): 0, 0.75, 1, 1 of the year; air loop (18 degC, wet bulb + 6 K): 0, 0.25, 0.75, 1.
        for (const auto &[dry, wet] :
             {std::pair{34.0, 27.0}, {22.0, 14.0}, {15.0, 10.0}, {4.0, 2.0}}) {
            project.site.climate = flatClimate(dry, wet);
            const PowerResult result = solvePower(project, catalog, layout, {}, {});
            INFO("type " << int(type) << " dry bulb " << dry);
            CHECK(result.cooling.economizerHours > lastHours);
            CHECK(result.pueBottomUpAnnual < lastPue);
            lastHours = result.cooling.economizerHours;
            lastPue = result.pueBottomUpAnnual;
        }
    }
}

TEST_CASE("chiller COP scales from its AHRI rating by the Carnot COP of the lift",
          "[power][cooling]")
{
    // Rated at 6.67 degC leaving chilled water and 34.61 degC leaving condenser water
    // [ref:ahri-550-590]: Carnot 279.82 / 27.94 = 10.015.
    CHECK(chillerCopAtLift(6.5, 6.67, 34.61, 15) == Approx(6.5));
    // 18 degC chilled water, 40 degC condenser: 6.5 x (291.15 / 22) / 10.015 = 8.589.
    CHECK(chillerCopAtLift(6.5, 18, 40, 15) == Approx(8.589).epsilon(1e-3));
    // A 10 K lift counts as the 15 K floor: 6.5 x (291.15 / 15) / 10.015 = 12.597.
    CHECK(chillerCopAtLift(6.5, 18, 28, 15) == Approx(12.597).epsilon(1e-3));
    // Condenser water: wet bulb 25 + tower approach 6 + AHRI range 5.17 = 36.17 degC.
    CHECK(condenserWaterC(25, 6, 5.17) == Approx(36.17));
}

TEST_CASE("design-day conditions raise the peak plant power over the monthly figure",
          "[power][cooling][design-day]")
{
    // Air-cooled hall in a hot, humid climate: monthly means 34 degC dry / 27 degC wet bulb all
    // year. The CRAH loop (18 degC chilled water, towers at wet bulb + 6 K) never free-cools, so
    // the chillers carry all the air heat at every hour:
    //   no design conditions: the peak hour is the hottest month + 9 K dry / + 4 K wet bulb
    //           (43 / 31 degC):
    //           condenser 31 + 6 + 5.17 = 42.17 degC, lift 24.17 K,
    //           COP 6.5 x (291.15 / 24.17) / 10.015 = 7.818
    //   design hour 46 / 33 degC:
    //           condenser 33 + 6 + 5.17 = 44.17 degC, lift 26.17 K,
    //           COP 6.5 x (291.15 / 26.17) / 10.015 = 7.221
    // so the chiller power at peak rises by 7.818 / 7.221 = 1.0827.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.cooling.type = CoolingType::Air;
    project.site.climate = flatClimate(34, 27);
    const PowerResult monthly = solvePower(project, catalog, layout, {}, {});
    project.site.designDryBulbC = 46;
    project.site.designWetBulbC = 33;
    const PowerResult design = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(design.diagnostics.hasErrors());
    CHECK(monthly.cooling.peakConditions == "hottest month + offset");
    CHECK(monthly.cooling.peakDryBulbC == 43);
    CHECK(monthly.cooling.peakWetBulbC == 31);
    CHECK(design.cooling.peakConditions == "design hour");
    CHECK(design.cooling.peakDryBulbC == 46);
    CHECK(monthly.cooling.chillerCopPeakAir == Approx(7.818).epsilon(1e-3));
    CHECK(design.cooling.chillerCopPeakAir == Approx(7.221).epsilon(1e-3));
    CHECK(design.cooling.chillerPeakW ==
          Approx(design.cooling.airHeatPeakW / design.cooling.chillerCopPeakAir));
    CHECK(design.cooling.chillerPeakW / monthly.cooling.chillerPeakW ==
          Approx(7.818 / 7.221).epsilon(1e-3));
    // The facility peak grows by the plant's extra power (the chillers', and the towers' on the
    // chillers' extra heat: x (1 + 0.0569 W per W rejected)) through the transformer and the
    // switchgear that feed the plant (not the UPS): by hand from the chain's efficiencies at the
    // peak. Annual energy is unchanged (the design hour sizes, the months bill).
    const double extraChillerW = design.cooling.chillerPeakW - monthly.cooling.chillerPeakW;
    CHECK(extraChillerW > 0);
    const double extraPlantW = extraChillerW * (1 + 0.2 / 3.517);
    CHECK(design.cooling.peakW() - monthly.cooling.peakW() == Approx(extraPlantW).epsilon(1e-3));
    double feedEfficiency = 1;
    for (const ChainStage &stage : design.chain) {
        if (stage.stage == "transformer" || stage.stage == "switchgear")
            feedEfficiency *= stage.efficiencyPeak;
    }
    CHECK(design.facilityPeakW - monthly.facilityPeakW ==
          Approx(extraPlantW / feedEfficiency).epsilon(0.01));
    CHECK(design.annualEnergyMWh == Approx(monthly.annualEnergyMWh));

    // Warm-water DLC on dry coolers (32 degC supply, dry bulb + 8 K): the months at 34 degC
    // never free-cool either, and a 46 degC design hour raises the chillers' lift from
    // 43 + 8 + 5.17 - 32 = 24.17 K to 27.17 K: COP 6.5 x (305.15 / lift) / 10.015 falls from
    // 8.19 to 7.29.
    project.cooling.type = CoolingType::DirectLiquid;
    project.site.designDryBulbC.reset();
    project.site.designWetBulbC.reset();
    const PowerResult dlcMonthly = solvePower(project, catalog, layout, {}, {});
    project.site.designDryBulbC = 46;
    project.site.designWetBulbC = 33;
    const PowerResult dlcDesign = solvePower(project, catalog, layout, {}, {});
    CHECK(dlcMonthly.cooling.chillerCopPeakLiquid == Approx(8.194).epsilon(1e-3));
    CHECK(dlcDesign.cooling.chillerCopPeakLiquid == Approx(7.289).epsilon(1e-3));
    CHECK(dlcDesign.facilityPeakW > dlcMonthly.facilityPeakW);

    // A design hour cooler than the hottest monthly mean is flagged.
    project.site.designDryBulbC = 30;
    project.site.designWetBulbC = 25;
    const PowerResult odd = solvePower(project, catalog, layout, {}, {});
    bool flagged = false;
    for (const Diagnostic &d : odd.diagnostics.items())
        flagged = flagged || d.jsonPath == "/site/designDryBulbC";
    CHECK(flagged);
}

TEST_CASE("tower water follows the evaporation maths, dry coolers use none", "[power][water]")
{
    // 0.85 of the heat evaporates at 2.43 MJ/kg, 0.997 kg/L: 3.5085e-7 L/J; blowdown at 4 cycles
    // adds a third: 4.6780e-7 L/J = 1.684 L per kWh of tower heat.
    CHECK(towerWaterLPerJ(0.85, 2.43e6, 4) == Approx(4.6780e-7).epsilon(1e-4));
    CHECK(towerWaterLPerJ(0.85, 2.43e6, 4) * 3.6e6 == Approx(1.684).epsilon(1e-3));
    CHECK(towerWaterLPerJ(0.85, 2.43e6, 2) / towerWaterLPerJ(0.85, 2.43e6, 4) ==
          Approx(2.0 / (4.0 / 3.0)));

    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(34, 27); // no free cooling: towers carry chiller heat too

    // Air-cooled, all heat to towers: tower heat per IT kWh is the air heat (IT + UPS and PDU
    // losses) plus the chillers' 1 / COP (~0.13) of it, so WUE = 1.684 x ~1.15.
    project.cooling.type = CoolingType::Air;
    const PowerResult air = solvePower(project, catalog, layout, {}, {});
    CHECK(air.wueLPerKWh > 1.684 * 1.1);
    CHECK(air.wueLPerKWh < 1.684 * 1.25);
    CHECK(air.wuePeakMonthLPerKWh == Approx(air.wueLPerKWh)); // a flat year
    CHECK(air.annualWaterM3 * 1e3 == Approx(air.wueLPerKWh * air.annualItEnergyMWh * 1e3));
    // Halving the cycles' blowdown share: from 4 to 2 cycles the water grows by 2 / (4/3).
    project.cooling.towerCyclesOfConcentration = 2;
    const PowerResult hardWater = solvePower(project, catalog, layout, {}, {});
    CHECK(hardWater.wueLPerKWh / air.wueLPerKWh == Approx(1.5));
    project.cooling.towerCyclesOfConcentration = 4;

    // Direct liquid on dry coolers: only the air share (servers 20 % + losses) wets the towers.
    project.cooling.type = CoolingType::DirectLiquid;
    const PowerResult dlc = solvePower(project, catalog, layout, {}, {});
    CHECK(dlc.wueLPerKWh < 0.4 * air.wueLPerKWh);
    CHECK(dlc.wueLPerKWh > 0.15 * air.wueLPerKWh);

    // Immersion (closed loop on dry coolers): only the UPS and PDU losses go to towers.
    project.cooling.type = CoolingType::Immersion;
    const PowerResult immersion = solvePower(project, catalog, layout, {}, {});
    CHECK(immersion.wueLPerKWh < 0.1);
}

TEST_CASE("ERF, REF and CUE follow their ISO/IEC 30134 definitions", "[power][water]")
{
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(15, 10);
    const PowerResult base = solvePower(project, catalog, layout, {}, {});
    CHECK(base.erf == 0);
    CHECK(base.ref == 0);
    // CUE = CO2 / IT energy = PUE x grid factor when nothing is renewable.
    CHECK(base.cueKgPerKWh == Approx(base.pueAnnual * project.site.gridCo2KgPerKWh));
    project.cooling.heatReuseFraction = 0.5;
    project.site.renewableFraction = 0.4;
    const PowerResult reuse = solvePower(project, catalog, layout, {}, {});
    CHECK(reuse.ref == 0.4);
    CHECK(reuse.co2Tonnes == Approx(base.co2Tonnes * 0.6));
    CHECK(reuse.cueKgPerKWh == Approx(base.cueKgPerKWh * 0.6));
    // Half the liquid heat at average load (80 % of the DGX racks' heat) over 8,760 h.
    CHECK(reuse.heatReusedMWh == Approx(0.5 * reuse.cooling.liquidHeatPeakW *
                                        project.power.averageLoadFactor * 8760 / 1e6));
    CHECK(reuse.erf == Approx(reuse.heatReusedMWh / reuse.annualEnergyMWh));
}

TEST_CASE("pump power is flow x head / efficiency, and glycol needs more of it",
          "[power][cooling][pumps]")
{
    // Water at 10 K: 1 / (997 x 4180 x 10) = 2.3995e-8 m3 per J; x 250 kPa / 0.7 = 0.0085698 W
    // per W of heat (8.6 W/kW).
    CHECK(pumpPowerPerHeatW(coolantProperties(Coolant::Water), 10, 250, 0.7) ==
          Approx(0.0085698).epsilon(1e-4));
    // PG25 (1.020 kg/L, 3.93 kJ/(kg K)): 1 / (1020 x 3930 x 10) x 250e3 / 0.7 = 0.0089093.
    CHECK(pumpPowerPerHeatW(coolantProperties(Coolant::PropyleneGlycol25), 10, 250, 0.7) ==
          Approx(0.0089093).epsilon(1e-4));
    CHECK(pumpPowerPerHeatW(coolantProperties(Coolant::Water), 0, 250, 0.7) == 0);

    // Through the solver: the liquid loop's pumps are the CDUs' fraction plus the facility
    // loop's; a doubled head doubles the facility part, PG40 raises the rack-side flow by
    // (997 x 4.18) / (1032 x 3.65) = 1.1064.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(15, 10);
    const PowerResult water = solvePower(project, catalog, layout, {}, {});
    CHECK(water.cooling.liquidPumpWPerKW == Approx(8.5698).epsilon(1e-4));
    CHECK(water.cooling.airPumpWPerKW == Approx(8.5698 * 10 / 6).epsilon(1e-4));
    project.cooling.facilityPumpHeadKPa = 500;
    const PowerResult highHead = solvePower(project, catalog, layout, {}, {});
    CHECK(highHead.cooling.liquidPumpWPerKW == Approx(2 * 8.5698).epsilon(1e-4));
    CHECK(highHead.cooling.pumpAverageW > water.cooling.pumpAverageW);
    project.cooling.facilityPumpHeadKPa = 250;
    project.cooling.coolant = Coolant::PropyleneGlycol40;
    const PowerResult glycol = solvePower(project, catalog, layout, {}, {});
    CHECK(glycol.cooling.coolantFlowLPerMin / water.cooling.coolantFlowLPerMin ==
          Approx(997 * 4.18 / (1032 * 3.65)).epsilon(1e-6));
}

TEST_CASE("water on dry coolers in a freezing climate is flagged, glycol is not",
          "[power][cooling][coolant]")
{
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    Climate climate = flatClimate(10, 5);
    climate.dryBulbC[0] = -8; // January at -8 degC mean: -12 degC with half the 8 K band
    project.site.climate = climate;
    auto flagged = [](const PowerResult &result) {
        for (const Diagnostic &d : result.diagnostics.items()) {
            if (d.jsonPath == "/cooling/coolant")
                return true;
        }
        return false;
    };
    CHECK(flagged(solvePower(project, catalog, layout, {}, {})));
    project.cooling.coolant = Coolant::PropyleneGlycol25; // freezes at -10 degC: still flagged
    CHECK(flagged(solvePower(project, catalog, layout, {}, {})));
    project.cooling.coolant = Coolant::PropyleneGlycol40; // -21 degC
    CHECK_FALSE(flagged(solvePower(project, catalog, layout, {}, {})));
    // Towers keep the loop indoors behind a plate exchanger: no flag.
    project.cooling.coolant = Coolant::Water;
    project.cooling.liquidHeatRejection = HeatRejection::CoolingTower;
    CHECK_FALSE(flagged(solvePower(project, catalog, layout, {}, {})));
}

TEST_CASE("adiabatic coolers free-cool on pre-cooled air and spend water only when hot",
          "[power][cooling][water]")
{
    // Pads at 0.8 effectiveness: 35 degC dry / 24 degC wet bulb leaves 35 - 0.8 x 11 = 26.2 degC.
    CHECK(adiabaticAirC(35, 24, 0.8) == Approx(26.2));
    // Water: 0.8 x 11 K out of air warming 10 K across the coil: 8.8 / (10 x 2.43e6) kg per J
    // = 3.6214e-7 kg/J = 3.6323e-7 L/J = 1.308 L per kWh rejected while the pads run.
    CHECK(adiabaticWaterLPerJ(35, 24, 0.8, 10, 2.43e6) == Approx(3.6323e-7).epsilon(1e-4));

    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    // Summer months at 30 / 20 degC: dry coolers (30 + 8 = 38, 6 K above the 32 degC supply)
    // free-cool none of them, 0.5 - 6 / 8 < 0; the pads (30 - 0.8 x 10 = 22 degC air, + 8 = 30,
    // 2 K below) free-cool 0.5 + 2 / 8 = 0.75 of them. Winter months at 10 / 6 degC need no pads.
    Climate climate = flatClimate(10, 6);
    for (size_t m = 5; m < 8; ++m) {
        climate.dryBulbC[m] = 30;
        climate.wetBulbC[m] = 20;
    }
    project.site.climate = climate;
    const PowerResult dry = solvePower(project, catalog, layout, {}, {});
    project.cooling.liquidHeatRejection = HeatRejection::Adiabatic;
    const PowerResult adiabatic = solvePower(project, catalog, layout, {}, {});
    project.cooling.liquidHeatRejection = HeatRejection::CoolingTower;
    const PowerResult tower = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(adiabatic.diagnostics.hasErrors());
    CHECK(adiabatic.cooling.liquidEconomizerHours > dry.cooling.liquidEconomizerHours);
    CHECK(adiabatic.cooling.liquidEconomizerFraction[6] == Approx(0.75));
    CHECK(dry.cooling.liquidEconomizerFraction[6] == 0);
    CHECK(adiabatic.cooling.liquidEconomizerFraction[0] == 1);
    CHECK(adiabatic.annualEnergyMWh < dry.annualEnergyMWh);
    // Water: the pads' summer water on top of the air loop's towers, less than towers on the
    // liquid loop all year.
    CHECK(adiabatic.annualWaterM3 > dry.annualWaterM3);
    CHECK(adiabatic.annualWaterM3 < tower.annualWaterM3);
    CHECK(adiabatic.cooling.liquidHeatRejection == HeatRejection::Adiabatic);
}

TEST_CASE("dry coolers derate at a hot design hour and more of them are installed",
          "[power][cooling][design-day]")
{
    // DLC on dry coolers, 32 degC supply, 10 K rise, design hour 40 / 24 degC: no free cooling
    // (40 + 8 > 32), so the coolers take the chillers' condenser water, 40 + 8 + 5.17 =
    // 53.17 degC, against 40 degC air: 13.17 K over the 15 K rating = 0.878.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(20, 14);
    project.site.designDryBulbC = 40;
    project.site.designWetBulbC = 24;
    const PowerResult hot = solvePower(project, catalog, layout, {}, {});
    CHECK(hot.cooling.dryCoolerDerate == Approx(13.17 / 15).epsilon(1e-3));
    // A mild design hour, 20 / 14 degC: free cooling holds (20 + 8 <= 32), the coolers see the
    // loop's return, 42 degC, against 20 degC air: 22 K, above the rating, so no derating.
    project.site.designDryBulbC = 20;
    project.site.designWetBulbC = 14;
    const PowerResult mild = solvePower(project, catalog, layout, {}, {});
    CHECK(mild.cooling.dryCoolerDerate == 1);
    CHECK(hot.cooling.dryCoolers >= mild.cooling.dryCoolers);
    // Fans of the derated units: heat rejection at the peak per W of liquid heat rises by more
    // than the chillers' extra heat alone.
    CHECK(hot.cooling.heatRejectionPeakW > mild.cooling.heatRejectionPeakW);
    // Towers at the default 6 K approach + 5.17 K range run above the CTI rating's 9.44 K.
    CHECK(hot.cooling.towerDerate == 1);
}

TEST_CASE("heat reuse above the loop's return needs a heat pump at its Carnot share",
          "[power][water][reuse]")
{
    // Supply 32 degC + 10 K rise - 2 K exchanger approach = 40 degC at the network. A 70 degC
    // network: lift 30 K, COP 0.5 x 343.15 / 30 = 5.719; electricity = reused / (COP - 1).
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(15, 10);
    project.cooling.heatReuseFraction = 0.5;
    const PowerResult direct = solvePower(project, catalog, layout, {}, {});
    CHECK(direct.heatReuseSourceC == 40);
    CHECK(direct.heatPumpMWh == 0);
    project.cooling.heatReuseSupplyC = 70;
    const PowerResult lifted = solvePower(project, catalog, layout, {}, {});
    CHECK(lifted.heatPumpCop == Approx(5.719).epsilon(1e-3));
    CHECK(lifted.heatPumpMWh == Approx(lifted.heatReusedMWh / (5.719 - 1)).epsilon(1e-3));
    // The heat pump is the network's: the facility's PUE and ERF do not change.
    CHECK(lifted.pueAnnual == Approx(direct.pueAnnual));
    CHECK(lifted.erf == Approx(direct.erf));
    // A network at 35 degC takes the heat as it is.
    project.cooling.heatReuseSupplyC = 35;
    CHECK(solvePower(project, catalog, layout, {}, {}).heatPumpMWh == 0);
}

TEST_CASE("an air loop on dry coolers uses no water and pays in chiller power",
          "[power][cooling][water]")
{
    // Immersion in a warm climate (24 / 18 degC all year): its air loop (18 degC chilled water)
    // free-cools on towers part of the time (18 + 6 = 24 > 18: no) and never on dry coolers
    // (24 + 8 > 18); on dry coolers its chillers lift to 24 + 8 + 5.17 = 37.17 degC instead of
    // 18 + 6 + 5.17 = 29.17 degC, so they draw more, and no water evaporates.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(2, 10);
    Project project = dgxProject(640);
    project.site.climate = flatClimate(24, 18);
    project.cooling.type = CoolingType::Immersion;
    const PowerResult towers = solvePower(project, catalog, layout, {}, {});
    project.cooling.airHeatRejection = HeatRejection::DryCooler;
    const PowerResult dry = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(dry.diagnostics.hasErrors());
    CHECK(towers.wueLPerKWh > 0.01);
    CHECK(dry.wueLPerKWh == 0);
    CHECK(dry.cooling.coolingTowers == 0);
    // The dry coolers now carry the air loop's heat too.
    auto dryCoolerLoadW = [](const PowerResult &r) {
        for (const InstalledCapacity &c : r.capacities) {
            if (c.subsystem == "dry-cooler")
                return c.criticalW;
        }
        return 0.0;
    };
    CHECK(dryCoolerLoadW(dry) > dryCoolerLoadW(towers) + 0.9 * dry.cooling.airHeatPeakW);
    CHECK(dry.cooling.chillerAverageW > towers.cooling.chillerAverageW);
    // COP at 37.17 - 18 = 19.17 K of lift: 6.5 x (291.15 / 19.17) / 10.015 = 9.857.
    CHECK(dry.cooling.chillerCopPeakAir < towers.cooling.chillerCopPeakAir);
}

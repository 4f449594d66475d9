// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/cooling.h"

#include "solvers/common/reportformat.h"

#include "solvers/common/defaults.h"

#include <algorithm>
#include <cstdio>

namespace aidc {

namespace {

const CoolingUnit *findNamed(const Catalog &catalog, const std::string &id)
{
    for (const CoolingUnit &unit : catalog.coolingUnits) {
        if (!id.empty() && unit.id == id)
            return &unit;
    }
    return nullptr;
}

// The largest unit of a kind with capacity <= limitKW (any size when limitKW <= 0), else the
// smallest of the kind.
const CoolingUnit *pickUnit(const Catalog &catalog, const std::string &kind, double limitKW)
{
    const CoolingUnit *largestFitting = nullptr;
    const CoolingUnit *smallest = nullptr;
    for (const CoolingUnit &unit : catalog.coolingUnits) {
        if (unit.kind != kind)
            continue;
        if (!smallest || unit.capacityKW < smallest->capacityKW)
            smallest = &unit;
        if ((limitKW <= 0 || unit.capacityKW <= limitKW) &&
            (!largestFitting || unit.capacityKW > largestFitting->capacityKW))
            largestFitting = &unit;
    }
    return largestFitting ? largestFitting : smallest;
}

// Capacity and power fraction of a unit, or the defaults, noting each default used.
void unitFigures(const CoolingUnit *unit, const std::string &kind, double defaultCapacityKW,
                 double defaultPowerFraction, double &capacityW, double &powerFraction,
                 std::string &part, std::vector<std::string> &assumptions)
{
    if (unit && unit->capacityKW > 0) {
        capacityW = unit->capacityKW * 1e3;
        part = unit->id;
    } else {
        capacityW = defaultCapacityKW * 1e3;
        part = "default-" + kind;
        char text[160];
        std::snprintf(text, sizeof text, "%s: no catalog entry, %.0f kW per unit [U]", kind.c_str(),
                      defaultCapacityKW);
        assumptions.push_back(text);
    }
    powerFraction = unit ? unit->powerFraction : defaultPowerFraction;
}

} // namespace

const std::array<double, 12> &monthHours()
{
    static const std::array<double, 12> hours = {31 * 24.0, 28 * 24.0, 31 * 24.0, 30 * 24.0,
                                                 31 * 24.0, 30 * 24.0, 31 * 24.0, 31 * 24.0,
                                                 30 * 24.0, 31 * 24.0, 30 * 24.0, 31 * 24.0};
    return hours;
}

double economizerFraction(double outdoorC, double approachK, double supplyWaterC, double bandK)
{
    const double marginK = supplyWaterC - (outdoorC + approachK);
    if (bandK <= 0)
        return marginK >= 0 ? 1.0 : 0.0;
    return std::clamp(0.5 + marginK / bandK, 0.0, 1.0);
}

double coolantFlowLPerMin(double heatW, double deltaTK, double densityKgPerL, double cpKJPerKgK)
{
    if (deltaTK <= 0 || densityKgPerL <= 0 || cpKJPerKgK <= 0)
        return 0;
    const double kgPerS = heatW / (cpKJPerKgK * 1e3 * deltaTK);
    return kgPerS / densityKgPerL * 60.0;
}

CoolingSetup prepareCooling(const Project &project, const Catalog &catalog,
                            const PowerOptions &options, double maxHallLiquidW,
                            std::vector<std::string> &assumptions, Diagnostics &diagnostics)
{
    const CoolingDesign &design = project.cooling;
    CoolingSetup setup;
    setup.type = design.type;
    setup.liquidFraction = design.liquidFraction;
    setup.liquidRejection = design.liquidHeatRejection;
    setup.liquidOnDryCoolers = design.liquidHeatRejection != HeatRejection::CoolingTower;
    setup.airRejection = design.airHeatRejection;
    setup.airOnTowers = design.airHeatRejection == HeatRejection::CoolingTower;
    setup.liquidSupplyC = design.supplyWaterC;
    setup.airSupplyC = options.airLoopSupplyWaterC;
    setup.coolant = coolantProperties(design.coolant);
    setup.liquidPumpFraction = pumpPowerPerHeatW(
        setup.coolant, design.designDeltaTK, design.facilityPumpHeadKPa, options.pumpEfficiency);
    setup.airPumpFraction =
        pumpPowerPerHeatW(coolantProperties(Coolant::Water), options.airLoopDeltaTK,
                          design.facilityPumpHeadKPa, options.pumpEfficiency);

    const CoolingUnit *chiller = findNamed(catalog, design.chiller);
    if (!chiller)
        chiller = pickUnit(catalog, "chiller", 0);
    double unusedFraction = 0;
    unitFigures(chiller, "chiller", options.chillerCapacityKWDefault, 0, setup.chillerCapacityW,
                unusedFraction, setup.chillerPart, assumptions);
    if (chiller && chiller->cop > 0) {
        setup.cop = chiller->cop;
    } else {
        setup.cop = options.chillerCopDefault;
        char text[120];
        std::snprintf(
            text, sizeof text,
            "chiller COP %.1f default (water-cooled centrifugal 6-7) [ref:bac-free-cooling]",
            setup.cop);
        assumptions.push_back(text);
    }
    if (setup.type != CoolingType::Air) {
        const CoolingUnit *cdu = findNamed(catalog, design.cdu);
        if (!cdu)
            cdu = pickUnit(catalog, "cdu", maxHallLiquidW / 4 / 1e3);
        unitFigures(cdu, "cdu", options.cduCapacityKWDefault, options.cduPumpPowerFractionDefault,
                    setup.cduCapacityW, setup.cduPumpFraction, setup.cduPart, assumptions);
    }
    if ((setup.liquidOnDryCoolers && setup.type != CoolingType::Air) ||
        design.airHeatRejection != HeatRejection::CoolingTower)
        unitFigures(pickUnit(catalog, "dry-cooler", 0), "dry-cooler",
                    options.dryCoolerCapacityKWDefault, options.dryCoolerPowerFractionDefault,
                    setup.dryCoolerCapacityW, setup.dryCoolerFanFraction, setup.dryCoolerPart,
                    assumptions);
    const CoolingUnit *tower = pickUnit(catalog, "tower", 0);
    setup.towerCapacityW =
        (tower && tower->capacityKW > 0 ? tower->capacityKW : options.towerCapacityKWDefault) * 1e3;
    setup.towerPart = tower ? tower->id : "default-tower";
    setup.towerFraction = tower ? tower->powerFraction : options.towerPowerFraction;
    unitFigures(pickUnit(catalog, "crah", 0), "crah", options.crahCapacityKWDefault,
                options.crahFanPowerFractionDefault, setup.crahCapacityW, setup.crahFanFraction,
                setup.crahPart, assumptions);
    if (setup.type == CoolingType::RearDoor) {
        const CoolingUnit *rdhx = pickUnit(catalog, "rdhx", 0);
        setup.rdhxRackLimitW =
            (rdhx && rdhx->capacityKW > 0 ? rdhx->capacityKW : options.rdhxRackLimitKWDefault) *
            1e3;
        setup.rdhxFanFraction = rdhx ? rdhx->powerFraction : options.rdhxFanPowerFractionDefault;
        setup.rdhxPart = rdhx ? rdhx->id : "default-rdhx";
    }

    // The pipeline applies the same reference year (withDefaults); this covers direct callers.
    Climate climate = project.site.climate;
    if (climate == Climate{}) {
        climate = referenceClimate();
        diagnostics.warning("", "/site/climate",
                            "no climate given (all months 0 degC): economizer hours use the "
                            "reference temperate year");
        assumptions.push_back("climate: reference temperate monthly means "
                              "(solvers/common/defaults.h referenceClimate()) [U]");
    }
    setup.climate = climate;
    // What each loop's heat rejection sees: dry bulb (dry coolers), pre-cooled air (adiabatic)
    // or wet bulb (towers), and its approach.
    auto outdoorC = [&](HeatRejection kind, double dryC, double wetC) {
        if (kind == HeatRejection::CoolingTower)
            return wetC;
        return kind == HeatRejection::Adiabatic
                   ? adiabaticAirC(dryC, wetC, options.adiabaticEffectiveness)
                   : dryC;
    };
    auto approachK = [&](HeatRejection kind) {
        return kind == HeatRejection::CoolingTower ? options.towerApproachK
                                                   : options.dryCoolerApproachK;
    };
    const HeatRejection liquidKind = setup.liquidRejection, airKind = setup.airRejection;
    for (size_t m = 0; m < 12; ++m) {
        const double dryC = climate.dryBulbC[m], wetC = climate.wetBulbC[m];
        // Pads run when the dry coil alone would not hold the supply (economizer or not: on
        // chillers they lower the condenser water).
        const double waterLPerJ =
            adiabaticWaterLPerJ(dryC, wetC, options.adiabaticEffectiveness,
                                options.adiabaticAirRiseK, options.latentHeatJPerKg);
        if (liquidKind == HeatRejection::Adiabatic) {
            setup.adiabaticSprayShare[m] =
                1.0 - economizerFraction(dryC, approachK(liquidKind), setup.liquidSupplyC,
                                         options.economizerBandK);
            setup.adiabaticWaterLPerJ[m] = waterLPerJ;
        }
        if (airKind == HeatRejection::Adiabatic) {
            setup.airAdiabaticSprayShare[m] =
                1.0 - economizerFraction(dryC, approachK(airKind), setup.airSupplyC,
                                         options.economizerBandK);
            setup.airAdiabaticWaterLPerJ[m] = waterLPerJ;
        }
        if (!design.economizer)
            continue;
        setup.liquidEconomizer[m] =
            economizerFraction(outdoorC(liquidKind, dryC, wetC), approachK(liquidKind),
                               setup.liquidSupplyC, options.economizerBandK);
        setup.airEconomizer[m] =
            economizerFraction(outdoorC(airKind, dryC, wetC), approachK(airKind), setup.airSupplyC,
                               options.economizerBandK);
    }
    // A chiller rejects through its loop's heat rejection.
    auto condenserC = [&](HeatRejection kind, double dryC, double wetC) {
        return condenserWaterC(outdoorC(kind, dryC, wetC), approachK(kind),
                               options.condenserRangeK);
    };
    for (size_t m = 0; m < 12; ++m) {
        const double dryC = climate.dryBulbC[m], wetC = climate.wetBulbC[m];
        setup.liquidCop[m] =
            chillerCopAtLift(setup.cop, setup.liquidSupplyC, condenserC(liquidKind, dryC, wetC),
                             options.chillerMinLiftK);
        setup.airCop[m] = chillerCopAtLift(
            setup.cop, setup.airSupplyC, condenserC(airKind, dryC, wetC), options.chillerMinLiftK);
    }
    const Site &site = project.site;
    const double hottestDry = *std::max_element(climate.dryBulbC.begin(), climate.dryBulbC.end());
    const double hottestWet = *std::max_element(climate.wetBulbC.begin(), climate.wetBulbC.end());
    setup.designFromSite = site.designDryBulbC && site.designWetBulbC;
    if (setup.designFromSite) {
        setup.designDryBulbC = *site.designDryBulbC;
        setup.designWetBulbC = *site.designWetBulbC;
        if (setup.designDryBulbC < hottestDry)
            diagnostics.warning("", "/site/designDryBulbC",
                                "the design dry bulb " + formatFixed(setup.designDryBulbC, 1) +
                                    " degC is below the hottest monthly mean " +
                                    formatFixed(hottestDry, 1) +
                                    " degC: a design hour is an extreme, not a mean");
    } else {
        setup.designDryBulbC = hottestDry + options.peakDryBulbOverHottestMonthK;
        setup.designWetBulbC = hottestWet + options.peakWetBulbOverHottestMonthK;
        assumptions.push_back("peak plant power at the hottest monthly means + " +
                              formatFixed(options.peakDryBulbOverHottestMonthK, 0) + " K dry / + " +
                              formatFixed(options.peakWetBulbOverHottestMonthK, 0) +
                              " K wet bulb, fitted on 13 ASHRAE stations (4.3 K worst error; no "
                              "/site/designDryBulbC, /site/designWetBulbC) [D]");
    }
    const double designDryC = setup.designDryBulbC, designWetC = setup.designWetBulbC;
    if (design.economizer) {
        setup.designLiquidEconomizer =
            economizerFraction(outdoorC(liquidKind, designDryC, designWetC), approachK(liquidKind),
                               setup.liquidSupplyC, 0);
        setup.designAirEconomizer = economizerFraction(outdoorC(airKind, designDryC, designWetC),
                                                       approachK(airKind), setup.airSupplyC, 0);
    }
    const double designLiquidCondenserC = condenserC(liquidKind, designDryC, designWetC);
    const double designAirCondenserC = condenserC(airKind, designDryC, designWetC);
    setup.designLiquidCop = chillerCopAtLift(setup.cop, setup.liquidSupplyC, designLiquidCondenserC,
                                             options.chillerMinLiftK);
    setup.designAirCop =
        chillerCopAtLift(setup.cop, setup.airSupplyC, designAirCondenserC, options.chillerMinLiftK);

    // Derating at the design hour. A dry (or adiabatic) cooler sees the loop's return, or the
    // chiller's condenser water when that is warmer, against the air entering its coil; a
    // tower sees approach + range against its rating.
    auto dryDerate = [&](HeatRejection kind, double supplyC, double riseK, double economizer,
                         double condenserWaterC) {
        double fluidInC = supplyC + riseK;
        if (economizer < 1)
            fluidInC = std::max(fluidInC, condenserWaterC);
        return capacityDerate(fluidInC - outdoorC(kind, designDryC, designWetC),
                              options.dryCoolerRatedItdK);
    };
    if (setup.liquidOnDryCoolers)
        setup.dryCoolerDerate = dryDerate(liquidKind, setup.liquidSupplyC, design.designDeltaTK,
                                          setup.designLiquidEconomizer, designLiquidCondenserC);
    if (!setup.airOnTowers)
        setup.airDryCoolerDerate = dryDerate(airKind, setup.airSupplyC, options.airLoopDeltaTK,
                                             setup.designAirEconomizer, designAirCondenserC);
    setup.towerDerate = capacityDerate(options.towerApproachK + options.condenserRangeK,
                                       options.towerRatedApproachPlusRangeK);

    // Water on dry coolers freezes in a cold month: the coldest hours are the coldest month's
    // mean less half the band.
    if ((setup.liquidOnDryCoolers && setup.type != CoolingType::Air) || !setup.airOnTowers) {
        const double coldestC =
            *std::min_element(climate.dryBulbC.begin(), climate.dryBulbC.end()) -
            options.economizerBandK / 2;
        if (coldestC < setup.coolant.freezeC)
            diagnostics.warning(
                "", "/cooling/coolant",
                "the facility loop runs through outdoor coolers down to about " +
                    formatFixed(coldestC, 0) + " degC, below the coolant's freezing point (" +
                    formatFixed(setup.coolant.freezeC, 0) +
                    " degC): use a glycol mix that stays liquid (pg25 -10, eg30 -15, pg40 -21 "
                    "degC)");
    }
    return setup;
}

double adiabaticAirC(double dryBulbC, double wetBulbC, double effectiveness)
{
    return dryBulbC - effectiveness * std::max(0.0, dryBulbC - wetBulbC);
}

double adiabaticWaterLPerJ(double dryBulbC, double wetBulbC, double effectiveness, double airRiseK,
                           double latentHeatJPerKg)
{
    constexpr double kLitresPerKg = 1.0 / 0.997;
    if (airRiseK <= 0 || latentHeatJPerKg <= 0)
        return 0;
    const double coolingK = effectiveness * std::max(0.0, dryBulbC - wetBulbC);
    return coolingK / (airRiseK * latentHeatJPerKg) * kLitresPerKg;
}

double capacityDerate(double actualK, double ratedK)
{
    if (ratedK <= 0)
        return 1;
    return std::clamp(actualK / ratedK, 0.05, 1.0);
}

HeatSplit splitRackHeat(CoolingType type, double liquidFraction, RackRole role,
                        bool liquidCooledRackType, double heatW)
{
    const bool computeLike = role == RackRole::Compute || liquidCooledRackType;
    double liquidShare = 0;
    switch (type) {
    case CoolingType::Air:
        liquidShare = 0;
        break;
    case CoolingType::DirectLiquid:
        liquidShare = computeLike ? liquidFraction : 0.0;
        break;
    case CoolingType::Immersion:
    case CoolingType::RearDoor:
        liquidShare = computeLike ? 1.0 : 0.0;
        break;
    }
    return {heatW * liquidShare, heatW * (1.0 - liquidShare)};
}

double chillerCopAtLift(double ratedCop, double chilledWaterC, double condenserWaterC,
                        double minLiftK)
{
    constexpr double kKelvin = 273.15;
    constexpr double kRatedChilledC = 6.67;    // 44 degF leaving chilled water
    constexpr double kRatedCondenserC = 34.61; // 94.3 degF leaving condenser water
    const double ratedCarnot = (kRatedChilledC + kKelvin) / (kRatedCondenserC - kRatedChilledC);
    const double lift = std::max(condenserWaterC - chilledWaterC, minLiftK);
    return ratedCop * ((chilledWaterC + kKelvin) / lift) / ratedCarnot;
}

double condenserWaterC(double outdoorC, double approachK, double rangeK)
{
    return outdoorC + approachK + rangeK;
}

double towerHeatW(const CoolingSetup &setup, double liquidW, double airW, double liquidEconomizer,
                  double airEconomizer, double liquidCop, double airCop)
{
    const double airChillerW = (1.0 - airEconomizer) * airW / airCop;
    double heatW = setup.airOnTowers ? airW + airChillerW : 0.0;
    if (!setup.liquidOnDryCoolers)
        heatW += liquidRejectedW(liquidW, liquidEconomizer, liquidCop);
    return heatW;
}

double towerWaterLPerJ(double evaporativeShare, double latentHeatJPerKg, double cycles)
{
    constexpr double kLitresPerKg = 1.0 / 0.997; // water near 25 degC
    const double evaporation = evaporativeShare / latentHeatJPerKg * kLitresPerKg;
    return evaporation * (1.0 + 1.0 / (cycles - 1.0));
}

double liquidRejectedW(double liquidW, double liquidEconomizer, double liquidCop)
{
    return liquidW + (1.0 - liquidEconomizer) * liquidW / liquidCop;
}

PlantPower plantPower(const CoolingSetup &setup, double liquidW, double airW,
                      double liquidEconomizer, double airEconomizer, double liquidCop,
                      double airCop, bool designHour)
{
    PlantPower power;
    const double liquidChillerW = (1.0 - liquidEconomizer) * liquidW / liquidCop;
    const double airChillerW = (1.0 - airEconomizer) * airW / airCop;
    power.chillerW = liquidChillerW + airChillerW;
    const double dryDerate = designHour ? setup.dryCoolerDerate : 1.0;
    const double towerDerate = designHour ? setup.towerDerate : 1.0;
    const double liquidRejectionFraction = setup.liquidOnDryCoolers
                                               ? setup.dryCoolerFanFraction / dryDerate
                                               : setup.towerFraction / towerDerate;
    const double airRejectionFraction =
        setup.airOnTowers
            ? setup.towerFraction / towerDerate
            : setup.dryCoolerFanFraction / (designHour ? setup.airDryCoolerDerate : 1.0);
    power.heatRejectionW = (liquidW + liquidChillerW) * liquidRejectionFraction +
                           (airW + airChillerW) * airRejectionFraction;
    power.pumpW =
        liquidW * (setup.cduPumpFraction + setup.liquidPumpFraction) + airW * setup.airPumpFraction;
    power.fanW = airW * setup.crahFanFraction;
    if (setup.type == CoolingType::RearDoor)
        power.fanW += liquidW * setup.rdhxFanFraction;
    return power;
}

} // namespace aidc

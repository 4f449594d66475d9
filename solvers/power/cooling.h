// SPDX-License-Identifier: Apache-2.0
#pragma once

// Cooling model (docs/power-model.md §5):
//   heat split   air: all to air; direct liquid: liquidFraction of compute (and liquid-cooled
//                rack types) to the liquid loop, the rest to air; immersion: all of it to the
//                liquid loop; rear door: all of the compute heat to the RDHx water coils.
//                Network, storage and management racks are air cooled. UPS and PDU losses are
//                air heat;
//   flow         Q = m cp dT: L/min = Q / (rho cp dT) x 60, at CoolingDesign::designDeltaTK;
//   economizer   a month is on free cooling when its outdoor temperature (dry bulb for dry
//                coolers, wet bulb for towers, the pre-cooled air for adiabatic coolers) +
//                approach is below the loop's supply water temperature, with a linear
//                transition over economizerBandK;
//   plant power  chiller = heat not free-cooled / COP; heat rejection = fan or tower power per
//                W rejected, at the design hour over the units' derating; pumps: the CDUs' per
//                W moved, the facility loops' flow x head / efficiency (coolant.h); fans (CRAH,
//                RDHx) per W moved;
//   chiller COP  the rated COP scaled by the Carnot COP of the lift (chillerCopAtLift), month by
//                month and at the design hour;
//   peak         one hour, so the economizer rule has no band: at the site's design dry and
//                wet bulb (Site::designDryBulbC/WetBulbC) when given, else at the hottest
//                monthly means + 9 K dry / + 4 K wet bulb (PowerOptions, fitted on ASHRAE
//                stations).

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/power/coolant.h"
#include "solvers/power/power.h"

#include <array>
#include <string>
#include <vector>

namespace aidc {

// Hours in each month of a non-leap year (8,760 in all).
const std::array<double, 12> &monthHours();

// Share of a month on free cooling: clamp(0.5 + (supply - outdoor - approach) / band, 0, 1);
// band 0 gives the plain rule "outdoor + approach <= supply".
double economizerFraction(double outdoorC, double approachK, double supplyWaterC, double bandK);

// COP of a water-cooled chiller leaving `chilledWaterC` and rejecting into condenser water
// leaving at `condenserWaterC`: the rated COP, taken at AHRI 550/590 standard conditions (6.67 degC
// leaving chilled water, 34.6 degC leaving condenser water) [ref:ahri-550-590], times the ratio
// of Carnot COPs T_chw / lift. The lift is floored at `minLiftK`: a compressor's fixed losses cap
// its COP at low lift [U].
double chillerCopAtLift(double ratedCop, double chilledWaterC, double condenserWaterC,
                        double minLiftK);

// Condenser water leaving a chiller whose heat goes out through a cooling tower (wet bulb +
// approach) or a dry cooler (dry bulb + approach), plus the condenser range.
double condenserWaterC(double outdoorC, double approachK, double rangeK);

// Air leaving an adiabatic cooler's pads: dry bulb - effectiveness x wet-bulb depression.
double adiabaticAirC(double dryBulbC, double wetBulbC, double effectiveness);

// Water an adiabatic cooler evaporates per J it rejects while its pads run, in L: the pads take
// effectiveness x (dry - wet) K out of an air flow that warms `airRiseK` across the coil, so
// m_water = Q x cooling / (airRise x latent heat).
double adiabaticWaterLPerJ(double dryBulbC, double wetBulbC, double effectiveness, double airRiseK,
                           double latentHeatJPerKg);

// Share of rated capacity a unit gives at `actualK` of driving temperature difference, rated
// at `ratedK` (linear in the difference; never above the rating) [U].
double capacityDerate(double actualK, double ratedK);

// Volume flow that carries `heatW` at a temperature rise `deltaTK`: Q / (rho cp dT), in L/min.
double coolantFlowLPerMin(double heatW, double deltaTK, double densityKgPerL, double cpKJPerKgK);

// The plant's units and figures, from the catalog or the options' defaults.
struct CoolingSetup
{
    CoolingType type = CoolingType::DirectLiquid;
    double liquidFraction = 0.8;
    HeatRejection liquidRejection = HeatRejection::DryCooler;
    bool liquidOnDryCoolers = true; // dry or adiabatic coolers (no tower on the liquid loop)
    HeatRejection airRejection = HeatRejection::CoolingTower; // the air loop's chillers
    bool airOnTowers = true;
    double liquidSupplyC = 32, airSupplyC = 18;
    std::array<double, 12> liquidEconomizer{}, airEconomizer{};
    // Adiabatic coolers: share of each month the pads run (the dry coil alone cannot hold the
    // supply) and the water they evaporate per J of the liquid loop's rejected heat then.
    std::array<double, 12> adiabaticSprayShare{}, adiabaticWaterLPerJ{};
    std::array<double, 12> airAdiabaticSprayShare{}, airAdiabaticWaterLPerJ{};
    Climate climate;  // the months the economizer and COP tables were computed from
    double cop = 6.5; // rated, at AHRI 550/590 conditions
    std::array<double, 12> liquidCop{}, airCop{}; // at each month's lift
    // The peak hour: the site's design conditions, or the hottest months + the fitted offsets.
    bool designFromSite = false;
    double designDryBulbC = 0, designWetBulbC = 0;
    double designLiquidEconomizer = 0, designAirEconomizer = 0;
    double designLiquidCop = 0, designAirCop = 0;
    // Units' capacity at the design hour over their rating (dry/adiabatic coolers, towers).
    double dryCoolerDerate = 1, towerDerate = 1;
    double airDryCoolerDerate = 1; // the air loop's dry or adiabatic coolers
    // Facility loops' pump W per W of heat (flow x head / efficiency), and the coolant.
    double liquidPumpFraction = 0, airPumpFraction = 0;
    CoolantProperties coolant;
    double chillerCapacityW = 0, cduCapacityW = 0, dryCoolerCapacityW = 0, towerCapacityW = 0,
           crahCapacityW = 0;
    double cduPumpFraction = 0, dryCoolerFanFraction = 0, towerFraction = 0, crahFanFraction = 0,
           rdhxFanFraction = 0;
    double rdhxRackLimitW = 0;
    std::string chillerPart, cduPart, dryCoolerPart, towerPart, crahPart, rdhxPart;
};

// Units: the project's named CDU and chiller, else for CDUs the largest catalog unit of at most
// a quarter of the largest hall's liquid heat `maxHallLiquidW` (so a hall has several duty
// units; the smallest when none is that small), and for the other kinds the largest unit.
CoolingSetup prepareCooling(const Project &project, const Catalog &catalog,
                            const PowerOptions &options, double maxHallLiquidW,
                            std::vector<std::string> &assumptions, Diagnostics &diagnostics);

struct HeatSplit
{
    double liquidW = 0, airW = 0;
};

HeatSplit splitRackHeat(CoolingType type, double liquidFraction, RackRole role,
                        bool liquidCooledRackType, double heatW);

struct PlantPower
{
    double chillerW = 0, heatRejectionW = 0, pumpW = 0, fanW = 0;
    double totalW() const { return chillerW + heatRejectionW + pumpW + fanW; }
};

// Electric power of the plant moving `liquidW` and `airW` with the given economizer shares and
// the chillers of each loop at the given COP; `designHour` runs the heat rejection at the
// units' derating (every unit at full fan).
PlantPower plantPower(const CoolingSetup &setup, double liquidW, double airW,
                      double liquidEconomizer, double airEconomizer, double liquidCop,
                      double airCop, bool designHour = false);

// Heat the liquid loop rejects outdoors: its heat plus its chillers' compressor heat.
double liquidRejectedW(double liquidW, double liquidEconomizer, double liquidCop);

// Heat the wet cooling towers reject: each loop that is on towers, with the compressor heat of
// its chillers.
double towerHeatW(const CoolingSetup &setup, double liquidW, double airW, double liquidEconomizer,
                  double airEconomizer, double liquidCop, double airCop);

// Make-up water of a wet cooling tower per J of heat it rejects, in L: evaporation (the share
// rejected as latent heat / the latent heat of water) plus blowdown (evaporation / (cycles of
// concentration - 1)). Drift is left out (< 0.005 % of the flow with eliminators [U]).
double towerWaterLPerJ(double evaporativeShare, double latentHeatJPerKg, double cycles);

} // namespace aidc

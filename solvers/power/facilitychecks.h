// SPDX-License-Identifier: Apache-2.0
#pragma once

// Facility checks (L0/L1) (docs/power-model.md §7). Each finding is a design violation
// (a Diagnostics warning), never an error:
//   rack   IT peak over RackType::maxPowerKW; air heat over airRackLimitKW (air, and the air
//          share of direct liquid); rear door heat over the RDHx rating; mass over
//          RackType::staticLoadKg; footprint pressure m g / (width x depth) and the load over
//          its floor cell m g / (pitch x row pitch, aisles included) over Hall::floorLoadKPa;
//          a rack outside the hall's width x length; the busbar current of a busbar-fed
//          rack over PowerOptions::rackBusbarLimitA (pointer /power/distribution);
//   hall   IT peak over powerCapacityMW; heat over coolingCapacityMW; racks' floor cells over
//          the usable area; all rack mass over the usable area above the floor rating;
//   site   facility peak over Site::utilityFeedMW; from Site::startDate on, facility peak over
//          the supply at each date it changes: the utility step in force plus the prime and
//          bridge generation running (backup units do not count) (PowerResult::supply).
// Rack findings are reported once per row and kind (count, worst rack id and value) with a JSON
// pointer to the project row (pinned racks), its pool (generated compute racks) or its hall;
// RackPower::violations keeps every rack's flags.

#include "model/project.h"
#include "solvers/layout/layout.h"
#include "solvers/power/cooling.h"
#include "solvers/power/power.h"

#include <vector>

namespace aidc {

constexpr double gravityMPerS2 = 9.80665;

// Fills each rack's floor figures and the halls' floor and area figures (rackAreaM2,
// usableAreaM2, massKg, floor loads); run before checkFacility().
void computeFloorLoads(const Project &project, const LayoutResult &layout, PowerResult &result);

void checkFacility(const Project &project, const LayoutResult &layout, const PowerOptions &options,
                   const CoolingSetup &cooling, const std::vector<const RackType *> &rackTypes,
                   PowerResult &result);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/facilitychecks.h"

#include "solvers/common/reportformat.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>

namespace aidc {

namespace {

const Hall *projectHall(const Project &project, const LayoutHall &hall, int &index)
{
    for (size_t i = 0; i < project.halls.size(); ++i) {
        if (project.halls[i].id == hall.id) {
            index = int(i);
            return &project.halls[i];
        }
    }
    index = -1;
    return nullptr;
}

double rowPitchM(const Project &project, const LayoutHall &hall)
{
    int index = -1;
    const Hall *found = projectHall(project, hall, index);
    return found ? found->rowPitchM : Hall{}.rowPitchM;
}

double floorRatingKPa(const Project &project, const LayoutHall &hall)
{
    int index = -1;
    const Hall *found = projectHall(project, hall, index);
    return found ? found->floorLoadKPa : Hall{}.floorLoadKPa;
}

std::string hallPointer(const Project &project, const LayoutHall &hall)
{
    int index = -1;
    projectHall(project, hall, index);
    return index >= 0 ? "/halls/" + std::to_string(index) : "";
}

// Where a rack finding points: the project row of a pinned rack, the pool of a generated
// compute rack (for power and weight, which the pool's servers per rack set), else the hall.
std::string rackPointer(const Project &project, const LayoutResult &layout, size_t rackIndex,
                        bool poolFirst)
{
    const PlacedRack &placed = layout.racks[rackIndex];
    const LayoutHall &hall = layout.halls[size_t(placed.hall)];
    int hallIndex = -1;
    const Hall *found = projectHall(project, hall, hallIndex);
    if (placed.pinned && found && size_t(placed.row) < hall.rows.size()) {
        const std::string &rowId = hall.rows[size_t(placed.row)].id;
        for (size_t r = 0; r < found->rows.size(); ++r) {
            if (found->rows[r].id == rowId)
                return "/halls/" + std::to_string(hallIndex) + "/rows/" + std::to_string(r);
        }
    }
    if ((poolFirst || hallIndex < 0) && placed.role == RackRole::Compute) {
        for (size_t p = 0; p < project.pools.size(); ++p) {
            if (project.pools[p].name == placed.pool)
                return "/compute/pools/" + std::to_string(p);
        }
    }
    return hallIndex >= 0 ? "/halls/" + std::to_string(hallIndex) : "";
}

struct KindText
{
    RackViolation kind;
    const char *what; // "IT peak over the rack rating"
    const char *unit; // "kW"
    bool poolFirst;
    const char *pointer = nullptr; // the project field that sets it, for every rack
};

const KindText kindTexts[] = {
    {RackOverRating, "IT peak over the rack type's power rating", "kW", true},
    {RackOverCoolingLimit, "heat over what the cooling carries per rack", "kW", true},
    {RackOverWeight, "mass over the rack type's static load rating", "kg", true},
    {RackOverFootprintLoad, "footprint load over the hall's floor rating", "kPa", false},
    {RackOverCellLoad,
     "load over the rack's floor cell (pitch x row pitch) above the floor "
     "rating",
     "kPa", false},
    {RackOutsideHall, "outside the hall's width x length", "m", false},
    {RackOverBusbarCurrent, "rack busbar current over its rating (rackBusbarLimitA)", "A", false,
     "/power/distribution"},
};

struct Group
{
    int count = 0;
    size_t worstRack = 0;
    double worstValue = 0, limit = 0;
};

std::string format(const char *pattern, double a, double b = 0)
{
    char text[128];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}

} // namespace

void computeFloorLoads(const Project &project, const LayoutResult &layout, PowerResult &result)
{
    std::vector<double> hallRowPitchM;
    for (const LayoutHall &hall : layout.halls)
        hallRowPitchM.push_back(rowPitchM(project, hall));
    for (size_t i = 0; i < result.racks.size() && i < layout.racks.size(); ++i) {
        RackPower &rack = result.racks[i];
        const PlacedRack &placed = layout.racks[i];
        if (size_t(rack.hall) >= result.halls.size())
            continue;
        const double weightKN = rack.massKg * gravityMPerS2 / 1e3;
        const double footprintM2 = placed.widthM * placed.depthM;
        const double cellM2 = placed.widthM * hallRowPitchM[size_t(rack.hall)];
        rack.footprintKPa = footprintM2 > 0 ? weightKN / footprintM2 : 0;
        rack.cellKPa = cellM2 > 0 ? weightKN / cellM2 : 0;
        HallPower &hall = result.halls[size_t(rack.hall)];
        hall.massKg += rack.massKg;
        hall.rackAreaM2 += cellM2;
        hall.maxFootprintKPa = std::max(hall.maxFootprintKPa, rack.footprintKPa);
        hall.maxCellKPa = std::max(hall.maxCellKPa, rack.cellKPa);
    }
    for (size_t h = 0; h < result.halls.size() && h < layout.halls.size(); ++h) {
        const LayoutHall &layoutHall = layout.halls[h];
        HallPower &hall = result.halls[h];
        int index = -1;
        const Hall *found = projectHall(project, layoutHall, index);
        hall.usableAreaM2 = layoutHall.usableAreaM2;
        if (hall.usableAreaM2 <= 0 && found && found->usableAreaM2)
            hall.usableAreaM2 = *found->usableAreaM2;
        if (hall.usableAreaM2 <= 0)
            hall.usableAreaM2 = 0.7 * layoutHall.widthM * layoutHall.lengthM;
        hall.floorAverageKPa =
            hall.usableAreaM2 > 0 ? hall.massKg * gravityMPerS2 / 1e3 / hall.usableAreaM2 : 0;
    }
}

void checkFacility(const Project &project, const LayoutResult &layout, const PowerOptions &options,
                   const CoolingSetup &cooling, const std::vector<const RackType *> &rackTypes,
                   PowerResult &result)
{
    std::map<std::tuple<int, int, unsigned>, Group> groups;
    auto flag = [&](size_t rackIndex, RackViolation kind, double value, double limit) {
        RackPower &rack = result.racks[rackIndex];
        rack.violations |= kind;
        Group &group = groups[{rack.hall, rack.row, unsigned(kind)}];
        if (group.count == 0 || value - limit > group.worstValue - group.limit) {
            group.worstRack = rackIndex;
            group.worstValue = value;
            group.limit = limit;
        }
        ++group.count;
    };

    const double airLimitW = options.airRackLimitKW * 1e3;
    for (size_t i = 0; i < result.racks.size() && i < layout.racks.size(); ++i) {
        const RackPower &rack = result.racks[i];
        if (size_t(rack.hall) >= layout.halls.size())
            continue;
        const PlacedRack &placed = layout.racks[i];
        const LayoutHall &hall = layout.halls[size_t(rack.hall)];
        const RackType *type = i < rackTypes.size() ? rackTypes[i] : nullptr;
        const double peakW = rack.peakW();
        if (type && type->maxPowerKW > 0 && peakW > type->maxPowerKW * 1e3 * (1 + 1e-9))
            flag(i, RackOverRating, peakW / 1e3, type->maxPowerKW);
        if (rack.airHeatW > airLimitW * (1 + 1e-9))
            flag(i, RackOverCoolingLimit, rack.airHeatW / 1e3, options.airRackLimitKW);
        else if (cooling.type == CoolingType::RearDoor && cooling.rdhxRackLimitW > 0 &&
                 rack.liquidHeatW > cooling.rdhxRackLimitW * (1 + 1e-9))
            flag(i, RackOverCoolingLimit, rack.liquidHeatW / 1e3, cooling.rdhxRackLimitW / 1e3);
        if (type && type->staticLoadKg > 0 && rack.massKg > type->staticLoadKg * (1 + 1e-9))
            flag(i, RackOverWeight, rack.massKg, type->staticLoadKg);
        if (rack.busCurrentA > options.rackBusbarLimitA * (1 + 1e-9))
            flag(i, RackOverBusbarCurrent, rack.busCurrentA, options.rackBusbarLimitA);
        const double ratingKPa = floorRatingKPa(project, hall);
        if (rack.footprintKPa > ratingKPa)
            flag(i, RackOverFootprintLoad, rack.footprintKPa, ratingKPa);
        if (rack.cellKPa > ratingKPa)
            flag(i, RackOverCellLoad, rack.cellKPa, ratingKPa);
        if (hall.widthM > 0 && hall.lengthM > 0) {
            const double halfWidthM = placed.widthM / 2;
            const double overM =
                std::max({0.0, halfWidthM - placed.xM, placed.xM + halfWidthM - hall.widthM,
                          -placed.yM, placed.yM + placed.depthM - hall.lengthM});
            if (overM > 1e-6)
                flag(i, RackOutsideHall, overM, 0);
        }
    }

    for (const auto &[key, group] : groups) {
        const auto &[hallIndex, rowIndex, kind] = key;
        const KindText *text = nullptr;
        for (const KindText &candidate : kindTexts) {
            if (unsigned(candidate.kind) == kind)
                text = &candidate;
        }
        const LayoutHall &hall = layout.halls[size_t(hallIndex)];
        const std::string rowId = size_t(rowIndex) < hall.rows.size()
                                      ? hall.rows[size_t(rowIndex)].id
                                      : std::to_string(rowIndex);
        const std::string &worstId = result.racks[group.worstRack].id;
        std::string detail =
            kind == RackOutsideHall
                ? format(" by %.2f m", group.worstValue)
                : format(": %.1f > %.1f ", group.worstValue, group.limit) + text->unit;
        std::string message;
        if (group.count == 1)
            message = "rack " + worstId + " (row " + rowId + ", hall " + hall.id +
                      "): " + text->what + detail;
        else
            message = "row " + rowId + " (hall " + hall.id + "): " + std::to_string(group.count) +
                      " racks " + text->what + ", worst " + worstId + detail;
        result.diagnostics.warning(
            "",
            text->pointer ? text->pointer
                          : rackPointer(project, layout, group.worstRack, text->poolFirst),
            message);
    }

    for (size_t h = 0; h < result.halls.size() && h < layout.halls.size(); ++h) {
        const HallPower &hall = result.halls[h];
        const std::string pointer = hallPointer(project, layout.halls[h]);
        const std::string prefix = "hall " + hall.id + ": ";
        if (hall.powerCapacityW && hall.peakW > *hall.powerCapacityW * (1 + 1e-9))
            result.diagnostics.warning("", pointer.empty() ? "" : pointer + "/powerCapacityMW",
                                       prefix +
                                           format("IT peak %.2f MW over the power capacity %.2f MW",
                                                  hall.peakW / 1e6, *hall.powerCapacityW / 1e6));
        if (hall.coolingCapacityW && hall.heatW > *hall.coolingCapacityW * (1 + 1e-9))
            result.diagnostics.warning("", pointer.empty() ? "" : pointer + "/coolingCapacityMW",
                                       prefix +
                                           format("heat %.2f MW over the cooling capacity %.2f MW",
                                                  hall.heatW / 1e6, *hall.coolingCapacityW / 1e6));
        if (hall.usableAreaM2 > 0 && hall.rackAreaM2 > hall.usableAreaM2 * (1 + 1e-9))
            result.diagnostics.warning(
                "", pointer.empty() ? "" : pointer + "/usableAreaM2",
                prefix + format("racks need %.0f m2 of floor (pitch x row pitch) but the hall "
                                "has %.0f m2 usable",
                                hall.rackAreaM2, hall.usableAreaM2));
        const double ratingKPa = floorRatingKPa(project, layout.halls[h]);
        if (hall.floorAverageKPa > ratingKPa)
            result.diagnostics.warning(
                "", pointer.empty() ? "" : pointer + "/floorLoadKPa",
                prefix + format("rack mass averaged over the usable area %.2f kPa over the "
                                "floor rating %.2f kPa",
                                hall.floorAverageKPa, ratingKPa));
    }

    if (project.site.utilityFeedMW && result.facilityPeakW > *project.site.utilityFeedMW * 1e6)
        result.diagnostics.warning(
            "", "/site/utilityFeedMW",
            format("facility peak %.2f MW over the contracted utility feed %.2f MW",
                   result.facilityPeakW / 1e6, *project.site.utilityFeedMW));
}

} // namespace aidc

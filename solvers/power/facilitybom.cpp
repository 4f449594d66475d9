// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/facilitybom.h"

#include "model/enumnames.h"
#include "solvers/power/powerchain.h"

#include <cmath>
#include <cstdio>

namespace aidc {

namespace {

std::string describe(const char *pattern, double value)
{
    char text[128];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

} // namespace

int buswayFeedsPerRow(const PowerDesign &design, const PowerOptions &options)
{
    if (options.buswayFeedsPerRow > 0)
        return options.buswayFeedsPerRow;
    const Redundancy redundancy = design.ups.redundancy;
    return redundancy == Redundancy::TwoN || redundancy == Redundancy::Distributed ? 2 : 1;
}

Bom facilityBom(const PowerResult &result, const LayoutResult &layout, const PowerDesign &design,
                const PowerOptions &options)
{
    Bom bom;
    const CoolingPlant &plant = result.cooling;
    for (const InstalledCapacity &capacity : result.capacities) {
        BomLine line;
        line.category = capacity.subsystem;
        line.part = capacity.part == "default" ? "default-" + capacity.subsystem : capacity.part;
        const std::string scheme = toString(capacity.redundancy);
        if (capacity.subsystem == "pdu")
            continue; // priced with the busway
        if (capacity.subsystem == "ups") {
            // Whole kilowatts: a purchase order, not a float (1.7958695652173913 MW).
            line.quantity = std::round(capacity.installedW / 1e3) / 1e3;
            line.unit = "MW";
            line.description =
                describe("UPS %.2f MW critical, ", capacity.criticalW / 1e6) + scheme;
        } else {
            line.quantity = capacity.unitsInstalled;
            line.description = capacity.subsystem +
                               describe(" %.0f kW per unit, ", capacity.unitRatingW / 1e3) + scheme;
            if (capacity.unitsInstalled > 0) {
                if (capacity.subsystem == "cdu")
                    line.unitPowerW = plant.pumpPeakW / capacity.unitsInstalled;
                else if (capacity.subsystem == "chiller")
                    line.unitPowerW = plant.chillerPeakW / capacity.unitsInstalled;
                else if (capacity.subsystem == "crah")
                    line.unitPowerW = plant.fanPeakW / capacity.unitsInstalled;
            }
        }
        if (line.quantity > 0)
            bom.push_back(line);
    }
    if (plant.rdhxUnits > 0) {
        BomLine line;
        line.category = "rdhx";
        line.part = "default-rdhx";
        line.description = "rear-door heat exchanger, one per compute rack";
        line.quantity = plant.rdhxUnits;
        line.unitPowerW = plant.fanPeakW / plant.rdhxUnits;
        bom.push_back(line);
    }

    double rowLengthM = 0;
    for (const LayoutHall &hall : layout.halls) {
        for (const LayoutRow &row : hall.rows) {
            double lengthM = row.lengthM;
            if (lengthM <= 0) {
                for (int rack : row.racks)
                    if (rack >= 0 && size_t(rack) < layout.racks.size())
                        lengthM += layout.racks[size_t(rack)].widthM;
            }
            rowLengthM += lengthM;
        }
    }
    if (rowLengthM > 0) {
        BomLine line;
        line.category = "busway";
        std::string pduPart;
        for (const ChainStage &stage : result.chain) {
            if (stage.stage == "pdu")
                pduPart = stage.part;
        }
        const bool dc = design.distribution == Distribution::Dc800V;
        line.part = pduPart.empty() || pduPart == "default" ? (dc ? "busway-800vdc" : "busway-ac")
                                                            : pduPart;
        const int feeds = buswayFeedsPerRow(design, options);
        line.description = std::string(dc ? "800 V DC" : "AC") + " row busway, " +
                           std::to_string(feeds) + " feed(s) per row";
        line.quantity = std::round(rowLengthM * feeds * 100) / 100; // whole centimetres
        line.unit = "m";
        bom.push_back(line);
    }
    return bom;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/fabric.h"

#include <algorithm>

namespace aidc {

namespace {

void requirePositive(Diagnostics &d, const std::string &path, double value, const char *fix)
{
    if (!(value > 0))
        d.error("", path, "must be greater than 0 (" + std::string(fix) + ")");
}

void requireNonNegative(Diagnostics &d, const std::string &path, double value)
{
    if (!(value >= 0))
        d.error("", path, "must not be negative");
}

} // namespace

Diagnostics CablingOptions::validate() const
{
    Diagnostics d;
    const std::string p = "cabling/";
    requirePositive(d, p + "rackHeightM", rackHeightM, "racks are 2.0-2.3 m tall");
    requireNonNegative(d, p + "trayAboveRackM", trayAboveRackM);
    requirePositive(d, p + "rackUnitM", rackUnitM, "one rack unit is 0.04445 m");
    requireNonNegative(d, p + "firstUnitAboveFloorM", firstUnitAboveFloorM);
    requireNonNegative(d, p + "slackPerEndM", slackPerEndM);
    requireNonNegative(d, p + "dressingFraction", dressingFraction);
    requireNonNegative(d, p + "reachMarginFraction", reachMarginFraction);
    requireNonNegative(d, p + "reachMarginMinM", reachMarginMinM);
    requireNonNegative(d, p + "crossoverSpacingM", crossoverSpacingM);
    requireNonNegative(d, p + "interHallAllowanceM", interHallAllowanceM);
    requirePositive(d, p + "structuredAboveM", structuredAboveM, "e.g. 50 m");
    requirePositive(d, p + "madeToOrderStepM", madeToOrderStepM, "e.g. 1 m");
    requirePositive(d, p + "fibresPerLink", fibresPerLink, "8 for 4-lane parallel optics");
    requirePositive(d, p + "trunkFibres", trunkFibres, "e.g. 144");
    if (trunkFibres > 0 && fibresPerLink > trunkFibres)
        d.error("", p + "trunkFibres", "a trunk must carry at least one link's fibres");
    requireNonNegative(d, p + "trunkDiameterMm", trunkDiameterMm);
    requireNonNegative(d, p + "trunkMassKgPerM", trunkMassKgPerM);
    requirePositive(d, p + "trunkLengthStepM", trunkLengthStepM, "e.g. 5 m");
    requirePositive(d, p + "patchPanelPorts", patchPanelPorts, "e.g. 48 MPO ports");
    if (jumperStockLengthsM.empty() ||
        !std::is_sorted(jumperStockLengthsM.begin(), jumperStockLengthsM.end()) ||
        jumperStockLengthsM.front() <= 0)
        d.error("", p + "jumperStockLengthsM",
                "must list positive lengths in ascending order, e.g. 1, 2, 3, 5 m");
    requireNonNegative(d, p + "jumperDiameterMm", jumperDiameterMm);
    requirePositive(d, p + "trayWidthM", trayWidthM, "e.g. 0.6 m");
    requirePositive(d, p + "trayDepthM", trayDepthM, "e.g. 0.1 m");
    if (!(trayFillLimit > 0 && trayFillLimit <= 1))
        d.error("", p + "trayFillLimit", "must be in (0, 1]; keep <= 0.4-0.5");
    requireNonNegative(d, p + "trayLoadLimitKgPerM", trayLoadLimitKgPerM);
    return d;
}

Diagnostics FabricOptions::validate() const
{
    Diagnostics d = cabling.validate();
    if (maxTiers < 1 || maxTiers > 6)
        d.error("", "maxTiers", "must be 1 to 6 (4 covers 2 million endpoints at radix 64)");
    for (const auto &[plane, target] : targetEndpoints) {
        if (target <= 0)
            d.error("", "targetEndpoints/" + plane, "must be a positive endpoint count");
    }
    requirePositive(d, "networkRackSwitchU", networkRackSwitchU, "e.g. 16 U");
    requirePositive(d, "defaultRackHeightU", defaultRackHeightU, "e.g. 42 U");
    if (pdusPerRack < 0)
        d.error("", "pdusPerRack", "must not be negative");
    requireNonNegative(d, "infinibandHopLatencyNs", infinibandHopLatencyNs);
    requireNonNegative(d, "ethernetHopLatencyNs", ethernetHopLatencyNs);
    return d;
}

} // namespace aidc

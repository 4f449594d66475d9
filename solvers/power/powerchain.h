// SPDX-License-Identifier: Apache-2.0
#pragma once

// The electrical chain from the utility to the boards' 12 V rails: stage selection from the
// catalog (with built-in defaults where it has none), load-dependent efficiencies, redundancy,
// the rack distribution path (conversion + busbar I^2 R + board converter), and the 12 V /
// 48 V / 800 V DC comparison (docs/power-model.md §3-§4).

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/power/power.h"

#include <string>
#include <vector>

namespace aidc {

// Efficiency of a curve at a load fraction: linear between points, held constant outside them,
// 1 for an empty curve. (A local copy of EfficiencyCurve::at, so this solver does not link the
// catalog library.)
double efficiencyAt(const EfficiencyCurve &curve, double loadFraction);

// Installed / critical for a scheme sized continuously: N 1, N+1 (m+1)/m, 2N 2, xN/y x/y
// [D]. m, x and y come from the UPS design.
double redundancyFactor(Redundancy redundancy, const UpsDesign &ups);

// Whole units installed when `needed` units carry the load: N n, N+1 n+1, 2N 2n,
// distributed ceil(n x/y).
int unitsWithRedundancy(int needed, Redundancy redundancy, const UpsDesign &ups);

// Enum names (N+1, 48V, ...) are model/enumnames.h's toString().
double nominalVoltageV(Distribution distribution); // 12, 48, 800

// One stage as the solver uses it: the catalog entry, or a built-in default.
struct StageModel
{
    std::string stage, variant;
    std::string part = "default"; // catalog id, or "default"
    EfficiencyCurve curve;
    bool insideItBoundary = false;
    bool present = true; // false: the chain has no such stage (UPS "none")

    double efficiency(double loadFraction) const
    {
        return present ? efficiencyAt(curve, loadFraction) : 1.0;
    }
};

// The stages outside the IT boundary for a design: MV switchgear, transformer (solid-state for
// 800 V DC), UPS (none for 800 V DC: storage floats on the DC bus) and PDU/busway.
struct FacilityStages
{
    StageModel switchgear, transformer, ups, pdu;
};

// The stages inside the rack for one distribution, and its busbar.
struct RackPath
{
    Distribution distribution = Distribution::Dc48V;
    StageModel conversion;   // PSU / power shelf / rack DC-DC, to the busbar voltage
    StageModel board;        // busbar voltage to 12 V rails (12 V: none)
    double busVoltageV = 48; // 12, 48, or PowerOptions::dc800RackBusV
    double busbarResistanceOhm = 0;
};

// Picks each stage from the catalog by stage and variant (project.power.transformer by id),
// appending a line to `assumptions` for every default used.
FacilityStages facilityStages(const Catalog &catalog, const PowerDesign &design,
                              Distribution distribution, std::vector<std::string> &assumptions);
RackPath rackPath(const Catalog &catalog, Distribution distribution, const PowerOptions &options,
                  std::vector<std::string> &assumptions);

// Losses of a rack path for a rack input power at a conversion load fraction.
struct RackPathFlow
{
    double inputW = 0, conversionLossW = 0, conductorLossW = 0, boardLossW = 0, railW = 0;
    double busCurrentA = 0;
    bool feasible = true; // false: the busbar cannot deliver the load (I^2 R runaway)
};

// Forward: rack input -> 12 V rails.
RackPathFlow rackPathFromInput(const RackPath &path, double inputW, double loadFraction);
// Backward: the rack input that delivers `railW`. The busbar is solved from
// P_in - P_in^2 R / V^2 = P_out; with 4 R P_out / V^2 > 1 no input suffices (feasible = false,
// the conductor term is then left out).
RackPathFlow rackPathForRails(const RackPath &path, double railW, double loadFraction);

} // namespace aidc

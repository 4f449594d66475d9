// SPDX-License-Identifier: Apache-2.0
#pragma once

// One bill-of-materials line, as produced by the fabric, power and cooling solvers and priced by
// the cost solver. Quantities are whole parts except where `unit` says otherwise ("m" of fibre).

#include <string>
#include <vector>

namespace aidc {

struct BomLine
{
    std::string category;    // "switch", "transceiver", "cable", "fiber", "patch-panel", ...
    std::string part;        // catalog id (price look-up key)
    std::string description; // e.g. "DAC 400G 2.0 m"
    std::string plane;       // fabric plane, or "" for site-wide items
    double quantity = 0;
    std::string unit = "each";
    double unitPowerW = 0; // per unit, at the power it draws in this design
    double lengthM = 0;    // cables: stock length of this line; 0 otherwise
    // Cables: links one physical cable carries (a 2-leg splitter: 2). `quantity` counts links, so
    // the orderable count is quantity / legs.
    int legs = 1;
};

using Bom = std::vector<BomLine>;

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Properties of the liquid loops' fluid (CoolingDesign::coolant) near 25 degC, the one table the
// flow, pump and freeze figures read (docs/power-model.md, section 5).

#include "model/project.h"

namespace aidc {

struct CoolantProperties
{
    double densityKgPerL = 0.997;
    double cpKJPerKgK = 4.18;
    double freezeC = 0.0; // freezing point of the mix
};

const CoolantProperties &coolantProperties(Coolant coolant);

// Electric W of a pump per W of heat a loop carries at a temperature rise `deltaTK` against
// `headKPa`: flow (Q / (rho cp dT)) x pressure / efficiency.
double pumpPowerPerHeatW(const CoolantProperties &fluid, double deltaTK, double headKPa,
                         double pumpEfficiency);

} // namespace aidc

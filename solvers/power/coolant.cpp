// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/coolant.h"

namespace aidc {

const CoolantProperties &coolantProperties(Coolant coolant)
{
    // Water: physical property. Propylene glycol by volume (Lange's specific gravities),
    // ethylene glycol by mass (CoreChem); heat capacities and freezing points are the commonly
    // used values of the makers' tables, not checked here [U] [ref:ashrae-fundamentals-glycol].
    static const CoolantProperties water{0.997, 4.18, 0.0};
    static const CoolantProperties pg25{1.020, 3.93, -10.0};
    static const CoolantProperties pg40{1.032, 3.65, -21.0};
    static const CoolantProperties eg30{1.040, 3.57, -15.0};
    switch (coolant) {
    case Coolant::Water:
        break;
    case Coolant::PropyleneGlycol25:
        return pg25;
    case Coolant::PropyleneGlycol40:
        return pg40;
    case Coolant::EthyleneGlycol30:
        return eg30;
    }
    return water;
}

double pumpPowerPerHeatW(const CoolantProperties &fluid, double deltaTK, double headKPa,
                         double pumpEfficiency)
{
    if (deltaTK <= 0 || pumpEfficiency <= 0)
        return 0;
    const double m3PerJ = 1.0 / (fluid.densityKgPerL * 1e3 * fluid.cpKJPerKgK * 1e3 * deltaTK);
    return m3PerJ * headKPa * 1e3 / pumpEfficiency;
}

} // namespace aidc

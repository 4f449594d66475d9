// SPDX-License-Identifier: Apache-2.0
#pragma once

// The site's power supply over time (docs/power-model.md, section 6b), run once the facility's
// peak and average power are known:
//   supply table  one point per date the supply changes (Site::startDate, utilitySteps,
//                 generation): grid + prime + bridge capacity against the facility peak; a
//                 short date is a warning pointing at what changed on it;
//   dispatch      the average load from prime units first, then the grid, then bridge units,
//                 each block at its availability;
//   energy        per year at the last supply date: grid MWh (billed at the tariff), fuel
//                 (heat rate x fuel price), O&M and CO2 of on-site generation; bridge power's
//                 totals over its dated periods. The power result's electricity cost, CO2, REF
//                 and CUE are restated from them;
//   availability  whether a utility interruption stops the job: islanding on prime generation,
//                 or UPS-carried IT and enough backup generators starting (binomial over the
//                 installed units), else every interruption does.

#include "model/project.h"
#include "solvers/power/power.h"

namespace aidc {

// P(at least `needed` of `installed` units start), each with probability `startReliability`.
double startProbability(int needed, int installed, double startReliability);

void solveSiteSupply(const Project &project, PowerResult &result);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Facility bill of materials for the cost solver, from a solved PowerResult:
//   transformer      each (installed units, with redundancy)
//   ups              MW installed
//   generator        each
//   cdu, chiller, dry-cooler, cooling-tower, crah, rdhx   each
//   busway           m: every layout row's length x feeds per row (A/B for 2N and distributed)
// `part` is the catalog id the solver used, or "default-<category>" when the catalog had none;
// unitPowerW is the unit's electric draw at peak where the model knows it (CDU pumps, chillers,
// CRAH fans), else 0.

#include "model/project.h"
#include "solvers/common/bom.h"
#include "solvers/layout/layout.h"
#include "solvers/power/power.h"

namespace aidc {

// Busway per row: PowerOptions::buswayFeedsPerRow, or 2 for 2N/distributed, else 1.
int buswayFeedsPerRow(const PowerDesign &design, const PowerOptions &options);

Bom facilityBom(const PowerResult &result, const LayoutResult &layout, const PowerDesign &design,
                const PowerOptions &options);

} // namespace aidc

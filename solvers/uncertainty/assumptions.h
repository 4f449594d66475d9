// SPDX-License-Identifier: Apache-2.0
#pragma once

// The assumption register (issue 19): the inputs and catalog figures that drive the headline
// figures of one evaluation, each with its value, unit, source, confidence class and whether
// the project states it, and how to move it for a sensitivity run.
//
// What is listed: the project inputs that are estimates rather than design choices (electricity
// price, cost of capital, detection/restart/repair times, checkpoint bandwidth share); for each
// pool its accelerator's peak and TDP and its server's nameplate power; every failure rate of
// the catalog; and every price behind at least 0.5 % of capex. Design choices (GPU counts,
// topology, cooling type) are not assumptions: the optimizer and sweeps vary them.
//
// Confidence classes are the catalog's ([V] vendor, [P] paper, [A] analyst, [S] secondary,
// [D] derived, [U] unverified engineering assumption) plus "project" for a value the project
// file states. A project input left at its default is [U]: the default is the tool's
// assumption, not the user's. Nothing here invents a source.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"

#include <functional>
#include <string>
#include <vector>

namespace aidc {

enum class AssumptionClass { Vendor, Paper, Analyst, Secondary, Derived, Unverified, Project };
const char *toString(AssumptionClass c); // "V", "P", "A", "S", "D", "U", "project"
AssumptionClass assumptionClass(Confidence confidence);

struct Assumption
{
    std::string id;    // stable key: "/site/electricityUsdPerKWh", "price:DGX-H100", ...
    std::string label; // "Electricity price"
    double value = 0;
    std::string unit;
    std::string source; // as recorded (catalog source text, "project file", field description)
    AssumptionClass confidence = AssumptionClass::Unverified;
    bool stated = false;      // the project states it (a field, catalogOverrides or a quote)
    std::string drives;       // the headline figures it moves, for the reader
    double relativeRange = 0; // +/- share of the value a sensitivity run applies
    // Scales the figure by `factor` in a copy of the project and its catalog.
    std::function<void(Project &, Catalog &, double factor)> scale;
};

// The register for `project` evaluated as `result` against `catalog` (base catalog + the
// project's overrides); `base` is the catalog without them, to tell stated figures apart.
std::vector<Assumption> assumptionRegister(const Project &project, const Catalog &base,
                                           const Catalog &catalog, const Result &result);

} // namespace aidc

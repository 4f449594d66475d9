// SPDX-License-Identifier: Apache-2.0
#pragma once

// Pareto dominance over objective vectors that are all minimised (a maximised metric enters
// negated), with Deb's constrained domination: a feasible point beats an infeasible one, and
// of two infeasible points the one that misses its constraints by less wins [ref:deb-2002].

#include <cstddef>
#include <vector>

namespace aidc {

struct ParetoPoint
{
    std::vector<double> costs; // minimised, one per objective
    double violation = 0;      // 0 = feasible; otherwise how far from feasible (>0)
};

// a dominates b: no worse in every objective and better in one (both feasible), or by
// feasibility and violation as above.
bool dominates(const ParetoPoint &a, const ParetoPoint &b);

// Fast non-dominated sorting: the front index (0 = non-dominated) of every point.
std::vector<int> nondominatedRanks(const std::vector<ParetoPoint> &points);

// Crowding distance of each point within its front [ref:deb-2002]: the sum over objectives of
// the normalised gap between its neighbours; the ends of a front get infinity.
std::vector<double> crowdingDistances(const std::vector<ParetoPoint> &points,
                                      const std::vector<std::size_t> &front);

// The knee of a front: the member closest (Euclidean) to the ideal point after each objective
// is scaled to 0..1 over the front; index into `front`.
std::size_t kneeIndex(const std::vector<ParetoPoint> &points,
                      const std::vector<std::size_t> &front);

} // namespace aidc

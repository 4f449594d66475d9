// SPDX-License-Identifier: Apache-2.0
// Pareto dominance, non-dominated sorting, crowding and the knee on hand-made points
// (issue 24; definitions of Deb et al., NSGA-II, IEEE TEC 6(2), 2002).

#include "solvers/optimize/pareto.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace aidc;

TEST_CASE("dominance is Pareto for feasible points and by violation otherwise", "[optimize]")
{
    const ParetoPoint a{{1, 2}, 0}, b{{2, 2}, 0}, c{{0, 3}, 0};
    CHECK(dominates(a, b));
    CHECK_FALSE(dominates(b, a));
    CHECK_FALSE(dominates(a, c)); // a trade-off: neither dominates
    CHECK_FALSE(dominates(c, a));
    CHECK_FALSE(dominates(a, a)); // equal points do not dominate each other
    const ParetoPoint infeasible{{0, 0}, 0.5}, worse{{0, 0}, 2};
    CHECK(dominates(b, infeasible)); // feasible beats infeasible whatever the costs
    CHECK(dominates(infeasible, worse));
    CHECK_FALSE(dominates(worse, infeasible));
}

TEST_CASE("non-dominated sorting ranks fronts in order", "[optimize]")
{
    // Front 0: (1,4) (2,2) (4,1); front 1: (3,3) (5,2); front 2: (5,5); infeasible last.
    const std::vector<ParetoPoint> points{{{3, 3}, 0}, {{1, 4}, 0}, {{5, 5}, 0}, {{2, 2}, 0},
                                          {{4, 1}, 0}, {{5, 2}, 0}, {{0, 0}, 1}};
    const std::vector<int> rank = nondominatedRanks(points);
    CHECK(rank == std::vector<int>{1, 0, 2, 0, 0, 1, 3});
}

TEST_CASE("crowding gives the ends infinity and the middle its normalised gaps", "[optimize]")
{
    const std::vector<ParetoPoint> points{{{0, 4}, 0}, {{1, 2}, 0}, {{4, 0}, 0}};
    const std::vector<double> d = crowdingDistances(points, {0, 1, 2});
    CHECK(std::isinf(d[0]));
    CHECK(std::isinf(d[2]));
    // Objective 1: (4 - 0) / 4 = 1; objective 2: (4 - 0) / 4 = 1.
    CHECK(d[1] == Approx(2.0));
}

TEST_CASE("the knee is the member closest to the ideal point after scaling", "[optimize]")
{
    // Scaled: (0,1) (0.1,0.2) (1,0): the middle one is at distance sqrt(0.05).
    const std::vector<ParetoPoint> points{{{0, 10}, 0}, {{1, 2}, 0}, {{10, 0}, 0}};
    CHECK(kneeIndex(points, {0, 1, 2}) == 1);
}

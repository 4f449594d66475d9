// SPDX-License-Identifier: Apache-2.0
#pragma once

// Graph metrics of one generated plane, computed on a Boost.Graph compressed-sparse-row copy of
// the plane (docs/fabric-model.md §3):
//   - per tier: switches, down/up links and unused ports from each switch's neighbours;
//     oversubscription = down links / up links; end-to-end = endpoints / the fewest links
//     crossing any tier boundary;
//   - bisection = r/2 x min(endpoints, fewest links across a tier boundary) (N r / 2 when
//     non-blocking [glossary]); exact for these symmetric trees when the halves split along
//     pods, a formula on graph counts rather than a min-cut;
//   - hop counts: breadth-first search from three representative endpoints (first, middle and
//     last of the plane; fat trees are symmetric, so all-pairs is not needed), classified
//     into same rail group and rail, same island, and across islands; diameter = the largest;
//   - failure blast: one switch of each tier removed (the first of the tier, all of a tier
//     being alike), connected components found by BFS; endpoints outside the largest
//     component lose connectivity.

#include "solvers/fabric/fabric.h"

namespace aidc {

// Fills tierStats (without power), endToEndOversubscription, bisection, hop statistics and
// failures of `plane` from plane.topology.
void measurePlane(PlaneResult &plane);

} // namespace aidc

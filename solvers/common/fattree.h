// SPDX-License-Identifier: Apache-2.0
#pragma once
// The port-split and fan-out rules of a folded Clos (fat tree), shared by the fabric solver,
// which builds the plane (solvers/fabric/topology.cpp), and the layout, which reserves network
// racks for it before the fabric exists (solvers/layout/layout.cpp). docs/fabric-model.md §3.

#include <cstdint>
#include <vector>

namespace aidc {

// Down ports of a radix-k switch split at o:1 (down = k*o/(o+1), rounded so the ratio is never
// worse than asked) [D].
int fatTreeDownPorts(int radix, double oversubscription);

// Uplinks a switch with `down` used down ports needs at o:1 ("sized for N/o ports").
int fatTreeUpPorts(int down, double oversubscription);

// The smallest divisor m of `up` that gives each parent at most `limit` ports for `children`
// child pods with up/m links each; 0 when none does.
int fatTreeTopFanOut(int up, std::int64_t children, int limit);

// Switches per tier (index 0 = leaves) of a plane whose `leaves` leaf switches each have
// `leafUpPorts` uplinks, built by the rules of solvers/fabric/topology.h without rail groups or
// islands: below the top a tier-j pod holds down_j tier-(j-1) pods and u_(j-1) switches per
// position; the top tier holds every pod with the smallest even fan-out. `tiers` = 0 picks the
// fewest tiers whose top fits the radix, at most `maxTiers`. `rails` > 1: below the top, a
// tier-2 pod's spines come in one group per rail (FabricPlane::spinesPerRail). An estimate for
// rack space: the fabric solver computes the exact counts.
std::vector<std::int64_t> fatTreeTierSwitches(std::int64_t leaves, int leafUpPorts, int radix,
                                              const std::vector<double> &oversubscription,
                                              int tiers, int maxTiers, int rails = 1);

} // namespace aidc

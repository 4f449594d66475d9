// SPDX-License-Identifier: Apache-2.0
#pragma once

// Hand-built catalog and projects for the fabric tests, independent of catalogs/data so the
// expected figures below stay hand-computable. Figures carry their sources in fabricfixtures.cpp.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/fabric/fabric.h"
#include "solvers/fabric/syntheticlayout.h"

#include <cstdint>
#include <vector>

namespace aidc::test {

// QM9700-like 64 x 400G (747 W base), a 48-port switch for the k = 48 vectors, SN5600-like
// 64 x 800G, 200G and 1G Ethernet switches; a 400G/200G/1G media ladder whose SR optics draw
// 11.75 W per end (QM9700 full of optics: 747 + 64 x 11.75 = 1,499 W); DGX H100.
Catalog fabricCatalog();

// The same with single-port (one link per module) 400G optics.
Catalog singlePortOpticsCatalog();

// A project with one pool of `servers` DGX H100 and one plane.
Project projectWith(int servers, const FabricPlane &plane);

// A backend plane with the given leaf placement (InfiniBand, QM9700, 400G, rail-optimized).
FabricPlane backendPlane(LeafPlacement placement = LeafPlacement::NetworkRack);

// A synthetic layout for `servers` DGX H100, 4 per rack, with network racks for `placement`
// and `dedicatedNetworkRacks` racks in network rows at the front.
LayoutResult layoutFor(int servers, LeafPlacement placement, int dedicatedNetworkRacks,
                       int serversPerRack = 4);

// Links of the plane (per copy) on the medium with id `medium`.
std::int64_t mediumLinks(const PlaneResult &p, const std::string &medium);

// Hosts with `ports` endpoints each, not placed in any rack (topology-only tests).
std::vector<FabricHost> bareHosts(std::int64_t count, int ports, int gpus = 0);

} // namespace aidc::test

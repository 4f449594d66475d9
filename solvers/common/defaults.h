// SPDX-License-Identifier: Apache-2.0
#pragma once

// The documented defaults of a project (docs/project-format.md, "Defaults"), applied once by the
// pipeline so that every solver sees the same concrete design:
//  - no fabric planes: a rail-optimized backend plane at the GPUs' NIC speed, a frontend plane
//    (2 x 200G per server), a storage plane (2 x 200G per server) and an OOB plane (1 GbE);
//  - a plane without a switch: the catalog switch of the plane's technology that takes the
//    plane's port speed natively or by breakout with the largest radix;
//  - a pool without a server: its accelerator's default server;
//  - a site without a climate (all zeros): referenceClimate().
// Catalog references that do not resolve are left as they are (the reference check reports them).

#include "catalogs/catalog.h"
#include "model/project.h"

namespace aidc {

Project withDefaults(const Project &project, const Catalog &catalog);

// The temperate monthly climate used when a project gives none.
Climate referenceClimate();

const SwitchModel *defaultSwitchFor(const FabricPlane &plane, const Catalog &catalog);

// The rack a pool's servers go in when the project names none: the server's default rack; on a
// direct-liquid site, when that rack is air-cooled, the catalog's liquid-cooled rack of the same
// footprint and at least its height (cold-plate servers need a rack with manifolds); null when
// the catalog has neither.
const RackType *computeRackTypeFor(const Server &server, const CoolingDesign &cooling,
                                   const Catalog &catalog);

// Rack units a rack's power shelves take: two 1U shelves (N+N) in every rack fed by a 48 V
// busbar or 800 V DC, none on 12 V (zero-U PDUs feed the servers' PSUs) and none for a rack-scale
// system (its shelves are inside its own frame). They sit directly above the servers or storage
// nodes (which stack from U1), at the bottom of a rack without them: the fabric keeps their units
// free of switches, the rack elevation draws them there and the NetBox export places them there
// [U: engineering assumption].
int rackPowerShelfUnits(Distribution distribution, bool rackScaleSystem);

} // namespace aidc

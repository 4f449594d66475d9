// SPDX-License-Identifier: Apache-2.0
#pragma once

// IT power build-up per rack (docs/power-model.md §2):
//   compute rack  = GPUs x TDP x gpuLoadFactor + servers x Server::nonGpuPowerW
//                   (+ for busbar-fed rack-scale systems, the rack distribution's extra loss
//                   vs the nameplate distribution; servers with their own AC PSUs keep the
//                   vendor figure, which includes the PSUs);
//   network rack  = switches the fabric solver placed in it + an even share of network power
//                   not tied to a rack;
//   storage rack  = an even share of NetworkLoad::storagePowerW, else storageRackPowerW;
//   management    = managementRackPowerW.
// Power no rack carries (network or storage without racks of their role) is counted per hall by
// GPU share, and PowerDesign::otherItFraction x the hall's bottom-up IT is added per hall.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/layout/layout.h"
#include "solvers/power/power.h"
#include "solvers/power/powerchain.h"

#include <string>
#include <vector>

namespace aidc {

struct ItBuildUp
{
    std::vector<RackPower> racks;            // peak IT and mass, in layout order
    std::vector<const RackType *> rackTypes; // per rack, nullptr when unknown
    std::vector<ItBreakdown> hallUnplaced;   // per layout hall, outside any rack (incl. other)
    std::vector<int> hallGpus;               // per layout hall
    // Compute racks, for the distribution comparison and the in-IT conversion losses.
    int computeRacks = 0;
    double computeNameplateW = 0; // sum of compute rack power at the nameplate distribution
    double meanConversionLoadFraction = 0.5;
    double itConversionLossW = 0; // rack conversion + busbar + board
    double rackConversionLossW = 0, busbarLossW = 0, boardLossW = 0;
    double busbarFedW = 0; // compute rack input through the design's rack busbar (rack-scale)
    std::vector<std::string> ownPsuServers; // server ids that take AC through their own PSUs
};

// `nameplate` is the path the catalog power of busbar-fed systems assumes (and the in-server
// path of servers with their own PSUs), `design` the project's distribution.
ItBuildUp buildItPower(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                       const NetworkLoad &network, const PowerOptions &options,
                       const RackPath &nameplate, const RackPath &design, Diagnostics &diagnostics);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Synthetic floor plans for fabric tests and benchmarks, so they do not depend on the layout
// solver: `halls` equal halls, each with dedicated network rows at the front (y = 0 first),
// then rows of compute racks; middle-of-row network racks in every group of compute racks (MoR) or
// network racks at both row ends (EoR) when asked. Geometry defaults are [U] engineering values
// (600 mm compute racks, 800 mm network racks, 3.6 m row pitch).

#include "model/project.h"
#include "solvers/layout/layout.h"

#include <string>

namespace aidc {

struct SyntheticLayoutSpec
{
    std::string pool = "gpu";
    std::string server = "DGX-H100";
    std::string accelerator = "H100-SXM";
    std::string computeRackType = "Rack-42U-Air";
    std::string networkRackType = "Rack-42U-Network";
    int servers = 0; // servers of the pool, in racks of serversPerRack
    int serversPerRack = 4;
    int gpusPerServer = 8;
    int computeRacksPerRow = 24;
    LeafPlacement placement = LeafPlacement::NetworkRack; // which network racks rows get
    int morGroupRacks = 8;         // MoR: compute racks per middle network rack
    int eorRacksPerEnd = 1;        // EoR: network racks at each row end
    int dedicatedNetworkRacks = 0; // racks in network rows at the front (leaves/spines), total
    int halls = 1;                 // servers and network racks split evenly over the halls
    int networkRowRacks = 24;
    double rackPitchM = 0.6;
    double networkRackPitchM = 0.8;
    double rowPitchM = 3.6;
};

LayoutResult makeSyntheticLayout(const SyntheticLayoutSpec &spec);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Rack elevation: what sits at which U of one rack, for the GUI's view (ui/rackelevation.h) and
// the drawings (aidc draw). Qt-free.
//
// With the fabric solver's result (FabricResult::rackSwitchRuns) the rack shows the switches
// the fabric actually placed in it, every plane and tier: one item per physical switch
// (parallel plane copies included), labelled "<plane> <tier> (<catalog switch model>)", as
// high as the plane's catalog switch (PlaneResult::switchHeightU), stacked from the top of the
// rack down in the solver's order, so the U positions are the ones the fabric cables from.
// Switches that do not fit in the rack's height (what the fabric reports as a violation)
// become one note per plane. Around them:
//   - compute racks: servers (catalog height) from U1 up, a 1U fibre patch panel below the
//     switches (ToR/MoR leaves and OOB switches the fabric placed there are the switches);
//     a rack-scale system (NVL72) is one item as high as its frame, with its own power shelves
//     and switch trays inside, and nothing else;
//   - network racks: the fabric's leaves/spines/cores, then 4 x 1U fibre patch panels;
//   - storage racks: the layout's storage nodes from U1 up, the fabric's switches on top;
//   - management racks: the fabric's switches.
// Without a fabric result (not computed yet, failed, or computed on another layout) the old
// estimate is drawn: network racks show the switch slots the layout reserves
// (LayoutOptions::switchesPerNetworkRack, height from the first backend plane's switch),
// compute racks one leaf per ToR plane, storage and management racks a 1U switch.
// Racks on 48 V busbar or 800 V DC get two 1U power shelves (N+N) directly above their servers
// or storage nodes (at the bottom of other racks), where the fabric keeps them free
// (rackPowerShelfUnits); 12 V racks feed each server's PSUs from zero-U PDUs.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/fabric/fabric.h"
#include "solvers/layout/layout.h"

#include <string>
#include <vector>

namespace aidc {

struct ElevationItem
{
    enum class Kind { Server, Switch, Appliance, PatchPanel, PowerShelf, Storage, Blank };
    int firstU = 1; // bottom U, 1-based
    int heightU = 1;
    Kind kind = Kind::Blank;
    std::string label;
};

struct RackElevation
{
    std::string rackId;
    std::string rackType;
    int heightU = 42;
    std::vector<ElevationItem> items; // bottom to top, not overlapping
    std::vector<std::string> notes;   // zero-U parts, overflow
    bool fromFabric = false;          // switches as the fabric solver placed them
};

// `rack` is an element of `layout.racks`; `fabric` the fabric result of the same evaluation
// (nullptr, or a result computed on another layout: the layout's reserved slots are drawn).
RackElevation rackElevation(const PlacedRack &rack, const Project &project,
                            const LayoutResult &layout, const Catalog *catalog,
                            const FabricResult *fabric, const LayoutOptions &options = {});

} // namespace aidc

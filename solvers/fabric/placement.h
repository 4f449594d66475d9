// SPDX-License-Identifier: Apache-2.0
#pragma once

// Where switches go: the free rack space of a layout and the nearest-network-rack search the
// fabric solver places leaves and spines with (rules in docs/fabric-model.md §4):
//   - ToR leaves take the top units of their own compute rack;
//   - MoR/EoR/network-rack leaves take the network rack nearest (Manhattan, along the trays)
//     to the centroid of their endpoints that still has room;
//   - tier >= 2 switches take the network rack nearest to the centroid of what they connect,
//     preferring dedicated network rows (rows without compute racks, the layout's spine rows);
//     without such rows any network rack with room;
//   - switches stack from the top of a rack down; network racks offer
//     FabricOptions::networkRackSwitchU units.

#include "catalogs/catalog.h"
#include "solvers/layout/layout.h"

#include <string>
#include <vector>

namespace aidc {

struct FabricOptions;

struct RackSite
{
    double xM = 0, yM = 0; // in its hall
    int hall = 0;
    int row = -1; // index into RackSpace::rows()
    int slot = 0;
    int heightU = 42;
    int freeU = 0; // units still free for switches
    int topU = 42; // highest free unit (switches stack downwards from here)
    RackRole role = RackRole::Compute;
};

struct RackRow
{
    std::string id;
    int hall = 0;
    double xM = 0, yM = 0; // origin
    double pitchM = 0.6;   // mean rack pitch along the row
    int slots = 0;
    bool hasCompute = false;
};

class RackSpace
{
public:
    // `distribution` decides the power shelves each rack keeps free of switches
    // (rackPowerShelfUnits).
    RackSpace(const LayoutResult &layout, const Catalog &catalog, const FabricOptions &options,
              Distribution distribution);

    const std::vector<RackSite> &racks() const { return m_racks; }
    const std::vector<RackRow> &rows() const { return m_rows; }
    // A hall's corner in site coordinates (m), where the layout placed it: cables between halls
    // leave and enter there.
    double hallOriginXM(int hall) const;
    double hallOriginYM(int hall) const;
    int networkRacks() const { return m_networkRacks; }

    // Takes `heightU` units at the top of `rack`; returns the lowest unit taken. `fits` turns
    // false when the rack has no room left (the switch is still recorded there): a compute
    // rack beyond its free units, a network rack beyond its height.
    int takeTop(int rack, int heightU, bool &fits);

    // Index of the network rack nearest to (x, y) in `hall` with `heightU` free units, or -1.
    // dedicatedOnly: only racks in rows without compute racks.
    int nearestNetworkRack(int hall, double xM, double yM, int heightU, bool dedicatedOnly);

private:
    struct CandidateRow
    {
        double yM = 0;
        bool dedicated = false;
        std::vector<int> racks; // rack indices sorted by x
        std::vector<double> xs;
        std::vector<int> nextRight; // path-compressed skip over full racks (size n + 1)
        std::vector<int> nextLeft;  // same, shifted by one (index 0 = none)
    };

    int findRight(CandidateRow &row, int i);
    int findLeft(CandidateRow &row, int i);
    void searchRow(CandidateRow &row, double xM, double yM, int heightU, double &best,
                   int &bestRack);

    std::vector<RackSite> m_racks;
    std::vector<RackRow> m_rows;
    std::vector<double> m_hallOriginXM, m_hallOriginYM;
    std::vector<std::vector<CandidateRow>> m_hallRows; // per hall, sorted by y
    int m_networkRacks = 0;
};

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Layout solver: gives every rack of the project a position on a hall floor.
//
// Rows the user wrote in the project are kept exactly (pinned). Servers of pools that are not
// yet in a pinned rack are packed into racks (servers per rack from the pool, else the server's
// catalog default, else as many as the rack's power rating allows), and those racks into new rows
// of halls sized by the hall's area, power and cooling limits. Network racks go where each
// plane's leaf placement puts them:
//   ToR          leaves inside the compute racks (no network racks),
//   MoR          one network rack in the middle of every group of `morGroupRacks` compute racks,
//   EoR          network racks at both ends of every compute row,
//   NetworkRack  dedicated network rows (rail leaves and spines) at the hall's front.
// The dedicated rows also hold the service racks: storage (all in the first hall that takes
// automatic racks) and management (one per `computeRacksPerManagementRack` compute racks of a
// hall, at least one per hall).
// Geometry defaults are [U] engineering values (600 mm racks, 800 mm network racks,
// 1.2 m deep racks, 1.2 m aisles).

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"

#include <string>
#include <vector>

namespace aidc {

struct LayoutOptions
{
    int morGroupRacks = 8;            // compute racks served by one middle-of-row network rack
    int maxRacksPerRow = 24;          // longest row the layout will create
    double networkRackPitchM = 0.8;   // 800 mm network racks
    double hallMarginM = 3.0;         // clear space along the walls
    int switchesPerNetworkRack = 12;  // 1U switches per network rack: 12 x ~1.3 kW fit a 20 kW rack
    int maxRowsPerGeneratedHall = 40; // a generated hall holds at most this many rows
    // Service racks in the dedicated rows at the front of a hall:
    int storageNodes = 0;                   // storage nodes to place (the pipeline sizes them)
    int storageNodesPerRack = 16;           // 2U all-flash nodes per rack [U]
    int computeRacksPerManagementRack = 64; // head, login and scheduler nodes [U]
    double hallGapM = 20.0;                 // corridor between generated halls on the site
};

struct PlacedRack
{
    std::string id;                // unique over the project, e.g. "H1-R03-12"
    int hall = 0;                  // index into LayoutResult::halls
    int row = 0;                   // index into LayoutHall::rows
    int slot = 0;                  // position along the row, 0-based
    double xM = 0, yM = 0;         // centre of the rack front, hall coordinates
    double siteXM = 0, siteYM = 0; // the same point in site coordinates (hall origin added)
    double widthM = 0.6, depthM = 1.2;
    RackRole role = RackRole::Compute;
    std::string rackType; // catalog rack id
    std::string pool;     // compute racks
    int servers = 0;
    int gpus = 0;
    bool pinned = false; // came from the project as written
};

struct LayoutRow
{
    std::string id;
    double xM = 0, yM = 0; // origin (first rack's left front corner)
    double lengthM = 0;
    std::vector<int> racks; // indices into LayoutResult::racks, in slot order
};

struct LayoutHall
{
    std::string id, name;
    double widthM = 0, lengthM = 0;
    double originXM = 0, originYM = 0; // the hall's corner in site coordinates (halls side by side)
    double usableAreaM2 = 0;
    bool generated = false; // the project gave no hall; the solver sized this one
    std::vector<LayoutRow> rows;
};

struct PoolLayout
{
    std::string pool;
    std::string server; // catalog server id actually used
    std::string accelerator;
    int servers = 0;
    int serversPerRack = 0;
    int racks = 0;
    int gpus = 0;
};

struct LayoutResult
{
    std::vector<LayoutHall> halls;
    std::vector<PlacedRack> racks;
    std::vector<PoolLayout> pools;
    Diagnostics diagnostics;

    int countRacks(RackRole role) const;
};

LayoutResult solveLayout(const Project &project, const Catalog &catalog,
                         const LayoutOptions &options);

// Writes a solved layout into the project as pinned halls and rows, so the user can refine it
// (move racks and rows, insert or delete rows). Solving the pinned project again yields the same
// rack positions. Generated halls become project halls.
Project pinLayout(const Project &project, const LayoutResult &layout);

// The project form of placed parts, as pinLayout() writes them: a hall without its rows, a row
// without its racks, a rack slot.
Hall hallOf(const LayoutHall &hall);
Row rowOf(const LayoutRow &row);
RackSlot rackSlotOf(const PlacedRack &rack);

} // namespace aidc

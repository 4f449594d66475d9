// SPDX-License-Identifier: Apache-2.0
#include "layout.h"

#include "model/enumnames.h"
#include "solvers/common/defaults.h"
#include "solvers/common/fattree.h"
#include "solvers/common/planeports.h"
#include "solvers/common/reportformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace aidc {

int LayoutResult::countRacks(RackRole role) const
{
    return int(std::count_if(racks.begin(), racks.end(),
                             [role](const PlacedRack &rack) { return rack.role == role; }));
}

namespace {

struct PoolPlan
{
    std::string name;
    const Server *server = nullptr;
    const Accelerator *gpu = nullptr;
    const RackType *rackType = nullptr;
    int servers = 0;
    int serversPerRack = 1;
    int unplacedServers = 0;
    int racks = 0;
    std::string hall;
    std::string jsonPath;
};

std::string rackId(const std::string &hall, int row, int slot)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "-R%02d-%02d", row + 1, slot + 1);
    return hall + buffer;
}

std::string formatMW(double watts)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f MW", watts / 1e6);
    return buffer;
}

// The network rack type: the catalog's rack flagged for network use by its id, else the widest.
const RackType *networkRackType(const Catalog &catalog)
{
    const RackType *best = nullptr;
    for (const RackType &type : catalog.rackTypes) {
        if (type.id.find("network") != std::string::npos ||
            type.id.find("Network") != std::string::npos)
            return &type;
        if (!best || type.widthMm > best->widthMm)
            best = &type;
    }
    return best;
}

// Storage and management racks: an air-cooled rack that is not the network type, else any.
const RackType *serviceRackType(const Catalog &catalog)
{
    const RackType *network = networkRackType(catalog);
    for (const RackType &type : catalog.rackTypes) {
        if (&type != network && !type.liquidCooled)
            return &type;
    }
    return network;
}

// Racks of the rows a project places stand on the floor: no two rows' racks may overlap and
// every rack stays inside its hall (1 mm tolerance). A row's footprint runs from its origin
// along x for its length and from its y across for its deepest rack.
void checkRowFootprints(const LayoutHall &hall, int hallIndex, const std::vector<PlacedRack> &racks,
                        Diagnostics &diagnostics)
{
    constexpr double kToleranceM = 0.001;
    struct Footprint
    {
        double x0, x1, y0, y1;
    };
    std::vector<Footprint> rows;
    for (const LayoutRow &row : hall.rows) {
        double depth = 0;
        for (int r : row.racks)
            depth = std::max(depth, racks[std::size_t(r)].depthM);
        rows.push_back({row.xM, row.xM + row.lengthM, row.yM, row.yM + depth});
    }
    const std::string hallPath = "/halls/" + std::to_string(hallIndex);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const LayoutRow &row = hall.rows[i];
        if (row.racks.empty())
            continue;
        const std::string path = hallPath + "/rows/" + std::to_string(i);
        const Footprint &a = rows[i];
        if (hall.widthM > 0 && hall.lengthM > 0 &&
            (a.x0 < -kToleranceM || a.y0 < -kToleranceM || a.x1 > hall.widthM + kToleranceM ||
             a.y1 > hall.lengthM + kToleranceM)) {
            diagnostics.error("", path,
                              "row '" + row.id + "' (" + formatFixed(a.x0, 2) + "-" +
                                  formatFixed(a.x1, 2) + " m along, " + formatFixed(a.y0, 2) + "-" +
                                  formatFixed(a.y1, 2) + " m across) leaves hall '" + hall.id +
                                  "' (" + formatFixed(hall.widthM, 1) + " x " +
                                  formatFixed(hall.lengthM, 1) + " m): move the row or shorten it");
        }
        for (std::size_t j = 0; j < i; ++j) {
            const Footprint &b = rows[j];
            if (hall.rows[j].racks.empty() || a.x0 >= b.x1 - kToleranceM ||
                b.x0 >= a.x1 - kToleranceM || a.y0 >= b.y1 - kToleranceM ||
                b.y0 >= a.y1 - kToleranceM)
                continue;
            int onTop = 0; // racks of this row standing on the other row's
            for (int r : row.racks) {
                const PlacedRack &rack = racks[std::size_t(r)];
                if (rack.xM + rack.widthM / 2 > b.x0 + kToleranceM &&
                    rack.xM - rack.widthM / 2 < b.x1 - kToleranceM)
                    ++onTop;
            }
            diagnostics.error("", path,
                              "row '" + row.id + "' overlaps row '" + hall.rows[j].id +
                                  "' in hall '" + hall.id + "': " + std::to_string(onTop) +
                                  " of its racks stand on the other row's (rows at " +
                                  formatFixed(a.y0, 2) + " and " + formatFixed(b.y0, 2) +
                                  " m, racks " + formatFixed(a.y1 - a.y0, 2) +
                                  " m deep): move one row by at least the rack depth");
        }
    }
}

// Switches of one plane, split into leaves and the tiers above, as a rack-space reservation.
// The fabric solver computes the exact counts; this only sizes network racks and rows with the
// same rules (solvers/common/fattree.h, docs/fabric-model.md §3): a leaf at oversubscription o
// takes down = k - ceil(k/(o+1)) endpoints and sends ceil(down/o) up; top-of-rack leaves are one
// per rack; the tiers stop at the first whose top fits the radix (or at the plane's `tiers`).
// Rail groups and islands are left out: they move the counts by a few switches.
struct SwitchEstimate
{
    int leaves = 0;  // all plane copies
    int upper = 0;   // all plane copies
    int heightU = 1; // rack units of one switch
};

// Servers of one kind on a plane: how many, and the endpoints each gives it.
struct HostGroup
{
    int hosts = 0;
    int ports = 0;
    int nodes = 1; // trays the ports split over, one NIC per rail each (planeNodesPerServer)
};

SwitchEstimate estimateSwitches(const FabricPlane &plane, const Catalog &catalog,
                                const std::vector<HostGroup> &servers, int rackHosts,
                                int switchHosts, int switchRacks, int switchesPerRack,
                                int computeRacks)
{
    SwitchEstimate estimate;
    const SwitchModel *model = catalog.switchModel(plane.switchModel);
    const int k = model ? model->radixAt(plane.portGbps) : 0;
    int endpoints = rackHosts + switchHosts;
    for (const HostGroup &group : servers)
        endpoints += group.hosts * group.ports;
    if (k < 2 || endpoints <= 0)
        return estimate;
    estimate.heightU = std::max(1, model->heightU);
    const double o =
        plane.oversubscription.empty() ? 1.0 : std::max(1.0, plane.oversubscription[0]);
    // A management switch with its own uplink ports is the whole plane, every port facing down:
    // its uplinks go into the in-band network (the fabric builds such a plane as leaves only).
    const bool leavesOnly =
        plane.tiers.value_or(0) == 1 || (model->uplinkPorts > 0 && !plane.tiers);
    const int down =
        model->uplinkPorts > 0 && !plane.tiers ? k : std::max(1, fatTreeDownPorts(k, o));
    int leaves = int(std::ceil(double(endpoints) / down));
    int leafUp = fatTreeUpPorts(down, o);
    int rails = 1;
    if (plane.leafPlacement == LeafPlacement::ToR) {
        leaves = std::max(1, computeRacks);
    } else if (plane.railOptimized) {
        // Rail by rail, a leaf taking whole servers' ports of one rail while they fit (an NVL72
        // rack's 18 trays), its uplinks sized for them (topology.h).
        int railLeaves = 0, slots = 1;
        for (const HostGroup &group : servers) {
            if (group.hosts <= 0 || group.ports <= 0)
                continue;
            const int nodes = std::max(1, group.nodes);
            const int groupRails = std::max(1, group.ports / nodes);
            const int perLeaf = nodes <= down ? down / nodes : 0;
            railLeaves += groupRails * (perLeaf > 0 ? (group.hosts + perLeaf - 1) / perLeaf
                                                    : (group.hosts * nodes + down - 1) / down);
            slots = std::max(slots, perLeaf > 0 ? std::min(perLeaf, group.hosts) * nodes : down);
            rails = std::max(rails, groupRails);
        }
        leaves = std::max(leaves, railLeaves);
        leafUp = fatTreeUpPorts(std::min(down, slots), o);
        if (!plane.spinesPerRail || plane.islandGpus)
            rails = 1;
    } else {
        // Whole servers per leaf (topology.h): a leaf takes floor(down/p) servers of p ports and
        // fills its spare ports with the single-port hosts of the same racks (the OOB plane's
        // PDUs); the switches get leaves of their own, whole network racks per leaf.
        int hostLeaves = 0;
        std::int64_t spare = 0;
        for (const HostGroup &group : servers) {
            if (group.hosts <= 0 || group.ports <= 0)
                continue;
            const int perLeaf = std::max(1, down / group.ports);
            const int used = (group.hosts + perLeaf - 1) / perLeaf;
            hostLeaves += used;
            spare += std::int64_t(used) * std::max(0, down - perLeaf * group.ports);
        }
        const std::int64_t rest = std::max<std::int64_t>(0, rackHosts - spare);
        const int racksPerLeaf = std::max(1, down / std::max(1, switchesPerRack));
        const int switchLeaves = switchHosts > 0
                                     ? std::max((switchHosts + down - 1) / down,
                                                (switchRacks + racksPerLeaf - 1) / racksPerLeaf)
                                     : 0;
        leaves = std::max(leaves, hostLeaves + int((rest + down - 1) / down) + switchLeaves);
    }
    estimate.leaves = leaves * plane.parallelPlanes;
    if (leaves <= 1 || leavesOnly)
        return estimate;
    const std::vector<std::int64_t> tiers = fatTreeTierSwitches(
        leaves, leafUp, k, plane.oversubscription, plane.tiers.value_or(0), 4, rails);
    std::int64_t upper = 0;
    for (std::size_t t = 1; t < tiers.size(); ++t)
        upper += tiers[t];
    estimate.upper = int(std::min<std::int64_t>(upper, 1 << 28)) * plane.parallelPlanes;
    return estimate;
}

// Compute and network slots of one auto-generated row for a leaf placement.
std::vector<RackRole> rowPattern(LeafPlacement placement, int slots, const LayoutOptions &options)
{
    std::vector<RackRole> pattern;
    switch (placement) {
    case LeafPlacement::MoR: {
        const int group = std::max(2, options.morGroupRacks);
        while (int(pattern.size()) + 1 < slots) {
            const int left = std::min(group / 2, slots - int(pattern.size()) - 1);
            pattern.insert(pattern.end(), left, RackRole::Compute);
            pattern.push_back(RackRole::Network);
            const int right = std::min(group - group / 2, slots - int(pattern.size()));
            pattern.insert(pattern.end(), right, RackRole::Compute);
        }
        break;
    }
    case LeafPlacement::EoR:
        pattern.push_back(RackRole::Network);
        pattern.insert(pattern.end(), std::max(0, slots - 2), RackRole::Compute);
        pattern.push_back(RackRole::Network);
        break;
    case LeafPlacement::ToR:
    case LeafPlacement::NetworkRack:
        pattern.assign(slots, RackRole::Compute);
        break;
    }
    return pattern;
}

class LayoutBuilder
{
public:
    LayoutBuilder(const Project &project, const Catalog &catalog, const LayoutOptions &options)
        : m_project(project)
        , m_catalog(catalog)
        , m_options(options)
    {
    }

    LayoutResult build()
    {
        m_storageNodesLeft = std::max(0, m_options.storageNodes);
        planPools();
        placePinnedRows();
        placeRemainingRacks();
        summarisePools();
        return std::move(m_result);
    }

private:
    void planPools();
    void placePinnedRows();
    void placeRemainingRacks();
    void summarisePools();
    PoolPlan *findPlan(const std::string &name);
    double rackPowerW(const PoolPlan &plan, int servers) const
    {
        return plan.server ? plan.server->maxPowerW * servers : 0.0;
    }
    LeafPlacement computeRowPlacement() const;
    std::vector<RackRole> dedicatedRoles(int computeRacks, int totalComputeRacks) const;
    bool needsClosingNetworkRack(const std::vector<RackRole> &roles,
                                 const std::vector<int> &placed) const;
    int networkRacksForCompute(int computeRacks, int totalComputeRacks) const;
    void addRow(int hallIndex, const std::string &rowId, double xM, double yM,
                const std::vector<RackRole> &roles, std::vector<std::pair<PoolPlan *, int>> &queue,
                std::size_t &next);

    const Project &m_project;
    const Catalog &m_catalog;
    const LayoutOptions &m_options;
    LayoutResult m_result;
    std::vector<PoolPlan> m_plans;
    std::vector<double> m_hallUsedDepthM; // y below which a hall is occupied
    int m_storageNodesLeft = 0;
    std::vector<double> m_hallPowerW;
};

PoolPlan *LayoutBuilder::findPlan(const std::string &name)
{
    for (PoolPlan &plan : m_plans) {
        if (plan.name == name)
            return &plan;
    }
    return nullptr;
}

void LayoutBuilder::planPools()
{
    for (std::size_t i = 0; i < m_project.pools.size(); ++i) {
        const ComputePool &pool = m_project.pools[i];
        PoolPlan plan;
        plan.name = pool.name;
        plan.hall = pool.hall;
        plan.jsonPath = "/compute/pools/" + std::to_string(i);
        plan.gpu = m_catalog.accelerator(pool.gpu);
        plan.server = m_catalog.server(pool.server);
        if (!plan.gpu || !plan.server) {
            m_result.diagnostics.error("", plan.jsonPath,
                                       "pool '" + pool.name +
                                           "' names an accelerator or server the catalog lacks; "
                                           "it is left out of the layout");
            m_plans.push_back(plan);
            continue;
        }
        const int gpusPerServer = std::max(1, plan.server->gpus);
        plan.servers = (pool.gpuCount + gpusPerServer - 1) / gpusPerServer;
        if (pool.gpuCount % gpusPerServer != 0) {
            m_result.diagnostics.warning(
                "", plan.jsonPath + "/gpuCount",
                std::to_string(pool.gpuCount) + " GPUs is not a whole number of " +
                    std::to_string(gpusPerServer) + "-GPU " + plan.server->id +
                    " servers; rounded up to " + std::to_string(plan.servers) + " servers");
        }
        plan.serversPerRack =
            plan.server->rackScale
                ? 1
                : pool.serversPerRack.value_or(plan.server->defaultServersPerRack);
        plan.serversPerRack = std::max(1, plan.serversPerRack);
        plan.rackType = computeRackTypeFor(*plan.server, m_project.cooling, m_catalog);
        if (plan.rackType && !plan.server->rackScale &&
            plan.serversPerRack * plan.server->heightU > plan.rackType->heightU) {
            m_result.diagnostics.warning(
                "", plan.jsonPath + "/serversPerRack",
                std::to_string(plan.serversPerRack) + " x " + std::to_string(plan.server->heightU) +
                    "U servers do not fit a " + std::to_string(plan.rackType->heightU) +
                    "U rack (" + plan.rackType->id + ")");
        }
        plan.unplacedServers = plan.servers;
        m_plans.push_back(plan);
    }
}

void LayoutBuilder::placePinnedRows()
{
    const RackType *netType = networkRackType(m_catalog);
    for (std::size_t h = 0; h < m_project.halls.size(); ++h) {
        const Hall &hall = m_project.halls[h];
        LayoutHall layoutHall;
        layoutHall.id = hall.id;
        layoutHall.name = hall.name;
        layoutHall.widthM = hall.widthM;
        layoutHall.lengthM = hall.lengthM;
        layoutHall.usableAreaM2 = hall.usableAreaM2.value_or(0.7 * hall.widthM * hall.lengthM);
        // Halls stand side by side along x on the site, a corridor apart.
        if (h > 0) {
            const LayoutHall &previous = m_result.halls.back();
            layoutHall.originXM = previous.originXM + previous.widthM + m_options.hallGapM;
        }
        m_result.halls.push_back(layoutHall);
        m_hallUsedDepthM.push_back(m_options.hallMarginM);
        m_hallPowerW.push_back(0.0);

        for (std::size_t r = 0; r < hall.rows.size(); ++r) {
            const Row &row = hall.rows[r];
            LayoutRow layoutRow;
            layoutRow.id = row.id;
            layoutRow.xM = row.xM;
            layoutRow.yM = row.yM;
            const int rowIndex = int(m_result.halls[h].rows.size());
            double x = row.xM;
            for (std::size_t k = 0; k < row.racks.size(); ++k) {
                const RackSlot &slot = row.racks[k];
                PlacedRack rack;
                rack.id = slot.id.empty() ? rackId(hall.id, rowIndex, int(k)) : slot.id;
                rack.hall = int(h);
                rack.row = rowIndex;
                rack.slot = int(k);
                rack.yM = row.yM;
                rack.role = slot.role;
                rack.pinned = true;
                rack.rackType = slot.rackType;
                const std::string path = "/halls/" + std::to_string(h) + "/rows/" +
                                         std::to_string(r) + "/racks/" + std::to_string(k);
                if (slot.role == RackRole::Compute) {
                    PoolPlan *plan = findPlan(slot.pool);
                    if (plan && plan->server) {
                        rack.pool = plan->name;
                        rack.servers = slot.servers > 0 ? slot.servers : plan->serversPerRack;
                        rack.servers = std::min(rack.servers, std::max(0, plan->unplacedServers));
                        if (slot.servers > plan->unplacedServers) {
                            m_result.diagnostics.warning(
                                "", path + "/servers",
                                "pinned racks hold more servers than pool '" + plan->name +
                                    "' has; extra slots left empty");
                        }
                        plan->unplacedServers -= rack.servers;
                        rack.gpus = rack.servers * plan->server->gpus;
                        if (rack.rackType.empty() && plan->rackType)
                            rack.rackType = plan->rackType->id;
                        m_hallPowerW[h] += rackPowerW(*plan, rack.servers);
                    }
                } else if (rack.rackType.empty() && netType) {
                    rack.rackType = netType->id;
                }
                // A rack of a known type takes its own width; otherwise the row's pitch.
                const RackType *type = m_catalog.rackType(rack.rackType);
                rack.widthM = type ? type->widthMm / 1000.0 : row.rackPitchM;
                if (type)
                    rack.depthM = type->depthMm / 1000.0;
                rack.xM = x + rack.widthM / 2;
                x += rack.widthM;
                layoutRow.racks.push_back(int(m_result.racks.size()));
                layoutRow.lengthM = x - row.xM;
                m_result.racks.push_back(rack);
            }
            m_hallUsedDepthM[h] = std::max(m_hallUsedDepthM[h], row.yM + hall.rowPitchM);
            m_result.halls[h].rows.push_back(layoutRow);
        }
        checkRowFootprints(m_result.halls[h], int(h), m_result.racks, m_result.diagnostics);
    }
}

LeafPlacement LayoutBuilder::computeRowPlacement() const
{
    for (const FabricPlane &plane : m_project.planes) {
        if (plane.role == PlaneRole::Backend)
            return plane.leafPlacement;
    }
    return LeafPlacement::NetworkRack;
}

// Network racks to reserve in dedicated network rows for `computeRacks` of `totalComputeRacks`:
// upper tiers of every plane, plus the leaves of planes whose leaves do not sit in the rows.
int LayoutBuilder::networkRacksForCompute(int computeRacks, int totalComputeRacks) const
{
    if (totalComputeRacks <= 0 || computeRacks <= 0)
        return 0;
    const LeafPlacement rows = computeRowPlacement();
    const bool rowsHoldLeaves = rows == LeafPlacement::EoR || rows == LeafPlacement::MoR;
    int switches = 0; // every switch: the OOB plane reaches each one
    int units = 0;    // rack units of the switches that sit in network racks
    const int perRack = std::max(1, m_options.switchesPerNetworkRack);
    const StorageSystem *storage = m_catalog.storageSystem(m_project.storage.system);
    if (!storage && !m_catalog.storageSystems.empty())
        storage = &m_catalog.storageSystems.front();
    const int storageNodes = std::max(0, m_options.storageNodes);
    const int storageRacks = (storageNodes + std::max(1, m_options.storageNodesPerRack) - 1) /
                             std::max(1, m_options.storageNodesPerRack);
    for (const FabricPlane &plane : m_project.planes) {
        const bool oob = plane.role == PlaneRole::Oob;
        std::vector<HostGroup> servers;
        for (const PoolPlan &plan : m_plans) {
            if (plan.server) {
                const int ports = planeEndpointsPerServer(plane, *plan.server);
                servers.push_back({plan.servers, ports, planeNodesPerServer(*plan.server, ports)});
            }
        }
        // Storage nodes are on the storage and OOB planes (solvers/fabric/fabric.cpp).
        if (storage && (oob || plane.role == PlaneRole::Storage))
            servers.push_back({storageNodes, oob ? 1 : storage->networkPorts, 1});
        // The OOB plane also reaches two PDUs per rack and every switch
        // [ref:nvidia-superpod-h100-ra].
        const SwitchEstimate estimate = estimateSwitches(
            plane, m_catalog, servers, oob ? 2 * (totalComputeRacks + storageRacks) : 0,
            oob ? switches : 0, (units + perRack - 1) / perRack, perRack, totalComputeRacks);
        // Leaves sit in the dedicated network racks unless they are top-of-rack or the rows
        // (laid out for the backend's placement) have end- or middle-of-row racks for them.
        int inNetworkRacks = estimate.upper;
        if (plane.leafPlacement == LeafPlacement::NetworkRack ||
            (plane.leafPlacement != LeafPlacement::ToR && !rowsHoldLeaves))
            inNetworkRacks += estimate.leaves;
        switches += estimate.leaves + estimate.upper;
        units += inNetworkRacks * estimate.heightU;
        // The plane's fabric-manager appliances (UFM) stand in network racks too, with a BMC
        // port each on the OOB plane.
        if (const Appliance *manager =
                m_catalog.applianceFor("fabric-manager", toString(plane.technology))) {
            const int appliances =
                fabricManagerAppliances(planeFabricManagerPorts(plane), manager->ports) *
                std::max(1, plane.parallelPlanes);
            switches += appliances;
            units += appliances * std::max(1, manager->heightU);
        }
    }
    // A network rack takes switchesPerNetworkRack rack units of switches (the fabric solver
    // places them by height, solvers/fabric/placement.cpp).
    const double share = double(computeRacks) / totalComputeRacks;
    return int(std::ceil(units * share / perRack));
}

// The racks of a hall's dedicated rows for `computeRacks` automatic compute racks: network racks
// for the upper tiers (and network-rack leaves), the storage racks still to place, and one
// management rack per `computeRacksPerManagementRack` compute racks.
std::vector<RackRole> LayoutBuilder::dedicatedRoles(int computeRacks, int totalComputeRacks) const
{
    std::vector<RackRole> roles(networkRacksForCompute(computeRacks, totalComputeRacks),
                                RackRole::Network);
    const int perStorageRack = std::max(1, m_options.storageNodesPerRack);
    roles.insert(roles.end(), (m_storageNodesLeft + perStorageRack - 1) / perStorageRack,
                 RackRole::Storage);
    const int perManagement = std::max(1, m_options.computeRacksPerManagementRack);
    roles.insert(roles.end(), (computeRacks + perManagement - 1) / perManagement,
                 RackRole::Management);
    return roles;
}

// After the queue of compute racks runs out mid-row: does the row need one more network rack?
// EoR rows close with their end rack; an MoR row needs one when its last compute racks are the
// left half of a group, whose network rack would have come next.
bool LayoutBuilder::needsClosingNetworkRack(const std::vector<RackRole> &roles,
                                            const std::vector<int> &placed) const
{
    if (placed.empty() || m_result.racks[placed.back()].role == RackRole::Network)
        return false;
    if (roles.front() == RackRole::Network)
        return roles.back() == RackRole::Network; // EoR
    if (std::find(roles.begin(), roles.end(), RackRole::Network) == roles.end())
        return false; // ToR / network rows: no network racks in compute rows
    int run = 0;
    bool sawNetwork = false;
    for (auto it = placed.rbegin(); it != placed.rend(); ++it) {
        if (m_result.racks[*it].role == RackRole::Network) {
            sawNetwork = true;
            break;
        }
        ++run;
    }
    const int group = std::max(2, m_options.morGroupRacks);
    return !sawNetwork || run > group - group / 2;
}

void LayoutBuilder::addRow(int hallIndex, const std::string &rowId, double xM, double yM,
                           const std::vector<RackRole> &roles,
                           std::vector<std::pair<PoolPlan *, int>> &queue, std::size_t &next)
{
    LayoutHall &hall = m_result.halls[hallIndex];
    LayoutRow row;
    row.id = rowId;
    row.xM = xM;
    row.yM = yM;
    const RackType *netType = networkRackType(m_catalog);
    double x = xM;
    const int rowIndex = int(hall.rows.size());
    for (std::size_t k = 0; k < roles.size(); ++k) {
        PlacedRack rack;
        rack.role = roles[k];
        if (rack.role == RackRole::Compute && next >= queue.size()) {
            // Out of racks. The last compute racks still need the network rack that serves
            // them: an end-of-row rack, or the middle-of-row rack their group would have had.
            if (!needsClosingNetworkRack(roles, row.racks))
                break;
            rack.role = RackRole::Network;
            k = roles.size() - 1;
        }
        if (rack.role == RackRole::Compute) {
            PoolPlan *plan = queue[next].first;
            rack.pool = plan->name;
            rack.servers = queue[next].second;
            rack.gpus = rack.servers * plan->server->gpus;
            rack.rackType = plan->rackType ? plan->rackType->id : std::string();
            m_hallPowerW[hallIndex] += rackPowerW(*plan, rack.servers);
            ++next;
        } else if (rack.role == RackRole::Storage) {
            rack.servers = std::min(m_storageNodesLeft, std::max(1, m_options.storageNodesPerRack));
            m_storageNodesLeft -= rack.servers;
            if (const RackType *service = serviceRackType(m_catalog))
                rack.rackType = service->id;
        } else if (rack.role == RackRole::Management) {
            if (const RackType *service = serviceRackType(m_catalog))
                rack.rackType = service->id;
        } else if (netType) {
            rack.rackType = netType->id;
        }
        const RackType *type = m_catalog.rackType(rack.rackType);
        rack.widthM = rack.role == RackRole::Network ? m_options.networkRackPitchM
                                                     : (type ? type->widthMm / 1000.0 : 0.6);
        rack.depthM = type ? type->depthMm / 1000.0 : 1.2;
        rack.id = rackId(hall.id, rowIndex, int(row.racks.size()));
        rack.hall = hallIndex;
        rack.row = rowIndex;
        rack.slot = int(row.racks.size());
        rack.xM = x + rack.widthM / 2;
        rack.yM = yM;
        x += rack.widthM;
        row.racks.push_back(int(m_result.racks.size()));
        m_result.racks.push_back(rack);
    }
    row.lengthM = x - xM;
    if (!row.racks.empty())
        hall.rows.push_back(row);
}

void LayoutBuilder::placeRemainingRacks()
{
    // Racks still to place, pool by pool, each with its server count.
    std::vector<std::pair<PoolPlan *, int>> queue;
    for (PoolPlan &plan : m_plans) {
        if (!plan.server)
            continue;
        while (plan.unplacedServers > 0) {
            const int servers = std::min(plan.serversPerRack, plan.unplacedServers);
            queue.emplace_back(&plan, servers);
            plan.unplacedServers -= servers;
        }
    }
    if (queue.empty())
        return;

    const LeafPlacement placement = computeRowPlacement();
    const int totalComputeRacks = int(queue.size());
    const double pitch = 0.6;
    const double rowPitch = m_project.halls.empty() ? 3.6 : m_project.halls.front().rowPitchM;

    // Racks of pools bound to a hall go to that hall (all of them, over its limits if need be,
    // with a warning); the racks of free pools fill the halls in order, then generated halls.
    std::map<std::string, std::vector<std::pair<PoolPlan *, int>>> bound;
    std::vector<std::pair<PoolPlan *, int>> free;
    for (const auto &rack : queue)
        (rack.first->hall.empty() ? free : bound[rack.first->hall]).push_back(rack);
    std::size_t freeNext = 0;

    std::size_t hallIndex = 0;
    bool generated = m_result.halls.empty();
    while (hallIndex < m_result.halls.size() || freeNext < free.size()) {
        if (hallIndex >= m_result.halls.size()) {
            // Generate a hall: rows of maxRacksPerRow slots, up to maxRowsPerGeneratedHall rows.
            LayoutHall hall;
            hall.id = "H" + std::to_string(m_result.halls.size() + 1);
            hall.name = "Generated hall " + std::to_string(m_result.halls.size() + 1);
            hall.generated = true;
            hall.widthM = 2 * m_options.hallMarginM + m_options.maxRacksPerRow * pitch +
                          4 * m_options.networkRackPitchM;
            hall.lengthM = 2 * m_options.hallMarginM + m_options.maxRowsPerGeneratedHall * rowPitch;
            hall.usableAreaM2 = hall.widthM * hall.lengthM;
            if (!m_result.halls.empty()) {
                const LayoutHall &previous = m_result.halls.back();
                hall.originXM = previous.originXM + previous.widthM + m_options.hallGapM;
            }
            if (!generated) {
                m_result.diagnostics.warning(
                    "", "/halls",
                    "the halls cannot hold every rack; added generated hall " + hall.id +
                        " for the rest");
            }
            m_result.halls.push_back(hall);
            m_hallUsedDepthM.push_back(m_options.hallMarginM);
            m_hallPowerW.push_back(0.0);
        }
        LayoutHall &hall = m_result.halls[hallIndex];
        const Hall *projectHall =
            hallIndex < m_project.halls.size() ? &m_project.halls[hallIndex] : nullptr;

        // This hall's work: its bound racks first, then the free racks still to place.
        std::vector<std::pair<PoolPlan *, int>> work = bound[hall.id];
        const int boundCount = int(work.size());
        work.insert(work.end(), free.begin() + long(freeNext), free.end());
        if (work.empty()) {
            ++hallIndex;
            continue;
        }
        std::size_t next = 0;

        const int slots =
            std::max(2, std::min(m_options.maxRacksPerRow,
                                 int((hall.widthM - 2 * m_options.hallMarginM) / pitch)));
        const std::vector<RackRole> pattern = rowPattern(placement, slots, m_options);
        const int computePerRow =
            int(std::count(pattern.begin(), pattern.end(), RackRole::Compute));
        const double hallRowPitch = projectHall ? projectHall->rowPitchM : rowPitch;
        const int freeRows = int(
            (hall.lengthM - m_options.hallMarginM - m_hallUsedDepthM[hallIndex]) / hallRowPitch);

        // How many compute racks this hall takes: rows (after its network rows), power, cooling.
        int take = int(work.size());
        const double capW =
            projectHall && projectHall->powerCapacityMW ? *projectHall->powerCapacityMW * 1e6 : 0.0;
        const double coolW = projectHall && projectHall->coolingCapacityMW
                                 ? *projectHall->coolingCapacityMW * 1e6
                                 : 0.0;
        const double limitW = capW > 0 && coolW > 0 ? std::min(capW, coolW) : std::max(capW, coolW);
        if (limitW > 0) {
            double used = m_hallPowerW[hallIndex];
            int byPower = 0;
            while (next + byPower < work.size()) {
                const auto &[plan, servers] = work[next + byPower];
                if (used + rackPowerW(*plan, servers) > limitW)
                    break;
                used += rackPowerW(*plan, servers);
                ++byPower;
            }
            take = std::min(take, byPower);
        }
        auto rowsFor = [&](int computeRacks) {
            const int dedicatedRacks = int(dedicatedRoles(computeRacks, totalComputeRacks).size());
            return (computeRacks + computePerRow - 1) / computePerRow +
                   (dedicatedRacks + slots - 1) / slots;
        };
        while (take > 0 && rowsFor(take) > freeRows)
            take = std::max(0, std::min(take - 1, freeRows * computePerRow - 1));
        if (take < boundCount) {
            m_result.diagnostics.warning(
                "", "/halls/" + std::to_string(hallIndex),
                "hall " + hall.id + " holds only " + std::to_string(take) + " of the " +
                    std::to_string(boundCount) +
                    " racks of the pools bound to it; they are placed there anyway");
            take = boundCount;
        }
        const bool lastHall = hallIndex + 1 >= m_result.halls.size();
        if (take == 0 && lastHall && !hall.generated && m_project.halls.size() > 0 &&
            freeRows <= 0) {
            // Nothing fits anywhere given: fall through to a generated hall.
            ++hallIndex;
            continue;
        }
        if (take == 0) {
            ++hallIndex;
            continue;
        }

        // Dedicated rows first (front of the hall): network, storage and management racks;
        // then the compute rows.
        const std::vector<RackRole> dedicated = dedicatedRoles(take, totalComputeRacks);
        double y = m_hallUsedDepthM[hallIndex];
        std::vector<std::pair<PoolPlan *, int>> none;
        std::size_t noneNext = 0;
        int rowNumber = int(hall.rows.size());
        for (std::size_t first = 0; first < dedicated.size(); first += std::size_t(slots)) {
            const std::size_t last = std::min(dedicated.size(), first + std::size_t(slots));
            addRow(int(hallIndex), hall.id + "-N" + std::to_string(rowNumber + 1),
                   m_options.hallMarginM, y,
                   std::vector<RackRole>(dedicated.begin() + long(first),
                                         dedicated.begin() + long(last)),
                   none, noneNext);
            y += hallRowPitch;
            ++rowNumber;
        }
        const std::size_t end = next + take;
        while (next < end) {
            std::vector<std::pair<PoolPlan *, int>> slice(work.begin() + long(next),
                                                          work.begin() + long(end));
            std::size_t sliceNext = 0;
            addRow(int(hallIndex), hall.id + "-R" + std::to_string(rowNumber + 1),
                   m_options.hallMarginM, y, pattern, slice, sliceNext);
            next += sliceNext;
            y += hallRowPitch;
            ++rowNumber;
        }
        m_hallUsedDepthM[hallIndex] = y;
        bound[hall.id].clear();
        freeNext += std::size_t(std::max(0, int(next) - boundCount));
        ++hallIndex;
    }

    for (std::size_t h = 0; h < m_result.halls.size(); ++h) {
        const Hall *projectHall = h < m_project.halls.size() ? &m_project.halls[h] : nullptr;
        if (projectHall && projectHall->powerCapacityMW &&
            m_hallPowerW[h] > *projectHall->powerCapacityMW * 1e6 * 1.0000001) {
            m_result.diagnostics.warning(
                "", "/halls/" + std::to_string(h) + "/powerCapacityMW",
                "hall " + projectHall->id + " holds " + formatMW(m_hallPowerW[h]) +
                    " of racks at nameplate, over its " +
                    formatMW(*projectHall->powerCapacityMW * 1e6) + " capacity");
        }
    }
}

void LayoutBuilder::summarisePools()
{
    for (PlacedRack &rack : m_result.racks) {
        const LayoutHall &hall = m_result.halls[rack.hall];
        rack.siteXM = hall.originXM + rack.xM;
        rack.siteYM = hall.originYM + rack.yM;
    }
    for (const PoolPlan &plan : m_plans) {
        PoolLayout pool;
        pool.pool = plan.name;
        pool.server = plan.server ? plan.server->id : std::string();
        pool.accelerator = plan.gpu ? plan.gpu->id : std::string();
        pool.serversPerRack = plan.serversPerRack;
        for (const PlacedRack &rack : m_result.racks) {
            if (rack.role == RackRole::Compute && rack.pool == plan.name) {
                pool.servers += rack.servers;
                pool.gpus += rack.gpus;
                ++pool.racks;
            }
        }
        m_result.pools.push_back(pool);
    }
}

} // namespace

Hall hallOf(const LayoutHall &placed)
{
    Hall hall;
    hall.id = placed.id;
    hall.name = placed.name;
    hall.widthM = placed.widthM;
    hall.lengthM = placed.lengthM;
    return hall;
}

Row rowOf(const LayoutRow &placed)
{
    Row row;
    row.id = placed.id;
    row.xM = placed.xM;
    row.yM = placed.yM;
    return row;
}

RackSlot rackSlotOf(const PlacedRack &rack)
{
    return {rack.id, rack.role, rack.rackType, rack.pool, rack.servers};
}

Project pinLayout(const Project &project, const LayoutResult &layout)
{
    Project pinned = project;
    for (std::size_t h = 0; h < layout.halls.size(); ++h) {
        const LayoutHall &layoutHall = layout.halls[h];
        if (h >= pinned.halls.size())
            pinned.halls.push_back(hallOf(layoutHall));
        Hall &hall = pinned.halls[h];
        hall.rows.clear();
        for (const LayoutRow &layoutRow : layoutHall.rows) {
            Row row = rowOf(layoutRow);
            for (int index : layoutRow.racks)
                row.racks.push_back(rackSlotOf(layout.racks[index]));
            hall.rows.push_back(row);
        }
    }
    return pinned;
}

LayoutResult solveLayout(const Project &project, const Catalog &catalog,
                         const LayoutOptions &options)
{
    return LayoutBuilder(project, catalog, options).build();
}

} // namespace aidc

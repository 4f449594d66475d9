// SPDX-License-Identifier: Apache-2.0
#include "solvers/handoff/rackelevation.h"

#include "model/enumnames.h"
#include "solvers/common/defaults.h"

#include <algorithm>
#include <map>

namespace aidc {

namespace {

// Fills `items` from the top down (patching and leaves sit at the top of a rack).
class Stacker
{
public:
    Stacker(RackElevation &elevation, int bottomU)
        : m_e(elevation)
        , m_bottom(bottomU)
        , m_top(elevation.heightU)
    {
    }

    bool top(ElevationItem::Kind kind, int heightU, std::string label)
    {
        if (m_top - heightU + 1 < m_bottom)
            return false;
        m_e.items.push_back({m_top - heightU + 1, heightU, kind, std::move(label)});
        m_top -= heightU;
        return true;
    }

    bool bottom(ElevationItem::Kind kind, int heightU, std::string label)
    {
        if (m_bottom + heightU - 1 > m_top)
            return false;
        m_e.items.push_back({m_bottom, heightU, kind, std::move(label)});
        m_bottom += heightU;
        return true;
    }

private:
    RackElevation &m_e;
    int m_bottom;
    int m_top;
};

const SwitchModel *planeSwitch(const FabricPlane &plane, const Catalog *catalog)
{
    return catalog && !plane.switchModel.empty() ? catalog->switchModel(plane.switchModel)
                                                 : nullptr;
}

} // namespace

namespace {

// Index of `rack` in layout.racks (it is normally an element of it), -1 if it is not there.
int layoutIndex(const PlacedRack &rack, const LayoutResult &layout)
{
    if (!layout.racks.empty() && &rack >= layout.racks.data() &&
        &rack < layout.racks.data() + layout.racks.size())
        return int(&rack - layout.racks.data());
    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        if (layout.racks[i].id == rack.id)
            return int(i);
    }
    return -1;
}

// Whether `fabric` was computed on this layout (a stale or failed result is not used).
bool fabricMatches(const FabricResult *fabric, const LayoutResult &layout, int index,
                   const PlacedRack &rack)
{
    return fabric && index >= 0 && fabric->rackIds.size() == layout.racks.size() &&
           fabric->rackSwitchRunFirst.size() == layout.racks.size() + 1 &&
           fabric->rackIds[std::size_t(index)] == rack.id;
}

// The fabric's switches and fabric-manager appliances of this rack, top down by the units the
// fabric gave them; switches past the free units become one note per plane ("3 switch(es) of
// plane 'x' do not fit ...: 2 leaf, 1 spine (QM9700, 1U each)").
void stackFabricSwitches(Stacker &stack, RackElevation &e, const FabricResult &fabric,
                         std::size_t rack)
{
    struct Device
    {
        int topU = 0;
        int heightU = 1;
        std::size_t plane = 0;
        int tier = 0; // 0 = a fabric-manager appliance
    };
    std::vector<Device> devices;
    for (const RackSwitchRun &run : fabric.switchesInRack(rack)) {
        if (run.plane >= fabric.planes.size())
            continue;
        const int heightU = std::max(1, fabric.planes[run.plane].switchHeightU);
        for (std::uint32_t i = 0; i < run.count; ++i)
            devices.push_back(
                {run.firstU + int(run.count - i) * heightU - 1, heightU, run.plane, run.tier});
    }
    // The appliances are the last hosts of their plane's graph, one per plane copy, the copies
    // stacked downwards as switch copies are.
    for (std::size_t p = 0; p < fabric.planes.size(); ++p) {
        const PlaneResult &plane = fabric.planes[p];
        const std::vector<FabricHost> &hosts = plane.topology->hosts;
        const std::size_t own =
            std::min<std::size_t>(hosts.size(), std::size_t(plane.fabricManagers));
        for (auto h = hosts.rbegin(); h != hosts.rbegin() + std::ptrdiff_t(own); ++h) {
            if (h->rack != int(rack))
                continue;
            const int heightU = std::max(1, int(h->heightU));
            for (int copy = 0; copy < plane.parallelPlanes; ++copy)
                devices.push_back({h->baseU - copy * heightU + heightU - 1, heightU, p, 0});
        }
    }
    std::stable_sort(devices.begin(), devices.end(),
                     [](const Device &a, const Device &b) { return a.topU > b.topU; });

    struct Overflow
    {
        std::int64_t switches = 0;
        std::map<int, std::int64_t> byTier;
    };
    std::map<std::size_t, Overflow> overflow; // plane -> switches that did not fit
    int appliancesLeft = 0;
    for (const Device &d : devices) {
        const PlaneResult &plane = fabric.planes[d.plane];
        if (d.tier == 0) {
            appliancesLeft +=
                stack.top(ElevationItem::Kind::Appliance, d.heightU,
                          plane.name + " fabric manager (" + plane.fabricManagerModel + ")")
                    ? 0
                    : 1;
            continue;
        }
        const std::string label =
            plane.name + " " + switchTierName(d.tier, plane.tiers) +
            (plane.switchModel.empty() ? std::string() : " (" + plane.switchModel + ")");
        if (!stack.top(ElevationItem::Kind::Switch, d.heightU, label)) {
            Overflow &o = overflow[d.plane];
            ++o.switches;
            ++o.byTier[d.tier];
        }
    }
    if (appliancesLeft > 0)
        e.notes.push_back(std::to_string(appliancesLeft) +
                          " fabric-manager appliance(s) do not fit in the rack's height");
    for (const auto &[index, o] : overflow) {
        const PlaneResult &plane = fabric.planes[index];
        std::string tiers;
        for (const auto &[tier, n] : o.byTier)
            tiers += (tiers.empty() ? "" : ", ") + std::to_string(n) + " " +
                     switchTierName(tier, plane.tiers);
        e.notes.push_back(std::to_string(o.switches) + " switch(es) of plane '" + plane.name +
                          "' do not fit in the rack's height: " + tiers + " (" + plane.switchModel +
                          ", " + std::to_string(plane.switchHeightU) + "U each)");
    }
}

void patchPanels(Stacker &stack, RackElevation &e, int count)
{
    int missing = 0;
    for (int i = 0; i < count; ++i)
        missing += stack.top(ElevationItem::Kind::PatchPanel, 1, "fibre patch panel") ? 0 : 1;
    if (missing > 0)
        e.notes.push_back(std::to_string(missing) +
                          " fibre patch panel(s) do not fit in the rack's height");
}

} // namespace

RackElevation rackElevation(const PlacedRack &rack, const Project &project,
                            const LayoutResult &layout, const Catalog *catalog,
                            const FabricResult *fabric, const LayoutOptions &options)
{
    RackElevation e;
    e.rackId = rack.id;
    e.rackType = rack.rackType;
    if (const RackType *type = catalog ? catalog->rackType(rack.rackType) : nullptr)
        e.heightU = type->heightU;
    const int index = layoutIndex(rack, layout);
    const bool placed = fabricMatches(fabric, layout, index, rack);
    e.fromFabric = placed;

    std::string serverId;
    for (const PoolLayout &pool : layout.pools) {
        if (pool.pool == rack.pool)
            serverId = pool.server;
    }
    const Server *server =
        rack.role == RackRole::Compute && catalog ? catalog->server(serverId) : nullptr;

    Stacker stack(e, 1);
    if (server && server->rackScale) {
        // A rack-scale system (NVL72) is the whole frame: compute and NVLink switch trays and
        // its own power shelves; it has no free U for anything else.
        const int height = std::min(server->heightU, e.heightU);
        stack.bottom(ElevationItem::Kind::Server, height,
                     server->name + " (compute and switch trays, power shelves)");
        if (placed && !fabric->switchesInRack(std::size_t(index)).empty())
            stackFabricSwitches(stack, e, *fabric, std::size_t(index));
        return e;
    }
    switch (rack.role) {
    case RackRole::Compute: {
        const int height = server ? server->heightU : 8;
        if (placed) {
            // Servers from U1 as the fabric cables them, its switches from the top down.
            int fitted = 0;
            for (int i = 0; i < rack.servers; ++i) {
                if (!stack.bottom(ElevationItem::Kind::Server, height,
                                  (server ? server->name : serverId) + " #" +
                                      std::to_string(i + 1)))
                    break;
                ++fitted;
            }
            if (fitted < rack.servers)
                e.notes.push_back(std::to_string(rack.servers - fitted) +
                                  " server(s) do not fit in the rack's height");
            stackFabricSwitches(stack, e, *fabric, std::size_t(index));
            patchPanels(stack, e, 1);
            break;
        }
        stack.top(ElevationItem::Kind::PatchPanel, 1, "fibre patch panel");
        for (const FabricPlane &plane : project.planes) {
            if (plane.leafPlacement != LeafPlacement::ToR)
                continue;
            const SwitchModel *model = planeSwitch(plane, catalog);
            stack.top(ElevationItem::Kind::Switch, model ? model->heightU : 1,
                      plane.name + " leaf" + (model ? " (" + model->id + ")" : std::string()));
        }
        int fitted = 0;
        for (int i = 0; i < rack.servers; ++i) {
            const std::string label =
                (server ? server->name : serverId) + " #" + std::to_string(i + 1);
            if (!stack.bottom(ElevationItem::Kind::Server, height, label))
                break;
            ++fitted;
        }
        if (fitted < rack.servers)
            e.notes.push_back(std::to_string(rack.servers - fitted) +
                              " server(s) do not fit in the rack's height");
        break;
    }
    case RackRole::Network: {
        if (placed) {
            stackFabricSwitches(stack, e, *fabric, std::size_t(index));
            patchPanels(stack, e, 4);
            if (fabric->switchesInRack(std::size_t(index)).empty())
                e.notes.push_back("the fabric solver placed no switch in this rack");
            break;
        }
        for (int i = 0; i < 4; ++i)
            stack.top(ElevationItem::Kind::PatchPanel, 1, "fibre patch panel");
        const SwitchModel *model = nullptr;
        for (const FabricPlane &plane : project.planes) {
            if (!model && plane.role == PlaneRole::Backend)
                model = planeSwitch(plane, catalog);
        }
        const int height = model ? model->heightU : 1;
        int reserved = 0;
        for (int i = 0; i < options.switchesPerNetworkRack; ++i) {
            if (!stack.bottom(ElevationItem::Kind::Switch, height,
                              "switch slot " + std::to_string(i + 1) +
                                  (model ? " (" + model->id + ")" : std::string())))
                break;
            ++reserved;
        }
        e.notes.push_back(std::to_string(reserved) +
                          " switch slots reserved by the layout; the fabric solver decides "
                          "how many are filled");
        break;
    }
    case RackRole::Storage: {
        const StorageSystem *system =
            catalog && !project.storage.system.empty()
                ? catalog->storageSystem(project.storage.system)
                : (catalog && !catalog->storageSystems.empty() ? &catalog->storageSystems.front()
                                                               : nullptr);
        const int height = system ? system->heightU : 2;
        const std::string name = system ? system->name : std::string("storage node");
        if (placed) {
            stackFabricSwitches(stack, e, *fabric, std::size_t(index));
            // The layout's node count, as the fabric cables them (a rack of unknown count is
            // filled).
            int fitted = 0;
            const int wanted = rack.servers > 0 ? rack.servers : e.heightU;
            for (; fitted < wanted; ++fitted) {
                if (!stack.bottom(ElevationItem::Kind::Storage, height,
                                  name + " #" + std::to_string(fitted + 1)))
                    break;
            }
            if (rack.servers > 0 && fitted < rack.servers)
                e.notes.push_back(std::to_string(rack.servers - fitted) +
                                  " storage node(s) do not fit in the rack's height");
            break;
        }
        stack.top(ElevationItem::Kind::Switch, 1, "storage leaf");
        for (int i = 0; stack.bottom(ElevationItem::Kind::Storage, height,
                                     name + " #" + std::to_string(i + 1));
             ++i) {
        }
        break;
    }
    case RackRole::Management:
        if (placed)
            stackFabricSwitches(stack, e, *fabric, std::size_t(index));
        else
            stack.top(ElevationItem::Kind::Switch, 1, "management switch");
        break;
    }
    // The power shelves directly above the servers or storage nodes (at the bottom of a rack
    // without them), where the fabric keeps their units free (rackPowerShelfUnits).
    const int shelves = rackPowerShelfUnits(project.power.distribution, false);
    if (shelves > 0) {
        const char *label = project.power.distribution == Distribution::Dc48V ? "48 V power shelf"
                                                                              : "800 V DC-DC shelf";
        int missing = 0;
        for (int i = 0; i < shelves; ++i)
            missing += stack.bottom(ElevationItem::Kind::PowerShelf, 1, label) ? 0 : 1;
        if (missing > 0)
            e.notes.push_back(std::to_string(missing) +
                              " power shelf(s) do not fit in the rack's height");
    } else {
        e.notes.push_back("2 zero-U PDUs feed the servers' PSUs (12 V distribution)");
    }
    std::sort(e.items.begin(), e.items.end(),
              [](const ElevationItem &a, const ElevationItem &b) { return a.firstU < b.firstU; });
    return e;
}

} // namespace aidc

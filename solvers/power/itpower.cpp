// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/itpower.h"

#include "solvers/common/defaults.h"

#include <algorithm>
#include <cstdio>
#include <unordered_map>

namespace aidc {

namespace {

template<typename T> const T *findById(const std::vector<T> &items, const std::string &id)
{
    for (const T &item : items) {
        if (item.id == id)
            return &item;
    }
    return nullptr;
}

struct PoolParts
{
    const Server *server = nullptr;
    const Accelerator *accelerator = nullptr;
    int projectIndex = -1;
};

PoolParts resolvePool(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                      const std::string &poolName)
{
    PoolParts parts;
    std::string serverId, acceleratorId;
    for (size_t i = 0; i < project.pools.size(); ++i) {
        if (project.pools[i].name == poolName) {
            parts.projectIndex = int(i);
            serverId = project.pools[i].server;
            acceleratorId = project.pools[i].gpu;
        }
    }
    for (const PoolLayout &pool : layout.pools) {
        if (pool.pool == poolName) {
            if (!pool.server.empty())
                serverId = pool.server;
            if (!pool.accelerator.empty())
                acceleratorId = pool.accelerator;
        }
    }
    parts.accelerator = findById(catalog.accelerators, acceleratorId);
    if (serverId.empty() && parts.accelerator)
        serverId = parts.accelerator->defaultServer;
    parts.server = findById(catalog.servers, serverId);
    if (parts.server && !parts.accelerator)
        parts.accelerator = findById(catalog.accelerators, parts.server->accelerator);
    return parts;
}

std::string poolPointer(const PoolParts &parts)
{
    return parts.projectIndex >= 0 ? "/compute/pools/" + std::to_string(parts.projectIndex) : "";
}

// Spreads `totalW` over the halls by GPU share (evenly when no hall has GPUs).
void spreadOverHalls(double totalW, const std::vector<int> &hallGpus,
                     std::vector<ItBreakdown> &hallUnplaced, double ItBreakdown::*field)
{
    if (hallUnplaced.empty() || totalW <= 0)
        return;
    int gpus = 0;
    for (int g : hallGpus)
        gpus += g;
    for (size_t h = 0; h < hallUnplaced.size(); ++h) {
        const double share =
            gpus > 0 ? double(hallGpus[h]) / gpus : 1.0 / double(hallUnplaced.size());
        hallUnplaced[h].*field += totalW * share;
    }
}

} // namespace

ItBuildUp buildItPower(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                       const NetworkLoad &network, const PowerOptions &options,
                       const RackPath &nameplate, const RackPath &design, Diagnostics &diagnostics)
{
    ItBuildUp build;
    const size_t hallCount = layout.halls.size();
    build.hallUnplaced.assign(hallCount, {});
    build.hallGpus.assign(hallCount, 0);
    build.racks.resize(layout.racks.size());
    build.rackTypes.assign(layout.racks.size(), nullptr);

    const bool rescale = nameplate.distribution != design.distribution;
    const double gpuLoadFactor = project.power.gpuLoadFactor;
    std::unordered_map<std::string, PoolParts> pools;
    std::vector<std::string> reportedPools;
    int networkRacks = 0, storageRacks = 0, infeasibleRacks = 0;
    std::string infeasibleExample;
    double matchedNetworkW = 0, conversionLoadSum = 0;
    size_t matchedEntries = 0;

    for (size_t i = 0; i < layout.racks.size(); ++i) {
        const PlacedRack &placed = layout.racks[i];
        RackPower &rack = build.racks[i];
        rack.id = placed.id;
        rack.hall = placed.hall;
        rack.row = placed.row;
        rack.role = placed.role;
        if (placed.hall < 0 || size_t(placed.hall) >= hallCount) {
            diagnostics.error("", "",
                              "rack " + placed.id + " names hall index " +
                                  std::to_string(placed.hall) + " but the layout has " +
                                  std::to_string(hallCount) + " halls");
            rack.hall = 0;
            if (hallCount == 0)
                continue;
        }
        const RackType *rackType = findById(catalog.rackTypes, placed.rackType);
        double equipmentKg = 0;

        switch (placed.role) {
        case RackRole::Compute: {
            auto found = pools.find(placed.pool);
            if (found == pools.end())
                found =
                    pools.emplace(placed.pool, resolvePool(project, catalog, layout, placed.pool))
                        .first;
            const PoolParts &parts = found->second;
            if (!parts.server || !parts.accelerator) {
                if (std::find(reportedPools.begin(), reportedPools.end(), placed.pool) ==
                    reportedPools.end()) {
                    reportedPools.push_back(placed.pool);
                    diagnostics.error("", poolPointer(parts),
                                      "pool '" + placed.pool +
                                          "': its server or accelerator is not in the catalog, "
                                          "so its racks' power is unknown (counted as 0 W)");
                }
                break;
            }
            const Server &server = *parts.server;
            const int gpus = placed.gpus > 0 ? placed.gpus : placed.servers * server.gpus;
            build.hallGpus[size_t(rack.hall)] += gpus;
            rack.peak.gpuW = gpus * parts.accelerator->tdpW * gpuLoadFactor;
            rack.peak.serverOtherW =
                placed.servers * std::max(0.0, server.nonGpuPowerW(*parts.accelerator));
            const double serverW = rack.peak.gpuW + rack.peak.serverOtherW;
            const double nameplateW = placed.servers * server.maxPowerW;
            // PSUs run at required/installed of their rating at nameplate (DGX H100: 4+2).
            const double psuShare = server.psus > 0 && server.psusRequired > 0
                                        ? std::min(1.0, double(server.psusRequired) / server.psus)
                                        : 0.5;
            const double loadFraction =
                nameplateW > 0 ? psuShare * std::min(1.0, serverW / nameplateW) : psuShare;
            conversionLoadSum += loadFraction;
            RackPathFlow flow;
            if (server.rackScale) {
                // Fed from the rack busbar: the distribution sets the rack's losses.
                flow = rackPathFromInput(design, serverW, loadFraction);
                if (rescale) {
                    const double railW = rackPathFromInput(nameplate, serverW, loadFraction).railW;
                    flow = rackPathForRails(design, railW, loadFraction);
                    if (!flow.feasible) {
                        ++infeasibleRacks;
                        if (infeasibleExample.empty())
                            infeasibleExample = placed.id;
                    }
                    rack.peak.distributionW = flow.inputW - serverW;
                }
                rack.busCurrentA = flow.busCurrentA;
                build.busbarFedW += flow.inputW;
            } else {
                // Its own PSUs take AC: the vendor's maximum already includes them, whatever the
                // rack distribution. The in-server conversion is modelled with the nameplate path.
                flow = rackPathFromInput(nameplate, serverW, loadFraction);
                if (std::find(build.ownPsuServers.begin(), build.ownPsuServers.end(), server.id) ==
                    build.ownPsuServers.end())
                    build.ownPsuServers.push_back(server.id);
            }
            build.rackConversionLossW += flow.conversionLossW;
            build.busbarLossW += flow.conductorLossW;
            build.boardLossW += flow.boardLossW;
            ++build.computeRacks;
            build.computeNameplateW += serverW;
            if (!rackType)
                rackType = computeRackTypeFor(server, project.cooling, catalog);
            // A rack-scale system (GB200 NVL72) is its own rack: its mass includes the frame.
            equipmentKg = placed.servers * server.massKg;
            if (server.rackScale)
                rack.massKg = equipmentKg;
            break;
        }
        case RackRole::Network: {
            ++networkRacks;
            const auto entry = network.rackPowerW.find(placed.id);
            if (entry != network.rackPowerW.end()) {
                rack.peak.networkW = entry->second;
                matchedNetworkW += entry->second;
                ++matchedEntries;
            }
            equipmentKg = options.networkRackEquipmentKg;
            break;
        }
        case RackRole::Storage:
            ++storageRacks;
            equipmentKg = options.storageRackEquipmentKg;
            break;
        case RackRole::Management:
            rack.peak.managementW = options.managementRackPowerW;
            equipmentKg = options.managementRackEquipmentKg;
            break;
        }
        build.rackTypes[i] = rackType;
        if (rack.massKg == 0)
            rack.massKg = (rackType ? rackType->emptyMassKg : 0.0) + equipmentKg;
    }

    // Switches the fabric solver placed in compute racks (ToR leaves) count there too.
    for (size_t i = 0; i < layout.racks.size(); ++i) {
        if (layout.racks[i].role == RackRole::Network)
            continue;
        const auto entry = network.rackPowerW.find(layout.racks[i].id);
        if (entry != network.rackPowerW.end()) {
            build.racks[i].peak.networkW += entry->second;
            matchedNetworkW += entry->second;
            ++matchedEntries;
        }
    }
    if (matchedEntries < network.rackPowerW.size()) {
        diagnostics.warning("", "",
                            std::to_string(network.rackPowerW.size() - matchedEntries) +
                                " network rack power entries name racks the layout does not have; "
                                "their power is spread like unplaced network power");
    }
    const double unplacedNetworkW = std::max(0.0, network.totalW() - matchedNetworkW);
    if (matchedNetworkW > network.totalW() * (1 + 1e-9) + 1e-6)
        diagnostics.warning("", "",
                            "network power placed in racks exceeds the network total; the "
                            "placed figures are used");
    if (unplacedNetworkW > 0) {
        if (networkRacks > 0) {
            const double shareW = unplacedNetworkW / networkRacks;
            for (RackPower &rack : build.racks) {
                if (rack.role == RackRole::Network)
                    rack.peak.networkW += shareW;
            }
        } else {
            spreadOverHalls(unplacedNetworkW, build.hallGpus, build.hallUnplaced,
                            &ItBreakdown::networkW);
        }
    }

    if (network.storagePowerW) {
        if (storageRacks > 0) {
            const double shareW = *network.storagePowerW / storageRacks;
            for (RackPower &rack : build.racks) {
                if (rack.role == RackRole::Storage)
                    rack.peak.storageW = shareW;
            }
        } else {
            spreadOverHalls(*network.storagePowerW, build.hallGpus, build.hallUnplaced,
                            &ItBreakdown::storageW);
        }
    } else {
        for (RackPower &rack : build.racks) {
            if (rack.role == RackRole::Storage)
                rack.peak.storageW = options.storageRackPowerW;
        }
    }

    if (project.power.otherItFraction > 0 && hallCount > 0) {
        std::vector<double> hallBottomUpW(hallCount, 0.0);
        for (const RackPower &rack : build.racks)
            hallBottomUpW[size_t(rack.hall)] += rack.peakW();
        for (size_t h = 0; h < hallCount; ++h) {
            hallBottomUpW[h] += build.hallUnplaced[h].totalW();
            build.hallUnplaced[h].otherW = project.power.otherItFraction * hallBottomUpW[h];
        }
    }

    if (infeasibleRacks > 0) {
        char text[256];
        std::snprintf(text, sizeof text,
                      "%d compute racks (e.g. %s) cannot be fed at %.0f V through a %.3g mOhm "
                      "busbar: the current's I^2 R loss runs away; the conductor loss is left out",
                      infeasibleRacks, infeasibleExample.c_str(), design.busVoltageV,
                      design.busbarResistanceOhm * 1e3);
        diagnostics.warning("", "/power/distribution", text);
    }
    if (build.computeRacks > 0)
        build.meanConversionLoadFraction = conversionLoadSum / build.computeRacks;
    build.itConversionLossW = build.rackConversionLossW + build.busbarLossW + build.boardLossW;
    return build;
}

} // namespace aidc

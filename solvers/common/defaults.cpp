// SPDX-License-Identifier: Apache-2.0
#include "defaults.h"

#include <cmath>

namespace aidc {

const SwitchModel *defaultSwitchFor(const FabricPlane &plane, const Catalog &catalog)
{
    const std::string technology =
        plane.technology == Technology::InfiniBand ? "infiniband" : "ethernet";
    const SwitchModel *best = nullptr;
    int bestRadix = 0;
    for (const SwitchModel &model : catalog.switches) {
        if (model.technology != technology)
            continue;
        const int radix = model.radixAt(plane.portGbps);
        // Prefer native speed over breakout, then the larger radix (fewer tiers).
        const bool native = model.portGbps == plane.portGbps;
        const bool bestNative = best && best->portGbps == plane.portGbps;
        if (radix > 0 &&
            (!best || (native && !bestNative) || (native == bestNative && radix > bestRadix))) {
            best = &model;
            bestRadix = radix;
        }
    }
    return best;
}

static std::vector<FabricPlane> defaultPlanes(const Project &project, const Catalog &catalog)
{
    double nicGbps = 400;
    if (!project.pools.empty()) {
        if (const Accelerator *gpu = catalog.accelerator(project.pools.front().gpu))
            nicGbps = gpu->nicGbps;
    }
    FabricPlane backend;
    backend.name = "backend";
    backend.role = PlaneRole::Backend;
    backend.technology = Technology::InfiniBand;
    backend.portGbps = nicGbps;
    backend.railOptimized = true;
    backend.leafPlacement = LeafPlacement::NetworkRack;

    FabricPlane frontend;
    frontend.name = "frontend";
    frontend.role = PlaneRole::Frontend;
    frontend.technology = Technology::Ethernet;
    frontend.portGbps = 200;
    frontend.endpointsPerServer = 2;
    frontend.railOptimized = false;
    frontend.leafPlacement = LeafPlacement::EoR;
    frontend.oversubscription = {1.0, 3.0};

    FabricPlane storage = frontend;
    storage.name = "storage";
    storage.role = PlaneRole::Storage;
    storage.oversubscription = {1.0};

    FabricPlane oob;
    oob.name = "oob";
    oob.role = PlaneRole::Oob;
    oob.technology = Technology::Ethernet;
    oob.portGbps = 1;
    oob.endpointsPerServer = 1;
    oob.railOptimized = false;
    oob.leafPlacement = LeafPlacement::ToR;
    oob.oversubscription = {4.0};
    return {backend, frontend, storage, oob};
}

// Generic mid-latitude inland site, monthly means, illustrative only [U]
// (docs/project-format.md, "site").
Climate referenceClimate()
{
    Climate climate;
    climate.dryBulbC = {1, 2, 6, 10, 14, 17, 19, 19, 15, 10, 5, 2};
    climate.wetBulbC = {0, 0, 3, 6, 10, 13, 15, 15, 12, 8, 3, 1};
    return climate;
}

Project withDefaults(const Project &project, const Catalog &catalog)
{
    Project effective = project;
    if (effective.site.climate == Climate{})
        effective.site.climate = referenceClimate();
    for (ComputePool &pool : effective.pools) {
        if (pool.server.empty()) {
            if (const Accelerator *gpu = catalog.accelerator(pool.gpu))
                pool.server = gpu->defaultServer;
        }
    }
    if (effective.planes.empty())
        effective.planes = defaultPlanes(effective, catalog);
    for (FabricPlane &plane : effective.planes) {
        if (plane.switchModel.empty()) {
            if (const SwitchModel *model = defaultSwitchFor(plane, catalog))
                plane.switchModel = model->id;
        }
        if (!plane.endpointsPerServer && plane.role != PlaneRole::Backend)
            plane.endpointsPerServer = plane.role == PlaneRole::Oob ? 1 : 2;
    }
    return effective;
}

const RackType *computeRackTypeFor(const Server &server, const CoolingDesign &cooling,
                                   const Catalog &catalog)
{
    const RackType *rack = catalog.rackType(server.defaultRackType);
    if (!rack || rack->liquidCooled || server.rackScale ||
        cooling.type != CoolingType::DirectLiquid)
        return rack;
    for (const RackType &type : catalog.rackTypes) {
        if (type.liquidCooled && type.widthMm == rack->widthMm && type.depthMm == rack->depthMm &&
            type.heightU >= rack->heightU && type.emptyMassKg > 0)
            return &type;
    }
    return rack;
}

int rackPowerShelfUnits(Distribution distribution, bool rackScaleSystem)
{
    return distribution == Distribution::Ac12V || rackScaleSystem ? 0 : 2;
}

} // namespace aidc

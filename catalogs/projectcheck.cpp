// SPDX-License-Identifier: Apache-2.0
#include "projectcheck.h"

#include <cmath>
#include <sstream>

namespace aidc {

namespace {

template<typename T> std::string knownIds(const std::vector<T> &items)
{
    std::string out;
    for (const T &item : items)
        out += (out.empty() ? "" : ", ") + item.id;
    return out;
}

std::string knownCoolingIds(const Catalog &catalog, const std::string &kind)
{
    std::string out;
    for (const CoolingUnit &unit : catalog.coolingUnits) {
        if (unit.kind == kind)
            out += (out.empty() ? "" : ", ") + unit.id;
    }
    return out;
}

std::string gbpsText(double gbps)
{
    std::ostringstream text;
    text << gbps << "G";
    return text.str();
}

// "400G (or 200G by breakout)": the speeds a switch takes, for the error message.
std::string speedsOf(const SwitchModel &model)
{
    std::string breakouts;
    for (int lanes = 2; lanes <= model.maxBreakout; ++lanes) {
        if (model.radixAt(model.portGbps / lanes) > 0)
            breakouts += (breakouts.empty() ? "" : ", ") + gbpsText(model.portGbps / lanes);
    }
    return gbpsText(model.portGbps) +
           (breakouts.empty() ? "" : " (or " + breakouts + " by breakout)");
}

void checkCooling(const Catalog &catalog, const std::string &id, const std::string &kind,
                  const std::string &path, const std::string &file, Diagnostics &diagnostics)
{
    if (id.empty())
        return;
    const CoolingUnit *unit = catalog.coolingUnit(id);
    if (!unit) {
        diagnostics.error(file, path,
                          "unknown " + kind + " '" + id +
                              "' (known: " + knownCoolingIds(catalog, kind) + ")");
    } else if (unit->kind != kind) {
        diagnostics.error(file, path,
                          "'" + id + "' is a " + unit->kind + ", not a " + kind +
                              " (known: " + knownCoolingIds(catalog, kind) + ")");
    }
}

} // namespace

void checkProjectAgainstCatalog(const Project &project, const Catalog &catalog,
                                const std::string &projectFile, Diagnostics &diagnostics)
{
    const std::string &file = projectFile;
    for (std::size_t i = 0; i < project.pools.size(); ++i) {
        const ComputePool &pool = project.pools[i];
        const std::string base = "/compute/pools/" + std::to_string(i);
        const Accelerator *gpu = catalog.accelerator(pool.gpu);
        if (!gpu)
            diagnostics.error(file, base + "/gpu",
                              (pool.gpu.empty() ? std::string("no accelerator given")
                                                : "unknown accelerator '" + pool.gpu + "'") +
                                  " (known: " + knownIds(catalog.accelerators) + ")");
        const std::string serverId =
            !pool.server.empty() ? pool.server : (gpu ? gpu->defaultServer : std::string());
        const Server *server = catalog.server(serverId);
        if (!pool.server.empty() && !server) {
            diagnostics.error(file, base + "/server",
                              "unknown server '" + pool.server +
                                  "' (known: " + knownIds(catalog.servers) + ")");
        } else if (server && gpu && server->accelerator != gpu->id) {
            diagnostics.error(file, base + "/server",
                              "server '" + server->id + "' carries '" + server->accelerator +
                                  "', not the pool's GPU '" + gpu->id + "'");
        } else if (server && gpu && pool.gpuCount % server->gpus != 0) {
            diagnostics.warning(
                file, base + "/gpuCount",
                std::to_string(pool.gpuCount) + " GPUs is not a multiple of " +
                    std::to_string(server->gpus) + " per '" + server->id + "': rounds up to " +
                    std::to_string((pool.gpuCount + server->gpus - 1) / server->gpus) + " servers");
        }
    }

    for (std::size_t i = 0; i < project.planes.size(); ++i) {
        const FabricPlane &plane = project.planes[i];
        if (plane.switchModel.empty())
            continue;
        const std::string path = "/network/planes/" + std::to_string(i) + "/switch";
        const SwitchModel *model = catalog.switchModel(plane.switchModel);
        if (!model) {
            diagnostics.error(file, path,
                              "unknown switch '" + plane.switchModel +
                                  "' (known: " + knownIds(catalog.switches) + ")");
            continue;
        }
        const std::string technology =
            plane.technology == Technology::InfiniBand ? "infiniband" : "ethernet";
        if (model->technology != technology)
            diagnostics.error(file, path,
                              "switch '" + model->id + "' is " + model->technology +
                                  ", but the plane is " + technology);
        if (model->radixAt(plane.portGbps) == 0)
            diagnostics.error(file, path,
                              "switch '" + model->id + "' takes " + speedsOf(*model) +
                                  " ports, not the plane's " + gbpsText(plane.portGbps));
    }

    for (std::size_t h = 0; h < project.halls.size(); ++h) {
        const Hall &hall = project.halls[h];
        for (std::size_t r = 0; r < hall.rows.size(); ++r) {
            const Row &row = hall.rows[r];
            for (std::size_t k = 0; k < row.racks.size(); ++k) {
                const std::string &id = row.racks[k].rackType;
                if (!id.empty() && !catalog.rackType(id))
                    diagnostics.error(file,
                                      "/halls/" + std::to_string(h) + "/rows/" + std::to_string(r) +
                                          "/racks/" + std::to_string(k) + "/rackType",
                                      "unknown rack type '" + id +
                                          "' (known: " + knownIds(catalog.rackTypes) + ")");
            }
        }
    }

    checkCooling(catalog, project.cooling.cdu, "cdu", "/cooling/cdu", file, diagnostics);
    checkCooling(catalog, project.cooling.chiller, "chiller", "/cooling/chiller", file,
                 diagnostics);

    if (!project.storage.system.empty() && !catalog.storageSystem(project.storage.system))
        diagnostics.error(file, "/storage/system",
                          "unknown storage system '" + project.storage.system +
                              "' (known: " + knownIds(catalog.storageSystems) + ")");

    if (!project.power.transformer.empty()) {
        const PowerStage *stage = catalog.powerStageById(project.power.transformer);
        if (!stage || stage->stage != "transformer") {
            std::string known;
            for (const PowerStage &s : catalog.powerStages) {
                if (s.stage == "transformer")
                    known += (known.empty() ? "" : ", ") + s.id;
            }
            diagnostics.error(
                file, "/power/transformer",
                (stage ? "'" + stage->id + "' is a " + stage->stage + " stage, not a transformer"
                       : "unknown transformer '" + project.power.transformer + "'") +
                    " (known: " + known + ")");
        }
    }
}

} // namespace aidc

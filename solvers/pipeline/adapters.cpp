// SPDX-License-Identifier: Apache-2.0
#include "adapters.h"

#include "model/enumnames.h"

#include <algorithm>
#include <cmath>

namespace aidc {

namespace {

// GPU -> host copy bandwidth of one GPU for asynchronous checkpoints: PCIe Gen5 x16,
// ~64 GB/s raw [V] [ref:pcie-5-spec], ~50 GB/s achieved [U].
constexpr double kHostCopyBytesPerSPerGpu = 50e9;

// Local NVMe write bandwidth of one GPU server for checkpoints to its own drives: a DGX H100
// holds 8 x 3.84 TB U.2 NVMe [V] [ref:nvidia-dgx-h100-ug]; ~2.5 GB/s sequential write each [U].
constexpr double kLocalNvmeWriteBytesPerSPerServer = 8 * 2.5e9;

// A GB200/GB300 NVL72 compute tray carries 4 GPUs on one host board; the 18 trays of a rack
// share its NVLink domain, so a rack-scale job loses the whole rack with one tray
// (18 compute trays of 4 GPUs + 2 Grace [ref:nvidia-bcm-gb200]).
constexpr int kRackScaleGpusPerTray = 4;

bool planeServesPool(const FabricPlane &plane, const std::string &pool)
{
    return plane.pools.empty() ||
           std::find(plane.pools.begin(), plane.pools.end(), pool) != plane.pools.end();
}

const PlaneResult *findPlaneResult(const FabricResult &fabric, const std::string &name)
{
    for (const PlaneResult &plane : fabric.planes) {
        if (plane.name == name)
            return &plane;
    }
    return nullptr;
}

} // namespace

StorageSizing sizeStorage(const Project &project, const Catalog &catalog, int gpus)
{
    StorageSizing sizing;
    const StorageDesign &design = project.storage;
    const StorageSystem *system = catalog.storageSystem(design.system);
    if (!system && !catalog.storageSystems.empty())
        system = &catalog.storageSystems.front();
    // [U] placeholders when the project sizes nothing (docs/project-format.md, "storage").
    const double capacityPB = design.capacityPB > 0 ? design.capacityPB : gpus / 2000.0;
    const double writeTBps = design.writeTBps > 0 ? design.writeTBps : gpus * 0.1 / 1000.0;
    sizing.capacityPB = capacityPB;
    sizing.writeBytesPerS = writeTBps * 1e12;
    sizing.readBytesPerS = (design.readTBps > 0 ? design.readTBps : 2 * writeTBps) * 1e12;
    if (!system)
        return sizing;
    sizing.system = system->id;
    int nodes = 1;
    if (system->capacityPBPerNode > 0)
        nodes = std::max(nodes, int(std::ceil(capacityPB / system->capacityPBPerNode)));
    if (system->writeGBpsPerNode > 0)
        nodes = std::max(nodes, int(std::ceil(writeTBps * 1000.0 / system->writeGBpsPerNode)));
    sizing.nodes = nodes;
    sizing.powerW = nodes * system->powerWPerNode;
    return sizing;
}

const ComputePool *workloadPool(const Project &project)
{
    if (project.workload && !project.workload->pool.empty())
        return project.findPool(project.workload->pool);
    const ComputePool *largest = nullptr;
    for (const ComputePool &pool : project.pools) {
        if (!largest || pool.gpuCount > largest->gpuCount)
            largest = &pool;
    }
    return largest;
}

NetworkLoad networkLoadFrom(const FabricResult &fabric, const StorageSizing &storage)
{
    NetworkLoad load;
    load.switchPowerW = fabric.switchPowerW;
    // NIC-side modules sit in the servers, whose catalog max power already holds them; only
    // count them when the fabric solver was asked to (FabricOptions::countEndpointModulePower).
    load.appliancePowerW = fabric.fabricManagerPowerW;
    load.modulePowerW = fabric.networkPowerW - fabric.switchPowerW - fabric.fabricManagerPowerW;
    // Power of switches the fabric could not place sits under the key "": it is already in the
    // totals above and spread as unplaced network power, so no rack gets it.
    for (const auto &[rack, watts] : fabric.rackNetworkPowerW) {
        if (!rack.empty())
            load.rackPowerW[rack] = watts;
    }
    load.storagePowerW = storage.powerW;
    return load;
}

ClusterNetwork clusterNetworkFor(const Project &project, const Catalog &catalog,
                                 const FabricResult &fabric, const ComputePool &pool, int gpus)
{
    const Accelerator *gpu = catalog.accelerator(pool.gpu);
    const Server *server = catalog.server(pool.server);
    ClusterNetwork network = ClusterNetwork::nonBlocking(
        gpus, server ? server->scaleUpDomain : (gpu ? gpu->scaleUpDomain : 8),
        gpu ? gpu->scaleUpGBpsPerDirection : 0, gpu ? gpu->nicGbps : 0);

    double nicGbps = 0;
    const PlanePerformanceFacts *facts = nullptr;
    for (const FabricPlane &plane : project.planes) {
        if (plane.role != PlaneRole::Backend || !planeServesPool(plane, pool.name))
            continue;
        const PlaneResult *result = findPlaneResult(fabric, plane.name);
        if (!result)
            continue;
        nicGbps += result->performance.nicGbpsPerGpu;
        if (!facts)
            facts = &result->performance;
    }
    if (!facts)
        return network; // no backend plane: the accelerator's own NIC rate, one island
    network.scaleOutGbpsPerGpu = nicGbps;
    network.islandGpus = facts->islandGpus >= facts->gpus ? 0 : int(facts->islandGpus);
    network.leafOversubscription = facts->oversubscriptionInsideIsland;
    network.islandOversubscription = facts->oversubscriptionAboveIsland;
    network.railGroupGpus = int(facts->railGroupGpus);
    network.tiers = facts->tiers;
    if (facts->hopLatencyNs > 0)
        network.hopLatencyUs = facts->hopLatencyNs / 1000.0;
    return network;
}

ReliabilityInputs reliabilityInputsFrom(const ReliabilityContext &context)
{
    const Project &project = context.project;
    const Catalog &catalog = context.catalog;
    ReliabilityInputs inputs;
    inputs.failureRates = catalog.failureRates;
    inputs.sitePowerInterruptionsPerYear = context.power.electrical.jobInterruptionsPerYear;
    inputs.sitePowerOutageHours = context.power.electrical.outageHours;

    const Server *server = catalog.server(context.pool.server);
    const bool rackScale = server && server->rackScale;
    const int serverGpus = server ? std::max(1, server->gpus) : 8;
    inputs.gpusPerNode = rackScale ? kRackScaleGpusPerTray : serverGpus;
    inputs.nodesPerBlastUnit = rackScale ? std::max(1, serverGpus / kRackScaleGpusPerTray) : 1;

    int poolGpus = 0, poolServers = 0;
    for (const PoolLayout &pool : context.layout.pools) {
        inputs.clusterGpus += pool.gpus;
        if (pool.pool == context.pool.name) {
            poolGpus = pool.gpus;
            poolServers = pool.servers;
        }
    }
    const int nodesPerServer = rackScale ? inputs.nodesPerBlastUnit : 1;
    for (const PoolLayout &pool : context.layout.pools) {
        const Server *poolServer = catalog.server(pool.server);
        const bool poolRackScale = poolServer && poolServer->rackScale;
        inputs.clusterNodes +=
            poolRackScale && poolServer
                ? pool.servers * std::max(1, poolServer->gpus / kRackScaleGpusPerTray)
                : pool.servers;
    }
    inputs.poolNodes = poolServers * nodesPerServer;

    int jobGpus = poolGpus;
    if (project.workload && project.workload->gpus > 0)
        jobGpus = std::min(jobGpus, project.workload->gpus);
    if (context.performance && context.performance->ok && context.performance->plan.gpusUsed > 0)
        jobGpus = context.performance->plan.gpusUsed;
    inputs.jobGpus = jobGpus;
    inputs.jobNodes = (jobGpus + inputs.gpusPerNode - 1) / inputs.gpusPerNode;

    for (std::size_t i = 0; i < project.pools.size(); ++i) {
        if (project.pools[i].name == context.pool.name)
            inputs.poolPointer = "/compute/pools/" + std::to_string(i);
    }

    // Islands bound where a spare can stand in: the backend plane's island size.
    for (const PlaneResult &plane : context.fabric.planes) {
        if (plane.role == PlaneRole::Backend && plane.performance.islandGpus > 0 &&
            plane.performance.islandGpus < plane.performance.gpus) {
            inputs.islandNodes = int(plane.performance.islandGpus / inputs.gpusPerNode);
            break;
        }
    }

    // Node-scoped components of every pool: a failure takes the node (or blast unit) out. The
    // job depends on its share of its own pool only.
    const double jobShare = poolGpus > 0 ? double(jobGpus) / poolGpus : 1.0;
    for (const PoolLayout &placed : context.layout.pools) {
        const Server *poolServer = catalog.server(placed.server);
        const bool isJobPool = placed.pool == context.pool.name;
        const double share = isJobPool ? jobShare : 0.0;
        const bool poolRackScale = poolServer && poolServer->rackScale;
        const double hosts =
            poolRackScale && poolServer
                ? double(placed.servers) * std::max(1, poolServer->gpus / kRackScaleGpusPerTray)
                : double(placed.servers);
        auto nodeGroup = [&](const char *componentClass, const std::string &name, double count) {
            ComponentGroup group;
            group.componentClass = componentClass;
            group.name = context.layout.pools.size() > 1 ? placed.pool + " " + name : name;
            group.scope = FailureScope::Node;
            group.clusterCount = count;
            group.jobCount = count * share;
            inputs.components.push_back(group);
        };
        nodeGroup("gpu", "GPUs", placed.gpus);
        nodeGroup("hbm", "HBM (per GPU)", placed.gpus);
        nodeGroup("host", "host boards", hosts);
        if (isJobPool) {
            // Software bugs, NCCL hangs and dependency failures: ~15 % of Llama 3's unexpected
            // interruptions [ref:llama3-2024 Table 5]. They scale with the job's hosts and
            // restart the job on the same nodes (no spare, no repair).
            ComponentGroup software;
            software.componentClass = "software";
            software.name = "software, NCCL and dependencies (per host)";
            software.scope = FailureScope::Shared;
            software.clusterCount = hosts * share;
            software.jobCount = software.clusterCount;
            inputs.components.push_back(software);
        }
        if (!poolServer)
            continue;
        nodeGroup("nic", "backend and storage NIC ports",
                  double(placed.servers) * (poolServer->backendPorts + poolServer->storagePorts));
        ComponentGroup psus;
        psus.componentClass = "psu";
        psus.name = context.layout.pools.size() > 1 ? placed.pool + " server PSUs" : "server PSUs";
        psus.scope = FailureScope::Node;
        psus.clusterCount = double(placed.servers) * poolServer->psus;
        psus.jobCount = psus.clusterCount * share;
        psus.redundancyUnits = std::max(1, poolServer->psus);
        psus.redundancyRequired = std::clamp(poolServer->psusRequired, 1, psus.redundancyUnits);
        inputs.components.push_back(psus);
    }

    // Shared network parts, classified link by link on the fabric's graph. What stops the job
    // [D]: a leaf, and the link from a NIC to its leaf (its transceivers or cable), since an
    // endpoint has no second path on its rail. A spine or core switch and a switch-to-switch
    // link fail over to the fat tree's parallel paths (adaptive routing): bandwidth drops, the
    // job goes on; a tier whose single failure disconnects GPUs (the fabric's failure blast)
    // stops it. Only the planes that carry the job's traffic (backend, storage) can stop it.
    // Optical links count their transceiver modules (twin-port modules once), AOCs two bonded
    // ends; copper links count one cable, transceiver links one fibre jumper.
    // 1 GbE management optics have their own, lower rate ("transceiver-1g").
    for (const PlaneResult &plane : context.fabric.planes) {
        const bool carriesJob =
            plane.role == PlaneRole::Backend || plane.role == PlaneRole::Storage;
        const double planeShare =
            plane.gpus > 0 ? std::min(1.0, double(jobGpus) / plane.gpus) : jobShare;
        const double copies = plane.parallelPlanes;
        auto shared = [&](const char *componentClass, const std::string &name, double count,
                          bool stopsJob) {
            if (count <= 0)
                return;
            ComponentGroup group;
            group.componentClass = componentClass;
            group.name = plane.name + " " + name;
            group.scope = FailureScope::Shared;
            group.clusterCount = count * copies;
            group.jobCount = group.clusterCount * planeShare;
            group.interruptFraction = carriesJob && stopsJob ? 1.0 : 0.0;
            inputs.components.push_back(group);
        };
        for (const FabricTierStats &tier : plane.tierStats) {
            bool disconnects = tier.tier == 1;
            for (const FailureBlast &blast : plane.failures) {
                if (blast.tier == tier.tier)
                    disconnects = blast.gpusLost > 0 || blast.endpointsLost > 0;
            }
            shared("switch", "tier-" + std::to_string(tier.tier) + " switches",
                   double(tier.switches), disconnects);
        }

        // ends[e] / cables[e]: e = 1 for NIC-to-leaf links, 0 for switch-to-switch links.
        double moduleEnds[2] = {0, 0}, aocEnds[2] = {0, 0}, cables[2] = {0, 0};
        const FabricTopology &topology = plane.topology;
        std::vector<const Medium *> media;
        for (const std::string &id : plane.media)
            media.push_back(catalog.medium(id));
        for (std::size_t link = 0; link < topology.linkCount(); ++link) {
            // Link e is endpoint e's; a fabric-manager link failing stops no job (its HA peer
            // takes over).
            if (link >= topology.hostEndpointCount() && link < topology.endpointCount())
                continue;
            const std::uint8_t index = topology.linkMedium[link];
            if (index == FabricTopology::kNoMedium || index >= media.size() || !media[index])
                continue;
            const Medium &medium = *media[index];
            const int position = topology.linkLevel[link] == 0 ? 1 : 0;
            if (medium.needsTransceivers)
                moduleEnds[position] += 2;
            else if (medium.kind == MediumKind::Aoc)
                aocEnds[position] += 2;
            if (medium.kind != MediumKind::Aoc)
                cables[position] += 1;
        }
        // Optics fail per physical module: a twin-port module serves two link ends, so the
        // fabric's packing (modules / ends) turns transceiver ends into modules; an AOC keeps
        // its two bonded ends.
        const double modulesPerEnd = plane.transceiverEnds > 0 ? double(plane.transceiverModules) /
                                                                     double(plane.transceiverEnds)
                                                               : 1.0;
        const char *opticsClass = plane.portGbps <= 10 ? "transceiver-1g" : "transceiver";
        shared(opticsClass, "NIC-to-leaf optical modules",
               moduleEnds[1] * modulesPerEnd + aocEnds[1], true);
        shared(opticsClass, "switch-to-switch optical modules",
               moduleEnds[0] * modulesPerEnd + aocEnds[0], false);
        shared("cable", "NIC-to-leaf cables", cables[1], true);
        shared("cable", "switch-to-switch cables", cables[0], false);
    }

    // Cooling: CDUs of the halls, N+1 inside each hall.
    for (const HallPower &hall : context.power.halls) {
        if (hall.cdus <= 0)
            continue;
        ComponentGroup cdus;
        cdus.componentClass = "cdu";
        cdus.name = "CDUs " + hall.id;
        cdus.scope = FailureScope::Shared;
        cdus.clusterCount = hall.cdus;
        cdus.redundancyUnits = hall.cdus;
        // The hall's CDUs as installed for cooling.cduRedundancy: N+1 tolerates one failure, 2N
        // half of them, N none.
        switch (project.cooling.cduRedundancy) {
        case Redundancy::N:
            cdus.redundancyRequired = hall.cdus;
            break;
        case Redundancy::TwoN:
            cdus.redundancyRequired = std::max(1, hall.cdus / 2);
            break;
        case Redundancy::NPlus1:
        case Redundancy::Distributed:
            cdus.redundancyRequired = std::max(1, hall.cdus - 1);
            break;
        }
        inputs.components.push_back(cdus);
    }

    if (project.workload) {
        inputs.checkpoint = project.workload->checkpoint;
        // Before the parallelism search (spare sizing) the architecture alone gives the size.
        inputs.parameters = countParameters(project.workload->model).total;
    }
    if (const PerformanceResult *performance = context.performance;
        performance && performance->ok) {
        inputs.parameters = performance->parameters.total;
        const ParallelPlan &plan = performance->plan.plan;
        inputs.shardRanks =
            plan.tp * plan.pp * std::max(1, plan.ep) * (plan.zeroStage >= 1 ? plan.dp : 1);
        inputs.mfu = performance->plan.mfu;
        inputs.stepTimeS = performance->plan.step.stepS;
        inputs.replicaGpus = plan.tp * plan.pp * std::max(1, plan.cp);
        inputs.idealTimeToTrainS = performance->timeToTrainDays * 86400.0;
    }

    // Checkpoint bandwidth: the job's share of the file system, bounded by its storage NICs.
    const double poolShare = inputs.clusterGpus > 0 ? double(jobGpus) / inputs.clusterGpus : 1.0;
    // A checkpoint achieves only part of the rated bandwidth (storage.checkpointBandwidthFraction).
    const double achieved = project.storage.checkpointBandwidthFraction;
    inputs.storageWriteBytesPerS =
        context.storage.writeBytesPerS * std::min(1.0, poolShare) * achieved;
    inputs.storageReadBytesPerS =
        context.storage.readBytesPerS * std::min(1.0, poolShare) * achieved;
    inputs.storageCapacityBytes = context.storage.capacityPB * 1e15 * std::min(1.0, poolShare);
    inputs.driveWritesPerDay = project.storage.driveWritesPerDay;
    if (inputs.checkpoint.tier == CheckpointTier::LocalNvme && server) {
        const double servers = double(jobGpus) / serverGpus;
        inputs.storageWriteBytesPerS = servers * kLocalNvmeWriteBytesPerSPerServer;
        inputs.storageReadBytesPerS = servers * kLocalNvmeWriteBytesPerSPerServer;
    }
    if (server) {
        // Checkpoints go over the storage NICs; a server without them (GB200 NVL72 trays reach
        // storage through their in-band ports) uses its frontend ports.
        const double serversInJob = double(jobGpus) / serverGpus;
        const bool storageNics = server->storagePorts > 0;
        const double ports = storageNics ? server->storagePorts : server->frontendPorts;
        const double gbps = storageNics ? server->storagePortGbps : server->frontendPortGbps;
        inputs.nicToStorageBytesPerS = serversInJob * ports * gbps * 1e9 / 8.0;
    }
    inputs.hostCopyBytesPerSPerGpu = kHostCopyBytesPerSPerGpu;
    return inputs;
}

int jobGpuBudget(const Workload &workload, int poolGpus, int spareNodes, int gpusPerNode)
{
    if (workload.gpus > 0)
        return std::min(workload.gpus, poolGpus);
    const int reserved = std::max(0, spareNodes) * std::max(1, gpusPerNode);
    return reserved < poolGpus ? poolGpus - reserved : poolGpus;
}

CostInputs costInputsFrom(const CostContext &context)
{
    const LayoutResult &layout = context.layout;
    CostInputs inputs;
    for (const PoolLayout &pool : layout.pools) {
        PoolInventory inventory;
        inventory.pool = pool.pool;
        inventory.accelerator = pool.accelerator;
        inventory.server = pool.server;
        inventory.servers = pool.servers;
        inventory.gpus = pool.gpus;
        inventory.racks = pool.racks;
        for (const PlacedRack &rack : layout.racks) {
            if (rack.role == RackRole::Compute && rack.pool == pool.pool) {
                inventory.rackType = rack.rackType;
                break;
            }
        }
        inputs.compute.push_back(inventory);
    }
    for (const PlacedRack &rack : layout.racks) {
        if (rack.role == RackRole::Compute)
            continue;
        const std::string role = toString(rack.role);
        auto it =
            std::find_if(inputs.racks.begin(), inputs.racks.end(), [&](const RackInventory &r) {
                return r.role == role && r.rackType == rack.rackType;
            });
        if (it == inputs.racks.end())
            inputs.racks.push_back({role, rack.rackType, 1});
        else
            ++it->racks;
    }
    if (context.storage.nodes > 0)
        inputs.storage.push_back({context.storage.system, context.storage.nodes});
    inputs.network = context.fabric.bom;
    inputs.facility = context.power.bom;

    FacilityFigures &site = inputs.site;
    const PowerResult &power = context.power;
    site.criticalItMW = power.itPeakW / 1e6;
    site.power.push_back({context.project.power.ups.redundancy, site.criticalItMW, 0.0});
    for (const InstalledCapacity &capacity : power.capacities) {
        if (capacity.subsystem == "ups")
            site.power.back().installedMW = capacity.installedW / 1e6;
    }
    site.cooling = context.project.cooling.type;
    site.coolingMW = (power.cooling.liquidHeatPeakW + power.cooling.airHeatPeakW) / 1e6;
    for (const LayoutHall &hall : layout.halls)
        site.hallAreaM2 += hall.widthM * hall.lengthM;
    site.annualEnergyMWh = power.annualEnergyMWh;
    site.annualEnergyCostUsd = power.annualElectricityCostUsd;
    site.electricityUsdPerKWh = context.project.site.electricityUsdPerKWh;
    for (const OnsiteGeneration &g : context.project.site.generation)
        site.generationMW.emplace_back(g.type, g.ratingMW * g.units);
    site.batteryKWh = context.project.site.batteryMWh.value_or(0) * 1e3;

    if (const PerformanceResult *performance = context.performance;
        performance && performance->ok) {
        PerformanceFigures &figures = inputs.performance;
        figures.peakFlops = performance->peakTflops * 1e12 * context.jobGpus;
        figures.mfu = performance->plan.mfu;
        figures.goodput = context.goodput;
        figures.timeToTrainHours = performance->timeToTrainDays * 24.0;
    }
    return inputs;
}

LoadProfileInputs loadProfileInputsFrom(const Project &project, const Accelerator &gpu,
                                        const Server *server, const PowerResult &power,
                                        const PerformanceResult &performance,
                                        const ReliabilityResult *reliability)
{
    LoadProfileInputs in;
    in.jobGpus = performance.plan.gpusUsed;
    in.gpuProvisionedW = gpu.tdpW * project.power.gpuLoadFactor;
    if (server && server->gpus > 0)
        in.serverOtherPerGpuW = std::max(0.0, server->nonGpuPowerW(gpu)) / server->gpus;
    in.waitFraction = project.power.gpuWaitPowerFraction;
    in.floorFraction = project.power.gpuPowerFloorFraction;
    in.rackStorageJ = project.power.rackStorageJPerGpu * in.jobGpus;
    in.siteItPeakW = power.itPeakW;
    in.facilityPeakW = power.facilityPeakW;
    in.chainFactor = power.itPeakW > 0 ? (power.itPeakW + power.chainLossPeakW) / power.itPeakW : 1;
    const StepBreakdown &step = performance.plan.step;
    in.stepS = step.stepS;
    in.stepLowS =
        std::max(0.0, step.commS() - step.hiddenCommS()) + std::max(0.0, step.ioS - step.hiddenIoS);
    if (reliability && !reliability->diagnostics.hasErrors()) {
        in.checkpointBlockingS = reliability->checkpoint.blockingS;
        in.checkpointIntervalS = reliability->interval.chosenS;
        in.restartS = reliability->restart.totalS;
        in.interruptionsPerDay = reliability->jobInterruptionsPerDay;
    }
    if (project.site.rampLimitMWPerS)
        in.rampLimitWPerS = *project.site.rampLimitMWPerS * 1e6;
    if (project.site.batteryMWh && project.site.batteryMW) {
        in.batteryJ = *project.site.batteryMWh * kJoulesPerMWh;
        in.batteryW = *project.site.batteryMW * 1e6;
        in.batteryEfficiency = project.site.batteryRoundTripEfficiency;
    }
    return in;
}

} // namespace aidc

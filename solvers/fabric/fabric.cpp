// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/fabric.h"
#include "solvers/common/reportformat.h"

#include "model/enumnames.h"
#include "solvers/common/defaults.h"
#include "solvers/common/planeports.h"
#include "solvers/fabric/cabling.h"
#include "solvers/fabric/metrics.h"
#include "solvers/fabric/placement.h"

#include <algorithm>
#include <cmath>

namespace aidc {

namespace {

struct PlaneWork
{
    FabricPlane settings;
    PlaneResult result;
    const SwitchModel *switchModel = nullptr;
    const Appliance *manager = nullptr; // fabric-manager appliance for the reserved ports
    std::vector<SwitchSpot> spots;      // where each switch sits (or would sit, when unplaced)
    bool built = false;
};

// A down:up ratio to three significant digits ("6.4", "1.29").
std::string ratioText(double v)
{
    return formatSignificant(v, 3);
}

struct PoolServer
{
    const Server *server = nullptr;
    std::string id;
};

PoolServer serverForPool(const std::string &pool, const Project &project, const Catalog &catalog,
                         const LayoutResult &layout)
{
    PoolServer ps;
    for (const PoolLayout &p : layout.pools) {
        if (p.pool == pool)
            ps.id = p.server;
    }
    if (ps.id.empty()) {
        if (const ComputePool *p = project.findPool(pool)) {
            ps.id = p->server;
            if (ps.id.empty()) {
                if (const Accelerator *a = catalog.accelerator(p->gpu))
                    ps.id = a->defaultServer;
            }
        }
    }
    ps.server = catalog.server(ps.id);
    return ps;
}

bool poolAttached(const FabricPlane &plane, const std::string &pool)
{
    return plane.pools.empty() ||
           std::find(plane.pools.begin(), plane.pools.end(), pool) != plane.pools.end();
}

std::vector<int> racksInOrder(const LayoutResult &layout)
{
    std::vector<int> order(layout.racks.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const PlacedRack &x = layout.racks[std::size_t(a)], &y = layout.racks[std::size_t(b)];
        return std::tie(x.hall, x.row, x.slot) < std::tie(y.hall, y.row, y.slot);
    });
    return order;
}

bool resolveSwitch(PlaneWork &w, const Catalog &catalog)
{
    const FabricPlane &p = w.settings;
    PlaneResult &r = w.result;
    const std::string technology =
        p.technology == Technology::InfiniBand ? "infiniband" : "ethernet";
    if (!p.switchModel.empty()) {
        w.switchModel = catalog.switchModel(p.switchModel);
        if (!w.switchModel) {
            r.diagnostics.error("", r.jsonPath + "/switch",
                                "plane '" + p.name + "': unknown switch '" + p.switchModel +
                                    "'; use a switch id of the catalog");
            return false;
        }
    } else {
        w.switchModel = defaultSwitchFor(p, catalog);
        if (!w.switchModel) {
            r.diagnostics.error("", r.jsonPath + "/switch",
                                "plane '" + p.name + "': no " + technology +
                                    " switch in the catalog takes " +
                                    formatSignificant(p.portGbps) +
                                    " Gb/s ports; name one in its \"switch\" field");
            return false;
        }
    }
    const SwitchModel &s = *w.switchModel;
    r.switchModel = s.id;
    r.switchHeightU = s.heightU;
    r.radix = s.radixAt(p.portGbps);
    // 2 (k/2)^t for t = 1..6, saturating far above any site (a radix-4096 switch overflows).
    double capacity = 2;
    for (int t = 1; t <= 6 && r.radix > 0; ++t) {
        capacity *= double(r.radix / 2);
        r.maxEndpointsByTiers.push_back(std::int64_t(std::min(capacity, 1e15)));
    }
    if (r.radix == 0) {
        r.diagnostics.error("", r.jsonPath + "/portGbps",
                            "plane '" + p.name + "': switch '" + s.id + "' cannot take " +
                                formatSignificant(p.portGbps) + " Gb/s ports (it has " +
                                std::to_string(s.radix) + " x " + formatSignificant(s.portGbps) +
                                " Gb/s ports, breakout up to " + std::to_string(s.maxBreakout) +
                                "): choose a port speed it offers or another switch");
        return false;
    }
    r.breakout = std::max(1, int(std::lround(s.portGbps / p.portGbps)));
    return true;
}

// Endpoints a server offers this plane, and how many of them share a cage.
bool serverPorts(PlaneWork &w, const Server &server, int &ports, int &cagePorts)
{
    const FabricPlane &p = w.settings;
    PlaneResult &r = w.result;
    const std::string who = "plane '" + p.name + "': ";
    const ServerNic nic = serverNic(server, p.role);
    const double nicGbps = nic.gbps;
    const int nicPorts = nic.ports;
    cagePorts = nic.cagePorts;
    if (p.endpointsPerServer) {
        ports = *p.endpointsPerServer;
        return true;
    }
    if (nicGbps + 1e-9 < p.portGbps) {
        r.diagnostics.error("", r.jsonPath + "/portGbps",
                            who + "server '" + server.id + "' has " + formatSignificant(nicGbps) +
                                " Gb/s NIC ports, slower than the plane's " +
                                formatSignificant(p.portGbps) + " Gb/s: lower portGbps");
        return false;
    }
    ports = planeEndpointsPerServer(p, server);
    if (p.role == PlaneRole::Backend && ports < 1) {
        r.diagnostics.error("", r.jsonPath + "/parallelPlanes",
                            who + "server '" + server.id + "' NICs (" + std::to_string(nicPorts) +
                                " x " + formatSignificant(nicGbps) + " Gb/s) cannot feed " +
                                std::to_string(p.parallelPlanes) + " planes at " +
                                formatSignificant(p.portGbps) + " Gb/s");
        return false;
    }
    return true;
}

std::vector<FabricHost> gatherHosts(PlaneWork &w, const Project &project, const Catalog &catalog,
                                    const LayoutResult &layout, const FabricOptions &options,
                                    const std::vector<PlaneWork> &others)
{
    const FabricPlane &p = w.settings;
    PlaneResult &r = w.result;
    std::vector<FabricHost> hosts;
    std::map<std::string, std::pair<PoolServer, std::pair<int, int>>> pools; // ports, cage
    std::map<int, std::vector<FabricHost>> extra; // OOB: other planes' switches per rack
    if (p.role == PlaneRole::Oob) {
        for (const PlaneWork &o : others) {
            if (!o.built || o.settings.role == PlaneRole::Oob)
                continue;
            const FabricTopology &g = o.result.topology;
            for (std::size_t s = 0; s < g.switchCount(); ++s) {
                if (g.switchRack[s] < 0)
                    continue;
                for (int c = 0; c < o.result.parallelPlanes; ++c) {
                    FabricHost h;
                    h.kind = HostKind::Switch;
                    h.rack = g.switchRack[s];
                    h.heightU = std::uint16_t(o.switchModel->heightU);
                    h.baseU = std::uint16_t(std::max(1, g.switchU[s] - c * o.switchModel->heightU));
                    h.ports = 1;
                    extra[h.rack].push_back(h);
                }
            }
            // The plane's fabric-manager appliances have a BMC port too.
            for (const FabricHost &m : g.hosts) {
                if (m.kind != HostKind::FabricManager || m.rack < 0)
                    continue;
                for (int c = 0; c < o.result.parallelPlanes; ++c) {
                    FabricHost h = m;
                    h.baseU = std::uint16_t(std::max(1, m.baseU - c * m.heightU));
                    h.ports = 1;
                    h.cagePorts = 1;
                    extra[h.rack].push_back(h);
                }
            }
        }
    }
    const StorageSystem *storage = catalog.storageSystem(project.storage.system);
    if (!storage && !catalog.storageSystems.empty())
        storage = &catalog.storageSystems.front();

    bool failed = false;
    for (int rackIndex : racksInOrder(layout)) {
        const PlacedRack &rack = layout.racks[std::size_t(rackIndex)];
        int index = 0;
        if (rack.role == RackRole::Compute && poolAttached(p, rack.pool) && rack.servers > 0) {
            auto it = pools.find(rack.pool);
            if (it == pools.end()) {
                PoolServer ps = serverForPool(rack.pool, project, catalog, layout);
                int ports = 0, cage = 1;
                if (!ps.server) {
                    r.diagnostics.error("", r.jsonPath,
                                        "plane '" + p.name + "': pool '" + rack.pool +
                                            "' uses server '" + ps.id +
                                            "', which is not in the catalog");
                    failed = true;
                } else if (!serverPorts(w, *ps.server, ports, cage)) {
                    failed = true;
                }
                it =
                    pools.emplace(rack.pool, std::make_pair(ps, std::make_pair(ports, cage))).first;
            }
            const Server *server = it->second.first.server;
            const int ports = it->second.second.first;
            if (server && ports > 0) {
                for (int s = 0; s < rack.servers; ++s) {
                    FabricHost h;
                    h.kind = HostKind::Server;
                    h.rack = rackIndex;
                    h.heightU = std::uint16_t(server->heightU);
                    h.baseU = std::uint16_t(1 + s * server->heightU);
                    h.ports = std::uint16_t(ports);
                    h.cagePorts = std::uint16_t(it->second.second.second);
                    h.nodes = std::uint16_t(planeNodesPerServer(*server, ports));
                    h.gpus = std::uint16_t(server->gpus);
                    h.indexInRack = std::uint16_t(index++);
                    hosts.push_back(h);
                }
            }
        }
        if (rack.role == RackRole::Storage && storage && rack.servers > 0 &&
            (p.role == PlaneRole::Storage || p.role == PlaneRole::Oob)) {
            for (int s = 0; s < rack.servers; ++s) {
                FabricHost h;
                h.kind = HostKind::StorageNode;
                h.rack = rackIndex;
                h.heightU = std::uint16_t(storage->heightU);
                h.baseU = std::uint16_t(1 + s * storage->heightU);
                h.ports = std::uint16_t(p.role == PlaneRole::Oob ? 1 : storage->networkPorts);
                h.indexInRack = std::uint16_t(index++);
                hosts.push_back(h);
            }
        }
        if (p.role == PlaneRole::Oob) {
            auto it = extra.find(rackIndex);
            if (it != extra.end()) {
                for (FabricHost h : it->second) {
                    h.indexInRack = std::uint16_t(index++);
                    hosts.push_back(h);
                }
            }
            for (int pdu = 0; pdu < options.pdusPerRack; ++pdu) {
                FabricHost h;
                h.kind = HostKind::Pdu;
                h.rack = rackIndex;
                h.baseU = 1;
                h.heightU = std::uint16_t(std::min(42, options.defaultRackHeightU));
                h.ports = 1;
                h.indexInRack = std::uint16_t(pdu);
                hosts.push_back(h);
            }
        }
    }
    if (failed)
        hosts.clear();
    return hosts;
}

// Tiers stated above the one whose single pod already holds every endpoint carry no traffic
// between pods: they only add switches and links (issue 15 item 4). A planned build-out larger
// than today's plane is the reason to build them, so it keeps quiet then.
void warnUnneededTiers(PlaneResult &r, const FabricPlane &p, const TopologyBuild &b,
                       const TopologyInput &in)
{
    if (!p.tiers || in.externalUplinks > 0 || in.targetEndpoints > r.endpoints)
        return;
    std::size_t needed = b.tiers.size();
    for (std::size_t j = 0; j < b.tiers.size(); ++j) {
        // Spine groups per rail split one pod of leaves into a pod per rail: one all the same.
        if (b.tiers[j].pods == b.tiers[j].railPods) {
            needed = j + 1;
            break;
        }
    }
    if (needed >= b.tiers.size())
        return;
    std::int64_t switches = 0;
    for (std::size_t j = needed; j < b.tiers.size(); ++j)
        switches += b.tiers[j].switches;
    std::int64_t links = 0;
    for (std::uint8_t level : b.topology.linkLevel)
        links += level >= needed;
    const double copies = p.parallelPlanes;
    r.diagnostics.warning(
        "", r.jsonPath + "/tiers",
        "plane '" + p.name + "': " + std::to_string(b.tiers.size()) + " tiers are asked for, but " +
            std::to_string(needed) + (needed == 1 ? " tier holds" : " tiers hold") + " all " +
            std::to_string(r.endpoints) + " endpoints in one pod; the tiers above add " +
            std::to_string(std::int64_t(double(switches) * copies)) + " switches and " +
            std::to_string(std::int64_t(double(links) * copies)) +
            " links that carry no traffic between pods: set tiers to " + std::to_string(needed) +
            " or \"auto\", or state the planned build-out they are for");
}

// Whole ports: a tier boundary cannot always split a switch at the ratio asked for (32 down
// ports at 7:1 leave 4.6 uplinks: 5 are built, 6.4:1). More than 5 % off is said (issue 15 item 6).
void warnRoundedOversubscription(PlaneResult &r, const FabricPlane &p, const TopologyBuild &b)
{
    for (const TierPlan &t : b.tiers) {
        if (t.upPorts <= 0 || t.oversubscription <= 1.0)
            continue;
        const double built = double(t.downPorts) / double(t.upPorts);
        if (std::abs(built / t.oversubscription - 1.0) <= 0.05)
            continue;
        const bool island = b.islandTier == t.tier;
        const std::string field =
            island ? "/islandOversubscription"
                   : "/oversubscription/" + std::to_string(std::max(0, t.tier - 1));
        r.diagnostics.warning(
            "", r.jsonPath + field,
            "plane '" + p.name + "': the boundary above tier " + std::to_string(t.tier) +
                (island ? " (the islands)" : "") + " is built at " + ratioText(built) +
                ":1 where " + ratioText(t.oversubscription) +
                ":1 was asked: whole ports split its " + std::to_string(t.downPorts + t.upPorts) +
                " used ports as " + std::to_string(t.downPorts) + " down / " +
                std::to_string(t.upPorts) + " up; ask for that ratio, or one whole ports can make");
    }
}

void buildPlane(PlaneWork &w, std::vector<FabricHost> hosts, const FabricOptions &options)
{
    const FabricPlane &p = w.settings;
    PlaneResult &r = w.result;
    const std::string who = "plane '" + p.name + "': ";
    TopologyInput in;
    std::int64_t endpoints = 0, gpus = 0;
    for (const FabricHost &h : hosts) {
        endpoints += h.ports;
        gpus += h.gpus;
    }
    r.hosts = std::int64_t(hosts.size());
    r.endpoints = endpoints;
    r.gpus = gpus;
    if (endpoints == 0) {
        r.diagnostics.warning("", r.jsonPath,
                              who + "no servers of its pools are in the layout; nothing to build");
        return;
    }
    in.hosts = std::move(hosts);
    in.radix = r.radix;
    in.railOptimized = p.railOptimized;
    in.topOfRack = p.leafPlacement == LeafPlacement::ToR;
    in.railGroupHosts = p.railGroupServers.value_or(0);
    in.spinesPerRail = p.spinesPerRail; // the builder applies it to rail leaves only
    if (p.railGroupServers && (!p.railOptimized || in.topOfRack))
        r.diagnostics.warning("", r.jsonPath + "/railGroupServers",
                              who + "a rail group (SU) size applies to a rail-optimized plane "
                                    "whose leaves stand outside the racks; it is ignored here");
    in.tiers = p.tiers;
    in.maxTiers = options.maxTiers;
    in.oversubscription = p.oversubscription;
    if (p.islandGpus && gpus > 0) {
        in.islandEndpoints =
            std::int64_t(std::llround(double(*p.islandGpus) * double(endpoints) / double(gpus)));
        in.islandOversubscription = p.islandOversubscription;
        if (!p.oversubscription.empty())
            r.diagnostics.warning("", r.jsonPath + "/oversubscription",
                                  who + "islands are non-blocking inside; oversubscription "
                                        "applies only to the boundaries above the islands");
    }
    auto target = options.targetEndpoints.find(p.name);
    if (target != options.targetEndpoints.end())
        in.targetEndpoints = target->second;
    in.managementPorts = planeFabricManagerPorts(p);
    if (w.manager) {
        in.managerPortsPerAppliance = w.manager->ports;
        in.managerHeightU = std::uint16_t(w.manager->heightU);
    }
    // A management switch whose own uplink ports run into the in-band network: one tier of leaves
    // (unless the plane asks for a tree of them).
    const SwitchModel &model = *w.switchModel;
    if (model.uplinkPorts > 0 && (!p.tiers || *p.tiers == 1))
        in.externalUplinks =
            std::min(model.uplinkPorts, std::max(1, options.externalUplinksPerLeaf));

    TopologyBuild b = buildTopology(in);
    for (const std::string &e : b.errors)
        r.diagnostics.error("", r.jsonPath, who + e);
    for (const std::string &e : b.warnings)
        r.diagnostics.warning("", r.jsonPath, who + e);
    if (!b.errors.empty())
        return;
    warnUnneededTiers(r, p, b, in);
    warnRoundedOversubscription(r, p, b);
    r.topology = std::move(b.topology);
    r.tierPlans = b.tiers;
    r.tiers = int(b.tiers.size());
    r.islandTier = b.islandTier;
    r.islands = b.islands;
    r.railGroups = b.railGroups;
    r.railGroupHosts = b.railGroupHosts;
    r.reservedPorts = b.reservedPorts;
    r.fabricManagers = b.managerAppliances;
    if (b.managerAppliances > 0)
        r.fabricManagerModel = w.manager->id;
    r.switches = std::int64_t(r.topology->switchCount());
    r.links = std::int64_t(r.topology->linkCount());
    if (in.externalUplinks > 0) {
        r.externalUplinks = r.switches * in.externalUplinks;
        r.externalUplinkGbps = model.uplinkGbps;
    }
    w.spots.assign(r.topology->switchCount(), SwitchSpot{});
    w.built = true;
}

// Leaves: ToR in their own rack, else the nearest network rack with room.
void placeLeaves(PlaneWork &w, RackSpace &space, const LayoutResult &layout)
{
    FabricTopology &g = w.result.topology.mutate();
    const int heightU = w.switchModel->heightU * w.result.parallelPlanes;
    const std::size_t leaves = std::size_t(g.tierFirstSwitch[1]);
    std::vector<double> sx(leaves, 0), sy(leaves, 0);
    std::vector<int> count(leaves, 0), hall(leaves, 0), firstRack(leaves, -1);
    const auto &racks = space.racks();
    for (std::size_t e = 0; e < g.endpointCount(); ++e) {
        const std::size_t leaf = g.switchOf(g.linkB[e]);
        const int rack = g.hosts[std::size_t(g.endpointHost[e])].rack;
        if (rack < 0)
            continue;
        if (count[leaf]++ == 0) {
            hall[leaf] = racks[std::size_t(rack)].hall;
            firstRack[leaf] = rack;
        }
        sx[leaf] += racks[std::size_t(rack)].xM;
        sy[leaf] += racks[std::size_t(rack)].yM;
    }
    const bool tor = w.settings.leafPlacement == LeafPlacement::ToR;
    std::vector<std::string> overfull;
    std::int64_t unplaced = 0;
    for (std::size_t leaf = 0; leaf < leaves; ++leaf) {
        SwitchSpot &spot = w.spots[leaf];
        if (count[leaf] > 0) {
            spot.xM = sx[leaf] / count[leaf];
            spot.yM = sy[leaf] / count[leaf];
            spot.hall = hall[leaf];
        }
        int rack = -1;
        if (tor)
            rack = firstRack[leaf];
        else if (count[leaf] > 0)
            rack = space.nearestNetworkRack(spot.hall, spot.xM, spot.yM, heightU, false);
        if (rack < 0) {
            ++unplaced;
            continue;
        }
        bool fits = true;
        g.switchRack[leaf] = rack;
        g.switchU[leaf] = std::uint16_t(space.takeTop(rack, heightU, fits) + heightU -
                                        w.switchModel->heightU); // copy 1 on top
        if (!fits && (overfull.empty() || overfull.back() != layout.racks[std::size_t(rack)].id))
            overfull.push_back(layout.racks[std::size_t(rack)].id);
    }
    const std::string who = "plane '" + w.settings.name + "': ";
    if (!overfull.empty()) {
        std::string list;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, overfull.size()); ++i)
            list += (i ? ", " : "") + overfull[i];
        w.result.diagnostics.warning("", w.result.jsonPath + "/leafPlacement",
                                     who + "top-of-rack leaves do not fit in " +
                                         std::to_string(overfull.size()) + " rack(s) (" + list +
                                         (overfull.size() > 3 ? ", ..." : "") + "): servers and " +
                                         std::to_string(heightU) +
                                         "U of switches exceed the rack height; use fewer "
                                         "servers per rack or another leaf placement");
    }
    if (unplaced > 0)
        w.result.diagnostics.warning(
            "", w.result.jsonPath + "/leafPlacement",
            who + std::to_string(unplaced) + " leaf switch(es) found no network rack with " +
                std::to_string(heightU) + "U free (" + std::to_string(space.networkRacks()) +
                " network racks in the layout); they are cabled from the centre of their "
                "servers");
}

// Fabric-manager appliances (the last hosts of the graph), placed after every switch of the pass:
// the network rack nearest the leaf their first port is cabled to, that leaf's own rack when it
// has room.
void placeManagers(PlaneWork &w, RackSpace &space)
{
    FabricTopology &g = w.result.topology.mutate();
    if (w.result.fabricManagers == 0)
        return;
    std::size_t first = g.hosts.size();
    std::size_t endpoint = g.endpointCount();
    while (first > 0 && g.hosts[first - 1].kind == HostKind::FabricManager)
        endpoint -= g.hosts[--first].ports;
    const auto &racks = space.racks();
    int unplaced = 0, crowded = 0;
    for (std::size_t m = first; m < g.hosts.size(); endpoint += g.hosts[m++].ports) {
        FabricHost &host = g.hosts[m];
        const std::size_t leaf = g.switchOf(g.linkB[endpoint]); // link e is endpoint e's
        double x = w.spots[leaf].xM, y = w.spots[leaf].yM;
        int hall = w.spots[leaf].hall;
        if (g.switchRack[leaf] >= 0) {
            const RackSite &site = racks[std::size_t(g.switchRack[leaf])];
            x = site.xM;
            y = site.yM;
            hall = site.hall;
        }
        const int heightU = host.heightU * w.result.parallelPlanes;
        int rack = space.nearestNetworkRack(hall, x, y, heightU, false);
        if (rack < 0 && g.switchRack[leaf] >= 0) // no room anywhere: beside its leaf, over-full
            rack = g.switchRack[leaf];
        if (rack < 0) {
            ++unplaced;
            continue;
        }
        bool fits = true;
        host.rack = rack;
        host.baseU =
            std::uint16_t(space.takeTop(rack, heightU, fits) + heightU - host.heightU); // copy 1
        crowded += fits ? 0 : 1;
    }
    const std::string who = "plane '" + w.settings.name + "': ";
    if (crowded > 0)
        w.result.diagnostics.warning(
            "", w.result.jsonPath + "/fabricManagerPorts",
            who + std::to_string(crowded) +
                " fabric-manager appliance(s) found no network rack with room and stand in their "
                "leaf's rack beyond its free units; add network racks");
    if (unplaced > 0)
        w.result.diagnostics.warning(
            "", w.result.jsonPath + "/fabricManagerPorts",
            who + std::to_string(unplaced) +
                " fabric-manager appliance(s) have no rack (their leaves found none); they are "
                "cabled from the hall's origin and have no OOB port");
}

// Power and the BOM line of the plane's fabric-manager appliances.
void addManagers(PlaneWork &w, std::vector<double> &rackPowerW, double &unplacedPowerW)
{
    PlaneResult &r = w.result;
    if (r.fabricManagers == 0 || !w.manager)
        return;
    const double copies = r.parallelPlanes;
    const double each = w.manager->powerW * copies;
    for (const FabricHost &h : r.topology->hosts) {
        if (h.kind != HostKind::FabricManager)
            continue;
        if (h.rack >= 0 && std::size_t(h.rack) < rackPowerW.size())
            rackPowerW[std::size_t(h.rack)] += each;
        else
            unplacedPowerW += each;
    }
    r.fabricManagerPowerW = each * r.fabricManagers;
    BomLine line;
    line.category = "fabric-manager";
    line.part = w.manager->id;
    line.description = w.manager->name;
    line.plane = r.name;
    line.quantity = double(r.fabricManagers) * copies;
    line.unitPowerW = w.manager->powerW;
    r.bom.push_back(line);
}

// Upper tiers: nearest rack with room to the centroid of what they connect, dedicated
// network rows first.
void placeUpper(PlaneWork &w, RackSpace &space)
{
    FabricTopology &g = w.result.topology.mutate();
    const int heightU = w.switchModel->heightU * w.result.parallelPlanes;
    const auto &racks = space.racks();
    std::int64_t unplaced = 0;
    std::size_t link = g.endpointCount(); // links are stored level by level
    for (int tier = 2; tier <= g.tiers(); ++tier) {
        const std::size_t first = std::size_t(g.tierFirstSwitch[std::size_t(tier - 1)]);
        const std::size_t last = std::size_t(g.tierFirstSwitch[std::size_t(tier)]);
        std::vector<double> sx(last - first, 0), sy(last - first, 0);
        std::vector<int> count(last - first, 0), hall(last - first, 0);
        for (; link < g.linkCount() && g.linkLevel[link] == tier - 1; ++link) {
            const std::size_t lower = g.switchOf(g.linkA[link]);
            const std::size_t upper = g.switchOf(g.linkB[link]) - first;
            double x, y;
            int h;
            if (g.switchRack[lower] >= 0) {
                const RackSite &s = racks[std::size_t(g.switchRack[lower])];
                x = s.xM;
                y = s.yM;
                h = s.hall;
            } else {
                x = w.spots[lower].xM;
                y = w.spots[lower].yM;
                h = w.spots[lower].hall;
            }
            if (count[upper]++ == 0)
                hall[upper] = h;
            sx[upper] += x;
            sy[upper] += y;
        }
        for (std::size_t s = first; s < last; ++s) {
            const std::size_t i = s - first;
            SwitchSpot &spot = w.spots[s];
            if (count[i] > 0) {
                spot.xM = sx[i] / count[i];
                spot.yM = sy[i] / count[i];
                spot.hall = hall[i];
            }
            int rack = space.nearestNetworkRack(spot.hall, spot.xM, spot.yM, heightU, true);
            if (rack < 0)
                rack = space.nearestNetworkRack(spot.hall, spot.xM, spot.yM, heightU, false);
            if (rack < 0) {
                ++unplaced;
                continue;
            }
            bool fits = true;
            g.switchRack[s] = rack;
            g.switchU[s] = std::uint16_t(space.takeTop(rack, heightU, fits) + heightU -
                                         w.switchModel->heightU); // copy 1 on top
        }
    }
    if (unplaced > 0)
        w.result.diagnostics.warning(
            "", w.result.jsonPath,
            "plane '" + w.settings.name + "': " + std::to_string(unplaced) +
                " spine/core switch(es) found no network rack with " + std::to_string(heightU) +
                "U free (" + std::to_string(space.networkRacks()) +
                " network racks in the layout); add network racks or rows. They are cabled "
                "from the centre of what they connect");
}

void fillPerformanceFacts(PlaneWork &w, const FabricOptions &options)
{
    PlaneResult &r = w.result;
    PlanePerformanceFacts &f = r.performance;
    f.gpus = r.gpus;
    f.parallelPlanes = r.parallelPlanes;
    f.tiers = r.tiers;
    f.hopLatencyNs = w.settings.technology == Technology::InfiniBand
                         ? options.infinibandHopLatencyNs
                         : options.ethernetHopLatencyNs;
    f.maxHops = r.diameterHops;
    f.nicGbpsPerGpu =
        r.gpus > 0 ? r.portGbps * double(r.endpoints) / double(r.gpus) * r.parallelPlanes : 0.0;
    const FabricTopology &g = r.topology;
    const int gpusPerHost = g.hosts.empty() ? 0 : g.hosts.front().gpus;
    f.railGroupGpus = std::int64_t(r.railGroupHosts) * gpusPerHost;
    double inside = 1.0;
    for (const FabricTierStats &t : r.tierStats) {
        if (r.islandTier == 0 || t.tier < r.islandTier)
            inside = std::max(inside, t.oversubscription);
    }
    if (r.islandTier > 0) {
        f.islandGpus = r.islands > 0 ? r.gpus / r.islands : r.gpus;
        f.oversubscriptionInsideIsland = inside;
        f.oversubscriptionAboveIsland = r.endToEndOversubscription;
    } else {
        f.islandGpus = r.gpus;
        f.oversubscriptionInsideIsland = r.endToEndOversubscription;
        f.oversubscriptionAboveIsland = r.endToEndOversubscription;
    }
}

// The options with the media policies' life-cycle ranking set to the project's service years
// and tariff.
FabricOptions withProjectLifecycle(const FabricOptions &options, const Project &project)
{
    FabricOptions out = options;
    out.cabling.lifecycle.years = project.cost.horizonYears;
    out.cabling.lifecycle.usdPerKWh = project.site.electricityUsdPerKWh;
    return out;
}

void finishPlane(PlaneWork &w, const Catalog &catalog, const FabricOptions &options,
                 const RackSpace &space, TrayLoads &trays, std::vector<double> &rackPowerW,
                 double &unplacedPowerW)
{
    if (!w.built)
        return;
    measurePlane(w.result);
    cablePlane(w.result, w.settings, *w.switchModel, w.spots, catalog, options, space, trays,
               rackPowerW, unplacedPowerW);
    cableExternalUplinks(w.result, catalog, options, space, rackPowerW);
    addManagers(w, rackPowerW, unplacedPowerW);
    fillPerformanceFacts(w, options);
}

PlaneWork startPlane(const FabricPlane &plane, int index, bool fromProject, const Catalog &catalog)
{
    PlaneWork w;
    w.settings = plane;
    PlaneResult &r = w.result;
    r.name = plane.name;
    r.jsonPath = fromProject ? "/network/planes/" + std::to_string(index) : "/network/planes";
    r.role = plane.role;
    r.portGbps = plane.portGbps;
    r.parallelPlanes = std::max(1, plane.parallelPlanes);
    r.railOptimized = plane.railOptimized;
    r.leafPlacement = plane.leafPlacement;
    resolveSwitch(w, catalog);
    w.manager = catalog.applianceFor("fabric-manager", toString(plane.technology));
    return w;
}

// The per-rack switch runs of FabricResult: one run per placed switch (all its copies), grouped
// by rack (counting sort, stable), ordered top down, contiguous runs of one plane and tier merged.
void summarizeRackSwitches(FabricResult &result, const std::vector<PlaneWork> &work,
                           std::size_t rackCount)
{
    struct Entry
    {
        std::int32_t rack;
        RackSwitchRun run;
    };
    std::vector<Entry> entries;
    std::size_t total = 0;
    for (const PlaneWork &w : work)
        total += w.built ? w.result.topology->switchCount() : 0;
    entries.reserve(total);
    for (std::size_t p = 0; p < work.size(); ++p) {
        const PlaneWork &w = work[p];
        if (!w.built)
            continue;
        const FabricTopology &g = w.result.topology;
        const int copies = w.result.parallelPlanes;
        const int heightU = w.switchModel->heightU;
        for (std::size_t s = 0; s < g.switchCount(); ++s) {
            if (g.switchRack[s] < 0 || std::size_t(g.switchRack[s]) >= rackCount) {
                result.unplacedSwitches += copies;
                continue;
            }
            result.placedSwitches += copies;
            RackSwitchRun run;
            run.plane = std::uint16_t(p);
            run.tier = g.switchTier[s];
            run.firstU = std::uint16_t(std::max(1, int(g.switchU[s]) - (copies - 1) * heightU));
            run.count = std::uint32_t(copies);
            entries.push_back({g.switchRack[s], run});
        }
    }
    std::vector<std::int32_t> first(rackCount + 1, 0);
    for (const Entry &e : entries)
        ++first[std::size_t(e.rack) + 1];
    for (std::size_t i = 0; i < rackCount; ++i)
        first[i + 1] += first[i];
    std::vector<RackSwitchRun> runs(entries.size());
    {
        std::vector<std::int32_t> next(first.begin(), first.end() - 1);
        for (const Entry &e : entries)
            runs[std::size_t(next[std::size_t(e.rack)]++)] = e.run;
    }
    entries = {};
    result.rackSwitchRunFirst.assign(rackCount + 1, 0);
    std::size_t out = 0;
    for (std::size_t rack = 0; rack < rackCount; ++rack) {
        const auto begin = runs.begin() + first[rack];
        const auto end = runs.begin() + first[rack + 1];
        // Stacked from the top down, so the solver's order is descending U; clamped
        // overflow runs at U1 keep their placement order.
        std::stable_sort(begin, end, [](const RackSwitchRun &a, const RackSwitchRun &b) {
            return a.firstU > b.firstU;
        });
        result.rackSwitchRunFirst[rack] = std::int32_t(out);
        for (auto it = begin; it != end; ++it) {
            if (out > std::size_t(result.rackSwitchRunFirst[rack])) {
                RackSwitchRun &last = runs[out - 1];
                const int heightU = work[it->plane].switchModel->heightU;
                if (last.plane == it->plane && last.tier == it->tier &&
                    int(it->firstU) + int(it->count) * heightU == int(last.firstU) &&
                    it->firstU > 1) {
                    last.firstU = it->firstU;
                    last.count += it->count;
                    continue;
                }
            }
            runs[out++] = *it;
        }
    }
    result.rackSwitchRunFirst[rackCount] = std::int32_t(out);
    runs.resize(out);
    runs.shrink_to_fit();
    result.rackSwitchRuns = std::move(runs);
}

void summarize(FabricResult &result, const std::vector<PlaneWork> &work, const LayoutResult &layout,
               const std::vector<double> &rackPowerW, double unplacedPowerW, const TrayLoads &trays,
               const FabricOptions &options, const CablingDesign &cabling)
{
    double copper = 0, links = 0;
    for (const PlaneWork &w : work) {
        const PlaneResult &r = w.result;
        result.diagnostics.append(r.diagnostics);
        result.bom.insert(result.bom.end(), r.bom.begin(), r.bom.end());
        result.switches += r.switches * r.parallelPlanes;
        result.transceivers += r.transceiverModules * r.parallelPlanes;
        result.switchPowerW += r.switchPowerW;
        result.switchChassisPowerW += r.switchChassisPowerW;
        result.switchModulePowerW += r.switchPowerW - r.switchChassisPowerW;
        result.endpointModulePowerW += r.endpointModulePowerW;
        result.fabricManagers += std::int64_t(r.fabricManagers) * r.parallelPlanes;
        result.fabricManagerPowerW += r.fabricManagerPowerW;
        copper += r.copperShareAllLinks * double(r.links) * r.parallelPlanes;
        links += double(r.links) * r.parallelPlanes;
        result.cables += r.cables * r.parallelPlanes;
    }
    result.copperShare = links > 0 ? copper / links : 0.0;
    result.networkPowerW = result.switchPowerW + result.fabricManagerPowerW +
                           (options.countEndpointModulePower ? result.endpointModulePowerW : 0.0);
    for (std::size_t i = 0; i < rackPowerW.size(); ++i) {
        if (rackPowerW[i] > 0)
            result.rackNetworkPowerW[layout.racks[i].id] += rackPowerW[i];
    }
    if (unplacedPowerW > 0)
        result.rackNetworkPowerW[""] += unplacedPowerW;
    result.trays = trays.fills(options.cabling, cabling, result.diagnostics);
    for (const PlacedRack &rack : layout.racks)
        result.rackIds.push_back(rack.id);
    summarizeRackSwitches(result, work, layout.racks.size());
    for (const PlaneWork &w : work)
        result.planes.push_back(w.result);
}

} // namespace

std::vector<FabricPlane> effectivePlanes(const Project &project, const Catalog &catalog)
{
    return project.planes.empty() ? withDefaults(project, catalog).planes : project.planes;
}

FabricResult solveFabric(const Project &project, const Catalog &catalog, const LayoutResult &layout,
                         const FabricOptions &options)
{
    FabricResult result;
    result.diagnostics = options.validate();
    if (result.diagnostics.hasErrors())
        return result;
    const std::vector<FabricPlane> planes = effectivePlanes(project, catalog);
    const bool fromProject = !project.planes.empty();
    std::vector<PlaneWork> work;
    work.reserve(planes.size());
    for (std::size_t i = 0; i < planes.size(); ++i) {
        work.push_back(startPlane(planes[i], int(i), fromProject, catalog));
        if (!fromProject && work.back().result.diagnostics.hasErrors()) {
            // A default plane the catalog cannot build is skipped, not an input error.
            Diagnostics softened;
            for (const Diagnostic &d : work.back().result.diagnostics.items())
                softened.warning(d.file, d.jsonPath, d.message + " (default plane skipped)");
            work.back().result.diagnostics = softened;
            work.back().switchModel = nullptr;
        }
    }

    RackSpace space(layout, catalog, options, project.power.distribution);
    TrayLoads trays(space);
    std::vector<double> rackPowerW(layout.racks.size(), 0.0);
    double unplacedPowerW = 0;
    for (int pass = 0; pass < 2; ++pass) {
        // Pass 0: every plane but OOB; pass 1: OOB planes, which also reach those switches.
        for (PlaneWork &w : work) {
            if ((w.settings.role == PlaneRole::Oob) != (pass == 1) || !w.switchModel ||
                w.result.diagnostics.hasErrors())
                continue;
            buildPlane(w, gatherHosts(w, project, catalog, layout, options, work), options);
        }
        for (PlaneWork &w : work) {
            if ((w.settings.role == PlaneRole::Oob) == (pass == 1) && w.built)
                placeLeaves(w, space, layout);
        }
        for (PlaneWork &w : work) {
            if ((w.settings.role == PlaneRole::Oob) == (pass == 1) && w.built)
                placeUpper(w, space);
        }
        // Appliances last: they take what room the switches left.
        for (PlaneWork &w : work) {
            if ((w.settings.role == PlaneRole::Oob) == (pass == 1) && w.built)
                placeManagers(w, space);
        }
    }
    const FabricOptions cabling = withProjectLifecycle(options, project);
    for (PlaneWork &w : work)
        finishPlane(w, catalog, cabling, space, trays, rackPowerW, unplacedPowerW);
    summarize(result, work, layout, rackPowerW, unplacedPowerW, trays, options, project.cabling);
    return result;
}

PlaneResult solveFabricPlane(const Project &project, const Catalog &catalog,
                             const LayoutResult &layout, int planeIndex,
                             const FabricOptions &options)
{
    const std::vector<FabricPlane> planes = effectivePlanes(project, catalog);
    PlaneResult failed;
    failed.diagnostics = options.validate();
    if (planeIndex < 0 || std::size_t(planeIndex) >= planes.size()) {
        failed.diagnostics.error("", "/network/planes",
                                 "no plane " + std::to_string(planeIndex) + " (the project has " +
                                     std::to_string(planes.size()) + ")");
        return failed;
    }
    if (failed.diagnostics.hasErrors())
        return failed;
    PlaneWork w =
        startPlane(planes[std::size_t(planeIndex)], planeIndex, !project.planes.empty(), catalog);
    if (!w.switchModel || w.result.diagnostics.hasErrors())
        return w.result;
    RackSpace space(layout, catalog, options, project.power.distribution);
    TrayLoads trays(space);
    buildPlane(w, gatherHosts(w, project, catalog, layout, options, {}), options);
    if (w.built) {
        placeLeaves(w, space, layout);
        placeUpper(w, space);
        placeManagers(w, space);
    }
    std::vector<double> rackPowerW(layout.racks.size(), 0.0);
    double unplacedPowerW = 0;
    finishPlane(w, catalog, withProjectLifecycle(options, project), space, trays, rackPowerW,
                unplacedPowerW);
    // Over-full trays become warnings.
    trays.fills(options.cabling, project.cabling, w.result.diagnostics);
    return std::move(w.result);
}

} // namespace aidc

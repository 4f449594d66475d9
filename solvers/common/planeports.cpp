// SPDX-License-Identifier: Apache-2.0
#include "solvers/common/planeports.h"

#include <algorithm>
#include <cmath>

namespace aidc {

ServerNic serverNic(const Server &server, PlaneRole role)
{
    ServerNic nic;
    switch (role) {
    case PlaneRole::Backend:
        nic.gbps = server.backendPortGbps;
        nic.ports = server.backendPorts;
        nic.cagePorts = std::max(1, server.backendPorts / std::max(1, server.backendCages));
        break;
    case PlaneRole::Frontend:
        nic.gbps = server.frontendPortGbps;
        nic.ports = server.frontendPorts;
        break;
    case PlaneRole::Storage:
        nic.gbps = server.storagePortGbps;
        nic.ports = server.storagePorts;
        break;
    case PlaneRole::Oob:
        nic.gbps = 1;
        nic.ports = server.oobPorts;
        break;
    }
    return nic;
}

int planeFabricManagerPorts(const FabricPlane &plane)
{
    return plane.fabricManagerPorts.value_or(plane.technology == Technology::InfiniBand ? 2 : 0);
}

int fabricManagerAppliances(int ports, int portsPerAppliance)
{
    if (ports <= 0 || portsPerAppliance <= 0)
        return 0;
    if (ports == 1)
        return 1;
    return std::max(2, int((ports + portsPerAppliance - 1) / portsPerAppliance));
}

int planeNodesPerServer(const Server &server, int endpoints)
{
    return server.nodes > 1 && endpoints > 0 && endpoints % server.nodes == 0 ? server.nodes : 1;
}

int planeEndpointsPerServer(const FabricPlane &plane, const Server &server)
{
    if (plane.endpointsPerServer)
        return *plane.endpointsPerServer;
    const ServerNic nic = serverNic(server, plane.role);
    if (plane.portGbps <= 0 || nic.gbps + 1e-9 < plane.portGbps)
        return 0;
    const double perPlane =
        double(nic.ports) * nic.gbps / (plane.portGbps * std::max(1, plane.parallelPlanes));
    return int(std::floor(perPlane + 1e-9));
}

} // namespace aidc

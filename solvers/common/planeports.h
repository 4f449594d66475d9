// SPDX-License-Identifier: Apache-2.0
#pragma once
// What a server offers one network plane: its NIC ports for the plane's role and the endpoints
// they make at the plane's port speed. One owner for the fabric solver (which builds the plane)
// and the layout (which reserves network racks for it first).

#include "catalogs/catalog.h"
#include "model/project.h"

namespace aidc {

struct ServerNic
{
    double gbps = 0;   // speed of one port
    int ports = 0;     // ports facing the plane's role
    int cagePorts = 1; // ports sharing one cage (DGX H100 twin-port OSFP: 2)
};

ServerNic serverNic(const Server &server, PlaneRole role);

// Endpoints one server gives `plane`: `endpointsPerServer` when set, else its NIC bandwidth over
// the plane's port speed and parallel copies (an 800G port as 2 x 400G planes gives each one
// 400G endpoint) [D]. Can be 0 (a NIC slower than the plane).
int planeEndpointsPerServer(const FabricPlane &plane, const Server &server);

// Nodes (trays) the server's `endpoints` on a plane split over, NIC i of each being rail i: the
// server's nodes when its endpoints divide evenly over them, else 1.
int planeNodesPerServer(const Server &server, int endpoints);

// Leaf ports the plane cables to fabric-manager appliances: `fabricManagerPorts`, else 2 on an
// InfiniBand plane (a primary and a high-availability UFM) and 0 on Ethernet.
int planeFabricManagerPorts(const FabricPlane &plane);

// Fabric-manager appliances for `ports` reserved leaf ports of `portsPerAppliance` each: a
// primary and a high-availability appliance as soon as there are two ports to share
// [ref:nvidia-ufm-um], more when their ports do not suffice.
int fabricManagerAppliances(int ports, int portsPerAppliance);

} // namespace aidc

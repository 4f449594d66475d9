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

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// The design as NetBox bulk-import CSV files (docs/netbox.md), so a DCIM team can load the site,
// its halls and rows, racks, devices, interfaces, cables and power feeds into NetBox, the
// open-source DCIM/IPAM of record [ref:netbox-docs]. One file per NetBox object type, numbered in
// the order NetBox must import them (an object is referenced by name only after it exists):
//
//   01-sites  02-locations (halls, then rows inside them)  03-rack-roles  04-racks
//   05-manufacturers  06-device-types  07-device-roles  08-devices  09-interfaces  10-cables
//   11-power-panels  12-power-feeds
//
// and device-types/<slug>.yaml, each device type in the community device-type library's YAML form
// (a switch with its ports), for the library or another NetBox; this import set uses
// 06-device-types.csv (a YAML type would create the interfaces 09-interfaces.csv creates).
//
// Names are the cable schedule's (aidc cables): racks by layout id, a switch "<plane>-L0003", a
// server "<rack>-srv2", a storage node "<rack>-stor1", a rack PDU "<rack>-pdu1", a power shelf
// "<rack>-psh1"; an interface is
// "<plane>-p<port>" on a host (the plane copy's prefix, so parallel planes stay apart) and
// "p<port>" on a switch. Everything is exported with status "planned". The rules the files
// follow (columns, choices, name scopes, uniqueness, rack occupancy) are checked by
// validation/netbox/check.py, which restates NetBox's own import rules.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/pipeline/pipeline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aidc {

struct NetBoxFile
{
    std::string name;         // "08-devices.csv"
    std::int64_t objects = 0; // rows after the header
};

struct NetBoxExport
{
    bool ok = false;
    std::string error;              // why nothing was written (names the file or the object)
    std::vector<NetBoxFile> files;  // in import order
    std::vector<std::string> notes; // what the export leaves out or had to assume
};

// A NetBox slug: lower case, runs of characters outside [a-z0-9_] become one '-', no leading or
// trailing '-', at most 100 characters; "" when nothing is left.
std::string netBoxSlug(const std::string &text);

// Writes the import files of an evaluated design into `directory` (created when missing; a
// path that exists and is not a directory is an error). Every file is written to a temporary
// first and renamed into place only when all were written, so a failed export changes nothing.
NetBoxExport exportNetBox(const Project &project, const Catalog &catalog, const Result &result,
                          const EvaluateOptions &options, const std::string &directory);

} // namespace aidc

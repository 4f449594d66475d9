// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reports of the fabric solver: JSON (stable camelCase keys, units in the names), the CLI's
// text report, and the two CSV tables `aidc bom FILE --csv` and `aidc cables FILE --csv` write
// (RFC 4180 via model/csv.h).

#include "model/csv.h"
#include "solvers/fabric/fabric.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace aidc {

nlohmann::json toJson(const PlaneResult &plane);
nlohmann::json toJson(const FabricResult &result);

void writeText(std::ostream &out, const FabricResult &result);

// One row per link of every plane copy (each leg of a splitter cable its own row; a one-tier
// plane's uplinks into another network are not rows), unlike FabricResult::cables, which counts
// physical cables: a splitter once, a structured run as its jumpers and trunks, those uplinks.
// Columns: linkId, plane, copy, level, A-end rack/U/device/port,
// B-end rack/U/device/port, medium, routed lengthM, stockLengthM. Ids and device names are
// generated here ("backend-000001", "backend-L0003" for leaf 3, "backend.2-..." for copy 2).
CsvTable cableScheduleTable(const FabricResult &result);

// The same schedule a row at a time, without holding it (a 1M-GPU site has millions of cables):
// `visit` gets each row of cableScheduleTable() in order; the row is reused after it returns.
using CableRowVisitor = std::function<void(const std::vector<std::string> &row)>;
std::vector<std::string> cableScheduleHeader();
void forEachCableRow(const FabricResult &result, const CableRowVisitor &visit);

// The names the schedule gives: a plane copy ("backend", or "backend.2" for copy 2 of parallel
// planes), a switch of it ("backend-L0003": tier letter L/S/C/D and the 1-based index within its
// tier; `copy` is 0-based) and a host within its rack ("srv2", "stor1", "pdu1", "sw@U40").
std::string planeCopyPrefix(const PlaneResult &plane, int copy);
std::string switchDeviceName(const PlaneResult &plane, int copy, std::size_t switchIndex);
std::string hostName(const FabricHost &host);

// The same for one plane; rackIds maps layout rack indices to ids.
CsvTable cableScheduleTable(const PlaneResult &plane, const std::vector<std::string> &rackIds);

} // namespace aidc

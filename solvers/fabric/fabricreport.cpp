// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/fabricreport.h"
#include "model/diagnosticsjson.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace aidc {

namespace {

const char *roleKey(PlaneRole role)
{
    switch (role) {
    case PlaneRole::Backend:
        return "backend";
    case PlaneRole::Frontend:
        return "frontend";
    case PlaneRole::Storage:
        return "storage";
    case PlaneRole::Oob:
        return "oob";
    }
    return "backend";
}

const char *placementKey(LeafPlacement p)
{
    switch (p) {
    case LeafPlacement::ToR:
        return "tor";
    case LeafPlacement::MoR:
        return "mor";
    case LeafPlacement::EoR:
        return "eor";
    case LeafPlacement::NetworkRack:
        return "network-rack";
    }
    return "network-rack";
}

const char *levelName(int level)
{
    switch (level) {
    case 0:
        return "endpoint-leaf";
    case 1:
        return "leaf-spine";
    case 2:
        return "spine-core";
    default:
        return "core-upper";
    }
}

char tierLetter(int tier)
{
    static const char letters[] = "LSCD";
    return tier >= 1 && tier <= 4 ? letters[tier - 1] : 'T';
}

std::string fixed(double v, int decimals)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    return buffer;
}

nlohmann::json hopsJson(const HopStats &h)
{
    return {{"minHops", h.minHops},
            {"maxHops", h.maxHops},
            {"meanHops", h.meanHops},
            {"pairs", h.pairs}};
}

// Appends `lead` and `value` zero-padded to `width` digits ("-000042"), as printf's "%0*" would.
void appendNumbered(std::string &out, char lead, std::uint64_t value, int width)
{
    char digits[24];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    const int n = int(result.ptr - digits);
    out += lead;
    if (n < width)
        out.append(std::size_t(width - n), '0');
    out.append(digits, result.ptr);
}

std::string switchName(const std::string &prefix, int tier, std::int64_t indexInTier)
{
    std::string name = prefix;
    name += '-';
    appendNumbered(name, tierLetter(tier), std::uint64_t(indexInTier + 1), 4);
    return name;
}

} // namespace

std::string planeCopyPrefix(const PlaneResult &plane, int copy)
{
    std::string prefix = plane.name;
    if (plane.parallelPlanes > 1)
        prefix += '.' + std::to_string(copy + 1);
    return prefix;
}

std::string switchDeviceName(const PlaneResult &plane, int copy, std::size_t switchIndex)
{
    const FabricTopology &g = plane.topology;
    const int tier = g.switchTier[switchIndex];
    return switchName(planeCopyPrefix(plane, copy), tier,
                      std::int64_t(switchIndex) - g.tierFirstSwitch[std::size_t(tier - 1)]);
}

std::string hostName(const FabricHost &h)
{
    const int n = h.indexInRack + 1;
    switch (h.kind) {
    case HostKind::Server:
        return "srv" + std::to_string(n);
    case HostKind::StorageNode:
        return "stor" + std::to_string(n);
    case HostKind::Switch:
        return "sw@U" + std::to_string(h.baseU);
    case HostKind::Pdu:
        return "pdu" + std::to_string(n);
    case HostKind::FabricManager: // by rack unit, as switches are; unplaced ones by index
        return h.rack >= 0 ? "ufm@U" + std::to_string(h.baseU) : "ufm" + std::to_string(n);
    }
    return "host" + std::to_string(n);
}

namespace {

void assignInt(std::string &out, long long value)
{
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.assign(buffer, result.ptr);
}

// Calls `visit` for every cable of `plane` (all its copies), one reused row at a time. The
// fields are assigned in place (no allocation per row once the strings have grown): a 1M-GPU
// site streams millions of rows.
void visitSchedule(const PlaneResult &plane, const std::vector<std::string> &rackIds,
                   const CableRowVisitor &visit)
{
    const FabricTopology &g = plane.topology;
    auto assignRack = [&](std::string &out, int rack) {
        if (rack >= 0 && std::size_t(rack) < rackIds.size())
            out.assign(rackIds[std::size_t(rack)]);
        else
            out.clear();
    };
    std::vector<std::string> row(15);
    for (int copy = 0; copy < plane.parallelPlanes; ++copy) {
        const std::string prefix = planeCopyPrefix(plane, copy);
        // The rack, U, device and port of one end, into row[at .. at + 3].
        auto end = [&](std::uint32_t v, std::uint16_t port, std::size_t at) {
            if (g.isSwitch(v)) {
                const std::size_t s = g.switchOf(v);
                const int tier = g.switchTier[s];
                assignRack(row[at], g.switchRack[s]);
                if (g.switchRack[s] >= 0)
                    assignInt(row[at + 1], g.switchU[s] - copy * plane.switchHeightU);
                else
                    row[at + 1].clear();
                row[at + 2] = switchName(
                    prefix, tier, std::int64_t(s) - g.tierFirstSwitch[std::size_t(tier - 1)]);
            } else {
                FabricHost h = g.hosts[std::size_t(g.endpointHost[v])];
                // Each copy of a plane has its own appliances, stacked below copy 1's; the OOB
                // plane's appliance entries are other planes' BMC ports, already per copy.
                if (h.kind == HostKind::FabricManager && plane.role != PlaneRole::Oob &&
                    h.rack >= 0)
                    h.baseU = std::uint16_t(std::max(1, h.baseU - copy * h.heightU));
                assignRack(row[at], h.rack);
                assignInt(row[at + 1], h.baseU);
                row[at + 2] = hostName(h);
            }
            assignInt(row[at + 3], port);
        };
        row[1].assign(plane.name);
        assignInt(row[2], copy + 1);
        for (std::size_t l = 0; l < g.linkCount(); ++l) {
            row[0].assign(prefix);
            appendNumbered(row[0], '-', l + 1, 6);
            row[3].assign(levelName(g.linkLevel[l]));
            end(g.linkA[l], g.portA[l], 4);
            end(g.linkB[l], g.portB[l], 8);
            const std::uint8_t m =
                l < g.linkMedium.size() ? g.linkMedium[l] : FabricTopology::kNoMedium;
            row[12].assign(m < plane.media.size() ? plane.media[m] : std::string("(none)"));
            if (l < g.lengthM.size()) {
                char buffer[64];
                const auto result =
                    std::to_chars(buffer, buffer + sizeof buffer, double(g.lengthM[l]),
                                  std::chars_format::fixed, 2);
                row[13].assign(buffer, result.ptr);
            } else {
                row[13].clear();
            }
            if (l < g.stockLengthM.size() && g.stockLengthM[l] > 0)
                row[14] = formatCsvNumber(g.stockLengthM[l]);
            else
                row[14].clear();
            visit(row);
        }
    }
}

CsvTable scheduleHeader()
{
    CsvTable t;
    t.header = {"linkId", "plane", "copy",    "level", "aRack",  "aU",      "aDevice",     "aPort",
                "bRack",  "bU",    "bDevice", "bPort", "medium", "lengthM", "stockLengthM"};
    return t;
}

} // namespace

nlohmann::json toJson(const PlaneResult &p)
{
    nlohmann::json tiers = nlohmann::json::array();
    for (const FabricTierStats &t : p.tierStats) {
        tiers.push_back({{"tier", t.tier},
                         {"switches", t.switches},
                         {"downPortsPerSwitch", t.downPortsPerSwitch},
                         {"upPortsPerSwitch", t.upPortsPerSwitch},
                         {"downLinks", t.downLinks},
                         {"upLinks", t.upLinks},
                         {"unusedPorts", t.unusedPorts},
                         {"oversubscription", t.oversubscription},
                         {"powerWPerSwitch", t.powerWPerSwitch}});
    }
    nlohmann::json failures = nlohmann::json::array();
    for (const FailureBlast &f : p.failures)
        failures.push_back(
            {{"tier", f.tier}, {"endpointsLost", f.endpointsLost}, {"gpusLost", f.gpusLost}});
    nlohmann::json media = nlohmann::json::array();
    for (const MediumUsage &m : p.mediaUsage) {
        if (m.links == 0)
            continue;
        media.push_back({{"medium", m.medium},
                         {"links", m.links},
                         {"modules", m.modules},
                         {"cables", m.cables},
                         {"totalLengthM", m.totalLengthM}});
    }
    const PlanePerformanceFacts &f = p.performance;
    return {{"name", p.name},
            {"role", roleKey(p.role)},
            {"switchModel", p.switchModel},
            {"radix", p.radix},
            {"breakout", p.breakout},
            {"portGbps", p.portGbps},
            {"parallelPlanes", p.parallelPlanes},
            {"railOptimized", p.railOptimized},
            {"leafPlacement", placementKey(p.leafPlacement)},
            {"hosts", p.hosts},
            {"endpoints", p.endpoints},
            {"gpus", p.gpus},
            {"tiers", p.tiers},
            {"maxEndpointsByTiers", p.maxEndpointsByTiers},
            {"islandTier", p.islandTier},
            {"islands", p.islands},
            {"railGroups", p.railGroups},
            {"railGroupHosts", p.railGroupHosts},
            {"reservedPorts", p.reservedPorts},
            {"fabricManagerModel", p.fabricManagerModel},
            {"fabricManagers", p.fabricManagers},
            {"fabricManagerPowerW", p.fabricManagerPowerW},
            {"switches", p.switches},
            {"links", p.links},
            {"tierStats", tiers},
            {"endToEndOversubscription", p.endToEndOversubscription},
            {"bisectionTbps", p.bisectionTbps},
            {"nonBlockingBisectionTbps", p.nonBlockingBisectionTbps},
            {"hops",
             {{"sameRail", hopsJson(p.sameRail)},
              {"sameIsland", hopsJson(p.sameIsland)},
              {"crossIsland", hopsJson(p.crossIsland)},
              {"diameterHops", p.diameterHops}}},
            {"failures", failures},
            {"media", media},
            {"opticalLinks", p.opticalLinks},
            {"transceiverEnds", p.transceiverEnds},
            {"transceiverModules", p.transceiverModules},
            {"unroutedLinks", p.unroutedLinks},
            {"externalUplinks", p.externalUplinks},
            {"externalUplinkGbps", p.externalUplinkGbps},
            {"externalUplinkMedium", p.externalUplinkMedium},
            {"cables", p.cables},
            {"copperShareEndpointLinks", p.copperShareEndpointLinks},
            {"copperShareAllLinks", p.copperShareAllLinks},
            {"switchPowerW", p.switchPowerW},
            {"switchChassisPowerW", p.switchChassisPowerW},
            {"endpointModulePowerW", p.endpointModulePowerW},
            {"totalCableLengthM", p.totalCableLengthM},
            {"performance",
             {{"gpus", f.gpus},
              {"islandGpus", f.islandGpus},
              {"oversubscriptionInsideIsland", f.oversubscriptionInsideIsland},
              {"oversubscriptionAboveIsland", f.oversubscriptionAboveIsland},
              {"railGroupGpus", f.railGroupGpus},
              {"nicGbpsPerGpu", f.nicGbpsPerGpu},
              {"parallelPlanes", f.parallelPlanes},
              {"tiers", f.tiers},
              {"hopLatencyNs", f.hopLatencyNs},
              {"maxHops", f.maxHops}}}};
}

nlohmann::json toJson(const FabricResult &r)
{
    nlohmann::json planes = nlohmann::json::array();
    for (const PlaneResult &p : r.planes)
        planes.push_back(toJson(p));
    nlohmann::json bom = nlohmann::json::array();
    for (const BomLine &b : r.bom) {
        bom.push_back({{"category", b.category},
                       {"part", b.part},
                       {"description", b.description},
                       {"plane", b.plane},
                       {"quantity", b.quantity},
                       {"unit", b.unit},
                       {"unitPowerW", b.unitPowerW},
                       {"lengthM", b.lengthM}});
    }
    nlohmann::json trays = nlohmann::json::array();
    for (const TrayFill &t : r.trays) {
        trays.push_back({{"row", t.row},
                         {"hall", t.hall},
                         {"copperTrays", t.copperTrays},
                         {"fibreTrays", t.fibreTrays},
                         {"copperFill", t.copperFill},
                         {"fibreFill", t.fibreFill},
                         {"peakLoadKgPerM", t.peakLoadKgPerM}});
    }
    const nlohmann::json diagnostics = diagnosticsToJson(r.diagnostics);
    nlohmann::json rackPower = nlohmann::json::object();
    for (const auto &[rack, w] : r.rackNetworkPowerW)
        rackPower[rack.empty() ? "(unplaced)" : rack] = w;
    return {{"switches", r.switches},
            {"transceivers", r.transceivers},
            {"cables", r.cables},
            {"copperShare", r.copperShare},
            {"switchPowerW", r.switchPowerW},
            {"switchChassisPowerW", r.switchChassisPowerW},
            {"switchModulePowerW", r.switchModulePowerW},
            {"endpointModulePowerW", r.endpointModulePowerW},
            {"fabricManagers", r.fabricManagers},
            {"fabricManagerPowerW", r.fabricManagerPowerW},
            {"networkPowerW", r.networkPowerW},
            {"rackNetworkPowerW", rackPower},
            {"planes", planes},
            {"bom", bom},
            {"trays", trays},
            {"diagnostics", diagnostics}};
}

void writeText(std::ostream &out, const FabricResult &r)
{
    out << "Fabric: " << r.switches << " switches, " << r.transceivers << " transceivers, "
        << r.cables << " cables; copper " << fixed(r.copperShare * 100, 1)
        << "% of links; network power " << fixed(r.networkPowerW / 1000, 1) << " kW\n";
    for (const PlaneResult &p : r.planes) {
        out << "\nPlane " << p.name << " (" << roleKey(p.role) << ", " << p.switchModel << " "
            << p.radix << " x " << p.portGbps << "G"
            << (p.parallelPlanes > 1 ? ", " + std::to_string(p.parallelPlanes) + " planes" : "")
            << ", " << placementKey(p.leafPlacement) << (p.railOptimized ? ", rail-optimized" : "")
            << ")\n";
        if (p.tiers == 0) {
            out << "  not built\n";
            continue;
        }
        out << "  " << p.endpoints << " endpoints, " << p.gpus << " GPUs, " << p.tiers << " tiers, "
            << p.switches << " switches, " << p.links << " links per plane\n";
        for (const FabricTierStats &t : p.tierStats) {
            out << "  tier " << t.tier << ": " << t.switches << " switches ("
                << t.downPortsPerSwitch << " down / " << t.upPortsPerSwitch << " up), "
                << t.downLinks << " links below, oversubscription " << fixed(t.oversubscription, 2)
                << ":1, " << fixed(t.powerWPerSwitch, 0) << " W each\n";
        }
        if (!p.maxEndpointsByTiers.empty()) {
            out << "  non-blocking capacity at radix " << p.radix << ":";
            // the tiers an automatic plane may take (4); the JSON result has all six
            const std::size_t shown = std::min<std::size_t>(
                p.maxEndpointsByTiers.size(), std::max<std::size_t>(4, std::size_t(p.tiers)));
            for (std::size_t t = 0; t < shown; ++t)
                out << (t ? ", " : " ") << t + 1 << (t ? " tiers " : " tier ")
                    << p.maxEndpointsByTiers[t];
            out << " endpoints\n";
        }
        if (p.islandTier > 0)
            out << "  islands: " << p.islands << " of ~" << p.performance.islandGpus
                << " GPUs (tier " << p.islandTier << ")\n";
        out << "  end-to-end oversubscription " << fixed(p.endToEndOversubscription, 2)
            << ":1, bisection " << fixed(p.bisectionTbps, 1) << " Tb/s of "
            << fixed(p.nonBlockingBisectionTbps, 1) << " non-blocking\n";
        out << "  hops: same rail " << p.sameRail.maxHops << ", same island "
            << p.sameIsland.maxHops << ", across islands " << p.crossIsland.maxHops << ", diameter "
            << p.diameterHops << "\n";
        for (const FailureBlast &f : p.failures)
            out << "  one tier-" << f.tier << " switch down: " << f.gpusLost
                << " GPUs lose this plane\n";
        out << "  copper: " << fixed(p.copperShareEndpointLinks * 100, 1) << "% of endpoint links, "
            << fixed(p.copperShareAllLinks * 100, 1) << "% of all links; " << p.transceiverModules
            << " transceivers for " << p.opticalLinks << " optical links; switches "
            << fixed(p.switchPowerW / 1000, 1) << " kW\n";
        for (const MediumUsage &m : p.mediaUsage) {
            if (m.links > 0)
                out << "    " << m.medium << ": " << m.links << " links, "
                    << fixed(m.totalLengthM / double(m.links), 1) << " m mean\n";
        }
    }
    if (!r.bom.empty()) {
        out << "\nBill of materials\n";
        for (const BomLine &b : r.bom)
            out << "  " << b.plane << "  " << b.category << "  " << b.description << "  x "
                << formatCsvNumber(b.quantity) << "\n";
    }
    for (const Diagnostic &d : r.diagnostics.items())
        out << (d.severity == Severity::Error ? "error: " : "") << d.toString() << "\n";
}

CsvTable cableScheduleTable(const PlaneResult &plane, const std::vector<std::string> &rackIds)
{
    CsvTable t = scheduleHeader();
    t.rows.reserve(plane.topology->linkCount() * std::size_t(plane.parallelPlanes));
    visitSchedule(plane, rackIds,
                  [&](const std::vector<std::string> &row) { t.rows.push_back(row); });
    return t;
}

CsvTable cableScheduleTable(const FabricResult &r)
{
    CsvTable t = scheduleHeader();
    forEachCableRow(r, [&](const std::vector<std::string> &row) { t.rows.push_back(row); });
    return t;
}

std::vector<std::string> cableScheduleHeader()
{
    return scheduleHeader().header;
}

void forEachCableRow(const FabricResult &r, const CableRowVisitor &visit)
{
    for (const PlaneResult &p : r.planes)
        visitSchedule(p, r.rackIds, visit);
}

} // namespace aidc

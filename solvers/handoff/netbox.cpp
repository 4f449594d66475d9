// SPDX-License-Identifier: Apache-2.0
#include "netbox.h"

#include "model/atomicfile.h"
#include "model/csv.h"
#include "model/csvstream.h"
#include "model/enumnames.h"
#include "solvers/common/defaults.h"
#include "solvers/common/reportformat.h"
#include "solvers/fabric/fabricreport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <system_error>
#include <unordered_map>

namespace aidc {

namespace {

namespace fs = std::filesystem;

// NetBox's field limits (dcim models): names of devices and interfaces up to 64 characters,
// sites, locations, racks, device types, roles, manufacturers and cable labels up to 100
// [ref:netbox-source].
constexpr std::size_t kDeviceNameMax = 64;
constexpr std::size_t kNameMax = 100;

constexpr const char *kStatus = "planned";
constexpr const char *kUnspecifiedManufacturer = "Unspecified";
// A rack PDU as the OOB plane counts it (FabricOptions::pdusPerRack): a 0U strip at the back.
constexpr const char *kPduModel = "Rack PDU (0U, unspecified)";
constexpr const char *kPduSlug = "rack-pdu-0u";
// The power shelves of a 48 V or 800 V DC rack (rackPowerShelfUnits), 1U each.
constexpr const char *kShelfModel = "Rack power shelf (1U, unspecified)";
constexpr const char *kShelfSlug = "rack-power-shelf-1u";

// A feed carries the whole rack (A/B, 2N) and a breaker is loaded to at most 80 % of its rating
// continuously (NEC 210.19/215.2 continuous-load rule [ref:nfpa-70]); the rating is the next
// standard breaker size (IEC 60898/60947 preferred ratings [U: engineering practice]).
constexpr double kFeedMaxUtilization = 0.8;
constexpr int kBreakerRatingsA[] = {16,   20,   25,   32,   40,   50,   63,  80,  100,
                                    125,  160,  200,  250,  315,  400,  500, 630, 800,
                                    1000, 1250, 1600, 2000, 2500, 3200, 4000};

struct DeviceTypeKey
{
    std::string manufacturer, model, slug, partNumber;
    int heightU = 1;
    bool fullDepth = true;
    const SwitchModel *switchModel = nullptr; // a switch: its ports go into the library YAML
};

std::string manufacturerOf(const std::string &stated)
{
    return stated.empty() ? std::string(kUnspecifiedManufacturer) : stated;
}

// The device type of a catalog part (server, storage node, switch, appliance): full depth, its
// slug from its id; a switch passes itself as `ports` so its interfaces go into the YAML.
template<class Part>
DeviceTypeKey deviceTypeKeyOf(const Part &part, const SwitchModel *ports = nullptr)
{
    return {manufacturerOf(part.manufacturer),
            part.name,
            netBoxSlug(part.id),
            part.partNumber,
            part.heightU,
            true,
            ports};
}

std::string capitalised(std::string text)
{
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
        text[0] = char(text[0] - 'a' + 'A');
    return text;
}

std::string integerText(long long value)
{
    return std::to_string(value);
}

// NetBox interface type of a port: InfiniBand by its generation's rate, Ethernet by speed and
// the usual cage of that speed (400G/800G: OSFP as on the DGX and Quantum/Spectrum-4 parts).
std::string interfaceType(bool infiniband, double gbps, bool twistedPair)
{
    const auto near = [gbps](double g) {
        return std::abs(gbps - g) < 0.5;
    };
    if (infiniband) {
        if (gbps <= 100.5)
            return "infiniband-edr";
        if (gbps <= 200.5)
            return "infiniband-hdr";
        if (gbps <= 400.5)
            return "infiniband-ndr";
        return "infiniband-xdr";
    }
    if (near(1))
        return twistedPair ? "1000base-t" : "1000base-x-sfp";
    if (near(10))
        return twistedPair ? "10gbase-t" : "10gbase-x-sfpp";
    if (near(25))
        return "25gbase-x-sfp28";
    if (near(50))
        return "50gbase-x-sfp56";
    if (near(100))
        return "100gbase-x-qsfp28";
    if (near(200))
        return "200gbase-x-qsfp56";
    if (near(400))
        return "400gbase-x-osfp";
    if (near(800))
        return "800gbase-x-osfp";
    return "other";
}

std::string cableType(MediumKind kind)
{
    switch (kind) {
    case MediumKind::Dac:
        return "dac-passive";
    case MediumKind::Acc:
    case MediumKind::Aec:
        return "dac-active";
    case MediumKind::Aoc:
        return "aoc";
    case MediumKind::MultimodeOptic:
        return "mmf-om4";
    case MediumKind::SinglemodeOptic:
    case MediumKind::Coherent:
        return "smf-os2";
    case MediumKind::TwistedPair:
        return "cat6";
    }
    return "";
}

// A YAML scalar: double-quoted with JSON escapes (JSON strings are YAML double-quoted strings).
std::string yamlText(const std::string &text)
{
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// One device type in the community device-type library's YAML form [ref:netbox-devicetype-library]:
// a switch lists its ports (its native-speed ports p1..pN, then its dedicated uplinks); servers
// and the other types list none, their ports being named after the project's planes.
std::string deviceTypeYaml(const DeviceTypeKey &t)
{
    std::string y = "---\nmanufacturer: " + yamlText(t.manufacturer) +
                    "\nmodel: " + yamlText(t.model) + "\nslug: " + yamlText(t.slug) + "\n";
    if (!t.partNumber.empty())
        y += "part_number: " + yamlText(t.partNumber) + "\n";
    y += "u_height: " + integerText(t.heightU) +
         "\nis_full_depth: " + (t.fullDepth ? "true" : "false") + "\n";
    if (const SwitchModel *sw = t.switchModel) {
        const bool infiniband = sw->technology == "infiniband";
        y += "interfaces:\n";
        for (int port = 1; port <= sw->radix; ++port)
            y += "  - name: p" + integerText(port) +
                 "\n    type: " + interfaceType(infiniband, sw->portGbps, sw->portGbps <= 1.5) +
                 "\n";
        for (int port = 1; port <= sw->uplinkPorts; ++port)
            y += "  - name: p" + integerText(sw->radix + port) +
                 "\n    type: " + interfaceType(false, sw->uplinkGbps, false) + "\n";
    }
    return y;
}

// The import files, each streamed to a temporary and renamed into place by commitAll().
class ImportFiles
{
public:
    explicit ImportFiles(fs::path directory)
        : m_directory(std::move(directory))
    {
    }

    CsvStreamWriter &open(const std::string &name, const std::vector<std::string> &header)
    {
        std::error_code ec;
        if (fs::is_directory(m_directory / name, ec)) // would stop the renames halfway
            m_textError = (m_directory / name).string() + ": is a directory";
        m_names.push_back(name);
        m_files.push_back(std::make_unique<CsvStreamWriter>((m_directory / name).string()));
        m_files.back()->add(header);
        return *m_files.back();
    }

    // A small text file (a device-type YAML) in `subdirectory`, committed with the others.
    void addText(const std::string &subdirectory, const std::string &name,
                 const std::string &contents)
    {
        bool created = false;
        const std::string problem = ensureDirectory((m_directory / subdirectory).string(), created);
        if (!problem.empty()) {
            m_textError = problem;
            return;
        }
        m_textNames.push_back(subdirectory + "/" + name);
        m_texts.push_back(
            std::make_unique<AtomicFileWriter>((m_directory / subdirectory / name).string()));
        if (!m_texts.back()->write(contents))
            m_textError = m_texts.back()->error();
    }

    // The first problem of any file; "" when all are fine so far.
    std::string error() const
    {
        for (const auto &f : m_files)
            if (!f->ok())
                return f->error();
        return m_textError;
    }

    bool flushAll()
    {
        bool good = true;
        for (auto &f : m_files)
            good = f->flush() && good;
        return good;
    }

    std::string commitAll(std::vector<NetBoxFile> &written)
    {
        if (!flushAll())
            return error();
        for (std::size_t i = 0; i < m_files.size(); ++i) {
            const SaveResult saved = m_files[i]->commit();
            if (!saved.ok)
                return saved.error;
            written.push_back({m_names[i], m_files[i]->records() - 1});
        }
        for (std::size_t i = 0; i < m_texts.size(); ++i) {
            const SaveResult saved = m_texts[i]->commit();
            if (!saved.ok)
                return saved.error;
            written.push_back({m_textNames[i], 1});
        }
        return {};
    }

private:
    fs::path m_directory;
    std::vector<std::string> m_names;
    std::vector<std::unique_ptr<CsvStreamWriter>> m_files;
    std::vector<std::string> m_textNames;
    std::vector<std::unique_ptr<AtomicFileWriter>> m_texts;
    std::string m_textError;
};

class Exporter
{
public:
    Exporter(const Project &project, const Catalog &catalog, const Result &result,
             const EvaluateOptions &options)
        : m_project(project)
        , m_catalog(catalog)
        , m_result(result)
        , m_options(options)
    {
        m_site = project.name.empty()
                     ? (project.site.name.empty() ? "AIDC site" : project.site.name)
                     : project.name;
    }

    std::string run(ImportFiles &files);
    std::vector<std::string> notes;

private:
    void checkName(const std::string &what, const std::string &name, std::size_t limit)
    {
        if (!m_problem.empty())
            return;
        if (name.empty() || name.size() > limit)
            m_problem =
                what + " name '" + name + "' " +
                (name.empty() ? std::string("is empty")
                              : "is longer than NetBox's " + std::to_string(limit) + " characters");
        else if (std::string_view("=+-@").find(name[0]) != std::string_view::npos)
            // The CSV writer would prefix it with an apostrophe (formula guard): NetBox would
            // then hold another name than the schedule's.
            m_problem = what + " name '" + name +
                        "' starts with a character spreadsheets take for a formula: rename it";
    }
    void checkSlug(const std::string &what, const std::string &text, const std::string &slug)
    {
        if (m_problem.empty() && slug.empty())
            m_problem = what + " '" + text + "' gives no NetBox slug (no letter or digit)";
    }

    void writeSites(ImportFiles &files);
    void writeLocations(ImportFiles &files);
    void writeRackRoles(ImportFiles &files);
    void writeRacks(ImportFiles &files);
    void gatherDevices();
    void writeManufacturersAndTypes(ImportFiles &files);
    void writeDeviceRoles(ImportFiles &files);
    void writeDevices(ImportFiles &files);
    void writeInterfacesAndCables(ImportFiles &files);
    void writePower(ImportFiles &files);

    std::string rackLocation(const PlacedRack &rack) const
    {
        const LayoutHall &hall = m_result.layout.halls[std::size_t(rack.hall)];
        return hall.rows[std::size_t(rack.row)].id;
    }
    int rackHeightU(const PlacedRack &rack) const
    {
        const RackType *type = m_catalog.rackType(rack.rackType);
        return type ? type->heightU : m_options.fabric.defaultRackHeightU;
    }
    const StorageSystem *storageSystem() const
    {
        const StorageSystem *s = m_catalog.storageSystem(m_project.storage.system);
        if (!s && !m_catalog.storageSystems.empty())
            s = &m_catalog.storageSystems.front();
        return s;
    }
    std::string deviceTypeOf(const DeviceTypeKey &key)
    {
        auto it = m_typeIndex.find(key.slug);
        if (it == m_typeIndex.end()) {
            it = m_typeIndex.emplace(key.slug, m_types.size()).first;
            m_types.push_back(key);
            // NetBox keeps a model name once per manufacturer: a catalog entry derived from
            // another (catalogOverrides basedOn) keeps its name, so the second gets its slug.
            for (std::size_t i = 0; i + 1 < m_types.size(); ++i)
                if (m_types[i].manufacturer == key.manufacturer && m_types[i].model == key.model)
                    m_types.back().model += " (" + key.slug + ")";
        } else if (m_problem.empty() && (m_types[it->second].model != key.model &&
                                         m_types[it->second].model.rfind(key.model, 0) != 0)) {
            m_problem = "device types '" + m_types[it->second].model + "' and '" + key.model +
                        "' have the same NetBox slug '" + key.slug + "': rename a catalog id";
        }
        return key.slug;
    }

    struct Device
    {
        std::string name, role, typeSlug;
        int rack = -1;     // layout rack, -1 = not placed
        int positionU = 0; // 0 = none (0U or unplaced)
    };

    const Project &m_project;
    const Catalog &m_catalog;
    const Result &m_result;
    const EvaluateOptions &m_options;
    std::string m_site;
    std::string m_problem;
    std::vector<DeviceTypeKey> m_types;
    std::map<std::string, std::size_t> m_typeIndex; // slug -> m_types
    std::vector<Device> m_devices;
    std::set<std::string> m_deviceRoles;
    // OOB hosts that are another plane's switch: (rack << 16 | lowest U) -> device name.
    std::unordered_map<std::int64_t, std::string> m_switchAt;
};

std::string Exporter::run(ImportFiles &files)
{
    writeSites(files);
    writeLocations(files);
    writeRackRoles(files);
    writeRacks(files);
    gatherDevices();
    writeManufacturersAndTypes(files);
    writeDeviceRoles(files);
    writeDevices(files);
    writeInterfacesAndCables(files);
    writePower(files);
    if (!m_problem.empty())
        return m_problem;
    return files.error();
}

void Exporter::writeSites(ImportFiles &files)
{
    CsvStreamWriter &out = files.open("01-sites.csv", {"name", "slug", "status", "description"});
    checkName("site", m_site, kNameMax);
    checkSlug("site", m_site, netBoxSlug(m_site));
    out.add({m_site, netBoxSlug(m_site), kStatus, "AI training site planned with AIDC Planner"});
}

void Exporter::writeLocations(ImportFiles &files)
{
    CsvStreamWriter &out =
        files.open("02-locations.csv", {"site", "parent", "name", "slug", "status", "description"});
    std::set<std::string> slugs;
    auto add = [&](const std::string &parent, const std::string &name, const std::string &what) {
        checkName(what, name, kNameMax);
        const std::string slug = netBoxSlug(name);
        checkSlug(what, name, slug);
        if (m_problem.empty() && !slugs.insert(slug).second)
            m_problem = what + " '" + name + "' has the same NetBox slug '" + slug +
                        "' as another hall or row: rename one";
        out.add({m_site, parent, name, slug, kStatus, what});
    };
    for (const LayoutHall &hall : m_result.layout.halls)
        add("", hall.id, "hall");
    for (const LayoutHall &hall : m_result.layout.halls)
        for (const LayoutRow &row : hall.rows)
            add(hall.id, row.id, "row");
}

void Exporter::writeRackRoles(ImportFiles &files)
{
    CsvStreamWriter &out = files.open("03-rack-roles.csv", {"name", "slug", "color"});
    const std::pair<RackRole, const char *> roles[] = {{RackRole::Compute, "4caf50"},
                                                       {RackRole::Network, "2196f3"},
                                                       {RackRole::Storage, "ff9800"},
                                                       {RackRole::Management, "9e9e9e"}};
    for (const auto &[role, colour] : roles)
        out.add({capitalised(toString(role)), toString(role), colour});
}

void Exporter::writeRacks(ImportFiles &files)
{
    CsvStreamWriter &out = files.open("04-racks.csv", {"site", "location", "name", "status", "role",
                                                       "width", "u_height", "description"});
    for (const PlacedRack &rack : m_result.layout.racks) {
        checkName("rack", rack.id, kNameMax);
        char where[96];
        std::snprintf(where, sizeof where, "front centre at x %.2f m, y %.2f m of the hall",
                      rack.xM, rack.yM);
        const std::string description =
            (rack.rackType.empty() ? std::string() : rack.rackType + "; ") + where;
        out.add({m_site, rackLocation(rack), rack.id, kStatus, capitalised(toString(rack.role)),
                 "19", integerText(rackHeightU(rack)), description});
    }
}

void Exporter::gatherDevices()
{
    const LayoutResult &layout = m_result.layout;
    std::map<std::string, const PoolLayout *> pools;
    for (const PoolLayout &p : layout.pools)
        pools[p.pool] = &p;
    const StorageSystem *storage = storageSystem();
    // Switches by rack, from every plane's graph (each copy is a physical switch).
    std::vector<std::vector<Device>> switchesInRack(layout.racks.size());
    std::vector<Device> unplaced;
    for (const PlaneResult &plane : m_result.fabric.planes) {
        const SwitchModel *model = m_catalog.switchModel(plane.switchModel);
        if (!model)
            continue;
        const std::string typeSlug = deviceTypeOf(deviceTypeKeyOf(*model, model));
        const FabricTopology &g = plane.topology;
        for (std::size_t s = 0; s < g.switchCount(); ++s) {
            const std::string role =
                plane.role == PlaneRole::Oob
                    ? std::string("Management switch")
                    : capitalised(switchTierName(g.switchTier[s], plane.tiers)) + " switch";
            m_deviceRoles.insert(role);
            for (int copy = 0; copy < plane.parallelPlanes; ++copy) {
                Device d{switchDeviceName(plane, copy, s), role, typeSlug, g.switchRack[s], 0};
                checkName("switch", d.name, kDeviceNameMax);
                if (d.rack >= 0) {
                    d.positionU = std::max(1, g.switchU[s] - copy * plane.switchHeightU);
                    m_switchAt[(std::int64_t(d.rack) << 16) | d.positionU] = d.name;
                    switchesInRack[std::size_t(d.rack)].push_back(std::move(d));
                } else {
                    unplaced.push_back(std::move(d));
                }
            }
        }
        // The plane's fabric-manager appliances, one set per copy; unplaced ones have no cables.
        const Appliance *manager = m_catalog.appliance(plane.fabricManagerModel);
        if (!manager)
            continue;
        const std::string managerSlug = deviceTypeOf(deviceTypeKeyOf(*manager));
        m_deviceRoles.insert("Fabric manager");
        for (const FabricHost &h : g.hosts) {
            if (h.kind != HostKind::FabricManager || h.rack < 0)
                continue;
            for (int copy = 0; copy < plane.parallelPlanes; ++copy) {
                FabricHost named = h;
                named.baseU = std::uint16_t(std::max(1, h.baseU - copy * h.heightU));
                Device d{layout.racks[std::size_t(h.rack)].id + "-" + hostName(named),
                         "Fabric manager", managerSlug, h.rack, named.baseU};
                checkName("appliance", d.name, kDeviceNameMax);
                switchesInRack[std::size_t(d.rack)].push_back(std::move(d));
            }
        }
    }
    const DeviceTypeKey pduKey{kUnspecifiedManufacturer, kPduModel, kPduSlug, "", 0, false};
    const DeviceTypeKey shelfKey{kUnspecifiedManufacturer, kShelfModel, kShelfSlug, "", 1, true};
    for (std::size_t r = 0; r < layout.racks.size(); ++r) {
        const PlacedRack &rack = layout.racks[r];
        const Server *rackServer = nullptr;
        if (rack.role == RackRole::Compute) {
            const auto pool = pools.find(rack.pool);
            rackServer = pool == pools.end() ? nullptr : m_catalog.server(pool->second->server);
        }
        // Servers and storage nodes stack from U1 as the fabric cables them
        // (solvers/fabric/fabric.cpp); the power shelves sit directly above them.
        int stackTopU = 0;
        if (rack.role == RackRole::Compute && rack.servers > 0) {
            const Server *server = rackServer;
            if (server) {
                const std::string typeSlug = deviceTypeOf(deviceTypeKeyOf(*server));
                m_deviceRoles.insert("GPU server");
                for (int s = 0; s < rack.servers; ++s) {
                    FabricHost host;
                    host.kind = HostKind::Server;
                    host.indexInRack = std::uint16_t(s);
                    m_devices.push_back({rack.id + "-" + hostName(host), "GPU server", typeSlug,
                                         int(r), 1 + s * server->heightU});
                    stackTopU = (s + 1) * server->heightU;
                }
            }
        }
        if (rack.role == RackRole::Storage && rack.servers > 0 && storage) {
            const std::string typeSlug = deviceTypeOf(deviceTypeKeyOf(*storage));
            m_deviceRoles.insert("Storage node");
            for (int s = 0; s < rack.servers; ++s) {
                FabricHost host;
                host.kind = HostKind::StorageNode;
                host.indexInRack = std::uint16_t(s);
                m_devices.push_back({rack.id + "-" + hostName(host), "Storage node", typeSlug,
                                     int(r), 1 + s * storage->heightU});
                stackTopU = (s + 1) * storage->heightU;
            }
        }
        const int shelfU =
            rackPowerShelfUnits(m_project.power.distribution, rackServer && rackServer->rackScale);
        if (shelfU > 0) {
            deviceTypeOf(shelfKey);
            m_deviceRoles.insert("Power shelf");
        }
        for (int u = 0; u < shelfU; ++u)
            m_devices.push_back({rack.id + "-psh" + integerText(u + 1), "Power shelf", kShelfSlug,
                                 int(r), stackTopU + 1 + u});
        for (Device &d : switchesInRack[r])
            m_devices.push_back(std::move(d));
        if (m_options.fabric.pdusPerRack > 0) {
            deviceTypeOf(pduKey);
            m_deviceRoles.insert("PDU");
        }
        for (int p = 0; p < m_options.fabric.pdusPerRack; ++p) {
            FabricHost host;
            host.kind = HostKind::Pdu;
            host.indexInRack = std::uint16_t(p);
            m_devices.push_back({rack.id + "-" + hostName(host), "PDU", kPduSlug, int(r), 0});
        }
    }
    for (Device &d : unplaced)
        m_devices.push_back(std::move(d));
    if (!unplaced.empty())
        notes.push_back(std::to_string(unplaced.size()) +
                        " switches found no rack: exported at the site without a rack");
}

void Exporter::writeManufacturersAndTypes(ImportFiles &files)
{
    CsvStreamWriter &manufacturers = files.open("05-manufacturers.csv", {"name", "slug"});
    std::set<std::string> seen;
    for (const DeviceTypeKey &t : m_types) {
        if (!seen.insert(t.manufacturer).second)
            continue;
        checkName("manufacturer", t.manufacturer, kNameMax);
        checkSlug("manufacturer", t.manufacturer, netBoxSlug(t.manufacturer));
        manufacturers.add({t.manufacturer, netBoxSlug(t.manufacturer)});
    }
    CsvStreamWriter &types =
        files.open("06-device-types.csv",
                   {"manufacturer", "model", "slug", "part_number", "u_height", "is_full_depth"});
    for (const DeviceTypeKey &t : m_types) {
        checkName("device type", t.model, kNameMax);
        checkSlug("device type", t.model, t.slug);
        types.add({t.manufacturer, t.model, t.slug, t.partNumber, integerText(t.heightU),
                   t.fullDepth ? "true" : "false"});
        files.addText("device-types", t.slug + ".yaml", deviceTypeYaml(t));
    }
}

void Exporter::writeDeviceRoles(ImportFiles &files)
{
    CsvStreamWriter &out = files.open("07-device-roles.csv", {"name", "slug", "color", "vm_role"});
    const std::map<std::string, std::string> colours = {
        {"GPU server", "4caf50"},   {"Storage node", "ff9800"}, {"Leaf switch", "2196f3"},
        {"Spine switch", "3f51b5"}, {"Core switch", "673ab7"},  {"Management switch", "607d8b"},
        {"PDU", "f44336"},          {"Power shelf", "b71c1c"}};
    for (const std::string &role : m_deviceRoles) {
        const auto c = colours.find(role);
        out.add({role, netBoxSlug(role), c == colours.end() ? "9c27b0" : c->second, "false"});
    }
}

void Exporter::writeDevices(ImportFiles &files)
{
    CsvStreamWriter &out =
        files.open("08-devices.csv", {"name", "role", "manufacturer", "device_type", "status",
                                      "site", "location", "rack", "position", "face"});
    std::set<std::string> names;
    // Units taken per rack (full-depth devices take both faces): a device that overlaps another
    // or passes the rack's top (a violation the evaluation reports) goes in its rack without a
    // position, as NetBox would refuse it.
    std::map<int, std::vector<bool>> taken;
    std::int64_t unpositioned = 0;
    for (const Device &d : m_devices) {
        checkName("device", d.name, kDeviceNameMax);
        std::string lower = d.name;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        if (m_problem.empty() && !names.insert(lower).second)
            m_problem = "two devices would be named '" + d.name +
                        "' (NetBox ignores case): rename a plane or a rack";
        const DeviceTypeKey &type = m_types[m_typeIndex.at(d.typeSlug)];
        std::string location, rack, position, face;
        if (d.rack >= 0) {
            const PlacedRack &r = m_result.layout.racks[std::size_t(d.rack)];
            location = rackLocation(r);
            rack = r.id;
            if (d.positionU > 0 && type.heightU > 0) {
                std::vector<bool> &units = taken[d.rack];
                if (units.empty())
                    units.assign(std::size_t(rackHeightU(r)) + 1, false);
                const int top = d.positionU + type.heightU - 1;
                bool fits = top < int(units.size());
                for (int u = d.positionU; fits && u <= top; ++u)
                    fits = !units[std::size_t(u)];
                if (fits) {
                    for (int u = d.positionU; u <= top; ++u)
                        units[std::size_t(u)] = true;
                    position = integerText(d.positionU);
                    face = "front";
                } else {
                    ++unpositioned;
                }
            }
        }
        out.add({d.name, d.role, type.manufacturer, type.model, kStatus, m_site, location, rack,
                 position, face});
    }
    if (unpositioned > 0)
        notes.push_back(std::to_string(unpositioned) +
                        " devices overlap another or pass their rack's top (see the evaluation's "
                        "violations): exported in their rack without a position");
}

void Exporter::writeInterfacesAndCables(ImportFiles &files)
{
    CsvStreamWriter &interfaces =
        files.open("09-interfaces.csv", {"device", "name", "type", "mgmt_only", "description"});
    CsvStreamWriter &cables = files.open(
        "10-cables.csv", {"side_a_site", "side_a_device", "side_a_type", "side_a_name",
                          "side_b_site", "side_b_device", "side_b_type", "side_b_name", "type",
                          "status", "label", "length", "length_unit", "description"});
    const std::vector<std::string> &rackIds = m_result.fabric.rackIds;
    std::vector<std::string> interfaceRow(5), cableRow(14);
    std::int64_t unrouted = 0, unnamed = 0;
    for (const PlaneResult &plane : m_result.fabric.planes) {
        const SwitchModel *model = m_catalog.switchModel(plane.switchModel);
        const bool infiniband = model && model->technology == "infiniband";
        const bool oob = plane.role == PlaneRole::Oob;
        const FabricTopology &g = plane.topology;
        std::vector<std::string> cableTypes;
        std::vector<bool> twisted;
        for (const std::string &id : plane.media) {
            const Medium *m = m_catalog.medium(id);
            cableTypes.push_back(m ? cableType(m->kind) : std::string());
            twisted.push_back(m && m->kind == MediumKind::TwistedPair);
        }
        for (int copy = 0; copy < plane.parallelPlanes; ++copy) {
            const std::string prefix = planeCopyPrefix(plane, copy);
            // Device and interface name of one link end; false when the end has no device.
            auto end = [&](std::uint32_t v, std::uint16_t port, std::string &device,
                           std::string &name) {
                if (g.isSwitch(v)) {
                    device = switchDeviceName(plane, copy, g.switchOf(v));
                    name = "p" + integerText(port);
                    return true;
                }
                const FabricHost &h = g.hosts[std::size_t(g.endpointHost[v])];
                if (h.rack < 0 || std::size_t(h.rack) >= rackIds.size())
                    return false;
                if (h.kind == HostKind::Switch) {
                    const auto it = m_switchAt.find((std::int64_t(h.rack) << 16) | h.baseU);
                    if (it == m_switchAt.end())
                        return false;
                    device = it->second;
                } else {
                    FabricHost named = h;
                    if (h.kind == HostKind::FabricManager && !oob) // one per plane copy, below
                        named.baseU = std::uint16_t(std::max(1, h.baseU - copy * h.heightU));
                    device = rackIds[std::size_t(h.rack)] + "-" + hostName(named);
                }
                name = prefix + "-p" + integerText(port);
                return true;
            };
            const std::string portDescription = "plane " + prefix;
            for (std::size_t l = 0; l < g.linkCount(); ++l) {
                const std::uint8_t m =
                    l < g.linkMedium.size() ? g.linkMedium[l] : FabricTopology::kNoMedium;
                const bool routed = m < plane.media.size();
                const bool tp = routed && twisted[m];
                std::string aDevice, aName, bDevice, bName;
                if (!end(g.linkA[l], g.portA[l], aDevice, aName) ||
                    !end(g.linkB[l], g.portB[l], bDevice, bName)) {
                    ++unnamed;
                    continue;
                }
                const std::string type = interfaceType(infiniband && !oob, plane.portGbps, tp);
                for (const auto &[device, name, isHost] :
                     {std::tuple{&aDevice, &aName, !g.isSwitch(g.linkA[l])},
                      std::tuple{&bDevice, &bName, false}}) {
                    checkName("interface", *name, kDeviceNameMax);
                    interfaceRow[0] = *device;
                    interfaceRow[1] = *name;
                    interfaceRow[2] = type;
                    interfaceRow[3] = oob && isHost ? "true" : "false";
                    interfaceRow[4] = portDescription;
                    interfaces.add(interfaceRow);
                }
                std::string label = prefix;
                label += '-';
                const std::string number = integerText(std::int64_t(l + 1));
                label.append(number.size() < 6 ? 6 - number.size() : 0, '0');
                label += number;
                checkName("cable label", label, kNameMax);
                const double length = l < g.stockLengthM.size() && g.stockLengthM[l] > 0
                                          ? double(g.stockLengthM[l])
                                          : (l < g.lengthM.size() ? double(g.lengthM[l]) : 0.0);
                if (!routed)
                    ++unrouted;
                cableRow = {m_site,
                            aDevice,
                            "dcim.interface",
                            aName,
                            m_site,
                            bDevice,
                            "dcim.interface",
                            bName,
                            routed ? cableTypes[m] : std::string(),
                            kStatus,
                            label,
                            length > 0 ? formatFixed(length, 2) : std::string(),
                            length > 0 ? "m" : "",
                            routed ? plane.media[m] : std::string("no medium reaches")};
                cables.add(cableRow);
            }
        }
    }
    if (unrouted > 0)
        notes.push_back(std::to_string(unrouted) +
                        " cables have no medium that reaches: exported without a type");
    if (unnamed > 0)
        notes.push_back(std::to_string(unnamed) +
                        " links have an end outside any rack: not exported");
}

void Exporter::writePower(ImportFiles &files)
{
    CsvStreamWriter &panels =
        files.open("11-power-panels.csv", {"site", "location", "name", "description"});
    for (const LayoutHall &hall : m_result.layout.halls)
        for (const char *side : {"A", "B"})
            panels.add({m_site, hall.id, hall.id + "-PP-" + side,
                        std::string("power panel of the hall's ") + side + " feeds"});
    CsvStreamWriter &feeds =
        files.open("12-power-feeds.csv",
                   {"site", "power_panel", "location", "rack", "name", "status", "type", "supply",
                    "phase", "voltage", "amperage", "max_utilization", "description"});
    const bool dc = m_project.power.distribution == Distribution::Dc800V;
    const double volts = dc ? 800.0 : m_options.power.acRackFeedVoltageV;
    const double perAmp = dc ? volts : std::sqrt(3.0) * volts;
    const std::vector<RackPower> &racks = m_result.power.racks;
    for (std::size_t r = 0; r < m_result.layout.racks.size(); ++r) {
        const PlacedRack &rack = m_result.layout.racks[r];
        const double peakW = r < racks.size() ? racks[r].peakW() : 0.0;
        const double needA = peakW / perAmp / kFeedMaxUtilization;
        int rating = 0;
        for (int a : kBreakerRatingsA)
            if (a >= needA) {
                rating = a;
                break;
            }
        if (rating == 0)
            rating = int(std::ceil(needA));
        char description[96];
        std::snprintf(description, sizeof description, "rack peak %.1f kW; 2N A/B feeds",
                      peakW / 1000.0);
        const std::string hallId = m_result.layout.halls[std::size_t(rack.hall)].id;
        for (const char *side : {"A", "B"}) {
            const bool primary = side[0] == 'A';
            feeds.add({m_site, hallId + "-PP-" + side, rackLocation(rack), rack.id,
                       rack.id + "-" + side, kStatus, primary ? "primary" : "redundant",
                       dc ? "dc" : "ac", dc ? "single-phase" : "three-phase",
                       integerText(std::lround(volts)), integerText(rating),
                       integerText(std::lround(kFeedMaxUtilization * 100)), description});
        }
    }
}

} // namespace

std::string netBoxSlug(const std::string &text)
{
    std::string slug;
    bool dash = false;
    for (unsigned char c : text) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
        if (c >= 'A' && c <= 'Z') {
            if (dash && !slug.empty())
                slug += '-';
            dash = false;
            slug += char(c - 'A' + 'a');
        } else if (keep) {
            if (dash && !slug.empty())
                slug += '-';
            dash = false;
            slug += char(c);
        } else {
            dash = true;
        }
    }
    if (slug.size() > 100)
        slug.resize(100);
    while (!slug.empty() && slug.back() == '-')
        slug.pop_back();
    return slug;
}

NetBoxExport exportNetBox(const Project &project, const Catalog &catalog, const Result &result,
                          const EvaluateOptions &options, const std::string &directory)
{
    NetBoxExport out;
    std::error_code ec;
    const fs::path dir(directory);
    bool created = false;
    out.error = ensureDirectory(directory, created);
    if (!out.error.empty())
        return out;
    {
        ImportFiles files(dir);
        Exporter exporter(project, catalog, result, options);
        std::string problem = exporter.run(files);
        if (problem.empty())
            problem = files.commitAll(out.files);
        out.notes = std::move(exporter.notes);
        if (!problem.empty()) {
            out.error = problem;
            out.files.clear();
        }
    }
    if (!out.error.empty()) {
        // Only directories still empty go: the temporaries are gone, earlier exports stay.
        fs::remove(dir / "device-types", ec);
        if (created)
            fs::remove(dir, ec);
    }
    out.ok = out.error.empty();
    return out;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/cabling.h"
#include "solvers/common/reportformat.h"

#include "model/enumnames.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <tuple>

namespace aidc {

namespace {

constexpr double kPi = 3.14159265358979323846;

bool isCopper(MediumKind kind)
{
    return kind == MediumKind::Dac || kind == MediumKind::Acc || kind == MediumKind::Aec ||
           kind == MediumKind::TwistedPair;
}

double circleAreaMm2(double diameterMm)
{
    return kPi * diameterMm * diameterMm / 4.0;
}

// A link end: the rack it is in (or the spot of an unplaced switch) and the port height.
struct End
{
    int rack = -1; // -1: not in a rack
    int row = -1;
    int hall = 0;
    int slot = 0;
    double xM = 0, yM = 0, zM = 0; // in its hall
    double hallXM = 0, hallYM = 0; // its hall's corner in site coordinates
};

// The end of a link at height zM in layout rack `rack`.
End endInRack(const RackSpace &space, int rack, double zM)
{
    End e;
    const RackSite &s = space.racks()[std::size_t(rack)];
    e.rack = rack;
    e.row = s.row;
    e.hall = s.hall;
    e.hallXM = space.hallOriginXM(s.hall);
    e.hallYM = space.hallOriginYM(s.hall);
    e.slot = s.slot;
    e.xM = s.xM;
    e.yM = s.yM;
    e.zM = zM;
    return e;
}

double crossoverDetour(double xa, double xb, double spacingM)
{
    if (spacingM <= 0)
        return 0;
    const double lo = std::min(xa, xb), hi = std::max(xa, xb);
    const double above = std::ceil(lo / spacingM) * spacingM;
    if (above <= hi)
        return 0;
    const double below = std::floor(lo / spacingM) * spacingM;
    return 2.0 * std::min(above - hi, lo - below);
}

// Where a cable crosses from row a to row b: at the target's x, or the nearest crossover.
double crossoverX(double xa, double xb, double spacingM)
{
    if (spacingM <= 0)
        return xb;
    const double lo = std::min(xa, xb), hi = std::max(xa, xb);
    const double above = std::ceil(lo / spacingM) * spacingM;
    if (above <= hi)
        return above;
    const double below = std::floor(lo / spacingM) * spacingM;
    return (above - hi) < (lo - below) ? above : below;
}

double routedLengthM(const End &a, const End &b, const CablingOptions &o)
{
    double base;
    if (a.rack >= 0 && a.rack == b.rack) {
        base = std::abs(a.zM - b.zM);
    } else {
        const bool adjacent = a.rack >= 0 && b.rack >= 0 && a.row >= 0 && a.row == b.row &&
                              std::abs(a.slot - b.slot) == 1;
        const double top = o.rackHeightM + (adjacent ? 0.0 : o.trayAboveRackM);
        double run;
        if (a.hall == b.hall) {
            run = std::abs(a.xM - b.xM) + std::abs(a.yM - b.yM);
            if (a.row != b.row)
                run += crossoverDetour(a.xM, b.xM, o.crossoverSpacingM);
        } else {
            // Out of its hall at the front wall (y = 0), along the corridor in front of the
            // halls to the other rack's place (site coordinates: the layout's geometry), and in;
            // plus the allowance for leaving and entering the halls.
            run = a.yM + std::abs((a.hallXM + a.xM) - (b.hallXM + b.xM)) +
                  std::abs(a.hallYM - b.hallYM) + o.interHallAllowanceM + b.yM;
        }
        base = std::max(0.0, top - a.zM) + run + std::max(0.0, top - b.zM);
    }
    return (base + 2.0 * o.slackPerEndM) * (1.0 + o.dressingFraction);
}

// Which media a ladder may hold and how it ranks them.
struct LadderPolicy
{
    bool allowAoc = true;
    std::string technology; // catalog technology name; "" = any
    const MediaPolicy *media = nullptr;
    int levels = 1;    // link levels the topology has (endpoint-leaf = 0)
    int cagePorts = 2; // links one switch cage carries (a twin-port module serves at most this)
};

// The plane's media ladder: the catalog media of the link speed that the plane's technology
// and policy allow, ranked by the policy's order; per link level, which rungs it may use.
class Ladder
{
public:
    Ladder(const Catalog &catalog, double gbps, const LadderPolicy &policy, const CablingOptions &o)
        : m_options(o)
    {
        std::vector<const Medium *> media;
        for (const Medium &m : catalog.media) {
            if (std::abs(m.gbps - gbps) > 1e-6 * std::max(1.0, gbps))
                continue;
            if (!policy.allowAoc && m.kind == MediumKind::Aoc)
                continue;
            if (!policy.technology.empty() && !m.technologies.empty() &&
                std::find(m.technologies.begin(), m.technologies.end(), policy.technology) ==
                    m.technologies.end())
                continue;
            if (media.size() >= FabricTopology::kNoMedium)
                break;
            media.push_back(&m);
        }
        if (policy.media && policy.media->order == MediaOrder::Lifecycle) {
            std::vector<std::pair<double, const Medium *>> ranked;
            for (const Medium *m : media)
                ranked.emplace_back(lifecycleUsdPerLink(*m, catalog, o, policy.cagePorts), m);
            std::stable_sort(ranked.begin(), ranked.end(),
                             [](const auto &a, const auto &b) { return a.first < b.first; });
            for (std::size_t i = 0; i < media.size(); ++i)
                media[i] = ranked[i].second;
        }
        for (const Medium *m : media) {
            m_media.push_back(m);
            // Cables (copper, AOC) come in stock lengths; a transceiver link's fibre runs
            // through jumpers and made-to-order trunks, so only its reach limits it.
            m_maxStock.push_back(
                m->stockLengthsM.empty() || m->needsTransceivers
                    ? 1e30
                    : *std::max_element(m->stockLengthsM.begin(), m->stockLengthsM.end()));
        }
        m_usable.assign(std::size_t(std::max(1, policy.levels)),
                        std::vector<bool>(m_media.size(), true));
        if (!policy.media)
            return;
        const MediaPolicy &p = *policy.media;
        for (std::size_t level = 0; level < m_usable.size(); ++level) {
            const MediaBoundaryRule *rule =
                level < p.boundaries.size() ? &p.boundaries[level] : nullptr;
            const std::vector<MediumKind> &allowed =
                rule && rule->allowed ? *rule->allowed : p.allowed;
            const bool optics =
                rule && rule->opticsRequired ? *rule->opticsRequired : p.opticsRequired;
            for (std::size_t i = 0; i < m_media.size(); ++i) {
                const Medium &m = *m_media[i];
                const bool kindOk = allowed.empty() || std::find(allowed.begin(), allowed.end(),
                                                                 m.kind) != allowed.end();
                m_usable[level][i] = kindOk && (!optics || m.needsTransceivers);
            }
        }
    }

    bool empty() const { return m_media.empty(); }
    std::size_t size() const { return m_media.size(); }
    const Medium &at(std::size_t i) const { return *m_media[i]; }
    std::size_t levels() const { return m_usable.size(); }
    // Whether links of `level` may use rung i (a level above the topology's takes the top one's).
    bool usable(std::size_t level, std::size_t i) const
    {
        return m_usable[std::min(level, m_usable.size() - 1)][i];
    }
    bool anyUsable(std::size_t level) const
    {
        for (std::size_t i = 0; i < m_media.size(); ++i) {
            if (usable(level, i))
                return true;
        }
        return false;
    }
    double maxReachM(std::size_t level) const
    {
        double r = 0;
        for (std::size_t i = 0; i < m_media.size(); ++i) {
            if (usable(level, i))
                r = std::max(r, m_media[i]->reachM);
        }
        return r;
    }

    // First medium at or above `floor` that links of `level` may use, whose reach covers L plus
    // margin and that is sold long enough; kNoMedium when none.
    std::uint8_t pick(double lengthM, int floor, std::size_t level = 0) const
    {
        const double need =
            lengthM + std::max(m_options.reachMarginFraction * lengthM, m_options.reachMarginMinM);
        for (std::size_t i = std::size_t(floor); i < m_media.size(); ++i) {
            if (usable(level, i) && m_media[i]->reachM >= need && m_maxStock[i] >= lengthM)
                return std::uint8_t(i);
        }
        return FabricTopology::kNoMedium;
    }

private:
    const CablingOptions &m_options;
    std::vector<const Medium *> m_media;
    std::vector<double> m_maxStock;
    std::vector<std::vector<bool>> m_usable; // [level][rung]
};

// Trunk groups between two racks (open addressing; keys are rack/site pairs).
class TrunkTable
{
public:
    struct Group
    {
        std::uint64_t key = ~std::uint64_t(0);
        std::int64_t fibres = 0;
        double maxLengthM = 0;
    };

    void add(std::uint64_t key, int fibres, double lengthM)
    {
        if ((m_used + 1) * 2 > m_slots.size())
            grow();
        Group &g = find(key);
        if (g.key != key) {
            g.key = key;
            ++m_used;
        }
        g.fibres += fibres;
        g.maxLengthM = std::max(g.maxLengthM, lengthM);
    }

    const std::vector<Group> &slots() const { return m_slots; }

private:
    Group &find(std::uint64_t key)
    {
        std::size_t i = std::size_t((key * 0x9E3779B97F4A7C15ull) >> 20) & (m_slots.size() - 1);
        while (m_slots[i].key != key && m_slots[i].key != ~std::uint64_t(0))
            i = (i + 1) & (m_slots.size() - 1);
        return m_slots[i];
    }

    void grow()
    {
        std::vector<Group> old = std::move(m_slots);
        m_slots.assign(std::max<std::size_t>(1024, old.size() * 2), Group{});
        m_used = 0;
        for (const Group &g : old) {
            if (g.key == ~std::uint64_t(0))
                continue;
            Group &n = find(g.key);
            n = g;
            ++m_used;
        }
    }

    std::vector<Group> m_slots;
    std::size_t m_used = 0;
};

std::string formatLength(double m)
{
    return formatSignificant(m) + " m";
}

// "endpoint-leaf", "leaf-spine", "spine-core" ... for a link level of a plane of `levels` levels.
std::string linkLevelName(std::size_t level, std::size_t levels)
{
    const int tiers = int(levels);
    if (level == 0)
        return "endpoint-" + std::string(switchTierName(1, tiers));
    return std::string(switchTierName(int(level), tiers)) + "-" +
           switchTierName(int(level) + 1, tiers);
}

// The project path of the policy that rules a link level: its boundary entry when it has one.
std::string mediaPolicyPath(const std::string &planePath, const MediaPolicy &media,
                            std::size_t level)
{
    if (level < media.boundaries.size())
        return planePath + "/media/boundaries/" + std::to_string(level);
    return planePath + "/media";
}

std::string rungList(const Ladder &ladder)
{
    std::string out;
    for (std::size_t i = 0; i < ladder.size(); ++i)
        out += (out.empty() ? "" : ", ") + ladder.at(i).id;
    return out;
}

} // namespace

double lifecycleUsdPerLink(const Medium &m, const Catalog &catalog, const CablingOptions &o,
                           int cagePorts)
{
    const Price *own = catalog.price(m.id);
    if (!own || own->unit != "each")
        return std::numeric_limits<double>::infinity();
    auto price = [&](const std::string &part) {
        const Price *p = catalog.price(part);
        return p && p->unit == "each" ? p->unitUsd : 0.0;
    };
    auto rate = [&](const char *componentClass) {
        const FailureRate *f = catalog.failureRate(componentClass);
        return f ? f->failuresPerYear : 0.0;
    };
    const double years = o.lifecycle.years;
    const double energyUsd = 2.0 * m.powerWPerEnd * 8766.0 * years / 1000.0 *
                             o.lifecycle.usdPerKWh * o.lifecycle.energyOverhead;
    const char *opticsClass = m.gbps <= 10 ? "transceiver-1g" : "transceiver";
    double partsUsd = 0, replacedUsd = 0;
    if (m.needsTransceivers) {
        const double modules = 2.0 / double(std::max(1, std::min(m.linksPerModule, cagePorts)));
        const double jumper = price("fibre/" + o.jumperPart);
        partsUsd = modules * price(m.id) + jumper;
        replacedUsd = (modules * rate(opticsClass) * price(m.id) + rate("cable") * jumper) * years;
    } else {
        partsUsd = price(m.id);
        const double failures = m.kind == MediumKind::Aoc ? 2.0 * rate(opticsClass) : rate("cable");
        replacedUsd = failures * partsUsd * years;
    }
    return partsUsd + energyUsd + replacedUsd;
}

double stockLength(double lengthM, const std::vector<double> &stockM, double stepM)
{
    if (stockM.empty())
        return std::max(stepM, std::ceil(lengthM / stepM - 1e-9) * stepM);
    double best = 0;
    for (double s : stockM) {
        if (s + 1e-9 >= lengthM && (best == 0 || s < best))
            best = s;
    }
    return best;
}

TrayLoads::TrayLoads(const RackSpace &space)
    : m_space(space)
{
    const std::size_t rows = space.rows().size();
    m_copper.resize(rows);
    m_fibre.resize(rows);
    m_mass.resize(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        const std::size_t n = std::size_t(std::max(1, space.rows()[r].slots)) + 1;
        m_copper[r].assign(n, 0.0);
        m_fibre[r].assign(n, 0.0);
        m_mass[r].assign(n, 0.0);
    }
}

int TrayLoads::slotOf(int row, double xM) const
{
    const RackRow &r = m_space.rows()[std::size_t(row)];
    const int slots = std::max(1, r.slots);
    const int s = int(std::floor((xM - r.xM) / std::max(0.1, r.pitchM)));
    return std::clamp(s, 0, slots - 1);
}

void TrayLoads::addRun(int row, double x0M, double x1M, double areaMm2, double kgPerM, bool fibre)
{
    if (row < 0 || std::size_t(row) >= m_copper.size())
        return;
    int a = slotOf(row, x0M), b = slotOf(row, x1M);
    if (a > b)
        std::swap(a, b);
    std::vector<double> &area = fibre ? m_fibre[std::size_t(row)] : m_copper[std::size_t(row)];
    std::vector<double> &mass = m_mass[std::size_t(row)];
    area[std::size_t(a)] += areaMm2;
    area[std::size_t(b) + 1] -= areaMm2;
    mass[std::size_t(a)] += kgPerM;
    mass[std::size_t(b) + 1] -= kgPerM;
}

std::vector<TrayFill> TrayLoads::fills(const CablingOptions &options, const CablingDesign &design,
                                       Diagnostics &diagnostics) const
{
    std::vector<TrayFill> out;
    const double trayMm2 = options.trayWidthM * options.trayDepthM * 1e6;
    // Trays of one kind that keep the row under the limit.
    const auto traysFor = [&](double peakMm2) {
        return std::max(1, int(std::ceil(peakMm2 / (trayMm2 * options.trayFillLimit) - 1e-9)));
    };
    for (std::size_t r = 0; r < m_copper.size(); ++r) {
        double copper = 0, fibre = 0, mass = 0, peakCopper = 0, peakFibre = 0, peakMass = 0;
        for (std::size_t s = 0; s + 1 < m_copper[r].size(); ++s) {
            copper += m_copper[r][s];
            fibre += m_fibre[r][s];
            mass += m_mass[r][s];
            peakCopper = std::max(peakCopper, copper);
            peakFibre = std::max(peakFibre, fibre);
            peakMass = std::max(peakMass, mass);
        }
        if (peakCopper <= 0 && peakFibre <= 0)
            continue;
        const RackRow &row = m_space.rows()[r];
        TrayFill f;
        f.row = row.id;
        f.hall = row.hall;
        // A stated count is what is built; 0 sizes the row (project.h CablingDesign).
        const int copperTrays =
            design.copperTraysPerRow > 0 ? design.copperTraysPerRow : traysFor(peakCopper);
        const int fibreTrays =
            design.fibreTraysPerRow > 0 ? design.fibreTraysPerRow : traysFor(peakFibre);
        f.copperTrays = copperTrays;
        f.fibreTrays = fibreTrays;
        f.copperFill = peakCopper / (trayMm2 * copperTrays);
        f.fibreFill = peakFibre / (trayMm2 * fibreTrays);
        f.peakLoadKgPerM = peakMass;
        const auto percent = [](double v) {
            return std::to_string(int(std::lround(v * 100)));
        };
        const auto overFull = [&](const char *kind, double fill, int trays, double peakMm2,
                                  const char *key) {
            diagnostics.warning("", "/network/cabling",
                                "row " + row.id + ": " + kind + " tray" +
                                    (trays > 1 ? "s (" + std::to_string(trays) + ") " : " ") +
                                    percent(fill) + "% full at the busiest point (limit " +
                                    percent(options.trayFillLimit) +
                                    "%): " + std::to_string(traysFor(peakMm2)) + " would do (" +
                                    key + "), or spread the links");
        };
        if (f.copperFill > options.trayFillLimit)
            overFull("copper", f.copperFill, copperTrays, peakCopper, "copperTraysPerRow");
        if (f.fibreFill > options.trayFillLimit)
            overFull("fibre", f.fibreFill, fibreTrays, peakFibre, "fibreTraysPerRow");
        if (options.trayLoadLimitKgPerM > 0 && f.peakLoadKgPerM > options.trayLoadLimitKgPerM)
            diagnostics.warning("", "",
                                "row " + row.id + ": tray load " +
                                    std::to_string(int(std::lround(f.peakLoadKgPerM))) +
                                    " kg/m exceeds " +
                                    std::to_string(int(options.trayLoadLimitKgPerM)) + " kg/m");
        out.push_back(f);
    }
    return out;
}

void cablePlane(PlaneResult &plane, const FabricPlane &settings, const SwitchModel &switchModel,
                const std::vector<SwitchSpot> &spots, const Catalog &catalog,
                const FabricOptions &options, const RackSpace &space, TrayLoads &trays,
                std::vector<double> &rackPowerW, double &unplacedPowerW)
{
    const CablingOptions &o = options.cabling;
    FabricTopology &g = plane.topology.mutate();
    const std::size_t links = g.linkCount();
    const std::size_t switches = g.switchCount();
    const std::size_t endpoints = g.endpointCount();
    const double copies = plane.parallelPlanes;
    const auto &racks = space.racks();

    // ---- ends
    auto heightOf = [&](int baseU, int heightU) {
        return o.firstUnitAboveFloorM + (double(baseU - 1) + double(heightU) / 2.0) * o.rackUnitM;
    };
    auto rackEnd = [&](int rack, double zM) {
        return endInRack(space, rack, zM);
    };
    std::vector<End> hostEnd(g.hosts.size());
    for (std::size_t h = 0; h < g.hosts.size(); ++h) {
        const FabricHost &host = g.hosts[h];
        if (host.rack >= 0)
            hostEnd[h] = rackEnd(host.rack, heightOf(host.baseU, host.heightU));
        else
            hostEnd[h].zM = o.rackHeightM / 2;
    }
    std::vector<End> switchEnd(switches);
    for (std::size_t s = 0; s < switches; ++s) {
        if (g.switchRack[s] >= 0) {
            switchEnd[s] = rackEnd(g.switchRack[s], heightOf(g.switchU[s], switchModel.heightU));
        } else {
            End &e = switchEnd[s];
            if (s < spots.size()) {
                e.xM = spots[s].xM;
                e.yM = spots[s].yM;
                e.hall = spots[s].hall;
                e.hallXM = space.hallOriginXM(e.hall);
                e.hallYM = space.hallOriginYM(e.hall);
            }
            e.zM = o.rackHeightM;
        }
    }
    // A host no rack holds (a fabric manager without room) stands at its hall's origin: the hall
    // of the leaf its first port is cabled to (link e is endpoint e's link to its leaf).
    std::vector<bool> located(g.hosts.size(), false);
    for (std::size_t e = 0; e < g.endpointCount() && e < g.linkCount(); ++e) {
        const auto h = std::size_t(g.endpointHost[e]);
        if (g.hosts[h].rack >= 0 || located[h] || !g.isSwitch(g.linkB[e]))
            continue;
        const End &leaf = switchEnd[g.switchOf(g.linkB[e])];
        hostEnd[h].hall = leaf.hall;
        hostEnd[h].hallXM = leaf.hallXM;
        hostEnd[h].hallYM = leaf.hallYM;
        located[h] = true;
    }
    auto endOf = [&](std::uint32_t v) -> const End & {
        return g.isSwitch(v) ? switchEnd[g.switchOf(v)] : hostEnd[std::size_t(g.endpointHost[v])];
    };

    // ---- lengths and media
    LadderPolicy policy;
    policy.allowAoc = settings.allowAoc;
    policy.technology = toString(settings.technology);
    policy.media = &settings.media;
    policy.levels = std::max(1, g.tiers());
    policy.cagePorts = std::max(1, switchModel.portsPerCage * plane.breakout);
    const Ladder ladder(catalog, plane.portGbps, policy, o);
    if (settings.media.boundaries.size() > std::size_t(policy.levels))
        plane.diagnostics.warning(
            "", plane.jsonPath + "/media/boundaries",
            "plane '" + plane.name + "': " + std::to_string(settings.media.boundaries.size()) +
                " media rules for a plane built with " + std::to_string(policy.levels) +
                " link level(s); the rules past entry " + std::to_string(policy.levels - 1) +
                " apply to no link");
    plane.media.clear();
    for (std::size_t i = 0; i < ladder.size(); ++i)
        plane.media.push_back(ladder.at(i).id);
    g.lengthM.resize(links);
    g.linkMedium.assign(links, FabricTopology::kNoMedium);
    for (std::size_t l = 0; l < links; ++l) {
        const double length = routedLengthM(endOf(g.linkA[l]), endOf(g.linkB[l]), o);
        g.lengthM[l] = float(length);
        g.linkMedium[l] = ladder.pick(length, 0, g.linkLevel[l]);
    }
    if (ladder.empty()) {
        plane.diagnostics.error("", plane.jsonPath,
                                "plane '" + plane.name + "': no medium in the catalog carries " +
                                    formatSignificant(plane.portGbps) + " Gb/s " +
                                    toString(settings.technology) +
                                    " links; add one to the media ladder");
    } else {
        for (std::size_t level = 0; level < ladder.levels(); ++level) {
            if (!ladder.anyUsable(level))
                plane.diagnostics.error(
                    "", mediaPolicyPath(plane.jsonPath, settings.media, level),
                    "plane '" + plane.name + "': the media policy leaves no medium for the " +
                        linkLevelName(level, ladder.levels()) + " links (the catalog offers " +
                        rungList(ladder) + " at " + formatSignificant(plane.portGbps) + " Gb/s " +
                        toString(settings.technology) + ")");
        }
    }

    // All links of one switch cage share one medium: the one its most demanding link needs.
    const int cagePorts = std::max(1, switchModel.portsPerCage * plane.breakout);
    const int cagesPerSwitch = (plane.radix + cagePorts - 1) / cagePorts + 1;
    auto cageOf = [&](std::size_t sw, int port) {
        return sw * std::size_t(cagesPerSwitch) + std::size_t((port - 1) / cagePorts);
    };
    std::vector<std::uint8_t> cageMedium(switches * std::size_t(cagesPerSwitch), 0);
    if (cagePorts > 1 && !ladder.empty()) {
        // Cage floors only rise, so upgrades raise them in place; repeat while anything moved
        // (an upgrade can raise the other end's cage).
        for (std::size_t l = 0; l < links; ++l) {
            const std::uint8_t m = g.linkMedium[l];
            if (m == FabricTopology::kNoMedium)
                continue;
            std::uint8_t &b = cageMedium[cageOf(g.switchOf(g.linkB[l]), g.portB[l])];
            b = std::max(b, m);
            if (g.isSwitch(g.linkA[l])) {
                std::uint8_t &a = cageMedium[cageOf(g.switchOf(g.linkA[l]), g.portA[l])];
                a = std::max(a, m);
            }
        }
        for (int round = 0; round < 4; ++round) {
            bool changed = false;
            for (std::size_t l = 0; l < links; ++l) {
                const std::uint8_t m = g.linkMedium[l];
                if (m == FabricTopology::kNoMedium)
                    continue;
                std::uint8_t &b = cageMedium[cageOf(g.switchOf(g.linkB[l]), g.portB[l])];
                std::uint8_t *a = g.isSwitch(g.linkA[l])
                                      ? &cageMedium[cageOf(g.switchOf(g.linkA[l]), g.portA[l])]
                                      : nullptr;
                const std::uint8_t floor = a ? std::max(b, *a) : b;
                if (floor <= m)
                    continue;
                const std::uint8_t upgraded = ladder.pick(g.lengthM[l], floor, g.linkLevel[l]);
                // A cage whose ports straddle two link levels (an odd down/up split) can be
                // raised by the other level past every medium this level may use: the link
                // keeps its own medium rather than be left unbuilt.
                if (upgraded == FabricTopology::kNoMedium)
                    continue;
                g.linkMedium[l] = upgraded;
                if (upgraded != FabricTopology::kNoMedium) {
                    b = std::max(b, upgraded);
                    if (a)
                        *a = std::max(*a, upgraded);
                }
                changed = true;
            }
            if (!changed)
                break;
        }
    }

    g.stockLengthM.assign(links, 0.0f);
    for (std::size_t l = 0; l < links; ++l) {
        if (g.linkMedium[l] != FabricTopology::kNoMedium) {
            const Medium &m = ladder.at(g.linkMedium[l]);
            double stock = stockLength(g.lengthM[l], m.stockLengthsM, o.madeToOrderStepM);
            if (stock == 0) // optical run beyond the patch-cord lengths: a made-to-order trunk
                stock = stockLength(g.lengthM[l], {}, o.trunkLengthStepM);
            g.stockLengthM[l] = float(stock);
        }
    }

    // ---- counts, power, parts
    const std::size_t media = ladder.size();
    plane.mediaUsage.assign(media, MediumUsage{});
    for (std::size_t i = 0; i < media; ++i)
        plane.mediaUsage[i].medium = ladder.at(i).id;
    std::vector<double> switchPower(switches, switchModel.basePowerW);
    std::vector<std::uint16_t> cageLinks(switches * std::size_t(cagesPerSwitch), 0);
    std::vector<float> cageLength(switches * std::size_t(cagesPerSwitch), 0.0f);
    std::fill(cageMedium.begin(), cageMedium.end(), FabricTopology::kNoMedium);
    std::vector<std::int64_t> jumpers(o.jumperStockLengthsM.size() + 1, 0);
    std::map<double, std::int64_t> longJumpers;
    std::vector<std::int64_t> patchPorts(racks.size(), 0);
    std::int64_t unplacedPatchPorts = 0;
    TrunkTable trunks;
    std::int64_t copperLinks = 0, copperEndpointLinks = 0, optical = 0, unrouted = 0;
    double endpointPower = 0, totalLength = 0;
    std::vector<double> endpointRackPower(options.countEndpointModulePower ? racks.size() : 0, 0);
    const double jumperArea = circleAreaMm2(o.jumperDiameterMm);
    const double trunkShare = double(o.fibresPerLink) / double(std::max(1, o.trunkFibres));
    const double trunkArea = circleAreaMm2(o.trunkDiameterMm) * trunkShare;
    const double trunkMass = o.trunkMassKgPerM * trunkShare;
    const std::size_t rackCount = racks.size();
    auto siteOf = [&](const End &e, std::uint32_t v) -> std::uint64_t {
        return e.rack >= 0 ? std::uint64_t(e.rack) : std::uint64_t(rackCount + v);
    };

    for (std::size_t l = 0; l < links; ++l) {
        const std::uint8_t mi = g.linkMedium[l];
        if (mi == FabricTopology::kNoMedium) {
            ++unrouted;
            continue;
        }
        const Medium &m = ladder.at(mi);
        const double length = g.lengthM[l];
        MediumUsage &use = plane.mediaUsage[mi];
        ++use.links;
        use.totalLengthM += length;
        totalLength += length;
        const bool copper = isCopper(m.kind);
        if (copper) {
            ++copperLinks;
            if (g.linkLevel[l] == 0)
                ++copperEndpointLinks;
        }
        const std::uint32_t va = g.linkA[l], vb = g.linkB[l];
        const std::size_t sb = g.switchOf(vb);
        // A switch draws its modules' power per module (counted per cage below: a twin-port
        // module in a cage with one link used draws its whole power), its active cables' per end.
        const double switchEndW = m.needsTransceivers ? 0.0 : m.powerWPerEnd;
        switchPower[sb] += switchEndW;
        const std::size_t cb = cageOf(sb, g.portB[l]);
        ++cageLinks[cb];
        cageMedium[cb] = mi;
        cageLength[cb] = std::max(cageLength[cb], g.stockLengthM[l]);
        if (g.isSwitch(va)) {
            const std::size_t sa = g.switchOf(va);
            switchPower[sa] += switchEndW;
            const std::size_t ca = cageOf(sa, g.portA[l]);
            ++cageLinks[ca];
            cageMedium[ca] = mi;
        } else {
            endpointPower += m.powerWPerEnd;
            const int rack = g.hosts[std::size_t(g.endpointHost[va])].rack;
            if (!endpointRackPower.empty() && rack >= 0)
                endpointRackPower[std::size_t(rack)] += m.powerWPerEnd;
        }

        const End &ea = endOf(va), &eb = endOf(vb);
        bool structured = false;
        if (m.needsTransceivers) {
            ++optical;
            structured = ea.row < 0 || eb.row < 0 || ea.row != eb.row || ea.hall != eb.hall ||
                         length > o.structuredAboveM;
            if (structured) {
                // jumper + trunk + jumper through a patch panel at the top of each rack
                double jumperTotal = 0;
                for (const End *e : {&ea, &eb}) {
                    const double run = (std::max(0.0, o.rackHeightM - e->zM) + o.slackPerEndM) *
                                       (1.0 + o.dressingFraction);
                    const double s = stockLength(run, o.jumperStockLengthsM, 1.0);
                    jumperTotal += s > 0 ? s : run;
                    if (s > 0) {
                        auto it = std::lower_bound(o.jumperStockLengthsM.begin(),
                                                   o.jumperStockLengthsM.end(), s - 1e-9);
                        ++jumpers[std::size_t(it - o.jumperStockLengthsM.begin())];
                    } else {
                        ++longJumpers[std::ceil(run)];
                    }
                    if (e->rack >= 0)
                        ++patchPorts[std::size_t(e->rack)];
                    else
                        ++unplacedPatchPorts;
                }
                std::uint64_t sa = siteOf(ea, va), sbKey = siteOf(eb, vb);
                if (sa > sbKey)
                    std::swap(sa, sbKey);
                trunks.add((sa << 32) | sbKey, o.fibresPerLink,
                           std::max(1.0, length - jumperTotal));
            } else {
                const double s = stockLength(length, o.jumperStockLengthsM, 1.0);
                if (s > 0) {
                    auto it = std::lower_bound(o.jumperStockLengthsM.begin(),
                                               o.jumperStockLengthsM.end(), s - 1e-9);
                    ++jumpers[std::size_t(it - o.jumperStockLengthsM.begin())];
                } else {
                    ++longJumpers[std::ceil(length)];
                }
            }
        }

        // tray runs between racks
        if (ea.rack < 0 || ea.rack != eb.rack) {
            const bool fibre = !copper;
            const double area =
                (structured ? trunkArea
                            : (m.needsTransceivers ? jumperArea : circleAreaMm2(m.diameterMm))) *
                copies;
            const double mass = (structured ? trunkMass : m.massKgPerM) * copies;
            if (ea.row >= 0 && eb.row >= 0 && ea.hall == eb.hall) {
                if (ea.row == eb.row) {
                    trays.addRun(ea.row, ea.xM, eb.xM, area, mass, fibre);
                } else {
                    const double x = crossoverX(ea.xM, eb.xM, o.crossoverSpacingM);
                    trays.addRun(ea.row, ea.xM, x, area, mass, fibre);
                    if (x != eb.xM)
                        trays.addRun(eb.row, x, eb.xM, area, mass, fibre);
                }
            } else {
                for (const End *e : {&ea, &eb}) {
                    if (e->row >= 0)
                        trays.addRun(e->row, e->xM, space.rows()[std::size_t(e->row)].xM, area,
                                     mass, fibre);
                }
            }
        }
    }

    // modules and cables per switch cage; modules per host cage
    std::map<std::tuple<int, int, double>, std::int64_t> cables; // (medium, legs, length)
    std::int64_t modules = 0;
    for (std::size_t c = 0; c < cageLinks.size(); ++c) {
        if (cageLinks[c] == 0 || cageMedium[c] == FabricTopology::kNoMedium)
            continue;
        const Medium &m = ladder.at(cageMedium[c]);
        if (m.needsTransceivers) {
            const int per = std::max(1, std::min(cagePorts, m.linksPerModule));
            const std::int64_t n = (cageLinks[c] + per - 1) / per;
            modules += n;
            plane.mediaUsage[cageMedium[c]].modules += n;
            switchPower[c / std::size_t(cagesPerSwitch)] += double(n * per) * m.powerWPerEnd;
        }
    }
    // Every leg of a splitter rides the one cable of its switch cage, sold at the length of its
    // longest leg: the schedule names that stock length, so it agrees with the cables ordered.
    if (cagePorts > 1) {
        for (std::size_t l = 0; l < links; ++l) {
            const std::uint8_t mi = g.linkMedium[l];
            if (mi == FabricTopology::kNoMedium || ladder.at(mi).needsTransceivers)
                continue;
            g.stockLengthM[l] = cageLength[cageOf(g.switchOf(g.linkB[l]), g.portB[l])];
        }
    }
    // Cables are counted at the upper (B) end of their links: one per cage there.
    for (std::size_t l = 0; l < links; ++l) {
        const std::uint8_t mi = g.linkMedium[l];
        if (mi == FabricTopology::kNoMedium || ladder.at(mi).needsTransceivers)
            continue;
        const std::size_t cb = cageOf(g.switchOf(g.linkB[l]), g.portB[l]);
        if (cagePorts == 1) {
            ++cables[{mi, 1, double(g.stockLengthM[l])}];
            ++plane.mediaUsage[mi].cables;
        } else if (cageLinks[cb] > 0) {
            ++cables[{mi, cageLinks[cb], double(cageLength[cb])}];
            ++plane.mediaUsage[mi].cables;
            cageLinks[cb] = 0; // counted
        }
    }
    {
        // endpoints of a host are consecutive and link e is endpoint e's host link
        std::size_t e = 0;
        while (e < endpoints) {
            const std::int32_t host = g.endpointHost[e];
            const int per = std::max<int>(1, g.hosts[std::size_t(host)].cagePorts);
            std::size_t end = e;
            while (end < endpoints && g.endpointHost[end] == host)
                ++end;
            for (std::size_t c0 = e; c0 < end; c0 += std::size_t(per)) {
                const std::size_t c1 = std::min(end, c0 + std::size_t(per));
                // a host cage holds one module per medium it carries (rarely more than one)
                std::uint8_t kinds[8];
                int counts[8];
                int distinct = 0;
                for (std::size_t x = c0; x < c1; ++x) {
                    const std::uint8_t mi = g.linkMedium[x];
                    if (mi == FabricTopology::kNoMedium || !ladder.at(mi).needsTransceivers)
                        continue;
                    int k = 0;
                    while (k < distinct && kinds[k] != mi)
                        ++k;
                    if (k == distinct) {
                        if (distinct == 8)
                            continue;
                        kinds[distinct] = mi;
                        counts[distinct++] = 0;
                    }
                    ++counts[k];
                }
                for (int k = 0; k < distinct; ++k) {
                    const int p = std::max(1, std::min(per, ladder.at(kinds[k]).linksPerModule));
                    const std::int64_t n = (counts[k] + p - 1) / p;
                    modules += n;
                    plane.mediaUsage[kinds[k]].modules += n;
                }
            }
            e = end;
        }
    }

    plane.opticalLinks = optical;
    plane.transceiverEnds = 2 * optical;
    plane.transceiverModules = modules;
    plane.unroutedLinks = unrouted;
    plane.copperShareEndpointLinks =
        endpoints > 0 ? double(copperEndpointLinks) / double(endpoints) : 0.0;
    plane.copperShareAllLinks = links > 0 ? double(copperLinks) / double(links) : 0.0;
    plane.totalCableLengthM = totalLength * copies;
    plane.endpointModulePowerW = endpointPower * copies;
    plane.switchPowerW = 0;
    plane.switchChassisPowerW = switchModel.basePowerW * double(switches) * copies;
    for (std::size_t s = 0; s < switches; ++s) {
        const double w = switchPower[s] * copies;
        plane.switchPowerW += w;
        if (g.switchRack[s] >= 0)
            rackPowerW[std::size_t(g.switchRack[s])] += w;
        else
            unplacedPowerW += w;
    }
    for (std::size_t r = 0; r < endpointRackPower.size(); ++r)
        rackPowerW[r] += endpointRackPower[r] * copies;
    for (FabricTierStats &t : plane.tierStats) {
        const std::size_t first = std::size_t(g.tierFirstSwitch[std::size_t(t.tier - 1)]);
        const std::size_t last = std::size_t(g.tierFirstSwitch[std::size_t(t.tier)]);
        double sum = 0;
        for (std::size_t s = first; s < last; ++s)
            sum += switchPower[s];
        t.powerWPerSwitch = last > first ? sum / double(last - first) : 0.0;
    }

    if (unrouted > 0 && !ladder.empty()) {
        double longest = 0;
        std::size_t level = 0;
        for (std::size_t l = 0; l < links; ++l) {
            if (g.linkMedium[l] == FabricTopology::kNoMedium && double(g.lengthM[l]) > longest) {
                longest = double(g.lengthM[l]);
                level = g.linkLevel[l];
            }
        }
        // A rung the policy keeps from these links that would reach the longest of them: then
        // the policy, not the catalog, leaves them unbuilt, and the design is infeasible as
        // stated.
        const Medium *excluded = nullptr;
        for (std::size_t i = 0; i < ladder.size() && !excluded; ++i) {
            const double need =
                longest + std::max(o.reachMarginFraction * longest, o.reachMarginMinM);
            if (!ladder.usable(level, i) && ladder.at(i).reachM >= need)
                excluded = &ladder.at(i);
        }
        const std::string what = "plane '" + plane.name + "': " + std::to_string(unrouted) +
                                 " link(s) up to " + std::to_string(int(std::ceil(longest))) +
                                 " m are longer than any allowed medium's reach (longest " +
                                 std::to_string(int(ladder.maxReachM(level))) + " m with margin" +
                                 (settings.allowAoc ? "" : ", AOC not allowed");
        if (excluded)
            plane.diagnostics.error("", mediaPolicyPath(plane.jsonPath, settings.media, level),
                                    what + "); the media policy keeps " + excluded->id +
                                        ", which reaches, from the " +
                                        linkLevelName(level, ladder.levels()) +
                                        " links: allow it or move the switches closer");
        else
            plane.diagnostics.warning("", plane.jsonPath,
                                      what + "); they are left out of the BOM: move the switches "
                                             "closer or add a longer-reach medium");
    }

    // ---- BOM
    Bom &bom = plane.bom;
    bom.clear();
    for (const FabricTierStats &t : plane.tierStats) {
        BomLine line;
        line.category = "switch";
        line.part = switchModel.id;
        line.description = switchModel.name + " (" + switchTierName(t.tier, plane.tiers) + ")";
        line.plane = plane.name;
        line.quantity = double(t.switches) * copies;
        line.unitPowerW = switchModel.basePowerW; // module power is on the module lines
        bom.push_back(line);
    }
    for (std::size_t i = 0; i < media; ++i) {
        const Medium &m = ladder.at(i);
        const MediumUsage &use = plane.mediaUsage[i];
        if (m.needsTransceivers && use.modules > 0) {
            BomLine line;
            line.category = "transceiver";
            line.part = m.id;
            line.description = m.name + (m.linksPerModule > 1 ? " (twin-port module)" : "");
            line.plane = plane.name;
            line.quantity = double(use.modules) * copies;
            line.unitPowerW = m.powerWPerEnd * std::max(1, m.linksPerModule);
            bom.push_back(line);
        }
    }
    // Cable lines count links (the catalog prices a cable per link); a splitter carrying
    // several links of one switch cage is named with its physical count.
    std::int64_t physicalCables = 0;
    for (const auto &[key, count] : cables) {
        const auto &[mi, legs, length] = key;
        const Medium &m = ladder.at(std::size_t(mi));
        BomLine line;
        line.category = "cable";
        line.part = m.id;
        line.description = m.name + " " + formatLength(length);
        if (legs > 1)
            line.description += ", as " + std::to_string(count) + " " + std::to_string(legs) +
                                "-leg splitter cables";
        line.plane = plane.name;
        line.quantity = double(count * legs) * copies;
        line.unitPowerW = 2 * m.powerWPerEnd; // both ends of a link
        line.lengthM = length;
        line.legs = legs;
        bom.push_back(line);
        physicalCables += count;
    }
    for (std::size_t i = 0; i < jumpers.size(); ++i) {
        if (jumpers[i] == 0)
            continue;
        BomLine line;
        line.category = "cable";
        line.part = o.jumperPart;
        line.lengthM = i < o.jumperStockLengthsM.size() ? o.jumperStockLengthsM[i] : 0.0;
        line.description = "MPO fibre jumper " + formatLength(line.lengthM);
        line.plane = plane.name;
        line.quantity = double(jumpers[i]) * copies;
        bom.push_back(line);
        physicalCables += jumpers[i];
    }
    for (const auto &[length, count] : longJumpers) {
        BomLine line;
        line.category = "cable";
        line.part = o.jumperPart;
        line.lengthM = length;
        line.description = "MPO fibre jumper " + formatLength(length) + " (made to order)";
        line.plane = plane.name;
        line.quantity = double(count) * copies;
        bom.push_back(line);
        physicalCables += count;
    }
    std::map<double, std::int64_t> trunkByLength;
    for (const TrunkTable::Group &t : trunks.slots()) {
        if (t.key == ~std::uint64_t(0))
            continue;
        const double length =
            std::max(o.trunkLengthStepM,
                     std::ceil(t.maxLengthM / o.trunkLengthStepM - 1e-9) * o.trunkLengthStepM);
        trunkByLength[length] += (t.fibres + o.trunkFibres - 1) / o.trunkFibres;
    }
    for (const auto &[length, count] : trunkByLength) {
        BomLine line;
        line.category = "fiber";
        line.part = o.trunkPart;
        line.lengthM = length;
        line.description =
            "MPO trunk " + std::to_string(o.trunkFibres) + "F " + formatLength(length);
        line.plane = plane.name;
        line.quantity = double(count) * copies;
        bom.push_back(line);
        physicalCables += count;
    }
    plane.cables = physicalCables;
    std::int64_t panels = (unplacedPatchPorts + o.patchPanelPorts - 1) / o.patchPanelPorts;
    for (std::int64_t ports : patchPorts)
        panels += (ports + o.patchPanelPorts - 1) / o.patchPanelPorts;
    if (panels > 0) {
        BomLine line;
        line.category = "patch-panel";
        line.part = o.patchPanelPart;
        line.description = "MPO patch panel 1U, " + std::to_string(o.patchPanelPorts) + " ports";
        line.plane = plane.name;
        line.quantity = double(panels) * copies;
        bom.push_back(line);
    }
}

namespace {

// The nearest network rack (Manhattan, as cables run) of a hall, found by row: network racks
// grouped by hall and row line (y), sorted by x; a query looks at the neighbours of its x in each
// row line that could still be nearer. Ties go to the lowest rack index. O(rows log n) a query
// instead of a scan of every rack (30k OOB leaves x 30k racks at 1M GPUs).
class NearestNetworkRack
{
public:
    explicit NearestNetworkRack(const std::vector<RackSite> &racks)
        : m_racks(racks)
    {
        std::map<std::pair<int, double>, std::size_t> lineOf;
        for (std::size_t r = 0; r < racks.size(); ++r) {
            if (racks[r].role != RackRole::Network)
                continue;
            const auto key = std::make_pair(racks[r].hall, racks[r].yM);
            auto [it, added] = lineOf.emplace(key, m_lines.size());
            if (added)
                m_lines.push_back({racks[r].hall, racks[r].yM, {}});
            m_lines[it->second].racks.emplace_back(racks[r].xM, int(r));
        }
        for (Line &line : m_lines)
            std::sort(line.racks.begin(), line.racks.end());
    }

    // -1 when the hall has no other network rack.
    int find(const RackSite &site, int exclude) const
    {
        double best = -1;
        int bestRack = -1;
        auto consider = [&](int r) {
            if (r == exclude)
                return false;
            const RackSite &n = m_racks[std::size_t(r)];
            const double d = std::abs(n.xM - site.xM) + std::abs(n.yM - site.yM);
            if (best < 0 || d < best || (d == best && r < bestRack)) {
                best = d;
                bestRack = r;
            }
            return true;
        };
        for (const Line &line : m_lines) {
            if (line.hall != site.hall)
                continue;
            if (best >= 0 && std::abs(line.yM - site.yM) > best)
                continue;
            const auto at =
                std::lower_bound(line.racks.begin(), line.racks.end(), std::make_pair(site.xM, -1));
            // Two candidates on each side, so the excluded rack cannot hide the nearest one;
            // then every rack at the same x as a candidate (ties by index).
            int taken = 0;
            for (auto it = at; it != line.racks.begin() && taken < 2;) {
                --it;
                taken += consider(it->second);
            }
            taken = 0;
            for (auto it = at; it != line.racks.end() && taken < 2; ++it)
                taken += consider(it->second);
        }
        return bestRack;
    }

private:
    struct Line
    {
        int hall = 0;
        double yM = 0;
        std::vector<std::pair<double, int>> racks; // (x, rack index), by x
    };
    const std::vector<RackSite> &m_racks;
    std::vector<Line> m_lines;
};

} // namespace

void cableExternalUplinks(PlaneResult &plane, const Catalog &catalog, const FabricOptions &options,
                          const RackSpace &space, std::vector<double> &rackPowerW)
{
    if (plane.externalUplinks <= 0)
        return;
    const CablingOptions &o = options.cabling;
    const FabricTopology &g = plane.topology;
    const auto &racks = space.racks();
    // The uplinks join the in-band Ethernet network, not this plane: no plane policy applies.
    LadderPolicy policy;
    policy.allowAoc = plane.role != PlaneRole::Oob;
    policy.technology = toString(Technology::Ethernet);
    const Ladder ladder(catalog, plane.externalUplinkGbps, policy, o);
    const int perLeaf = int(plane.externalUplinks / std::max<std::int64_t>(1, plane.switches));
    const double copies = plane.parallelPlanes;
    std::map<std::pair<std::size_t, double>, std::int64_t> runs; // (medium, stock length) -> n
    std::int64_t unreached = 0;
    const NearestNetworkRack nearest(racks);
    for (std::size_t s = 0; s < g.switchCount(); ++s) {
        End leaf;
        leaf.zM = o.rackHeightM;
        End far = leaf;
        const int rack = g.switchRack[s];
        if (rack >= 0) {
            const RackSite &site = racks[std::size_t(rack)];
            leaf = endInRack(space, rack, o.rackHeightM);
            far = leaf;
            // the nearest network rack of the hall
            const int r = nearest.find(site, rack);
            if (r >= 0) {
                far = endInRack(space, r, o.rackHeightM);
            } else if (site.row >= 0) { // no network rack: to the row's end
                far.rack = -1;
                far.slot = -1;
                far.xM = space.rows()[std::size_t(site.row)].xM;
            }
        }
        const double length = routedLengthM(leaf, far, o);
        const std::uint8_t mi = ladder.empty() ? FabricTopology::kNoMedium : ladder.pick(length, 0);
        if (mi == FabricTopology::kNoMedium) {
            unreached += perLeaf;
            continue;
        }
        const Medium &m = ladder.at(mi);
        double stock = stockLength(length, m.stockLengthsM, o.madeToOrderStepM);
        if (stock == 0)
            stock = stockLength(length, {}, o.trunkLengthStepM);
        runs[{mi, stock}] += perLeaf;
        const double endsPowerW = 2 * m.powerWPerEnd * perLeaf * copies;
        plane.switchPowerW += endsPowerW;
        if (rack >= 0)
            rackPowerW[std::size_t(rack)] += endsPowerW;
        plane.externalUplinkMedium = m.id;
    }
    std::map<std::size_t, std::int64_t> modules;
    for (const auto &[key, count] : runs) {
        const Medium &m = ladder.at(key.first);
        BomLine cable;
        cable.category = "cable";
        cable.plane = plane.name;
        cable.quantity = double(count) * copies;
        cable.lengthM = key.second;
        if (m.needsTransceivers) {
            modules[key.first] += 2 * count;
            cable.part = o.jumperPart;
            cable.description = "fibre jumper " + formatLength(key.second) + " (" + m.name +
                                " uplink into the in-band network)";
            plane.opticalLinks += count;
            plane.transceiverEnds += 2 * count;
            plane.transceiverModules += 2 * count;
        } else {
            cable.part = m.id;
            cable.description =
                m.name + " " + formatLength(key.second) + " (uplink into the in-band network)";
            cable.unitPowerW = 2 * m.powerWPerEnd;
        }
        plane.cables += count;
        plane.bom.push_back(cable);
    }
    for (const auto &[mi, count] : modules) {
        const Medium &m = ladder.at(mi);
        BomLine line;
        line.category = "transceiver";
        line.part = m.id;
        line.description = m.name + " (uplinks into the in-band network)";
        line.plane = plane.name;
        line.quantity = double(count) * copies;
        line.unitPowerW = m.powerWPerEnd;
        plane.bom.push_back(line);
    }
    if (unreached > 0)
        plane.diagnostics.warning(
            "", plane.jsonPath,
            "plane '" + plane.name + "': " + std::to_string(unreached) + " uplink(s) at " +
                formatSignificant(plane.externalUplinkGbps) +
                " Gb/s into the in-band network have no medium of that speed in the catalog "
                "that reaches; they are left out of the BOM");
}

} // namespace aidc

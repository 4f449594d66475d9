// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/topology.h"

#include "solvers/common/fattree.h"
#include "solvers/common/planeports.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace aidc {

namespace {

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return (a + b - 1) / b;
}

// Endpoints of each leaf and the rail groups (units) the leaves come in.
struct LeafAssignment
{
    std::vector<std::int32_t> endpointLeaf;
    std::vector<std::uint16_t> endpointLeafPort; // 0-based down port
    std::vector<int> leafUsed;
    std::vector<int> unitLeaves; // leaves per rail group, in order
    int groupHosts = 0;
    int leafSlots = 0;     // most endpoints a leaf can ever serve (rail group, rack, ports)
    int leavesPerRail = 0; // rail-optimized: leaves of one rail in a group (0 = not rail)
    std::string error;

    std::int64_t leaves() const { return std::int64_t(leafUsed.size()); }
};

class TopologyBuilder
{
public:
    explicit TopologyBuilder(const TopologyInput &input);
    TopologyBuild run();

private:
    double boundaryOversubscription(int tier, int islandTier) const;
    const LeafAssignment &leavesFor(int down);
    LeafAssignment assignLeaves(int down) const;
    void assignRail(LeafAssignment &a, int down) const;
    void assignTopOfRack(LeafAssignment &a, int down) const;
    void assignWholeHosts(LeafAssignment &a, int down) const;
    int packWholeHosts(LeafAssignment &a, std::size_t begin, std::size_t end, int down) const;
    int findIslandTier(std::string &problem);
    bool plan(int tiers, int islandTier, std::vector<TierPlan> &out,
              std::vector<std::int64_t> &pod2, std::string &problem, std::string &note);
    std::vector<std::int64_t> packUnits(const LeafAssignment &a, std::int64_t limit) const;
    void splitByRail(const LeafAssignment &a, int up, int limit, std::int64_t &n, int &m,
                     int &railPods) const;
    std::int64_t islandChildren(int tier, const LeafAssignment &a, std::int64_t &capacity) const;
    std::vector<FabricHost>
    cableManagers(TopologyBuild &b, LeafAssignment &leaves,
                  const std::vector<std::pair<std::int32_t, std::uint16_t>> &reserved) const;
    void buildLinks(TopologyBuild &b, const LeafAssignment &a,
                    const std::vector<std::int64_t> &pod2, const std::vector<FabricHost> &managers);
    void linkRailPods(FabricTopology &g, const LeafAssignment &a, int leafDown,
                      const TierPlan &spines, const std::vector<std::int64_t> &pod2,
                      std::vector<std::int64_t> &leafPod) const;
    void assignIslands(TopologyBuild &b, const std::vector<std::int64_t> &leafPod2);

    const TopologyInput &m_in;
    std::vector<std::int64_t> m_hostFirst; // first endpoint of each host
    std::int64_t m_endpoints = 0;
    int m_rails = 1;                           // ports per node
    int m_nodes = 1;                           // nodes per host
    bool m_splitRails = false;                 // spine groups per rail in the plan being tried
    std::map<int, LeafAssignment> m_leafCache; // by leaf down capacity
    std::int64_t m_island = 0;                 // island endpoints in effect (0 = none)
};

TopologyBuilder::TopologyBuilder(const TopologyInput &input)
    : m_in(input)
{
    m_hostFirst.reserve(input.hosts.size() + 1);
    for (const FabricHost &h : input.hosts) {
        m_hostFirst.push_back(m_endpoints);
        m_endpoints += h.ports;
        m_rails = std::max(m_rails, hostRails(h));
        m_nodes = std::max(m_nodes, hostNodes(h));
    }
    m_hostFirst.push_back(m_endpoints);
}

double TopologyBuilder::boundaryOversubscription(int tier, int islandTier) const
{
    if (islandTier > 0) {
        if (tier < islandTier)
            return 1.0;
        if (tier == islandTier)
            return m_in.islandOversubscription;
    }
    const std::size_t i = std::size_t(tier - 1);
    return i < m_in.oversubscription.size() ? m_in.oversubscription[i] : 1.0;
}

const LeafAssignment &TopologyBuilder::leavesFor(int down)
{
    auto it = m_leafCache.find(down);
    if (it == m_leafCache.end())
        it = m_leafCache.emplace(down, assignLeaves(down)).first;
    return it->second;
}

LeafAssignment TopologyBuilder::assignLeaves(int down) const
{
    LeafAssignment a;
    a.endpointLeaf.assign(std::size_t(m_endpoints), 0);
    a.endpointLeafPort.assign(std::size_t(m_endpoints), 0);
    if (down <= 0) {
        a.error = "a leaf has no down ports at this oversubscription";
        return a;
    }
    if (m_in.topOfRack)
        assignTopOfRack(a, down);
    else if (m_in.railOptimized)
        assignRail(a, down);
    else
        assignWholeHosts(a, down);
    return a;
}

// Rail-optimized: NIC r of every node of a rail group goes to the leaf (or leaves) of rail r;
// a leaf takes whole hosts' rail ports while they fit (one NVL72 rack's 18 trays per leaf and
// rail); groups are cabled for their full size even when partly populated
// [ref:nvidia-superpod-h100-ra].
void TopologyBuilder::assignRail(LeafAssignment &a, int down) const
{
    const int hostsPerLeaf = m_nodes <= down ? down / m_nodes : 0; // 0: a host spans leaves
    const std::int64_t groupHosts =
        m_in.railGroupHosts > 0 ? m_in.railGroupHosts : std::max(1, hostsPerLeaf);
    const std::int64_t hosts = std::int64_t(m_in.hosts.size());
    const std::int64_t groups = ceilDiv(hosts, groupHosts);
    auto nodesAt = [&](std::int64_t h) {
        return std::int64_t(hostNodes(m_in.hosts[std::size_t(h)]));
    };
    // A host's rail ports on one rail from `cursor` (slots of that rail in the group): whole on
    // one leaf when they fit a leaf, else on as many as they need. Returns its first slot.
    auto place = [down](std::int64_t &cursor, std::int64_t nodes) {
        if (nodes <= down && cursor % down + nodes > down)
            cursor = ceilDiv(cursor, down) * down;
        const std::int64_t first = cursor;
        cursor += nodes;
        return first;
    };
    // Leaves per rail: the fullest group, a partial group counted as full (its missing hosts
    // like its last); the slots of the fullest leaf size the uplinks.
    std::int64_t leavesPerRail = 1, slots = 1;
    for (std::int64_t g = 0; g < groups; ++g) {
        std::int64_t cursor = 0;
        for (std::int64_t j = 0; j < groupHosts; ++j) {
            const std::int64_t first =
                place(cursor, nodesAt(std::min(g * groupHosts + j, hosts - 1)));
            slots = std::max(slots, std::min<std::int64_t>(down, cursor - first / down * down));
        }
        leavesPerRail = std::max(leavesPerRail, ceilDiv(cursor, down));
    }
    const int unitLeaves = m_rails * int(leavesPerRail);
    a.groupHosts = int(groupHosts);
    a.leavesPerRail = int(leavesPerRail);
    a.leafSlots = int(slots);
    a.leafUsed.assign(std::size_t(groups * unitLeaves), 0);
    a.unitLeaves.assign(std::size_t(groups), unitLeaves);
    std::vector<std::int64_t> cursor(std::size_t(m_rails), 0); // per rail, within the group
    for (std::int64_t h = 0; h < hosts; ++h) {
        const FabricHost &host = m_in.hosts[std::size_t(h)];
        const std::int64_t g = h / groupHosts;
        if (h % groupHosts == 0)
            std::fill(cursor.begin(), cursor.end(), 0);
        const std::int64_t nodes = nodesAt(h);
        const int rails = hostRails(host);
        for (int r = 0; r < rails; ++r) {
            const std::int64_t first = place(cursor[std::size_t(r)], nodes);
            for (std::int64_t node = 0; node < nodes; ++node) {
                const std::int64_t slot = first + node;
                const std::int64_t leaf = g * unitLeaves + r * leavesPerRail + slot / down;
                const std::size_t e = std::size_t(m_hostFirst[std::size_t(h)] + node * rails + r);
                a.endpointLeaf[e] = std::int32_t(leaf);
                a.endpointLeafPort[e] = std::uint16_t(slot % down);
                ++a.leafUsed[std::size_t(leaf)];
            }
        }
    }
}

// Top-of-rack: each rack's endpoints on its own leaves (rails split over them when rail-
// optimized, else whole hosts per leaf).
void TopologyBuilder::assignTopOfRack(LeafAssignment &a, int down) const
{
    const std::size_t hosts = m_in.hosts.size();
    std::size_t begin = 0;
    while (begin < hosts) {
        std::size_t end = begin + 1;
        while (end < hosts && m_in.hosts[end].rack == m_in.hosts[begin].rack &&
               m_in.hosts[begin].rack >= 0)
            ++end;
        const std::int64_t endpoints = m_hostFirst[end] - m_hostFirst[begin];
        int maxRails = 1;
        for (std::size_t h = begin; h < end; ++h)
            maxRails = std::max(maxRails, hostRails(m_in.hosts[h]));
        const std::int64_t firstLeaf = a.leaves();
        int leaves = 0;
        if (m_in.railOptimized) {
            leaves = int(ceilDiv(endpoints, down));
            const std::int64_t perLeaf = ceilDiv(endpoints, leaves);
            a.leafUsed.resize(std::size_t(firstLeaf + leaves), 0);
            std::int64_t s = 0;
            for (int r = 0; r < maxRails; ++r) {
                for (std::size_t h = begin; h < end; ++h) {
                    const int rails = hostRails(m_in.hosts[h]);
                    for (int p = r; r < rails && p < m_in.hosts[h].ports; p += rails) {
                        const std::size_t e = std::size_t(m_hostFirst[h] + p);
                        const std::int64_t leaf = firstLeaf + s / perLeaf;
                        a.endpointLeaf[e] = std::int32_t(leaf);
                        a.endpointLeafPort[e] = std::uint16_t(a.leafUsed[std::size_t(leaf)]++);
                        ++s;
                    }
                }
            }
        } else {
            leaves = packWholeHosts(a, begin, end, down);
            if (leaves < 0)
                return;
        }
        a.unitLeaves.push_back(leaves);
        a.groupHosts = std::max(a.groupHosts, int(end - begin));
        begin = end;
    }
}

// Non-rail: all ports of a node on the same leaf, as many whole nodes per leaf as their own
// ports fill (a leaf of 64 down ports takes 32 two-port servers even when the plane also has
// eight-port storage nodes; an NVL72 rack's trays go four ports at a time).
void TopologyBuilder::assignWholeHosts(LeafAssignment &a, int down) const
{
    const int leaves = packWholeHosts(a, 0, m_in.hosts.size(), down);
    if (leaves < 0)
        return;
    a.unitLeaves.assign(a.leafUsed.size(), 1);
}

// Hosts [begin, end) onto new leaves appended to `a`, in order, each node whole on one leaf,
// a new leaf when the next node's ports no longer fit. Returns the leaves added (-1 on error).
int TopologyBuilder::packWholeHosts(LeafAssignment &a, std::size_t begin, std::size_t end,
                                    int down) const
{
    const std::size_t firstLeaf = a.leafUsed.size();
    int hostsOnLeaf = 0;
    for (std::size_t h = begin; h < end; ++h) {
        const int rails = hostRails(m_in.hosts[h]);
        if (rails > down) {
            a.error = "a host has more ports than a leaf has down ports";
            return -1;
        }
        bool counted = false; // the host is counted once per leaf it reaches
        for (int first = 0; first < m_in.hosts[h].ports; first += rails) {
            const int ports = std::min(rails, m_in.hosts[h].ports - first);
            if (a.leafUsed.size() == firstLeaf || a.leafUsed.back() + ports > down) {
                a.leafUsed.push_back(0);
                hostsOnLeaf = 0;
                counted = false;
            }
            if (!counted) {
                a.groupHosts = std::max(a.groupHosts, ++hostsOnLeaf);
                counted = true;
            }
            const std::size_t leaf = a.leafUsed.size() - 1;
            for (int r = first; r < first + ports; ++r) {
                const std::size_t e = std::size_t(m_hostFirst[h] + r);
                a.endpointLeaf[e] = std::int32_t(leaf);
                a.endpointLeafPort[e] = std::uint16_t(a.leafUsed[leaf]++);
            }
        }
    }
    return int(a.leafUsed.size() - firstLeaf);
}

// Tier-2 pods: consecutive whole rail groups, at most `limit` leaves per pod; when a group
// alone has more leaves than a pod takes (e.g. 72 rails of an NVL72 rack), plain runs of
// `limit` leaves. Returns the first leaf of every pod plus the end.
std::vector<std::int64_t> TopologyBuilder::packUnits(const LeafAssignment &a,
                                                     std::int64_t limit) const
{
    std::vector<std::int64_t> first{0};
    const std::int64_t leaves = a.leaves();
    if (std::any_of(a.unitLeaves.begin(), a.unitLeaves.end(),
                    [&](int unit) { return unit > limit; })) {
        for (std::int64_t leaf = limit; leaf < leaves; leaf += limit)
            first.push_back(leaf);
        first.push_back(leaves);
        return first;
    }
    std::int64_t leaf = 0, current = 0;
    for (int unit : a.unitLeaves) {
        if (current > 0 && current + unit > limit) {
            first.push_back(leaf);
            current = 0;
        }
        leaf += unit;
        current += unit;
    }
    if (current > 0)
        first.push_back(leaf);
    return first;
}

// Spine groups per rail: a tier-2 pod of n leaves (whole rail groups) becomes one pod per rail
// of those groups' leaves, with the fewest spines m dividing the leaves' `up` uplinks whose
// `limit` down ports take them all [ref:nvidia-superpod-h100-ra]. Leaves n, m and railPods
// unchanged when the plane does not ask for it or the groups do not fit whole in a pod.
void TopologyBuilder::splitByRail(const LeafAssignment &a, int up, int limit, std::int64_t &n,
                                  int &m, int &railPods) const
{
    if (!m_splitRails || a.leavesPerRail == 0 || m_rails <= 1 || a.unitLeaves.empty())
        return;
    const int unit = *std::max_element(a.unitLeaves.begin(), a.unitLeaves.end());
    if (unit > n)
        return;
    const std::int64_t leaves = (n / unit) * a.leavesPerRail;
    const int fanOut = fatTreeTopFanOut(up, leaves, limit);
    if (fanOut == 0)
        return;
    n = leaves;
    m = fanOut;
    railPods = m_rails;
}

// Children an island pod at `tier` needs to hold the island's endpoints (leaves at tier 2,
// rounded up to whole rail groups); `capacity` returns the endpoints one island holds.
std::int64_t TopologyBuilder::islandChildren(int tier, const LeafAssignment &a,
                                             std::int64_t &capacity) const
{
    const int leafDown = fatTreeDownPorts(m_in.radix, 1.0); // 1:1 inside the island
    if (tier == 2) {
        std::int64_t leaves = 0;
        capacity = 0;
        for (int unit : a.unitLeaves) {
            if (capacity >= m_island)
                break;
            leaves += unit;
            capacity += std::int64_t(unit) * leafDown;
        }
        return std::max<std::int64_t>(leaves, 1);
    }
    // Tiers 2..tier-1 are full non-blocking pods: (k/2) children each, whole groups at tier 2.
    const int half = fatTreeDownPorts(m_in.radix, 1.0);
    std::int64_t leavesPerPod2 = half;
    const int unit =
        a.unitLeaves.empty() ? 1 : *std::max_element(a.unitLeaves.begin(), a.unitLeaves.end());
    if (unit <= half)
        leavesPerPod2 = (half / unit) * unit;
    std::int64_t childCapacity = leavesPerPod2 * leafDown;
    for (int j = 3; j < tier; ++j)
        childCapacity *= half;
    const std::int64_t n = ceilDiv(m_island, childCapacity);
    capacity = n * childCapacity;
    return n;
}

int TopologyBuilder::findIslandTier(std::string &problem)
{
    const double o = m_in.islandOversubscription;
    if (m_island <= fatTreeDownPorts(m_in.radix, o))
        return 1;
    const int half = fatTreeDownPorts(m_in.radix, 1.0);
    const LeafAssignment &a = leavesFor(half);
    if (!a.error.empty()) {
        problem = a.error;
        return 0;
    }
    for (int tier = 2; tier < m_in.maxTiers; ++tier) {
        std::int64_t capacity = 0;
        const std::int64_t n = islandChildren(tier, a, capacity);
        // Below the island top every switch runs 1:1, so it has k/2 uplinks.
        const int upBelow = half;
        for (int m = 1; m <= upBelow; ++m) {
            if (upBelow % m != 0)
                continue;
            const std::int64_t down = n * (upBelow / m);
            if (down + fatTreeUpPorts(int(std::min<std::int64_t>(down, 1 << 20)), o) <= m_in.radix)
                return tier;
        }
    }
    problem = "an island of " + std::to_string(m_island) +
              " endpoints does not fit below a top tier within " + std::to_string(m_in.maxTiers) +
              " tiers";
    return 0;
}

bool TopologyBuilder::plan(int tiers, int islandTier, std::vector<TierPlan> &out,
                           std::vector<std::int64_t> &pod2, std::string &problem, std::string &note)
{
    const int k = m_in.radix;
    out.clear();
    const double o1 = tiers == 1 ? 1.0 : boundaryOversubscription(1, islandTier);
    const int d1 = tiers == 1 ? k : fatTreeDownPorts(k, o1);
    const LeafAssignment &a = leavesFor(d1);
    if (!a.error.empty()) {
        problem = a.error;
        return false;
    }
    TierPlan leaf;
    leaf.tier = 1;
    leaf.downPorts = d1;
    leaf.upPorts = tiers == 1 ? m_in.externalUplinks : fatTreeUpPorts(d1, o1);
    if (m_in.topOfRack && tiers > 1) {
        // A rack does not grow: size a top-of-rack leaf's uplinks for what it serves.
        const int used = *std::max_element(a.leafUsed.begin(), a.leafUsed.end());
        leaf.upPorts = std::min(leaf.upPorts, fatTreeUpPorts(std::max(1, used), o1));
    } else if (a.leavesPerRail > 0 && tiers > 1) {
        // Nor does a rail group: a leaf serving one NVL72 rack's 18 trays needs 18 uplinks.
        leaf.upPorts = std::min(leaf.upPorts, fatTreeUpPorts(std::max(1, a.leafSlots), o1));
    }
    leaf.childrenPerPod = d1;
    leaf.pods = a.leaves();
    leaf.switches = a.leaves();
    leaf.oversubscription = tiers == 1 ? 1.0 : o1;
    out.push_back(leaf);
    if (tiers == 1) {
        if (a.leaves() != 1 && m_in.externalUplinks == 0) {
            problem = std::to_string(m_endpoints) + " endpoints need " +
                      std::to_string(a.leaves()) + " leaves, one tier holds one switch";
            return false;
        }
        return true;
    }

    std::int64_t pods = a.leaves();
    int width = 1;
    int upBelow = leaf.upPorts;
    for (int j = 2; j <= tiers; ++j) {
        TierPlan t;
        t.tier = j;
        if (j < tiers) {
            const double o = boundaryOversubscription(j, islandTier);
            std::int64_t n = 0;
            int m = 0;
            if (j == islandTier) {
                std::int64_t capacity = 0;
                n = islandChildren(j, a, capacity);
                for (int f = 1; f <= upBelow && m == 0; ++f) {
                    if (upBelow % f != 0)
                        continue;
                    const std::int64_t down = n * (upBelow / f);
                    if (down < k && down + fatTreeUpPorts(int(down), o) <= k)
                        m = f;
                }
                if (m == 0) {
                    problem = "the island does not fit in tier " + std::to_string(j);
                    return false;
                }
            } else {
                m = upBelow;
                n = fatTreeDownPorts(k, o);
                if (j == 2) {
                    const int unit = *std::max_element(a.unitLeaves.begin(), a.unitLeaves.end());
                    if (unit <= n)
                        n = (n / unit) * unit; // whole rail groups per pod
                }
            }
            const std::int64_t podLeaves = n; // tier 2: whole rail groups
            // Islands are sized in shared pods (islandChildren): a plane with islands keeps them.
            if (j == 2 && islandTier == 0)
                splitByRail(a, upBelow, fatTreeDownPorts(k, o), n, m, t.railPods);
            t.fanOut = m;
            t.linksPerPair = upBelow / m;
            t.childrenPerPod = int(n);
            t.downPorts = int(n) * t.linksPerPair;
            t.upPorts = fatTreeUpPorts(t.downPorts, o);
            t.oversubscription = o;
            if (j == 2) {
                pod2 = packUnits(a, podLeaves);
                pods = (std::int64_t(pod2.size()) - 1) * t.railPods;
            } else {
                pods = ceilDiv(pods, n);
            }
        } else {
            // Top tier: every tier-(t-1) pod, sized for the planned build-out.
            std::int64_t n = pods;
            if (m_in.targetEndpoints > m_endpoints)
                n = std::max(n, ceilDiv(pods * m_in.targetEndpoints, m_endpoints));
            int m = fatTreeTopFanOut(upBelow, n, k);
            if (m == 0 && n > pods) {
                note = "the top tier cannot be sized for the target build-out of " +
                       std::to_string(m_in.targetEndpoints) + " endpoints; sized for " +
                       std::to_string(m_endpoints);
                n = pods;
                m = fatTreeTopFanOut(upBelow, n, k);
            }
            if (m == 0) {
                problem = std::to_string(pods) +
                          (j == 2 ? " leaves" : " tier-" + std::to_string(j - 1) + " pods") +
                          " with " + std::to_string(upBelow) + " uplinks each exceed what " +
                          std::to_string(k) + "-port top switches can take";
                return false;
            }
            t.fanOut = m;
            t.linksPerPair = upBelow / m;
            t.childrenPerPod = int(n);
            t.downPorts = int(n) * t.linksPerPair;
            t.upPorts = 0;
            if (j == 2) {
                pod2.assign({0, a.leaves()});
            }
            pods = 1;
        }
        width *= t.fanOut;
        t.switchesPerPod = width;
        t.pods = pods;
        t.switches = pods * width;
        upBelow = t.upPorts;
        out.push_back(t);
    }
    return true;
}

void TopologyBuilder::buildLinks(TopologyBuild &b, const LeafAssignment &a,
                                 const std::vector<std::int64_t> &pod2,
                                 const std::vector<FabricHost> &managers)
{
    FabricTopology &g = b.topology;
    const int tiers = int(b.tiers.size());
    const std::size_t endpoints = a.endpointLeaf.size(); // the hosts', then the managers'

    g.hosts = m_in.hosts;
    g.hosts.insert(g.hosts.end(), managers.begin(), managers.end());
    g.managerEndpoints = endpoints - std::size_t(m_endpoints);
    g.endpointHost.resize(endpoints);
    g.endpointPort.resize(endpoints);
    std::size_t next = 0;
    for (std::size_t h = 0; h < g.hosts.size(); ++h) {
        for (int r = 0; r < g.hosts[h].ports; ++r, ++next) {
            g.endpointHost[next] = std::int32_t(h);
            g.endpointPort[next] = std::uint16_t(r);
        }
    }

    std::int64_t switches = 0;
    std::int64_t links = std::int64_t(endpoints);
    g.tierFirstSwitch.push_back(0);
    for (const TierPlan &t : b.tiers) {
        switches += t.switches;
        g.tierFirstSwitch.push_back(std::int32_t(switches));
        links += t.switches * t.upPorts;
    }
    g.switchTier.resize(std::size_t(switches));
    g.switchRack.assign(std::size_t(switches), -1);
    g.switchU.assign(std::size_t(switches), 0);
    g.switchGroup.assign(std::size_t(switches), 0);
    g.switchIsland.assign(std::size_t(switches), b.islandTier > 0 ? -1 : 0);
    for (int j = 1; j <= tiers; ++j) {
        for (std::int32_t s = g.tierFirstSwitch[std::size_t(j - 1)];
             s < g.tierFirstSwitch[std::size_t(j)]; ++s)
            g.switchTier[std::size_t(s)] = std::uint8_t(j);
    }

    g.linkA.reserve(std::size_t(links));
    g.linkB.reserve(std::size_t(links));
    g.portA.reserve(std::size_t(links));
    g.portB.reserve(std::size_t(links));
    g.linkLevel.reserve(std::size_t(links));
    for (std::size_t e = 0; e < endpoints; ++e) {
        g.linkA.push_back(std::uint32_t(e));
        g.linkB.push_back(g.switchVertex(std::size_t(a.endpointLeaf[e])));
        g.portA.push_back(std::uint16_t(g.endpointPort[e] + 1));
        g.portB.push_back(std::uint16_t(a.endpointLeafPort[e] + 1));
        g.linkLevel.push_back(0);
    }

    // Leaf -> rail group, leaf -> tier-2 pod.
    std::vector<std::int64_t> childPod(std::size_t(a.leaves()), 0);
    {
        std::int64_t leaf = 0;
        for (std::size_t u = 0; u < a.unitLeaves.size(); ++u) {
            for (int i = 0; i < a.unitLeaves[u]; ++i, ++leaf)
                g.switchGroup[std::size_t(leaf)] = std::int32_t(u);
        }
        for (std::size_t p = 0; p + 1 < pod2.size(); ++p) {
            for (std::int64_t l = pod2[p]; l < pod2[p + 1]; ++l)
                childPod[std::size_t(l)] = std::int64_t(p);
        }
    }
    std::int64_t childPods = a.leaves();
    for (int j = 2; j <= tiers; ++j) {
        const TierPlan &t = b.tiers[std::size_t(j - 1)];
        const TierPlan &below = b.tiers[std::size_t(j - 2)];
        const bool top = j == tiers;
        const std::int32_t lowerFirst = g.tierFirstSwitch[std::size_t(j - 2)];
        const std::int32_t upperFirst = g.tierFirstSwitch[std::size_t(j - 1)];
        const int lowerWidth = below.switchesPerPod;
        const std::uint8_t level = std::uint8_t(j - 1);
        if (j == 2 && t.railPods > 1) {
            linkRailPods(g, a, below.downPorts, t, pod2, childPod);
            childPods = t.pods;
            continue;
        }
        for (std::int64_t p = 0; p < t.pods; ++p) {
            std::int64_t c0, c1;
            if (top) {
                c0 = 0;
                c1 = childPods;
            } else if (j == 2) {
                c0 = pod2[std::size_t(p)];
                c1 = pod2[std::size_t(p) + 1];
            } else {
                c0 = p * t.childrenPerPod;
                c1 = std::min(childPods, c0 + t.childrenPerPod);
            }
            for (std::int64_t c = c0; c < c1; ++c) {
                const int ci = int(c - c0);
                for (int q = 0; q < lowerWidth; ++q) {
                    const std::int64_t lower = lowerFirst + c * lowerWidth + q;
                    for (int i = 0; i < t.fanOut; ++i) {
                        const std::int64_t upper =
                            upperFirst + p * t.switchesPerPod + std::int64_t(q) * t.fanOut + i;
                        for (int x = 0; x < t.linksPerPair; ++x) {
                            g.linkA.push_back(g.switchVertex(std::size_t(lower)));
                            g.linkB.push_back(g.switchVertex(std::size_t(upper)));
                            g.portA.push_back(
                                std::uint16_t(below.downPorts + i * t.linksPerPair + x + 1));
                            g.portB.push_back(std::uint16_t(ci * t.linksPerPair + x + 1));
                            g.linkLevel.push_back(level);
                        }
                    }
                }
            }
            for (int w = 0; w < t.switchesPerPod; ++w)
                g.switchGroup[std::size_t(upperFirst + p * t.switchesPerPod + w)] = std::int32_t(p);
        }
        childPods = t.pods;
    }
    assignIslands(b, childPod);
}

// Leaves to spines with spine groups per rail: the leaves of rail r in tier-2 pod p (whole rail
// groups) link to the spines of pod p * rails + r, which `leafPod` records.
void TopologyBuilder::linkRailPods(FabricTopology &g, const LeafAssignment &a, int leafDown,
                                   const TierPlan &spines, const std::vector<std::int64_t> &pod2,
                                   std::vector<std::int64_t> &leafPod) const
{
    const int rails = spines.railPods;
    const int perRail = a.leavesPerRail;
    const int unit = rails * perRail; // leaves of one rail group
    const int width = spines.switchesPerPod;
    const std::int64_t spineFirst = g.tierFirstSwitch[1];
    for (std::size_t p = 0; p + 1 < pod2.size(); ++p) {
        for (std::int64_t leaf = pod2[p]; leaf < pod2[p + 1]; ++leaf) {
            const std::int64_t inPod = leaf - pod2[p];
            const int rail = int((inPod % unit) / perRail);
            const std::int64_t child = (inPod / unit) * perRail + (inPod % unit) % perRail;
            const std::int64_t pod = std::int64_t(p) * rails + rail;
            leafPod[std::size_t(leaf)] = pod;
            for (int i = 0; i < spines.fanOut; ++i) {
                const std::int64_t upper = spineFirst + pod * width + i;
                for (int x = 0; x < spines.linksPerPair; ++x) {
                    g.linkA.push_back(g.switchVertex(std::size_t(leaf)));
                    g.linkB.push_back(g.switchVertex(std::size_t(upper)));
                    g.portA.push_back(std::uint16_t(leafDown + i * spines.linksPerPair + x + 1));
                    g.portB.push_back(std::uint16_t(child * spines.linksPerPair + x + 1));
                    g.linkLevel.push_back(1);
                }
            }
        }
        for (int w = 0; w < rails * width; ++w)
            g.switchGroup[std::size_t(spineFirst + std::int64_t(p) * rails * width + w)] =
                std::int32_t(std::int64_t(p) * rails + w / width);
    }
}

// Island of every switch at or below the island tier: the island-tier pod it belongs to.
void TopologyBuilder::assignIslands(TopologyBuild &b, const std::vector<std::int64_t> &leafPod2)
{
    FabricTopology &g = b.topology;
    const int island = b.islandTier;
    b.islands = island > 0 ? b.tiers[std::size_t(island - 1)].pods : 1;
    if (island == 0)
        return;
    // Pod index at tier `from` -> pod index at the island tier (pods nest uniformly above 2).
    auto lift = [&](std::int64_t pod, int from) {
        for (int j = from + 1; j <= island; ++j)
            pod /= b.tiers[std::size_t(j - 1)].childrenPerPod;
        return pod;
    };
    for (std::size_t s = 0; s < g.switchCount(); ++s) {
        const int tier = g.switchTier[s];
        if (tier > island)
            continue;
        std::int64_t pod;
        if (tier == 1)
            pod = island == 1 ? std::int64_t(s) : lift(leafPod2[s], 2);
        else
            pod = lift(g.switchGroup[s], tier);
        g.switchIsland[s] = std::int32_t(pod);
    }
}

TopologyBuild TopologyBuilder::run()
{
    TopologyBuild b;
    if (m_endpoints == 0) {
        b.errors.push_back("the plane has no endpoints");
        return b;
    }
    if (m_in.radix < 2) {
        b.errors.push_back("the switch has fewer than 2 ports at this speed");
        return b;
    }
    m_island =
        m_in.islandEndpoints > 0 && m_in.islandEndpoints < m_endpoints ? m_in.islandEndpoints : 0;
    if (m_in.islandEndpoints >= m_endpoints && m_in.islandEndpoints > 0)
        b.warnings.push_back("the island (" + std::to_string(m_in.islandEndpoints) +
                             " endpoints) holds the whole plane; no oversubscribed layer built");
    int islandTier = 0;
    if (m_island > 0) {
        std::string problem;
        islandTier = findIslandTier(problem);
        if (islandTier == 0) {
            b.errors.push_back(problem);
            return b;
        }
    }

    std::vector<int> candidates;
    if (m_in.externalUplinks > 0) {
        candidates.push_back(1);
    } else if (m_in.tiers) {
        candidates.push_back(*m_in.tiers);
    } else {
        for (int t = std::max(1, islandTier + 1); t <= m_in.maxTiers; ++t)
            candidates.push_back(t);
    }
    std::string lastProblem, note;
    std::vector<std::int64_t> pod2;
    bool ok = false;
    for (int t : candidates) {
        if (islandTier > 0 && t <= islandTier) {
            lastProblem = "islands of " + std::to_string(m_island) + " endpoints take " +
                          std::to_string(islandTier) + " tiers, so the plane needs at least " +
                          std::to_string(islandTier + 1);
            continue;
        }
        note.clear();
        // Spine groups per rail multiply the pods the core must join; where the top tier cannot
        // take them, or cannot be sized for the build-out, the pod's spines are shared (the same
        // counts when the uplinks divide).
        m_splitRails = m_in.spinesPerRail;
        ok = plan(t, islandTier, b.tiers, pod2, lastProblem, note);
        if (m_splitRails && (!ok || !note.empty())) {
            m_splitRails = false;
            std::string shared;
            if (plan(t, islandTier, b.tiers, pod2, lastProblem, shared)) {
                ok = true;
                note = shared;
            } else if (ok) { // the split plan, note and all, was the better one
                m_splitRails = true;
                note.clear();
                plan(t, islandTier, b.tiers, pod2, lastProblem, note);
            }
        }
        if (ok)
            break;
    }
    if (!ok) {
        const int t = m_in.tiers ? *m_in.tiers : m_in.maxTiers;
        b.errors.push_back(std::to_string(m_endpoints) + " endpoints do not fit in " +
                           std::to_string(t) + " tier" + (t == 1 ? "" : "s") + " of " +
                           std::to_string(m_in.radix) + "-port switches (" + lastProblem +
                           "; a non-blocking " + std::to_string(t) + "-tier fat tree reaches " +
                           std::to_string(fatTreeMaxEndpoints(m_in.radix, t)) +
                           " endpoints): allow more tiers, use islands with oversubscription "
                           "above, or a higher-radix switch");
        b.tiers.clear();
        return b;
    }
    if (!note.empty())
        b.warnings.push_back(note);
    b.islandTier = islandTier;

    const int d1 = b.tiers.front().downPorts;
    const LeafAssignment &a = leavesFor(d1);
    LeafAssignment leaves = a; // reserved management ports change the used counts
    b.railGroupHosts = a.groupHosts;
    b.railGroups = std::int64_t(a.unitLeaves.size());

    // Fabric-manager ports (UFM): a free leaf port each, from the last leaf back
    // [ref:nvidia-superpod-h100-ra], above the highest port a host uses (a leaf of racks with
    // fewer trays than its neighbours' keeps gaps between them).
    std::vector<int> nextFree(std::size_t(leaves.leaves()), 0);
    for (std::size_t e = 0; e < leaves.endpointLeaf.size(); ++e) {
        int &next = nextFree[std::size_t(leaves.endpointLeaf[e])];
        next = std::max(next, int(leaves.endpointLeafPort[e]) + 1);
    }
    std::vector<std::pair<std::int32_t, std::uint16_t>> reserved; // leaf, 0-based down port
    for (std::int64_t l = leaves.leaves() - 1; l >= 0 && b.reservedPorts < m_in.managementPorts;
         --l) {
        while (nextFree[std::size_t(l)] < d1 && b.reservedPorts < m_in.managementPorts) {
            reserved.emplace_back(std::int32_t(l), std::uint16_t(nextFree[std::size_t(l)]++));
            ++leaves.leafUsed[std::size_t(l)];
            ++b.reservedPorts;
        }
    }
    if (b.reservedPorts < m_in.managementPorts)
        b.warnings.push_back(
            "no free leaf port for " + std::to_string(m_in.managementPorts - b.reservedPorts) +
            " fabric-manager (UFM) connection(s): every leaf is full; build one host fewer per "
            "rail group, as the SuperPOD reference design does (4 SUs = 127 nodes + UFM)");

    const std::vector<FabricHost> managers = cableManagers(b, leaves, reserved);
    buildLinks(b, leaves, pod2, managers);
    return b;
}

// The appliances behind the reserved ports, their ports split as evenly as they go; their
// endpoints are appended to the leaf assignment in port order.
std::vector<FabricHost> TopologyBuilder::cableManagers(
    TopologyBuild &b, LeafAssignment &leaves,
    const std::vector<std::pair<std::int32_t, std::uint16_t>> &reserved) const
{
    std::vector<FabricHost> managers;
    if (m_in.managerPortsPerAppliance <= 0 || reserved.empty())
        return managers;
    const int ports = int(reserved.size());
    const int appliances = fabricManagerAppliances(ports, m_in.managerPortsPerAppliance);
    for (int i = 0; i < appliances; ++i) {
        FabricHost h;
        h.kind = HostKind::FabricManager;
        h.heightU = m_in.managerHeightU;
        h.ports = std::uint16_t(ports / appliances + (i < ports % appliances ? 1 : 0));
        h.indexInRack = std::uint16_t(i);
        managers.push_back(h);
    }
    for (const auto &[leaf, port] : reserved) {
        leaves.endpointLeaf.push_back(leaf);
        leaves.endpointLeafPort.push_back(port);
    }
    b.managerAppliances = appliances;
    return managers;
}

} // namespace

int hostNodes(const FabricHost &host)
{
    const int nodes = std::max(1, int(host.nodes));
    return host.ports % nodes == 0 ? nodes : 1;
}

int hostRails(const FabricHost &host)
{
    return std::max(1, int(host.ports) / hostNodes(host));
}

const char *switchTierName(int tier, int tiers)
{
    if (tier == 1)
        return "leaf";
    if (tier == tiers)
        return tiers == 2 ? "spine" : "core";
    return tier == 2 ? "spine" : "tier-3";
}

std::int64_t fatTreeMaxEndpoints(int radix, int tiers)
{
    std::int64_t e = 2;
    for (int t = 0; t < tiers; ++t)
        e *= radix / 2;
    return e;
}

TopologyBuild buildTopology(const TopologyInput &input)
{
    TopologyBuilder builder(input);
    return builder.run();
}

} // namespace aidc

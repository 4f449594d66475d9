// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/metrics.h"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/two_bit_color_map.hpp>
#include <boost/pending/queue.hpp>

#include <algorithm>
#include <limits>

namespace aidc {

namespace {

using Graph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                       boost::no_property, std::uint32_t, std::uint32_t>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using ColorMap = boost::two_bit_color_map<>;

constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();

// Both directions of every link: an undirected fabric as a directed CSR graph. The arcs are
// bucketed by source with a counting sort (linear), which is several times faster at millions
// of links than letting Boost permute unsorted arcs in place.
Graph makeGraph(const FabricTopology &g)
{
    const std::size_t links = g.linkCount();
    const std::size_t vertices = g.vertexCount();
    std::vector<std::uint32_t> start(vertices + 1, 0);
    for (std::size_t l = 0; l < links; ++l) {
        ++start[g.linkA[l] + 1];
        ++start[g.linkB[l] + 1];
    }
    for (std::size_t v = 0; v < vertices; ++v)
        start[v + 1] += start[v];
    std::vector<std::pair<Vertex, Vertex>> arcs(2 * links);
    for (std::size_t l = 0; l < links; ++l) {
        const std::uint32_t a = g.linkA[l], b = g.linkB[l];
        arcs[start[a]++] = {a, b};
        arcs[start[b]++] = {b, a};
    }
    return Graph(boost::edges_are_sorted, arcs.begin(), arcs.end(), Vertex(vertices));
}

// Records the BFS depth of every discovered vertex.
class DepthRecorder : public boost::default_bfs_visitor
{
public:
    explicit DepthRecorder(std::vector<std::uint32_t> &depth)
        : m_depth(depth)
    {
    }
    template<typename Edge, typename G> void tree_edge(Edge e, const G &graph) const
    {
        m_depth[boost::target(e, graph)] = m_depth[boost::source(e, graph)] + 1;
    }

private:
    std::vector<std::uint32_t> &m_depth;
};

// Labels the endpoints a BFS reaches with one component id.
class ComponentLabeler : public boost::default_bfs_visitor
{
public:
    ComponentLabeler(std::vector<std::int32_t> &component, std::int32_t id, std::uint32_t endpoints,
                     std::int64_t &count)
        : m_component(component)
        , m_id(id)
        , m_endpoints(endpoints)
        , m_count(count)
    {
    }
    template<typename G> void discover_vertex(Vertex v, const G &) const
    {
        if (v < m_endpoints) {
            m_component[v] = m_id;
            ++m_count;
        }
    }

private:
    std::vector<std::int32_t> &m_component;
    std::int32_t m_id;
    std::uint32_t m_endpoints;
    std::int64_t &m_count;
};

std::vector<std::uint32_t> depthsFrom(const Graph &graph, Vertex source, std::size_t vertices)
{
    std::vector<std::uint32_t> depth(vertices, kUnreached);
    depth[source] = 0;
    ColorMap color(vertices);
    boost::breadth_first_search(graph, source,
                                boost::visitor(DepthRecorder(depth)).color_map(color));
    return depth;
}

struct HopAccumulator
{
    HopStats stats;
    double sum = 0;

    void add(int hops)
    {
        if (stats.pairs == 0 || hops < stats.minHops)
            stats.minHops = hops;
        stats.maxHops = std::max(stats.maxHops, hops);
        sum += hops;
        ++stats.pairs;
    }
    HopStats result() const
    {
        HopStats s = stats;
        s.meanHops = s.pairs > 0 ? sum / double(s.pairs) : 0.0;
        return s;
    }
};

void measureTiers(PlaneResult &plane, const Graph &graph)
{
    const FabricTopology &g = plane.topology;
    const int tiers = g.tiers();
    const std::uint32_t endpoints = std::uint32_t(g.endpointCount());
    std::vector<FabricTierStats> stats(std::size_t(std::max(0, tiers)));
    for (int j = 1; j <= tiers; ++j) {
        FabricTierStats &t = stats[std::size_t(j - 1)];
        t.tier = j;
        t.switches = g.tierFirstSwitch[std::size_t(j)] - g.tierFirstSwitch[std::size_t(j - 1)];
        if (std::size_t(j - 1) < plane.tierPlans.size()) {
            t.downPortsPerSwitch = plane.tierPlans[std::size_t(j - 1)].downPorts;
            t.upPortsPerSwitch = plane.tierPlans[std::size_t(j - 1)].upPorts;
        }
    }
    auto tierOf = [&](Vertex v) {
        return v < endpoints ? 0 : int(g.switchTier[v - endpoints]);
    };
    for (std::size_t s = 0; s < g.switchCount(); ++s) {
        const Vertex v = Vertex(endpoints + s);
        const int tier = g.switchTier[s];
        FabricTierStats &t = stats[std::size_t(tier - 1)];
        for (auto [it, end] = boost::adjacent_vertices(v, graph); it != end; ++it) {
            if (tierOf(*it) < tier)
                ++t.downLinks;
            else
                ++t.upLinks;
        }
    }
    const std::int64_t served = std::int64_t(g.hostEndpointCount());
    std::int64_t fewest = served;
    for (FabricTierStats &t : stats) {
        t.unusedPorts = std::int64_t(plane.radix) * t.switches - t.downLinks - t.upLinks;
        if (t.tier == 1) // reserved ports no appliance is cabled to
            t.unusedPorts -= plane.reservedPorts - std::int64_t(g.managerEndpoints);
        if (t.upLinks > 0) {
            t.oversubscription = double(t.downLinks) / double(t.upLinks);
            fewest = std::min(fewest, t.upLinks);
        }
    }
    plane.tierStats = stats;
    plane.endToEndOversubscription = fewest > 0 ? double(served) / double(fewest) : 0.0;
    const double copies = plane.parallelPlanes;
    plane.nonBlockingBisectionTbps = double(served) * plane.portGbps / 2.0 / 1000.0 * copies;
    plane.bisectionTbps = double(fewest) * plane.portGbps / 2.0 / 1000.0 * copies;
}

void measureHops(PlaneResult &plane, const Graph &graph)
{
    const FabricTopology &g = plane.topology;
    const std::size_t endpoints = g.hostEndpointCount();
    if (endpoints == 0)
        return;
    std::vector<std::size_t> sources{0, endpoints / 2, endpoints - 1};
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    HopAccumulator rail, island, cross;
    // link e is endpoint e's link to its leaf (topology.h)
    auto leafOf = [&](std::size_t e) {
        return g.switchOf(g.linkB[e]);
    };
    for (std::size_t source : sources) {
        const std::vector<std::uint32_t> depth = depthsFrom(graph, Vertex(source), g.vertexCount());
        const std::size_t sLeaf = leafOf(source);
        const std::int32_t sGroup = g.switchGroup[sLeaf], sIsland = g.switchIsland[sLeaf];
        // A port's rail is its NIC within the node (an NVL72 tray's 4), not its index.
        auto railOf = [&](std::size_t e) {
            return g.endpointPort[e] % hostRails(g.hosts[std::size_t(g.endpointHost[e])]);
        };
        const int sRail = railOf(source);
        const std::int32_t sHost = g.endpointHost[source];
        for (std::size_t e = 0; e < endpoints; ++e) {
            if (e == source || depth[e] == kUnreached)
                continue;
            const int hops = int(depth[e]) - 1;
            const std::size_t leaf = leafOf(e);
            if (g.switchGroup[leaf] == sGroup && railOf(e) == sRail && g.endpointHost[e] != sHost)
                rail.add(hops);
            else if (g.switchIsland[leaf] == sIsland)
                island.add(hops);
            else
                cross.add(hops);
        }
    }
    plane.sameRail = rail.result();
    plane.sameIsland = island.result();
    plane.crossIsland = cross.result();
    plane.diameterHops =
        std::max({plane.sameRail.maxHops, plane.sameIsland.maxHops, plane.crossIsland.maxHops});
}

void measureFailures(PlaneResult &plane, const Graph &graph)
{
    const FabricTopology &g = plane.topology;
    const std::size_t endpoints = g.endpointCount();
    const std::size_t vertices = g.vertexCount();
    plane.failures.clear();
    std::vector<std::int32_t> component(endpoints);
    for (int tier = 1; tier <= g.tiers(); ++tier) {
        const std::size_t failed = std::size_t(g.tierFirstSwitch[std::size_t(tier - 1)]);
        if (failed >= std::size_t(g.tierFirstSwitch[std::size_t(tier)]))
            continue;
        ColorMap color(vertices);
        put(color, Vertex(g.switchVertex(failed)), boost::two_bit_black);
        boost::queue<Vertex> queue;
        std::int32_t components = 0;
        std::int64_t largest = 0;
        std::int32_t largestId = -1;
        for (std::size_t e = 0; e < endpoints; ++e) {
            if (get(color, Vertex(e)) != boost::two_bit_white)
                continue;
            std::int64_t count = 0;
            boost::breadth_first_visit(
                graph, Vertex(e), queue,
                ComponentLabeler(component, components, std::uint32_t(endpoints), count), color);
            if (count > largest) {
                largest = count;
                largestId = components;
            }
            ++components;
        }
        FailureBlast blast;
        blast.tier = tier;
        if (largest <= 1)
            largestId = -1; // nothing holds together: everything is lost
        // Backend GPUs own their ports; other planes lose a host's GPUs only when every port
        // of the host is cut off. The fabric managers serve no one.
        const std::size_t served = g.hostEndpointCount();
        std::size_t e = 0;
        while (e < served) {
            const std::int32_t host = g.endpointHost[e];
            const FabricHost &h = g.hosts[std::size_t(host)];
            std::size_t end = e;
            int lost = 0;
            while (end < served && g.endpointHost[end] == host) {
                if (component[end] != largestId)
                    ++lost;
                ++end;
            }
            blast.endpointsLost += lost;
            if (plane.role == PlaneRole::Backend)
                blast.gpusLost += std::int64_t(lost) * h.gpus / std::max<int>(1, h.ports);
            else if (lost == int(end - e))
                blast.gpusLost += h.gpus;
            e = end;
        }
        plane.failures.push_back(blast);
    }
}

} // namespace

void measurePlane(PlaneResult &plane)
{
    if (plane.topology->linkCount() == 0)
        return;
    const Graph graph = makeGraph(plane.topology);
    measureTiers(plane, graph);
    measureHops(plane, graph);
    measureFailures(plane, graph);
}

} // namespace aidc

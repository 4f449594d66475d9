// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/placement.h"

#include "solvers/common/defaults.h"
#include "solvers/fabric/fabric.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aidc {

double RackSpace::hallOriginXM(int hall) const
{
    return hall >= 0 && std::size_t(hall) < m_hallOriginXM.size()
               ? m_hallOriginXM[std::size_t(hall)]
               : 0.0;
}

double RackSpace::hallOriginYM(int hall) const
{
    return hall >= 0 && std::size_t(hall) < m_hallOriginYM.size()
               ? m_hallOriginYM[std::size_t(hall)]
               : 0.0;
}

RackSpace::RackSpace(const LayoutResult &layout, const Catalog &catalog,
                     const FabricOptions &options, Distribution distribution)
{
    std::map<std::string, int> serverHeightByPool, shelfUByPool;
    for (const PoolLayout &pool : layout.pools) {
        const Server *server = catalog.server(pool.server);
        serverHeightByPool[pool.pool] = server ? server->heightU : 8;
        shelfUByPool[pool.pool] = rackPowerShelfUnits(distribution, server && server->rackScale);
    }
    const int shelfU = rackPowerShelfUnits(distribution, false);

    for (const LayoutHall &hall : layout.halls) {
        m_hallOriginXM.push_back(hall.originXM);
        m_hallOriginYM.push_back(hall.originYM);
    }
    m_racks.resize(layout.racks.size());
    std::vector<int> rowOfRack(layout.racks.size(), -1);
    for (std::size_t h = 0; h < layout.halls.size(); ++h) {
        for (const LayoutRow &row : layout.halls[h].rows) {
            RackRow r;
            r.id = row.id;
            r.hall = int(h);
            r.xM = row.xM;
            r.yM = row.yM;
            r.slots = int(row.racks.size());
            r.pitchM = r.slots > 0 && row.lengthM > 0 ? row.lengthM / r.slots : 0.6;
            for (int rack : row.racks) {
                if (rack >= 0 && std::size_t(rack) < layout.racks.size()) {
                    rowOfRack[std::size_t(rack)] = int(m_rows.size());
                    if (layout.racks[std::size_t(rack)].role == RackRole::Compute)
                        r.hasCompute = true;
                }
            }
            m_rows.push_back(r);
        }
    }

    for (std::size_t i = 0; i < layout.racks.size(); ++i) {
        const PlacedRack &p = layout.racks[i];
        RackSite &s = m_racks[i];
        s.xM = p.xM;
        s.yM = p.yM;
        s.hall = p.hall;
        s.row = rowOfRack[i];
        s.slot = p.slot;
        s.role = p.role;
        const RackType *type = catalog.rackType(p.rackType);
        s.heightU = type ? type->heightU : options.defaultRackHeightU;
        s.topU = s.heightU;
        switch (p.role) {
        case RackRole::Compute: {
            auto it = serverHeightByPool.find(p.pool);
            const int serverU = it == serverHeightByPool.end() ? 8 : it->second;
            const auto shelves = shelfUByPool.find(p.pool);
            s.freeU = s.heightU - p.servers * serverU -
                      (shelves == shelfUByPool.end() ? shelfU : shelves->second);
            break;
        }
        case RackRole::Network:
            s.freeU = std::min(s.heightU, options.networkRackSwitchU);
            ++m_networkRacks;
            break;
        case RackRole::Storage: {
            // The catalog's first storage system, the default the pipeline sizes storage with.
            const StorageSystem *node =
                catalog.storageSystems.empty() ? nullptr : &catalog.storageSystems.front();
            s.freeU = s.heightU - shelfU - p.servers * (node ? node->heightU : 2);
            break;
        }
        case RackRole::Management:
            // Head, login and scheduler nodes take about half the rack [U].
            s.freeU = s.heightU / 2;
            break;
        }
    }

    m_hallRows.resize(std::max<std::size_t>(layout.halls.size(), 1));
    std::vector<std::vector<std::pair<double, int>>> networkByRow(m_rows.size());
    for (std::size_t i = 0; i < m_racks.size(); ++i) {
        if (rowOfRack[i] >= 0 && m_racks[i].role == RackRole::Network)
            networkByRow[std::size_t(rowOfRack[i])].emplace_back(m_racks[i].xM, int(i));
    }
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        CandidateRow c;
        std::vector<std::pair<double, int>> &racks = networkByRow[r];
        if (racks.empty())
            continue;
        std::sort(racks.begin(), racks.end());
        double ySum = 0;
        for (const auto &[x, rack] : racks) {
            c.xs.push_back(x);
            c.racks.push_back(rack);
            ySum += m_racks[std::size_t(rack)].yM;
        }
        c.yM = ySum / double(racks.size());
        c.dedicated = !m_rows[r].hasCompute;
        const int n = int(c.racks.size());
        c.nextRight.resize(std::size_t(n) + 1);
        c.nextLeft.resize(std::size_t(n) + 1);
        for (int i = 0; i <= n; ++i) {
            c.nextRight[std::size_t(i)] = i;
            c.nextLeft[std::size_t(i)] = i;
        }
        m_hallRows[std::size_t(m_rows[r].hall)].push_back(std::move(c));
    }
    // Network racks outside any row of the layout: one pseudo-row each.
    for (std::size_t i = 0; i < m_racks.size(); ++i) {
        if (rowOfRack[i] >= 0 || m_racks[i].role != RackRole::Network)
            continue;
        CandidateRow c;
        c.yM = m_racks[i].yM;
        c.dedicated = true;
        c.racks = {int(i)};
        c.xs = {m_racks[i].xM};
        c.nextRight = {0, 1};
        c.nextLeft = {0, 1};
        const std::size_t hall =
            std::min<std::size_t>(std::size_t(std::max(0, m_racks[i].hall)), m_hallRows.size() - 1);
        m_hallRows[hall].push_back(std::move(c));
    }
    for (auto &rows : m_hallRows) {
        std::sort(rows.begin(), rows.end(),
                  [](const CandidateRow &a, const CandidateRow &b) { return a.yM < b.yM; });
    }
}

int RackSpace::takeTop(int rack, int heightU, bool &fits)
{
    RackSite &s = m_racks[std::size_t(rack)];
    const int lowest = s.topU - heightU + 1;
    s.topU -= heightU;
    s.freeU -= heightU;
    // A network rack's switch budget is for fabric switches; a top-of-rack management switch
    // still fits while the rack has units left (the rest holds patching and power).
    fits = lowest >= 1 && (s.freeU >= 0 || s.role == RackRole::Network);
    return std::max(1, lowest);
}

// First index >= i whose rack is not full (n when none).
int RackSpace::findRight(CandidateRow &row, int i)
{
    int root = i;
    while (row.nextRight[std::size_t(root)] != root)
        root = row.nextRight[std::size_t(root)];
    while (row.nextRight[std::size_t(i)] != root) {
        const int next = row.nextRight[std::size_t(i)];
        row.nextRight[std::size_t(i)] = root;
        i = next;
    }
    return root;
}

// Last index <= i whose rack is not full (-1 when none); nextLeft is shifted by one.
int RackSpace::findLeft(CandidateRow &row, int i)
{
    int root = i + 1;
    while (row.nextLeft[std::size_t(root)] != root)
        root = row.nextLeft[std::size_t(root)];
    int j = i + 1;
    while (row.nextLeft[std::size_t(j)] != root) {
        const int next = row.nextLeft[std::size_t(j)];
        row.nextLeft[std::size_t(j)] = root;
        j = next;
    }
    return root - 1;
}

void RackSpace::searchRow(CandidateRow &row, double xM, double yM, int heightU, double &best,
                          int &bestRack)
{
    const int n = int(row.racks.size());
    const int pos = int(std::lower_bound(row.xs.begin(), row.xs.end(), xM) - row.xs.begin());
    auto consider = [&](int i) {
        const int rack = row.racks[std::size_t(i)];
        const RackSite &s = m_racks[std::size_t(rack)];
        if (s.freeU < heightU) {
            // Too little room: skip it from now on (a later, smaller switch may lose a few
            // units of it, which keeps every search fast).
            row.nextRight[std::size_t(i)] = i + 1;
            row.nextLeft[std::size_t(i) + 1] = i;
            return false;
        }
        const double d = std::abs(s.xM - xM) + std::abs(s.yM - yM);
        if (d < best) {
            best = d;
            bestRack = rack;
        }
        return true;
    };
    for (int i = findRight(row, pos); i < n; i = findRight(row, i + 1)) {
        if (std::abs(row.xs[std::size_t(i)] - xM) + std::abs(row.yM - yM) >= best)
            break;
        if (consider(i))
            break;
    }
    for (int i = findLeft(row, pos - 1); i >= 0; i = findLeft(row, i - 1)) {
        if (std::abs(row.xs[std::size_t(i)] - xM) + std::abs(row.yM - yM) >= best)
            break;
        if (consider(i))
            break;
    }
}

int RackSpace::nearestNetworkRack(int hall, double xM, double yM, int heightU, bool dedicatedOnly)
{
    const int halls = int(m_hallRows.size());
    const int own = std::clamp(hall, 0, halls - 1);
    for (int step = 0; step < halls; ++step) {
        // the query's own hall first, then the others in index order
        const int h = step == 0 ? own : (step <= own ? step - 1 : step);
        std::vector<CandidateRow> &rows = m_hallRows[std::size_t(h)];
        if (rows.empty())
            continue;
        double best = std::numeric_limits<double>::infinity();
        int bestRack = -1;
        const int pos =
            int(std::lower_bound(rows.begin(), rows.end(), yM,
                                 [](const CandidateRow &r, double y) { return r.yM < y; }) -
                rows.begin());
        int lo = pos - 1, hi = pos;
        const int n = int(rows.size());
        while (lo >= 0 || hi < n) {
            const double dLo =
                lo >= 0 ? yM - rows[std::size_t(lo)].yM : std::numeric_limits<double>::infinity();
            const double dHi =
                hi < n ? rows[std::size_t(hi)].yM - yM : std::numeric_limits<double>::infinity();
            const bool takeLo = dLo <= dHi;
            const double d = takeLo ? dLo : dHi;
            if (d >= best)
                break;
            CandidateRow &row = rows[std::size_t(takeLo ? lo : hi)];
            if (!dedicatedOnly || row.dedicated)
                searchRow(row, xM, yM, heightU, best, bestRack);
            if (takeLo)
                --lo;
            else
                ++hi;
        }
        if (bestRack >= 0)
            return bestRack;
    }
    return -1;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/fabric/syntheticlayout.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace aidc {

namespace {

// "H1" for hall 0 (built by appending: GCC 12 warns falsely on "literal" + temporary).
std::string hallId(int hall)
{
    std::string id = "H";
    id += std::to_string(hall + 1);
    return id;
}

class RowBuilder
{
public:
    RowBuilder(LayoutResult &layout, int hall, int rowIndex, double yM)
        : m_layout(layout)
        , m_hall(hall)
        , m_rowIndex(rowIndex)
    {
        m_row.id = hallId(hall) + "-R" + twoDigits(rowIndex + 1);
        m_row.yM = yM;
    }

    void add(RackRole role, double pitchM, const std::string &type, const std::string &pool,
             int servers, int gpus)
    {
        PlacedRack r;
        r.hall = m_hall;
        r.row = m_rowIndex;
        r.slot = int(m_row.racks.size());
        r.id = m_row.id + "-" + twoDigits(r.slot + 1);
        r.xM = m_xM + pitchM / 2;
        r.yM = m_row.yM;
        r.widthM = pitchM;
        r.role = role;
        r.rackType = type;
        r.pool = pool;
        r.servers = servers;
        r.gpus = gpus;
        m_xM += pitchM;
        m_row.racks.push_back(int(m_layout.racks.size()));
        m_layout.racks.push_back(r);
    }

    LayoutRow finish()
    {
        m_row.lengthM = m_xM;
        return m_row;
    }

private:
    static std::string twoDigits(int n)
    {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "%02d", n);
        return buffer;
    }

    LayoutResult &m_layout;
    LayoutRow m_row;
    int m_hall;
    int m_rowIndex;
    double m_xM = 0;
};

} // namespace

LayoutResult makeSyntheticLayout(const SyntheticLayoutSpec &spec)
{
    LayoutResult layout;
    const int halls = std::max(1, spec.halls);
    const int perRack = std::max(1, spec.serversPerRack);
    const int racks = (spec.servers + perRack - 1) / perRack;
    int serversLeft = spec.servers;
    for (int h = 0; h < halls; ++h) {
        LayoutHall hall;
        hall.id = hallId(h);
        hall.name = "Hall ";
        hall.name += std::to_string(h + 1);
        hall.generated = true;
        int row = 0;
        double maxLength = 0;
        auto addRow = [&](RowBuilder &b) {
            LayoutRow r = b.finish();
            maxLength = std::max(maxLength, r.lengthM);
            hall.rows.push_back(r);
            ++row;
        };
        const int networkHere =
            spec.dedicatedNetworkRacks / halls + (h < spec.dedicatedNetworkRacks % halls ? 1 : 0);
        for (int left = networkHere; left > 0;) {
            RowBuilder b(layout, h, row, row * spec.rowPitchM);
            for (int i = 0; i < spec.networkRowRacks && left > 0; ++i, --left)
                b.add(RackRole::Network, spec.networkRackPitchM, spec.networkRackType, "", 0, 0);
            addRow(b);
        }
        const int racksHere = racks / halls + (h < racks % halls ? 1 : 0);
        int placed = 0;
        while (placed < racksHere) {
            RowBuilder b(layout, h, row, row * spec.rowPitchM);
            auto network = [&] {
                b.add(RackRole::Network, spec.networkRackPitchM, spec.networkRackType, "", 0, 0);
            };
            auto compute = [&] {
                const int n = std::min(perRack, serversLeft);
                b.add(RackRole::Compute, spec.rackPitchM, spec.computeRackType, spec.pool, n,
                      n * spec.gpusPerServer);
                serversLeft -= n;
                ++placed;
            };
            const int inRow = std::min(spec.computeRacksPerRow, racksHere - placed);
            if (spec.placement == LeafPlacement::EoR) {
                for (int i = 0; i < spec.eorRacksPerEnd; ++i)
                    network();
            }
            for (int i = 0; i < inRow; ++i) {
                if (spec.placement == LeafPlacement::MoR &&
                    i % spec.morGroupRacks == spec.morGroupRacks / 2)
                    network();
                compute();
            }
            if (spec.placement == LeafPlacement::EoR) {
                for (int i = 0; i < spec.eorRacksPerEnd; ++i)
                    network();
            }
            addRow(b);
        }
        hall.widthM = maxLength + 6.0;
        hall.lengthM = row * spec.rowPitchM + 6.0;
        hall.usableAreaM2 = 0.7 * hall.widthM * hall.lengthM;
        layout.halls.push_back(hall);
    }

    PoolLayout pool;
    pool.pool = spec.pool;
    pool.server = spec.server;
    pool.accelerator = spec.accelerator;
    pool.servers = spec.servers;
    pool.serversPerRack = perRack;
    pool.racks = racks;
    pool.gpus = spec.servers * spec.gpusPerServer;
    layout.pools.push_back(pool);
    return layout;
}

} // namespace aidc

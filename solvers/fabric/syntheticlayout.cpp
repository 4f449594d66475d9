#include "solvers/fabric/syntheticlayout.h"

#include <algorithm>
#include <cstdio>

namespace aidc {

namespace {

class RowBuilder
{
public:
    RowBuilder(LayoutResult &layout, int rowIndex, double yM)
        : m_layout(layout)
        , m_rowIndex(rowIndex)
    {
        m_row.id = "H1-R" + twoDigits(rowIndex + 1);
        m_row.yM = yM;
    }

    void add(RackRole role, double pitchM, const std::string &type, const std::string &pool,
             int servers, int gpus)
    {
        PlacedRack r;
        r.hall = 0;
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
    int m_rowIndex;
    double m_xM = 0;
};

} // namespace

LayoutResult makeSyntheticLayout(const SyntheticLayoutSpec &spec)
{
    LayoutResult layout;
    LayoutHall hall;
    hall.id = "H1";
    hall.name = "Hall 1";
    hall.generated = true;
    int row = 0;
    double maxLength = 0;
    auto addRow = [&](RowBuilder &b) {
        LayoutRow r = b.finish();
        maxLength = std::max(maxLength, r.lengthM);
        hall.rows.push_back(r);
        ++row;
    };

    for (int left = spec.dedicatedNetworkRacks; left > 0;) {
        RowBuilder b(layout, row, row * spec.rowPitchM);
        for (int i = 0; i < spec.networkRowRacks && left > 0; ++i, --left)
            b.add(RackRole::Network, spec.networkRackPitchM, spec.networkRackType, "", 0, 0);
        addRow(b);
    }

    const int perRack = std::max(1, spec.serversPerRack);
    const int racks = (spec.servers + perRack - 1) / perRack;
    int placed = 0, serversLeft = spec.servers;
    while (placed < racks) {
        RowBuilder b(layout, row, row * spec.rowPitchM);
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
        const int inRow = std::min(spec.computeRacksPerRow, racks - placed);
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

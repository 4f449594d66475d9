// SPDX-License-Identifier: Apache-2.0
#pragma once

// Hand-built catalog parts, projects and synthetic layouts for the power solver tests (the
// catalog data and the layout solver are written in parallel). Figures carry their sources.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/layout/layout.h"

#include <string>

namespace aidc::test {

inline Catalog powerCatalog()
{
    Catalog catalog;
    Accelerator h100;
    h100.id = "h100-sxm";
    h100.tdpW = 700; // [ref:nvidia-h100-ds]
    h100.defaultServer = "dgx-h100";
    catalog.accelerators.push_back(h100);
    Accelerator gb200;
    gb200.id = "gb200";
    gb200.tdpW = 1200; // ~1200 W [ref:lockwood-b200]
    gb200.defaultServer = "gb200-nvl72";
    catalog.accelerators.push_back(gb200);

    Server dgx;
    dgx.id = "dgx-h100";
    dgx.accelerator = "h100-sxm";
    dgx.gpus = 8;
    dgx.maxPowerW = 10200; // DGX H100 User Guide: 10.2 kW max [ref:nvidia-dgx-h100-ug]
    dgx.massKg = 130.45;   // [ref:nvidia-dgx-h100-ug]
    dgx.psus = 6;
    dgx.psusRequired = 4;
    dgx.defaultRackType = "rack-42u";
    catalog.servers.push_back(dgx);
    Server nvl72;
    nvl72.id = "gb200-nvl72";
    nvl72.accelerator = "gb200";
    nvl72.gpus = 72;
    nvl72.rackScale = true;
    nvl72.maxPowerW = 120000; // ~120 kW [ref:nvidia-bcm-gb200]
    nvl72.massKg = 1360;      // ~1.36 t [ref:nvidia-bcm-gb200]
    nvl72.psus = 48;
    nvl72.psusRequired = 24;
    nvl72.defaultRackType = "rack-nvl72";
    catalog.servers.push_back(nvl72);

    RackType rack;
    rack.id = "rack-42u";
    rack.maxPowerKW = 45;
    rack.staticLoadKg = 1360;
    rack.emptyMassKg = 150;
    catalog.rackTypes.push_back(rack);
    RackType rack72;
    rack72.id = "rack-nvl72";
    rack72.depthMm = 1068; // 600 x 1068 mm [ref:nvidia-bcm-gb200]
    rack72.maxPowerKW = 132;
    rack72.staticLoadKg = 1500;
    rack72.emptyMassKg = 0; // the system's 1.36 t includes the frame
    rack72.liquidCooled = true;
    catalog.rackTypes.push_back(rack72);
    RackType network;
    network.id = "rack-network";
    network.maxPowerKW = 30;
    network.emptyMassKg = 150;
    catalog.rackTypes.push_back(network);
    return catalog;
}

inline ComputePool pool(const std::string &name, const std::string &gpu, int gpus)
{
    ComputePool p;
    p.name = name;
    p.gpu = gpu;
    p.gpuCount = gpus;
    return p;
}

// A project hall with generous capacities; tests narrow what they check.
inline Hall hall(const std::string &id, double widthM, double lengthM)
{
    Hall h;
    h.id = id;
    h.widthM = widthM;
    h.lengthM = lengthM;
    return h;
}

// Appends `rowCount` rows of `racksPerRow` racks to hall `hallIndex` of `layout`, rows 3.6 m
// apart starting 3 m from the walls, racks abutting at their width.
inline void addRows(LayoutResult &layout, int hallIndex, int rowCount, int racksPerRow,
                    RackRole role, const std::string &rackType, const std::string &poolName,
                    int serversPerRack, int gpusPerRack, double widthM = 0.6, double depthM = 1.2)
{
    LayoutHall &h = layout.halls[size_t(hallIndex)];
    for (int r = 0; r < rowCount; ++r) {
        LayoutRow row;
        row.id = h.id + "-R" + std::to_string(h.rows.size());
        row.xM = 3.0;
        row.yM = 3.0 + 3.6 * double(h.rows.size());
        row.lengthM = racksPerRow * widthM;
        for (int s = 0; s < racksPerRow; ++s) {
            PlacedRack rack;
            rack.id = row.id + "-" + std::to_string(s);
            rack.hall = hallIndex;
            rack.row = int(h.rows.size());
            rack.slot = s;
            rack.xM = row.xM + widthM * (s + 0.5);
            rack.yM = row.yM;
            rack.widthM = widthM;
            rack.depthM = depthM;
            rack.role = role;
            rack.rackType = rackType;
            rack.pool = poolName;
            rack.servers = serversPerRack;
            rack.gpus = gpusPerRack;
            row.racks.push_back(int(layout.racks.size()));
            layout.racks.push_back(rack);
        }
        h.rows.push_back(row);
    }
}

inline LayoutHall layoutHall(const std::string &id, double widthM, double lengthM)
{
    LayoutHall h;
    h.id = id;
    h.name = id;
    h.widthM = widthM;
    h.lengthM = lengthM;
    h.usableAreaM2 = 0.7 * widthM * lengthM;
    return h;
}

inline PoolLayout poolLayout(const std::string &name, const std::string &server,
                             const std::string &accelerator)
{
    PoolLayout p;
    p.pool = name;
    p.server = server;
    p.accelerator = accelerator;
    return p;
}

// One hall of DGX H100 racks (4 servers, 32 GPUs per rack) in `rows` x `racksPerRow`.
inline LayoutResult dgxLayout(int rows, int racksPerRow, double hallWidthM = 200,
                              double hallLengthM = 200)
{
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", hallWidthM, hallLengthM));
    layout.pools.push_back(poolLayout("train", "dgx-h100", "h100-sxm"));
    addRows(layout, 0, rows, racksPerRow, RackRole::Compute, "rack-42u", "train", 4, 32);
    return layout;
}

inline Project dgxProject(int gpus, double hallWidthM = 200, double hallLengthM = 200)
{
    Project project;
    project.name = "dgx";
    project.pools.push_back(pool("train", "h100-sxm", gpus));
    project.halls.push_back(hall("H1", hallWidthM, hallLengthM));
    return project;
}

// Every month at the same outdoor dry and wet bulb.
inline Climate flatClimate(double dryBulbC, double wetBulbC)
{
    Climate climate;
    climate.dryBulbC.fill(dryBulbC);
    climate.wetBulbC.fill(wetBulbC);
    return climate;
}

} // namespace aidc::test

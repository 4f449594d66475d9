#include "chartdata.h"

#include "model/enumnames.h"

namespace aidc::ui {

ChartData chartData(const Project &project, const Result &result, const Catalog &catalog)
{
    ChartData data;
    const Summary &summary = result.summary;

    // Bottom-up from the catalog: GPUs at TDP x the provisioning factor, the rest of each
    // server up to its nameplate maximum. Network and facility shares come from the solvers.
    double gpuW = 0;
    double restOfServerW = 0;
    for (const PoolLayout &pool : result.layout.pools) {
        const Accelerator *gpu = catalog.accelerator(pool.accelerator);
        const Server *server = catalog.server(pool.server);
        if (!gpu || !server)
            continue;
        const double poolGpuW = pool.gpus * gpu->tdpW * project.power.gpuLoadFactor;
        gpuW += poolGpuW;
        restOfServerW += pool.servers * server->maxPowerW - pool.gpus * gpu->tdpW;
    }
    if (gpuW > 0)
        data.powerBreakdownW.push_back({"GPUs", gpuW});
    if (restOfServerW > 0)
        data.powerBreakdownW.push_back({"Rest of servers", restOfServerW});
    if (summary.networkPowerW)
        data.powerBreakdownW.push_back({"Network", *summary.networkPowerW});
    if (summary.facilityPowerW && summary.itPowerPeakW &&
        *summary.facilityPowerW > *summary.itPowerPeakW)
        data.powerBreakdownW.push_back(
            {"Cooling and losses", *summary.facilityPowerW - *summary.itPowerPeakW});

    for (const PoolSummary &pool : summary.pools) {
        data.poolGpus.push_back({pool.name, double(pool.gpus)});
        data.poolItNameplateMW.push_back({pool.name, pool.itPowerNameplateW / 1e6});
    }
    // capexBreakdownUsd, stepTimeBreakdownS, scalingCurve, failuresPerDay and goodputVsInterval
    // stay empty until the cost, performance and reliability solvers put them in the Result.
    return data;
}

ResultTables resultTables(const Result &result)
{
    ResultTables tables;
    const LayoutResult &layout = result.layout;
    tables.racks.header = {"Rack", "Hall",    "Row",  "Slot",  "Role",  "Pool",
                           "Type", "Servers", "GPUs", "x (m)", "y (m)", "Pinned"};
    for (const PlacedRack &rack : layout.racks) {
        const LayoutHall &hall = layout.halls[rack.hall];
        tables.racks.rows.push_back({rack.id, hall.id, hall.rows[rack.row].id,
                                     std::to_string(rack.slot + 1), toString(rack.role), rack.pool,
                                     rack.rackType, std::to_string(rack.servers),
                                     std::to_string(rack.gpus), formatCsvNumber(rack.xM),
                                     formatCsvNumber(rack.yM), rack.pinned ? "yes" : "no"});
    }
    tables.pools.header = {"Pool",    "Accelerator", "Server",           "GPUs",
                           "Servers", "Racks",       "IT nameplate (kW)"};
    for (const PoolSummary &pool : result.summary.pools) {
        tables.pools.rows.push_back({pool.name, pool.accelerator, pool.server,
                                     std::to_string(pool.gpus), std::to_string(pool.servers),
                                     std::to_string(pool.racks),
                                     formatCsvNumber(pool.itPowerNameplateW / 1000.0)});
    }
    // The BOM and the cable schedule come from the fabric/cabling/power solvers' BomLine lists
    // once the pipeline carries them in the Result; their columns are fixed already.
    tables.bom = bomTable({});
    tables.cableSchedule.header = {"Cable",   "Plane",   "From rack", "From port",
                                   "To rack", "To port", "Medium",    "Length (m)"};
    return tables;
}

CsvTable bomTable(const Bom &bom)
{
    CsvTable table;
    table.header = {"Category", "Part", "Description",    "Plane",
                    "Quantity", "Unit", "Unit power (W)", "Length (m)"};
    for (const BomLine &line : bom) {
        table.rows.push_back({line.category, line.part, line.description, line.plane,
                              formatCsvNumber(line.quantity), line.unit,
                              formatCsvNumber(line.unitPowerW), formatCsvNumber(line.lengthM)});
    }
    return table;
}

} // namespace aidc::ui

#include "pipeline.h"

#include "solvers/common/defaults.h"

namespace aidc {

namespace {

bool cancelled(const EvaluateOptions &options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// Foundation slice of the summary: counts from the layout, IT power at catalog nameplate.
void summariseLayout(const Project &project, const Catalog &catalog, Result &result)
{
    Summary &summary = result.summary;
    summary.project = project.name;
    summary.halls = int(result.layout.halls.size());
    summary.computeRacks = result.layout.countRacks(RackRole::Compute);
    summary.networkRacks = result.layout.countRacks(RackRole::Network);
    summary.storageRacks = result.layout.countRacks(RackRole::Storage);
    for (const PoolLayout &pool : result.layout.pools) {
        PoolSummary poolSummary;
        poolSummary.name = pool.pool;
        poolSummary.accelerator = pool.accelerator;
        poolSummary.server = pool.server;
        poolSummary.gpus = pool.gpus;
        poolSummary.servers = pool.servers;
        poolSummary.racks = pool.racks;
        if (const Server *server = catalog.server(pool.server))
            poolSummary.itPowerNameplateW = server->maxPowerW * pool.servers;
        summary.gpus += pool.gpus;
        summary.servers += pool.servers;
        summary.itPowerNameplateW += poolSummary.itPowerNameplateW;
        summary.pools.push_back(poolSummary);
    }
}

} // namespace

Result evaluate(const Project &project, const Catalog &catalog, const EvaluateOptions &options)
{
    Result result;
    const Project effective = withDefaults(project, catalog);

    result.layout = solveLayout(effective, catalog, options.layout);
    result.diagnostics.append(result.layout.diagnostics);
    summariseLayout(effective, catalog, result);
    if (cancelled(options)) {
        result.cancelled = true;
        return result;
    }
    return result;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "pipeline.h"

#include "model/projectjson.h"

#include "solvers/common/defaults.h"
#include "solvers/pipeline/acknowledgements.h"
#include "solvers/pipeline/adapters.h"

namespace aidc {

namespace {

bool cancelled(const EvaluateOptions &options)
{
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// Counts from the layout and IT power at catalog nameplate.
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

void summariseFabric(const FabricResult &fabric, Summary &summary)
{
    summary.switches = double(fabric.switches);
    summary.transceivers = double(fabric.transceivers);
    summary.cables = double(fabric.cables);
    summary.networkPowerW = fabric.networkPowerW;
    summary.copperShare = fabric.copperShare;
}

void summarisePower(const PowerResult &power, Summary &summary)
{
    summary.itPowerPeakW = power.itPeakW;
    summary.itPowerAverageW = power.itAverageW;
    summary.facilityPowerW = power.facilityPeakW;
    summary.pue = power.pueAnnual;
    summary.annualEnergyMWh = power.annualEnergyMWh;
    summary.annualEnergyCostUsd = power.annualElectricityCostUsd;
}

void summarisePerformance(const PerformanceResult &performance, Summary &summary)
{
    if (!performance.ok)
        return;
    summary.mfu = performance.plan.mfu;
    summary.tokensPerSecond = performance.plan.tokensPerSecond;
    summary.stepTimeS = performance.plan.step.stepS;
    summary.timeToTrainDays = performance.timeToTrainDays;
}

void summariseReliability(const ReliabilityResult &reliability, Summary &summary)
{
    if (reliability.diagnostics.hasErrors())
        return;
    summary.failuresPerDay = reliability.clusterFailuresPerDay;
    summary.jobMtbiHours = reliability.jobMtbiHours;
    summary.checkpointIntervalMin = reliability.interval.chosenS / 60.0;
    summary.goodput = reliability.goodput.goodput;
    summary.effectiveMfu = reliability.goodput.effectiveMfu;
    if (reliability.goodput.effectiveTimeToTrainS)
        summary.effectiveTimeToTrainDays = *reliability.goodput.effectiveTimeToTrainS / 86400.0;
}

void summariseCost(const CostResult &cost, Summary &summary)
{
    summary.capexUsd = cost.capexUsd;
    summary.annualOpexUsd = cost.annualOpexUsd;
    summary.tcoUsd = cost.tcoUsd;
    summary.costPerGpuHourUsd = cost.costPerGpuHourUsd;
}

// The headline figures only (spares, interval, goodput): what the spare-sizing pass and the
// competing job budgets need. The Monte Carlo check, the sensitivity tables and the curves do
// not change them and are computed once, for the winner.
ReliabilityOptions headlineOnlyOptions(ReliabilityOptions options)
{
    options.monteCarloSamples = 0;
    options.clusterScales.clear();
    options.bandwidthScales.clear();
    options.intervalCurvePoints = 0;
    options.spareCurvePoints = 0;
    return options;
}

} // namespace

namespace {

// Storage is sized first: the layout places its racks and every later solver uses it.
LayoutResult layoutWithStorage(const Project &effective, const Catalog &catalog,
                               LayoutOptions options, const StorageSizing &storage)
{
    options.storageNodes = storage.nodes;
    return solveLayout(effective, catalog, options);
}

} // namespace

LayoutResult placeLayout(const Project &effective, const Catalog &catalog,
                         const LayoutOptions &options)
{
    return layoutWithStorage(effective, catalog, options,
                             sizeStorage(effective, catalog, effective.totalGpus()));
}

namespace {

// The stages a run may copy from options.previous: each needs its own inputs and those of every
// stage before it unchanged (a stage reads the results of the ones before it), and the earlier
// run to have completed it. The workload's performance and reliability are solved together;
// cost, the cheapest, always runs (the price book may have changed).
unsigned reusableStages(const EvaluateOptions &options)
{
    if (!options.previous || (options.changedStages & stage::Catalog))
        return 0;
    unsigned reusable = 0;
    for (unsigned group :
         {stage::Layout, stage::Fabric, stage::Power, stage::Performance | stage::Reliability}) {
        if ((options.changedStages & group) || (options.previous->completeStages & group) != group)
            break;
        reusable |= group;
    }
    return reusable;
}

// Performance, reliability and the load profile of the project's workload. False when the run
// was cancelled part-way.
bool solveWorkload(const Project &effective, const Catalog &catalog, const EvaluateOptions &options,
                   const StorageSizing &storage, Result &result)
{
    const ComputePool *pool = workloadPool(effective);
    if (!effective.workload || !pool)
        return true;
    const Workload &workload = *effective.workload;
    const Accelerator *gpu = catalog.accelerator(pool->gpu);
    int poolGpus = 0;
    for (const PoolLayout &placed : result.layout.pools) {
        if (placed.pool == pool->name)
            poolGpus = placed.gpus;
    }
    // Two budgets compete: the whole pool, where a failure may find no idle node and wait
    // for a repair, and the pool less the spare nodes the reliability solver sizes, where
    // the batch may divide less well. The one with the higher effective throughput
    // (tokens/s x goodput) wins, and the search's explanation says so.
    ReliabilityContext context{effective,    catalog, result.layout, result.fabric,
                               result.power, storage, *pool,         nullptr};
    const ReliabilityInputs sizingInputs = reliabilityInputsFrom(context);
    int spareNodes = 0;
    if (workload.gpus == 0) {
        const ReliabilityResult sizing = solveReliability(sizingInputs, effective.reliability,
                                                          headlineOnlyOptions(options.reliability));
        if (!sizing.diagnostics.hasErrors())
            spareNodes =
                effective.reliability.spareNodes.value_or(sizing.spares.requiredSpareNodes);
    }
    std::vector<int> budgets{jobGpuBudget(workload, poolGpus, 0, sizingInputs.gpusPerNode)};
    const int reserved = jobGpuBudget(workload, poolGpus, spareNodes, sizingInputs.gpusPerNode);
    if (reserved != budgets.front())
        budgets.push_back(reserved);

    // Candidates skip the scaling curve (most of a solve's time) and the reliability
    // solver's cross-checks and tables; the winner gets them below.
    PerformanceOptions candidateOptions = options.performance;
    ReliabilityOptions candidateReliability = options.reliability;
    if (budgets.size() > 1) {
        candidateOptions.scalingPoints = 0;
        candidateReliability = headlineOnlyOptions(options.reliability);
    }
    double bestScore = -1;
    int chosenBudget = 0;
    for (int budget : budgets) {
        if (!gpu || budget <= 0)
            continue;
        const ClusterNetwork network =
            clusterNetworkFor(effective, catalog, result.fabric, *pool, budget);
        PerformanceResult performance = solvePerformance(workload, *gpu, network, candidateOptions);
        std::optional<ReliabilityResult> reliability;
        double score = 0;
        if (performance.ok) {
            context.performance = &performance;
            reliability = solveReliability(reliabilityInputsFrom(context), effective.reliability,
                                           candidateReliability);
            const double goodputFactor =
                reliability->diagnostics.hasErrors() ? 1.0 : reliability->goodput.goodput;
            score = performance.plan.tokensPerSecond * goodputFactor;
        }
        if (score > bestScore) {
            bestScore = score;
            chosenBudget = budget;
            result.performance = std::move(performance);
            result.reliability = std::move(reliability);
        }
        if (cancelled(options))
            return false;
    }
    if (result.performance && budgets.size() > 1 && options.performance.scalingPoints > 0) {
        // The same search again on the winning budget (deterministic: the same plan), now
        // with the scaling curve.
        result.performance = solvePerformance(
            workload, *gpu,
            clusterNetworkFor(effective, catalog, result.fabric, *pool, chosenBudget),
            options.performance);
    }
    if (result.performance && result.performance->ok && budgets.size() > 1) {
        context.performance = &*result.performance;
        result.reliability = solveReliability(reliabilityInputsFrom(context), effective.reliability,
                                              options.reliability);
    }
    if (result.performance) {
        result.jobGpus = result.performance->ok ? result.performance->plan.gpusUsed : chosenBudget;
        if (budgets.size() > 1 && result.performance->search) {
            const bool heldBack = chosenBudget == reserved;
            result.performance->search->explanation.push_back(
                std::string(heldBack ? "holding back " + std::to_string(spareNodes) +
                                           " spare node(s) for restarts"
                                     : "using the whole pool") +
                " (" + std::to_string(chosenBudget) + " of " + std::to_string(poolGpus) +
                " GPUs) gives a higher tokens/s x goodput than " +
                (heldBack ? "using the whole pool, where a failure waits for a repair"
                          : "holding back " + std::to_string(spareNodes) + " spare node(s)"));
        }
    }
    if (result.performance && result.performance->ok && gpu) {
        result.loadProfile = solveLoadProfile(loadProfileInputsFrom(
            effective, *gpu, catalog.server(pool->server), result.power, *result.performance,
            result.reliability ? &*result.reliability : nullptr));
    }
    return true;
}

// The workload's diagnostics and headline figures into the result's, in the order the solvers
// ran: the same whether they were solved now or reused.
void collectWorkload(Result &result)
{
    if (result.performance) {
        result.diagnostics.append(result.performance->diagnostics);
        summarisePerformance(*result.performance, result.summary);
    }
    if (result.reliability) {
        result.diagnostics.append(result.reliability->diagnostics);
        summariseReliability(*result.reliability, result.summary);
    }
    if (result.loadProfile)
        result.diagnostics.append(result.loadProfile->diagnostics);
}

Result runSolvers(const Project &project, const Catalog &catalog, const EvaluateOptions &options)
{
    Result result;
    // The project's own fields are checked once, here, by the loader's rules; the solvers then
    // check only what the project cannot state (options, catalog parts, cross-solver inputs).
    result.diagnostics = checkProjectFields(project);
    if (result.diagnostics.hasErrors())
        return result;
    const Project effective = withDefaults(project, catalog);
    const unsigned reuse = reusableStages(options);
    result.reusedStages = reuse;
    auto stop = [&] {
        result.cancelled = cancelled(options);
        if (result.cancelled) // what a cancelled run did not reach it did not reuse either
            result.reusedStages &= result.completeStages;
        return result.cancelled;
    };
    const Result *previous = options.previous;

    const StorageSizing storage = sizeStorage(effective, catalog, effective.totalGpus());
    if (reuse & stage::Layout)
        result.layout = previous->layout;
    else
        result.layout = layoutWithStorage(effective, catalog, options.layout, storage);
    result.completeStages |= stage::Layout;
    result.diagnostics.append(result.layout.diagnostics);
    summariseLayout(effective, catalog, result);
    if (stop())
        return result;

    if (reuse & stage::Fabric) {
        result.fabric = previous->fabric;
    } else {
        // The fabric fills the network racks the layout reserved: one figure for both.
        FabricOptions fabricOptions = options.fabric;
        fabricOptions.networkRackSwitchU = options.layout.switchesPerNetworkRack;
        result.fabric = solveFabric(effective, catalog, result.layout, fabricOptions);
    }
    result.completeStages |= stage::Fabric;
    result.diagnostics.append(result.fabric.diagnostics);
    summariseFabric(result.fabric, result.summary);
    if (stop())
        return result;

    if (reuse & stage::Power)
        result.power = previous->power;
    else
        result.power = solvePower(effective, catalog, result.layout,
                                  networkLoadFrom(result.fabric, storage), options.power);
    result.completeStages |= stage::Power;
    result.diagnostics.append(result.power.diagnostics);
    summarisePower(result.power, result.summary);
    if (stop())
        return result;

    if (reuse & stage::Performance) {
        result.performance = previous->performance;
        result.reliability = previous->reliability;
        result.loadProfile = previous->loadProfile;
        result.jobGpus = previous->jobGpus;
    } else if (!solveWorkload(effective, catalog, options, storage, result)) {
        result.cancelled = true;
        result.reusedStages &= result.completeStages;
        return result;
    }
    result.completeStages |= stage::Performance | stage::Reliability;
    collectWorkload(result);

    std::optional<double> goodput;
    if (result.summary.goodput)
        goodput = result.summary.goodput;
    const CostContext costContext{effective,
                                  catalog,
                                  result.layout,
                                  result.fabric,
                                  result.power,
                                  storage,
                                  result.performance ? &*result.performance : nullptr,
                                  goodput,
                                  result.jobGpus};
    result.cost = solveCost(costInputsFrom(costContext), effective.cost, catalog.prices,
                            options.priceBook, options.cost);
    result.diagnostics.append(result.cost.diagnostics);
    summariseCost(result.cost, result.summary);
    result.procurement = buildProcurementBom(result.cost, result.power.bom, catalog);
    result.completeStages |= stage::Cost;
    return result;
}

} // namespace

Result evaluate(const Project &project, const Catalog &catalog, const EvaluateOptions &options)
{
    Result result = runSolvers(project, catalog, options);
    if (!result.cancelled)
        applyAcknowledgements(project.acknowledgedWarnings, result);
    return result;
}

Result evaluate(const Project &project, const Catalog &catalog)
{
    // A named object rather than a default argument: GCC 12 at -O3 reports the temporary's
    // strings as maybe-uninitialized in every caller.
    const EvaluateOptions options;
    return evaluate(project, catalog, options);
}

} // namespace aidc

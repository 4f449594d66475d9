// SPDX-License-Identifier: Apache-2.0
#include "solvers/reliability/reliability.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace aidc {

namespace {

constexpr double kSecondsPerHour = 3600.0;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::string number(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string label(const ComponentGroup &group)
{
    return group.name.empty() ? group.componentClass : group.name;
}

bool positive(double value)
{
    return value > 0 && std::isfinite(value);
}

int scaled(int count, double scale)
{
    return std::max(1, static_cast<int>(std::lround(count * scale)));
}

// Everything at scale 1 that the sensitivity rows reuse.
struct Prepared
{
    const ReliabilityInputs &in;
    const ReliabilitySettings &settings;
    const ReliabilityOptions &options;
    double jobRatePerH = 0;       // job interruptions per hour
    double jobNodeRatePerH = 0;   // the part that removes a node (needs a spare)
    double nodeRatePerH = 0;      // node-removing failures per node-hour
    double nodeRepairH = 0;       // their rate-weighted mean repair time
    double sitePowerRatePerH = 0; // utility interruptions not ridden through (in jobRatePerH)
};

struct Scenario
{
    double clusterScale = 1;   // job, cluster, pool and shard ranks scale; storage does not
    double bandwidthScale = 1; // checkpoint tier bandwidth
    std::optional<int> sparesPerIsland;
    // Cluster-size rows hold the design's spare service level: its expected wait for a spare
    // per node-removing failure (hours). The rows charge that wait and show the fewest whole
    // spares per island that keep it at or below it. Whole spares (or the pool's idle nodes,
    // rounded per row) would make the wait, and the goodput, jump from row to row.
    std::optional<double> capacityWaitH;
};

struct Core
{
    int jobGpus = 0;
    double jobRatePerH = 0;
    CheckpointFigures checkpoint;
    IntervalFigures interval;
    RestartFigures restart;
    SparesFigures spares;
    double waitHoursPerNodeFailure = 0; // expected wait for a spare, per node-removing failure
    EttrParameters ettr;
    double goodput = 0;
    double shrinkLoss = 0;
};

// ------------------------------------------------------------------------- checkpoint

CheckpointFigures checkpointFigures(const ReliabilityInputs &in, const Scenario &scenario)
{
    const CheckpointPolicy &policy = in.checkpoint;
    const double f = scenario.clusterScale, b = scenario.bandwidthScale;
    CheckpointFigures cp;
    cp.tier = policy.tier;
    cp.asynchronous = policy.asynchronous;
    cp.sizeBytes = in.parameters * policy.bytesPerParameter + in.extraStateBytes;
    cp.shardBytesPerGpu = cp.sizeBytes / scaled(in.shardRanks, f);
    const double hostCopy =
        in.hostCopyBytesPerSPerGpu * (policy.tier == CheckpointTier::HostMemory ? b : 1.0);
    cp.hostCopyS = hostCopy > 0 ? cp.shardBytesPerGpu / hostCopy : 0.0;

    switch (policy.tier) {
    case CheckpointTier::ParallelFs: {
        const double nic = in.nicToStorageBytesPerS * f;
        const double storageWrite = in.storageWriteBytesPerS * b;
        cp.writeBytesPerS = std::min(storageWrite, nic);
        cp.readBytesPerS = std::min(in.storageReadBytesPerS * b, nic);
        cp.writeBottleneck = storageWrite <= nic ? "storage" : "nic";
        break;
    }
    case CheckpointTier::LocalNvme: // drives in every job node: the bandwidth grows with the job
        cp.writeBytesPerS = in.storageWriteBytesPerS * b * f;
        cp.readBytesPerS = in.storageReadBytesPerS * b * f;
        cp.writeBottleneck = "storage";
        break;
    case CheckpointTier::HostMemory: // every shard holder copies its own shard at once
        cp.writeBytesPerS = hostCopy * scaled(in.shardRanks, f);
        cp.readBytesPerS = cp.writeBytesPerS;
        cp.writeBottleneck = "host-copy";
        break;
    }
    cp.writeS = cp.sizeBytes / cp.writeBytesPerS;
    // Flash endurance: the checkpoints may write the tier's capacity x drive writes a day.
    if (policy.tier == CheckpointTier::ParallelFs && in.storageCapacityBytes > 0 &&
        in.driveWritesPerDay > 0)
        cp.enduranceFloorS =
            cp.sizeBytes * 86400.0 / (in.storageCapacityBytes * in.driveWritesPerDay);
    cp.restoreS = std::max(cp.sizeBytes / cp.readBytesPerS, cp.hostCopyS);
    if (policy.asynchronous) {
        // Training waits only for the snapshot into host memory; the persist runs behind it.
        cp.blockingS = cp.hostCopyS;
        cp.persistS = policy.tier == CheckpointTier::HostMemory ? 0.0 : cp.writeS;
    } else {
        // Staged through host memory: the slower of the two stages sets the pace.
        cp.blockingS = std::max(cp.writeS, cp.hostCopyS);
        if (cp.hostCopyS > cp.writeS)
            cp.writeBottleneck = "host-copy";
    }
    return cp;
}

// ------------------------------------------------------------------------- spares

struct IslandConfig
{
    int units = 0, spares = 0;
};

struct IslandFigures
{
    double availability = 1, shortage = 0, mttfH = kInfinity, meanFailed = 0;
    int states = 0;
    double truncation = 0;
};

IslandFigures islandFigures(const IslandConfig &island, double unitRatePerH, double repairH,
                            int crews, const ReliabilityOptions &options)
{
    IslandFigures fig;
    if (unitRatePerH <= 0)
        return fig;
    const int n = island.units + island.spares;
    const double mu = 1.0 / repairH;
    const RepairableSteadyState steady =
        steadyStateKOutOfN(n, unitRatePerH, mu, crews, options.ctmcTolerance);
    fig.availability = steady.probabilityAtMost(island.spares);
    fig.shortage = steady.probabilityAtLeast(island.spares);
    fig.mttfH = mttfKOutOfN(n, island.units, unitRatePerH, mu, crews);
    fig.meanFailed = steady.meanFailed;
    fig.states = static_cast<int>(steady.probabilities.size());
    fig.truncation = steady.truncationBound;
    return fig;
}

// Short of spares, a node failure waits for the first of the (spares + 1) broken units to be
// repaired (fewer at once when the crews are fewer): the expected wait per node failure in an
// island of `units` blast units, given the probability that the failure finds no spare.
double waitPerFailureH(int units, int spares, double shortage, double repairH, int repairCrews)
{
    const int n = units + spares;
    const int crews = repairCrews > 0 ? std::min(repairCrews, n) : n;
    return shortage * repairH / std::min(spares + 1, crews);
}

// The fewest spares (at most `units`) for an island of `units` blast units whose expected wait
// per node failure is at most `targetH`. The wait falls as spares grow, so a bisection finds it.
int sparesMeetingWait(int units, double unitRatePerH, double repairH, double targetH, int crews,
                      const ReliabilityOptions &options)
{
    if (unitRatePerH <= 0)
        return 0;
    // A relative slack so the design's own count meets its own wait despite rounding.
    const double limit = targetH * (1 + 1e-9) + 1e-12;
    auto meets = [&](int spares) {
        const double shortage = steadyStateKOutOfN(units + spares, unitRatePerH, 1.0 / repairH,
                                                   crews, options.ctmcTolerance)
                                    .probabilityAtLeast(spares);
        return waitPerFailureH(units, spares, shortage, repairH, crews) <= limit;
    };
    int lo = 0, hi = units; // meets(hi) is taken as true: as many spares as the job's units
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (meets(mid))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

struct Spares
{
    SparesFigures figures;
    double waitHoursPerNodeFailure = 0; // expected wait for capacity, averaged over failures
};

// E[(F - S)+] for F ~ Poisson(mean): the failed units beyond S spares.
double expectedBeyond(double mean, int spares)
{
    double pk = std::exp(-mean), below = 0;
    for (int k = 0; k < spares; ++k) {
        below += (spares - k) * pk;
        pk *= mean / (k + 1);
    }
    return std::max(0.0, mean - spares + below);
}

Spares sparesFigures(const Prepared &p, const Scenario &scenario, int jobNodes)
{
    const ReliabilityInputs &in = p.in;
    const double f = scenario.clusterScale;
    Spares result;
    SparesFigures &sp = result.figures;
    sp.automatic = !p.settings.spareNodes.has_value();
    sp.confidence = p.settings.spareConfidence;
    sp.nodesPerUnit = in.nodesPerBlastUnit;
    sp.nodeFailuresPerYear = p.nodeRatePerH * kHoursPerYear;
    sp.repairHours = p.nodeRepairH;
    sp.jobUnits = (jobNodes + sp.nodesPerUnit - 1) / sp.nodesPerUnit;
    sp.unitsPerIsland = in.islandNodes > 0
                            ? std::clamp(in.islandNodes / sp.nodesPerUnit, 1, sp.jobUnits)
                            : sp.jobUnits;
    sp.islands = (sp.jobUnits + sp.unitsPerIsland - 1) / sp.unitsPerIsland;
    const int poolNodes = in.poolNodes > 0 ? in.poolNodes : in.clusterNodes;
    sp.idleNodes = std::max(0, scaled(poolNodes, f) - jobNodes);

    const double unitRatePerH = sp.nodesPerUnit * p.nodeRatePerH;
    const double repairH = p.nodeRepairH;
    const int crews = p.settings.repairCrews.value_or(0); // 0: every failed unit at once
    auto islandUnits = [&](int i) {
        return i + 1 < sp.islands ? sp.unitsPerIsland
                                  : sp.jobUnits - (sp.islands - 1) * sp.unitsPerIsland;
    };
    auto required = [&](int units) {
        return poissonSpares(units * unitRatePerH * repairH, sp.confidence);
    };
    sp.meanFailuresPerIsland = sp.unitsPerIsland * unitRatePerH * repairH;
    sp.poissonSparesPerIsland = required(sp.unitsPerIsland);
    sp.binomialSparesPerIsland =
        binomialSpares(sp.unitsPerIsland, -std::expm1(-unitRatePerH * repairH), sp.confidence);
    int requiredUnits = 0;
    for (int i = 0; i < sp.islands; ++i)
        requiredUnits += required(islandUnits(i));
    sp.requiredSpareNodes = requiredUnits * sp.nodesPerUnit;

    // Spares per island: as the scenario asks, fixed by the settings (spread evenly), or the
    // Poisson sizing as far as the pool's idle nodes allow.
    const int idleUnits = sp.idleNodes / sp.nodesPerUnit;
    std::optional<int> spreadUnits;
    if (p.settings.spareNodes)
        spreadUnits = static_cast<int>(std::lround(*p.settings.spareNodes * f)) / sp.nodesPerUnit;
    else if (requiredUnits > idleUnits)
        spreadUnits = idleUnits;
    std::map<std::pair<int, int>, int> islands; // (units, spares) -> how many such islands
    std::map<int, int> sparesForTarget;         // units -> spares meeting the wait target
    for (int i = 0; i < sp.islands; ++i) {
        int spares = 0;
        if (scenario.sparesPerIsland)
            spares = *scenario.sparesPerIsland;
        else if (scenario.capacityWaitH) {
            const int units = islandUnits(i);
            auto found = sparesForTarget.find(units);
            if (found == sparesForTarget.end())
                found = sparesForTarget
                            .emplace(units,
                                     sparesMeetingWait(units, unitRatePerH, repairH,
                                                       *scenario.capacityWaitH, crews, p.options))
                            .first;
            spares = found->second;
        } else if (spreadUnits)
            spares = *spreadUnits / sp.islands + (i < *spreadUnits % sp.islands ? 1 : 0);
        else
            spares = required(islandUnits(i));
        ++islands[{islandUnits(i), spares}];
    }

    int spareUnits = 0;
    double inverseMttf = 0, waitUnitHours = 0, shortUnits = 0;
    sp.availability = 1;
    for (const auto &[config, count] : islands) {
        const auto [units, spares] = config;
        const IslandFigures fig =
            islandFigures({units, spares}, unitRatePerH, repairH, crews, p.options);
        spareUnits += count * spares;
        sp.availability *= std::pow(fig.availability, count);
        inverseMttf += count / fig.mttfH;
        const double unitsHere = static_cast<double>(count) * units;
        waitUnitHours += unitsHere * waitPerFailureH(units, spares, fig.shortage, repairH, crews);
        shortUnits += unitsHere * fig.shortage;
        sp.meanUnitsWithoutSpare += count * expectedBeyond(units * unitRatePerH * repairH, spares);
        if (fig.states > sp.ctmcStates) {
            sp.ctmcStates = fig.states;
            sp.meanFailedUnitsPerIsland = fig.meanFailed;
        }
        sp.ctmcTruncationBound = std::max(sp.ctmcTruncationBound, fig.truncation);
    }
    sp.spareNodes = spareUnits * sp.nodesPerUnit;
    sp.shortageProbability = shortUnits / sp.jobUnits;
    sp.mttfHours = inverseMttf > 0 ? 1.0 / inverseMttf : kInfinity;
    result.waitHoursPerNodeFailure =
        scenario.capacityWaitH ? *scenario.capacityWaitH : waitUnitHours / sp.jobUnits;
    return result;
}

// ------------------------------------------------------------------------- the chain

// Everything but the failure table, for one scenario. `diagnostics` is null for the
// sensitivity rows: their warnings would repeat the main ones.
Core evaluateCore(const Prepared &p, const Scenario &scenario, Diagnostics *diagnostics)
{
    const ReliabilityInputs &in = p.in;
    const ReliabilitySettings &settings = p.settings;
    const double f = scenario.clusterScale;
    Core core;
    core.jobGpus = scaled(in.jobGpus, f);
    const int jobNodes = scaled(in.jobNodes, f);
    // The site's power interruptions do not grow with the cluster.
    core.jobRatePerH = (p.jobRatePerH - p.sitePowerRatePerH) * f + p.sitePowerRatePerH;
    const double mtbiS = kSecondsPerHour / core.jobRatePerH;

    core.checkpoint = checkpointFigures(in, scenario);
    const CheckpointFigures &cp = core.checkpoint;

    IntervalFigures &iv = core.interval;
    iv.automatic = in.checkpoint.automaticInterval;
    iv.youngS = youngInterval(cp.blockingS, mtbiS);
    iv.dalyS = dalyInterval(cp.blockingS, mtbiS);
    // What can run: a checkpoint is taken between steps, so never more than once a step; a new
    // asynchronous save cannot start before the last one is persisted; the policy may set a
    // longer minimum. The persist window adds a constant to the loss per failure, so the
    // optimum is otherwise Daly's.
    const double stepS = in.stepTimeS.value_or(0.0);
    const double policyMinS = in.checkpoint.minIntervalMinutes * 60.0;
    iv.floorS = std::max({stepS, policyMinS, cp.persistS, cp.enduranceFloorS});
    const char *floorReason = iv.floorS == stepS                ? "one training step"
                              : iv.floorS == policyMinS         ? "policy minimum"
                              : iv.floorS == cp.enduranceFloorS ? "storage endurance"
                                                                : "asynchronous persist time";
    if (iv.automatic) {
        iv.chosenS = iv.dalyS;
        iv.boundBy = "Daly optimum";
        if (!(iv.chosenS >= iv.floorS)) {
            iv.chosenS = iv.floorS;
            iv.boundBy = floorReason;
        }
    } else {
        iv.chosenS = in.checkpoint.intervalMinutes * 60.0;
        iv.boundBy = "policy interval";
        const double runnableS = std::max(stepS, cp.persistS);
        if (iv.chosenS < runnableS) {
            if (diagnostics)
                diagnostics->warning("", "/workload/checkpoint/interval",
                                     "the checkpoint interval (" + number(iv.chosenS) +
                                         " s) is shorter than " +
                                         (runnableS == stepS ? "one training step ("
                                                             : "the asynchronous persist "
                                                               "time (") +
                                         number(runnableS) +
                                         " s); checkpoints cannot come faster, that is used "
                                         "instead");
            iv.chosenS = runnableS;
            iv.boundBy = runnableS == stepS ? "one training step" : "asynchronous persist time";
        }
    }
    if (in.stepTimeS)
        iv.steps = iv.chosenS / *in.stepTimeS;
    if (cp.tier != CheckpointTier::HostMemory && iv.chosenS > 0) {
        core.checkpoint.retainedBytes = cp.sizeBytes * std::max(1, in.checkpoint.retained);
        core.checkpoint.writtenBytesPerDay = cp.sizeBytes * 86400.0 / iv.chosenS;
    }
    if (diagnostics && cp.tier == CheckpointTier::ParallelFs && in.storageCapacityBytes > 0 &&
        cp.retainedBytes > in.storageCapacityBytes)
        diagnostics->warning("", "/storage/capacityPB",
                             "the " + std::to_string(std::max(1, in.checkpoint.retained)) +
                                 " checkpoints kept (" + number(cp.retainedBytes / 1e15) +
                                 " PB) exceed the job's share of the file system (" +
                                 number(in.storageCapacityBytes / 1e15) +
                                 " PB): add capacity or keep fewer");
    if (diagnostics && cp.blockingS >= 2.0 * mtbiS)
        diagnostics->warning("", "/storage/writeTBps",
                             "a checkpoint blocks training for " + number(cp.blockingS) +
                                 " s, more than twice the job's mean time between interruptions (" +
                                 number(mtbiS) +
                                 " s); faster checkpoint storage or asynchronous saves are needed");

    const Spares spares = sparesFigures(p, scenario, jobNodes);
    core.spares = spares.figures;
    core.waitHoursPerNodeFailure = spares.waitHoursPerNodeFailure;

    RestartFigures &rs = core.restart;
    rs.detectionS = settings.detectionMinutes * 60.0;
    rs.restartS = settings.restartMinutes * 60.0;
    rs.restoreS = cp.restoreS;
    // Only node-removing failures need a spare; the rest restart on the same nodes. Without a
    // spare, a shrinking job restarts at once and runs without the failed unit's replica until
    // the repair (shrinkLoss, below); a waiting job waits for the repair.
    const bool shrink = settings.noSpareRecovery == NoSpareRecovery::Shrink;
    rs.capacityWaitS = shrink ? 0.0
                              : (p.jobNodeRatePerH / p.jobRatePerH) *
                                    spares.waitHoursPerNodeFailure * kSecondsPerHour;
    // A utility interruption the site does not ride through keeps the job down for the outage.
    rs.powerOutageWaitS = core.jobRatePerH > 0 ? p.sitePowerRatePerH / core.jobRatePerH *
                                                     in.sitePowerOutageHours * kSecondsPerHour
                                               : 0.0;
    rs.totalS = rs.detectionS + rs.restartS + rs.restoreS + rs.capacityWaitS + rs.powerOutageWaitS;

    core.ettr.interruptionRate = core.jobRatePerH / kSecondsPerHour;
    core.ettr.blockingTime = cp.blockingS;
    core.ettr.persistTime = cp.persistS;
    core.ettr.restartTime = rs.totalS;
    core.goodput = ettr(core.ettr, iv.chosenS, p.options.ettrModel);
    if (shrink && core.spares.jobUnits > 0) {
        // Each unit down beyond the spares idles its whole data-parallel replica.
        const int unitGpus = in.gpusPerNode * core.spares.nodesPerUnit;
        const int replicaUnits =
            in.replicaGpus > 0 ? std::max(1, (in.replicaGpus + unitGpus - 1) / unitGpus) : 1;
        core.shrinkLoss =
            std::min(1.0, core.spares.meanUnitsWithoutSpare *
                              std::min(replicaUnits, core.spares.jobUnits) / core.spares.jobUnits);
        core.goodput *= 1.0 - core.shrinkLoss;
    }
    return core;
}

// ------------------------------------------------------------------------- validation

void checkCount(Diagnostics &d, const std::string &path, const std::string &field, int value,
                int minimum, const std::string &fix)
{
    if (value < minimum)
        d.error("", path,
                "reliability input " + field + " is " + std::to_string(value) + "; it must be >= " +
                    std::to_string(minimum) + (fix.empty() ? "" : " (" + fix + ")"));
}

void checkPositive(Diagnostics &d, const std::string &path, const std::string &what, double value,
                   const std::string &fix)
{
    if (!positive(value))
        d.error("", path, what + " is " + number(value) + "; it must be > 0 (" + fix + ")");
}

void checkNonNegative(Diagnostics &d, const std::string &path, const std::string &what,
                      double value)
{
    if (!(value >= 0) || !std::isfinite(value))
        d.error("", path, what + " is " + number(value) + "; it must be >= 0");
}

// ------------------------------------------------------------------------- failure rates

struct Rate
{
    double perYear = 0;
    double repairHours = 0;
    std::string source = "missing";
    bool found = false;
};

// The project's override wins over the catalog. Catalog errors are reported once per class.
Rate lookUpRate(const std::string &componentClass, const ReliabilityInputs &in,
                const ReliabilitySettings &settings, std::set<std::string> &reported,
                Diagnostics &d)
{
    Rate rate;
    rate.repairHours = settings.repairHours;
    const bool report = reported.insert(componentClass).second;
    // Catalog errors name the class (the solver does not know the catalog file's item index).
    for (const FailureRate &r : in.failureRates) {
        if (r.componentClass != componentClass)
            continue;
        if (report && (!(r.repairHours >= 0) || !std::isfinite(r.repairHours)))
            d.error("catalog", "",
                    "repairHours of failure class '" + componentClass + "' is " +
                        number(r.repairHours) +
                        " h; it must be >= 0 (0 = the project's repairHours)");
        if (r.repairHours > 0)
            rate.repairHours = r.repairHours;
        if (settings.failuresPerYearOverride.count(componentClass))
            break;
        if (report && (!(r.failuresPerYear >= 0) || !std::isfinite(r.failuresPerYear)))
            d.error("catalog", "",
                    "failuresPerYear of failure class '" + componentClass + "' is " +
                        number(r.failuresPerYear) +
                        " per unit-year; it must be >= 0 (or override it in the project's "
                        "reliability.failuresPerYear)");
        rate.perYear = r.failuresPerYear;
        const auto source = r.sources.find("failuresPerYear");
        rate.source = source != r.sources.end() ? source->second.source : "catalog";
        rate.found = true;
        break;
    }
    const auto override = settings.failuresPerYearOverride.find(componentClass);
    if (override != settings.failuresPerYearOverride.end()) {
        rate.perYear = override->second;
        rate.source = "project override";
        rate.found = true;
    }
    return rate;
}

// Failures per year of one redundancy group that take it below its required units. Series
// groups (all units required) add their rates; N+M groups collapse through the k-out-of-n
// chain with repair [ref:trivedi-2016] (N+1 groups collapse first, then rates add [D]).
double groupFailuresPerYear(const ComponentGroup &group, double unitPerYear, double repairHours)
{
    const int n = group.redundancyUnits, k = group.redundancyRequired;
    if (unitPerYear <= 0)
        return 0;
    if (k >= n)
        return n * unitPerYear;
    const double mttfH = mttfKOutOfN(n, k, unitPerYear / kHoursPerYear, 1.0 / repairHours, 0);
    return kHoursPerYear / mttfH;
}

} // namespace

// ------------------------------------------------------------------------- public

Diagnostics validateReliabilityInputs(const ReliabilityInputs &in,
                                      const ReliabilitySettings &settings)
{
    Diagnostics d;
    checkCount(d, "/compute/pools", "clusterGpus", in.clusterGpus, 1, "GPUs of every pool");
    checkCount(d, "/compute/pools", "clusterNodes", in.clusterNodes, 1, "servers of every pool");
    checkCount(d, "/workload/gpus", "jobGpus", in.jobGpus, 1, "GPUs of the training job");
    checkCount(d, "/workload/gpus", "jobNodes", in.jobNodes, 1, "nodes of the training job");
    checkCount(d, "/compute/pools", "gpusPerNode", in.gpusPerNode, 1, "GPUs per host board");
    checkCount(d, "/compute/pools", "nodesPerBlastUnit", in.nodesPerBlastUnit, 1,
               "nodes lost together when one fails");
    checkCount(d, "/network/planes", "islandNodes", in.islandNodes, 0, "0 = one island");
    checkCount(d, in.poolPointer, "poolNodes", in.poolNodes, 0, "0 = the whole cluster");
    if (in.jobGpus > in.clusterGpus)
        d.error("", "/workload/gpus",
                "the job uses " + std::to_string(in.jobGpus) + " GPUs but the cluster has " +
                    std::to_string(in.clusterGpus));
    if (in.jobNodes > in.clusterNodes)
        d.error("", "/workload/gpus",
                "the job uses " + std::to_string(in.jobNodes) + " nodes but the cluster has " +
                    std::to_string(in.clusterNodes));
    if (in.poolNodes > 0 && in.poolNodes < in.jobNodes)
        d.error("", in.poolPointer,
                "the job uses " + std::to_string(in.jobNodes) + " nodes but its pool has " +
                    std::to_string(in.poolNodes));

    for (std::size_t i = 0; i < in.components.size(); ++i) {
        const ComponentGroup &g = in.components[i];
        const std::string what = "component group " + std::to_string(i) + " ('" + label(g) + "')";
        if (g.componentClass.empty())
            d.error("", "", what + " has no componentClass; name its catalog failure class");
        checkNonNegative(d, "", what + " clusterCount", g.clusterCount);
        if (g.jobCount) {
            checkNonNegative(d, "", what + " jobCount", *g.jobCount);
            if (*g.jobCount > g.clusterCount)
                d.error("", "",
                        what + " jobCount " + number(*g.jobCount) + " exceeds its clusterCount " +
                            number(g.clusterCount));
        }
        if (!(g.interruptFraction >= 0 && g.interruptFraction <= 1))
            d.error("", "",
                    what + " interruptFraction is " + number(g.interruptFraction) +
                        "; it must be in [0, 1]");
        if (g.redundancyUnits < 1 || g.redundancyRequired < 1 ||
            g.redundancyRequired > g.redundancyUnits)
            d.error("", "",
                    what + " redundancy " + std::to_string(g.redundancyRequired) + " of " +
                        std::to_string(g.redundancyUnits) +
                        " is impossible; need 1 <= redundancyRequired <= redundancyUnits");
    }

    const CheckpointPolicy &policy = in.checkpoint;
    checkPositive(d, "/workload/model", "model parameters", in.parameters,
                  "the performance model's parameter count");
    checkPositive(d, "/workload/checkpoint/bytesPerParameter", "checkpoint bytesPerParameter",
                  policy.bytesPerParameter, "14 = FP32 master + Adam moments + BF16 weights");
    if (!policy.automaticInterval)
        checkPositive(d, "/workload/checkpoint/interval", "checkpoint interval (minutes)",
                      policy.intervalMinutes, "or set automaticInterval");
    checkCount(d, "/workload/parallelism", "shardRanks", in.shardRanks, 1,
               "GPUs holding distinct checkpoint shards");
    checkNonNegative(d, "", "reliability input extraStateBytes", in.extraStateBytes);
    switch (policy.tier) {
    case CheckpointTier::ParallelFs:
        checkPositive(d, "/storage/writeTBps", "checkpoint storage write bandwidth",
                      in.storageWriteBytesPerS,
                      "set storage.writeTBps or pick a storage system with a write rate");
        checkPositive(d, "/storage/readTBps", "checkpoint storage read bandwidth",
                      in.storageReadBytesPerS,
                      "set storage.readTBps or pick a storage system with a read rate");
        checkPositive(d, "/network/planes", "NIC bandwidth from the job's nodes to storage",
                      in.nicToStorageBytesPerS, "give the servers storage or frontend ports");
        break;
    case CheckpointTier::LocalNvme:
        checkPositive(d, "/workload/checkpoint/tier", "local NVMe checkpoint write bandwidth",
                      in.storageWriteBytesPerS, "the servers need local drives, or pick a tier");
        checkPositive(d, "/workload/checkpoint/tier", "local NVMe checkpoint read bandwidth",
                      in.storageReadBytesPerS, "the servers need local drives, or pick a tier");
        break;
    case CheckpointTier::HostMemory:
        break;
    }
    if (policy.asynchronous || policy.tier == CheckpointTier::HostMemory)
        checkPositive(d, "/workload/checkpoint/asynchronous",
                      "GPU-to-host copy bandwidth (hostCopyBytesPerSPerGpu)",
                      in.hostCopyBytesPerSPerGpu,
                      "host-memory and asynchronous checkpoints copy each GPU's shard to host");
    if (in.hostCopyBytesPerSPerGpu < 0)
        checkNonNegative(d, "", "reliability input hostCopyBytesPerSPerGpu",
                         in.hostCopyBytesPerSPerGpu);

    checkNonNegative(d, "/reliability/detectionMinutes", "detectionMinutes",
                     settings.detectionMinutes);
    checkNonNegative(d, "/reliability/restartMinutes", "restartMinutes", settings.restartMinutes);
    checkPositive(d, "/reliability/repairHours", "repairHours", settings.repairHours,
                  "time to localise and repair a hardware fault");
    if (!(settings.spareConfidence > 0 && settings.spareConfidence < 1))
        d.error("", "/reliability/spareConfidence",
                "spareConfidence is " + number(settings.spareConfidence) +
                    "; it must be in (0, 1), e.g. 0.99");
    for (const auto &[componentClass, rate] : settings.failuresPerYearOverride) {
        if (!(rate >= 0) || !std::isfinite(rate))
            d.error("", "/reliability/failuresPerYear/" + componentClass,
                    "failure rate of '" + componentClass + "' is " + number(rate) +
                        " per unit-year; it must be >= 0");
    }
    if (settings.spareNodes) {
        const int poolNodes = in.poolNodes > 0 ? in.poolNodes : in.clusterNodes;
        const int idle = poolNodes - in.jobNodes;
        if (*settings.spareNodes < 0)
            d.error("", "/reliability/spareNodes",
                    "spareNodes is " + std::to_string(*settings.spareNodes) +
                        "; it must be >= 0 (or left out to size spares automatically)");
        else if (*settings.spareNodes > idle)
            d.error("", "/reliability/spareNodes",
                    std::to_string(*settings.spareNodes) + " spare nodes exceed the " +
                        std::to_string(std::max(idle, 0)) +
                        " nodes of the pool the job leaves idle; lower spareNodes or the job's "
                        "GPUs, or grow the pool");
    }

    if (in.mfu && !(*in.mfu > 0 && *in.mfu <= 1))
        d.error("", "/workload", "MFU is " + number(*in.mfu) + "; it must be in (0, 1]");
    if (in.stepTimeS)
        checkPositive(d, "/workload", "step time", *in.stepTimeS, "from the performance model");
    if (in.idealTimeToTrainS)
        checkPositive(d, "/workload/trainingTokens", "ideal time-to-train", *in.idealTimeToTrainS,
                      "from the performance model");
    return d;
}

ReliabilityResult solveReliability(const ReliabilityInputs &in, const ReliabilitySettings &settings,
                                   const ReliabilityOptions &options)
{
    ReliabilityResult result;
    Diagnostics &diagnostics = result.diagnostics;
    diagnostics.append(options.validate());
    diagnostics.append(validateReliabilityInputs(in, settings));
    if (diagnostics.hasErrors())
        return result;

    // ---- failure table and rates at scale 1
    Prepared p{in, settings, options};
    const double jobShare = static_cast<double>(in.jobGpus) / in.clusterGpus;
    std::set<std::string> classesUsed, classesReported;
    double nodeRepairWeighted = 0;
    std::map<std::string, ClassFailures> byClass;
    for (const ComponentGroup &group : in.components) {
        classesUsed.insert(group.componentClass);
        const Rate rate =
            lookUpRate(group.componentClass, in, settings, classesReported, diagnostics);
        if (!rate.found && group.clusterCount > 0)
            diagnostics.warning("", "/reliability/failuresPerYear",
                                "no failure rate for component class '" + group.componentClass +
                                    "' ('" + label(group) +
                                    "'): its failures are not counted; add the class to the "
                                    "catalog or to reliability.failuresPerYear");
        ComponentFailures row;
        row.name = label(group);
        row.componentClass = group.componentClass;
        row.scope = group.scope;
        row.clusterCount = group.clusterCount;
        row.jobCount = group.jobCount ? *group.jobCount : group.clusterCount * jobShare;
        row.failuresPerUnitYear = rate.perYear;
        row.rateSource = rate.source;
        row.repairHours = rate.repairHours;
        row.clusterFailuresPerDay = group.clusterCount * rate.perYear / kDaysPerYear;
        if (diagnostics.hasErrors())
            continue;
        const double groupPerYear = groupFailuresPerYear(group, rate.perYear, rate.repairHours);
        const double interruptsPerUnitYear =
            groupPerYear / group.redundancyUnits * group.interruptFraction;
        const double jobPerYear = row.jobCount * interruptsPerUnitYear;
        row.jobInterruptionsPerDay = jobPerYear / kDaysPerYear;
        p.jobRatePerH += jobPerYear / kHoursPerYear;
        if (group.scope == FailureScope::Node) {
            // Per node of the job: the pipeline may count node parts of the job's pool only.
            const double perNodeHour = jobPerYear / in.jobNodes / kHoursPerYear;
            p.nodeRatePerH += perNodeHour;
            p.jobNodeRatePerH += jobPerYear / kHoursPerYear;
            nodeRepairWeighted += perNodeHour * rate.repairHours;
        }
        ClassFailures &cls = byClass[group.componentClass];
        cls.componentClass = group.componentClass;
        cls.clusterFailuresPerDay += row.clusterFailuresPerDay;
        cls.jobInterruptionsPerDay += row.jobInterruptionsPerDay;
        result.clusterFailuresPerDay += row.clusterFailuresPerDay;
        if (group.componentClass == "gpu" || group.componentClass == "hbm")
            result.clusterGpuFailuresPerDay += row.clusterFailuresPerDay;
        result.components.push_back(std::move(row));
    }
    if (diagnostics.hasErrors()) {
        result.components.clear();
        result.clusterFailuresPerDay = result.clusterGpuFailuresPerDay = 0;
        return result;
    }
    if (in.sitePowerInterruptionsPerYear > 0) {
        // The site's power: one shared "unit" whose failures are the utility interruptions the
        // site does not ride through; its repair time is the outage.
        ComponentFailures row;
        row.name = "site power (utility)";
        row.componentClass = "site-power";
        row.scope = FailureScope::Shared;
        row.clusterCount = row.jobCount = 1;
        row.failuresPerUnitYear = in.sitePowerInterruptionsPerYear;
        row.rateSource = "/site/utilityInterruptionsPerYear x (1 - ride-through)";
        row.repairHours = in.sitePowerOutageHours;
        row.clusterFailuresPerDay = row.jobInterruptionsPerDay =
            in.sitePowerInterruptionsPerYear / kDaysPerYear;
        p.sitePowerRatePerH = in.sitePowerInterruptionsPerYear / kHoursPerYear;
        p.jobRatePerH += p.sitePowerRatePerH;
        ClassFailures &cls = byClass[row.componentClass];
        cls.componentClass = row.componentClass;
        cls.clusterFailuresPerDay += row.clusterFailuresPerDay;
        cls.jobInterruptionsPerDay += row.jobInterruptionsPerDay;
        result.clusterFailuresPerDay += row.clusterFailuresPerDay;
        result.components.push_back(std::move(row));
    }
    for (const auto &[componentClass, rate] : settings.failuresPerYearOverride) {
        (void)rate;
        if (!classesUsed.count(componentClass))
            diagnostics.warning("", "/reliability/failuresPerYear/" + componentClass,
                                "no component of class '" + componentClass +
                                    "' is in the cluster; the override has no effect");
    }
    for (auto &[componentClass, cls] : byClass) {
        (void)componentClass;
        result.byClass.push_back(cls);
    }
    if (!(p.jobRatePerH > 0)) {
        diagnostics.error("", "/reliability/failuresPerYear",
                          "no component the job depends on has a positive failure rate, so the "
                          "job is never interrupted; give the catalog or the override a rate "
                          "for at least one class");
        return result;
    }
    p.nodeRepairH = p.nodeRatePerH > 0 ? nodeRepairWeighted / p.nodeRatePerH : settings.repairHours;
    result.jobInterruptionsPerDay = p.jobRatePerH * 24.0;
    result.jobMtbiHours = 1.0 / p.jobRatePerH;

    // ---- the chain for the design as given
    const Core core = evaluateCore(p, Scenario{}, &diagnostics);
    result.checkpoint = core.checkpoint;
    result.interval = core.interval;
    result.restart = core.restart;
    result.spares = core.spares;
    GoodputFigures &gp = result.goodput;
    gp.goodput = core.goodput;
    gp.shrinkLoss = core.shrinkLoss;
    gp.model = options.ettrModel;
    gp.renewalGoodput = ettr(core.ettr, core.interval.chosenS, EttrModel::Renewal);
    gp.firstOrderGoodput = ettr(core.ettr, core.interval.chosenS, EttrModel::FirstOrder);
    gp.losses = ettrLosses(core.ettr, core.interval.chosenS, options.ettrModel);
    if (in.mfu)
        gp.effectiveMfu = *in.mfu * core.goodput;
    if (in.idealTimeToTrainS) {
        gp.idealTimeToTrainS = *in.idealTimeToTrainS;
        if (core.goodput > 0) {
            gp.effectiveTimeToTrainS = *in.idealTimeToTrainS / core.goodput;
            gp.expectedInterruptions =
                *gp.effectiveTimeToTrainS / kSecondsPerHour * core.jobRatePerH;
        }
    }
    // The first-order form drifts once lambda x (restart + interval) is not small.
    if (options.ettrModel == EttrModel::FirstOrder &&
        std::abs(gp.firstOrderGoodput - gp.renewalGoodput) > 0.02)
        diagnostics.warning("", "/reliability",
                            "the first-order goodput " + number(gp.firstOrderGoodput) +
                                " departs from the exact exponential model's " +
                                number(gp.renewalGoodput) +
                                ": interruptions are too frequent for the first-order form");
    if (core.goodput < 0.01)
        diagnostics.warning("", "/reliability",
                            "the job makes almost no progress (goodput " + number(core.goodput) +
                                "): interruptions every " + number(result.jobMtbiHours) +
                                " h, each costing a " + number(core.restart.totalS) +
                                " s restart; add spares, speed up restarts or checkpoints");
    const SparesFigures &sp = core.spares;
    if (sp.automatic && sp.requiredSpareNodes > sp.idleNodes)
        diagnostics.warning(
            "", in.poolPointer,
            std::to_string(sp.requiredSpareNodes) + " spare nodes are needed for a restart at " +
                number(settings.spareConfidence * 100) + "% confidence but the pool leaves only " +
                std::to_string(sp.idleNodes) + " idle; " +
                (settings.noSpareRecovery == NoSpareRecovery::Shrink
                     ? "the job restarts shrunk and loses " +
                           number(std::round(core.shrinkLoss * 1e4) / 1e2) +
                           "% of its throughput while nodes are repaired"
                     : "the goodput assumes those and the wait for repairs"));
    if (settings.spareNodes && *settings.spareNodes % in.nodesPerBlastUnit != 0)
        diagnostics.warning("", "/reliability/spareNodes",
                            "spareNodes is not a multiple of the " +
                                std::to_string(in.nodesPerBlastUnit) +
                                "-node blast unit; only whole units count as spares");

    // ---- Monte Carlo cross-check of the closed form
    if (options.monteCarloSamples > 0) {
        const EttrSimulation sim = simulateEttr(core.ettr, core.interval.chosenS,
                                                options.monteCarloSamples, options.monteCarloSeed);
        MonteCarloCheck mc;
        mc.samples = sim.samples;
        mc.seed = options.monteCarloSeed;
        mc.ettr = sim.ettr;
        mc.standardError = sim.standardError;
        mc.closedForm = core.goodput;
        if (std::abs(mc.ettr - mc.closedForm) > std::max(0.02, 4 * mc.standardError))
            diagnostics.warning("", "/reliability",
                                "the closed-form goodput " + number(mc.closedForm) +
                                    " differs from the Monte Carlo estimate " + number(mc.ettr));
        result.monteCarlo = mc;
    }

    // ---- sensitivity tables and curves
    for (double scale : options.clusterScales) {
        // Scale 1 is the design as given; the other rows keep its expected wait for a spare, so
        // that only the size changes.
        Scenario scenario;
        scenario.clusterScale = scale;
        if (scale != 1)
            scenario.capacityWaitH = core.waitHoursPerNodeFailure;
        const Core c = evaluateCore(p, scenario, nullptr);
        ClusterSensitivityRow row;
        row.scale = scale;
        row.jobGpus = c.jobGpus;
        row.jobMtbiHours = 1.0 / c.jobRatePerH;
        row.blockingS = c.checkpoint.blockingS;
        row.intervalS = c.interval.chosenS;
        row.spareNodes = c.spares.spareNodes;
        row.goodput = c.goodput;
        if (in.mfu)
            row.effectiveMfu = *in.mfu * c.goodput;
        result.clusterSensitivity.push_back(row);
    }
    for (double scale : options.bandwidthScales) {
        Scenario scenario;
        scenario.bandwidthScale = scale;
        const Core c = evaluateCore(p, scenario, nullptr);
        BandwidthSensitivityRow row;
        row.scale = scale;
        row.writeBytesPerS = c.checkpoint.writeBytesPerS;
        row.blockingS = c.checkpoint.blockingS;
        row.restoreS = c.checkpoint.restoreS;
        row.intervalS = c.interval.chosenS;
        row.goodput = c.goodput;
        result.bandwidthSensitivity.push_back(row);
    }
    if (options.intervalCurvePoints > 0) {
        const double chosen = core.interval.chosenS;
        const double lo = std::max(chosen / options.intervalCurveSpan, core.checkpoint.persistS);
        const double hi = chosen * options.intervalCurveSpan;
        const int points = options.intervalCurvePoints;
        for (int i = 0; i < points; ++i) {
            const double t = lo * std::pow(hi / lo, static_cast<double>(i) / (points - 1));
            result.intervalCurve.push_back({t, ettr(core.ettr, t, options.ettrModel),
                                            ettr(core.ettr, t, EttrModel::Renewal),
                                            ettr(core.ettr, t, EttrModel::FirstOrder)});
        }
    }
    if (options.spareCurvePoints > 0 && p.nodeRatePerH > 0) {
        const int perIsland = std::max(1, 2 * sp.poissonSparesPerIsland);
        int last = -1;
        for (int i = 0; i < options.spareCurvePoints; ++i) {
            const int spares =
                options.spareCurvePoints == 1
                    ? sp.poissonSparesPerIsland
                    : static_cast<int>(std::lround(static_cast<double>(perIsland) * i /
                                                   (options.spareCurvePoints - 1)));
            if (spares == last)
                continue;
            last = spares;
            Scenario scenario;
            scenario.sparesPerIsland = spares;
            const Core c = evaluateCore(p, scenario, nullptr);
            result.spareCurve.push_back({c.spares.spareNodes, c.spares.availability, c.goodput});
        }
    }
    return result;
}

} // namespace aidc

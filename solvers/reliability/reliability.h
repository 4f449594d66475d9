// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reliability and goodput solver: how often the training job is interrupted, what a checkpoint
// costs, how often to take one, how many spare nodes to keep, and what fraction of wall time
// still advances training (ETTR / goodput), hence effective MFU and time-to-train.
//
// Chain: component failure rates -> job interruption rate -> checkpoint cost -> Young/Daly
// interval -> restart cost -> ETTR -> spares. Failures are exponential (a constant rate per
// unit); infant mortality, lemon nodes and correlated events make real rates higher, so the
// catalog rates are the knob. Model and approximations: docs/reliability-model.md.
//
// The pure functions behind it are in goodput.h (intervals, ETTR, Monte Carlo) and
// repairablesystem.h (spare percentiles, k-out-of-n Markov chain). Qt-free, no global state.

#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/reliability/goodput.h"
#include "solvers/reliability/reliabilityinputs.h"
#include "solvers/reliability/repairablesystem.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

inline constexpr double kHoursPerYear = 8766.0; // 365.25 days
inline constexpr double kDaysPerYear = 365.25;

// One component group: counts, the rate used and where it came from, failures per day.
struct ComponentFailures
{
    std::string name, componentClass;
    FailureScope scope = FailureScope::Shared;
    double clusterCount = 0, jobCount = 0;
    double failuresPerUnitYear = 0;
    std::string rateSource; // "project override", the catalog's source string, or "missing"
    double repairHours = 0;
    double clusterFailuresPerDay = 0;  // every unit failure in the cluster (repair workload)
    double jobInterruptionsPerDay = 0; // failures that stop the job, after redundancy
};

struct ClassFailures
{
    std::string componentClass;
    double clusterFailuresPerDay = 0;
    double jobInterruptionsPerDay = 0;
};

struct CheckpointFigures
{
    double sizeBytes = 0;        // parameters x bytes/parameter + extra state
    double shardBytesPerGpu = 0; // size / shard ranks
    CheckpointTier tier = CheckpointTier::ParallelFs;
    bool asynchronous = false;
    double writeBytesPerS = 0; // effective: min(tier, storage NICs) for a parallel file system
    double readBytesPerS = 0;
    std::string writeBottleneck; // "storage", "nic", "host-copy"
    double writeS = 0;           // whole checkpoint into the tier
    double hostCopyS = 0;        // one GPU's shard into host memory (0 = copy rate unknown)
    double blockingS = 0;        // training stops this long per checkpoint (w, delta)
    double persistS = 0;         // asynchronous: until the checkpoint counts
    double restoreS = 0;         // reading the checkpoint back after a restart
    // What the checkpoints ask of the tier at the chosen interval (ParallelFs and LocalNvme):
    double retainedBytes = 0;      // policy.retained checkpoints kept
    double writtenBytesPerDay = 0; // size x checkpoints a day
    double enduranceFloorS = 0;    // shortest interval the flash endurance allows (0 = unchecked)
};

struct IntervalFigures
{
    double youngS = 0, dalyS = 0;
    double chosenS = 0; // Daly when automatic, floored (floorS), else the policy's interval
    bool automatic = true;
    // The shortest interval that can run: one training step, the policy's minimum, the
    // asynchronous persist time and the storage's endurance; `boundBy` names what set chosenS
    // ("Daly optimum", "one training step", "policy minimum", "asynchronous persist time",
    // "storage endurance", "policy interval").
    double floorS = 0;
    std::string boundBy;
    std::optional<double> steps; // chosenS / step time
};

struct RestartFigures
{
    double detectionS = 0;
    double restartS = 0;         // reschedule, communicator init, warm-up (settings)
    double restoreS = 0;         // checkpoint read
    double capacityWaitS = 0;    // expected wait for a repaired node when no spare is left
    double powerOutageWaitS = 0; // expected outage wait per interruption (site power's share)
    double totalS = 0;
};

struct SparesFigures
{
    bool automatic = true;
    double confidence = 0.99;
    int nodesPerUnit = 1; // blast unit: nodes lost and replaced together
    int jobUnits = 0, islands = 0, unitsPerIsland = 0;
    int idleNodes = 0;                // pool nodes the job does not use
    double nodeFailuresPerYear = 0;   // node-removing failures of one node
    double repairHours = 0;           // mean repair time of those failures
    double meanFailuresPerIsland = 0; // blast units failing within one repair window
    int poissonSparesPerIsland = 0;   // percentile of Poisson(mean)
    int binomialSparesPerIsland = 0;  // percentile of Binomial(units, 1 - exp(-rate T_r))
    int requiredSpareNodes = 0;       // Poisson sizing over all islands
    int spareNodes = 0;               // what the goodput assumes: fixed, or required capped at idle
    double availability = 0;          // P(every island has its job units healthy), steady state
    double shortageProbability = 0;   // P(a node failure finds no spare in its island)
    double mttfHours = 0;             // from all healthy until some island runs short
    double meanFailedUnitsPerIsland = 0;
    // Expected blast units down beyond the spares, all islands (Poisson over the repair window):
    // what an elastic shrink runs without.
    double meanUnitsWithoutSpare = 0;
    int ctmcStates = 0;             // states kept in the largest island's chain
    double ctmcTruncationBound = 0; // probability mass those chains left out
};

struct GoodputFigures
{
    double goodput = 0; // ETTR, [0, 1], by ReliabilityOptions::ettrModel, times (1 - shrinkLoss)
    // Share of throughput lost while the job runs shrunk (no spare left, noSpareRecovery
    // "shrink"): data-parallel replicas missing until their nodes are repaired.
    double shrinkLoss = 0;
    EttrModel model = EttrModel::Renewal;
    double renewalGoodput = 0;    // Daly's complete exponential model (exact)
    double firstOrderGoodput = 0; // first-order form [D] after [ref:kokolis-2025]
    EttrLosses losses;            // fractions of wall time lost, by the same model
    std::optional<double> effectiveMfu;
    std::optional<double> idealTimeToTrainS, effectiveTimeToTrainS;
    std::optional<double> expectedInterruptions; // over the effective time-to-train
};

struct MonteCarloCheck
{
    int samples = 0;
    std::uint64_t seed = 0;
    double ettr = 0, standardError = 0;
    double closedForm = 0; // the headline goodput it checks
};

struct ClusterSensitivityRow
{
    double scale = 1;
    int jobGpus = 0;
    double jobMtbiHours = 0, blockingS = 0, intervalS = 0;
    int spareNodes = 0;
    double goodput = 0;
    std::optional<double> effectiveMfu;
};

struct BandwidthSensitivityRow
{
    double scale = 1;
    double writeBytesPerS = 0; // effective, after the NIC limit
    double blockingS = 0, restoreS = 0, intervalS = 0;
    double goodput = 0;
};

struct IntervalPoint
{
    double intervalS = 0;
    double goodput = 0; // headline model
    double renewalGoodput = 0, firstOrderGoodput = 0;
};

struct SparePoint
{
    int spareNodes = 0;
    double availability = 0;
    double goodput = 0;
};

struct ReliabilityResult
{
    std::vector<ComponentFailures> components;
    std::vector<ClassFailures> byClass;
    double clusterFailuresPerDay = 0;
    // Failed GPUs a day: the "gpu" and "hbm" classes together, since an HBM error takes its
    // GPU out like any other GPU fault; the seed's ">50 failed GPUs a day at 100k"
    // [ref:zomi-10k-slides] counts both (catalog 0.08 + 0.1 per GPU-year -> ~49 a day). byClass
    // keeps them apart.
    double clusterGpuFailuresPerDay = 0;
    double jobInterruptionsPerDay = 0;
    double jobMtbiHours = 0;

    CheckpointFigures checkpoint;
    IntervalFigures interval;
    RestartFigures restart;
    SparesFigures spares;
    GoodputFigures goodput;
    std::optional<MonteCarloCheck> monteCarlo;

    std::vector<ClusterSensitivityRow> clusterSensitivity;
    std::vector<BandwidthSensitivityRow> bandwidthSensitivity;
    std::vector<IntervalPoint> intervalCurve;
    std::vector<SparePoint> spareCurve;

    // Errors (bad inputs: the figures above are then not computed) and warnings/violations.
    Diagnostics diagnostics;
};

// Runs the whole chain. Bad inputs or options give errors naming the field (a project JSON
// pointer where one exists) and leave the figures at zero.
ReliabilityResult solveReliability(const ReliabilityInputs &inputs,
                                   const ReliabilitySettings &settings,
                                   const ReliabilityOptions &options = {});

// Checks inputs and settings alone (solveReliability calls it first).
Diagnostics validateReliabilityInputs(const ReliabilityInputs &inputs,
                                      const ReliabilitySettings &settings);

} // namespace aidc

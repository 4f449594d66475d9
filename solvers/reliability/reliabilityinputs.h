// SPDX-License-Identifier: Apache-2.0
#pragma once

// Inputs and options of the reliability and goodput solver (solvers/reliability/reliability.h).
//
// The pipeline fills ReliabilityInputs from the project, the catalog and the other solvers:
// counts from the layout, fabric and power results (BOM), failure rates from the catalog,
// model size and step time from the performance model. Counts are physical units; failure rates
// are per unit-year (1 year = 8,766 h); bandwidths are bytes per second.
// Model: docs/reliability-model.md.

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/workload.h"
#include "solvers/reliability/goodput.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// What a failure of a component does to the job.
enum class FailureScope {
    // The component belongs to one node (GPU, HBM, host board, NIC, server PSU). A failure takes
    // the node, and the whole blast unit around it, out until repaired: the job restarts on a
    // spare or waits for the repair.
    Node,
    // Shared infrastructure (switches, optics and cables between switches, cooling loops). A
    // failure stops the jobs that depend on it; they restart once traffic is routed around it or
    // the part is swapped, without taking a spare node.
    Shared,
};

// One kind of component, e.g. "backend leaf switches" or "GPUs". The pipeline adds one group per
// line it wants reported; several groups may share a failure class (leaf and spine switches).
//
// Which groups to create (job-interrupting failures, as [ref:llama3-2024] counts them):
//   gpu          Node    count = GPUs
//   hbm          Node    count = GPUs (the catalog's HBM rate is per GPU's HBM, as in the Delta
//                        study); leave the group out if the "gpu" rate already covers HBM
//   host         Node    count = host boards (an NVL72 rack holds 18)
//   nic          Node    count = backend + storage NICs in servers
//   psu          Node    count = server PSUs, redundancyUnits = PSUs per server, required = N
//   transceiver  Shared  optical modules, one group per fabric tier if the job share differs;
//                        a link counts two ends, an AOC too (its bonded optics fail like
//                        modules); 1 GbE / OOB modules use "transceiver-1g" (lower rate)
//   cable        Shared  cables and fibres
//   switch       Shared  one group per plane and tier; jobCount = switches the job's traffic
//                        crosses (a job inside one pod depends on that pod's spines only)
//   cooling-loop Shared  CDUs / rack loops with their N+1 redundancy
struct ComponentGroup
{
    std::string componentClass; // failure class as in the catalog ("gpu", "switch", ...)
    std::string name;           // label in the reports ("" = the class)
    FailureScope scope = FailureScope::Shared;
    double clusterCount = 0;        // units in the whole cluster
    std::optional<double> jobCount; // units the job depends on; nullopt = its GPU share
    double interruptFraction = 1.0; // share of failures that stop the job (1 = every failure)
    int redundancyUnits = 1;        // units per redundancy group (a server's 6 PSUs: 6)
    int redundancyRequired = 1;     // units of the group that must work (4 of 6 PSUs: 4)
};

struct ReliabilityInputs
{
    // ---------------------------------------------------------------- footprint
    int clusterGpus = 0;
    int clusterNodes = 0;
    int jobGpus = 0;
    int jobNodes = 0;
    int poolNodes = 0;         // nodes of the job's pool: job + idle (possible spares); 0 = cluster
    int gpusPerNode = 8;       // GPUs per host board
    int nodesPerBlastUnit = 1; // nodes lost together: an NVL72 rack-scale job with 4-GPU trays: 18
    int islandNodes = 0;       // nodes per pod/island that a spare cannot leave; 0 = one island
    std::string poolPointer;   // JSON pointer of the job's pool ("/compute/pools/0")

    // ---------------------------------------------------------------- failures
    std::vector<ComponentGroup> components;
    std::vector<FailureRate> failureRates; // catalog defaults; ReliabilitySettings overrides them
    // Utility interruptions the site does not ride through (power solver, ElectricalAvailability):
    // each stops the job, which then waits out the outage before it restarts.
    double sitePowerInterruptionsPerYear = 0;
    double sitePowerOutageHours = 0;

    // ---------------------------------------------------------------- checkpoint
    double parameters = 0; // total model parameters, all experts included (performance model)
    CheckpointPolicy checkpoint;
    // GPUs that hold distinct pieces of the training state: tp x pp x ep, times dp when the
    // optimizer state is sharded over data-parallel ranks (ZeRO >= 1). Sets the shard each GPU
    // copies to host memory.
    int shardRanks = 1;
    double extraStateBytes = 0; // data-loader position, RNG, LR step (tiny, needed to resume)
    // Aggregate bandwidth of the checkpoint tier available to the job: the file system for
    // ParallelFs, the sum over the job's nodes' drives for LocalNvme; unused for HostMemory.
    double storageWriteBytesPerS = 0;
    double storageReadBytesPerS = 0;
    double nicToStorageBytesPerS = 0;   // sum of the job nodes' storage-NIC rates (ParallelFs)
    double hostCopyBytesPerSPerGpu = 0; // GPU -> host memory copy of one GPU (PCIe Gen5 x16 ~50e9)
    // The file system's share the job may fill and wear (ParallelFs): capacity in bytes and the
    // drive writes a day its flash is rated for; 0 = not checked.
    double storageCapacityBytes = 0;
    double driveWritesPerDay = 0;

    // ---------------------------------------------------------------- performance model (optional)
    std::optional<double> mfu;               // 0..1, before failures
    std::optional<double> stepTimeS;         // to express the interval in steps
    std::optional<double> idealTimeToTrainS; // wall time without failures or checkpoints
    // GPUs of one data-parallel replica (tp x pp x cp): what an elastic shrink drops with a
    // failed node. 0 = unknown (one blast unit).
    int replicaGpus = 0;
};

struct ReliabilityOptions
{
    // Closed form of the headline goodput (goodput.h). Both are always reported; Renewal is
    // exact for exponential failures, FirstOrder the first-order form [ref:kokolis-2025].
    EttrModel ettrModel = EttrModel::Renewal;
    // Monte Carlo cross-check of the closed-form ETTR: simulated failure-to-failure cycles
    // (0 = skip). Fixed seed: the same inputs give the same figure.
    int monteCarloSamples = 20000;
    std::uint64_t monteCarloSeed = 20240607;
    // Sensitivity tables: multipliers of the cluster and job size (checkpoint storage fixed) and
    // of the checkpoint tier's bandwidth. Empty = no table.
    std::vector<double> clusterScales{0.125, 0.25, 0.5, 1, 2, 4, 8};
    std::vector<double> bandwidthScales{0.25, 0.5, 1, 2, 4, 8};
    // Goodput vs checkpoint interval: points log-spaced from chosen / span to chosen x span.
    int intervalCurvePoints = 41; // 0 = no curve
    double intervalCurveSpan = 10;
    int spareCurvePoints = 9; // spare counts from 0 to twice the sized count (0 = no curve)
    // Probability mass the spares Markov chain may leave out when it truncates its states.
    double ctmcTolerance = 1e-12;

    // Errors name the option ("monteCarloSamples: ...").
    Diagnostics validate() const;
};

} // namespace aidc

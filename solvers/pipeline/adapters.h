// SPDX-License-Identifier: Apache-2.0
#pragma once

// The joints of the pipeline: each function maps the project, the catalog and the results of the
// solvers that already ran onto the plain inputs of the next solver, so that no solver depends on
// another's code. Kept apart from pipeline.cpp so each mapping can be tested on its own.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/cost/cost.h"
#include "solvers/fabric/fabric.h"
#include "solvers/layout/layout.h"
#include "solvers/performance/performance.h"
#include "solvers/power/power.h"
#include "solvers/reliability/reliability.h"
#include "solvers/reliability/reliabilityinputs.h"
#include "solvers/site/loadprofile.h"

#include <optional>
#include <string>

namespace aidc {

// Storage the design has: from the project's storage section and the catalog's storage system.
// Nodes = max(capacity / node capacity, write rate / node write rate). When the project gives
// neither, a default of 0.1 GB/s of write bandwidth per GPU and 1 PB per 2,000 GPUs, both [U]
// placeholders (docs/project-format.md, "storage").
struct StorageSizing
{
    std::string system;
    int nodes = 0;
    double capacityPB = 0;
    double writeBytesPerS = 0, readBytesPerS = 0;
    double powerW = 0;
};
StorageSizing sizeStorage(const Project &project, const Catalog &catalog, int gpus);

// The pool the workload runs on: Workload::pool, else the pool with the most GPUs.
const ComputePool *workloadPool(const Project &project);

NetworkLoad networkLoadFrom(const FabricResult &fabric, const StorageSizing &storage);

// What the job's GPUs see of the fabric: scale-up from the server and accelerator, scale-out
// from the backend plane(s) serving `pool` (summed over planes), islands and oversubscription
// as the fabric solver measured them.
ClusterNetwork clusterNetworkFor(const Project &project, const Catalog &catalog,
                                 const FabricResult &fabric, const ComputePool &pool, int gpus);

struct ReliabilityContext
{
    const Project &project;
    const Catalog &catalog;
    const LayoutResult &layout;
    const FabricResult &fabric;
    const PowerResult &power;
    const StorageSizing &storage;
    const ComputePool &pool;
    const PerformanceResult *performance; // null before the parallelism search
};
// Without a performance result the job is the whole pool and the checkpoint is sized from the
// architecture's parameter count (the spare-sizing pass).
ReliabilityInputs reliabilityInputsFrom(const ReliabilityContext &context);

// GPUs the job may use: Workload::gpus when set, else the pool less the spare nodes
// `spareNodes` (whole nodes of `gpusPerNode` GPUs) held back for restarts.
int jobGpuBudget(const Workload &workload, int poolGpus, int spareNodes, int gpusPerNode);

struct CostContext
{
    const Project &project;
    const Catalog &catalog;
    const LayoutResult &layout;
    const FabricResult &fabric;
    const PowerResult &power;
    const StorageSizing &storage;
    const PerformanceResult *performance; // optional
    std::optional<double> goodput;        // from the reliability solver
    int jobGpus = 0;
};
CostInputs costInputsFrom(const CostContext &context);

// The load-profile solver's figures: the job's GPUs at the project's provisioned power, the
// rest of its servers, the step's exposed communication and I/O, the checkpoint's blocking time and
// the restart cost. Without reliability figures (errors there) the profile has the step swing only.
LoadProfileInputs loadProfileInputsFrom(const Project &project, const Accelerator &gpu,
                                        const Server *server, const PowerResult &power,
                                        const PerformanceResult &performance,
                                        const ReliabilityResult *reliability);

} // namespace aidc

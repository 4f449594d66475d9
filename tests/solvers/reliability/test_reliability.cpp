// SPDX-License-Identifier: Apache-2.0
// The reliability and goodput solver end to end: solvers/reliability/reliability.h.
// Inputs are built by hand here, with the shipped catalog's rates where a check is about the
// data; every expected value is computed by hand from the formulas cited per check
// (docs/reliability-model.md).

#include "catalogs/catalogloader.h"
#include "solvers/reliability/reliability.h"
#include "solvers/reliability/reliabilityreport.h"
#include "solvers/reliability/repairablesystem.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

using namespace aidc;

namespace {

FailureRate rate(const std::string &componentClass, double perYear, double repairHours = 0)
{
    FailureRate r;
    r.componentClass = componentClass;
    r.failuresPerYear = perYear;
    r.repairHours = repairHours;
    r.sources["failuresPerYear"] = {"test figure", Confidence::Unverified};
    return r;
}

ComponentGroup group(const std::string &componentClass, FailureScope scope, double count)
{
    ComponentGroup g;
    g.componentClass = componentClass;
    g.scope = scope;
    g.clusterCount = count;
    return g;
}

// 100k H100-class GPUs in 12,500 8-GPU nodes, the job on all of them, a 1T-parameter model
// checkpointed to a 1 TB/s parallel file system. Rates: GPU 0.18/yr (>50 failed GPUs/day at
// 100k [ref:zomi-10k-slides]), host 0.1/yr, switches 0.05/yr [ref:gill-2011].
ReliabilityInputs cluster100k()
{
    ReliabilityInputs in;
    in.clusterGpus = in.jobGpus = 100000;
    in.clusterNodes = in.jobNodes = 12500;
    in.poolNodes = 13000;
    in.gpusPerNode = 8;
    in.components = {group("gpu", FailureScope::Node, 100000),
                     group("host", FailureScope::Node, 12500),
                     group("switch", FailureScope::Shared, 1563)};
    in.components[2].name = "backend leaf switches";
    in.failureRates = {rate("gpu", 0.18), rate("host", 0.1), rate("switch", 0.05)};
    in.parameters = 1e12;
    in.checkpoint.bytesPerParameter = 14;
    in.shardRanks = 1024;
    in.storageWriteBytesPerS = 1e12;
    in.storageReadBytesPerS = 2e12;
    in.nicToStorageBytesPerS = 12500 * 50e9; // 2 x 200G storage ports per node
    in.hostCopyBytesPerSPerGpu = 50e9;       // PCIe Gen5 x16
    return in;
}

ReliabilityOptions quickOptions()
{
    ReliabilityOptions o;
    o.monteCarloSamples = 0;
    return o;
}

bool hasError(const Diagnostics &d, const std::string &path, const std::string &file = "")
{
    for (const Diagnostic &item : d.items()) {
        if (item.severity == Severity::Error && item.jsonPath == path && item.file == file)
            return true;
    }
    return false;
}

bool hasWarningMentioning(const Diagnostics &d, const std::string &text)
{
    for (const Diagnostic &item : d.items()) {
        if (item.severity == Severity::Warning && item.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("A 100k-GPU cluster has tens of GPU failures a day", "[reliability][failures]")
{
    // Issue 7 and [ref:llama3-2024; ref:bloom-2022]: 0.1-0.3 job-interrupting failures per
    // GPU-year in published large runs; the seed's ">50 failed GPUs a day at 100k"
    // [ref:zomi-10k-slides] is ~0.18 per GPU-year.
    // With the shipped catalog's rates (catalogs/data/failures.json), so that a data change
    // that leaves this range fails here. GPU failures count the "gpu" and "hbm" classes: an
    // HBM uncorrectable error takes its GPU out like any other GPU fault.
    Diagnostics loadDiagnostics;
    const Catalog catalog = loadCatalog(AIDC_SOURCE_DIR "/catalogs/data", loadDiagnostics);
    REQUIRE_FALSE(loadDiagnostics.hasErrors());
    const FailureRate *gpu = catalog.failureRate("gpu");
    const FailureRate *hbm = catalog.failureRate("hbm");
    REQUIRE(gpu);
    REQUIRE(hbm);
    const double perGpuYear = gpu->failuresPerYear + hbm->failuresPerYear;
    CHECK(perGpuYear >= 0.1); // the published range
    CHECK(perGpuYear <= 0.3);

    ReliabilityInputs in = cluster100k();
    in.components = {
        group("gpu", FailureScope::Node, 100000), group("hbm", FailureScope::Node, 100000),
        group("host", FailureScope::Node, 12500), group("switch", FailureScope::Shared, 1563)};
    in.failureRates = catalog.failureRates;
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.clusterGpuFailuresPerDay == Approx(100000 * perGpuYear / 365.25).epsilon(1e-9));
    // Tens a day: 0.1-0.3 per GPU-year is 27-82 a day. The catalog's GPU and HBM rates are
    // Llama 3's measured 196 + 72 interruptions over 2,422 GPU-years [ref:llama3-2024 Table 5]:
    // 0.111 per GPU-year, 30.4 a day at 100k, below the seed's "more than 50"
    // [ref:zomi-10k-slides], a figure for newer, less mature clusters.
    CHECK(r.clusterGpuFailuresPerDay >= 27);
    CHECK(r.clusterGpuFailuresPerDay <= 83);
    CHECK(r.clusterGpuFailuresPerDay ==
          Approx(100000 * (196.0 + 72) / 2422.3 / 365.25).epsilon(0.01));
    // The per-class table keeps GPU and HBM apart.
    double gpuClass = -1, hbmClass = -1;
    for (const ClassFailures &c : r.byClass) {
        if (c.componentClass == "gpu")
            gpuClass = c.clusterFailuresPerDay;
        if (c.componentClass == "hbm")
            hbmClass = c.clusterFailuresPerDay;
    }
    CHECK(gpuClass == Approx(100000 * gpu->failuresPerYear / 365.25));
    CHECK(hbmClass == Approx(100000 * hbm->failuresPerYear / 365.25));
    CHECK(gpuClass + hbmClass == Approx(r.clusterGpuFailuresPerDay));

    std::ostringstream text;
    writeText(text, r);
    CHECK(text.str().find("GPU failures (GPU + HBM)") != std::string::npos);
}

TEST_CASE("GPU failures per day follow the per-GPU rate", "[reliability][failures]")
{
    // 100,000 x r / 365.25: 0.1 -> 27.4, 0.18 -> 49.3, 0.19 -> 52.0, 0.3 -> 82.1 per day.
    const std::pair<double, double> cases[] = {
        {0.1, 27.3785}, {0.18, 49.2813}, {0.19, 52.0192}, {0.3, 82.1355}};
    for (const auto &[perYear, perDay] : cases) {
        ReliabilityInputs in = cluster100k();
        in.failureRates[0].failuresPerYear = perYear;
        const ReliabilityResult r = solveReliability(in, {}, quickOptions());
        REQUIRE_FALSE(r.diagnostics.hasErrors());
        CHECK(r.clusterGpuFailuresPerDay == Approx(perDay).epsilon(1e-5));
    }
    ReliabilityInputs in = cluster100k();
    in.failureRates[0].failuresPerYear = 0.19;
    CHECK(solveReliability(in, {}, quickOptions()).clusterGpuFailuresPerDay > 50);
}

TEST_CASE("Job MTBI counts the job's share of every component, its network path included",
          "[reliability][failures]")
{
    ReliabilityInputs in = cluster100k();
    in.jobGpus = 50000;
    in.jobNodes = 6250;
    ComponentGroup spines = group("switch", FailureScope::Shared, 500);
    spines.name = "backend spine switches";
    spines.jobCount = 500; // the job's traffic crosses every spine
    in.components = {group("gpu", FailureScope::Node, 100000),
                     group("host", FailureScope::Node, 12500),
                     group("switch", FailureScope::Shared, 1000), spines};
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    // Job share 1/2: 50,000 x 0.18 + 6,250 x 0.1 + 500 leaves x 0.05 + 500 spines x 0.05
    //   = 9,675 per year = 26.4887 per day; MTBI = 8766 / 9675 = 0.906047 h.
    CHECK(r.jobInterruptionsPerDay == Approx(26.48871).epsilon(1e-6));
    CHECK(r.jobMtbiHours == Approx(0.9060465).epsilon(1e-6));
    REQUIRE(r.components.size() == 4);
    CHECK(r.components[2].jobCount == Approx(500));
    CHECK(r.components[3].jobInterruptionsPerDay == Approx(25 / 365.25).epsilon(1e-9));
    // Cluster-wide failures count every unit: (18,000 + 1,250 + 50 + 25) / 365.25 per day.
    CHECK(r.clusterFailuresPerDay == Approx(19325 / 365.25).epsilon(1e-9));
    REQUIRE(r.byClass.size() == 3);
    CHECK(r.byClass[2].componentClass == "switch");
    CHECK(r.byClass[2].jobInterruptionsPerDay == Approx(50 / 365.25).epsilon(1e-9));
}

TEST_CASE("Redundant groups collapse before their rates add", "[reliability][failures]")
{
    // 6 PSUs per server, 4 needed, 0.02 failures per PSU-year, 4 h swap (catalog repairHours):
    // the group fails when a third PSU dies before the first is back. Machine-repairman passage
    // times (Trivedi ch. 8) with lambda = 0.02 / 8766 per h, mu = 1/4 per h:
    //   T0 = 1/(6 l), T1 = 1/(5 l) + mu/(5 l) T0, T2 = 1/(4 l) + 2 mu/(4 l) T1.
    const double l = 0.02 / 8766, mu = 0.25;
    const double t0 = 1 / (6 * l), t1 = 1 / (5 * l) + mu / (5 * l) * t0,
                 t2 = 1 / (4 * l) + 2 * mu / (4 * l) * t1;
    const double groupPerYear = 8766 / (t0 + t1 + t2);

    ReliabilityInputs in = cluster100k();
    ComponentGroup psus = group("psu", FailureScope::Node, 75000);
    psus.redundancyUnits = 6;
    psus.redundancyRequired = 4;
    in.components.push_back(psus);
    in.failureRates.push_back(rate("psu", 0.02, 4));
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const ComponentFailures &row = r.components.back();
    CHECK(row.clusterFailuresPerDay == Approx(75000 * 0.02 / 365.25).epsilon(1e-9));
    CHECK(row.jobInterruptionsPerDay == Approx(12500 * groupPerYear / 365.25).epsilon(1e-6));
    CHECK(row.repairHours == 4);
}

TEST_CASE("Checkpoint size, write and restore times", "[reliability][checkpoint]")
{
    ReliabilityInputs in = cluster100k();
    ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    // 1e12 parameters x 14 B = 14 TB (FP32 master + moments + BF16 weights [ref:zero-2020]).
    CHECK(r.checkpoint.sizeBytes == Approx(1.4e13));
    CHECK(r.checkpoint.shardBytesPerGpu == Approx(1.4e13 / 1024));
    // min(1 TB/s storage, 625 TB/s NICs) = 1 TB/s: 14 s to write; 2 TB/s read: 7 s.
    CHECK(r.checkpoint.writeBottleneck == "storage");
    CHECK(r.checkpoint.writeS == Approx(14.0));
    CHECK(r.checkpoint.blockingS == Approx(14.0));
    CHECK(r.checkpoint.restoreS == Approx(7.0));
    CHECK(r.checkpoint.persistS == 0);
    CHECK(r.checkpoint.hostCopyS == Approx(1.4e13 / 1024 / 50e9));

    // Storage NICs slower than the file system: 0.5 TB/s caps both directions.
    in.nicToStorageBytesPerS = 0.5e12;
    r = solveReliability(in, {}, quickOptions());
    CHECK(r.checkpoint.writeBottleneck == "nic");
    CHECK(r.checkpoint.writeS == Approx(28.0));
    CHECK(r.checkpoint.restoreS == Approx(28.0));

    // Asynchronous: training waits only for the GPU -> host copy (0.273 s), the 28 s persist
    // is charged as risk.
    in.checkpoint.asynchronous = true;
    r = solveReliability(in, {}, quickOptions());
    CHECK(r.checkpoint.blockingS == Approx(1.4e13 / 1024 / 50e9));
    CHECK(r.checkpoint.persistS == Approx(28.0));
    CHECK(r.interval.chosenS >= r.checkpoint.persistS);
}

TEST_CASE("Goodput, effective MFU and time-to-train against a hand computation",
          "[reliability][goodput]")
{
    // One shared component class, so no spare logistics: 1000 switches at 8.766 per year
    // = 1 interruption per hour (M = 3600 s). 1e11 parameters x 14 B = 1.4 TB at 10 GB/s:
    // w = 140 s; restore at 14 GB/s: 100 s. Restart R = 300 (detection) + 900 + 100 = 1300 s.
    // Daly(140, 3600) = 1003.992 (1 + 0.046481 + 0.0021605) - 140 = 912.828 s.
    // Exact: (912.828/3600) e^(-1300/3600) / (e^(1052.828/3600) - 1) = 0.520177.
    // First order: (1 - (1300 + 456.414) / 3600) / (1 + 140 / 912.828) = 0.444010.
    ReliabilityInputs in;
    in.clusterGpus = in.jobGpus = 8000;
    in.clusterNodes = in.jobNodes = 1000;
    in.components = {group("switch", FailureScope::Shared, 1000)};
    in.failureRates = {rate("switch", 8.766)};
    in.parameters = 1e11;
    in.shardRanks = 64;
    in.storageWriteBytesPerS = 1e10;
    in.storageReadBytesPerS = 1.4e10;
    in.nicToStorageBytesPerS = 1e12;
    in.mfu = 0.4;
    in.stepTimeS = 10;
    in.idealTimeToTrainS = 30 * 86400;
    ReliabilitySettings settings; // detection 5 min, restart 15 min
    const ReliabilityResult r = solveReliability(in, settings, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.jobMtbiHours == Approx(1.0).epsilon(1e-12));
    CHECK(r.interval.youngS == Approx(1003.992).epsilon(1e-6));
    CHECK(r.interval.dalyS == Approx(912.8278).epsilon(1e-6));
    CHECK(r.interval.chosenS == r.interval.dalyS);
    CHECK(*r.interval.steps == Approx(91.28278).epsilon(1e-6));
    CHECK(r.restart.totalS == Approx(1300).epsilon(1e-12));
    CHECK(r.restart.capacityWaitS == 0);
    CHECK(r.goodput.goodput == Approx(0.5201770).epsilon(1e-6));
    CHECK(r.goodput.renewalGoodput == r.goodput.goodput);
    CHECK(r.goodput.firstOrderGoodput == Approx(0.4440097).epsilon(1e-6));
    CHECK(*r.goodput.effectiveMfu == Approx(0.4 * 0.5201770).epsilon(1e-6));
    CHECK(*r.goodput.effectiveTimeToTrainS == Approx(30 * 86400 / 0.5201770).epsilon(1e-6));
    // 57.7 days of wall time at one interruption an hour.
    CHECK(*r.goodput.expectedInterruptions == Approx(30 * 24 / 0.5201770).epsilon(1e-6));

    // The first-order form as the headline, on request; it warns that it has drifted.
    ReliabilityOptions firstOrder = quickOptions();
    firstOrder.ettrModel = EttrModel::FirstOrder;
    const ReliabilityResult f = solveReliability(in, settings, firstOrder);
    CHECK(f.goodput.goodput == Approx(0.4440097).epsilon(1e-6));
    CHECK(hasWarningMentioning(f.diagnostics, "first-order"));
    CHECK(r.spares.spareNodes == 0); // no node-removing failures
}

TEST_CASE("Goodput falls as the cluster grows at fixed checkpoint bandwidth",
          "[reliability][goodput][sensitivity]")
{
    ReliabilityInputs in = cluster100k();
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    REQUIRE(r.clusterSensitivity.size() == 7);
    for (std::size_t i = 1; i < r.clusterSensitivity.size(); ++i) {
        CHECK(r.clusterSensitivity[i].jobGpus > r.clusterSensitivity[i - 1].jobGpus);
        CHECK(r.clusterSensitivity[i].jobMtbiHours < r.clusterSensitivity[i - 1].jobMtbiHours);
        CHECK(r.clusterSensitivity[i].goodput <= r.clusterSensitivity[i - 1].goodput);
    }
    CHECK(r.clusterSensitivity.front().goodput > r.clusterSensitivity.back().goodput + 0.1);
    // The scale-1 row is the design itself.
    CHECK(r.clusterSensitivity[3].goodput == Approx(r.goodput.goodput).epsilon(1e-12));

    // Solving a quarter-size cluster directly agrees with the trend.
    ReliabilityInputs small = in;
    small.clusterGpus = small.jobGpus = 25000;
    small.clusterNodes = small.jobNodes = 3125;
    small.poolNodes = 3250;
    small.nicToStorageBytesPerS /= 4;
    for (ComponentGroup &g : small.components)
        g.clusterCount /= 4;
    CHECK(solveReliability(small, {}, quickOptions()).goodput.goodput > r.goodput.goodput);
}

TEST_CASE("Cluster-size rows keep the spare policy and fall monotonically (issue 7)",
          "[reliability][goodput][sensitivity]")
{
    // Issue 7: "goodput falls as the cluster grows at fixed checkpoint bandwidth". The rows used
    // to cap spares at the idle nodes of a scaled, rounded pool, so a 1k-GPU design read
    // 86.0 / 95.9 / 86.9 / 95.5 / 97.0 / 95.5 / 92.2% for scales 0.125..8. With the design's
    // shortage probability kept, only the size changes: a larger job is interrupted more often
    // (lambda grows with the scale) at the same checkpoint and restart cost, so ETTR falls
    // (ETTR falls with the failure rate [ref:kokolis-2025]).
    ReliabilityOptions options = quickOptions();
    options.clusterScales = {0.125, 0.25, 0.375, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8};

    struct Case
    {
        const char *name;
        ReliabilityInputs in;
        ReliabilitySettings settings;
    };
    std::vector<Case> cases;

    // A 1k-GPU SuperPOD-like job: 125 nodes of a 128-node pool, 2.8 TB checkpoint at 50 GB/s.
    ReliabilityInputs superpod = cluster100k();
    superpod.clusterGpus = 1024;
    superpod.jobGpus = 1000;
    superpod.clusterNodes = superpod.poolNodes = 128;
    superpod.jobNodes = 125;
    superpod.components = {group("gpu", FailureScope::Node, 1024),
                           group("host", FailureScope::Node, 128),
                           group("switch", FailureScope::Shared, 48)};
    superpod.parameters = 2e11;
    superpod.shardRanks = 64;
    superpod.storageWriteBytesPerS = 50e9;
    superpod.storageReadBytesPerS = 100e9;
    superpod.nicToStorageBytesPerS = 125 * 50e9;
    cases.push_back({"1k SuperPOD, 3 idle nodes", superpod, {}});

    // No idle node at all: the design has no spare, so no row may have one either; every node
    // failure waits for a repair at every scale.
    ReliabilityInputs full = superpod;
    full.jobGpus = 1024;
    full.jobNodes = 128;
    ReliabilitySettings quickRepair;
    quickRepair.repairHours = 4;
    quickRepair.noSpareRecovery = NoSpareRecovery::WaitForRepair; // the wait is what is checked
    cases.push_back({"0 idle nodes", full, quickRepair});

    // The 100k campus in 1,024-node islands that spares cannot leave.
    ReliabilityInputs islands = cluster100k();
    islands.islandNodes = 1024;
    cases.push_back({"100k in islands", islands, {}});

    // GB200 NVL72: 4-GPU trays lost 18 at a time, asynchronous saves through host memory to a
    // parallel file system, 128 racks in a 136-rack pool.
    ReliabilityInputs nvl72 = cluster100k();
    nvl72.clusterGpus = nvl72.jobGpus = 128 * 72;
    nvl72.clusterNodes = nvl72.jobNodes = 128 * 18;
    nvl72.poolNodes = 136 * 18;
    nvl72.gpusPerNode = 4;
    nvl72.nodesPerBlastUnit = 18;
    nvl72.components = {group("gpu", FailureScope::Node, 128 * 72),
                        group("host", FailureScope::Node, 128 * 18),
                        group("switch", FailureScope::Shared, 144)};
    nvl72.checkpoint.asynchronous = true;
    nvl72.storageWriteBytesPerS = 200e9;
    nvl72.storageReadBytesPerS = 400e9;
    nvl72.nicToStorageBytesPerS = 128 * 18 * 50e9;
    cases.push_back({"NVL72 racks, asynchronous", nvl72, {}});

    // A fixed spare count from the settings: 2 spare nodes for the SuperPOD job.
    ReliabilitySettings two;
    two.spareNodes = 2;
    cases.push_back({"fixed 2 spares", superpod, two});

    for (const Case &c : cases) {
        INFO(c.name);
        const ReliabilityResult r = solveReliability(c.in, c.settings, options);
        REQUIRE_FALSE(r.diagnostics.hasErrors());
        const std::vector<ClusterSensitivityRow> &rows = r.clusterSensitivity;
        REQUIRE(rows.size() == options.clusterScales.size());
        CHECK(rows[5].goodput == Approx(r.goodput.goodput).epsilon(1e-12)); // scale 1
        for (std::size_t i = 1; i < rows.size(); ++i) {
            INFO("scale " << rows[i].scale);
            CHECK(rows[i].jobMtbiHours < rows[i - 1].jobMtbiHours);
            CHECK(rows[i].goodput < rows[i - 1].goodput);
            CHECK(rows[i].spareNodes >= rows[i - 1].spareNodes);
            CHECK(rows[i].spareNodes % c.in.nodesPerBlastUnit == 0);
        }
    }

    // The zero-idle design has no spare in any row, and its scale-1 capacity wait is a full
    // 4 h repair per node-removing interruption: node share = 1.54 x 128 / (1.54 x 128 + 0.05
    // x 48) of the interruptions (GPU 8 x 0.18 + host 0.1 = 1.54 per node-year).
    const ReliabilityResult none = solveReliability(full, quickRepair, options);
    for (const ClusterSensitivityRow &row : none.clusterSensitivity)
        CHECK(row.spareNodes == 0);
    const double nodeShare = 1.54 * 128 / (1.54 * 128 + 0.05 * 48);
    CHECK(none.restart.capacityWaitS == Approx(nodeShare * 4 * 3600).epsilon(1e-9));
}

TEST_CASE("Goodput rises with faster checkpoint storage and with asynchronous saves",
          "[reliability][goodput][sensitivity]")
{
    // A storage-bound case: 100 GB/s for a 14 TB checkpoint (140 s per save) on a 16k-GPU job.
    ReliabilityInputs in = cluster100k();
    in.jobGpus = 16384;
    in.jobNodes = 2048;
    in.storageWriteBytesPerS = 1e11;
    in.storageReadBytesPerS = 1e11;
    const ReliabilityResult sync = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(sync.diagnostics.hasErrors());
    REQUIRE(sync.bandwidthSensitivity.size() == 6);
    for (std::size_t i = 1; i < sync.bandwidthSensitivity.size(); ++i) {
        CHECK(sync.bandwidthSensitivity[i].blockingS < sync.bandwidthSensitivity[i - 1].blockingS);
        CHECK(sync.bandwidthSensitivity[i].goodput > sync.bandwidthSensitivity[i - 1].goodput);
    }
    in.checkpoint.asynchronous = true;
    const ReliabilityResult async = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(async.diagnostics.hasErrors());
    CHECK(async.goodput.goodput > sync.goodput.goodput);
    CHECK(async.goodput.losses.checkpointing < sync.goodput.losses.checkpointing);
}

TEST_CASE("Spares: Poisson percentile per island, k-out-of-n availability, capacity wait",
          "[reliability][spares]")
{
    // The capacity wait of a job short of spares is the model checked here (not the shrink).
    ReliabilitySettings waiting;
    waiting.noSpareRecovery = NoSpareRecovery::WaitForRepair;
    // Node-removing rate: 8 x 0.18 + 0.1 = 1.54 per node-year; 48 h repair:
    // mean failures in a repair window = 12,500 x 1.54 / 8766 x 48 = 105.41; the smallest S
    // with P(Poisson(105.41) <= S) >= 0.99 is 130 (summed by hand in log space).
    ReliabilityInputs in = cluster100k();
    ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.spares.nodeFailuresPerYear == Approx(1.54).epsilon(1e-12));
    CHECK(r.spares.meanFailuresPerIsland == Approx(105.40726).epsilon(1e-6));
    CHECK(r.spares.poissonSparesPerIsland == 130);
    CHECK(r.spares.requiredSpareNodes == 130);
    CHECK(r.spares.spareNodes == 130);
    // Steady state of the chain: d ~ Binomial(12,630, q = lambda / (lambda + mu)), so
    // P(d <= 130) = 0.990884 (summed by hand), next to the Poisson sizing's P(X <= 130) = 0.991137.
    CHECK(r.spares.availability == Approx(0.9908838).epsilon(1e-6));
    CHECK(r.spares.ctmcStates < 400);
    CHECK(r.spares.ctmcTruncationBound <= 2e-12);
    CHECK(r.spares.mttfHours > 0);

    // A second, idle pool of the same size: the pipeline counts node parts of the job's pool
    // only, so the per-node rate must come from the job's nodes, not the cluster's.
    ReliabilityInputs twoPools = cluster100k();
    twoPools.clusterGpus = 200000;
    twoPools.clusterNodes = 25000;
    for (ComponentGroup &g : twoPools.components) {
        if (g.scope == FailureScope::Node)
            g.jobCount = g.clusterCount;
    }
    const ReliabilityResult both = solveReliability(twoPools, {}, quickOptions());
    REQUIRE_FALSE(both.diagnostics.hasErrors());
    CHECK(both.spares.nodeFailuresPerYear == Approx(1.54).epsilon(1e-12));
    CHECK(both.spares.requiredSpareNodes == 130);

    // Islands of 1,024 nodes: 12 full (mean 8.635 -> 16 spares) + one of 212 (mean 1.788 -> 6).
    in.islandNodes = 1024;
    r = solveReliability(in, waiting, quickOptions());
    CHECK(r.spares.islands == 13);
    CHECK(r.spares.poissonSparesPerIsland == 16);
    CHECK(r.spares.requiredSpareNodes == 12 * 16 + 6);

    // Not enough idle nodes: a violation, and the goodput uses the 50 there are.
    in.islandNodes = 0;
    in.poolNodes = 12550;
    r = solveReliability(in, waiting, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.spares.spareNodes == 50);
    CHECK(hasWarningMentioning(r.diagnostics, "spare nodes are needed"));
    CHECK(r.restart.capacityWaitS > 0);

    // No spares at all: every node failure waits a full repair (48 h), weighted by the share
    // of interruptions that remove a node: (1.54 x 12,500) / (1.54 x 12,500 + 0.05 x 1,563).
    ReliabilitySettings none = waiting;
    none.spareNodes = 0;
    r = solveReliability(cluster100k(), none, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const double nodeShare = 1.54 * 12500 / (1.54 * 12500 + 0.05 * 1563);
    CHECK(r.restart.capacityWaitS == Approx(nodeShare * 48 * 3600).epsilon(1e-9));
    CHECK(r.spares.availability < 1e-6);
    CHECK(r.goodput.goodput < 1e-6); // interruptions every ~27 min, each waiting 48 h
    CHECK(hasWarningMentioning(r.diagnostics, "almost no progress"));

    // The spare curve: more spares, never less availability or goodput. (A job that shrinks
    // instead of waiting gains little from spares: one node less is one replica less.)
    r = solveReliability(cluster100k(), waiting, quickOptions());
    REQUIRE(r.spareCurve.size() >= 5);
    CHECK(r.spareCurve.front().spareNodes == 0);
    CHECK(r.spareCurve.back().spareNodes == 260);
    for (std::size_t i = 1; i < r.spareCurve.size(); ++i) {
        CHECK(r.spareCurve[i].availability >= r.spareCurve[i - 1].availability);
        CHECK(r.spareCurve[i].goodput >= r.spareCurve[i - 1].goodput);
    }
    CHECK(r.spareCurve.front().availability < 1e-6);
    CHECK(r.spareCurve.back().availability > 0.999);
    CHECK(r.spareCurve.back().goodput > r.spareCurve.front().goodput + 0.3);
}

TEST_CASE("Rack-scale jobs lose and replace whole NVL72 racks", "[reliability][spares]")
{
    // 1,388 GB200 NVL72 racks of 18 4-GPU trays: a tray failure takes its rack out.
    // Unit rate 18 x (4 x 0.18 + 0.1) = 14.76 per rack-year; mean in 48 h:
    // 1,388 x 14.76 / 8766 x 48 = 112.18 racks -> Poisson 99% = 138 racks = 2,484 trays.
    ReliabilityInputs in = cluster100k();
    in.clusterGpus = in.jobGpus = 1388 * 72;
    in.clusterNodes = in.jobNodes = 1388 * 18;
    in.poolNodes = 1600 * 18;
    in.gpusPerNode = 4;
    in.nodesPerBlastUnit = 18;
    in.components = {group("gpu", FailureScope::Node, 1388 * 72),
                     group("host", FailureScope::Node, 1388 * 18)};
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.spares.jobUnits == 1388);
    CHECK(r.spares.meanFailuresPerIsland == Approx(112.18004).epsilon(1e-6));
    CHECK(r.spares.poissonSparesPerIsland == 138);
    CHECK(r.spares.spareNodes == 138 * 18);
    CHECK(r.spares.spareNodes % 18 == 0);
}

TEST_CASE("The solver's Monte Carlo cross-check agrees with its closed form",
          "[reliability][montecarlo]")
{
    ReliabilityInputs in = cluster100k();
    in.jobGpus = 8192;
    in.jobNodes = 1024;
    ReliabilityOptions options;
    options.monteCarloSamples = 50000;
    const ReliabilityResult r = solveReliability(in, {}, options);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    REQUIRE(r.monteCarlo);
    CHECK(r.monteCarlo->samples == 50000);
    CHECK(r.monteCarlo->closedForm == r.goodput.goodput);
    // Tolerance 0.02 as in the solver's own warning: first-order model error + 4 standard errors.
    CHECK(r.monteCarlo->ettr == Approx(r.goodput.goodput).margin(0.02));
    CHECK_FALSE(hasWarningMentioning(r.diagnostics, "Monte Carlo"));
    // Same seed, same answer.
    CHECK(solveReliability(in, {}, options).monteCarlo->ettr == r.monteCarlo->ettr);
}

TEST_CASE("The goodput-vs-interval curve peaks at the chosen interval", "[reliability][goodput]")
{
    const ReliabilityResult r = solveReliability(cluster100k(), {}, quickOptions());
    REQUIRE(r.intervalCurve.size() == 41);
    CHECK(r.intervalCurve.front().intervalS == Approx(r.interval.chosenS / 10));
    CHECK(r.intervalCurve.back().intervalS == Approx(r.interval.chosenS * 10));
    const IntervalPoint &middle = r.intervalCurve[20];
    CHECK(middle.intervalS == Approx(r.interval.chosenS));
    for (const IntervalPoint &p : r.intervalCurve) {
        CHECK(p.goodput <= middle.goodput + 1e-6);
        CHECK(p.goodput == p.renewalGoodput);
        CHECK(p.firstOrderGoodput <= p.renewalGoodput);
    }
}

TEST_CASE("Bad inputs give errors that name the field", "[reliability][validation]")
{
    const ReliabilityOptions options = quickOptions();
    SECTION("negative override rate")
    {
        ReliabilitySettings s;
        s.failuresPerYearOverride["gpu"] = -0.1;
        const ReliabilityResult r = solveReliability(cluster100k(), s, options);
        CHECK(hasError(r.diagnostics, "/reliability/failuresPerYear/gpu"));
        CHECK(r.goodput.goodput == 0);
    }
    SECTION("negative catalog rate")
    {
        ReliabilityInputs in = cluster100k();
        in.failureRates[0].failuresPerYear = -1;
        const Diagnostics d = solveReliability(in, {}, options).diagnostics;
        // The solver does not know the catalog file's item index: the message names the class.
        REQUIRE(d.hasErrors());
        CHECK(d.items()[0].file == "catalog");
        CHECK(d.items()[0].message.find("failure class 'gpu'") != std::string::npos);
    }
    SECTION("every rate zero")
    {
        ReliabilitySettings s;
        s.failuresPerYearOverride = {{"gpu", 0}, {"host", 0}, {"switch", 0}};
        CHECK(hasError(solveReliability(cluster100k(), s, options).diagnostics,
                       "/reliability/failuresPerYear"));
    }
    SECTION("zero checkpoint bandwidth")
    {
        ReliabilityInputs in = cluster100k();
        in.storageWriteBytesPerS = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics, "/storage/writeTBps"));
        in = cluster100k();
        in.nicToStorageBytesPerS = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics, "/network/planes"));
        in = cluster100k();
        in.checkpoint.asynchronous = true;
        in.hostCopyBytesPerSPerGpu = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics,
                       "/workload/checkpoint/asynchronous"));
    }
    SECTION("spares larger than the pool")
    {
        ReliabilitySettings s;
        s.spareNodes = 501; // the pool leaves 13,000 - 12,500 = 500 idle
        CHECK(hasError(solveReliability(cluster100k(), s, options).diagnostics,
                       "/reliability/spareNodes"));
        s.spareNodes = 500;
        CHECK_FALSE(solveReliability(cluster100k(), s, options).diagnostics.hasErrors());
    }
    SECTION("confidence outside (0, 1)")
    {
        for (double confidence : {0.0, 1.0, 1.5, -0.2}) {
            ReliabilitySettings s;
            s.spareConfidence = confidence;
            CHECK(hasError(solveReliability(cluster100k(), s, options).diagnostics,
                           "/reliability/spareConfidence"));
        }
    }
    SECTION("repair time and other settings")
    {
        ReliabilitySettings s;
        s.repairHours = 0;
        CHECK(hasError(solveReliability(cluster100k(), s, options).diagnostics,
                       "/reliability/repairHours"));
        s = {};
        s.detectionMinutes = -1;
        CHECK(hasError(solveReliability(cluster100k(), s, options).diagnostics,
                       "/reliability/detectionMinutes"));
    }
    SECTION("checkpoint policy and footprint")
    {
        ReliabilityInputs in = cluster100k();
        in.checkpoint.bytesPerParameter = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics,
                       "/workload/checkpoint/bytesPerParameter"));
        in = cluster100k();
        in.checkpoint.automaticInterval = false;
        in.checkpoint.intervalMinutes = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics,
                       "/workload/checkpoint/interval"));
        in = cluster100k();
        in.jobGpus = 200000;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics, "/workload/gpus"));
        in = cluster100k();
        in.parameters = 0;
        CHECK(hasError(solveReliability(in, {}, options).diagnostics, "/workload/model"));
    }
    SECTION("options")
    {
        ReliabilityOptions bad;
        bad.monteCarloSamples = -1;
        bad.ctmcTolerance = 0;
        const Diagnostics d = bad.validate();
        REQUIRE(d.items().size() == 2);
        CHECK(d.items()[0].message.find("monteCarloSamples") != std::string::npos);
        CHECK(d.items()[1].message.find("ctmcTolerance") != std::string::npos);
        CHECK(solveReliability(cluster100k(), {}, bad).diagnostics.hasErrors());
        CHECK(ReliabilityOptions().validate().empty());
    }
}

TEST_CASE("Missing rates and unused overrides are warnings", "[reliability][validation]")
{
    ReliabilityInputs in = cluster100k();
    in.components.push_back(group("cdu", FailureScope::Shared, 400));
    ReliabilitySettings s;
    s.failuresPerYearOverride["gpu"] = 0.2;
    s.failuresPerYearOverride["tape"] = 1.0;
    const ReliabilityResult r = solveReliability(in, s, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(hasWarningMentioning(r.diagnostics, "'cdu'"));
    CHECK(hasWarningMentioning(r.diagnostics, "'tape'"));
    CHECK(r.components[0].rateSource == "project override");
    CHECK(r.components[0].failuresPerUnitYear == 0.2);
    CHECK(r.components[1].rateSource == "test figure");
    CHECK(r.clusterGpuFailuresPerDay == Approx(100000 * 0.2 / 365.25));
}

TEST_CASE("JSON and text reports carry the figures", "[reliability][report]")
{
    ReliabilityInputs in = cluster100k();
    in.mfu = 0.45;
    ReliabilityOptions options;
    options.monteCarloSamples = 1000;
    const ReliabilityResult r = solveReliability(in, {}, options);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const nlohmann::json j = toJson(r);
    CHECK(j["failures"]["jobMtbiHours"].get<double>() == r.jobMtbiHours);
    CHECK(j["failures"]["components"].size() == 3);
    CHECK(j["checkpoint"]["sizeBytes"].get<double>() == r.checkpoint.sizeBytes);
    CHECK(j["checkpoint"]["tier"] == "parallel-fs");
    CHECK(j["interval"]["youngS"].get<double>() == r.interval.youngS);
    CHECK(j["interval"]["dalyS"].get<double>() == r.interval.dalyS);
    CHECK(j["goodput"]["goodput"].get<double>() == r.goodput.goodput);
    CHECK(j["goodput"]["effectiveMfu"].get<double>() == Approx(0.45 * r.goodput.goodput));
    CHECK(j["goodput"]["effectiveTimeToTrainS"].is_null());
    CHECK(j["spares"]["spareNodes"].get<int>() == r.spares.spareNodes);
    CHECK(j["monteCarlo"]["samples"].get<int>() == 1000);
    CHECK(j["sensitivity"]["clusterSize"].size() == r.clusterSensitivity.size());
    CHECK(j["sensitivity"]["checkpointBandwidth"].size() == r.bandwidthSensitivity.size());
    CHECK(j["sensitivity"]["interval"].size() == 41);
    CHECK(j["sensitivity"]["spares"].size() == r.spareCurve.size());

    std::ostringstream text;
    writeText(text, r);
    const std::string s = text.str();
    CHECK(s.find("Goodput (ETTR)") != std::string::npos);
    CHECK(s.find("Daly") != std::string::npos);
    CHECK(s.find("backend leaf switches") != std::string::npos);
    CHECK(s.find("Goodput vs cluster size") != std::string::npos);

    ReliabilitySettings bad;
    bad.repairHours = -1;
    std::ostringstream errorText;
    writeText(errorText, solveReliability(in, bad, options));
    CHECK(errorText.str().find("/reliability/repairHours") != std::string::npos);
}

// Issue 17, item 3: on the 100k sample Daly's interval was 2.4 s, below one 2.5 s step. A
// checkpoint comes between steps: the interval is floored at a step, and at the policy's
// minimum, and the result says what bound it.
TEST_CASE("The checkpoint interval is never below one step or the policy minimum",
          "[reliability][checkpoint]")
{
    // 1000 switches at 876.6 per year = 100 interruptions an hour (M = 36 s); 1e9 parameters
    // x 14 B = 14 GB at 1e12 B/s: w = 0.014 s. Daly ~ sqrt(2 x 0.014 x 36) = 1.0 s < a 10 s step.
    ReliabilityInputs in;
    in.clusterGpus = in.jobGpus = 8000;
    in.clusterNodes = in.jobNodes = 1000;
    in.components = {group("switch", FailureScope::Shared, 1000)};
    in.failureRates = {rate("switch", 876.6)};
    in.parameters = 1e9;
    in.shardRanks = 64;
    in.storageWriteBytesPerS = 1e12;
    in.storageReadBytesPerS = 1e12;
    in.nicToStorageBytesPerS = 1e13;
    in.stepTimeS = 10;
    ReliabilitySettings settings;
    const ReliabilityResult r = solveReliability(in, settings, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.interval.dalyS < 10);
    CHECK(r.interval.chosenS == 10);
    CHECK(r.interval.floorS == 10);
    CHECK(r.interval.boundBy == "one training step");
    CHECK(*r.interval.steps == Approx(1.0));

    in.checkpoint.minIntervalMinutes = 2; // 120 s
    const ReliabilityResult m = solveReliability(in, settings, quickOptions());
    CHECK(m.interval.chosenS == 120);
    CHECK(m.interval.boundBy == "policy minimum");

    // A fixed interval below one step runs at one step, with a warning naming the field.
    in.checkpoint.minIntervalMinutes = 0;
    in.checkpoint.automaticInterval = false;
    in.checkpoint.intervalMinutes = 0.05; // 3 s
    const ReliabilityResult f = solveReliability(in, settings, quickOptions());
    CHECK(f.interval.chosenS == 10);
    CHECK(f.interval.boundBy == "one training step");
    CHECK(hasWarningMentioning(f.diagnostics, "shorter than one training step"));
}

// Issue 17, item 5: a job on its whole pool has no spare; every node failure waited for a
// two-day repair and the goodput came out ~1e-9. Large runs restart without the failed node's
// data-parallel replica instead ("shrink", the default) and run short until the repair.
TEST_CASE("A whole-pool job shrinks instead of waiting for repairs", "[reliability][spares]")
{
    // 2,048 nodes of 8 GPUs, all in the job; node failures 1 per node-year (GPU 0.125 x 8);
    // repair 48 h. Mean units down = 2048 x (1 / 8766) x 48 = 11.214; with no spare all of them
    // are beyond the spares. A replica of tp 8 x pp 16 = 128 GPUs = 16 nodes: each unit down
    // idles 16 nodes, shrinkLoss = 11.214 x 16 / 2048 = 0.08761.
    ReliabilityInputs in;
    in.clusterGpus = in.jobGpus = 16384;
    in.clusterNodes = in.jobNodes = in.poolNodes = 2048;
    in.components = {group("gpu", FailureScope::Node, 16384)};
    in.failureRates = {rate("gpu", 0.125)};
    in.parameters = 4e11;
    in.shardRanks = 16384;
    in.storageWriteBytesPerS = 2e12;
    in.storageReadBytesPerS = 4e12;
    in.nicToStorageBytesPerS = 1e14;
    in.stepTimeS = 10;
    in.replicaGpus = 128;
    ReliabilitySettings settings; // repair 48 h, shrink
    const ReliabilityResult shrink = solveReliability(in, settings, quickOptions());
    REQUIRE_FALSE(shrink.diagnostics.hasErrors());
    CHECK(shrink.spares.spareNodes == 0);
    CHECK(shrink.spares.meanUnitsWithoutSpare == Approx(2048.0 / 8766.0 * 48).epsilon(1e-3));
    CHECK(shrink.goodput.shrinkLoss == Approx(2048.0 / 8766.0 * 48 * 16 / 2048).epsilon(1e-3));
    CHECK(shrink.restart.capacityWaitS == 0);
    CHECK(shrink.goodput.goodput > 0.75);

    settings.noSpareRecovery = NoSpareRecovery::WaitForRepair;
    const ReliabilityResult wait = solveReliability(in, settings, quickOptions());
    CHECK(wait.goodput.shrinkLoss == 0);
    CHECK(wait.restart.capacityWaitS > 3600);
    CHECK(wait.goodput.goodput < 0.1);
}

// Issue 17, item 3: on the 100k sample a 5.7 TB checkpoint was written every step (~144 PB a
// day into a 100 PB file system). Checkpoints may write the tier's capacity x its drive writes
// a day; the interval is floored there and the result reports what is kept and written.
TEST_CASE("The checkpoint interval respects the storage's endurance", "[reliability][checkpoint]")
{
    // 1e11 parameters x 14 B = 1.4e12 B; capacity 1e15 B at 1 drive write a day: at most one
    // checkpoint every 1.4e12 x 86,400 / 1e15 = 120.96 s. Interruptions every 36 s put Daly
    // near 1 s, below it.
    ReliabilityInputs in;
    in.clusterGpus = in.jobGpus = 8000;
    in.clusterNodes = in.jobNodes = 1000;
    in.components = {group("switch", FailureScope::Shared, 1000)};
    in.failureRates = {rate("switch", 876.6)};
    in.parameters = 1e11;
    in.shardRanks = 64;
    in.storageWriteBytesPerS = 1e13;
    in.storageReadBytesPerS = 1e13;
    in.nicToStorageBytesPerS = 1e14;
    in.storageCapacityBytes = 1e15;
    in.driveWritesPerDay = 1;
    in.stepTimeS = 10;
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.checkpoint.enduranceFloorS == Approx(120.96));
    CHECK(r.interval.chosenS == Approx(120.96));
    CHECK(r.interval.boundBy == "storage endurance");
    CHECK(r.checkpoint.retainedBytes == Approx(2 * 1.4e12));
    CHECK(r.checkpoint.writtenBytesPerDay == Approx(1e15)); // the daily budget, exactly
    // Keeping more than fits is a warning naming the capacity.
    in.checkpoint.retained = 1000;
    const ReliabilityResult full = solveReliability(in, {}, quickOptions());
    CHECK(hasWarningMentioning(full.diagnostics, "exceed the job's share of the file system"));
}

TEST_CASE("Utility interruptions the site does not ride through stop the job for the outage",
          "[reliability][site-power]")
{
    // 3.6525 interruptions a year not ridden through = 0.01 a day, each 4 h without power.
    ReliabilityInputs in = cluster100k();
    const ReliabilityResult base = solveReliability(in, {}, quickOptions());
    in.sitePowerInterruptionsPerYear = 3.6525;
    in.sitePowerOutageHours = 4;
    const ReliabilityResult r = solveReliability(in, {}, quickOptions());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.jobInterruptionsPerDay == Approx(base.jobInterruptionsPerDay + 0.01));
    bool listed = false;
    for (const ClassFailures &c : r.byClass)
        listed = listed ||
                 (c.componentClass == "site-power" && c.jobInterruptionsPerDay == Approx(0.01));
    CHECK(listed);
    // The restart carries the outage weighted by site power's share of the interruptions.
    const double share = 0.01 / r.jobInterruptionsPerDay;
    CHECK(r.restart.powerOutageWaitS == Approx(share * 4 * 3600));
    CHECK(r.restart.totalS ==
          Approx(r.restart.detectionS + r.restart.restartS + r.restart.restoreS +
                 r.restart.capacityWaitS + r.restart.powerOutageWaitS));
    CHECK(r.goodput.goodput < base.goodput.goodput);
}

// Issue 17: the project states its repair crews; fewer crews than the failures of a repair
// window queue the repairs (machine-repairman model [ref:trivedi-2016]).
TEST_CASE("Spares: fewer repair crews lower the availability and the time to a shortage",
          "[reliability][spares]")
{
    // 12,630 units failing 2.2 times an hour together (12,630 x 1.54 / 8,766) against 48 h
    // repairs: 120 crews repair at most 2.5 an hour, so the failed units queue.
    const ReliabilityInputs in = cluster100k();
    const ReliabilityResult unlimited = solveReliability(in, {}, quickOptions());
    ReliabilitySettings crews;
    crews.repairCrews = 120;
    const ReliabilityResult queued = solveReliability(in, crews, quickOptions());
    REQUIRE_FALSE(queued.diagnostics.hasErrors());
    // The project's crews reach the chain: 12,500 job nodes + 130 spares, 1.54 failures per
    // node-year, 48 h repairs, 120 crews.
    REQUIRE(queued.spares.spareNodes == 130);
    CHECK(queued.spares.availability ==
          Approx(kOutOfNAvailability(12630, 12500, 1.54 / 8766, 1.0 / 48, 120)).epsilon(1e-6));
    CHECK(queued.spares.availability < unlimited.spares.availability - 0.01); // 0.973 < 0.991
    CHECK(queued.spares.mttfHours < unlimited.spares.mttfHours);
    CHECK(queued.spares.meanFailedUnitsPerIsland > unlimited.spares.meanFailedUnitsPerIsland);
    // As many crews as units is the same as repairing every failed unit at once.
    crews.repairCrews = 20000;
    const ReliabilityResult all = solveReliability(in, crews, quickOptions());
    CHECK(all.spares.availability == Approx(unlimited.spares.availability));
    CHECK(all.spares.mttfHours == Approx(unlimited.spares.mttfHours));
}

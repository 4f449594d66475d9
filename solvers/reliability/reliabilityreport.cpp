// SPDX-License-Identifier: Apache-2.0
#include "solvers/reliability/reliabilityreport.h"

#include "solvers/common/reportformat.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace aidc {

namespace {

using nlohmann::json;

// Goodput and availability need two decimals (99.31 %); the spelling is the common one.
std::string percent(double fraction)
{
    return formatPercent(fraction, 2);
}

json finite(double value)
{
    return std::isfinite(value) ? json(value) : json(nullptr);
}

json optional(const std::optional<double> &value)
{
    return value ? finite(*value) : json(nullptr);
}

const char *scopeName(FailureScope scope)
{
    return scope == FailureScope::Node ? "node" : "shared";
}

// printf-style formatting into a std::string, for aligned text tables.
template<typename... Args> std::string format(const char *pattern, Args... args)
{
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, args...);
    return buffer;
}

std::string duration(double seconds)
{
    if (!std::isfinite(seconds))
        return "never";
    if (seconds < 120)
        return format("%.1f s", seconds);
    if (seconds < 2 * 3600)
        return format("%.1f min", seconds / 60);
    if (seconds < 3 * 86400)
        return format("%.2f h", seconds / 3600);
    return format("%.1f days", seconds / 86400);
}

std::string bytes(double value)
{
    static const char *units[] = {"B", "kB", "MB", "GB", "TB", "PB"};
    int i = 0;
    while (value >= 1000 && i < 5) {
        value /= 1000;
        ++i;
    }
    return format("%.2f %s", value, units[i]);
}

} // namespace

const char *checkpointTierName(CheckpointTier tier)
{
    switch (tier) {
    case CheckpointTier::HostMemory:
        return "host-memory";
    case CheckpointTier::LocalNvme:
        return "local-nvme";
    case CheckpointTier::ParallelFs:
        return "parallel-fs";
    }
    return "parallel-fs";
}

const char *ettrModelName(EttrModel model)
{
    return model == EttrModel::Renewal ? "renewal" : "first-order";
}

json toJson(const ReliabilityResult &r)
{
    json components = json::array();
    for (const ComponentFailures &c : r.components)
        components.push_back({{"name", c.name},
                              {"componentClass", c.componentClass},
                              {"scope", scopeName(c.scope)},
                              {"clusterCount", c.clusterCount},
                              {"jobCount", c.jobCount},
                              {"failuresPerUnitYear", c.failuresPerUnitYear},
                              {"rateSource", c.rateSource},
                              {"repairHours", c.repairHours},
                              {"clusterFailuresPerDay", c.clusterFailuresPerDay},
                              {"jobInterruptionsPerDay", c.jobInterruptionsPerDay}});
    json byClass = json::array();
    for (const ClassFailures &c : r.byClass)
        byClass.push_back({{"componentClass", c.componentClass},
                           {"clusterFailuresPerDay", c.clusterFailuresPerDay},
                           {"jobInterruptionsPerDay", c.jobInterruptionsPerDay}});

    const CheckpointFigures &cp = r.checkpoint;
    const IntervalFigures &iv = r.interval;
    const RestartFigures &rs = r.restart;
    const SparesFigures &sp = r.spares;
    const GoodputFigures &gp = r.goodput;

    json clusterRows = json::array();
    for (const ClusterSensitivityRow &row : r.clusterSensitivity)
        clusterRows.push_back({{"scale", row.scale},
                               {"jobGpus", row.jobGpus},
                               {"jobMtbiHours", row.jobMtbiHours},
                               {"checkpointBlockingS", row.blockingS},
                               {"intervalS", row.intervalS},
                               {"spareNodes", row.spareNodes},
                               {"goodput", row.goodput},
                               {"effectiveMfu", optional(row.effectiveMfu)}});
    json bandwidthRows = json::array();
    for (const BandwidthSensitivityRow &row : r.bandwidthSensitivity)
        bandwidthRows.push_back({{"scale", row.scale},
                                 {"writeBytesPerS", row.writeBytesPerS},
                                 {"checkpointBlockingS", row.blockingS},
                                 {"restoreS", row.restoreS},
                                 {"intervalS", row.intervalS},
                                 {"goodput", row.goodput}});
    json intervalCurve = json::array();
    for (const IntervalPoint &point : r.intervalCurve)
        intervalCurve.push_back({{"intervalS", point.intervalS},
                                 {"goodput", point.goodput},
                                 {"renewalGoodput", point.renewalGoodput},
                                 {"firstOrderGoodput", point.firstOrderGoodput}});
    json spareCurve = json::array();
    for (const SparePoint &point : r.spareCurve)
        spareCurve.push_back({{"spareNodes", point.spareNodes},
                              {"availability", point.availability},
                              {"goodput", point.goodput}});

    json diagnostics = json::array();
    for (const Diagnostic &d : r.diagnostics.items())
        diagnostics.push_back(d.toString());

    json out = {
        {"failures",
         {{"clusterFailuresPerDay", r.clusterFailuresPerDay},
          {"clusterGpuFailuresPerDay", r.clusterGpuFailuresPerDay},
          {"jobInterruptionsPerDay", r.jobInterruptionsPerDay},
          {"jobMtbiHours", finite(r.jobMtbiHours)},
          {"byClass", byClass},
          {"components", components}}},
        {"checkpoint",
         {{"sizeBytes", cp.sizeBytes},
          {"shardBytesPerGpu", cp.shardBytesPerGpu},
          {"tier", checkpointTierName(cp.tier)},
          {"asynchronous", cp.asynchronous},
          {"writeBytesPerS", cp.writeBytesPerS},
          {"readBytesPerS", cp.readBytesPerS},
          {"writeBottleneck", cp.writeBottleneck},
          {"writeS", finite(cp.writeS)},
          {"hostCopyS", cp.hostCopyS},
          {"blockingS", finite(cp.blockingS)},
          {"persistS", finite(cp.persistS)},
          {"restoreS", finite(cp.restoreS)},
          {"retainedBytes", cp.retainedBytes},
          {"writtenBytesPerDay", cp.writtenBytesPerDay},
          {"enduranceFloorS", cp.enduranceFloorS}}},
        {"interval",
         {{"youngS", finite(iv.youngS)},
          {"dalyS", finite(iv.dalyS)},
          {"chosenS", finite(iv.chosenS)},
          {"automatic", iv.automatic},
          {"floorS", finite(iv.floorS)},
          {"boundBy", iv.boundBy},
          {"steps", optional(iv.steps)}}},
        {"restart",
         {{"detectionS", rs.detectionS},
          {"restartS", rs.restartS},
          {"restoreS", finite(rs.restoreS)},
          {"capacityWaitS", finite(rs.capacityWaitS)},
          {"powerOutageWaitS", finite(rs.powerOutageWaitS)},
          {"totalS", finite(rs.totalS)}}},
        {"goodput",
         {{"goodput", gp.goodput},
          {"shrinkLoss", gp.shrinkLoss},
          {"model", ettrModelName(gp.model)},
          {"renewalGoodput", gp.renewalGoodput},
          {"firstOrderGoodput", gp.firstOrderGoodput},
          {"checkpointLossFraction", gp.losses.checkpointing},
          {"lostWorkFraction", gp.losses.lostWork},
          {"restartLossFraction", gp.losses.restart},
          {"effectiveMfu", optional(gp.effectiveMfu)},
          {"idealTimeToTrainS", optional(gp.idealTimeToTrainS)},
          {"effectiveTimeToTrainS", optional(gp.effectiveTimeToTrainS)},
          {"expectedInterruptions", optional(gp.expectedInterruptions)}}},
        {"spares",
         {{"automatic", sp.automatic},
          {"confidence", sp.confidence},
          {"nodesPerBlastUnit", sp.nodesPerUnit},
          {"jobUnits", sp.jobUnits},
          {"islands", sp.islands},
          {"unitsPerIsland", sp.unitsPerIsland},
          {"idleNodes", sp.idleNodes},
          {"nodeFailuresPerYear", sp.nodeFailuresPerYear},
          {"repairHours", sp.repairHours},
          {"meanFailuresPerIsland", sp.meanFailuresPerIsland},
          {"poissonSparesPerIsland", sp.poissonSparesPerIsland},
          {"binomialSparesPerIsland", sp.binomialSparesPerIsland},
          {"requiredSpareNodes", sp.requiredSpareNodes},
          {"spareNodes", sp.spareNodes},
          {"availability", sp.availability},
          {"shortageProbability", sp.shortageProbability},
          {"mttfHours", finite(sp.mttfHours)},
          {"meanFailedUnitsPerIsland", sp.meanFailedUnitsPerIsland},
          {"meanUnitsWithoutSpare", sp.meanUnitsWithoutSpare},
          {"ctmcStates", sp.ctmcStates},
          {"ctmcTruncationBound", sp.ctmcTruncationBound}}},
        {"monteCarlo", nullptr},
        {"sensitivity",
         {{"clusterSize", clusterRows},
          {"checkpointBandwidth", bandwidthRows},
          {"interval", intervalCurve},
          {"spares", spareCurve}}},
        {"diagnostics", diagnostics},
    };
    if (r.monteCarlo)
        out["monteCarlo"] = {{"samples", r.monteCarlo->samples},
                             {"seed", r.monteCarlo->seed},
                             {"ettr", r.monteCarlo->ettr},
                             {"standardError", r.monteCarlo->standardError},
                             {"closedForm", r.monteCarlo->closedForm}};
    return out;
}

void writeText(std::ostream &out, const ReliabilityResult &r)
{
    out << "Reliability and goodput\n";
    if (r.diagnostics.hasErrors()) {
        out << "  not evaluated:\n";
        for (const Diagnostic &d : r.diagnostics.items())
            out << "    " << d.toString() << '\n';
        return;
    }
    out << format("  cluster failures/day      %10.2f\n", r.clusterFailuresPerDay);
    out << format("  GPU failures (GPU + HBM)  %10.2f a day\n", r.clusterGpuFailuresPerDay);
    out << format("  job interruptions/day     %10.2f   job MTBI %s\n", r.jobInterruptionsPerDay,
                  duration(r.jobMtbiHours * 3600).c_str());
    out << "\n  Failures by component          unit-yr rate   cluster/day   job/day   source\n";
    for (const ComponentFailures &c : r.components)
        out << format("    %-28s %12.4g %13.3f %9.3f   ", c.name.c_str(), c.failuresPerUnitYear,
                      c.clusterFailuresPerDay, c.jobInterruptionsPerDay)
            << c.rateSource << '\n';

    const CheckpointFigures &cp = r.checkpoint;
    out << "\n  Checkpoint\n";
    out << "    size                     " << bytes(cp.sizeBytes) << " ("
        << bytes(cp.shardBytesPerGpu) << " per GPU)\n";
    out << "    tier                     " << checkpointTierName(cp.tier)
        << (cp.asynchronous ? ", asynchronous" : ", synchronous") << '\n';
    out << "    write / read bandwidth   " << bytes(cp.writeBytesPerS) << "/s / "
        << bytes(cp.readBytesPerS) << "/s (limited by " << cp.writeBottleneck << ")\n";
    out << "    write / restore          " << duration(cp.writeS) << " / " << duration(cp.restoreS)
        << '\n';
    out << "    blocks training          " << duration(cp.blockingS);
    if (cp.asynchronous)
        out << " (persist window " << duration(cp.persistS) << ')';
    out << '\n';

    const IntervalFigures &iv = r.interval;
    out << "\n  Interval  Young " << duration(iv.youngS) << ", Daly " << duration(iv.dalyS)
        << ", chosen " << duration(iv.chosenS) << " (" << iv.boundBy << ")";
    if (iv.steps)
        out << format(", every %.0f steps", *iv.steps);
    out << '\n';
    const RestartFigures &rs = r.restart;
    out << "  Restart   " << duration(rs.totalS) << " = detection " << duration(rs.detectionS)
        << " + restart " << duration(rs.restartS) << " + restore " << duration(rs.restoreS)
        << " + wait for capacity " << duration(rs.capacityWaitS) << " + power outage "
        << duration(rs.powerOutageWaitS) << '\n';

    const SparesFigures &sp = r.spares;
    out << "\n  Spares (" << (sp.automatic ? "sized" : "fixed") << ", " << percent(sp.confidence)
        << " confidence)\n";
    out << format("    node-removing failures   %.3f per node-year, repair %.1f h\n",
                  sp.nodeFailuresPerYear, sp.repairHours);
    out << format("    islands                  %d x %d units of %d node(s); %d idle nodes\n",
                  sp.islands, sp.unitsPerIsland, sp.nodesPerUnit, sp.idleNodes);
    out << format("    per island               Poisson %d, binomial %d (mean %.2f failures per "
                  "repair window)\n",
                  sp.poissonSparesPerIsland, sp.binomialSparesPerIsland, sp.meanFailuresPerIsland);
    out << format("    spare nodes              %d (required %d)\n", sp.spareNodes,
                  sp.requiredSpareNodes);
    out << "    job-size availability    " << percent(sp.availability) << ", MTTF "
        << duration(sp.mttfHours * 3600) << ", shortage at a failure "
        << percent(sp.shortageProbability) << '\n';

    const GoodputFigures &gp = r.goodput;
    out << "\n  Goodput (ETTR)             " << percent(gp.goodput) << "  (lost: checkpoints "
        << percent(gp.losses.checkpointing) << ", rework " << percent(gp.losses.lostWork)
        << ", restarts " << percent(gp.losses.restart) << ")\n";
    if (gp.shrinkLoss > 0)
        out << "    running shrunk           " << percent(gp.shrinkLoss)
            << " of throughput (no spare left: replicas wait for repairs)\n";
    out << "    exact exponential model  " << percent(gp.renewalGoodput) << ", first-order "
        << percent(gp.firstOrderGoodput) << '\n';
    if (gp.effectiveMfu)
        out << "  Effective MFU              " << percent(*gp.effectiveMfu) << '\n';
    if (gp.effectiveTimeToTrainS)
        out << "  Time-to-train              " << duration(*gp.idealTimeToTrainS) << " ideal, "
            << duration(*gp.effectiveTimeToTrainS) << " effective"
            << format(" (%.0f interruptions)", gp.expectedInterruptions.value_or(0)) << '\n';
    if (r.monteCarlo)
        out << "  Monte Carlo ETTR           " << percent(r.monteCarlo->ettr) << " +- "
            << percent(r.monteCarlo->standardError)
            << format(" (%d cycles, seed %llu)\n", r.monteCarlo->samples,
                      static_cast<unsigned long long>(r.monteCarlo->seed));

    if (!r.clusterSensitivity.empty()) {
        out << "\n  Goodput vs cluster size (checkpoint storage and wait for a spare fixed)\n"
               "    scale   job GPUs   MTBI      interval     spares   goodput\n";
        for (const ClusterSensitivityRow &row : r.clusterSensitivity)
            out << format("    %5.3g %10d   %-9s %-12s %6d   %s\n", row.scale, row.jobGpus,
                          duration(row.jobMtbiHours * 3600).c_str(),
                          duration(row.intervalS).c_str(), row.spareNodes,
                          percent(row.goodput).c_str());
    }
    if (!r.bandwidthSensitivity.empty()) {
        out << "\n  Goodput vs checkpoint bandwidth\n"
               "    scale   write          blocking     interval     goodput\n";
        for (const BandwidthSensitivityRow &row : r.bandwidthSensitivity)
            out << format("    %5.3g   %-12s %-12s %-12s %s\n", row.scale,
                          (bytes(row.writeBytesPerS) + "/s").c_str(),
                          duration(row.blockingS).c_str(), duration(row.intervalS).c_str(),
                          percent(row.goodput).c_str());
    }
    bool warned = false;
    for (const Diagnostic &d : r.diagnostics.items()) {
        if (!warned)
            out << "\n  Warnings\n";
        warned = true;
        out << "    " << d.toString() << '\n';
    }
}

} // namespace aidc

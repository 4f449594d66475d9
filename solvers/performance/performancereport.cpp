// SPDX-License-Identifier: Apache-2.0
#include "solvers/performance/performancereport.h"
#include "model/diagnosticsjson.h"
#include "model/enumnames.h"
#include "solvers/common/reportformat.h"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

namespace aidc {

namespace {

const char *statusName(PlanStatus status)
{
    switch (status) {
    case PlanStatus::Feasible:
        return "feasible";
    case PlanStatus::InvalidDivisibility:
        return "invalid";
    case PlanStatus::OutOfMemory:
        return "out-of-memory";
    case PlanStatus::TooFewGpus:
        return "too-few-gpus";
    }
    return "invalid";
}

nlohmann::json toJson(const CollectiveChoice &c)
{
    return {{"algorithm", c.algorithm},
            {"tier", c.tier},
            {"wholeInDomainFraction", c.wholeInDomainFraction}};
}

std::string line(const char *fmt, double a, double b = 0, double c = 0)
{
    char buf[256];
    std::snprintf(buf, sizeof buf, fmt, a, b, c);
    return buf;
}

} // namespace

nlohmann::json toJson(const PlanEvaluation &e)
{
    const ParallelPlan &p = e.plan;
    const StepBreakdown &s = e.step;
    const MemoryBreakdown &m = e.memory;
    nlohmann::json j;
    j["plan"] = {{"tp", p.tp},
                 {"pp", p.pp},
                 {"dp", p.dp},
                 {"cp", p.cp},
                 {"ep", p.ep},
                 {"microBatch", p.microBatch},
                 {"virtualStages", p.virtualStages},
                 {"schedule", aidc::toString(p.schedule)},
                 {"zeroStage", p.zeroStage},
                 {"recompute", aidc::toString(p.recompute)}};
    j["status"] = statusName(e.status);
    if (!e.reason.empty())
        j["reason"] = e.reason;
    j["gpusUsed"] = e.gpusUsed;
    j["microBatches"] = e.microBatches;
    j["step"] = {{"computeS", s.computeS},
                 {"recomputeS", s.recomputeS},
                 {"overlapSlowdownS", s.overlapSlowdownS},
                 {"bubbleS", s.bubbleS},
                 {"optimizerS", s.optimizerS},
                 {"tpCommS", s.tpCommS},
                 {"tpHiddenS", s.tpHiddenS},
                 {"cpCommS", s.cpCommS},
                 {"cpHiddenS", s.cpHiddenS},
                 {"epCommS", s.epCommS},
                 {"epHiddenS", s.epHiddenS},
                 {"ppCommS", s.ppCommS},
                 {"ppHiddenS", s.ppHiddenS},
                 {"dpCommS", s.dpCommS},
                 {"dpHiddenS", s.dpHiddenS},
                 {"commS", s.commS()},
                 {"hiddenCommS", s.hiddenCommS()},
                 {"ioS", s.ioS},
                 {"hiddenIoS", s.hiddenIoS},
                 {"stepS", s.stepS}};
    j["memoryPerGpu"] = {{"weightsGB", m.weightsGB},
                         {"gradientsGB", m.gradientsGB},
                         {"optimizerGB", m.optimizerGB},
                         {"activationsGB", m.activationsGB},
                         {"workspaceGB", m.workspaceGB},
                         {"totalGB", m.totalGB},
                         {"capacityGB", m.capacityGB},
                         {"inFlightMicroBatches", m.inFlightMicroBatches},
                         {"fullestStage", toString(m.fullestStage)}};
    j["modelFlopsPerStep"] = e.modelFlopsPerStep;
    j["hardwareFlopsPerStep"] = e.hardwareFlopsPerStep;
    j["mfu"] = e.mfu;
    j["hfu"] = e.hfu;
    j["tokensPerSecond"] = e.tokensPerSecond;
    j["tokensPerStep"] = e.tokensPerStep;
    j["collectives"] = {{"tp", toJson(e.tpCollective)},
                        {"cp", toJson(e.cpCollective)},
                        {"ep", toJson(e.epCollective)},
                        {"pp", toJson(e.ppCollective)},
                        {"dp", toJson(e.dpCollective)}};
    return j;
}

nlohmann::json toJson(const PerformanceResult &r)
{
    nlohmann::json j;
    j["ok"] = r.ok;
    j["automatic"] = r.automatic;
    j["plan"] = toJson(r.plan);
    j["parameters"] = {{"total", r.parameters.total},
                       {"active", r.parameters.active},
                       {"embedding", r.parameters.embedding},
                       {"expert", r.parameters.expert}};
    j["timeToTrainDays"] = r.timeToTrainDays;
    j["peakTflops"] = r.peakTflops;
    j["flopConvention"] = r.flopConvention;
    if (r.search) {
        nlohmann::json s;
        s["found"] = r.search->found;
        s["explanation"] = r.search->explanation;
        if (!r.search->failure.empty())
            s["failure"] = r.search->failure;
        s["evaluated"] = r.search->evaluated;
        s["pruned"] = r.search->pruned;
        s["infeasible"] = r.search->infeasible;
        s["runnerUpTied"] = r.search->runnerUpTied;
        if (r.search->runnerUp)
            s["runnerUp"] = toJson(*r.search->runnerUp);
        j["search"] = s;
    }
    nlohmann::json curve = nlohmann::json::array();
    for (const ScalingPoint &p : r.scaling)
        curve.push_back({{"gpus", p.gpus},
                         {"dp", p.dp},
                         {"mfu", p.mfu},
                         {"tokensPerSecond", p.tokensPerSecond},
                         {"stepS", p.stepS},
                         {"linearity", p.linearity}});
    j["scaling"] = curve;
    j["diagnostics"] = diagnosticsToJson(r.diagnostics);
    return j;
}

void writeText(std::ostream &out, const PerformanceResult &r)
{
    out << "Performance\n";
    if (!r.ok) {
        out << "  no feasible plan\n";
        for (const Diagnostic &d : r.diagnostics.items())
            out << "  " << d.toString() << '\n';
        return;
    }
    const PlanEvaluation &e = r.plan;
    const ParallelPlan &p = e.plan;
    const StepBreakdown &s = e.step;
    out << "  plan (" << (r.automatic ? "searched" : "fixed") << "): TP " << p.tp << " x PP "
        << p.pp << " x DP " << p.dp << " x CP " << p.cp << ", EP " << p.ep << ", micro-batch "
        << p.microBatch << ", " << displayName(p.schedule);
    if (p.schedule == PipelineSchedule::Interleaved)
        out << " (v=" << p.virtualStages << ")";
    out << ", " << displayName(p.recompute) << " recompute, ZeRO-" << p.zeroStage << " on "
        << e.gpusUsed << " GPUs\n";
    out << line("  parameters: %.1f B total, %.1f B active\n", r.parameters.total * 1e-9,
                r.parameters.active * 1e-9);
    out << "  MFU " << formatPercent(e.mfu) << ", HFU " << formatPercent(e.hfu)
        << line(", %.4g tokens/s, time to train %.1f days (before goodput losses)\n",
                e.tokensPerSecond, r.timeToTrainDays);
    out << "  MFU convention: " << r.flopConvention << line(" (%.0f TFLOP/s)\n", r.peakTflops);
    out << line("  step %.3f s = compute %.3f (recompute %.3f)", s.stepS, s.computeS, s.recomputeS)
        << line(" + overlap slowdown %.3f", s.overlapSlowdownS)
        << line(" + bubble %.3f + optimizer %.3f", s.bubbleS, s.optimizerS)
        << line(" + comm %.3f - hidden %.3f", s.commS(), s.hiddenCommS())
        << line(" + I/O %.3f - hidden %.3f\n", s.ioS, s.hiddenIoS);
    auto comm = [&](const char *name, double total, double hidden, const CollectiveChoice &c) {
        if (total <= 0)
            return;
        out << "    " << name << line(": %.3f s, hidden %.3f s", total, hidden) << " ("
            << c.algorithm << ", " << c.tier;
        if (c.wholeInDomainFraction > 0 && c.wholeInDomainFraction < 1)
            out << "; " << formatPercent(c.wholeInDomainFraction, 0)
                << " of the groups whole in a scale-up domain, the rest straddle";
        out << ")\n";
    };
    comm("TP", s.tpCommS, s.tpHiddenS, e.tpCollective);
    comm("CP", s.cpCommS, s.cpHiddenS, e.cpCollective);
    comm("EP", s.epCommS, s.epHiddenS, e.epCollective);
    comm("PP", s.ppCommS, s.ppHiddenS, e.ppCollective);
    comm("DP", s.dpCommS, s.dpHiddenS, e.dpCollective);
    const MemoryBreakdown &m = e.memory;
    out << line("  memory per GPU %.1f of %.1f GB", m.totalGB, m.capacityGB)
        << line(": weights %.1f, gradients %.1f, optimizer %.1f", m.weightsGB, m.gradientsGB,
                m.optimizerGB)
        << line(", activations %.1f, workspace %.1f", m.activationsGB, m.workspaceGB);
    if (p.pp > 1)
        out << " (fullest: the " << toString(m.fullestStage) << " stage)";
    out << '\n';
    if (r.search) {
        out << "  search:\n";
        for (const std::string &l : r.search->explanation)
            out << "    " << l << '\n';
    }
    if (!r.scaling.empty()) {
        out << "  scaling (global batch fixed; linearity = tokens/s per GPU relative to the "
               "smallest point):\n";
        TextTable table({"GPUs", "MFU", "tokens/s", "linearity"});
        for (const ScalingPoint &pt : r.scaling)
            table.addRow({formatCount(std::llround(pt.gpus)), formatPercent(pt.mfu),
                          formatSignificant(pt.tokensPerSecond, 4), formatFixed(pt.linearity, 2)});
        std::ostringstream rows;
        table.write(rows);
        std::istringstream lines(rows.str());
        for (std::string row; std::getline(lines, row);)
            out << "  " << row << '\n';
    }
    for (const Diagnostic &d : r.diagnostics.items())
        out << "  " << d.toString() << '\n';
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "chartdata.h"

#include "model/enumnames.h"
#include "solvers/pipeline/report.h"

#include <algorithm>
#include <cmath>

namespace aidc::ui {

ChartData chartData(const Project &project, const Result &result, const Catalog &catalog)
{
    ChartData data;
    const Summary &summary = result.summary;
    auto add = [](std::vector<LabelledValue> &out, const char *label, double value) {
        if (value > 0)
            out.push_back({label, value});
    };

    const PowerResult &power = result.power;
    if (power.itPeakW > 0) {
        // The power solver's peak breakdown, IT first, then what the facility adds.
        const ItBreakdown &it = power.itPeak;
        add(data.powerBreakdownW, "GPUs", it.gpuW);
        add(data.powerBreakdownW, "Rest of servers", it.serverOtherW);
        add(data.powerBreakdownW, "Rack distribution", it.distributionW);
        add(data.powerBreakdownW, "Network", it.networkW);
        add(data.powerBreakdownW, "Storage", it.storageW);
        add(data.powerBreakdownW, "Management", it.managementW);
        add(data.powerBreakdownW, "Other IT", it.otherW);
        add(data.powerBreakdownW, "Cooling", power.cooling.peakW());
        add(data.powerBreakdownW, "Conversion losses", power.chainLossPeakW);
        add(data.powerBreakdownW, "Facility misc.", power.miscPeakW);
    } else {
        // Without the power solver: GPUs at TDP x the provisioning factor and the rest of each
        // server up to its catalog nameplate.
        double gpuW = 0, restOfServerW = 0;
        for (const PoolLayout &pool : result.layout.pools) {
            const Accelerator *gpu = catalog.accelerator(pool.accelerator);
            const Server *server = catalog.server(pool.server);
            if (!gpu || !server)
                continue;
            gpuW += pool.gpus * gpu->tdpW * project.power.gpuLoadFactor;
            restOfServerW += pool.servers * server->maxPowerW - pool.gpus * gpu->tdpW;
        }
        add(data.powerBreakdownW, "GPUs", gpuW);
        add(data.powerBreakdownW, "Rest of servers", restOfServerW);
    }

    for (const PoolSummary &pool : summary.pools) {
        data.poolGpus.push_back({pool.name, double(pool.gpus)});
        data.poolItNameplateMW.push_back({pool.name, pool.itPowerNameplateW / 1e6});
    }

    for (const CategoryCost &category : result.cost.categories)
        add(data.capexBreakdownUsd, costCategoryName(category.category), category.capexUsd);

    if (result.performance && result.performance->ok) {
        const StepBreakdown &step = result.performance->plan.step;
        auto &out = data.stepTimeBreakdownS;
        add(out, "Compute", step.computeS - step.recomputeS);
        add(out, "Recompute", step.recomputeS);
        add(out, "Exposed TP", step.tpCommS - step.tpHiddenS);
        add(out, "Exposed CP", step.cpCommS - step.cpHiddenS);
        add(out, "Exposed EP", step.epCommS - step.epHiddenS);
        add(out, "Exposed PP", step.ppCommS - step.ppHiddenS);
        add(out, "Exposed DP", step.dpCommS - step.dpHiddenS);
        add(out, "Bubble", step.bubbleS);
        add(out, "Optimizer", step.optimizerS);
        add(out, "Exposed I/O", step.ioS - step.hiddenIoS);
        CurveSeries mfu{"MFU", {}};
        for (const ScalingPoint &point : result.performance->scaling)
            mfu.points.push_back({double(point.gpus), point.mfu});
        if (!mfu.points.empty())
            data.scalingCurve.push_back(std::move(mfu));
    }

    if (result.reliability) {
        for (const ClassFailures &c : result.reliability->byClass)
            add(data.failuresPerDay, c.componentClass.c_str(), c.clusterFailuresPerDay);
        CurveSeries goodput{"goodput", {}};
        for (const IntervalPoint &point : result.reliability->intervalCurve)
            goodput.points.push_back({point.intervalS / 60.0, point.goodput});
        if (!goodput.points.empty())
            data.goodputVsInterval.push_back(std::move(goodput));
    }

    if (result.loadProfile) {
        const LoadProfileInputs &inputs = result.loadProfile->inputs;
        constexpr double kPoints = 2000;
        const double window = loadProfileWindowS(inputs);
        const double resolutionS = std::max(0.01, window / kPoints);
        CurveSeries it{"IT", {}, false};
        CurveSeries utility{"utility", {}, false};
        sampleLoadProfile(inputs, resolutionS, [&](const LoadSample &sample) {
            it.points.push_back({sample.timeS, sample.itW / 1e6});
            utility.points.push_back({sample.timeS, sample.utilityW / 1e6});
        });
        if (!it.points.empty()) {
            data.loadProfileMW.push_back(std::move(utility));
            data.loadProfileMW.push_back(std::move(it));
        }
    }
    return data;
}

ResultTables resultTables(const Result &result)
{
    ResultTables tables;
    tables.racks = rackTable(result); // the table `aidc racks` writes
    tables.halls = hallTable(result); // the table `aidc halls` writes
    tables.pools.header = {"Pool",    "Accelerator", "Server",           "GPUs",
                           "Servers", "Racks",       "IT nameplate (kW)"};
    for (const PoolSummary &pool : result.summary.pools) {
        tables.pools.rows.push_back({pool.name, pool.accelerator, pool.server,
                                     std::to_string(pool.gpus), std::to_string(pool.servers),
                                     std::to_string(pool.racks),
                                     formatCsvNumber(pool.itPowerNameplateW / 1000.0)});
    }
    tables.bom = bomTable(result); // the table `aidc bom` writes
    return tables;
}

} // namespace aidc::ui

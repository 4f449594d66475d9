// SPDX-License-Identifier: Apache-2.0
#include "project.h"

namespace aidc {

std::optional<double> waterClassLimitC(WaterClass waterClass)
{
    switch (waterClass) {
    case WaterClass::W17:
        return 17.0;
    case WaterClass::W27:
        return 27.0;
    case WaterClass::W32:
        return 32.0;
    case WaterClass::W40:
        return 40.0;
    case WaterClass::W45:
        return 45.0;
    case WaterClass::WPlus:
        break;
    }
    return std::nullopt;
}

bool Parallelism::fixesAnything() const
{
    return tp || pp || dp || cp || ep || microBatch || virtualStages || schedule || zeroStage ||
           recompute;
}

bool Parallelism::complete() const
{
    const bool interleaved = schedule && *schedule == PipelineSchedule::Interleaved;
    return tp && pp && cp && ep && microBatch && schedule && zeroStage && recompute &&
           (!interleaved || virtualStages);
}

int Project::totalGpus() const
{
    int total = 0;
    for (const ComputePool &pool : pools)
        total += pool.gpuCount;
    return total;
}

const ComputePool *Project::findPool(const std::string &poolName) const
{
    for (const ComputePool &pool : pools) {
        if (pool.name == poolName)
            return &pool;
    }
    return nullptr;
}

bool WarningAcknowledgement::covers(const Diagnostic &d) const
{
    return d.severity == Severity::Warning && d.jsonPath == path && !contains.empty() &&
           d.message.find(contains) != std::string::npos;
}

} // namespace aidc

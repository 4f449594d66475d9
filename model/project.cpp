#include "project.h"

namespace aidc {

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

} // namespace aidc

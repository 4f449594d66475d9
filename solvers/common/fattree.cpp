// SPDX-License-Identifier: Apache-2.0
#include "solvers/common/fattree.h"

#include <algorithm>
#include <cmath>

namespace aidc {

int fatTreeDownPorts(int radix, double oversubscription)
{
    const int up = int(std::ceil(double(radix) / (oversubscription + 1.0) - 1e-9));
    return std::max(0, radix - std::max(1, up));
}

int fatTreeUpPorts(int down, double oversubscription)
{
    return std::max(1, int(std::ceil(double(down) / oversubscription - 1e-9)));
}

int fatTreeTopFanOut(int up, std::int64_t children, int limit)
{
    for (int m = 1; m <= up; ++m) {
        if (up % m == 0 && children * (up / m) <= limit)
            return m;
    }
    return 0;
}

namespace {

// fatTreeTierSwitches for one choice of tier-2 pods; `topFits`: the top tier takes its pods.
std::vector<std::int64_t> tierSwitches(std::int64_t leaves, int leafUpPorts, int radix,
                                       const std::vector<double> &oversubscription, int tiers,
                                       int maxTiers, int rails, bool &topFits)
{
    topFits = true;
    std::vector<std::int64_t> switches{leaves};
    if (leaves <= 1 || radix < 2 || leafUpPorts < 1)
        return switches;
    auto boundary = [&](int tier) { // oversubscription above tier `tier` (1 = leaf)
        const std::size_t i = std::size_t(tier - 1);
        return i < oversubscription.size() ? std::max(1.0, oversubscription[i]) : 1.0;
    };
    std::int64_t pods = leaves; // tier-(j-1) pods
    std::int64_t positions = 1; // switches per tier-(j-1) pod
    int up = leafUpPorts;       // uplinks of each tier-(j-1) switch
    for (int tier = 2;; ++tier) {
        const bool top = tiers > 0 ? tier >= tiers : (pods <= radix || tier >= maxTiers);
        if (top) {
            const int fanOut = fatTreeTopFanOut(up, pods, radix);
            topFits = fanOut > 0;
            switches.push_back(positions * (fanOut > 0 ? fanOut : up));
            return switches;
        }
        const int down = fatTreeDownPorts(radix, boundary(tier));
        const std::int64_t railLeaves = tier == 2 && rails > 1 ? down / rails : 0;
        const int railFanOut = railLeaves > 0 ? fatTreeTopFanOut(up, railLeaves, down) : 0;
        if (railFanOut > 0) {
            const std::int64_t podLeaves = railLeaves * rails;
            pods = (pods + podLeaves - 1) / podLeaves * rails;
            positions = railFanOut;
            switches.push_back(pods * positions);
            up = fatTreeUpPorts(int(railLeaves * (up / railFanOut)), boundary(tier));
            continue;
        }
        positions *= up;
        pods = (pods + down - 1) / std::max(1, down);
        switches.push_back(pods * positions);
        up = fatTreeUpPorts(down, boundary(tier));
    }
}

} // namespace

std::vector<std::int64_t> fatTreeTierSwitches(std::int64_t leaves, int leafUpPorts, int radix,
                                              const std::vector<double> &oversubscription,
                                              int tiers, int maxTiers, int rails)
{
    // As the fabric solver: pods per rail unless the top tier cannot join them (or they would
    // take a tier more), then shared spines.
    bool sharedFits = true, splitFits = false;
    std::vector<std::int64_t> shared =
        tierSwitches(leaves, leafUpPorts, radix, oversubscription, tiers, maxTiers, 1, sharedFits);
    if (rails <= 1)
        return shared;
    std::vector<std::int64_t> split = tierSwitches(leaves, leafUpPorts, radix, oversubscription,
                                                   tiers, maxTiers, rails, splitFits);
    return splitFits && split.size() <= shared.size() ? split : shared;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/performance/collectives.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace aidc {

const char *toString(CollectiveAlgorithm algorithm)
{
    switch (algorithm) {
    case CollectiveAlgorithm::None:
        return "none";
    case CollectiveAlgorithm::Ring:
        return "ring";
    case CollectiveAlgorithm::Tree:
        return "tree";
    case CollectiveAlgorithm::HalvingDoubling:
        return "halving-doubling";
    case CollectiveAlgorithm::Hierarchical:
        return "hierarchical";
    case CollectiveAlgorithm::InNetwork:
        return "in-network";
    case CollectiveAlgorithm::Pairwise:
        return "pairwise";
    case CollectiveAlgorithm::PointToPoint:
        return "point-to-point";
    }
    return "none";
}

const char *toString(NetworkTier tier)
{
    switch (tier) {
    case NetworkTier::None:
        return "none";
    case NetworkTier::ScaleUp:
        return "scale-up";
    case NetworkTier::Rail:
        return "rail";
    case NetworkTier::Island:
        return "island";
    case NetworkTier::CrossIsland:
        return "cross-island";
    }
    return "none";
}

GroupSpan FabricModel::span(int stride, int ranks) const
{
    GroupSpan g;
    g.ranks = ranks;
    g.inNetworkReduction = inNetworkReduction;
    if (ranks <= 1)
        return g;
    const long long spanGpus = static_cast<long long>(stride) * ranks;
    const long long domain = scaleUpDomain;
    int inside = 1;
    g.wholeInDomainFraction = 0;
    if (stride < scaleUpDomain) {
        const bool tiles = spanGpus % domain == 0 || domain % spanGpus == 0;
        if (tiles) {
            inside = static_cast<int>(std::min<long long>(ranks, std::max(1LL, domain / stride)));
            g.wholeInDomainFraction = spanGpus <= domain ? 1.0 : 0.0;
        } else {
            // The worst straddling group keeps only its smallest piece inside one domain.
            const long long piece = std::gcd(spanGpus, domain);
            inside = static_cast<int>(std::clamp<long long>(piece / stride, 1, ranks));
            if (spanGpus < domain) {
                // Over one period lcm(block, domain), every domain boundary but the first cuts
                // one block: (lcm/domain - 1) of the lcm/block blocks straddle.
                const long long period = std::lcm(spanGpus, domain);
                g.wholeInDomainFraction =
                    1.0 - double(period / domain - 1) / double(period / spanGpus);
            }
        }
    }
    if (inside > 1) {
        g.levels[g.levelCount++] = {inside, scaleUpBytesPerS, scaleUpLatencyS, false};
        g.tier = NetworkTier::ScaleUp;
    }
    const int outside = (ranks + inside - 1) / inside;
    if (outside <= 1)
        return g;

    const bool oneRail = railGroupGpus > 0 && spanGpus <= railGroupGpus;
    const double islandBytesPerS = oneRail ? nicBytesPerS : nicBytesPerS / leafOversubscription;
    const double islandLatencyS = scaleOutLatencyS + (oneRail ? 0.0 : 2.0 * hopLatencyS);
    if (islandGpus <= 0 || spanGpus <= islandGpus) {
        g.levels[g.levelCount++] = {outside, islandBytesPerS, islandLatencyS, true};
        g.tier = oneRail ? NetworkTier::Rail : NetworkTier::Island;
        return g;
    }
    const long long perIslandStride = static_cast<long long>(stride) * inside;
    const int inIsland =
        static_cast<int>(std::clamp<long long>(islandGpus / perIslandStride, 1, outside));
    if (inIsland > 1)
        g.levels[g.levelCount++] = {inIsland, islandBytesPerS, islandLatencyS, true};
    const int islands = (outside + inIsland - 1) / inIsland;
    if (islands > 1) {
        g.levels[g.levelCount++] = {islands, nicBytesPerS / islandOversubscription,
                                    scaleOutLatencyS + 2.0 * tiers * hopLatencyS, true};
        g.tier = NetworkTier::CrossIsland;
    } else {
        g.tier = NetworkTier::Island;
    }
    return g;
}

namespace {

// Flat all-reduce among one level's ranks.
CollectiveTime flatAllReduce(const GroupLevel &level, double bytes, bool inNetwork)
{
    const double p = level.ranks;
    if (level.ranks <= 1)
        return {};
    const double bw = 2.0 * (p - 1) / p * bytes / level.bytesPerS;
    CollectiveTime best{2.0 * (p - 1) * level.latencyS + bw, CollectiveAlgorithm::Ring};
    const double logP = std::log2(p);
    // The double binary tree moves the whole buffer up one tree and down the other.
    const double tree = 2.0 * logP * level.latencyS + 2.0 * bytes / level.bytesPerS;
    if (tree < best.seconds)
        best = {tree, CollectiveAlgorithm::Tree};
    if (isPowerOfTwo(level.ranks)) {
        const double hd = 2.0 * logP * level.latencyS + bw;
        if (hd < best.seconds)
            best = {hd, CollectiveAlgorithm::HalvingDoubling};
    }
    if (inNetwork && level.network) {
        // SHARP: each rank sends and receives its buffer once (model assumption [U]).
        const double sharp = 2.0 * level.latencyS + bytes / level.bytesPerS;
        if (sharp < best.seconds)
            best = {sharp, CollectiveAlgorithm::InNetwork};
    }
    return best;
}

double flatRing(const GroupLevel &level, double bytes)
{
    const double p = level.ranks;
    if (level.ranks <= 1)
        return 0;
    return (p - 1) * level.latencyS + (p - 1) / p * bytes / level.bytesPerS;
}

// A flat ring over every rank of the group runs at the slowest level's bandwidth.
GroupLevel flattened(const GroupSpan &group)
{
    GroupLevel flat{group.ranks, 1e300, 0, false};
    for (int i = 0; i < group.levelCount; ++i) {
        flat.bytesPerS = std::min(flat.bytesPerS, group.levels[i].bytesPerS);
        flat.latencyS = std::max(flat.latencyS, group.levels[i].latencyS);
        flat.network = flat.network || group.levels[i].network;
    }
    return flat;
}

double hierarchicalAllReduce(const GroupSpan &group, int from, double bytes, bool inNetwork)
{
    if (from >= group.levelCount)
        return 0;
    const GroupLevel &level = group.levels[from];
    if (from == group.levelCount - 1)
        return flatAllReduce(level, bytes, inNetwork).seconds;
    return 2.0 * flatRing(level, bytes) +
           hierarchicalAllReduce(group, from + 1, bytes / level.ranks, inNetwork);
}

} // namespace

CollectiveTime allReduce(const GroupSpan &group, double bytes)
{
    if (group.ranks <= 1 || group.levelCount == 0 || bytes <= 0)
        return {};
    const bool inNetwork = group.inNetworkReduction;
    if (group.levelCount == 1)
        return flatAllReduce(group.levels[0], bytes, inNetwork);
    CollectiveTime best = flatAllReduce(flattened(group), bytes, inNetwork);
    const double hier = hierarchicalAllReduce(group, 0, bytes, inNetwork);
    if (hier < best.seconds)
        best = {hier, CollectiveAlgorithm::Hierarchical};
    return best;
}

CollectiveTime reduceScatter(const GroupSpan &group, double bytes)
{
    if (group.ranks <= 1 || group.levelCount == 0 || bytes <= 0)
        return {};
    if (group.levelCount == 1)
        return {flatRing(group.levels[0], bytes), CollectiveAlgorithm::Ring};
    CollectiveTime best{flatRing(flattened(group), bytes), CollectiveAlgorithm::Ring};
    // NCCL runs reduce-scatter and all-gather as one ring over every rank: one channel per
    // rail moves each level's share at that level's bandwidth, but the ring still takes
    // p - 1 steps. Of those, the steps that leave a level-k block cross the level-k links.
    double bandwidthS = 0, remaining = bytes;
    for (int i = 0; i < group.levelCount; ++i) {
        const GroupLevel &level = group.levels[i];
        bandwidthS += double(level.ranks - 1) / level.ranks * remaining / level.bytesPerS;
        remaining /= level.ranks;
    }
    // The closed ring has p hops, blocks(k) - blocks(k+1) of them at level k (the top level
    // closes the ring); the slowest chunk travels every hop but one cheap one.
    double latencyS = 0, blocks = group.ranks, cheapest = 1e300;
    for (int i = 0; i < group.levelCount; ++i) {
        const double outer = blocks / group.levels[i].ranks; // blocks of the next level up
        const double hops = i + 1 < group.levelCount ? blocks - outer : blocks;
        latencyS += hops * group.levels[i].latencyS;
        cheapest = std::min(cheapest, group.levels[i].latencyS);
        blocks = outer;
    }
    latencyS -= cheapest;
    const double hier = bandwidthS + latencyS;
    if (hier < best.seconds)
        best = {hier, CollectiveAlgorithm::Hierarchical};
    return best;
}

CollectiveTime allToAll(const GroupSpan &group, double bytes)
{
    if (group.ranks <= 1 || group.levelCount == 0 || bytes <= 0)
        return {};
    const double p = group.ranks;
    // Share of the destinations reached through each level: a rank's peers inside its own
    // level-0 block go over level 0, the next block size over level 1, and so on. Each level's
    // links work in parallel with the others (NVLink vs NIC); the NIC carries every network
    // level, so network levels add up.
    double reach = 1, scaleUpS = 0, networkS = 0, latencyS = 0;
    for (int i = 0; i < group.levelCount; ++i) {
        const GroupLevel &level = group.levels[i];
        const double newReach = reach * level.ranks;
        const double share = (std::min(newReach, p) - reach) / p;
        reach = newReach;
        const double t = share * bytes / level.bytesPerS;
        if (level.network)
            networkS += t;
        else
            scaleUpS += t;
        latencyS = std::max(latencyS, level.latencyS);
    }
    return {std::max(scaleUpS, networkS) + (p - 1) * latencyS, CollectiveAlgorithm::Pairwise};
}

CollectiveTime pointToPoint(const GroupSpan &group, double bytes)
{
    if (group.ranks <= 1 || group.levelCount == 0)
        return {};
    const GroupLevel flat = flattened(group);
    return {flat.latencyS + bytes / flat.bytesPerS, CollectiveAlgorithm::PointToPoint};
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Alpha-beta costs of the collectives a training step issues, with the algorithm that fits and
// the bandwidth of the fabric tier a group spans: Thakur, Rabenseifner & Gropp, NCCL 2.4 double
// binary trees and nccl-tests bus bandwidth [ref:thakur-2005; ref:nccl-2-4-blog;
// ref:nccl-tests-perf]. Internal to solvers/performance.

#include "solvers/performance/performanceinputs.h"

namespace aidc {

enum class CollectiveAlgorithm {
    None,
    Ring,
    Tree,
    HalvingDoubling,
    Hierarchical,
    InNetwork,
    Pairwise,
    PointToPoint
};
enum class NetworkTier { None, ScaleUp, Rail, Island, CrossIsland };

const char *toString(CollectiveAlgorithm algorithm);
const char *toString(NetworkTier tier);

inline bool isPowerOfTwo(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

// One level of a group's hierarchy: `ranks` members talk at `bytesPerS` (bus bandwidth,
// efficiency applied) with `latencyS` per message.
struct GroupLevel
{
    int ranks = 1;
    double bytesPerS = 1;
    double latencyS = 0;
    bool network = false; // false: scale-up links
};

// A communication group split into at most three levels: inside a scale-up domain, across
// domains inside an island (or rail group), across islands through the oversubscribed tier.
struct GroupSpan
{
    GroupLevel levels[3];
    int levelCount = 0;
    int ranks = 1;
    NetworkTier tier = NetworkTier::None; // the slowest tier crossed
    bool inNetworkReduction = false;      // the scale-out levels can reduce in the switches
    // Share of this dimension's groups whose members all sit in one scale-up domain. Below 1
    // when the group's block of consecutive GPUs does not tile the domain (EP 64 in a 72-GPU
    // NVL72 rack: 2 of every 9 groups fit whole); the levels then describe the worst group.
    double wholeInDomainFraction = 1;
};

struct CollectiveTime
{
    double seconds = 0;
    CollectiveAlgorithm algorithm = CollectiveAlgorithm::None;
};

// Network parameters in SI units, precomputed once per model.
struct FabricModel
{
    int scaleUpDomain = 8;
    double scaleUpBytesPerS = 0; // link bandwidth x scale-up bus efficiency
    double nicBytesPerS = 0;     // NIC rate x scale-out bus efficiency
    int islandGpus = 0;
    int railGroupGpus = 0;
    double leafOversubscription = 1;
    double islandOversubscription = 1;
    double scaleUpLatencyS = 0;
    double scaleOutLatencyS = 0;
    double hopLatencyS = 0;
    int tiers = 2;
    bool inNetworkReduction = false;

    // The group of `ranks` members whose consecutive members are `stride` GPUs apart
    // (placement: consecutive GPUs fill scale-up domains, then rails, then islands). A group
    // and the stride - 1 groups interleaved with it occupy a block of stride x ranks
    // consecutive GPUs. When blocks do not tile the scale-up domain (neither divides the
    // other), some groups straddle two domains; in a synchronous step the slowest group sets
    // the pace, so the levels describe the worst group: only gcd(block, domain) / stride of
    // its ranks share a domain and the rest talk over the network.
    GroupSpan span(int stride, int ranks) const;
};

// All-reduce of `bytes` per rank: the fastest of [ref:thakur-2005; ref:nccl-2-4-blog]
//   ring                      2(p-1) alpha + 2 (p-1)/p n/B
//   double binary tree        2 log2(p) alpha + 2 n/B   (NCCL: the whole buffer goes up one
//                             tree and down the other, pipelined; no (p-1)/p saving)
//   halving-doubling          2 log2(p) alpha + 2 (p-1)/p n/B   (power-of-two groups only)
//   in-network (SHARP/NVLS)   2 alpha + n/B             (when the fabric has it)
//   hierarchical              reduce-scatter inside, all-reduce across, all-gather inside.
// So halving-doubling wins on power-of-two groups, the tree on other groups when latency
// dominates (small buffers, many ranks), the ring on other groups for large buffers.
CollectiveTime allReduce(const GroupSpan &group, double bytes);
// Reduce-scatter or all-gather of `bytes` (the full buffer per rank): (p-1) alpha + (p-1)/p n/B
// for a flat ring; across tiers, NCCL's ring with one channel per rail ("hierarchical"): each
// level moves its share of the buffer at its own bandwidth, but the ring still takes p - 1
// latency steps, each paid at the latency of the tier it crosses.
CollectiveTime reduceScatter(const GroupSpan &group, double bytes);
// All-to-all where each rank sends `bytes` in total, spread evenly over the group (pairwise).
CollectiveTime allToAll(const GroupSpan &group, double bytes);
// One point-to-point message of `bytes` over the group's slowest tier.
CollectiveTime pointToPoint(const GroupSpan &group, double bytes);

} // namespace aidc

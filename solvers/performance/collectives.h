#pragma once

// Alpha-beta costs of the collectives a training step issues, with the algorithm that fits and
// the bandwidth of the fabric tier a group spans [handbook performance.md §4, fabric.md §2;
// Thakur, Rabenseifner & Gropp, IJHPCA 2005; NCCL 2.4 double binary trees; nccl-tests
// PERFORMANCE.md for bus bandwidth]. Internal to solvers/performance.

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
    // (placement: consecutive GPUs fill scale-up domains, then rails, then islands).
    GroupSpan span(int stride, int ranks) const;
};

// All-reduce of `bytes` per rank: the fastest of ring, double binary tree, recursive
// halving-doubling (power-of-two groups), in-network reduction (when the fabric has it) and the
// hierarchical form (reduce-scatter inside, all-reduce across, all-gather inside).
CollectiveTime allReduce(const GroupSpan &group, double bytes);
// Reduce-scatter or all-gather of `bytes` (the full buffer per rank): ring or hierarchical.
CollectiveTime reduceScatter(const GroupSpan &group, double bytes);
// All-to-all where each rank sends `bytes` in total, spread evenly over the group (pairwise).
CollectiveTime allToAll(const GroupSpan &group, double bytes);
// One point-to-point message of `bytes` over the group's slowest tier.
CollectiveTime pointToPoint(const GroupSpan &group, double bytes);

} // namespace aidc

// Collective costs against the alpha-beta formulas of Thakur, Rabenseifner & Gropp (IJHPCA
// 2005) as tabulated in handbook performance.md §4, computed by hand here.

#include "solvers/performance/collectives.h"

#include <catch2/catch.hpp>

using namespace aidc;

namespace {

FabricModel fabric()
{
    FabricModel f;
    f.scaleUpDomain = 8;
    f.scaleUpBytesPerS = 300e9;
    f.nicBytesPerS = 50e9;
    f.scaleUpLatencyS = 3e-6;
    f.scaleOutLatencyS = 8e-6;
    f.hopLatencyS = 0.5e-6;
    f.tiers = 3;
    return f;
}

} // namespace

TEST_CASE("ring all-reduce inside a scale-up domain follows 2(p-1)alpha + 2(p-1)/p n/B")
{
    const FabricModel f = fabric();
    const GroupSpan g = f.span(1, 8);
    REQUIRE(g.tier == NetworkTier::ScaleUp);
    const double n = 1e9;
    // Large message: bandwidth term dominates, every algorithm shares it; the fastest latency
    // term is 2 log2(8) alpha = 6 alpha (tree/halving-doubling) < 2*7 alpha (ring).
    const double expected = 2.0 * 7 / 8 * n / 300e9 + 6 * 3e-6;
    const CollectiveTime t = allReduce(g, n);
    CHECK(t.seconds == Approx(expected).epsilon(1e-9));
    CHECK(t.algorithm != CollectiveAlgorithm::Ring);
}

TEST_CASE("reduce-scatter is half an all-reduce in bandwidth")
{
    const FabricModel f = fabric();
    const GroupSpan g = f.span(1, 8);
    const double n = 4e9;
    CHECK(reduceScatter(g, n).seconds == Approx(7 * 3e-6 + 7.0 / 8 * n / 300e9));
}

TEST_CASE("a group spanning domains uses the hierarchical algorithm when it is faster")
{
    const FabricModel f = fabric();
    // 64 ranks, 8 per domain: reduce-scatter on NVLink, all-reduce of n/8 over 8 domains on
    // the NIC, all-gather on NVLink [handbook performance.md §4, hierarchical all-reduce].
    const GroupSpan g = f.span(1, 64);
    REQUIRE(g.levelCount == 2);
    const double n = 8e9;
    const double nvlink = 2 * (7 * 3e-6 + 7.0 / 8 * n / 300e9);
    const double alphaNet = 8e-6 + 2 * 0.5e-6;
    const double net = 2.0 * 7 / 8 * (n / 8) / 50e9 + 2 * 3 * alphaNet;
    const CollectiveTime t = allReduce(g, n);
    CHECK(t.algorithm == CollectiveAlgorithm::Hierarchical);
    CHECK(t.seconds == Approx(nvlink + net).epsilon(1e-6));
}

TEST_CASE("crossing a 7:1 island tier divides the NIC bandwidth by 7")
{
    FabricModel f = fabric();
    const GroupSpan flat = f.span(8, 64); // 512 GPUs, one island
    f.islandGpus = 128;
    f.islandOversubscription = 7;
    const GroupSpan split = f.span(8, 64); // 16 ranks per island, 4 islands
    REQUIRE(split.tier == NetworkTier::CrossIsland);
    REQUIRE(split.levelCount == 2);
    CHECK(split.levels[1].bytesPerS == Approx(50e9 / 7));
    const double n = 4e9;
    CHECK(allReduce(split, n).seconds > allReduce(flat, n).seconds);
}

TEST_CASE("in-network reduction halves the all-reduce bandwidth term")
{
    FabricModel f = fabric();
    const double n = 16e9;
    const double plain = allReduce(f.span(8, 128), n).seconds;
    f.inNetworkReduction = true;
    const CollectiveTime sharp = allReduce(f.span(8, 128), n);
    CHECK(sharp.algorithm == CollectiveAlgorithm::InNetwork);
    // 2(p-1)/p n/B -> n/B [handbook performance.md §4: "roughly halves bus bytes"].
    CHECK(sharp.seconds == Approx(plain * 128 / (2.0 * 127)).epsilon(0.01));
}

TEST_CASE("all-to-all inside one NVL72 domain beats the same group across 8-GPU domains")
{
    FabricModel nvl72 = fabric();
    nvl72.scaleUpDomain = 72;
    nvl72.scaleUpBytesPerS = 900e9 * 0.65;
    FabricModel hgx = nvl72;
    hgx.scaleUpDomain = 8;
    const double bytes = 100e6;
    const CollectiveTime in = allToAll(nvl72.span(1, 64), bytes);
    const CollectiveTime out = allToAll(hgx.span(1, 64), bytes);
    // Across domains 56/64 of the bytes leave on the 50 GB/s NIC.
    CHECK(out.seconds >= 56.0 / 64 * bytes / 50e9);
    CHECK(in.seconds < out.seconds / 5);
}

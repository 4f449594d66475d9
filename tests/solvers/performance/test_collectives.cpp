// SPDX-License-Identifier: Apache-2.0
// Collective costs against the alpha-beta formulas of Thakur, Rabenseifner & Gropp
// [ref:thakur-2005], computed by hand here.

#include "solvers/performance/collectives.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

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
    // Halving-doubling keeps the ring's bandwidth term with log p latency; the double binary
    // tree pays the whole buffer twice (2 n/B), so on a power-of-two group it loses.
    CHECK(t.algorithm == CollectiveAlgorithm::HalvingDoubling);
}

TEST_CASE("on other group sizes the ring wins large buffers and the tree small ones")
{
    FabricModel f = fabric();
    f.scaleUpDomain = 6;
    const GroupSpan g = f.span(1, 6);
    REQUIRE(g.levelCount == 1);
    const double a = 3e-6, b = 300e9;
    // 1 GB: ring 10a + (5/3) n/B = 5.59 ms, tree 2 log2(6) a + 2 n/B = 6.68 ms.
    const double big = 1e9;
    const CollectiveTime ring = allReduce(g, big);
    CHECK(ring.algorithm == CollectiveAlgorithm::Ring);
    CHECK(ring.seconds == Approx(10 * a + 5.0 / 3 * big / b).epsilon(1e-9));
    // 1 KB: ring 30.0 us, tree 15.5 us (latency-bound).
    const double small = 1e3;
    const CollectiveTime tree = allReduce(g, small);
    CHECK(tree.algorithm == CollectiveAlgorithm::Tree);
    CHECK(tree.seconds == Approx(2 * std::log2(6.0) * a + 2 * small / b).epsilon(1e-9));
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
    // the NIC, all-gather on NVLink (hierarchical all-reduce).
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

TEST_CASE("reduce-scatter across domains: one ring per rail, p - 1 latency steps")
{
    const FabricModel f = fabric();
    const GroupSpan g = f.span(1, 64);
    const double n = 8e9;
    // Each GPU reduces 7/8 of the buffer over NVLink and 7/8 of its 1/8 share over its NIC;
    // the closed 64-rank ring has 56 NVLink hops and 8 hops between domains, and the slowest
    // chunk travels 63 of them: 55 on NVLink, 8 over the network.
    const double bandwidth = 7.0 / 8 * n / 300e9 + 7.0 / 8 * (n / 8) / 50e9;
    const double latency = 55 * 3e-6 + 8 * (8e-6 + 2 * 0.5e-6);
    const CollectiveTime t = reduceScatter(g, n);
    CHECK(t.algorithm == CollectiveAlgorithm::Hierarchical);
    CHECK(t.seconds == Approx(bandwidth + latency).epsilon(1e-9));
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
    // 2(p-1)/p n/B -> n/B (in-network reduction roughly halves bus bytes [U]).
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
    const CollectiveTime in = allToAll(nvl72.span(1, 72), bytes);
    const CollectiveTime out = allToAll(hgx.span(1, 72), bytes);
    // Across domains 64/72 of the bytes leave on the 50 GB/s NIC.
    CHECK(out.seconds >= 64.0 / 72 * bytes / 50e9);
    CHECK(in.seconds < out.seconds / 5);
}

namespace {

// Share of groups of `block` consecutive GPUs that sit inside one domain of `domain` GPUs,
// counted group by group over one period of both.
double countWholeGroups(int block, int domain)
{
    const int period = std::lcm(block, domain);
    int whole = 0;
    for (int start = 0; start < period; start += block)
        whole += start / domain == (start + block - 1) / domain ? 1 : 0;
    return double(whole) / (period / block);
}

} // namespace

TEST_CASE("EP groups that do not tile an NVL72 rack straddle two racks and talk over the NIC")
{
    FabricModel nvl72 = fabric();
    nvl72.scaleUpDomain = 72;
    // EP 64 of consecutive ranks: 2 of every 9 groups fit in one 72-GPU rack.
    const GroupSpan ep64 = nvl72.span(1, 64);
    CHECK(ep64.wholeInDomainFraction == Approx(countWholeGroups(64, 72)));
    CHECK(ep64.wholeInDomainFraction == Approx(2.0 / 9));
    // The slowest group sets the pace: its smallest piece is gcd(64, 72) = 8 GPUs, so a rank
    // there reaches 56 of its 64 peers through the NIC, as in an 8-GPU domain.
    REQUIRE(ep64.levelCount == 2);
    CHECK(ep64.levels[0].ranks == 8);
    CHECK(ep64.tier != NetworkTier::ScaleUp);
    const double bytes = 100e6;
    CHECK(allToAll(ep64, bytes).seconds >= 56.0 / 64 * bytes / 50e9);
    FabricModel hgx = nvl72;
    hgx.scaleUpDomain = 8;
    CHECK(allToAll(ep64, bytes).seconds ==
          Approx(allToAll(hgx.span(1, 64), bytes).seconds).epsilon(0.01));
    // Groups that tile the rack stay whole on NVLink.
    for (int ep : {8, 24, 36, 72}) {
        INFO("EP " << ep);
        const GroupSpan g = nvl72.span(1, ep);
        CHECK(g.wholeInDomainFraction == Approx(1));
        CHECK(g.tier == NetworkTier::ScaleUp);
    }
    // EP 32: 6 of every 9 groups whole (the group-by-group count), the rest straddle.
    CHECK(nvl72.span(1, 32).wholeInDomainFraction == Approx(countWholeGroups(32, 72)));
    CHECK(nvl72.span(1, 32).tier != NetworkTier::ScaleUp);
}

// SPDX-License-Identifier: Apache-2.0
// Topology generation: tier counts, switch and link counts against the published fat-tree
// formulas and reference designs (sources next to each check).

#include "fabricfixtures.h"

#include "solvers/common/fattree.h"
#include "solvers/common/planeports.h"
#include "solvers/fabric/topology.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace aidc;
using aidc::test::bareHosts;

namespace {

TopologyInput input(std::int64_t endpoints, int radix, int portsPerHost = 1)
{
    TopologyInput in;
    in.hosts = bareHosts(endpoints / portsPerHost, portsPerHost, portsPerHost);
    in.radix = radix;
    in.railOptimized = portsPerHost > 1;
    return in;
}

std::int64_t switchesOf(const TopologyBuild &b)
{
    std::int64_t n = 0;
    for (const TierPlan &t : b.tiers)
        n += t.switches;
    return n;
}

std::int64_t tierSwitches(const TopologyBuild &b, int tier)
{
    return b.tiers.at(std::size_t(tier - 1)).switches;
}

std::int64_t uplinksOf(const TopologyBuild &b, int tier)
{
    const TierPlan &t = b.tiers.at(std::size_t(tier - 1));
    return t.switches * t.upPorts;
}

} // namespace

TEST_CASE("E_max = 2(k/2)^t for 64- and 48-port switches", "[fabric][topology]")
{
    // Al-Fares et al. [ref:al-fares-2008] and the k = 48 test vector [D].
    CHECK(fatTreeMaxEndpoints(64, 2) == 2048);
    CHECK(fatTreeMaxEndpoints(64, 3) == 65536);
    CHECK(fatTreeMaxEndpoints(48, 2) == 1152);
    CHECK(fatTreeMaxEndpoints(48, 3) == 27648);
    CHECK(fatTreeMaxEndpoints(48, 4) == 663552);
}

TEST_CASE("k = 48 neutral vector: full builds of 2, 3 and 4 tiers", "[fabric][topology]")
{
    // k = 48 [D]: t=2: 1,152 endpoints, 72 switches (48 + 24), 2,304 links;
    // t=3: 27,648 / 2,880 (1,152 + 1,152 + 576) / 82,944; t=4: 663,552 / 96,768 / 2,654,208.
    SECTION("two tiers")
    {
        const TopologyBuild b = buildTopology(input(1152, 48));
        REQUIRE(b.errors.empty());
        CHECK(b.tiers.size() == 2);
        CHECK(tierSwitches(b, 1) == 48);
        CHECK(tierSwitches(b, 2) == 24);
        CHECK(b.topology.linkCount() == 2304);
    }
    SECTION("three tiers")
    {
        const TopologyBuild b = buildTopology(input(27648, 48));
        REQUIRE(b.errors.empty());
        CHECK(b.tiers.size() == 3);
        CHECK(tierSwitches(b, 1) == 1152);
        CHECK(tierSwitches(b, 2) == 1152);
        CHECK(tierSwitches(b, 3) == 576);
        CHECK(b.topology.linkCount() == 82944);
    }
    SECTION("four tiers")
    {
        const TopologyBuild b = buildTopology(input(663552, 48));
        REQUIRE(b.errors.empty());
        CHECK(b.tiers.size() == 4);
        CHECK(switchesOf(b) == 96768);
        CHECK(b.topology.linkCount() == 2654208);
        // every port of every switch used in a full build: (2t-1)(k/2)^(t-1) x k ports
        CHECK(std::int64_t(b.topology.linkCount()) * 2 - 663552 == 96768 * 48);
    }
    SECTION("one endpoint more than a full build needs a tier more")
    {
        CHECK(buildTopology(input(1153, 48)).tiers.size() == 3);
        CHECK(buildTopology(input(27649, 48)).tiers.size() == 4);
    }
}

TEST_CASE("64-port switches: 2,048 endpoints in 2 tiers, 65,536 in 3", "[fabric][topology]")
{
    // E_max = 2 (k/2)^t [ref:al-fares-2008].
    CHECK(buildTopology(input(2048, 64)).tiers.size() == 2);
    CHECK(buildTopology(input(2049, 64)).tiers.size() == 3);
    CHECK(buildTopology(input(65536, 64)).tiers.size() == 3);
    TopologyInput forced = input(2049, 64);
    forced.tiers = 2;
    const TopologyBuild b = buildTopology(forced);
    REQUIRE(b.errors.size() == 1);
    CHECK_THAT(b.errors.front(), Catch::Contains("2048"));
    CHECK(b.topology.linkCount() == 0);
}

TEST_CASE("100,000 H100 backend ports need 4 tiers non-blocking, or islands", "[fabric][topology]")
{
    // [ref:zomi-10k-slides; ref:semianalysis-100k-h100]: 4 tiers of 64-port switches
    // non-blocking; 8 islands with 7:1 above (Meta [ref:zomi-100k-slides]) as the alternative.
    TopologyInput in;
    in.hosts = bareHosts(12500, 8, 8); // 12,500 DGX H100 = 100,000 GPUs
    in.radix = 64;
    const TopologyBuild auto4 = buildTopology(in);
    REQUIRE(auto4.errors.empty());
    CHECK(auto4.tiers.size() == 4);

    in.tiers = 3;
    const TopologyBuild three = buildTopology(in);
    REQUIRE(three.errors.size() == 1);
    CHECK_THAT(three.errors.front(), Catch::Contains("65536"));
    CHECK_THAT(three.errors.front(), Catch::Contains("islands"));

    // Islands of 7 SUs (1,792 GPUs, a 2-tier island whose spines run 56 down / 8 up at 7:1)
    // fit the whole plane in 3 tiers.
    in.islandEndpoints = 1792;
    in.islandOversubscription = 7;
    const TopologyBuild islands = buildTopology(in);
    REQUIRE(islands.errors.empty());
    CHECK(islands.tiers.size() == 3);
    CHECK(islands.islandTier == 2);
    CHECK(islands.islands == (100000 + 1791) / 1792);
}

TEST_CASE("SuperPOD rounding: whole SUs, spines dividing the leaf uplinks", "[fabric][topology]")
{
    // NVIDIA DGX SuperPOD H100 RA [ref:nvidia-superpod-h100-ra]: SU = 32 DGX (256 GPUs),
    // one leaf per rail (8 per SU), 4 SUs: 32 leaves and 16 spines, 2 links from every leaf
    // to every spine (32 uplinks / 16 spines); 127 DGX + UFM on a free leaf port.
    TopologyInput in;
    in.hosts = bareHosts(127, 8, 8);
    in.radix = 64;
    in.managementPorts = 1;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    CHECK(b.tiers.size() == 2);
    CHECK(b.railGroupHosts == 32);
    CHECK(b.railGroups == 4);
    CHECK(tierSwitches(b, 1) == 32);
    CHECK(tierSwitches(b, 2) == 16);
    CHECK(b.tiers[1].linksPerPair == 2);
    CHECK(b.reservedPorts == 1);
    CHECK(b.warnings.empty());

    // A full 128-DGX build leaves no leaf port for UFM: a warning, never a silent overbooking.
    in.hosts = bareHosts(128, 8, 8);
    const TopologyBuild full = buildTopology(in);
    CHECK(full.reservedPorts == 0);
    REQUIRE(full.warnings.size() == 1);
    CHECK_THAT(full.warnings.front(), Catch::Contains("UFM"));

    // A partial SU is cabled as a full SU: 33 DGX still take 2 SUs = 16 leaves.
    in.hosts = bareHosts(33, 8, 8);
    CHECK(tierSwitches(buildTopology(in), 1) == 16);
    // ...whereas a naive ceil(N / (k/2)) would give ceil(264 / 32) = 9 leaves.
}

TEST_CASE("fabric-manager appliances: a primary and an HA one from two ports on",
          "[fabric][topology]")
{
    // UFM runs on a primary and a high-availability server [ref:nvidia-ufm-um]; the appliance
    // has 2 fabric ports (the H100 RA's 4 compute UFM links on 2 appliances).
    CHECK(fabricManagerAppliances(0, 2) == 0);
    CHECK(fabricManagerAppliances(1, 2) == 1);
    CHECK(fabricManagerAppliances(2, 2) == 2);
    CHECK(fabricManagerAppliances(4, 2) == 2);
    CHECK(fabricManagerAppliances(5, 2) == 3);
    CHECK(fabricManagerAppliances(4, 0) == 0);
}

TEST_CASE("the reserved UFM ports are cabled to appliances after the hosts", "[fabric][topology]")
{
    // DGX SuperPOD H100 RA, Table 4, 4 SUs [ref:nvidia-superpod-h100-ra]: 127 DGX, 32 leaves,
    // 16 spines, 1,020 compute + UFM cables (1,016 DGX links + 4 UFM links).
    TopologyInput in;
    in.hosts = bareHosts(127, 8, 8);
    in.radix = 64;
    in.managementPorts = 4;
    in.managerPortsPerAppliance = 2;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    const FabricTopology &g = b.topology;
    CHECK(b.reservedPorts == 4);
    CHECK(b.managerAppliances == 2);
    REQUIRE(g.hosts.size() == 129);
    CHECK(g.hosts[127].kind == HostKind::FabricManager);
    CHECK(g.hosts[128].kind == HostKind::FabricManager);
    CHECK(g.hosts[127].ports + g.hosts[128].ports == 4);
    CHECK(g.hosts[127].gpus == 0);
    CHECK(g.endpointCount() == 1016 + 4);
    CHECK(g.managerEndpoints == 4);
    CHECK(g.hostEndpointCount() == 1016);
    std::int64_t leafLinks = 0;
    for (std::uint8_t level : g.linkLevel)
        leafLinks += level == 0;
    CHECK(leafLinks == 1020);
    CHECK(g.linkCount() == 1020 + 1024);
    // Each UFM link lands on a distinct free port: the last down port of the last four leaves
    // (leaves fill from port 1; 31 DGX per leaf in the fourth SU).
    std::set<std::pair<std::uint32_t, std::uint16_t>> ports;
    for (std::size_t e = 1016; e < g.endpointCount(); ++e) {
        CHECK(g.portB[e] == 32);
        ports.insert({g.linkB[e], g.portB[e]});
    }
    CHECK(ports.size() == 4);
    for (std::size_t e = 0; e < 1016; ++e)
        CHECK_FALSE(ports.count({g.linkB[e], g.portB[e]}));

    // Without an appliance the ports are only kept free.
    in.managerPortsPerAppliance = 0;
    const TopologyBuild bare = buildTopology(in);
    CHECK(bare.reservedPorts == 4);
    CHECK(bare.managerAppliances == 0);
    CHECK(bare.topology.endpointCount() == 1016);
    CHECK(bare.topology.linkCount() == 1016 + 1024);
}

TEST_CASE("rail-optimized and non-rail wiring", "[fabric][topology]")
{
    TopologyInput in;
    in.hosts = bareHosts(32, 8, 8);
    in.radix = 64;
    SECTION("rail-optimized: NIC i of every server on leaf i")
    {
        const TopologyBuild b = buildTopology(in);
        const FabricTopology &g = b.topology;
        for (std::size_t e = 0; e < g.endpointCount(); ++e)
            CHECK(g.switchOf(g.linkB[e]) == g.endpointPort[e]);
    }
    SECTION("non-rail: all 8 ports of a server on one leaf, 4 servers per 32-port leaf")
    {
        in.railOptimized = false;
        const TopologyBuild b = buildTopology(in);
        const FabricTopology &g = b.topology;
        for (std::size_t e = 0; e < g.endpointCount(); ++e)
            CHECK(g.switchOf(g.linkB[e]) == std::size_t(g.endpointHost[e] / 4));
    }
}

// Issue 15, bug 1: a leaf took down / (largest port count of any host) hosts, so two 8-port
// storage nodes on a plane of 2-port servers made every leaf take 4 servers instead of 16.
TEST_CASE("non-rail leaves fill with whole hosts by their own port counts", "[fabric][topology]")
{
    TopologyInput in;
    in.hosts = bareHosts(320, 2, 8); // 320 servers with 2 storage ports each
    const std::vector<FabricHost> storage = bareHosts(2, 8, 0);
    in.hosts.insert(in.hosts.end(), storage.begin(), storage.end());
    in.radix = 64;
    in.railOptimized = false;
    in.tiers = 2;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    // 656 endpoints on 32-port leaves (1:1): 320 x 2 / 32 = 20 leaves for the servers, and the
    // two 8-port nodes (16 ports) on a 21st: 21 leaves, not 320 / 4 + 1 = 81.
    CHECK(tierSwitches(b, 1) == 21);
    const FabricTopology &g = b.topology;
    for (std::size_t e = 0; e < g.endpointCount(); ++e) {
        const std::int64_t host = g.endpointHost[e];
        if (host < 320)
            CHECK(g.switchOf(g.linkB[e]) == std::size_t(host / 16));
    }
}

TEST_CASE("oversubscription 1:1, 3:1, 7:1 changes leaves, spines and uplinks as the math says",
          "[fabric][topology]")
{
    // Leaf split at o:1: down = k o/(o+1), up = k/(o+1) [D]; k = 64:
    // 32/32, 48/16, 56/8. N = 1,344 single-port hosts divides all three leaf sizes.
    // 1:1 -> 42 leaves x 32 up = 1,344 uplinks; top: 42 x 32 / m <= 64 with m | 32 -> m = 32.
    // 3:1 -> 28 leaves x 16 up = 448 = N/3; 28 x 16 / m <= 64 -> m = 8 spines.
    // 7:1 -> 24 leaves x 8 up = 192 = N/7; 24 x 8 / m <= 64 -> m = 4 spines.
    struct Case
    {
        double o;
        std::int64_t leaves, spines, uplinks;
    };
    for (const Case c : {Case{1, 42, 32, 1344}, Case{3, 28, 8, 448}, Case{7, 24, 4, 192}}) {
        TopologyInput in = input(1344, 64);
        in.railOptimized = false;
        in.oversubscription = {c.o};
        const TopologyBuild b = buildTopology(in);
        INFO("oversubscription " << c.o);
        REQUIRE(b.errors.empty());
        REQUIRE(b.tiers.size() == 2);
        CHECK(tierSwitches(b, 1) == c.leaves);
        CHECK(tierSwitches(b, 2) == c.spines);
        CHECK(uplinksOf(b, 1) == c.uplinks);
        CHECK(b.tiers[0].downPorts == std::int64_t(64 * c.o / (c.o + 1)));
    }
}

TEST_CASE("islands: non-blocking inside, 3:1 and 7:1 above, fewer spines and cores",
          "[fabric][topology]")
{
    // 8 islands above a 7:1 layer (Meta [ref:zomi-100k-slides]); island sizes chosen so a 2-tier
    // island's spines fill 64 ports: 7:1 -> 56 leaves (1,792 GPUs), spines 56 down + 8 up;
    // 3:1 -> 48 leaves (1,536 GPUs), spines 48 down + 16 up [D].
    struct Case
    {
        std::int64_t island;
        double o;
        std::int64_t spines, cores;
    };
    // 7:1: 8 islands x 32 spines; top: 8 islands x 8 uplinks per spine position -> 1 core
    //      per position (64 ports) -> 32 cores. Island uplinks 32 x 8 = 256 = 1,792 / 7.
    // 3:1: 8 islands x 32 spines; 16 uplinks per spine, 8 x 16 / m <= 64 -> m = 2 -> 64 cores.
    for (const Case c : {Case{1792, 7, 256, 32}, Case{1536, 3, 256, 64}}) {
        TopologyInput in;
        in.hosts = bareHosts(c.island, 8, 8); // 8 islands: island x 8 GPUs / 8 per server
        in.radix = 64;
        in.islandEndpoints = c.island;
        in.islandOversubscription = c.o;
        const TopologyBuild b = buildTopology(in);
        INFO("island " << c.island << " at " << c.o << ":1");
        REQUIRE(b.errors.empty());
        CHECK(b.tiers.size() == 3);
        CHECK(b.islandTier == 2);
        CHECK(b.islands == 8);
        CHECK(tierSwitches(b, 2) == c.spines);
        CHECK(tierSwitches(b, 3) == c.cores);
        CHECK(uplinksOf(b, 2) * std::int64_t(c.o) == 8 * c.island);
    }
    // The same 14,336 GPUs non-blocking: 14 pods of 1,024, 448 spines, and
    // 14 x 32 / m <= 64 -> m = 8 per spine position -> 256 cores.
    TopologyInput in;
    in.hosts = bareHosts(1792, 8, 8);
    in.radix = 64;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.tiers.size() == 3);
    CHECK(tierSwitches(b, 2) == 448);
    CHECK(tierSwitches(b, 3) == 256);
}

TEST_CASE("breakout: a 64 x 800G switch run at 400G has k = 128", "[fabric][topology]")
{
    // 51.2T as 64 x 800G or 128 x 400G [ref:nvidia-sn5600-um]; E_max(128, 2) = 8,192.
    const Catalog catalog = test::fabricCatalog();
    const SwitchModel *sn = catalog.switchModel("SN5600");
    REQUIRE(sn);
    CHECK(sn->radixAt(400) == 128);
    CHECK(sn->radixAt(1600) == 0);
    CHECK(buildTopology(input(8192, 128)).tiers.size() == 2);
    CHECK(buildTopology(input(8193, 128)).tiers.size() == 3);
}

TEST_CASE("target build-out sizes the top tier", "[fabric][topology]")
{
    // Build 2 SUs now, cable the spines for 8 SUs (upper tiers sized for the planned final size
    // [ref:nvidia-superpod-h100-ra]): 16 leaves x 32 up; for 64 leaves: 64 x 32 / m <= 64
    // -> m = 32 spines (1 link each) instead of 16 x 32 / m <= 64 -> m = 8.
    TopologyInput in;
    in.hosts = bareHosts(64, 8, 8);
    in.radix = 64;
    CHECK(tierSwitches(buildTopology(in), 2) == 8);
    in.targetEndpoints = 2048;
    CHECK(tierSwitches(buildTopology(in), 2) == 32);
}

TEST_CASE("rail groups wider than a pod are packed as plain runs of leaves", "[fabric][topology]")
{
    // 128 rack-scale hosts with 72 NIC ports each (GB200 NVL72 [V] [ref:nvidia-bcm-gb200]):
    // 4 rail groups of 32 racks x 72 rail leaves = 288 leaves; a 64-port spine pod takes 32
    // leaves, so 9 pods of 32 spines (not 12 pods with 8-leaf remnants per group).
    TopologyInput in;
    in.hosts = bareHosts(128, 72, 72);
    in.radix = 64;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    REQUIRE(b.tiers.size() == 3);
    CHECK(tierSwitches(b, 1) == 288);
    CHECK(b.tiers[1].pods == 9);
    CHECK(tierSwitches(b, 2) == 288);
}

// Issue 15, bug 2: the OOB plane was a fat tree of 48 x 1G switches (4 tiers, 3,441 switches for
// 128 racks). A management switch with its own uplink ports (SN2201: 4 x 100G) is one leaf per
// rack whose uplinks go into the in-band network: one tier, no spines.
TEST_CASE("leaves with external uplinks: one tier, one leaf per rack", "[fabric][topology]")
{
    TopologyInput in;
    for (int rack = 0; rack < 3; ++rack) {
        std::vector<FabricHost> hosts = bareHosts(20, 1, 0);
        for (FabricHost &h : hosts)
            h.rack = rack;
        in.hosts.insert(in.hosts.end(), hosts.begin(), hosts.end());
    }
    in.radix = 48;
    in.railOptimized = false;
    in.topOfRack = true;
    in.externalUplinks = 2;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    REQUIRE(b.tiers.size() == 1);
    CHECK(b.tiers[0].switches == 3);
    CHECK(b.tiers[0].upPorts == 2);
    CHECK(b.topology.linkCount() == 60); // host links only: the uplinks leave the plane
}

// The tier estimate the layout reserves network racks with (solvers/common/fattree.h) against
// hand-worked builds of the same rules and the built topology.
TEST_CASE("the fat-tree tier estimate stops at the tier that fits and sizes each tier",
          "[fabric][topology][fattree]")
{
    // Al-Fares et al. [ref:al-fares-2008]: k = 48, full three tiers: k^2/2 = 1,152 leaves with 24
    // uplinks, 1,152 aggregation and k^2/4 = 576 core switches.
    CHECK(fatTreeTierSwitches(1152, 24, 48, {}, 0, 4) ==
          std::vector<std::int64_t>{1152, 1152, 576});
    // 144 leaves of a radix-256 switch fit under one tier: 2 tiers, and the top takes every
    // leaf once per switch: 144 x 128 uplinks / 144 = 128 spines (the even split the fabric
    // builds; the minimal count would be 72). Hand-worked [D].
    CHECK(fatTreeTierSwitches(144, 128, 256, {}, 0, 4) == std::vector<std::int64_t>{144, 128});
    // 159 leaves of radix 64 do not fit under one tier: pods of 32 leaves (5 pods) x 32 spines,
    // then a top tier of 32 positions x fan-out 4 (5 pods x 32/4 = 40 ports each). [D]
    CHECK(fatTreeTierSwitches(159, 32, 64, {}, 0, 4) == std::vector<std::int64_t>{159, 160, 128});
    // 3:1 above the spines: a spine takes 48 pods' leaves down and 16 up; 3 pods; top tier 32
    // positions x fan-out 1 (3 x 16 = 48 ports). [D]
    CHECK(fatTreeTierSwitches(144, 32, 64, {1, 3}, 0, 4) == std::vector<std::int64_t>{144, 96, 32});
    // Tiers fixed by the plane: 2 tiers forced on 159 leaves has no even fan-out (159 x 32 >
    // 64 per top switch for every divisor): one top switch per uplink position.
    CHECK(fatTreeTierSwitches(159, 32, 64, {}, 2, 4) == std::vector<std::int64_t>{159, 32});
    CHECK(fatTreeTierSwitches(1, 32, 64, {}, 0, 4) == std::vector<std::int64_t>{1});

    // The built topology agrees where rail groups and islands do not round it: 4,096 single-port
    // hosts on radix 64 = 128 leaves (> 64: three tiers).
    TopologyInput in = input(4096, 64);
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    std::vector<std::int64_t> built;
    for (const TierPlan &t : b.tiers)
        built.push_back(t.switches);
    CHECK(fatTreeTierSwitches(128, 32, 64, {}, 0, 4) == built);
}

namespace {

// n GB200 NVL72 racks as hosts: 72 backend ports over 18 compute trays, so NIC i of every tray
// is rail i (4 rails of 18 ports) [ref:nvidia-bcm-gb200].
TopologyInput nvl72Racks(int racks)
{
    TopologyInput in;
    in.hosts = bareHosts(racks, 72, 72);
    for (FabricHost &h : in.hosts)
        h.nodes = 18;
    in.radix = 64;
    in.railOptimized = true;
    in.railGroupHosts = 8; // the 8-rack SU
    in.tiers = 3;
    in.spinesPerRail = true;
    return in;
}

} // namespace

TEST_CASE("GB200 NVL72: a leaf per rack and rail, spine groups per rail, as the SuperPOD",
          "[fabric][topology][nvl72]")
{
    // GB200 SuperPOD RA (RA-11338-001), compute fabric, as transcribed by a secondary source [S]:
    // 2 SU (16 racks, 1,152 GPUs) 64 leaf / 48 spine / 18 core; 16 SU 512 / 384 / 144
    // (validation/fabric/README.md). Hand count for 2 SU: 16 racks x 4 rails = 64 leaves of 18
    // down and 18 up; a pod per SU and rail of 8 leaves x 18 uplinks goes on the fewest spines
    // whose 32 down ports take them evenly: 6 spines of 24 (3 links per leaf), 2 x 4 x 6 = 48;
    // the 48 x 24 uplinks on 64-port cores: 1,152 / 64 = 18.
    SECTION("2 SU")
    {
        const TopologyBuild b = buildTopology(nvl72Racks(16));
        REQUIRE(b.errors.empty());
        CHECK(tierSwitches(b, 1) == 64);
        CHECK(tierSwitches(b, 2) == 48);
        CHECK(tierSwitches(b, 3) == 18);
        CHECK(b.tiers[0].upPorts == 18);
        CHECK(b.tiers[1].downPorts == 24);
        CHECK(b.tiers[1].linksPerPair == 3);
        // Every leaf holds one rack's 18 trays of one rail.
        const FabricTopology &g = b.topology;
        for (std::size_t e = 0; e < g.endpointCount(); ++e) {
            const std::int32_t host = g.endpointHost[e];
            const int rail = g.endpointPort[e] % 4;
            const std::int64_t su = host / 8, rackInSu = host % 8;
            CHECK(g.linkB[e] == g.switchVertex(std::size_t(su * 32 + rail * 8 + rackInSu)));
        }
        // A leaf's uplinks all go to the spine group of its own rail.
        for (std::size_t l = 0; l < g.linkCount(); ++l) {
            if (g.linkLevel[l] != 1)
                continue;
            const std::size_t leaf = g.switchOf(g.linkA[l]);
            const std::size_t spine = g.switchOf(g.linkB[l]) - std::size_t(g.tierFirstSwitch[1]);
            CHECK(std::int64_t(spine / 6) ==
                  std::int64_t(leaf / 32) * 4 + std::int64_t(leaf % 32) / 8);
        }
    }
    SECTION("16 SU")
    {
        const TopologyBuild b = buildTopology(nvl72Racks(128));
        REQUIRE(b.errors.empty());
        CHECK(tierSwitches(b, 1) == 512);
        CHECK(tierSwitches(b, 2) == 384);
        CHECK(tierSwitches(b, 3) == 144);
    }
    SECTION("shared spines need fewer: 32 leaves x 18 uplinks on 18 spines of 32")
    {
        TopologyInput in = nvl72Racks(16);
        in.spinesPerRail = false;
        const TopologyBuild b = buildTopology(in);
        REQUIRE(b.errors.empty());
        CHECK(tierSwitches(b, 1) == 64);
        CHECK(tierSwitches(b, 2) == 36);
        CHECK(tierSwitches(b, 3) == 18);
    }
    SECTION("trays count as rail slots: the leaf of 18 down ports leaves 14 free for UFM")
    {
        TopologyInput in = nvl72Racks(16);
        in.managementPorts = 2;
        const TopologyBuild b = buildTopology(in);
        CHECK(b.reservedPorts == 2);
        CHECK(b.warnings.empty());
    }
}

TEST_CASE("GB200 NVL72 without rails: whole trays per leaf, not whole racks",
          "[fabric][topology][nvl72]")
{
    // A 72-port rack cannot sit whole on a 32-port leaf; its trays of 4 ports can: 8 per leaf,
    // so 16 racks x 72 = 1,152 endpoints take 36 leaves [D].
    TopologyInput in = nvl72Racks(16);
    in.railOptimized = false;
    in.tiers.reset();
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    CHECK(tierSwitches(b, 1) == 36);
    const FabricTopology &g = b.topology;
    for (std::size_t e = 0; e + 3 < g.endpointCount(); e += 4) // a tray's 4 NICs share a leaf
        CHECK(g.linkB[e] == g.linkB[e + 3]);
}

TEST_CASE("hosts of different node counts on one rail plane never share a leaf port",
          "[fabric][topology][nvl72]")
{
    // A 4-port server of one node beside an NVL72 rack (72 ports, 18 trays) in a rail group of
    // 2 on 144-port switches, with 2 UFM ports: each host fills its rail leaves from its own
    // node count, and the UFM ports go above the highest port in use (a review found them
    // landing on trays 1 and 2).
    TopologyInput in;
    in.hosts = bareHosts(1, 4, 4);
    FabricHost rack = bareHosts(1, 72, 72).front();
    rack.nodes = 18;
    in.hosts.push_back(rack);
    in.radix = 144;
    in.railOptimized = true;
    in.railGroupHosts = 2;
    in.managementPorts = 2;
    in.managerPortsPerAppliance = 2;
    const TopologyBuild b = buildTopology(in);
    REQUIRE(b.errors.empty());
    CHECK(b.reservedPorts == 2);
    std::set<std::pair<std::uint32_t, std::uint16_t>> taken; // leaf vertex, leaf port
    const FabricTopology &g = b.topology;
    for (std::size_t l = 0; l < g.linkCount(); ++l) {
        if (g.linkLevel[l] != 0)
            continue;
        CHECK(g.portB[l] <= 72); // down ports of a 144-port leaf at 1:1
        CHECK(taken.insert({g.linkB[l], g.portB[l]}).second);
    }
    CHECK(taken.size() == 4 + 72 + 2);
    // One leaf per rail, not one per server: 4 rails.
    CHECK(tierSwitches(b, 1) == 4);
}

TEST_CASE("the rack-space estimate shares the spines where the solver does", "[fabric][fattree]")
{
    // H100 64 SU (RA Table 3: 512 leaf, 512 spine, 256 core): 128 per-rail pods are more than a
    // 64-port core joins, so the solver shares the spines; the estimate must too (it gave 128
    // cores, 128 switches of rack space short).
    const std::vector<std::int64_t> tiers = fatTreeTierSwitches(512, 32, 64, {1.0, 1.0}, 3, 4, 8);
    REQUIRE(tiers.size() == 3);
    CHECK(tiers[1] == 512);
    CHECK(tiers[2] == 256);
    // GB200 16 SU: per rail, as the solver builds it (512 / 384 / 144).
    const std::vector<std::int64_t> gb200 = fatTreeTierSwitches(512, 18, 64, {1.0, 1.0}, 3, 4, 4);
    REQUIRE(gb200.size() == 3);
    CHECK(gb200[1] == 384);
    CHECK(gb200[2] == 144);
}

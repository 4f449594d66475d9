// SPDX-License-Identifier: Apache-2.0
#include "fabricfixtures.h"

namespace aidc::test {

namespace {

SwitchModel switchModel(const std::string &id, const std::string &technology, int radix,
                        double portGbps, int maxBreakout, int portsPerCage, double basePowerW,
                        int heightU)
{
    SwitchModel s;
    s.id = id;
    s.name = id;
    s.technology = technology;
    s.radix = radix;
    s.portGbps = portGbps;
    s.maxBreakout = maxBreakout;
    s.portsPerCage = portsPerCage;
    s.basePowerW = basePowerW;
    s.heightU = heightU;
    return s;
}

Medium medium(const std::string &id, MediumKind kind, double gbps, double reachM,
              double powerWPerEnd, bool transceivers, int linksPerModule, std::vector<double> stock,
              double diameterMm)
{
    Medium m;
    m.id = id;
    m.name = id;
    m.kind = kind;
    m.gbps = gbps;
    m.reachM = reachM;
    m.powerWPerEnd = powerWPerEnd;
    m.needsTransceivers = transceivers;
    m.linksPerModule = linksPerModule;
    m.stockLengthsM = std::move(stock);
    m.diameterMm = diameterMm;
    m.massKgPerM = 0.05;
    return m;
}

const std::vector<double> kDacStock{0.5, 1, 1.5, 2, 2.5, 3};     // [ref:optics-vendor-lists]
const std::vector<double> kAecStock{1, 1.5, 2, 2.5, 3, 4, 5, 7}; // [U]
const std::vector<double> kFibreStock{1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 100}; // [§8]

} // namespace

Catalog fabricCatalog()
{
    Catalog c;
    Accelerator h100;
    h100.id = "H100-SXM";
    h100.name = "H100";
    h100.nicGbps = 400;
    h100.tdpW = 700;
    h100.defaultServer = "DGX-H100";
    c.accelerators.push_back(h100);

    // DGX H100: 8 GPUs, 8U, 8 x 400G via 4 twin-port OSFP cages, 2 x 200G frontend and
    // storage, 1 BMC port [V] [ref:nvidia-dgx-h100-ug].
    Server dgx;
    dgx.id = "DGX-H100";
    dgx.name = "DGX H100";
    dgx.accelerator = "H100-SXM";
    dgx.gpus = 8;
    dgx.heightU = 8;
    dgx.maxPowerW = 10200;
    dgx.backendPorts = 8;
    dgx.backendPortGbps = 400;
    dgx.backendCages = 4;
    dgx.frontendPorts = 2;
    dgx.frontendPortGbps = 200;
    dgx.storagePorts = 2;
    dgx.storagePortGbps = 200;
    dgx.oobPorts = 1;
    c.servers.push_back(dgx);
    // The same with 800G NICs (one per GPU), run as 2 x 400G planes [D].
    Server dgx800 = dgx;
    dgx800.id = "DGX-800G";
    dgx800.backendPortGbps = 800;
    dgx800.backendCages = 8;
    c.servers.push_back(dgx800);

    RackType compute;
    compute.id = "Rack-42U-Air";
    compute.heightU = 42;
    c.rackTypes.push_back(compute);
    RackType network = compute;
    network.id = "Rack-42U-Network";
    network.widthMm = 800;
    c.rackTypes.push_back(network);

    StorageSystem pfs;
    pfs.id = "PFS";
    pfs.heightU = 2;
    pfs.networkPorts = 2;
    pfs.portGbps = 200;
    c.storageSystems.push_back(pfs);

    // QM9700: 64 x 400G NDR, 32 twin-port OSFP, 1U, ~747 W with DAC [ref:nvidia-qm9700-um;
    // ref:zomi-100k-slides].
    c.switches.push_back(switchModel("QM9700", "infiniband", 64, 400, 2, 2, 747, 1));
    // A 48-port switch for the neutral k = 48 test vectors [D].
    c.switches.push_back(switchModel("K48", "infiniband", 48, 400, 1, 1, 500, 1));
    // SN5600-like: 64 x 800G, split 2 x 400G (128 ports) [ref:nvidia-sn5600-um].
    c.switches.push_back(switchModel("SN5600", "ethernet", 64, 800, 2, 1, 1000, 2));
    c.switches.push_back(switchModel("FE32", "ethernet", 32, 400, 2, 1, 450, 1));
    c.switches.push_back(switchModel("OOB48", "ethernet", 48, 1, 1, 1, 100, 1));

    // 400G ladder, cheapest first [ref:zomi-100k-slides; ref:optics-vendor-lists].
    c.media.push_back(medium("DAC-400G", MediumKind::Dac, 400, 3, 0, false, 1, kDacStock, 9));
    c.media.push_back(medium("AEC-400G", MediumKind::Aec, 400, 7, 6, false, 1, kAecStock, 7));
    c.media.push_back(
        medium("AOC-400G", MediumKind::Aoc, 400, 50, 11.75, false, 1, kFibreStock, 3));
    c.media.push_back(
        medium("SR4-400G", MediumKind::MultimodeOptic, 400, 50, 11.75, true, 2, kFibreStock, 3));
    c.media.push_back(
        medium("DR4-400G", MediumKind::SinglemodeOptic, 400, 500, 11.75, true, 2, kFibreStock, 3));
    // 200G and 1G for the other planes.
    c.media.push_back(medium("DAC-200G", MediumKind::Dac, 200, 3, 0, false, 1, kDacStock, 7));
    c.media.push_back(
        medium("SR4-200G", MediumKind::MultimodeOptic, 200, 50, 6, true, 1, kFibreStock, 3));
    c.media.push_back(
        medium("DR4-200G", MediumKind::SinglemodeOptic, 200, 500, 7, true, 1, kFibreStock, 3));
    c.media.push_back(medium("CAT6", MediumKind::TwistedPair, 1, 100, 0, false, 1, kFibreStock, 6));
    return c;
}

Catalog singlePortOpticsCatalog()
{
    Catalog c = fabricCatalog();
    for (Medium &m : c.media)
        m.linksPerModule = 1;
    return c;
}

FabricPlane backendPlane(LeafPlacement placement)
{
    FabricPlane p;
    p.name = "backend";
    p.role = PlaneRole::Backend;
    p.technology = Technology::InfiniBand;
    p.switchModel = "QM9700";
    p.portGbps = 400;
    p.railOptimized = true;
    p.leafPlacement = placement;
    return p;
}

Project projectWith(int servers, const FabricPlane &plane)
{
    Project project;
    project.name = "fabric-test";
    ComputePool pool;
    pool.name = "gpu";
    pool.gpu = "H100-SXM";
    pool.server = "DGX-H100";
    pool.gpuCount = servers * 8;
    project.pools.push_back(pool);
    project.planes.push_back(plane);
    return project;
}

LayoutResult layoutFor(int servers, LeafPlacement placement, int dedicatedNetworkRacks,
                       int serversPerRack)
{
    SyntheticLayoutSpec spec;
    spec.servers = servers;
    spec.serversPerRack = serversPerRack;
    spec.placement = placement;
    spec.dedicatedNetworkRacks = dedicatedNetworkRacks;
    return makeSyntheticLayout(spec);
}

std::vector<FabricHost> bareHosts(std::int64_t count, int ports, int gpus)
{
    FabricHost h;
    h.ports = std::uint16_t(ports);
    h.gpus = std::uint16_t(gpus);
    return std::vector<FabricHost>(std::size_t(count), h);
}

std::int64_t mediumLinks(const PlaneResult &p, const std::string &medium)
{
    for (const MediumUsage &m : p.mediaUsage) {
        if (m.medium == medium)
            return m.links;
    }
    return 0;
}

} // namespace aidc::test

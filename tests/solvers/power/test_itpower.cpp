// SPDX-License-Identifier: Apache-2.0
// IT power build-up: servers, racks, halls, the seed's 100k-H100 site, network and storage,
// and the rack distribution's effect on metered IT.

#include "powerfixtures.h"
#include "solvers/power/power.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

TEST_CASE("an 8-GPU H100 server is 10.2 kW and four per rack about 41 kW", "[power][it]")
{
    // DGX H100: 10.2 kW max for 8 x 700 W GPUs [ref:nvidia-dgx-h100-ug], so the rest of the
    // server is 10,200 - 5,600 = 4,600 W; four per rack: 40.8 kW.
    const Catalog catalog = powerCatalog();
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", 100, 100));
    layout.pools.push_back(poolLayout("train", "dgx-h100", "h100-sxm"));
    addRows(layout, 0, 1, 1, RackRole::Compute, "rack-42u", "train", 1, 8);
    addRows(layout, 0, 1, 1, RackRole::Compute, "rack-42u", "train", 4, 32);
    Project project = dgxProject(40, 100, 100);

    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    REQUIRE(result.racks.size() == 2);
    CHECK(result.racks[0].peakW() == Approx(10200).epsilon(1e-9));
    CHECK(result.racks[0].peak.gpuW == Approx(5600));
    CHECK(result.racks[0].peak.serverOtherW == Approx(4600));
    CHECK(result.racks[1].peakW() == Approx(40800).epsilon(1e-9));
    // Default 48 V distribution is the nameplate one: no distribution correction.
    CHECK(result.racks[1].peak.distributionW == 0);
    // Average = peak x averageLoadFactor (0.8 by default).
    CHECK(result.itPeakW == Approx(51000));
    CHECK(result.itAverageW == Approx(0.8 * 51000));
    REQUIRE(result.rows.size() == 2);
    CHECK(result.rows[1].peakW == Approx(40800));
    CHECK(result.rows[1].averageW == Approx(32640));
    CHECK(result.halls[0].peakW == Approx(51000));
}

TEST_CASE("the GPU load factor scales only the GPUs", "[power][it]")
{
    // Provisioned at 80% of TDP (Meta GB200 [ref:meta-gb200-power-2026]): 32 x 700 x 0.8 =
    // 17,920 W of GPU + 4 x 4,600 W rest of server = 36,320 W.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 1);
    Project project = dgxProject(32);
    project.power.gpuLoadFactor = 0.8;
    const PowerResult result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.racks[0].peak.gpuW == Approx(17920));
    CHECK(result.racks[0].peakW() == Approx(36320));
}

TEST_CASE("the seed's 100k-H100 site: about 140-150 MW of IT and ~1.59 TWh a year",
          "[power][it][seed]")
{
    // Inputs [ref:zomi-100k-slides; ref:zomi-10k-slides]: 100,000 H100 at 700 W in 12,500
    // DGX H100 (4,600 W non-GPU each, from the 10.2 kW nameplate), 4 per rack = 3,125 racks,
    // plus ~10% for storage, network and the rest:
    //   (70.0 + 57.5) MW x 1.10 = 140.25 MW of critical IT.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(125, 25, 600, 600);
    Project project = dgxProject(100000, 600, 600);
    project.power.otherItFraction = 0.10;
    project.power.averageLoadFactor = 1.0; // NVIDIA: expected average = max [A]
    project.power.pueOverride = 1.21;

    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(result.itPeak.gpuW == Approx(70.0e6));
    CHECK(result.itPeak.serverOtherW == Approx(57.5e6));
    CHECK(result.itPeakW == Approx(140.25e6).epsilon(1e-9));
    CHECK(result.itPeakW >= 140e6);
    CHECK(result.itPeakW <= 150e6);
    // 140.25 MW x 1.21 x 8,760 h = 1,486,594 MWh: within 10% of the seed's 1.59 TWh, which
    // the source's own inputs do not fully reconcile.
    CHECK(result.annualEnergyMWh == Approx(1486593.9).epsilon(1e-6));
    CHECK(result.annualEnergyMWh == Approx(1.59e6).epsilon(0.10));

    // Back-solved preset (labelled as such): a shared share of 150 / 127.5 - 1 = 17.65% puts
    // IT at 150 MW; x 1.21 x 8,760 h = 1,589,940 MWh ~ 1.59 TWh; x $0.078/kWh = $124.0 M
    // (seed: $123.9 M) [ref:zomi-100k-slides; ref:zomi-10k-slides].
    project.power.otherItFraction = 150.0 / 127.5 - 1.0;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.itPeakW == Approx(150e6).epsilon(1e-9));
    CHECK(result.annualEnergyMWh == Approx(1589940).epsilon(1e-6));
    CHECK(result.annualEnergyMWh == Approx(1.59e6).epsilon(0.005));
    CHECK(result.energyCostUsd == Approx(123.9e6).epsilon(0.005));
    // CO2 at the US grid's 0.39 kg/kWh [ref:eia-co2]: 1,589,940 MWh x 0.39 t/MWh.
    CHECK(result.co2Tonnes == Approx(1589940 * 0.39).epsilon(1e-6));
}

TEST_CASE("network and storage power land in their racks or, without them, in the hall",
          "[power][it]")
{
    const Catalog catalog = powerCatalog();
    LayoutResult layout = dgxLayout(1, 2);
    addRows(layout, 0, 1, 2, RackRole::Network, "rack-network", "", 0, 0);
    Project project = dgxProject(64);
    project.power.otherItFraction = 0.1;

    NetworkLoad network;
    network.switchPowerW = 20000;
    network.modulePowerW = 10000;
    network.rackPowerW[layout.racks[2].id] = 12000;
    network.storagePowerW = 50000;

    const PowerResult result = solvePower(project, catalog, layout, network, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    // 30 kW total, 12 kW placed: the other 18 kW split evenly over the two network racks.
    CHECK(result.racks[2].peak.networkW == Approx(12000 + 9000));
    CHECK(result.racks[3].peak.networkW == Approx(9000));
    // No storage racks: the 50 kW counts in the hall, outside any rack.
    CHECK(result.halls[0].peak.storageW == Approx(50000));
    // Other IT = 10% of the bottom-up 2 x 40.8 + 30 + 50 = 161.6 kW.
    CHECK(result.halls[0].peak.otherW == Approx(16160));
    CHECK(result.itPeakW == Approx(161600 * 1.1));
}

TEST_CASE("storage racks draw the storage power, or the per-rack default", "[power][it]")
{
    const Catalog catalog = powerCatalog();
    LayoutResult layout = dgxLayout(1, 1);
    addRows(layout, 0, 1, 2, RackRole::Storage, "rack-network", "", 0, 0);
    addRows(layout, 0, 1, 1, RackRole::Management, "rack-network", "", 0, 0);
    Project project = dgxProject(32);
    PowerOptions options;

    PowerResult result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.racks[1].peak.storageW == Approx(options.storageRackPowerW));
    CHECK(result.racks[3].peak.managementW == Approx(options.managementRackPowerW));

    NetworkLoad network;
    network.storagePowerW = 30000;
    result = solvePower(project, catalog, layout, network, options);
    CHECK(result.racks[1].peak.storageW == Approx(15000));
    CHECK(result.racks[2].peak.storageW == Approx(15000));
}

TEST_CASE("servers with their own PSUs keep the vendor power whatever the rack distribution",
          "[power][it][distribution]")
{
    // DGX H100 takes AC through six 3.3 kW PSUs; its 10.2 kW maximum is measured at that input
    // [ref:nvidia-dgx-h100-ug], so four per rack stay 40.8 kW at 12 V or 800 V DC, and there is no
    // rack busbar to load.
    const Catalog catalog = powerCatalog();
    const LayoutResult layout = dgxLayout(1, 1);
    Project project = dgxProject(32);
    for (Distribution distribution : {Distribution::Ac12V, Distribution::Dc800V}) {
        project.power.distribution = distribution;
        const PowerResult result = solvePower(project, catalog, layout, {}, {});
        REQUIRE_FALSE(result.diagnostics.hasErrors());
        CHECK(result.racks[0].peakW() == Approx(40800).epsilon(1e-12));
        CHECK(result.racks[0].peak.distributionW == 0);
        CHECK(result.racks[0].busCurrentA == 0);
        CHECK((result.racks[0].violations & RackOverBusbarCurrent) == 0);
        bool said = false;
        for (const std::string &line : result.assumptions)
            said |= line.find("dgx-h100 take AC through their own PSUs") != std::string::npos;
        CHECK(said);
    }
}

TEST_CASE("a busbar-fed NVL72 rack needs more IT at 12 V than at the 48 V nameplate, less at "
          "800 V DC, and 12 V overloads its busbar",
          "[power][it][distribution]")
{
    // GB200 NVL72 (fixture: 72 x 1,200 W + 33.6 kW rest = 120 kW), shelves at 24/48 of their
    // rating: load fraction 0.5. 48 V nameplate path (built-in defaults): shelf 97.5% ->
    // 117,000 W on the bus, 2,437.5 A through 0.128 mOhm = 760.5 W, 48->12 V at 97.5% ->
    // 113,333.5 W at the rails. 12 V path delivering the same rails (no board stage):
    // x - x^2 R / 12^2 = 113,333.5 -> x = 127,866.8 W (10,655.6 A, 14.53 kW of I^2 R);
    // Titanium-like PSU 96% at half load -> 133,194.5 W: 13,194.5 W more than the nameplate.
    // 800 V DC to a 54 V busbar: 113,333.5 / 0.975 = 116,239.5 W past the busbar;
    // x - x^2 R / 54^2 = 116,239.5 -> x = 116,838.7 W (2,163.7 A); / 0.98 -> 119,223.2 W.
    const Catalog catalog = powerCatalog();
    LayoutResult layout;
    layout.halls.push_back(layoutHall("H1", 100, 100));
    layout.pools.push_back(poolLayout("gb", "gb200-nvl72", "gb200"));
    addRows(layout, 0, 1, 1, RackRole::Compute, "rack-nvl72", "gb", 1, 72, 0.6, 1.068);
    Project project;
    project.pools.push_back(pool("gb", "gb200", 72));
    project.halls.push_back(hall("H1", 100, 100));

    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    CHECK(result.racks[0].peakW() == Approx(120000).epsilon(1e-12));
    CHECK(result.racks[0].busCurrentA == Approx(2437.5).epsilon(1e-9));
    CHECK((result.racks[0].violations & RackOverBusbarCurrent) == 0); // under 3 kA

    project.power.distribution = Distribution::Ac12V;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.racks[0].peak.distributionW == Approx(13194.5).epsilon(1e-4));
    CHECK(result.racks[0].peakW() == Approx(133194.5).epsilon(1e-5));
    CHECK(result.racks[0].busCurrentA == Approx(10655.6).epsilon(1e-4));
    // 10.7 kA against a busbar built for ~3 kA (NVL72 racks draw 2.5-2.8 kA at 48-54 V [D]): a
    // violation naming the distribution.
    CHECK((result.racks[0].violations & RackOverBusbarCurrent) != 0);
    bool flagged = false;
    for (const Diagnostic &d : result.diagnostics.items())
        flagged |= d.severity == Severity::Warning && d.jsonPath == "/power/distribution" &&
                   d.message.find("busbar current") != std::string::npos;
    CHECK(flagged);
    // A rating raised above the current clears it.
    PowerOptions heavyCopper;
    heavyCopper.rackBusbarLimitA = 12000;
    CHECK((solvePower(project, catalog, layout, {}, heavyCopper).racks[0].violations &
           RackOverBusbarCurrent) == 0);

    project.power.distribution = Distribution::Dc800V;
    result = solvePower(project, catalog, layout, {}, {});
    CHECK(result.racks[0].peakW() == Approx(119223.2).epsilon(1e-5));
    CHECK(result.racks[0].peak.distributionW < 0);
    CHECK(result.racks[0].busCurrentA == Approx(2163.7).epsilon(1e-4));
}

TEST_CASE("management racks draw their power and weigh their equipment", "[power][it]")
{
    // Head, scheduler and fabric-manager nodes in management racks (the layout places one per
    // 64 compute racks): PowerOptions::managementRackPowerW each (6 kW default: ~6-8 two-socket
    // CPU servers at ~750-1,000 W [U]) and managementRackEquipmentKg on top of the rack's empty
    // mass (150 kg frame + 400 kg = 550 kg). Their heat goes to the room air.
    const Catalog catalog = powerCatalog();
    LayoutResult layout = dgxLayout(1, 2);
    addRows(layout, 0, 1, 1, RackRole::Management, "rack-network", "", 0, 0);
    const Project project = dgxProject(64);
    PowerResult result = solvePower(project, catalog, layout, {}, {});
    REQUIRE_FALSE(result.diagnostics.hasErrors());
    REQUIRE(result.racks.size() == 3);
    const RackPower &management = result.racks[2];
    CHECK(management.role == RackRole::Management);
    CHECK(management.peak.managementW == Approx(6000));
    CHECK(management.peakW() == Approx(6000));
    CHECK(management.massKg == Approx(550));
    CHECK(management.airHeatW == Approx(6000));
    CHECK(management.liquidHeatW == 0);
    // Site and hall: 2 x 40.8 kW of compute + 6 kW; the row of the management rack carries it.
    CHECK(result.itPeak.managementW == Approx(6000));
    CHECK(result.itPeakW == Approx(2 * 40800 + 6000));
    CHECK(result.halls[0].peakW == Approx(87600));
    CHECK(result.rows[1].peakW == Approx(6000));
    CHECK(result.halls[0].massKg == Approx(2 * (150 + 4 * 130.45) + 550));

    PowerOptions options;
    options.managementRackPowerW = 8000;
    options.managementRackEquipmentKg = 600;
    result = solvePower(project, catalog, layout, {}, options);
    CHECK(result.racks[2].peakW() == Approx(8000));
    CHECK(result.racks[2].massKg == Approx(750));
    CHECK(result.itPeakW == Approx(2 * 40800 + 8000));
}

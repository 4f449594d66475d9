// SPDX-License-Identifier: Apache-2.0
#pragma once

// A project in which every member differs from its default, so that a round trip that forgets
// to write or read any field fails the equality check.

#include "model/project.h"

namespace aidc::test {

inline Project fullProject()
{
    Project p;
    p.name = "Full: every field set";
    p.description = "Unicode ✓ — \"quotes\", back\\slash, tab\t and newline\n";

    p.site.name = "Lulea, Sweden";
    p.site.electricityUsdPerKWh = 0.045;
    p.site.demandChargeUsdPerKWMonth = 12.5;
    p.site.gridCo2KgPerKWh = 0.02;
    p.site.utilityFeedMW = 150;
    for (std::size_t m = 0; m < 12; ++m) {
        p.site.climate.dryBulbC[m] = -10.5 + 2.25 * double(m);
        p.site.climate.wetBulbC[m] = -11.0 + 2.0 * double(m);
    }

    Hall hall;
    hall.id = "H1";
    hall.name = "Hall one";
    hall.widthM = 80;
    hall.lengthM = 60.5;
    hall.usableAreaM2 = 3000;
    hall.floorLoadKPa = 15;
    hall.powerCapacityMW = 40;
    hall.coolingCapacityMW = 42;
    hall.rowPitchM = 3.0;
    Row row;
    row.id = "R1";
    row.xM = 2.5;
    row.yM = 4;
    row.rackPitchM = 0.8;
    row.racks.push_back({"R1-01", RackRole::Compute, "rack-48U-dlc", "train", 4});
    row.racks.push_back({"R1-02", RackRole::Network, "rack-network", "", 0});
    row.racks.push_back({"R1-03", RackRole::Storage, "", "", 0});
    row.racks.push_back({"R1-04", RackRole::Management, "", "", 0});
    hall.rows.push_back(row);
    p.halls.push_back(hall);
    Hall hall2;
    hall2.id = "H2";
    hall2.widthM = 50;
    hall2.lengthM = 40;
    p.halls.push_back(hall2);

    p.power.utilityVoltageKV = 138;
    p.power.transformer = "xfmr-34.5kV-3MVA";
    p.power.ups = {UpsType::Eco, Redundancy::Distributed, 6, 5, 4};
    p.power.distribution = Distribution::Dc800V;
    p.power.gpuLoadFactor = 0.8;
    p.power.averageLoadFactor = 0.65;
    p.power.otherItFraction = 0.03;
    p.power.generators = false;
    p.power.generatorRedundancy = Redundancy::TwoN;
    p.power.pueOverride = 1.18;

    p.cooling.type = CoolingType::Immersion;
    p.cooling.liquidFraction = 0.95;
    p.cooling.supplyWaterC = 40;
    p.cooling.designDeltaTK = 12.5;
    p.cooling.cdu = "cdu-2MW";
    p.cooling.cduRedundancy = Redundancy::TwoN;
    p.cooling.chiller = "chiller-3MW";
    p.cooling.economizer = false;
    p.cooling.liquidHeatRejection = HeatRejection::Adiabatic;
    p.cooling.airHeatRejection = HeatRejection::DryCooler;
    p.cooling.facilityWaterClass = WaterClass::W40;
    p.cooling.cduApproachK = 4;
    p.cooling.coolant = Coolant::PropyleneGlycol25;
    p.cooling.facilityPumpHeadKPa = 300;
    p.cooling.heatReuseSupplyC = 65;

    p.pools.push_back({"train", "B200", "HGX-B200", 4096, 4, "H1"});
    p.pools.push_back({"infer", "H100-SXM", "DGX-H100", 512, 2, "H2"});

    FabricPlane backend;
    backend.name = "compute-fabric";
    backend.role = PlaneRole::Frontend; // non-default role on purpose
    backend.technology = Technology::Ethernet;
    backend.switchModel = "spectrum-x-sn5600";
    backend.portGbps = 800;
    backend.parallelPlanes = 2;
    backend.endpointsPerServer = 8;
    backend.railOptimized = false;
    backend.leafPlacement = LeafPlacement::MoR;
    backend.tiers = 3;
    backend.oversubscription = {1.0, 1.5};
    backend.islandGpus = 2048;
    backend.islandOversubscription = 2.0;
    backend.pools = {"train", "infer"};
    backend.allowAoc = false;
    backend.media.allowed = {MediumKind::Aec, MediumKind::SinglemodeOptic};
    backend.media.opticsRequired = true;
    backend.media.order = MediaOrder::Catalog;
    backend.media.boundaries = {{std::vector<MediumKind>{MediumKind::Dac}, std::nullopt},
                                {std::nullopt, false}};
    p.planes.push_back(backend);
    FabricPlane oob;
    oob.role = PlaneRole::Oob;
    oob.name = "oob";
    oob.leafPlacement = LeafPlacement::ToR;
    oob.portGbps = 1;
    p.planes.push_back(oob);

    p.storage = {12.5, 2.0, 4.5, "vast-ceres", 0.4, 2.0};

    Workload w;
    w.model.name = "MoE-1T";
    w.model.layers = 61;
    w.model.hidden = 7168;
    w.model.ffnHidden = 18432;
    w.model.heads = 128;
    w.model.kvHeads = 16;
    w.model.headDim = 192;
    w.model.vocab = 129280;
    w.model.seqLen = 4096;
    w.model.ffn = FfnType::Gelu;
    w.model.tiedEmbeddings = true;
    w.model.moe = MoeSpec{256, 8, 1, 2048, 2, 3, 1.25};
    w.trainingTokens = 14.8e12;
    w.globalBatchSequences = 15360;
    w.precision = Precision::Fp8;
    w.pool = "train";
    w.gpus = 4000;
    w.parallelism = {2, 16, 8, 2, 64, 2, 4, PipelineSchedule::DualPipe, 3, Recompute::Full};
    w.stack.preset = "megatron-core-2024";
    w.stack.dropout = true;
    w.stack.tpOverlap = 0.25;
    w.checkpoint = {false, 37.5, 5, 3, true, CheckpointTier::LocalNvme, 16};
    p.workload = w;

    p.reliability.failuresPerYearOverride = {{"gpu", 0.05}, {"transceiver", 0.002}};
    p.reliability.detectionMinutes = 2;
    p.reliability.restartMinutes = 10;
    p.reliability.repairHours = 24;
    p.reliability.spareConfidence = 0.95;
    p.reliability.spareNodes = 16;
    p.reliability.repairCrews = 2;
    p.reliability.noSpareRecovery = NoSpareRecovery::WaitForRepair;

    p.cost.horizonYears = 4;
    p.cost.costOfCapital = 0.1;
    p.cost.staffUsdPerYear = 2.5e6;
    p.cost.networkServicesUsdPerYear = 1e5;
    p.cost.priceBook = "prices/2025q1.sqlite";

    // Canonical form: compact, keys sorted (what the loader keeps).
    p.catalogOverridesJson = R"({"accelerators":[{"id":"B200","tdpW":1200}]})";
    return p;
}

} // namespace aidc::test

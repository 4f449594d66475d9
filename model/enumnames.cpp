// SPDX-License-Identifier: Apache-2.0
#include "enumnames.h"

namespace aidc {

// Function-local statics: safe to use from other translation units' static initialisers.

const EnumNames<RackRole> &rackRoleNames()
{
    static const EnumNames<RackRole> names{{"compute", RackRole::Compute},
                                           {"network", RackRole::Network},
                                           {"storage", RackRole::Storage},
                                           {"management", RackRole::Management}};
    return names;
}

const EnumNames<UpsType> &upsTypeNames()
{
    static const EnumNames<UpsType> names{{"double-conversion", UpsType::DoubleConversion},
                                          {"eco", UpsType::Eco},
                                          {"none", UpsType::None}};
    return names;
}

const EnumNames<Redundancy> &redundancyNames()
{
    static const EnumNames<Redundancy> names{{"N", Redundancy::N},
                                             {"N+1", Redundancy::NPlus1},
                                             {"2N", Redundancy::TwoN},
                                             {"distributed", Redundancy::Distributed}};
    return names;
}

const EnumNames<Distribution> &distributionNames()
{
    static const EnumNames<Distribution> names{{"12V", Distribution::Ac12V},
                                               {"48V", Distribution::Dc48V},
                                               {"800VDC", Distribution::Dc800V}};
    return names;
}

const EnumNames<CoolingType> &coolingTypeNames()
{
    static const EnumNames<CoolingType> names{{"air", CoolingType::Air},
                                              {"direct-liquid", CoolingType::DirectLiquid},
                                              {"immersion", CoolingType::Immersion},
                                              {"rear-door", CoolingType::RearDoor}};
    return names;
}

const EnumNames<HeatRejection> &heatRejectionNames()
{
    static const EnumNames<HeatRejection> names{{"dry-cooler", HeatRejection::DryCooler},
                                                {"adiabatic", HeatRejection::Adiabatic},
                                                {"tower", HeatRejection::CoolingTower}};
    return names;
}

const EnumNames<WaterClass> &waterClassNames()
{
    static const EnumNames<WaterClass> names{{"W17", WaterClass::W17}, {"W27", WaterClass::W27},
                                             {"W32", WaterClass::W32}, {"W40", WaterClass::W40},
                                             {"W45", WaterClass::W45}, {"W+", WaterClass::WPlus}};
    return names;
}

const EnumNames<Coolant> &coolantNames()
{
    static const EnumNames<Coolant> names{{"water", Coolant::Water},
                                          {"pg25", Coolant::PropyleneGlycol25},
                                          {"pg40", Coolant::PropyleneGlycol40},
                                          {"eg30", Coolant::EthyleneGlycol30}};
    return names;
}

const char *toString(HeatRejection value)
{
    return enumName(heatRejectionNames(), value);
}

const char *toString(WaterClass value)
{
    return enumName(waterClassNames(), value);
}

const char *toString(Coolant value)
{
    return enumName(coolantNames(), value);
}

const EnumNames<GenerationRole> &generationRoleNames()
{
    static const EnumNames<GenerationRole> names{{"prime", GenerationRole::Prime},
                                                 {"bridge", GenerationRole::Bridge},
                                                 {"backup", GenerationRole::Backup}};
    return names;
}

const char *toString(GenerationRole value)
{
    return enumName(generationRoleNames(), value);
}

const EnumNames<PlaneRole> &planeRoleNames()
{
    static const EnumNames<PlaneRole> names{{"backend", PlaneRole::Backend},
                                            {"frontend", PlaneRole::Frontend},
                                            {"storage", PlaneRole::Storage},
                                            {"oob", PlaneRole::Oob}};
    return names;
}

const EnumNames<LeafPlacement> &leafPlacementNames()
{
    static const EnumNames<LeafPlacement> names{{"ToR", LeafPlacement::ToR},
                                                {"MoR", LeafPlacement::MoR},
                                                {"EoR", LeafPlacement::EoR},
                                                {"network-rack", LeafPlacement::NetworkRack}};
    return names;
}

const EnumNames<Technology> &technologyNames()
{
    static const EnumNames<Technology> names{{"infiniband", Technology::InfiniBand},
                                             {"ethernet", Technology::Ethernet}};
    return names;
}

const EnumNames<MediumKind> &mediumKindNames()
{
    static const EnumNames<MediumKind> names{{"dac", MediumKind::Dac},
                                             {"acc", MediumKind::Acc},
                                             {"aec", MediumKind::Aec},
                                             {"aoc", MediumKind::Aoc},
                                             {"multimode", MediumKind::MultimodeOptic},
                                             {"singlemode", MediumKind::SinglemodeOptic},
                                             {"coherent", MediumKind::Coherent},
                                             {"twisted-pair", MediumKind::TwistedPair}};
    return names;
}

const EnumNames<MediaOrder> &mediaOrderNames()
{
    static const EnumNames<MediaOrder> names{{"catalog", MediaOrder::Catalog},
                                             {"lifecycle", MediaOrder::Lifecycle}};
    return names;
}

const EnumNames<FfnType> &ffnTypeNames()
{
    static const EnumNames<FfnType> names{{"swiglu", FfnType::SwiGlu}, {"gelu", FfnType::Gelu}};
    return names;
}

const EnumNames<Precision> &precisionNames()
{
    static const EnumNames<Precision> names{{"bf16", Precision::Bf16}, {"fp8", Precision::Fp8}};
    return names;
}

const EnumNames<PipelineSchedule> &pipelineScheduleNames()
{
    static const EnumNames<PipelineSchedule> names{{"1f1b", PipelineSchedule::OneFOneB},
                                                   {"interleaved", PipelineSchedule::Interleaved},
                                                   {"zb1p", PipelineSchedule::ZeroBubble},
                                                   {"dualpipe", PipelineSchedule::DualPipe}};
    return names;
}

const EnumNames<Recompute> &recomputeNames()
{
    static const EnumNames<Recompute> names{
        {"none", Recompute::None}, {"selective", Recompute::Selective}, {"full", Recompute::Full}};
    return names;
}

const EnumNames<CheckpointTier> &checkpointTierNames()
{
    static const EnumNames<CheckpointTier> names{{"host-memory", CheckpointTier::HostMemory},
                                                 {"local-nvme", CheckpointTier::LocalNvme},
                                                 {"parallel-fs", CheckpointTier::ParallelFs}};
    return names;
}

const EnumNames<NoSpareRecovery> &noSpareRecoveryNames()
{
    static const EnumNames<NoSpareRecovery> names{
        {"shrink", NoSpareRecovery::Shrink}, {"wait-for-repair", NoSpareRecovery::WaitForRepair}};
    return names;
}

const char *toString(RackRole value)
{
    return enumName(rackRoleNames(), value);
}
const char *toString(UpsType value)
{
    return enumName(upsTypeNames(), value);
}
const char *toString(Redundancy value)
{
    return enumName(redundancyNames(), value);
}
const char *toString(Distribution value)
{
    return enumName(distributionNames(), value);
}
const char *toString(CoolingType value)
{
    return enumName(coolingTypeNames(), value);
}
const char *toString(PlaneRole value)
{
    return enumName(planeRoleNames(), value);
}
const char *toString(LeafPlacement value)
{
    return enumName(leafPlacementNames(), value);
}
const char *toString(Technology value)
{
    return enumName(technologyNames(), value);
}
const char *toString(MediumKind value)
{
    return enumName(mediumKindNames(), value);
}
const char *toString(MediaOrder value)
{
    return enumName(mediaOrderNames(), value);
}
const char *toString(FfnType value)
{
    return enumName(ffnTypeNames(), value);
}
const char *toString(Precision value)
{
    return enumName(precisionNames(), value);
}
const char *toString(PipelineSchedule value)
{
    return enumName(pipelineScheduleNames(), value);
}
const char *toString(Recompute value)
{
    return enumName(recomputeNames(), value);
}
const char *toString(CheckpointTier value)
{
    return enumName(checkpointTierNames(), value);
}

const char *toString(NoSpareRecovery value)
{
    return enumName(noSpareRecoveryNames(), value);
}

} // namespace aidc

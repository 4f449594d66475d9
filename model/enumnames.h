// SPDX-License-Identifier: Apache-2.0
#pragma once

// The JSON names of every enum of project.h and workload.h, shared by the project loader and
// saver (projectjson.cpp), the CLI report and the GUI. The names are part of the file format
// (docs/project-format.md): never rename one without an upgrade step (projectupgrade.h).

#include "jsonreader.h"
#include "project.h"
#include "workload.h"

namespace aidc {

const EnumNames<RackRole> &rackRoleNames();           // compute, network, storage, management
const EnumNames<UpsType> &upsTypeNames();             // double-conversion, eco, none
const EnumNames<Redundancy> &redundancyNames();       // N, N+1, 2N, distributed
const EnumNames<Distribution> &distributionNames();   // 12V, 48V, 800VDC
const EnumNames<CoolingType> &coolingTypeNames();     // air, direct-liquid, immersion, rear-door
const EnumNames<HeatRejection> &heatRejectionNames(); // dry-cooler, adiabatic, tower
const EnumNames<WaterClass> &waterClassNames();       // W17, W27, W32, W40, W45, W+
const EnumNames<Coolant> &coolantNames();             // water, pg25, pg40, eg30
const EnumNames<PlaneRole> &planeRoleNames();         // backend, frontend, storage, oob
const EnumNames<LeafPlacement> &leafPlacementNames(); // ToR, MoR, EoR, network-rack
const EnumNames<Technology> &technologyNames();       // infiniband, ethernet
const EnumNames<MediumKind> &mediumKindNames(); // dac, acc, aec, aoc, multimode, singlemode, ...
const EnumNames<MediaOrder> &mediaOrderNames(); // catalog, lifecycle
const EnumNames<FfnType> &ffnTypeNames();       // swiglu, gelu
const EnumNames<Precision> &precisionNames();   // bf16, fp8
const EnumNames<PipelineSchedule> &pipelineScheduleNames(); // 1f1b, interleaved, zb1p, dualpipe
const EnumNames<Recompute> &recomputeNames();               // none, selective, full
const EnumNames<CheckpointTier> &checkpointTierNames();     // host-memory, local-nvme, parallel-fs
const EnumNames<NoSpareRecovery> &noSpareRecoveryNames();   // shrink, wait-for-repair
const EnumNames<GenerationRole> &generationRoleNames();     // prime, bridge, backup

// The JSON name of a value ("?" for a value outside the enum).
const char *toString(RackRole value);
const char *toString(GenerationRole value);
const char *toString(UpsType value);
const char *toString(Redundancy value);
const char *toString(Distribution value);
const char *toString(CoolingType value);
const char *toString(HeatRejection value);
const char *toString(WaterClass value);
const char *toString(Coolant value);
const char *toString(PlaneRole value);
const char *toString(LeafPlacement value);
const char *toString(Technology value);
const char *toString(MediumKind value);
const char *toString(MediaOrder value);
const char *toString(FfnType value);
const char *toString(Precision value);
const char *toString(PipelineSchedule value);
const char *toString(Recompute value);
const char *toString(CheckpointTier value);
const char *toString(NoSpareRecovery value);

} // namespace aidc

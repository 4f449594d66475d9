// SPDX-License-Identifier: Apache-2.0
#pragma once

// The upgrade chain of the project format (docs/project-format.md, "Changelog").
//
// Each step takes a parsed document of format version n to n + 1 and sets "version" to n + 1.
// parseProjectJson applies the steps one at a time, from the file's version up to
// kProjectFormatVersion, before it reads the document, so the reader only knows the current
// format. A step never throws and never reports: it moves what it recognises and leaves anything
// unexpected in place for the reader to report (e.g. an unknown key). To add version N + 1:
// append one step, bump kProjectFormatVersion, add a fixture test and a changelog entry.

#include <nlohmann/json.hpp>

#include <functional>
#include <vector>

namespace aidc {

// The format this build writes, and the newest it reads.
constexpr int kProjectFormatVersion = 3;

using ProjectUpgradeStep = std::function<void(nlohmann::json &)>;

// steps[n] takes version n to n + 1; size() == kProjectFormatVersion.
const std::vector<ProjectUpgradeStep> &projectUpgradeSteps();

// Version 0 (the pre-release draft) -> 1: top-level "pools" -> "compute": {"pools"}, each pool's
// "gpus" -> "gpuCount", top-level "planes" -> "network": {"planes"}.
void upgradeProjectV0ToV1(nlohmann::json &document);

// Version 1 -> 2: in version 2 a parallelism key left out is searched; in version 1 it took a
// fixed default. A version-1 parallelism object gets those defaults written in (tp, pp, cp, ep,
// microBatch 1; schedule "1f1b"; zeroStage 1; recompute "selective"; virtualStages 1 for the
// interleaved schedule), so the file means what it meant. dp stays derived when absent.
void upgradeProjectV1ToV2(nlohmann::json &document);

// Version 2 -> 3: a plane's media are ranked by their life-cycle cost unless it says otherwise;
// in version 2 they took the catalog's ladder order. Every plane object of a version-2 file gets
// "media": {"order": "catalog"} unless it states an order, so the file means what it meant.
// (A file without planes gets the default planes, which now rank by life-cycle cost.)
void upgradeProjectV2ToV3(nlohmann::json &document);

// Applies the steps from `fromVersion` (0 <= fromVersion <= kProjectFormatVersion) up to
// kProjectFormatVersion.
void upgradeProject(nlohmann::json &document, int fromVersion);

} // namespace aidc

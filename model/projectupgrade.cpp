// SPDX-License-Identifier: Apache-2.0
#include "projectupgrade.h"

namespace aidc {

namespace {

// Moves document[from] to document[section][to] unless that place is already taken, in which
// case the old key stays where it is and the reader reports it as unknown.
void moveIntoSection(nlohmann::json &document, const char *from, const char *section,
                     const char *to)
{
    auto it = document.find(from);
    if (it == document.end())
        return;
    nlohmann::json &target = document[section];
    if (target.is_null())
        target = nlohmann::json::object();
    if (!target.is_object() || target.contains(to))
        return;
    target[to] = std::move(*it);
    document.erase(from);
}

} // namespace

void upgradeProjectV0ToV1(nlohmann::json &document)
{
    if (!document.is_object())
        return;
    if (auto pools = document.find("pools"); pools != document.end() && pools->is_array()) {
        for (nlohmann::json &pool : *pools) {
            if (pool.is_object() && pool.contains("gpus") && !pool.contains("gpuCount")) {
                pool["gpuCount"] = std::move(pool["gpus"]);
                pool.erase("gpus");
            }
        }
    }
    moveIntoSection(document, "pools", "compute", "pools");
    moveIntoSection(document, "planes", "network", "planes");
    document["version"] = 1;
}

void upgradeProjectV1ToV2(nlohmann::json &document)
{
    if (!document.is_object())
        return;
    auto workload = document.find("workload");
    if (workload != document.end() && workload->is_object()) {
        auto parallelism = workload->find("parallelism");
        if (parallelism != workload->end() && parallelism->is_object()) {
            nlohmann::json &p = *parallelism;
            for (const char *key : {"tp", "pp", "cp", "ep", "microBatch"}) {
                if (!p.contains(key))
                    p[key] = 1;
            }
            if (!p.contains("schedule"))
                p["schedule"] = "1f1b";
            if (!p.contains("zeroStage"))
                p["zeroStage"] = 1;
            if (!p.contains("recompute"))
                p["recompute"] = "selective";
            if (p["schedule"] == "interleaved" && !p.contains("virtualStages"))
                p["virtualStages"] = 1;
            if (p.contains("dp") && p["dp"] == 0)
                p.erase("dp"); // "derive" is now "left out"
        }
    }
    document["version"] = 2;
}

void upgradeProjectV2ToV3(nlohmann::json &document)
{
    if (!document.is_object())
        return;
    auto network = document.find("network");
    if (network != document.end() && network->is_object()) {
        auto planes = network->find("planes");
        if (planes != network->end() && planes->is_array()) {
            for (nlohmann::json &plane : *planes) {
                if (!plane.is_object())
                    continue;
                auto media = plane.find("media");
                if (media == plane.end())
                    plane["media"] = {{"order", "catalog"}};
                else if (media->is_object() && !media->contains("order"))
                    (*media)["order"] = "catalog";
            }
        }
    }
    document["version"] = 3;
}

const std::vector<ProjectUpgradeStep> &projectUpgradeSteps()
{
    static const std::vector<ProjectUpgradeStep> steps{upgradeProjectV0ToV1, upgradeProjectV1ToV2,
                                                       upgradeProjectV2ToV3};
    static_assert(kProjectFormatVersion == 3, "add the upgrade step to the new version");
    return steps;
}

void upgradeProject(nlohmann::json &document, int fromVersion)
{
    const std::vector<ProjectUpgradeStep> &steps = projectUpgradeSteps();
    for (int version = fromVersion; version < kProjectFormatVersion; ++version)
        steps[std::size_t(version)](document);
}

} // namespace aidc

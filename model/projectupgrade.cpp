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

const std::vector<ProjectUpgradeStep> &projectUpgradeSteps()
{
    static const std::vector<ProjectUpgradeStep> steps{upgradeProjectV0ToV1};
    static_assert(kProjectFormatVersion == 1, "add the upgrade step to the new version");
    return steps;
}

void upgradeProject(nlohmann::json &document, int fromVersion)
{
    const std::vector<ProjectUpgradeStep> &steps = projectUpgradeSteps();
    for (int version = fromVersion; version < kProjectFormatVersion; ++version)
        steps[std::size_t(version)](document);
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/site/loadprofilereport.h"

#include "solvers/common/reportformat.h"

namespace aidc {

namespace {

std::string rampText(double wattsPerS)
{
    return formatFixed(wattsPerS / 1e6, 1) + " MW/s";
}

std::string energyText(double joules)
{
    return formatFixed(joules / kJoulesPerMWh, 3) + " MWh";
}

} // namespace

nlohmann::json toJson(const LoadProfileResult &r)
{
    nlohmann::json events = nlohmann::json::array();
    for (const LoadEvent &e : r.events) {
        nlohmann::json j = {
            {"kind", toString(e.kind)}, {"dropW", e.dropW}, {"utilityDropW", e.utilityDropW},
            {"lowS", e.lowS},           {"highS", e.highS}, {"perDay", e.perDay},
            {"rampWPerS", e.rampWPerS}};
        if (r.rampLimitWPerS && e.storageJ > 0) {
            j["followPossible"] = e.followPossible;
            j["followMWh"] = e.followJ / kJoulesPerMWh;
            j["holdMWh"] = e.holdJ / kJoulesPerMWh;
            j["storageMWh"] = e.storageJ / kJoulesPerMWh;
        }
        events.push_back(std::move(j));
    }
    nlohmann::json j = {{"jobComputeW", r.jobComputeW},
                        {"jobServerW", r.jobServerW},
                        {"waitShare", r.waitShare},
                        {"stepFrequencyHz", r.stepFrequencyHz},
                        {"stepInCriticalBand", r.stepInCriticalBand},
                        {"stepMeanShare", r.stepMeanShare},
                        {"transitionS", kLoadTransitionS},
                        {"events", std::move(events)},
                        {"worstRampWPerS", r.worstRampWPerS},
                        {"worstRampEvent", r.worstRampEvent},
                        {"violatesRampLimit", r.violatesRampLimit}};
    if (r.rampLimitWPerS) {
        j["rampLimitWPerS"] = *r.rampLimitWPerS;
        j["requiredStorageMWh"] = r.requiredStorageJ / kJoulesPerMWh;
        j["requiredStorageW"] = r.requiredStorageW;
        j["batteryCovers"] = r.batteryCovers;
        j["rackStorageMWh"] = r.rackStorageJ / kJoulesPerMWh;
        j["storageDeliveredMWhPerYear"] = r.storageDeliveredJPerYear / kJoulesPerMWh;
        j["batteryLossMWhPerYear"] = r.batteryLossJPerYear / kJoulesPerMWh;
    }
    return j;
}

void writeText(std::ostream &out, const LoadProfileResult &r)
{
    out << "Load profile (one training job; swings at the IT meter, drops at the utility)\n";
    out << "  job GPUs at compute     " << formatPower(r.jobComputeW) << " (servers "
        << formatPower(r.jobServerW) << ")\n";
    out << "  waiting level           " << formatPercent(r.waitShare, 0)
        << " of provisioned GPU power\n";
    out << "  step frequency          " << formatFixed(r.stepFrequencyHz, 3) << " Hz"
        << (r.stepInCriticalBand ? " (inside the grid's critical 0.1-20 Hz band)" : "") << "\n";
    out << "  step mean               " << formatPercent(r.stepMeanShare) << " of compute level\n";
    TextTable table({"event", "drop (IT)", "drop (utility)", "low for", "per day", "ramp"});
    for (const LoadEvent &e : r.events)
        table.addRow({toString(e.kind), formatPower(e.dropW), formatPower(e.utilityDropW),
                      formatDuration(e.lowS), formatFixed(e.perDay, 1), rampText(e.rampWPerS)});
    table.write(out);
    if (!r.rampLimitWPerS) {
        out << "  ramp limit              none stated (/site/rampLimitMWPerS)\n";
        return;
    }
    out << "  ramp limit              " << rampText(*r.rampLimitWPerS)
        << (r.violatesRampLimit ? " (exceeded)" : " (held)") << "\n";
    if (r.violatesRampLimit) {
        out << "  storage to hold it      " << energyText(r.requiredStorageJ) << ", "
            << formatPower(r.requiredStorageW)
            << (r.batteryCovers ? " (the racks' stores and the site battery cover it)" : "")
            << "\n";
        out << "  delivered / year        " << energyText(r.storageDeliveredJPerYear)
            << ", battery losses " << energyText(r.batteryLossJPerYear) << "\n";
    }
}

} // namespace aidc

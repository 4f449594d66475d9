// SPDX-License-Identifier: Apache-2.0
#pragma once

// Headline figures of one evaluation, as the CLI report, `--format json` and the GUI show them.
// A figure stays unset (std::nullopt) until the solver that computes it has run.

#include <optional>
#include <string>
#include <vector>

namespace aidc {

struct PoolSummary
{
    std::string name, accelerator, server;
    int gpus = 0, servers = 0, racks = 0;
    double itPowerNameplateW = 0; // servers at catalog max power
};

struct Summary
{
    std::string project;
    int gpus = 0, servers = 0;
    int computeRacks = 0, networkRacks = 0, storageRacks = 0;
    int halls = 0;
    double itPowerNameplateW = 0; // compute servers at nameplate max (foundation slice)
    std::vector<PoolSummary> pools;

    std::optional<double> itPowerPeakW, itPowerAverageW, facilityPowerW, pue;
    std::optional<double> annualEnergyMWh, annualEnergyCostUsd;
    std::optional<double> switches, transceivers, cables, networkPowerW, copperShare;
    std::optional<double> capexUsd, annualOpexUsd, tcoUsd, costPerGpuHourUsd;
    std::optional<double> mfu, tokensPerSecond, stepTimeS, timeToTrainDays;
    std::optional<double> failuresPerDay, jobMtbiHours, checkpointIntervalMin, goodput,
        effectiveMfu;
    std::optional<double> effectiveTimeToTrainDays;
};

} // namespace aidc

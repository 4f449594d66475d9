// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/sitesupply.h"

#include "model/isodate.h"
#include "solvers/common/reportformat.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace aidc {

namespace {

bool runsOn(const OnsiteGeneration &g, const std::string &date)
{
    return (g.from.empty() || g.from <= date) && (g.until.empty() || date < g.until);
}

// Installed on site on a date: running, or a backup block (always there).
bool presentOn(const OnsiteGeneration &g, const std::string &date)
{
    return g.role == GenerationRole::Backup || runsOn(g, date);
}

double blockW(const OnsiteGeneration &g)
{
    return g.ratingMW * 1e6 * g.units;
}

double utilityOn(const Site &site, const std::string &date)
{
    double utilityW = 0;
    for (const UtilityStep &step : site.utilitySteps) {
        if (step.date <= date)
            utilityW = step.utilityMW * 1e6;
    }
    return utilityW;
}

// Capacity of the blocks of a role running on a date, each at its availability.
double availableW(const Site &site, const std::string &date, GenerationRole role)
{
    double watts = 0;
    for (const OnsiteGeneration &g : site.generation) {
        if (g.role == role && runsOn(g, date))
            watts += blockW(g) * g.availability;
    }
    return watts;
}

// Average power each running block generates on a date: prime blocks share the prime energy,
// bridge blocks the bridge energy, in proportion to their available capacity.
std::vector<double> blockOutputW(const Site &site, const std::string &date,
                                 const SupplyPoint &point)
{
    const double primeAvailableW = availableW(site, date, GenerationRole::Prime);
    const double bridgeAvailableW = availableW(site, date, GenerationRole::Bridge);
    std::vector<double> out(site.generation.size(), 0.0);
    for (std::size_t i = 0; i < site.generation.size(); ++i) {
        const OnsiteGeneration &g = site.generation[i];
        if (!runsOn(g, date))
            continue;
        const double available = blockW(g) * g.availability;
        if (g.role == GenerationRole::Prime && primeAvailableW > 0)
            out[i] = point.primeAverageW * available / primeAvailableW;
        else if (g.role == GenerationRole::Bridge && bridgeAvailableW > 0)
            out[i] = point.bridgeAverageW * available / bridgeAvailableW;
    }
    return out;
}

void dispatch(const Site &site, const std::string &date, double loadW, SupplyPoint &point)
{
    const double primeAvailableW = availableW(site, date, GenerationRole::Prime);
    const double bridgeAvailableW = availableW(site, date, GenerationRole::Bridge);
    point.primeAverageW = std::min(primeAvailableW, loadW);
    const double restW = loadW - point.primeAverageW;
    point.gridAverageW = std::min(restW, point.utilityW);
    point.bridgeAverageW = std::min(bridgeAvailableW, restW - point.gridAverageW);
    point.unservedAverageW = std::max(0.0, restW - point.gridAverageW - point.bridgeAverageW);
}

void supplyTable(const Project &project, PowerResult &result)
{
    const Site &site = project.site;
    // ISO dates order as text.
    std::vector<std::string> dates{site.startDate};
    for (const UtilityStep &step : site.utilitySteps)
        dates.push_back(step.date);
    for (const OnsiteGeneration &g : site.generation) {
        dates.push_back(g.from);
        dates.push_back(g.until);
    }
    std::sort(dates.begin(), dates.end());
    dates.erase(std::unique(dates.begin(), dates.end()), dates.end());
    for (const std::string &date : dates) {
        if (date.empty() || date < site.startDate)
            continue;
        SupplyPoint point;
        point.date = date;
        point.utilityW = utilityOn(site, date);
        for (const OnsiteGeneration &g : site.generation) {
            if (runsOn(g, date) && g.role != GenerationRole::Backup)
                point.onsiteW += blockW(g);
        }
        point.availableW = point.utilityW + point.onsiteW;
        point.shortfallW = std::max(0.0, result.facilityPeakW - point.availableW);
        dispatch(site, date, result.facilityAverageW, point);
        // Point at what changed on that date: a generation block stopping, a utility step, or
        // the start itself.
        std::string pointer = "/site/startDate";
        for (std::size_t i = 0; i < site.utilitySteps.size(); ++i) {
            if (site.utilitySteps[i].date == date)
                pointer = "/site/utilitySteps/" + std::to_string(i);
        }
        for (std::size_t j = 0; j < site.generation.size(); ++j) {
            if (site.generation[j].until == date)
                pointer = "/site/generation/" + std::to_string(j) + "/until";
        }
        if (point.shortfallW > 0)
            result.diagnostics.warning(
                "", pointer,
                "from " + date + " the site has " + formatFixed(point.availableW / 1e6, 1) +
                    " MW (grid " + formatFixed(point.utilityW / 1e6, 1) + " MW, on-site " +
                    formatFixed(point.onsiteW / 1e6, 1) + " MW) for a facility peak of " +
                    formatFixed(result.facilityPeakW / 1e6, 1) + " MW: short by " +
                    formatFixed(point.shortfallW / 1e6, 1) + " MW");
        result.supply.push_back(point);
    }
}

// Fuel (GJ), its cost, variable O&M and CO2 of `hours` at the blocks' outputs.
void addGeneration(const Site &site, const std::vector<double> &outputW, double hours, double &mwh,
                   double &fuelGJ, double &fuelUsd, double &omUsd, double &co2Tonnes)
{
    for (std::size_t i = 0; i < site.generation.size(); ++i) {
        const OnsiteGeneration &g = site.generation[i];
        const double blockMWh = outputW[i] / 1e6 * hours;
        // MWh x 1,000 kWh x MJ/kWh / 1,000 MJ per GJ.
        const double gj = blockMWh * g.heatRateMJPerKWh;
        mwh += blockMWh;
        fuelGJ += gj;
        fuelUsd += gj * g.fuelUsdPerGJ;
        omUsd += blockMWh * g.variableOmUsdPerMWh;
        co2Tonnes += gj * g.co2KgPerGJ / 1e3;
    }
}

double fixedOmUsdPerYear(const Site &site, const std::string &date)
{
    double usd = 0;
    for (const OnsiteGeneration &g : site.generation) {
        if (presentOn(g, date))
            usd += blockW(g) / 1e3 * g.fixedOmUsdPerKWYear;
    }
    return usd;
}

void siteEnergy(const Project &project, PowerResult &result)
{
    const Site &site = project.site;
    SiteEnergy &e = result.siteEnergy;
    for (const OnsiteGeneration &g : site.generation)
        e.generationInstalledMW += blockW(g) / 1e6;
    if (result.supply.empty())
        return;
    e.fromSupplyTable = true;
    // Bridge power before the last date, period by period.
    constexpr double kHoursPerDay = 24.0;
    for (std::size_t k = 0; k + 1 < result.supply.size(); ++k) {
        const SupplyPoint &point = result.supply[k];
        const double hours =
            double(daysBetween(point.date, result.supply[k + 1].date)) * kHoursPerDay;
        std::vector<double> outputW = blockOutputW(site, point.date, point);
        for (std::size_t i = 0; i < site.generation.size(); ++i) {
            if (site.generation[i].role != GenerationRole::Bridge)
                outputW[i] = 0;
            else if (runsOn(site.generation[i], point.date))
                e.bridgeOmUsd += blockW(site.generation[i]) / 1e3 *
                                 site.generation[i].fixedOmUsdPerKWYear * hours / 8760.0;
        }
        double unusedGJ = 0;
        addGeneration(site, outputW, hours, e.bridgeMWh, unusedGJ, e.bridgeFuelUsd, e.bridgeOmUsd,
                      e.bridgeCo2Tonnes);
    }
    // The year at the last date.
    const SupplyPoint &steady = result.supply.back();
    e.steadyDate = steady.date;
    constexpr double kYearHours = 8760.0;
    e.gridMWh = steady.gridAverageW / 1e6 * kYearHours;
    addGeneration(site, blockOutputW(site, steady.date, steady), kYearHours, e.onsiteMWh, e.fuelGJ,
                  e.fuelUsd, e.omUsd, e.co2Tonnes);
    e.omUsd += fixedOmUsdPerYear(site, steady.date);
    // Restate the year's electricity cost, CO2 and the reporting figures from the mix. The
    // demand charge stays on the facility peak (the meter sees it when generation trips).
    const double tariff = site.electricityUsdPerKWh;
    result.energyCostUsd = e.gridMWh * 1e3 * tariff;
    result.annualElectricityCostUsd =
        result.energyCostUsd + result.demandChargeUsd + e.fuelUsd + e.omUsd;
    result.co2Tonnes =
        e.gridMWh * (1 - site.renewableFraction) * site.gridCo2KgPerKWh + e.co2Tonnes;
    result.ref = result.annualEnergyMWh > 0
                     ? site.renewableFraction * e.gridMWh / result.annualEnergyMWh
                     : site.renewableFraction;
    const double itKWh = result.annualItEnergyMWh * 1e3;
    result.cueKgPerKWh = itKWh > 0 ? result.co2Tonnes * 1e3 / itKWh : 0;
}

void electricalAvailability(const Project &project, PowerResult &result)
{
    const Site &site = project.site;
    ElectricalAvailability &a = result.electrical;
    a.utilityInterruptionsPerYear = site.utilityInterruptionsPerYear;
    a.outageHours = site.utilityOutageHours;
    // Islanding: enough prime units up to carry the peak, each up with its availability.
    const std::string date = result.supply.empty() ? std::string() : result.supply.back().date;
    int primeUnits = 0;
    double primeRatedW = 0, primeUpUnits = 0;
    for (const OnsiteGeneration &g : site.generation) {
        if (g.role != GenerationRole::Prime || (!date.empty() && !runsOn(g, date)))
            continue;
        primeUnits += g.units;
        primeRatedW += blockW(g);
        primeUpUnits += g.availability * g.units;
    }
    double island = 0;
    if (primeUnits > 0) {
        const int needed = int(std::ceil(result.facilityPeakW / (primeRatedW / primeUnits) - 1e-9));
        island = startProbability(needed, primeUnits, primeUpUnits / primeUnits);
    }
    // Backup: the IT on a UPS, then enough backup units start to carry the facility peak (the
    // sizing margin of /power/generators is not load).
    double backup = 0;
    std::string how;
    const bool onUps = project.power.ups.type != UpsType::None;
    int backupBlocks = 0;
    double largestBackupMW = 0;
    for (const OnsiteGeneration &g : site.generation) {
        if (g.role != GenerationRole::Backup)
            continue;
        backupBlocks += g.units;
        largestBackupMW = std::max(largestBackupMW, g.ratingMW);
    }
    if (!onUps) {
        how = "IT not on a UPS: an interruption drops the load";
    } else if (result.generators && result.generators->unitUsableW > 0) {
        a.backupUnitsNeeded =
            int(std::ceil(result.facilityPeakW / result.generators->unitUsableW - 1e-9));
        a.backupUnitsInstalled = result.generators->unitsInstalled;
        how = "UPS, then " + std::to_string(a.backupUnitsNeeded) + " of " +
              std::to_string(a.backupUnitsInstalled) + " backup generators starting";
    } else if (backupBlocks > 0) {
        a.backupUnitsNeeded = int(std::ceil(result.facilityPeakW / (largestBackupMW * 1e6) - 1e-9));
        a.backupUnitsInstalled = backupBlocks;
        how = "UPS, then " + std::to_string(a.backupUnitsNeeded) + " of " +
              std::to_string(backupBlocks) + " backup units starting";
    } else {
        how = "UPS without backup generation: it carries minutes, not an outage";
    }
    if (onUps && a.backupUnitsInstalled > 0)
        backup = startProbability(a.backupUnitsNeeded, a.backupUnitsInstalled,
                                  project.power.generatorStartReliability);
    a.rideThroughProbability = 1 - (1 - island) * (1 - backup);
    a.rideThrough = primeUnits > 0
                        ? "prime generation islands (" + formatFixed(island, 4) + "), else " + how
                        : how;
    if (project.power.generators && backupBlocks > 0)
        result.diagnostics.warning(
            "", "/site/generation",
            "backup generation is stated twice: /power/generators sizes a fleet and "
            "/site/generation lists backup blocks; both are priced and the availability uses the "
            "fleet. Set /power/generators to false to count the listed blocks instead");
    a.jobInterruptionsPerYear = a.utilityInterruptionsPerYear * (1 - a.rideThroughProbability);
    a.outageHoursPerYear = a.jobInterruptionsPerYear * a.outageHours;
}

} // namespace

double startProbability(int needed, int installed, double startReliability)
{
    if (needed <= 0)
        return 1;
    if (installed < needed)
        return 0;
    if (startReliability >= 1)
        return 1;
    if (startReliability <= 0)
        return 0;
    // Binomial upper tail in log space (hundreds of units).
    const double logQ = std::log(startReliability), logP = std::log1p(-startReliability);
    double sum = 0;
    for (int k = needed; k <= installed; ++k) {
        const double logTerm = std::lgamma(installed + 1.0) - std::lgamma(k + 1.0) -
                               std::lgamma(installed - k + 1.0) + k * logQ + (installed - k) * logP;
        sum += std::exp(logTerm);
    }
    return std::min(1.0, sum);
}

void solveSiteSupply(const Project &project, PowerResult &result)
{
    const Site &site = project.site;
    if (!site.startDate.empty() && (!site.utilitySteps.empty() || !site.generation.empty()))
        supplyTable(project, result);
    siteEnergy(project, result);
    electricalAvailability(project, result);
}

} // namespace aidc

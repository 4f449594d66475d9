// SPDX-License-Identifier: Apache-2.0
#include "costreport.h"

#include "model/diagnosticsjson.h"
#include "solvers/common/reportformat.h"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace aidc {

namespace {

nlohmann::json optionalNumber(const std::optional<double> &value)
{
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string quantityText(double quantity)
{
    char buffer[32];
    if (std::abs(quantity - std::round(quantity)) < 1e-9)
        std::snprintf(buffer, sizeof buffer, "%.0f", quantity);
    else
        std::snprintf(buffer, sizeof buffer, "%.2f", quantity);
    return buffer;
}

} // namespace

nlohmann::json toJson(const CostResult &r)
{
    nlohmann::json j;
    j["asOfDate"] = r.asOfDate;
    j["priceBook"] = r.priceBook;
    j["capexUsd"] = r.capexUsd;
    j["itCapexUsd"] = r.itCapexUsd;
    j["facilityCapexUsd"] = r.facilityCapexUsd;
    j["installationUsd"] = r.installationUsd;
    j["networkCapexUsd"] = r.networkCapexUsd;
    j["clusterCapexUsd"] = r.clusterCapexUsd;
    j["networkShare"] = r.networkShare;
    j["typicalNetworkShare"] = {r.typicalNetworkShareLow, r.typicalNetworkShareHigh};
    j["networkShareFlagged"] = r.networkShareFlagged;
    j["priceOrigins"] = {
        {"priceBook", r.priceBookLines}, {"catalog", r.catalogLines}, {"missing", r.missingLines}};

    nlohmann::json categories = nlohmann::json::array();
    for (const CategoryCost &c : r.categories) {
        categories.push_back({{"category", costCategoryKey(c.category)},
                              {"name", costCategoryName(c.category)},
                              {"capexUsd", c.capexUsd},
                              {"lifeYears", c.lifeYears},
                              {"maintenanceShare", c.maintenanceShare},
                              {"depreciationUsdPerYear", c.depreciationUsdPerYear},
                              {"annualizedCapexUsd", c.annualizedCapexUsd},
                              {"maintenanceUsdPerYear", c.maintenanceUsdPerYear},
                              {"purchasesInHorizon", c.purchasesInHorizon},
                              {"residualUsd", c.residualUsd}});
    }
    j["categories"] = std::move(categories);

    nlohmann::json lines = nlohmann::json::array();
    for (const CostLine &l : r.lines) {
        lines.push_back({{"category", costCategoryKey(l.category)},
                         {"part", l.part},
                         {"description", l.description},
                         {"plane", l.plane},
                         {"quantity", l.quantity},
                         {"unit", l.unit},
                         {"unitPriceUsd", l.unitPriceUsd},
                         {"extendedUsd", l.extendedUsd},
                         {"priceOrigin", toString(l.origin)},
                         {"priceSource", l.priceSource},
                         {"priceDate", l.priceDate}});
    }
    j["lines"] = std::move(lines);

    j["opex"] = {{"energyUsdPerYear", r.energyUsdPerYear},
                 {"maintenanceUsdPerYear", r.maintenanceUsdPerYear},
                 {"staffUsdPerYear", r.staffUsdPerYear},
                 {"networkServicesUsdPerYear", r.networkServicesUsdPerYear},
                 {"annualOpexUsd", r.annualOpexUsd}};
    j["tco"] = {{"horizonYears", r.horizonYears},
                {"costOfCapital", r.costOfCapital},
                {"depreciationUsdPerYear", r.depreciationUsdPerYear},
                {"annualizedCapexUsd", r.annualizedCapexUsd},
                {"equivalentAnnualCostUsd", r.equivalentAnnualCostUsd},
                {"residualValueUsd", r.residualValueUsd},
                {"tcoUsd", r.tcoUsd},
                {"tcoPresentValueUsd", r.tcoPresentValueUsd},
                {"capitalShareOfEac", r.capitalShareOfEac}};
    j["gpus"] = r.gpus;
    j["gpuHoursPerYear"] = r.gpuHoursPerYear;
    j["costPerGpuHourUsd"] = r.costPerGpuHourUsd;
    j["effectiveFlops"] = optionalNumber(r.effectiveFlops);
    j["goodputAssumed"] = r.goodputAssumed;
    j["costPerEffectiveExaflopHourUsd"] = optionalNumber(r.costPerEffectiveExaflopHourUsd);
    j["trainingRunHours"] = optionalNumber(r.trainingRunHours);
    j["costPerTrainingRunUsd"] = optionalNumber(r.costPerTrainingRunUsd);

    j["diagnostics"] = diagnosticsToJson(r.diagnostics);
    return j;
}

void writeText(std::ostream &out, const CostResult &r)
{
    out << "Cost (prices as of " << r.asOfDate << "; "
        << (r.priceBook.empty() ? std::string("catalog prices only") : "price book " + r.priceBook)
        << ")\n";
    out << "  Capex " << formatUsd(r.capexUsd) << ": IT hardware " << formatUsd(r.itCapexUsd)
        << ", facility " << formatUsd(r.facilityCapexUsd) << ", installation "
        << formatUsd(r.installationUsd) << "\n";
    out << "  Network " << formatUsd(r.networkCapexUsd) << " = " << formatPercent(r.networkShare)
        << " of cluster capex (typical " << formatPercent(r.typicalNetworkShareLow) << "-"
        << formatPercent(r.typicalNetworkShareHigh) << " for non-blocking InfiniBand [A/U])"
        << (r.networkShareFlagged ? "  << FAR FROM TYPICAL" : "") << "\n";
    out << "  Prices: " << r.priceBookLines << " lines from the price book, " << r.catalogLines
        << " from catalog defaults, " << r.missingLines << " missing\n\n";

    out << "  " << std::left << std::setw(26) << "Category" << std::right << std::setw(12)
        << "Capex" << std::setw(8) << "Life" << std::setw(8) << "Maint." << std::setw(14)
        << "Annualized"
        << "\n";
    for (const CategoryCost &c : r.categories) {
        if (c.capexUsd == 0)
            continue;
        out << "  " << std::left << std::setw(26) << costCategoryName(c.category) << std::right
            << std::setw(12) << formatUsd(c.capexUsd) << std::setw(6) << c.lifeYears << " y"
            << std::setw(8) << formatPercent(c.maintenanceShare) << std::setw(14)
            << formatUsd(c.annualizedCapexUsd) << "\n";
    }

    out << "\n  Opex per year " << formatUsd(r.annualOpexUsd) << ": energy "
        << formatUsd(r.energyUsdPerYear) << ", maintenance " << formatUsd(r.maintenanceUsdPerYear)
        << ", staff " << formatUsd(r.staffUsdPerYear) << ", network services "
        << formatUsd(r.networkServicesUsdPerYear) << "\n";
    out << "  Annualized capex " << formatUsd(r.annualizedCapexUsd) << " at "
        << formatPercent(r.costOfCapital) << " cost of capital; equivalent annual cost "
        << formatUsd(r.equivalentAnnualCostUsd) << " (capital "
        << formatPercent(r.capitalShareOfEac) << ")\n";
    out << "  TCO over " << r.horizonYears << " years " << formatUsd(r.tcoUsd) << " (present value "
        << formatUsd(r.tcoPresentValueUsd) << "), net of " << formatUsd(r.residualValueUsd)
        << " straight-line residual value at the horizon\n";
    out << "  Cost per GPU-hour " << formatUsd(r.costPerGpuHourUsd) << " (" << r.gpus << " GPUs)\n";
    if (r.costPerEffectiveExaflopHourUsd)
        out << "  Cost per effective ExaFLOP-hour " << formatUsd(*r.costPerEffectiveExaflopHourUsd)
            << " (effective " << *r.effectiveFlops / 1e18 << " EFLOP/s"
            << (r.goodputAssumed ? ", goodput assumed 1" : "") << ")\n";
    if (r.costPerTrainingRunUsd)
        out << "  Cost per training run " << formatUsd(*r.costPerTrainingRunUsd) << " ("
            << *r.trainingRunHours / 24.0 << " days wall time)\n";

    out << "\n  Lines (origin: book = price book, catalog = catalog default)\n";
    for (const CostLine &l : r.lines) {
        out << "  " << std::left << std::setw(9)
            << (l.origin == PriceOrigin::PriceBook ? "book"
                : l.origin == PriceOrigin::Catalog ? "catalog"
                                                   : "MISSING")
            << std::right << std::setw(10) << quantityText(l.quantity) << " " << std::left
            << std::setw(5) << l.unit << std::right << std::setw(12) << formatUsd(l.unitPriceUsd)
            << std::setw(12) << formatUsd(l.extendedUsd) << "  " << l.description;
        if (!l.priceSource.empty())
            out << "  [" << l.priceSource << (l.priceDate.empty() ? "" : ", " + l.priceDate) << "]";
        out << "\n";
    }
    if (!r.diagnostics.empty())
        out << "\n" << r.diagnostics.toString();
}

} // namespace aidc

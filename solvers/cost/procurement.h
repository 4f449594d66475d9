// SPDX-License-Identifier: Apache-2.0
#pragma once

// The procurement BOM (issue 21, `aidc bom`): what a buyer orders, and the capex that is not an
// order, reconciled with the cost solver's capex to the cent.
//
// Orderable lines: one per catalog part, stock length and splitter form (a 2-leg splitter cable
// is a different order from two straight cables), summed over planes, tiers and pools, in
// orderable units: cables and splitters by the physical cable, modules by the module, servers,
// racks, storage nodes, switches by the unit, facility plant by the unit rating the power and
// cooling solvers chose. Each states manufacturer, part number and lead time from the catalog
// (empty where the catalog has no source: nothing is invented), the unit price with its origin,
// source and date, and the extended price as the sum of the priced cost lines it gathers.
// Facility plant the cost solver prices per MW of critical IT has no unit price of its own: its
// line names the per-MW capex line that pays for it (`pricedIn`).
//
// Non-BOM lines: capex that is not an orderable part (facility plant per MW, on-site generation
// per kW, the site battery per kWh, building shell, installation labour), one per cost line.
//
// sum(orderable extended) + sum(non-BOM extended) = CostResult::capexUsd, per category.

#include "catalogs/catalog.h"
#include "model/csv.h"
#include "solvers/common/bom.h"
#include "solvers/cost/cost.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

struct ProcurementLine
{
    CostCategory category = CostCategory::Other;
    bool orderable = true; // false: a non-BOM capex line
    std::string part;      // catalog id or price key
    std::string manufacturer, partNumber;
    std::string description;
    std::string usedIn; // network parts: the planes the quantity serves
    double quantity = 0;
    std::string unit = "each";
    double lengthM = 0;                 // cables, jumpers and trunks: stock length
    int legs = 1;                       // cables: links per physical cable
    std::optional<double> unitPriceUsd; // per orderable unit; unset: priced in `pricedIn`
    double extendedUsd = 0;
    PriceOrigin origin = PriceOrigin::Missing;
    std::string priceSource, priceDate;
    std::string pricedIn; // per-MW capex lines that pay for this plant, "; "-separated
    LeadTime leadTime;
    std::string leadTimeSource;
};

struct ProcurementBom
{
    std::vector<ProcurementLine>
        lines; // orderable lines by category, then non-BOM lines by category
    double orderableUsd = 0;
    double nonBomUsd = 0;
    // Per cost category: orderable lines and the extended prices of both kinds.
    std::array<int, costCategoryCount> orderableLinesBy{};
    std::array<double, costCategoryCount> orderableUsdBy{}, nonBomUsdBy{};
    double capexUsd = 0; // CostResult::capexUsd
    // Lines minus the cost solver's capex, per category: zero (to rounding) by construction; a
    // test fails otherwise.
    std::array<double, costCategoryCount> differenceUsd{};
    int orderableLines = 0;
    int withoutPartNumber = 0; // orderable lines whose catalog part states none
    int withoutLeadTime = 0;
    std::optional<std::size_t> longestLeadTime; // index into `lines`: the critical path item
};

// Builds the procurement BOM from the priced cost lines, the facility plant BOM of the power
// and cooling solvers, and the catalog's orderable identities.
// Plant units come in the units the solvers size them in: transformers, generators, CDUs,
// chillers, towers, dry coolers, CRAHs and rear doors by the unit of a stated rating; the UPS by
// installed MW and the busway by the metre (no unit rating modelled). Not in the BOM yet: rack
// PDUs and power shelves (in the rack price), switchgear, UFM appliances, freight and duty,
// contingency, software licences.
ProcurementBom buildProcurementBom(const CostResult &cost, const Bom &facilityBom,
                                   const Catalog &catalog);

// The table `aidc bom` writes (CSV, XLSX by category, text) and the GUI's BOM dock shows.
CsvTable procurementTable(const ProcurementBom &bom);

} // namespace aidc

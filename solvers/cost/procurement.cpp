// SPDX-License-Identifier: Apache-2.0
#include "procurement.h"

#include "catalogs/catalogloader.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace aidc {

namespace {

// Capex lines that buy no part: per-MW plant, per-kW generation, per-kWh battery, shell, labour.
bool isNonBomKey(const std::string &key)
{
    return key.rfind("facility/", 0) == 0 || key.rfind("install/", 0) == 0;
}

// The catalog name of a part of any kind, or "".
std::string partName(const Catalog &catalog, const std::string &id)
{
    if (const Server *x = catalog.server(id))
        return x->name;
    if (const SwitchModel *x = catalog.switchModel(id))
        return x->name;
    if (const Medium *x = catalog.medium(id))
        return x->name;
    if (const RackType *x = catalog.rackType(id))
        return x->name;
    if (const StorageSystem *x = catalog.storageSystem(id))
        return x->name;
    if (const PowerStage *x = catalog.powerStageById(id))
        return x->name;
    if (const CoolingUnit *x = catalog.coolingUnit(id))
        return x->name;
    if (const Generator *x = catalog.generator(id))
        return x->name;
    return {};
}

void addOrdering(ProcurementLine &line, const Catalog &catalog)
{
    const std::optional<PartOrdering> ordering = catalog.ordering(line.part);
    if (!ordering)
        return;
    line.manufacturer = ordering->manufacturer;
    line.partNumber = ordering->partNumber;
    line.leadTime = ordering->leadTime;
    if (ordering->leadTime.stated() && ordering->leadTimeSource)
        line.leadTimeSource = ordering->leadTimeSource->source + " [" +
                              confidenceTag(ordering->leadTimeSource->confidence) + "]";
}

void appendUnique(std::string &list, const std::string &item)
{
    if (item.empty())
        return;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find("; ", start), list.size());
        if (list.compare(start, end - start, item) == 0 && !list.empty())
            return;
        start = end + 2;
    }
    list += (list.empty() ? "" : "; ") + item;
}

// The catalog name with the stock length and splitter form. A part the catalog does not name
// (jumpers, trunks, patch panels) keeps its cost line's description up to the plane-specific
// detail in parentheses, which names the length already.
std::string orderableDescription(const std::string &name, const CostLine &first)
{
    std::string text = name;
    if (text.empty())
        text = first.description.substr(0, first.description.find(" ("));
    const std::string length = formatCsvNumber(first.lengthM) + " m";
    if (first.lengthM > 0 && text.find(length) == std::string::npos)
        text += " " + length;
    if (first.legs > 1)
        text += ", " + std::to_string(first.legs) + "-leg splitter cable";
    return text;
}

using GroupKey = std::tuple<int, std::string, double, int, std::string>;

} // namespace

ProcurementBom buildProcurementBom(const CostResult &cost, const Bom &facilityBom,
                                   const Catalog &catalog)
{
    ProcurementBom bom;
    bom.capexUsd = cost.capexUsd;

    // Orderable cost lines, gathered by part, stock length and splitter form.
    std::map<GroupKey, ProcurementLine> groups;
    std::vector<ProcurementLine> nonBom;
    std::set<std::string> pricedParts;
    std::array<std::string, costCategoryCount> perMwKeys;
    for (const CostLine &c : cost.lines) {
        if (isNonBomKey(c.part)) {
            ProcurementLine line;
            line.category = c.category;
            line.orderable = false;
            line.part = c.part;
            line.description = c.description;
            line.quantity = c.quantity;
            line.unit = c.unit;
            if (c.origin != PriceOrigin::Missing)
                line.unitPriceUsd = c.unitPriceUsd;
            line.extendedUsd = c.extendedUsd;
            line.origin = c.origin;
            line.priceSource = c.priceSource;
            line.priceDate = c.priceDate;
            if (c.unit == "MW")
                appendUnique(perMwKeys[std::size_t(c.category)], c.part);
            nonBom.push_back(std::move(line));
            continue;
        }
        pricedParts.insert(c.part);
        const int legs = std::max(1, c.legs);
        const GroupKey key{int(c.category), c.part, c.lengthM, legs, c.unit};
        auto [it, fresh] = groups.try_emplace(key);
        ProcurementLine &line = it->second;
        if (fresh) {
            line.category = c.category;
            line.part = c.part;
            line.description = orderableDescription(partName(catalog, c.part), c);
            line.unit = c.unit;
            line.lengthM = c.lengthM;
            line.legs = legs;
            if (c.origin != PriceOrigin::Missing)
                line.unitPriceUsd = c.unitPriceUsd * legs;
            line.origin = c.origin;
            line.priceSource = c.priceSource;
            line.priceDate = c.priceDate;
            addOrdering(line, catalog);
        }
        line.quantity += c.quantity / legs;
        line.extendedUsd += c.extendedUsd;
        appendUnique(line.usedIn, c.plane);
    }
    for (auto &[key, line] : groups)
        bom.lines.push_back(std::move(line));

    // Facility plant the cost solver priced per MW: ordered by the unit, paid for by the per-MW
    // line of its category.
    std::vector<ProcurementLine> plant;
    for (const BomLine &b : facilityBom) {
        if (pricedParts.count(b.part))
            continue;
        ProcurementLine line;
        line.category = costCategoryForBom(b.category).value_or(CostCategory::Other);
        line.part = b.part;
        line.description = b.description.empty() ? partName(catalog, b.part) : b.description;
        line.quantity = b.quantity;
        line.unit = b.unit;
        line.lengthM = b.lengthM;
        line.pricedIn = perMwKeys[std::size_t(line.category)];
        if (line.pricedIn.empty())
            line.priceSource = "not priced: no per-MW capex line of its category pays for it";
        addOrdering(line, catalog);
        plant.push_back(std::move(line));
    }
    bom.lines.insert(bom.lines.end(), plant.begin(), plant.end());
    std::stable_sort(bom.lines.begin(), bom.lines.end(),
                     [](const ProcurementLine &a, const ProcurementLine &b) {
                         return int(a.category) < int(b.category);
                     });
    bom.orderableLines = int(bom.lines.size());
    bom.lines.insert(bom.lines.end(), nonBom.begin(), nonBom.end());

    for (std::size_t i = 0; i < bom.lines.size(); ++i) {
        const ProcurementLine &line = bom.lines[i];
        (line.orderable ? bom.orderableUsd : bom.nonBomUsd) += line.extendedUsd;
        bom.differenceUsd[std::size_t(line.category)] += line.extendedUsd;
        if (!line.orderable)
            continue;
        bom.withoutPartNumber += line.partNumber.empty() ? 1 : 0;
        bom.withoutLeadTime += line.leadTime.stated() ? 0 : 1;
        if (line.leadTime.stated() &&
            (!bom.longestLeadTime ||
             line.leadTime.maxWeeks > bom.lines[*bom.longestLeadTime].leadTime.maxWeeks))
            bom.longestLeadTime = i;
    }
    for (const CategoryCost &c : cost.categories)
        bom.differenceUsd[std::size_t(c.category)] -= c.capexUsd;
    return bom;
}

CsvTable procurementTable(const ProcurementBom &bom)
{
    CsvTable table;
    table.header = {"category",         "line",         "part",
                    "manufacturer",     "partNumber",   "description",
                    "usedIn",           "quantity",     "unit",
                    "lengthM",          "legs",         "unitPriceUsd",
                    "extendedPriceUsd", "priceOrigin",  "priceSource",
                    "priceDate",        "pricedIn",     "leadTimeWeeksMin",
                    "leadTimeWeeksMax", "leadTimeDate", "leadTimeSource"};
    auto number = [](double value) {
        return formatCsvNumber(value);
    };
    for (const ProcurementLine &line : bom.lines) {
        const bool priced = line.unitPriceUsd.has_value();
        const char *origin = priced                   ? toString(line.origin)
                             : !line.pricedIn.empty() ? "per-MW"
                                                      : "missing";
        table.rows.push_back({costCategoryKey(line.category),
                              line.orderable ? "part" : "non-bom",
                              line.part,
                              line.manufacturer,
                              line.partNumber,
                              line.description,
                              line.usedIn,
                              number(line.quantity),
                              line.unit,
                              line.lengthM > 0 ? number(line.lengthM) : "",
                              line.legs > 1 ? std::to_string(line.legs) : "",
                              priced ? number(*line.unitPriceUsd) : "",
                              priced ? number(line.extendedUsd) : "",
                              origin,
                              line.priceSource,
                              line.priceDate,
                              line.pricedIn,
                              line.leadTime.stated() ? number(line.leadTime.minWeeks) : "",
                              line.leadTime.stated() ? number(line.leadTime.maxWeeks) : "",
                              line.leadTime.date,
                              line.leadTimeSource});
    }
    return table;
}

} // namespace aidc

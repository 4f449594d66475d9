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

void addOrdering(ProcurementLine &line, const std::optional<PartOrdering> &ordering)
{
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
    while (start < list.size()) {
        const std::size_t end = std::min(list.find("; ", start), list.size());
        if (list.compare(start, end - start, item) == 0)
            return;
        start = end + 2;
    }
    list += (list.empty() ? "" : "; ") + item;
}

// What a buyer reads: the catalog name (a module line names one module, not the link's pair),
// the stock length and the splitter form. A part the catalog does not name (jumpers, trunks,
// patch panels) keeps its cost line's description up to the plane-specific detail in
// parentheses, which names the length already.
std::string orderableDescription(const CostLine &first, const std::optional<PartOrdering> &part,
                                 const Catalog &catalog)
{
    std::string text = part ? part->name : std::string();
    if (text.empty())
        text = first.description.substr(0, first.description.find(" ("));
    if (first.category == CostCategory::Transceivers) {
        const Medium *medium = catalog.medium(first.part);
        const std::size_t pair = text.find(" pair over ");
        text = pair == std::string::npos
                   ? text + ", one module"
                   : text.substr(0, pair) + " module, one end of a link over " +
                         text.substr(pair + 11);
        if (medium && medium->linksPerModule > 1)
            text += " (twin-port: " + std::to_string(medium->linksPerModule) + " links)";
    }
    const std::string length = formatCsvNumber(first.lengthM) + " m";
    if (first.lengthM > 0 && text.find(length) == std::string::npos)
        text += " " + length;
    if (first.legs > 1)
        text += ", " + std::to_string(first.legs) + "-leg splitter cable";
    if (first.description.find("made to order") != std::string::npos)
        text += ", made to order";
    return text;
}

// The price of cost line `c` on `line`, per orderable unit of `legs` links.
void copyPrice(ProcurementLine &line, const CostLine &c, int legs)
{
    if (c.origin != PriceOrigin::Missing)
        line.unitPriceUsd = c.unitPriceUsd * legs;
    line.origin = c.origin;
    line.priceSource = c.priceSource;
    line.priceDate = c.priceDate;
}

ProcurementLine nonBomLine(const CostLine &c)
{
    ProcurementLine line;
    line.category = c.category;
    line.orderable = false;
    line.part = c.part;
    line.description = c.description;
    line.quantity = c.quantity;
    line.unit = c.unit;
    line.extendedUsd = c.extendedUsd;
    copyPrice(line, c, 1);
    return line;
}

// The first cost line of an orderable group: what every line of the group shares.
ProcurementLine orderableLine(const CostLine &c, const Catalog &catalog)
{
    const std::optional<PartOrdering> part = catalog.ordering(c.part);
    ProcurementLine line;
    line.category = c.category;
    line.part = c.part;
    line.description = orderableDescription(c, part, catalog);
    line.unit = c.unit;
    line.lengthM = c.lengthM;
    line.legs = std::max(1, c.legs);
    copyPrice(line, c, line.legs);
    addOrdering(line, part);
    return line;
}

// Plant the cost solver priced per MW: ordered by the unit, paid for by the per-MW capex lines
// of its category.
ProcurementLine plantLine(const BomLine &b, const std::string &pricedIn, const Catalog &catalog)
{
    const std::optional<PartOrdering> part = catalog.ordering(b.part);
    ProcurementLine line;
    line.category = costCategoryForBom(b.category).value_or(CostCategory::Other);
    line.part = b.part;
    line.description = !b.description.empty() ? b.description : part ? part->name : b.part;
    line.quantity = b.quantity;
    line.unit = b.unit;
    line.lengthM = b.lengthM;
    line.pricedIn = pricedIn;
    if (pricedIn.empty())
        line.priceSource = "not priced: no per-MW capex line of its category pays for it";
    addOrdering(line, part);
    return line;
}

void stableSortByCategory(std::vector<ProcurementLine> &lines)
{
    std::stable_sort(lines.begin(), lines.end(),
                     [](const ProcurementLine &a, const ProcurementLine &b) {
                         return int(a.category) < int(b.category);
                     });
}

// Totals, subtotals by category, the reconciliation with capex and the critical path item.
void total(ProcurementBom &bom, const CostResult &cost)
{
    for (std::size_t i = 0; i < bom.lines.size(); ++i) {
        const ProcurementLine &line = bom.lines[i];
        const std::size_t c = std::size_t(line.category);
        bom.differenceUsd[c] += line.extendedUsd;
        if (!line.orderable) {
            bom.nonBomUsd += line.extendedUsd;
            bom.nonBomUsdBy[c] += line.extendedUsd;
            continue;
        }
        bom.orderableUsd += line.extendedUsd;
        bom.orderableUsdBy[c] += line.extendedUsd;
        ++bom.orderableLinesBy[c];
        bom.withoutPartNumber += line.partNumber.empty() ? 1 : 0;
        bom.withoutLeadTime += line.leadTime.stated() ? 0 : 1;
        if (line.leadTime.stated() &&
            (!bom.longestLeadTime ||
             line.leadTime.maxWeeks > bom.lines[*bom.longestLeadTime].leadTime.maxWeeks))
            bom.longestLeadTime = i;
    }
    for (const CategoryCost &c : cost.categories)
        bom.differenceUsd[std::size_t(c.category)] -= c.capexUsd;
}

using GroupKey = std::tuple<int, std::string, double, int, std::string>;

} // namespace

ProcurementBom buildProcurementBom(const CostResult &cost, const Bom &facilityBom,
                                   const Catalog &catalog)
{
    ProcurementBom bom;
    bom.capexUsd = cost.capexUsd;

    // Orderable cost lines, gathered by part, stock length and splitter form; the others are
    // non-BOM lines.
    std::map<GroupKey, ProcurementLine> groups;
    std::vector<ProcurementLine> nonBom;
    std::set<std::string> pricedParts;
    std::array<std::string, costCategoryCount> perMwKeys;
    for (const CostLine &c : cost.lines) {
        if (isNonBomKey(c.part)) {
            if (c.unit == "MW")
                appendUnique(perMwKeys[std::size_t(c.category)], c.part);
            nonBom.push_back(nonBomLine(c));
            continue;
        }
        pricedParts.insert(c.part);
        const int legs = std::max(1, c.legs);
        auto [it, fresh] =
            groups.try_emplace(GroupKey{int(c.category), c.part, c.lengthM, legs, c.unit});
        if (fresh)
            it->second = orderableLine(c, catalog);
        it->second.quantity += c.quantity / legs;
        it->second.extendedUsd += c.extendedUsd;
        appendUnique(it->second.usedIn, c.plane);
    }
    for (auto &[key, line] : groups)
        bom.lines.push_back(std::move(line));
    for (const BomLine &b : facilityBom) {
        if (!pricedParts.count(b.part)) {
            const CostCategory category =
                costCategoryForBom(b.category).value_or(CostCategory::Other);
            bom.lines.push_back(plantLine(b, perMwKeys[std::size_t(category)], catalog));
        }
    }
    stableSortByCategory(bom.lines);
    bom.orderableLines = int(bom.lines.size());
    stableSortByCategory(nonBom);
    bom.lines.insert(bom.lines.end(), nonBom.begin(), nonBom.end());
    total(bom, cost);
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

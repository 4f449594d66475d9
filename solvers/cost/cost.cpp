// SPDX-License-Identifier: Apache-2.0
#include "cost.h"

#include "catalogs/catalogloader.h"
#include "solvers/cost/pricebook.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace aidc {

namespace {

constexpr std::array<const char *, costCategoryCount> categoryKeys = {
    "compute", "switches", "transceivers", "cables-fibres", "storage", "racks-busbars",
    "power",   "cooling",  "building",     "installation",  "other"};

constexpr std::array<const char *, costCategoryCount> categoryNames = {"Accelerators and servers",
                                                                       "Scale-out switches",
                                                                       "Transceivers",
                                                                       "Cables and fibres",
                                                                       "Storage",
                                                                       "Racks and busbars",
                                                                       "Power infrastructure",
                                                                       "Cooling infrastructure",
                                                                       "Building shell",
                                                                       "Installation labour",
                                                                       "Other"};

std::string formatNumber(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

// The price unit a line's quantity unit calls for: "each" -> "each", "MW" -> "per-MW".
std::string priceUnitFor(const std::string &quantityUnit)
{
    return quantityUnit == "each" ? std::string("each") : "per-" + quantityUnit;
}

bool finiteNonNegative(double value)
{
    return std::isfinite(value) && value >= 0;
}

// Looks prices up once per key: price book first, then the catalog defaults.
class PriceResolver
{
public:
    PriceResolver(const std::vector<Price> &catalogPrices, const PriceBook *book,
                  std::string asOfDate, CostResult &result)
        : m_book(book)
        , m_asOfDate(std::move(asOfDate))
        , m_result(result)
    {
        for (std::size_t i = 0; i < catalogPrices.size(); ++i) {
            const Price &price = catalogPrices[i];
            if (!m_catalog.emplace(price.part, &price).second)
                m_result.diagnostics.warning("", "/prices/" + std::to_string(i),
                                             "catalog price for '" + price.part +
                                                 "' given twice; the first one is used");
        }
    }

    // The price of `key`, looked up once; `quantityUnit` is the unit a price of an unknown
    // unit is taken to be in, `what` names the first line that asked, for errors.
    // `fallbackKey` (may be empty) is tried when `key` has neither a quote nor a catalog price;
    // the price is then kept under `key` too, with ResolvedPrice::key naming the one found.
    const ResolvedPrice &resolve(const std::string &key, const std::string &quantityUnit,
                                 const std::string &what, const std::string &fallbackKey = {})
    {
        const auto known = m_result.prices.find(key);
        if (known != m_result.prices.end())
            return known->second;

        std::optional<Quote> quote = bestQuote(key);
        std::string found = key;
        if (!quote && !m_catalog.count(key) && !fallbackKey.empty()) {
            if (std::optional<Quote> other = bestQuote(fallbackKey)) {
                quote = std::move(other);
                found = fallbackKey;
            } else if (m_catalog.count(fallbackKey)) {
                found = fallbackKey;
            }
        }

        ResolvedPrice price;
        price.key = found;
        const std::string wanted = priceUnitFor(quantityUnit);
        const auto catalogIt = m_catalog.find(found);
        const Price *catalog = catalogIt == m_catalog.end() ? nullptr : catalogIt->second;
        if (quote) {
            price.origin = PriceOrigin::PriceBook;
            price.unitUsd = quote->unitUsd;
            price.unit = !quote->unit.empty() ? quote->unit : catalog ? catalog->unit : wanted;
            price.quotedPrice = quote->unitPrice;
            price.currency = quote->currency;
            price.date = quote->date;
            price.quoteId = quote->id;
            price.source = "price book: " + quote->vendor + " (quote " + std::to_string(quote->id) +
                           (quote->validUntil.empty() ? "" : ", valid until " + quote->validUntil) +
                           ")";
        } else if (catalog) {
            price.origin = PriceOrigin::Catalog;
            price.unit = catalog->unit.empty() ? std::string("each") : catalog->unit;
            price.quotedPrice = catalog->unitUsd;
            price.currency = catalog->currency.empty() ? std::string("USD") : catalog->currency;
            price.date = catalog->date;
            price.source = "catalog: " +
                           (catalog->source.source.empty() ? std::string("no source given")
                                                           : catalog->source.source) +
                           " [" + confidenceTag(catalog->source.confidence) + "]";
            if (!std::isfinite(catalog->unitUsd) || catalog->unitUsd < 0) {
                m_result.diagnostics.error("", "/prices/" + found,
                                           "catalog price for '" + found + "' is " +
                                               formatNumber(catalog->unitUsd) +
                                               "; a price must be a number >= 0");
                price.origin = PriceOrigin::Missing;
            } else if (price.currency == "USD") {
                price.unitUsd = catalog->unitUsd;
            } else {
                std::optional<double> rate;
                if (m_book) {
                    try {
                        rate = m_book->usdPerUnit(price.currency);
                    } catch (const PriceBookError &e) {
                        m_result.diagnostics.error("", "/cost/priceBook", e.what());
                    }
                }
                if (!rate) {
                    m_result.diagnostics.error(
                        "", "/prices/" + found,
                        "catalog price for '" + found + "' is in unknown currency '" +
                            price.currency +
                            "': add its USD rate to the price book, or give the price in USD");
                    price.origin = PriceOrigin::Missing;
                } else {
                    price.unitUsd = catalog->unitUsd * *rate;
                }
            }
        } else {
            m_result.diagnostics.error(
                "", "/cost",
                "no price for '" + key + "' (" + what +
                    "): add it to the catalog prices "
                    "(catalogs/data/prices.json" +
                    (fallbackKey.empty() ? std::string() : " as '" + fallbackKey + "'") +
                    ") or quote it in the price book");
        }

        if (price.origin == PriceOrigin::Missing)
            price.unitUsd = 0;
        return m_result.prices.emplace(key, std::move(price)).first->second;
    }

private:
    std::optional<Quote> bestQuote(const std::string &key)
    {
        if (!m_book)
            return std::nullopt;
        try {
            return m_book->bestQuote(key, m_asOfDate);
        } catch (const PriceBookError &e) {
            m_result.diagnostics.error("", "/cost/priceBook", e.what());
        }
        return std::nullopt;
    }

    const PriceBook *m_book;
    std::string m_asOfDate;
    CostResult &m_result;
    std::map<std::string, const Price *> m_catalog;
};

class CapexBuilder
{
public:
    CapexBuilder(PriceResolver &resolver, CostResult &result)
        : m_resolver(resolver)
        , m_result(result)
    {
    }

    void add(CostCategory category, const std::string &key, std::string description,
             double quantity, const std::string &unit, double lengthM = 0,
             const std::string &plane = {}, const std::string &fallbackKey = {}, int legs = 1)
    {
        const ResolvedPrice &price = m_resolver.resolve(key, unit, description, fallbackKey);
        const bool perMetre = price.unit == "per-m" && unit == "each" && lengthM > 0;
        bool usable = price.origin != PriceOrigin::Missing;
        if (usable && price.unit != priceUnitFor(unit) && !perMetre) {
            m_result.diagnostics.error("", "/cost",
                                       "price for '" + key + "' is " + price.unit + " but '" +
                                           description + "' is counted in '" + unit +
                                           "'; give a price " + priceUnitFor(unit));
            usable = false;
        }
        CostLine line;
        line.category = category;
        line.part = key;
        line.description = std::move(description);
        line.plane = plane;
        line.quantity = quantity;
        line.unit = unit;
        line.lengthM = lengthM;
        line.legs = legs;
        line.origin = usable ? price.origin : PriceOrigin::Missing;
        line.priceSource = price.source;
        line.priceDate = price.date;
        if (usable)
            line.unitPriceUsd = perMetre ? price.unitUsd * lengthM : price.unitUsd;
        line.extendedUsd = line.unitPriceUsd * quantity;
        m_result.lines.push_back(std::move(line));
    }

private:
    PriceResolver &m_resolver;
    CostResult &m_result;
};

void checkCount(Diagnostics &d, const std::string &path, double value)
{
    if (!finiteNonNegative(value))
        d.error("", path, "must be a number >= 0 (got " + formatNumber(value) + ")");
}

void checkFraction(Diagnostics &d, const std::string &path, const std::optional<double> &value)
{
    if (value && (!std::isfinite(*value) || *value <= 0 || *value > 1))
        d.error("", path,
                "must be in (0, 1] (got " + formatNumber(*value) + "); give a fraction, not a %");
}

void checkPositive(Diagnostics &d, const std::string &path, const std::optional<double> &value)
{
    if (value && (!std::isfinite(*value) || *value <= 0))
        d.error("", path, "must be > 0 (got " + formatNumber(*value) + ")");
}

Diagnostics validateInputs(const CostInputs &in)
{
    Diagnostics d;
    const std::string root = "costInputs/";
    for (std::size_t i = 0; i < in.compute.size(); ++i) {
        const PoolInventory &p = in.compute[i];
        const std::string at = root + "compute/" + std::to_string(i) + "/";
        if (p.server.empty() && p.servers > 0)
            d.error("", at + "server", "pool '" + p.pool + "' names no server to price");
        checkCount(d, at + "servers", p.servers);
        checkCount(d, at + "gpus", p.gpus);
        checkCount(d, at + "racks", p.racks);
        if (p.rackType.empty() && p.racks > 0)
            d.error("", at + "rackType", "pool '" + p.pool + "' names no rack type to price");
    }
    for (std::size_t i = 0; i < in.racks.size(); ++i) {
        const std::string at = root + "racks/" + std::to_string(i) + "/";
        checkCount(d, at + "racks", in.racks[i].racks);
        if (in.racks[i].rackType.empty() && in.racks[i].racks > 0)
            d.error("", at + "rackType", "names no rack type to price");
    }
    for (std::size_t i = 0; i < in.storage.size(); ++i) {
        const std::string at = root + "storage/" + std::to_string(i) + "/";
        checkCount(d, at + "nodes", in.storage[i].nodes);
        if (in.storage[i].system.empty() && in.storage[i].nodes > 0)
            d.error("", at + "system", "names no storage system to price");
    }
    for (const auto &[bom, name] :
         {std::pair{&in.network, "network"}, std::pair{&in.facility, "facility"}}) {
        for (std::size_t i = 0; i < bom->size(); ++i) {
            const BomLine &line = (*bom)[i];
            const std::string at = root + name + "/" + std::to_string(i) + "/";
            checkCount(d, at + "quantity", line.quantity);
            checkCount(d, at + "lengthM", line.lengthM);
            if (line.part.empty())
                d.error("", at + "part", "BOM line '" + line.description + "' has no part id");
            if (line.unit.empty())
                d.error("", at + "unit", "BOM line '" + line.description + "' has no unit");
        }
    }
    const FacilityFigures &s = in.site;
    checkCount(d, root + "site/criticalItMW", s.criticalItMW);
    checkCount(d, root + "site/coolingMW", s.coolingMW);
    checkCount(d, root + "site/hallAreaM2", s.hallAreaM2);
    checkCount(d, root + "site/batteryKWh", s.batteryKWh);
    for (std::size_t i = 0; i < s.generationMW.size(); ++i)
        checkCount(d, root + "site/generationMW/" + std::to_string(i), s.generationMW[i].second);
    checkCount(d, root + "site/electricityUsdPerKWh", s.electricityUsdPerKWh);
    if (s.annualEnergyMWh)
        checkCount(d, root + "site/annualEnergyMWh", *s.annualEnergyMWh);
    if (s.annualEnergyCostUsd)
        checkCount(d, root + "site/annualEnergyCostUsd", *s.annualEnergyCostUsd);
    for (std::size_t i = 0; i < s.power.size(); ++i) {
        const std::string at = root + "site/power/" + std::to_string(i) + "/";
        checkCount(d, at + "criticalMW", s.power[i].criticalMW);
        checkCount(d, at + "installedMW", s.power[i].installedMW);
    }
    if (in.installRacks)
        checkCount(d, root + "installRacks", *in.installRacks);
    if (in.installCables)
        checkCount(d, root + "installCables", *in.installCables);
    const PerformanceFigures &p = in.performance;
    checkPositive(d, root + "performance/peakFlops", p.peakFlops);
    checkFraction(d, root + "performance/mfu", p.mfu);
    checkFraction(d, root + "performance/goodput", p.goodput);
    checkPositive(d, root + "performance/effectiveFlops", p.effectiveFlops);
    checkPositive(d, root + "performance/timeToTrainHours", p.timeToTrainHours);
    checkPositive(d, root + "performance/trainingFlop", p.trainingFlop);
    return d;
}

bool isCableLine(const BomLine &line)
{
    const std::string &c = line.category;
    return line.unit == "each" &&
           (c == "cable" || c == "fiber" || c == "fibre" || c == "aoc" || c == "dac" ||
            c == "aec" || c == "acc" || c == "trunk" || c == "jumper");
}

} // namespace

// ------------------------------------------------------------------------------- names

const char *costCategoryKey(CostCategory category)
{
    return categoryKeys[std::size_t(category)];
}

const char *costCategoryName(CostCategory category)
{
    return categoryNames[std::size_t(category)];
}

bool isNetworkCategory(CostCategory category)
{
    return category == CostCategory::Switches || category == CostCategory::Transceivers ||
           category == CostCategory::CablesAndFibres;
}

bool isFacilityCategory(CostCategory category)
{
    return category == CostCategory::PowerInfrastructure ||
           category == CostCategory::CoolingInfrastructure ||
           category == CostCategory::BuildingShell;
}

std::optional<CostCategory> costCategoryForBom(const std::string &bomCategory)
{
    static const std::map<std::string, CostCategory> byName = {
        {"server", CostCategory::Compute},
        {"accelerator", CostCategory::Compute},
        {"nic", CostCategory::Compute},
        {"switch", CostCategory::Switches},
        {"fabric-manager", CostCategory::Switches},
        {"transceiver", CostCategory::Transceivers},
        {"optic", CostCategory::Transceivers},
        {"optics", CostCategory::Transceivers},
        {"cable", CostCategory::CablesAndFibres},
        {"fiber", CostCategory::CablesAndFibres},
        {"fibre", CostCategory::CablesAndFibres},
        {"patch-panel", CostCategory::CablesAndFibres},
        {"aoc", CostCategory::CablesAndFibres},
        {"dac", CostCategory::CablesAndFibres},
        {"aec", CostCategory::CablesAndFibres},
        {"acc", CostCategory::CablesAndFibres},
        {"trunk", CostCategory::CablesAndFibres},
        {"jumper", CostCategory::CablesAndFibres},
        {"storage", CostCategory::Storage},
        {"rack", CostCategory::RacksAndBusbars},
        {"busbar", CostCategory::RacksAndBusbars},
        {"power-shelf", CostCategory::RacksAndBusbars},
        {"rack-pdu", CostCategory::RacksAndBusbars},
        {"transformer", CostCategory::PowerInfrastructure},
        {"switchgear", CostCategory::PowerInfrastructure},
        {"ups", CostCategory::PowerInfrastructure},
        {"battery", CostCategory::PowerInfrastructure},
        {"generator", CostCategory::PowerInfrastructure},
        {"ats", CostCategory::PowerInfrastructure},
        {"pdu", CostCategory::PowerInfrastructure},
        {"rpp", CostCategory::PowerInfrastructure},
        {"busway", CostCategory::PowerInfrastructure},
        {"rectifier", CostCategory::PowerInfrastructure},
        {"power", CostCategory::PowerInfrastructure},
        {"cdu", CostCategory::CoolingInfrastructure},
        {"chiller", CostCategory::CoolingInfrastructure},
        {"dry-cooler", CostCategory::CoolingInfrastructure},
        {"tower", CostCategory::CoolingInfrastructure},
        {"cooling-tower", CostCategory::CoolingInfrastructure},
        {"crah", CostCategory::CoolingInfrastructure},
        {"crac", CostCategory::CoolingInfrastructure},
        {"rdhx", CostCategory::CoolingInfrastructure},
        {"pump", CostCategory::CoolingInfrastructure},
        {"heat-exchanger", CostCategory::CoolingInfrastructure},
        {"piping", CostCategory::CoolingInfrastructure},
        {"cooling", CostCategory::CoolingInfrastructure},
        {"building", CostCategory::BuildingShell},
        {"installation", CostCategory::Installation},
    };
    const auto it = byName.find(bomCategory);
    if (it == byName.end())
        return std::nullopt;
    return it->second;
}

std::string powerInfraPriceKey(Redundancy redundancy)
{
    switch (redundancy) {
    case Redundancy::N:
        return "facility/power-infra-per-MW/N";
    case Redundancy::NPlus1:
        return "facility/power-infra-per-MW/N+1";
    case Redundancy::TwoN:
        return "facility/power-infra-per-MW/2N";
    case Redundancy::Distributed:
        return "facility/power-infra-per-MW/distributed";
    }
    return "facility/power-infra-per-MW/N+1";
}

std::string coolingPriceKey(CoolingType cooling)
{
    switch (cooling) {
    case CoolingType::Air:
        return "facility/cooling-per-MW/air";
    case CoolingType::DirectLiquid:
        return "facility/cooling-per-MW/direct-liquid";
    case CoolingType::Immersion:
        return "facility/cooling-per-MW/immersion";
    case CoolingType::RearDoor:
        return "facility/cooling-per-MW/rear-door";
    }
    return "facility/cooling-per-MW/direct-liquid";
}

const char *toString(PriceOrigin origin)
{
    switch (origin) {
    case PriceOrigin::PriceBook:
        return "price-book";
    case PriceOrigin::Catalog:
        return "catalog";
    case PriceOrigin::Missing:
        return "missing";
    }
    return "missing";
}

// ------------------------------------------------------------------------------- options

std::array<CategoryTerms, costCategoryCount> defaultCategoryTerms()
{
    std::array<CategoryTerms, costCategoryCount> t;
    const auto set = [&t](CostCategory c, double share, double life, const char *source) {
        t[std::size_t(c)] = {share, life, source};
    };
    set(CostCategory::Compute, 0.10, 5,
        "support: ~10% of price per year, OEM HGX server support as large buyers pay it [U]; "
        "DGX support lists at ~20% [U: no source recorded] (set 0.20 to model list "
        "support); life: 5 years, GPU servers 4-5 years [U]");
    set(CostCategory::Switches, 0.10, 5,
        "support: vendor network support contracts [U]; life: 5 years [U]");
    set(CostCategory::Transceivers, 0.05, 5,
        "replacement of failed modules [U]; life: 5 years, one network generation [U]");
    set(CostCategory::CablesAndFibres, 0.02, 5,
        "replacement of damaged cables [U]; life: 5 years, one network generation [U]");
    set(CostCategory::Storage, 0.10, 5, "support [U]; life: 5 years [U]");
    set(CostCategory::RacksAndBusbars, 0.02, 10, "[U]; life: 10 years, two IT generations [U]");
    set(CostCategory::PowerInfrastructure, 0.02, 20,
        "facility O&M is a user input [U]; life: 20 years [U]");
    set(CostCategory::CoolingInfrastructure, 0.03, 15,
        "facility O&M is a user input [U]; life: 15 years [U]");
    set(CostCategory::BuildingShell, 0.01, 20,
        "facility O&M is a user input [U]; life: 20 years [U]");
    set(CostCategory::Installation, 0.0, 5,
        "no maintenance; written off with the IT it installs [D]");
    set(CostCategory::Other, 0.05, 5, "[U]");
    return t;
}

Diagnostics CostOptions::validate() const
{
    Diagnostics d;
    if (!asOfDate.empty() && !isIsoDate(asOfDate))
        d.error("", "costOptions/asOfDate",
                "'" + asOfDate + "' is not an ISO date YYYY-MM-DD (or empty for today)");
    for (int i = 0; i < costCategoryCount; ++i) {
        const CategoryTerms &t = terms[std::size_t(i)];
        const std::string at = std::string("costOptions/terms/") + categoryKeys[std::size_t(i)];
        if (!std::isfinite(t.maintenanceShare) || t.maintenanceShare < 0 || t.maintenanceShare > 1)
            d.error("", at + "/maintenanceShare",
                    "must be a share of capex per year in [0, 1] (got " +
                        formatNumber(t.maintenanceShare) + ")");
        if (!std::isfinite(t.lifeYears) || t.lifeYears <= 0 || t.lifeYears > 100)
            d.error("", at + "/lifeYears",
                    "must be in (0, 100] years (got " + formatNumber(t.lifeYears) + ")");
    }
    if (!(typicalNetworkShareLow >= 0 && typicalNetworkShareLow <= typicalNetworkShareHigh &&
          typicalNetworkShareHigh <= 1))
        d.error("", "costOptions/typicalNetworkShareLow",
                "the typical network share needs 0 <= low <= high <= 1");
    if (!(flagNetworkShareLow >= 0 && flagNetworkShareLow <= typicalNetworkShareLow &&
          typicalNetworkShareHigh <= flagNetworkShareHigh && flagNetworkShareHigh <= 1))
        d.error("", "costOptions/flagNetworkShareLow",
                "the flag band must enclose the typical network share range, within [0, 1]");
    if (!std::isfinite(hoursPerYear) || hoursPerYear <= 0 || hoursPerYear > 8784)
        d.error("", "costOptions/hoursPerYear",
                "must be in (0, 8784] (got " + formatNumber(hoursPerYear) + ")");
    return d;
}

double capitalRecoveryFactor(double rate, double years)
{
    if (years <= 0)
        return 0;
    if (rate <= 0)
        return 1.0 / years;
    const double growth = std::pow(1.0 + rate, years);
    return rate * growth / (growth - 1.0);
}

// ------------------------------------------------------------------------------- the solver

CostResult solveCost(const CostInputs &inputs, const CostSettings &settings,
                     const std::vector<Price> &catalogPrices, const PriceBook *priceBook,
                     const CostOptions &options)
{
    CostResult result;
    result.diagnostics.append(options.validate());
    result.diagnostics.append(validateInputs(inputs));
    if (result.diagnostics.hasErrors())
        return result;

    result.asOfDate = options.asOfDate.empty() ? todayIsoDate() : options.asOfDate;
    result.priceBook = priceBook ? priceBook->path() : std::string();
    result.horizonYears = settings.horizonYears;
    result.costOfCapital = settings.costOfCapital;
    result.typicalNetworkShareLow = options.typicalNetworkShareLow;
    result.typicalNetworkShareHigh = options.typicalNetworkShareHigh;

    PriceResolver resolver(catalogPrices, priceBook, result.asOfDate, result);
    CapexBuilder capex(resolver, result);

    // Compute, racks, storage.
    int racks = 0;
    for (const PoolInventory &pool : inputs.compute) {
        result.gpus += pool.gpus;
        if (pool.servers > 0)
            capex.add(CostCategory::Compute, pool.server,
                      "pool " + pool.pool + ": " + std::to_string(pool.servers) + " x " +
                          pool.server + " (" + std::to_string(pool.gpus) + " " + pool.accelerator +
                          ")",
                      pool.servers, "each");
        if (pool.racks > 0)
            capex.add(CostCategory::RacksAndBusbars, pool.rackType,
                      "pool " + pool.pool + ": compute racks " + pool.rackType, pool.racks, "each");
        racks += pool.racks;
    }
    for (const RackInventory &r : inputs.racks) {
        if (r.racks > 0)
            capex.add(CostCategory::RacksAndBusbars, r.rackType, r.role + " racks " + r.rackType,
                      r.racks, "each");
        racks += r.racks;
    }
    for (const StorageInventory &s : inputs.storage) {
        if (s.nodes > 0)
            capex.add(CostCategory::Storage, s.system, "storage nodes " + s.system, s.nodes,
                      "each");
    }

    // The fabric BOM, line by line.
    int cables = 0;
    for (std::size_t i = 0; i < inputs.network.size(); ++i) {
        const BomLine &line = inputs.network[i];
        std::optional<CostCategory> category = costCategoryForBom(line.category);
        if (!category) {
            result.diagnostics.warning("", "costInputs/network/" + std::to_string(i) + "/category",
                                       "unknown BOM category '" + line.category +
                                           "': priced under 'other'");
            category = CostCategory::Other;
        }
        if (isCableLine(line)) // a splitter is one cable to lay, whatever its legs
            cables += int(std::lround(line.quantity / std::max(1, line.legs)));
        const std::string description = line.description.empty() ? line.part : line.description;
        // Structured-cabling parts (patch panels, trunks, jumpers) are not catalog parts, and the
        // catalog keeps prices of non-parts under a category prefix: fibre/<part id>.
        const std::string fallback =
            *category == CostCategory::CablesAndFibres && line.part.find('/') == std::string::npos
                ? fibrePricePrefix + line.part
                : std::string();
        capex.add(*category, line.part, description, line.quantity, line.unit, line.lengthM,
                  line.plane, fallback, line.legs);
    }

    // Facility.
    const FacilityFigures &site = inputs.site;
    if (options.facilityPricing == FacilityPricing::Itemized) {
        for (std::size_t i = 0; i < inputs.facility.size(); ++i) {
            const BomLine &line = inputs.facility[i];
            std::optional<CostCategory> category = costCategoryForBom(line.category);
            if (!category) {
                result.diagnostics.warning(
                    "", "costInputs/facility/" + std::to_string(i) + "/category",
                    "unknown BOM category '" + line.category + "': priced under 'other'");
                category = CostCategory::Other;
            }
            capex.add(*category, line.part, line.description.empty() ? line.part : line.description,
                      line.quantity, line.unit, line.lengthM, line.plane);
        }
        if (inputs.facility.empty() && site.criticalItMW > 0)
            result.diagnostics.warning("", "costInputs/facility",
                                       "itemized facility pricing without facility BOM lines: "
                                       "power and cooling plant are not priced");
    } else if (site.criticalItMW > 0) {
        std::vector<PowerBlock> blocks = site.power;
        if (blocks.empty()) {
            result.diagnostics.warning("", "costInputs/site/power",
                                       "no power blocks given: all critical IT priced as N+1");
            blocks.push_back({Redundancy::NPlus1, site.criticalItMW, 0});
        }
        for (const PowerBlock &block : blocks) {
            if (block.criticalMW <= 0)
                continue;
            const std::string key = powerInfraPriceKey(block.redundancy);
            capex.add(CostCategory::PowerInfrastructure, key,
                      "power plant " + key.substr(key.rfind('/') + 1) + ": " +
                          formatNumber(block.criticalMW) + " MW critical" +
                          (block.installedMW > 0
                               ? ", " + formatNumber(block.installedMW) + " MW installed"
                               : std::string()),
                      block.criticalMW, "MW");
        }
        const double coolingMW = site.coolingMW > 0 ? site.coolingMW : site.criticalItMW;
        const std::string coolingKey = coolingPriceKey(site.cooling);
        capex.add(CostCategory::CoolingInfrastructure, coolingKey,
                  "cooling plant " + coolingKey.substr(coolingKey.rfind('/') + 1) + ": " +
                      formatNumber(coolingMW) + " MW of heat",
                  coolingMW, "MW");
    }
    // On-site generation and the battery, whatever the facility pricing: neither is in the
    // per-MW plant figures.
    for (const auto &[type, mw] : site.generationMW) {
        if (mw <= 0)
            continue;
        const std::string typed = std::string(onsiteGenerationPerKWKey) + "/" + type;
        capex.add(CostCategory::PowerInfrastructure,
                  type.empty() ? onsiteGenerationPerKWKey : typed,
                  "on-site generation" + (type.empty() ? std::string() : " (" + type + ")") + ": " +
                      formatNumber(mw) + " MW",
                  mw * 1e3, "kW", 0, {}, onsiteGenerationPerKWKey);
    }
    if (site.batteryKWh > 0)
        capex.add(CostCategory::PowerInfrastructure, batteryPerKWhKey,
                  "site battery: " + formatNumber(site.batteryKWh / 1e3) + " MWh", site.batteryKWh,
                  "kWh");
    if (site.criticalItMW > 0) {
        if (options.shellBasis == ShellBasis::PerM2) {
            if (site.hallAreaM2 <= 0)
                result.diagnostics.error("", "costInputs/site/hallAreaM2",
                                         "a per-m2 building shell needs the hall floor area");
            else
                capex.add(CostCategory::BuildingShell, buildingShellPerM2Key,
                          "building shell: " + formatNumber(site.hallAreaM2) + " m2",
                          site.hallAreaM2, "m2");
        } else {
            capex.add(CostCategory::BuildingShell, buildingShellPerMWKey,
                      "building shell: " + formatNumber(site.criticalItMW) + " MW critical",
                      site.criticalItMW, "MW");
        }
    }

    // Installation labour.
    const int installRacks = inputs.installRacks.value_or(racks);
    const int installCables = inputs.installCables.value_or(cables);
    if (installRacks > 0)
        capex.add(CostCategory::Installation, installPerRackKey,
                  "installing " + std::to_string(installRacks) + " racks", installRacks, "each");
    if (installCables > 0)
        capex.add(CostCategory::Installation, installPerCableKey,
                  "installing " + std::to_string(installCables) + " cables", installCables, "each");

    // Category totals and capex.
    result.categories.resize(costCategoryCount);
    for (int i = 0; i < costCategoryCount; ++i)
        result.categories[std::size_t(i)].category = CostCategory(i);
    for (const CostLine &line : result.lines) {
        result.categories[std::size_t(line.category)].capexUsd += line.extendedUsd;
        switch (line.origin) {
        case PriceOrigin::PriceBook:
            ++result.priceBookLines;
            break;
        case PriceOrigin::Catalog:
            ++result.catalogLines;
            break;
        case PriceOrigin::Missing:
            ++result.missingLines;
            break;
        }
    }

    const double r = settings.costOfCapital;
    const double horizon = settings.horizonYears;
    for (CategoryCost &c : result.categories) {
        const CategoryTerms &terms = options.termsFor(c.category);
        c.lifeYears = terms.lifeYears;
        c.maintenanceShare = terms.maintenanceShare;
        c.depreciationUsdPerYear = c.capexUsd / terms.lifeYears;
        c.annualizedCapexUsd = c.capexUsd * capitalRecoveryFactor(r, terms.lifeYears);
        c.maintenanceUsdPerYear = c.capexUsd * terms.maintenanceShare;
        // A small tolerance so that a 5-year horizon over a 5-year life is one purchase.
        c.purchasesInHorizon = std::max(1, int(std::ceil(horizon / terms.lifeYears - 1e-9)));

        result.capexUsd += c.capexUsd;
        if (isFacilityCategory(c.category))
            result.facilityCapexUsd += c.capexUsd;
        else if (c.category == CostCategory::Installation)
            result.installationUsd += c.capexUsd;
        else
            result.itCapexUsd += c.capexUsd;
        if (isNetworkCategory(c.category))
            result.networkCapexUsd += c.capexUsd;
        if (isNetworkCategory(c.category) || c.category == CostCategory::Compute ||
            c.category == CostCategory::Storage)
            result.clusterCapexUsd += c.capexUsd;

        result.depreciationUsdPerYear += c.depreciationUsdPerYear;
        result.annualizedCapexUsd += c.annualizedCapexUsd;
        result.maintenanceUsdPerYear += c.maintenanceUsdPerYear;
    }

    if (result.clusterCapexUsd > 0)
        result.networkShare = result.networkCapexUsd / result.clusterCapexUsd;
    if (result.networkCapexUsd > 0 && (result.networkShare < options.flagNetworkShareLow ||
                                       result.networkShare > options.flagNetworkShareHigh)) {
        result.networkShareFlagged = true;
        result.diagnostics.warning(
            "", "/network/planes",
            "the network is " + formatNumber(std::round(result.networkShare * 1000) / 10) +
                "% of cluster capex, far from the typical " +
                formatNumber(options.typicalNetworkShareLow * 100) + "-" +
                formatNumber(options.typicalNetworkShareHigh * 100) +
                "% for non-blocking InfiniBand [A/U]: check the fabric BOM and its prices");
    }

    // Opex.
    if (site.annualEnergyCostUsd) {
        result.energyUsdPerYear = *site.annualEnergyCostUsd;
    } else if (site.annualEnergyMWh) {
        result.energyUsdPerYear = *site.annualEnergyMWh * 1000.0 * site.electricityUsdPerKWh;
    } else if (site.criticalItMW > 0) {
        result.diagnostics.warning("", "costInputs/site/annualEnergyMWh",
                                   "no energy figures from the power solver: opex leaves out "
                                   "energy");
    }
    result.staffUsdPerYear = settings.staffUsdPerYear;
    result.networkServicesUsdPerYear = settings.networkServicesUsdPerYear;
    result.annualOpexUsd = result.energyUsdPerYear + result.maintenanceUsdPerYear +
                           result.staffUsdPerYear + result.networkServicesUsdPerYear;

    // TCO.
    result.equivalentAnnualCostUsd = result.annualizedCapexUsd + result.annualOpexUsd;
    if (result.equivalentAnnualCostUsd > 0)
        result.capitalShareOfEac = result.annualizedCapexUsd / result.equivalentAnnualCostUsd;
    double purchasesNominal = 0, purchasesPresent = 0;
    for (CategoryCost &c : result.categories) {
        for (int k = 0; k < c.purchasesInHorizon; ++k) {
            purchasesNominal += c.capexUsd;
            purchasesPresent += c.capexUsd / std::pow(1.0 + r, k * c.lifeYears);
        }
        // Straight-line book value of the last purchase at the horizon: a 20-year plant in a
        // 5-year horizon still holds 15/20 of its cost, which the EAC already leaves out.
        const double remainingYears = std::max(0.0, c.purchasesInHorizon * c.lifeYears - horizon);
        c.residualUsd = c.capexUsd * std::min(1.0, remainingYears / c.lifeYears);
        result.residualValueUsd += c.residualUsd;
    }
    const double annuityFactor = r > 0 ? (1.0 - std::pow(1.0 + r, -horizon)) / r : horizon;
    result.tcoUsd = purchasesNominal - result.residualValueUsd + horizon * result.annualOpexUsd;
    result.tcoPresentValueUsd = purchasesPresent -
                                result.residualValueUsd / std::pow(1.0 + r, horizon) +
                                annuityFactor * result.annualOpexUsd;

    result.gpuHoursPerYear = result.gpus * options.hoursPerYear;
    if (result.gpuHoursPerYear > 0)
        result.costPerGpuHourUsd = result.equivalentAnnualCostUsd / result.gpuHoursPerYear;
    else
        result.diagnostics.warning("", "costInputs/compute",
                                   "no GPUs in the inventory: no cost per GPU-hour");

    // Cost of useful training.
    const PerformanceFigures &perf = inputs.performance;
    const double hourlyCostUsd = result.equivalentAnnualCostUsd / options.hoursPerYear;
    const double goodput = perf.goodput.value_or(1.0);
    if (perf.effectiveFlops) {
        result.effectiveFlops = perf.effectiveFlops;
    } else if (perf.peakFlops && perf.mfu) {
        result.effectiveFlops = *perf.peakFlops * *perf.mfu * goodput;
        result.goodputAssumed = !perf.goodput.has_value();
    }
    if (result.effectiveFlops)
        result.costPerEffectiveExaflopHourUsd = hourlyCostUsd / (*result.effectiveFlops / 1e18);
    if (perf.timeToTrainHours) {
        result.trainingRunHours = *perf.timeToTrainHours / goodput;
        result.goodputAssumed = result.goodputAssumed || !perf.goodput.has_value();
    } else if (perf.trainingFlop && result.effectiveFlops) {
        result.trainingRunHours = *perf.trainingFlop / *result.effectiveFlops / 3600.0;
    }
    if (result.trainingRunHours)
        result.costPerTrainingRunUsd = hourlyCostUsd * *result.trainingRunHours;

    return result;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// The cost and TCO solver (issue 5): prices the design's bill of materials and facility, then
// turns capex and opex into TCO, cost per GPU-hour and cost per unit of useful training.
//
// Capex: one CostLine per priced item, each with quantity, unit, unit price, extended price and
// where the price came from (a price-book quote or the catalog default, with source and date).
//  - compute: servers x server price (the price of a server includes its GPUs and NICs);
//  - network: every fabric BOM line (switches, transceivers, cables by stock length, fibres,
//    patch panels) priced by part id; a "per-m" price is multiplied by the line's stock length;
//  - storage: nodes x node price; racks: racks x rack-type price (frame, PDUs, busbar);
//  - facility, per MW of critical IT load (the market's convention; Cushman & Wakefield 2025:
//    $9.3-15.0 M/MW, average $11.7 M/MW [A] [ref:cushman-wakefield-2025]):
//      power   "facility/power-infra-per-MW/<N|N+1|2N|distributed>" x critical MW of each block,
//      cooling "facility/cooling-per-MW/<air|direct-liquid|immersion|rear-door>" x cooling MW,
//      shell   "facility/building-shell-per-MW" x critical MW, or "facility/building-shell-per-m2"
//              x hall floor area (CostOptions::shellBasis);
//    or, with FacilityPricing::Itemized, every facility BOM line priced by part id instead of the
//    power and cooling per-MW keys;
//  - installation labour: "install/per-rack" x racks and "install/per-cable" x physical cables
//    (a splitter is one cable).
// Price look-up for a key: the best valid price-book quote (PriceBook::bestQuote on
// CostOptions::asOfDate), else the catalog default. A missing, negative or unconvertible price is
// an error in CostResult::diagnostics naming the part and how to fix it; the line then costs 0.
//
// Opex per year: energy (from the power solver) + maintenance/support as a share of each
// category's capex + staff + network services (CostSettings).
// Capital: each category is annualised over its depreciation life with the capital recovery
// factor CRF(r, n) = r(1+r)^n / ((1+r)^n - 1) (1/n when r = 0), r = CostSettings::costOfCapital.
// Equivalent annual cost EAC = sum of annualised capex + annual opex. Then
//   cost per GPU-hour              = EAC / (GPUs x hours per year)
//   effective FLOP/s               = peak x MFU x goodput
//   cost per effective ExaFLOP-hour = EAC / hours per year / (effective FLOP/s / 1e18)
//   training-run wall time         = failure-free time to train at the MFU / goodput
//                                    (or total model FLOP / effective FLOP/s)
//   cost per training run          = EAC / hours per year x training-run wall time
//   residual value at H            = straight-line book value of each category's last
//                                    purchase: capex x (purchases x life - H) / life
//   TCO over the horizon H (nominal) = sum of capex x purchases in H (ceil(H / life))
//                                      - residual value + H x annual opex
//   TCO present value              = the same cash flows discounted at r (opex at year ends,
//                                    the residual value at H).

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "solvers/common/bom.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

class PriceBook;

enum class CostCategory {
    Compute,               // accelerators and servers
    Switches,              // scale-out switches
    Transceivers,          // optical modules
    CablesAndFibres,       // DAC/AEC/AOC cables, fibre, patch panels
    Storage,               // storage nodes
    RacksAndBusbars,       // rack frames, in-rack power distribution
    PowerInfrastructure,   // transformers, switchgear, UPS, generators, PDUs
    CoolingInfrastructure, // CDUs, chillers or dry coolers, pumps, piping
    BuildingShell,         // shell, white space, site work
    Installation,          // labour per rack and per cable
    Other                  // BOM lines of a category the cost model does not know
};
inline constexpr int costCategoryCount = 11;

const char *costCategoryKey(CostCategory category);  // "compute", "switches", ... (JSON, CSV)
const char *costCategoryName(CostCategory category); // "Accelerators and servers", ...
bool isNetworkCategory(CostCategory category);       // switches, transceivers, cables and fibres
bool isFacilityCategory(CostCategory category);      // power, cooling, building shell

// The cost category of a BOM line category ("switch", "transceiver", "cable", "fiber",
// "patch-panel", "ups", "transformer", "generator", "cdu", "chiller", ...); nullopt if unknown.
std::optional<CostCategory> costCategoryForBom(const std::string &bomCategory);

// Price-key names of the facility schemes: "N", "N+1", "2N", "distributed";
// "air", "direct-liquid", "immersion", "rear-door" (as in the project JSON).
std::string powerInfraPriceKey(Redundancy redundancy);
std::string coolingPriceKey(CoolingType cooling);
inline constexpr const char *buildingShellPerMWKey = "facility/building-shell-per-MW";
inline constexpr const char *buildingShellPerM2Key = "facility/building-shell-per-m2";
inline constexpr const char *onsiteGenerationPerKWKey = "facility/onsite-generation-per-kW";
inline constexpr const char *batteryPerKWhKey = "facility/battery-per-kWh";
inline constexpr const char *installPerRackKey = "install/per-rack";
inline constexpr const char *installPerCableKey = "install/per-cable";
// Cabling BOM parts that are not catalog parts (patch panels, MPO trunks and jumpers) are priced
// under fibre/<part id> when no price names the part itself.
inline constexpr const char *fibrePricePrefix = "fibre/";

// ------------------------------------------------------------------------------- inputs

// One compute pool as the layout solver placed it.
struct PoolInventory
{
    std::string pool;
    std::string accelerator; // catalog accelerator id (for the report)
    std::string server;      // catalog server id: the price key
    std::string rackType;    // catalog rack id: the price key of its racks
    int servers = 0;         // servers (rack-scale systems count one per rack)
    int gpus = 0;
    int racks = 0;
};

// Non-compute racks (network, storage, management).
struct RackInventory
{
    std::string role; // "network", "storage", "management"
    std::string rackType;
    int racks = 0;
};

struct StorageInventory
{
    std::string system; // catalog storage id: the price key (per node)
    int nodes = 0;
};

// Electrical plant of one redundancy scheme, from the power solver.
struct PowerBlock
{
    Redundancy redundancy = Redundancy::NPlus1;
    double criticalMW = 0;  // critical IT load the block carries
    double installedMW = 0; // plant installed for it (reported; the price is per critical MW)
};

struct FacilityFigures
{
    double criticalItMW = 0;       // critical IT power (peak) of the site
    std::vector<PowerBlock> power; // empty: all critical MW as one N+1 block (with a warning)
    CoolingType cooling = CoolingType::DirectLiquid;
    double coolingMW = 0;                      // heat the cooling plant rejects; 0 = criticalItMW
    double hallAreaM2 = 0;                     // floor area, for a per-m2 building-shell price
    std::optional<double> annualEnergyMWh;     // facility energy per year (power solver)
    std::optional<double> annualEnergyCostUsd; // used as given when set
    double electricityUsdPerKWh = 0.078;       // if only MWh: seed tariff [ref:zomi-100k-slides]
    // On-site generation blocks (type, MW of net rating) and the site battery (kWh), priced
    // under facility/onsite-generation-per-kW[/<type>] and facility/battery-per-kWh.
    std::vector<std::pair<std::string, double>> generationMW;
    double batteryKWh = 0;
};

// Performance and reliability figures, when those solvers have run. All optional.
struct PerformanceFigures
{
    std::optional<double> peakFlops;        // cluster dense peak at the training precision, FLOP/s
    std::optional<double> mfu;              // model FLOPs utilisation, (0, 1]
    std::optional<double> goodput;          // productive share of wall time, (0, 1]; unset = 1
    std::optional<double> effectiveFlops;   // instead of peak x MFU x goodput, FLOP/s
    std::optional<double> timeToTrainHours; // one run, at the MFU, without failures
    std::optional<double> trainingFlop;     // model FLOP of one run (when no time is given)
};

// What the pipeline collects from the other solvers so this one depends on none of them.
struct CostInputs
{
    std::vector<PoolInventory> compute; // layout solver
    std::vector<RackInventory> racks;   // non-compute racks, layout solver
    std::vector<StorageInventory> storage;
    Bom network;  // fabric solver: switches, transceivers, cables, fibres, patch panels
    Bom facility; // power/cooling solver: UPS, transformers, generators, CDUs, chillers...
    FacilityFigures site;
    std::optional<int> installRacks;  // default: compute + other racks
    std::optional<int> installCables; // default: cable and fibre lines of `network` counted "each"
    PerformanceFigures performance;
};

// ------------------------------------------------------------------------------- options

// Annual maintenance/support as a share of capex, and the depreciation life, of one category.
struct CategoryTerms
{
    double maintenanceShare = 0; // per year, of the category's capex
    double lifeYears = 5;
    std::string source; // where both figures come from, with a confidence tag
};

// Defaults with their sources (docs/cost-model.md): compute 10%/yr support (OEM HGX support
// as large buyers pay it [U]; DGX list support is reported at ~20% [U], no source recorded),
// 5-year lives for IT, 15-20 years for facility plant [U].
std::array<CategoryTerms, costCategoryCount> defaultCategoryTerms();

enum class FacilityPricing { PerMW, Itemized };
enum class ShellBasis { PerMW, PerM2 };

struct CostOptions
{
    std::string asOfDate; // ISO date on which quotes must be valid; "" = today (UTC)
    FacilityPricing facilityPricing = FacilityPricing::PerMW;
    ShellBasis shellBasis = ShellBasis::PerMW;
    std::array<CategoryTerms, costCategoryCount> terms = defaultCategoryTerms();
    // Network share of cluster (IT hardware) capex: typical for non-blocking InfiniBand, and the
    // band outside which the report flags the design (docs/cost-model.md) [A/U].
    double typicalNetworkShareLow = 0.10;
    double typicalNetworkShareHigh = 0.20;
    double flagNetworkShareLow = 0.05;
    double flagNetworkShareHigh = 0.30;
    double hoursPerYear = 8760;

    const CategoryTerms &termsFor(CostCategory category) const
    {
        return terms[std::size_t(category)];
    }
    Diagnostics validate() const;
};

// ------------------------------------------------------------------------------- result

enum class PriceOrigin { PriceBook, Catalog, Missing };
const char *toString(PriceOrigin origin); // "price-book", "catalog", "missing"

// The price found for one key.
struct ResolvedPrice
{
    std::string key;
    double unitUsd = 0;
    std::string unit; // of the price: "each", "per-MW", "per-kW", "per-kWh", "per-m", "per-m2"
    PriceOrigin origin = PriceOrigin::Missing;
    std::string source; // "price book: <vendor> (quote 12)" or the catalog source with its tag
    std::string date;
    double quotedPrice = 0; // in `currency`, as quoted or listed
    std::string currency = "USD";
    std::int64_t quoteId = 0; // price-book row, 0 for catalog prices
};

struct CostLine
{
    CostCategory category = CostCategory::Other;
    std::string part; // price key
    std::string description;
    std::string plane; // fabric plane of a network line
    double quantity = 0;
    std::string unit = "each"; // of the quantity: "each", "MW", "m2", "m"
    double lengthM = 0;        // cables and trunks: stock length; 0 otherwise
    int legs = 1;              // cables: links per physical cable (BomLine::legs)
    double unitPriceUsd = 0;   // per unit of quantity (per-m prices x stock length)
    double extendedUsd = 0;
    PriceOrigin origin = PriceOrigin::Missing;
    std::string priceSource;
    std::string priceDate;
};

struct CategoryCost
{
    CostCategory category = CostCategory::Other;
    double capexUsd = 0;
    double lifeYears = 0;
    double maintenanceShare = 0;
    double depreciationUsdPerYear = 0; // straight line: capex / life
    double annualizedCapexUsd = 0;     // capex x CRF(r, life)
    double maintenanceUsdPerYear = 0;
    int purchasesInHorizon = 0; // ceil(horizon / life)
    double residualUsd = 0;     // straight-line book value of the last purchase at the horizon
};

struct CostResult
{
    std::string asOfDate;
    std::string priceBook; // path, "" = catalog prices only
    std::vector<CostLine> lines;
    std::vector<CategoryCost> categories;        // every category, in enum order
    std::map<std::string, ResolvedPrice> prices; // by key, for the priced BOM
    int priceBookLines = 0, catalogLines = 0, missingLines = 0;

    // Capex
    double capexUsd = 0;
    double itCapexUsd = 0;       // compute, network, storage, racks, other: the hardware
    double facilityCapexUsd = 0; // power, cooling, building shell
    double installationUsd = 0;
    double networkCapexUsd = 0; // switches + transceivers + cables and fibres
    double clusterCapexUsd = 0; // compute + network + storage: the share's denominator
    double networkShare = 0;    // networkCapexUsd / clusterCapexUsd
    double typicalNetworkShareLow = 0, typicalNetworkShareHigh = 0;
    bool networkShareFlagged = false; // outside the flag band of CostOptions

    // Opex per year
    double energyUsdPerYear = 0;
    double maintenanceUsdPerYear = 0;
    double staffUsdPerYear = 0;
    double networkServicesUsdPerYear = 0;
    double annualOpexUsd = 0;

    // Capital and TCO
    double horizonYears = 0;
    double costOfCapital = 0;
    double depreciationUsdPerYear = 0;
    double annualizedCapexUsd = 0;
    double equivalentAnnualCostUsd = 0; // annualised capex + annual opex
    double residualValueUsd = 0;        // sum of the categories' residualUsd at the horizon
    double tcoUsd = 0;                  // nominal, over the horizon, net of residual value
    double tcoPresentValueUsd = 0;      // the same, discounted (residual at the horizon)
    double capitalShareOfEac = 0;       // annualised capex / EAC

    int gpus = 0;
    double gpuHoursPerYear = 0;
    double costPerGpuHourUsd = 0;

    std::optional<double> effectiveFlops;
    bool goodputAssumed = false; // no goodput given: 1 assumed
    std::optional<double> costPerEffectiveExaflopHourUsd;
    std::optional<double> trainingRunHours; // wall time of one run, failures included
    std::optional<double> costPerTrainingRunUsd;

    Diagnostics diagnostics;

    const CategoryCost &category(CostCategory c) const { return categories[std::size_t(c)]; }
};

// Capital recovery factor r(1+r)^n / ((1+r)^n - 1); 1/n when r = 0.
double capitalRecoveryFactor(double rate, double years);

// Prices `inputs` (see the top of this file). `priceBook` may be null (catalog prices only).
// Invalid options, settings or inputs are errors in the result's diagnostics, naming the field;
// the result then holds no figures.
CostResult solveCost(const CostInputs &inputs, const CostSettings &settings,
                     const std::vector<Price> &catalogPrices, const PriceBook *priceBook,
                     const CostOptions &options = {});

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
// Capex by category from hand-built inputs: the 100k-H100 headline, the network share of
// three fabrics, price-book overrides and bad prices (issue 5).

#include "costfixtures.h"
#include "solvers/cost/cost.h"
#include "solvers/cost/pricebook.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>

using namespace aidc;
using namespace aidc::test;

namespace {

const CostLine *findLine(const CostResult &r, const std::string &part)
{
    for (const CostLine &line : r.lines) {
        if (line.part == part)
            return &line;
    }
    return nullptr;
}

} // namespace

TEST_CASE("A 100k-H100 design costs more than $4 B in hardware and $6 B with the facility",
          "[cost][capex]")
{
    // [ref:zomi-100k-slides; ref:zomi-10k-slides]: 100k H100 ">$4 B hardware", ">$6 B total" with
    // liquid cooling and network (the $6 B is unsourced [U]).
    const CostResult r = solveCost(h100kInputs(), CostSettings{}, testPrices(), nullptr, options());
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.itCapexUsd > 4e9);
    CHECK(r.capexUsd > 6e9);
    CHECK(r.gpus == 100000);
    CHECK(r.missingLines == 0);
    CHECK(r.priceBookLines == 0);

    // Hand-computed category totals from the fixture's counts and prices.
    CHECK(r.category(CostCategory::Compute).capexUsd == Approx(12500 * 300000.0));
    CHECK(r.category(CostCategory::Switches).capexUsd == Approx((3125 + 3125 + 1563) * 36000.0));
    CHECK(r.category(CostCategory::Transceivers).capexUsd ==
          Approx(250000 * 1200.0 + 100000 * 650.0));
    // Fibre at $2/m: 200,000 x 30 m + 100,000 x 50 m.
    CHECK(r.category(CostCategory::CablesAndFibres).capexUsd ==
          Approx(2.0 * (200000 * 30 + 100000 * 50)));
    CHECK(r.category(CostCategory::Storage).capexUsd == Approx(200 * 250000.0));
    CHECK(r.category(CostCategory::RacksAndBusbars).capexUsd ==
          Approx(3125 * 15000.0 + 200 * 5000.0));
    const double mw = 12500 * 10.2e-3 * 1.10;
    CHECK(r.category(CostCategory::PowerInfrastructure).capexUsd == Approx(mw * powerPerMW));
    CHECK(r.category(CostCategory::CoolingInfrastructure).capexUsd == Approx(mw * coolingPerMW));
    CHECK(r.category(CostCategory::BuildingShell).capexUsd == Approx(mw * shellPerMW));
    // Facility at the C&W 2025 US average of $11.7 M per critical MW [A].
    CHECK(r.facilityCapexUsd / mw == Approx(11.7e6).epsilon(0.001));
    // Installation: 3,325 racks and 300,000 fibre runs (the cables of the BOM).
    CHECK(r.installationUsd == Approx(3325 * 5000.0 + 300000 * 50.0));
    double sum = 0;
    for (const CategoryCost &c : r.categories)
        sum += c.capexUsd;
    CHECK(r.capexUsd == Approx(sum));

    // Every line carries quantity, unit price, extended price and its source and date.
    const CostLine *server = findLine(r, "HGX-H100");
    REQUIRE(server);
    CHECK(server->quantity == 12500);
    CHECK(server->unitPriceUsd == 300000);
    CHECK(server->extendedUsd == Approx(3.75e9));
    CHECK(server->origin == PriceOrigin::Catalog);
    CHECK(server->priceDate == "2024-08-22");
    CHECK(server->priceSource.find("[A]") != std::string::npos);
    const CostLine *power = findLine(r, "facility/power-infra-per-MW/N+1");
    REQUIRE(power);
    CHECK(power->unit == "MW");
    CHECK(power->quantity == Approx(mw));
}

TEST_CASE("Networking is a typical share for non-blocking InfiniBand and falls when the top "
          "tier is oversubscribed or copper replaces optics",
          "[cost][capex]")
{
    // Typical network share of cluster capex for non-blocking IB: ~10-20% [A/U]. The H100
    // Freakonomics spreadsheet (Aug 2024) [S] gives $295 M of switches and $398 M of connectors
    // and cables next to $4.06 B of nodes for ~105k H100: 14.6%.
    const CostResult ib = solveCost(h100kInputs(Fabric::IbNonBlocking), CostSettings{},
                                    testPrices(), nullptr, options());
    const CostResult oversub = solveCost(h100kInputs(Fabric::IbOversubTop), CostSettings{},
                                         testPrices(), nullptr, options());
    const CostResult mor = solveCost(h100kInputs(Fabric::IbMiddleOfRow), CostSettings{},
                                     testPrices(), nullptr, options());
    REQUIRE_FALSE(ib.diagnostics.hasErrors());
    REQUIRE_FALSE(oversub.diagnostics.hasErrors());
    REQUIRE_FALSE(mor.diagnostics.hasErrors());

    CHECK(ib.networkShare >= 0.10);
    CHECK(ib.networkShare <= 0.20);
    CHECK_FALSE(ib.networkShareFlagged);
    // Hand-computed: 7,813 switches, 250,000 twin + 100,000 single modules, fibre $22 M.
    const double ibNetwork = 7813 * 36000.0 + 250000 * 1200.0 + 100000 * 650.0 + 22e6;
    CHECK(ib.networkCapexUsd == Approx(ibNetwork));
    CHECK(ib.networkShare == Approx(ibNetwork / (ibNetwork + 3.75e9 + 50e6)));

    CHECK(oversub.networkShare < ib.networkShare);
    CHECK(oversub.networkCapexUsd == Approx(7032 * 36000.0 + 200000 * 1200.0 + 100000 * 650.0 +
                                            2.0 * (200000 * 30 + 50000 * 50)));
    CHECK(mor.networkShare < ib.networkShare);
    CHECK(mor.category(CostCategory::Transceivers).capexUsd <
          ib.category(CostCategory::Transceivers).capexUsd);
    // Copper runs are counted and priced each (DAC 3 m, AEC 5 m).
    const CostLine *dac = findLine(mor, "DAC-400G");
    REQUIRE(dac);
    CHECK(dac->extendedUsd == Approx(50000 * 150.0));
}

TEST_CASE("A network share far from typical is flagged", "[cost][capex]")
{
    // Make the switches 10x dearer: the network becomes ~half the cluster.
    std::vector<Price> prices = testPrices();
    for (Price &p : prices) {
        if (p.part == "QM9700")
            p.unitUsd *= 10;
    }
    const CostResult r = solveCost(h100kInputs(), CostSettings{}, prices, nullptr, options());
    CHECK(r.networkShare > 0.30);
    CHECK(r.networkShareFlagged);
    CHECK(mentions(r.diagnostics, "far from the typical 10-20%"));
}

TEST_CASE("A price-book quote changes the BOM line and the totals, removing it restores the "
          "catalog price",
          "[cost][capex][pricebook]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    const CostInputs inputs = h100kInputs();
    const CostResult before = solveCost(inputs, CostSettings{}, testPrices(), &book, options());

    Quote q;
    q.vendor = "NVIDIA partner";
    q.part = "QM9700";
    q.unitPrice = 30000;
    q.date = "2024-08-30";
    q.validUntil = "2024-12-31";
    const std::int64_t id = book.addQuote(q);

    const CostResult quoted = solveCost(inputs, CostSettings{}, testPrices(), &book, options());
    const CostLine *line = findLine(quoted, "QM9700");
    REQUIRE(line);
    CHECK(line->unitPriceUsd == 30000);
    CHECK(line->origin == PriceOrigin::PriceBook);
    CHECK(line->priceDate == "2024-08-30");
    CHECK(line->priceSource.find("NVIDIA partner") != std::string::npos);
    CHECK(quoted.priceBookLines == 1);
    CHECK(before.capexUsd - quoted.capexUsd == Approx(7813 * 6000.0));
    CHECK(quoted.prices.at("QM9700").origin == PriceOrigin::PriceBook);

    // After the quote expires the catalog price is back.
    CostOptions later = options();
    later.asOfDate = "2025-01-01";
    CHECK(
        findLine(solveCost(inputs, CostSettings{}, testPrices(), &book, later), "QM9700")->origin ==
        PriceOrigin::Catalog);

    REQUIRE(book.removeQuote(id));
    const CostResult after = solveCost(inputs, CostSettings{}, testPrices(), &book, options());
    const CostLine *restored = findLine(after, "QM9700");
    REQUIRE(restored);
    CHECK(restored->unitPriceUsd == 36000);
    CHECK(restored->origin == PriceOrigin::Catalog);
    CHECK(after.capexUsd == Approx(before.capexUsd));
    CHECK(after.priceBookLines == 0);
}

TEST_CASE("Structured-cabling parts are priced under fibre/<part id>, a quote for the part wins",
          "[cost][capex]")
{
    // The fabric's patch panels, MPO trunks and jumpers are not catalog parts, so the catalog
    // can price them only under a category prefix (catalogs/catalogloader.cpp accepts
    // facility/, install/ and fibre/ keys for non-parts).
    CostInputs in;
    in.network.push_back(bomLine("patch-panel", "mpo-patch-panel-1u", 10));
    in.network.push_back(bomLine("fiber", "mpo-trunk-144f", 4, 100));
    in.network.push_back(bomLine("cable", "mpo-jumper", 20, 3));
    std::vector<Price> prices = testPrices();
    prices.push_back(
        price("fibre/mpo-patch-panel-1u", 400, "each", "test", Confidence::Unverified));
    prices.push_back(price("fibre/mpo-trunk-144f", 25, "per-m", "test", Confidence::Unverified));
    prices.push_back(price("fibre/mpo-jumper", 75, "each", "test", Confidence::Unverified));
    const CostResult r = solveCost(in, CostSettings{}, prices, nullptr, options());
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.missingLines == 0);
    // 10 x $400; 4 trunks x 100 m x $25/m; 20 jumpers x $75.
    CHECK(findLine(r, "mpo-patch-panel-1u")->extendedUsd == Approx(4000));
    CHECK(findLine(r, "mpo-trunk-144f")->unitPriceUsd == Approx(2500));
    CHECK(findLine(r, "mpo-trunk-144f")->extendedUsd == Approx(10000));
    CHECK(findLine(r, "mpo-jumper")->extendedUsd == Approx(1500));
    CHECK(r.category(CostCategory::CablesAndFibres).capexUsd == Approx(15500));
    CHECK(r.prices.at("mpo-patch-panel-1u").key == "fibre/mpo-patch-panel-1u");

    // A price-book quote for the part id itself wins over the fibre/ catalog price.
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    Quote q;
    q.vendor = "cabling contractor";
    q.part = "mpo-patch-panel-1u";
    q.unitPrice = 350;
    q.date = "2024-08-30";
    book.addQuote(q);
    const CostResult quoted = solveCost(in, CostSettings{}, prices, &book, options());
    CHECK(findLine(quoted, "mpo-patch-panel-1u")->unitPriceUsd == 350);
    CHECK(findLine(quoted, "mpo-patch-panel-1u")->origin == PriceOrigin::PriceBook);

    // Neither: a missing price whose message names the key to add.
    const CostResult missing = solveCost(in, CostSettings{}, testPrices(), nullptr, options());
    CHECK(missing.missingLines == 3);
    CHECK(mentions(missing.diagnostics, "as 'fibre/mpo-patch-panel-1u'"));
}

TEST_CASE("A quote in another currency is converted at the book's rate", "[cost][capex]")
{
    TempDir dir;
    PriceBook book = PriceBook::open(dir.file("book.sqlite"));
    book.setCurrencyRate("EUR", 1.08);
    Quote q;
    q.vendor = "EU integrator";
    q.part = "HGX-H100";
    q.unitPrice = 250000;
    q.currency = "EUR";
    q.date = "2024-08-01";
    book.addQuote(q);
    const CostResult r = solveCost(h100kInputs(), CostSettings{}, testPrices(), &book, options());
    CHECK(findLine(r, "HGX-H100")->unitPriceUsd == Approx(270000));
    CHECK(r.category(CostCategory::Compute).capexUsd == Approx(12500 * 270000.0));
}

TEST_CASE("Missing, negative or unconvertible prices are clear errors", "[cost][capex]")
{
    SECTION("missing")
    {
        std::vector<Price> prices = testPrices();
        std::erase_if(prices, [](const Price &p) { return p.part == "OSFP-400G-SR4"; });
        const CostResult r = solveCost(h100kInputs(), CostSettings{}, prices, nullptr, options());
        CHECK(r.diagnostics.hasErrors());
        CHECK(mentions(r.diagnostics, "no price for 'OSFP-400G-SR4'"));
        CHECK(mentions(r.diagnostics, "price book"));
        CHECK(r.missingLines == 1);
        CHECK(findLine(r, "OSFP-400G-SR4")->origin == PriceOrigin::Missing);
        CHECK(findLine(r, "OSFP-400G-SR4")->extendedUsd == 0);
    }
    SECTION("negative")
    {
        std::vector<Price> prices = testPrices();
        prices[0].unitUsd = -300000;
        const CostResult r = solveCost(h100kInputs(), CostSettings{}, prices, nullptr, options());
        CHECK(mentions(r.diagnostics, "/prices/HGX-H100: catalog price for 'HGX-H100' is -300000"));
        CHECK(r.category(CostCategory::Compute).capexUsd == 0);
    }
    SECTION("unknown currency without a book rate")
    {
        std::vector<Price> prices = testPrices();
        prices[0].currency = "EUR";
        const CostResult r = solveCost(h100kInputs(), CostSettings{}, prices, nullptr, options());
        CHECK(mentions(r.diagnostics, "unknown currency 'EUR'"));
    }
    SECTION("a price in the wrong unit")
    {
        std::vector<Price> prices = testPrices();
        for (Price &p : prices) {
            if (p.part == "facility/building-shell-per-MW")
                p.unit = "per-m2";
        }
        const CostResult r = solveCost(h100kInputs(), CostSettings{}, prices, nullptr, options());
        CHECK(mentions(r.diagnostics, "is per-m2 but"));
        CHECK(r.category(CostCategory::BuildingShell).capexUsd == 0);
    }
}

TEST_CASE("Itemized facility pricing uses the power solver's BOM instead of per-MW keys",
          "[cost][capex]")
{
    CostInputs in = h100kInputs();
    BomLine ups = bomLine("ups", "UPS-1MW", 180);
    ups.plane.clear();
    BomLine cdu = bomLine("cdu", "CDU-2MW", 80);
    cdu.plane.clear();
    in.facility = {ups, cdu};
    std::vector<Price> prices = testPrices();
    prices.push_back(price("UPS-1MW", 400000, "each", "placeholder", Confidence::Unverified));
    prices.push_back(price("CDU-2MW", 300000, "each", "placeholder", Confidence::Unverified));
    CostOptions o = options();
    o.facilityPricing = FacilityPricing::Itemized;
    const CostResult r = solveCost(in, CostSettings{}, prices, nullptr, o);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.category(CostCategory::PowerInfrastructure).capexUsd == Approx(180 * 400000.0));
    CHECK(r.category(CostCategory::CoolingInfrastructure).capexUsd == Approx(80 * 300000.0));
    CHECK_FALSE(findLine(r, "facility/power-infra-per-MW/N+1"));
    CHECK(findLine(r, "facility/building-shell-per-MW")); // the shell stays per MW
}

TEST_CASE("Power is priced per redundancy scheme and the shell per m2 on request", "[cost][capex]")
{
    CostInputs in = h100kInputs();
    in.site.power = {{Redundancy::NPlus1, 100, 125}, {Redundancy::TwoN, 40, 80}};
    in.site.hallAreaM2 = 20000;
    std::vector<Price> prices = testPrices();
    prices.push_back(price("facility/building-shell-per-m2", 30000, "per-m2", "placeholder",
                           Confidence::Unverified));
    CostOptions o = options();
    o.shellBasis = ShellBasis::PerM2;
    const CostResult r = solveCost(in, CostSettings{}, prices, nullptr, o);
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.category(CostCategory::PowerInfrastructure).capexUsd ==
          Approx(100 * powerPerMW + 40 * powerPerMW * 1.3));
    CHECK(r.category(CostCategory::BuildingShell).capexUsd == Approx(20000 * 30000.0));

    in.site.power = {{Redundancy::Distributed, 140, 186}};
    const CostResult missing = solveCost(in, CostSettings{}, prices, nullptr, o);
    CHECK(mentions(missing.diagnostics, "no price for 'facility/power-infra-per-MW/distributed'"));
}

namespace {

// The shipped default prices (catalogs/data/prices.json), read here without the catalog loader:
// only part, unitUsd and unit matter to these checks.
std::vector<Price> shippedPrices()
{
    std::ifstream in(std::string(AIDC_SOURCE_DIR) + "/catalogs/data/prices.json");
    REQUIRE(in);
    const nlohmann::json file = nlohmann::json::parse(in);
    std::vector<Price> prices;
    for (const nlohmann::json &item : file.at("items")) {
        Price p;
        p.part = item.at("part").get<std::string>();
        p.unitUsd = item.at("unitUsd").get<double>();
        p.unit = item.value("unit", std::string("each"));
        p.date = file.value("date", std::string());
        p.source.source = item.value("source", std::string());
        prices.push_back(p);
    }
    return prices;
}

} // namespace

TEST_CASE("The shipped price list has every category key the cost solver asks for", "[cost][capex]")
{
    std::set<std::string> parts;
    for (const Price &p : shippedPrices())
        parts.insert(p.part);
    for (Redundancy r :
         {Redundancy::N, Redundancy::NPlus1, Redundancy::TwoN, Redundancy::Distributed})
        CHECK(parts.count(powerInfraPriceKey(r)));
    for (CoolingType c : {CoolingType::Air, CoolingType::DirectLiquid, CoolingType::Immersion,
                          CoolingType::RearDoor})
        CHECK(parts.count(coolingPriceKey(c)));
    CHECK(parts.count(buildingShellPerMWKey));
    CHECK(parts.count(installPerRackKey));
    CHECK(parts.count(installPerCableKey));
    // The fabric's structured-cabling parts (solvers/fabric CablingOptions, via fibre/<id>).
    for (const char *part : {"mpo-patch-panel-1u", "mpo-trunk-144f", "mpo-jumper"})
        CHECK(parts.count(std::string(fibrePricePrefix) + part));
}

TEST_CASE("The shipped facility prices add up to Cushman & Wakefield's average per MW",
          "[cost][capex]")
{
    // C&W Data Center Development Cost Guide 2025: US average $11.7 M per MW of critical load;
    // critical capacity (electrical + mechanical) 53%, the rest 47% [A]
    // [ref:cushman-wakefield-2025].
    std::map<std::string, double> price;
    for (const Price &p : shippedPrices())
        price[p.part] = p.unitUsd;
    const double power = price.at(powerInfraPriceKey(Redundancy::NPlus1));
    const double cooling = price.at(coolingPriceKey(CoolingType::DirectLiquid));
    const double shell = price.at(buildingShellPerMWKey);
    CHECK(power + cooling + shell == Approx(11.7e6).epsilon(0.01));
    CHECK((power + cooling) / 11.7e6 == Approx(0.53).margin(0.01));
    // Every scheme stays inside C&W's market range of $9.3-15.0 M per MW.
    for (Redundancy r :
         {Redundancy::N, Redundancy::NPlus1, Redundancy::TwoN, Redundancy::Distributed})
        for (CoolingType c : {CoolingType::Air, CoolingType::DirectLiquid, CoolingType::Immersion,
                              CoolingType::RearDoor}) {
            const double total =
                price.at(powerInfraPriceKey(r)) + price.at(coolingPriceKey(c)) + shell;
            CHECK(total >= 9.3e6);
            CHECK(total <= 15.0e6);
        }
}

TEST_CASE("With the shipped default prices the 100k-H100 design passes the seed headlines",
          "[cost][capex]")
{
    // [ref:zomi-100k-slides; ref:zomi-10k-slides]: >$4 B hardware, >$6 B total. The fixture's
    // placeholder part ids are mapped to the catalog's: a twin-port 800G SR8 module serves two 400G
    // links.
    CostInputs in = h100kInputs();
    for (BomLine &line : in.network) {
        if (line.part == "OSFP-2x400G-SR8")
            line.part = "SR8-800G";
        else if (line.part == "OSFP-400G-SR4")
            line.part = "SR4-400G";
        else if (line.part == "MPO-OM4")
            line.part = "fibre/mpo-trunk-per-m";
    }
    in.storage[0].system = "PFS-AllFlash-2U";
    const CostResult r = solveCost(in, CostSettings{}, shippedPrices(), nullptr, options());
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.itCapexUsd > 4e9);
    CHECK(r.capexUsd > 6e9);
    CHECK(r.networkShare >= 0.10);
    CHECK(r.networkShare <= 0.20);
}

TEST_CASE("On-site generation and the site battery are priced per kW and per kWh",
          "[cost][capex][site]")
{
    // 2 blocks: 60 MW of turbines (a typed price, $1,000/kW) and 20 MW of engines (the generic
    // $1,200/kW); a 50 MWh battery at $326/kWh.
    CostInputs inputs = h100kInputs();
    inputs.site.generationMW = {{"gas-turbine", 60}, {"recip-engine", 20}};
    inputs.site.batteryKWh = 50e3;
    std::vector<Price> prices = testPrices();
    Price generic;
    generic.part = onsiteGenerationPerKWKey;
    generic.unitUsd = 1200;
    generic.unit = "per-kW";
    Price turbine = generic;
    turbine.part = std::string(onsiteGenerationPerKWKey) + "/gas-turbine";
    turbine.unitUsd = 1000;
    Price battery;
    battery.part = batteryPerKWhKey;
    battery.unitUsd = 326;
    battery.unit = "per-kWh";
    prices.insert(prices.end(), {generic, turbine, battery});
    const CostResult r = solveCost(inputs, CostSettings{}, prices, nullptr, options());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const CostLine *turbines = findLine(r, std::string(onsiteGenerationPerKWKey) + "/gas-turbine");
    REQUIRE(turbines);
    CHECK(turbines->quantity == 60e3);
    CHECK(turbines->extendedUsd == Approx(60e6));
    const CostLine *engines = findLine(r, std::string(onsiteGenerationPerKWKey) + "/recip-engine");
    REQUIRE(engines);
    CHECK(engines->extendedUsd == Approx(24e6)); // the generic price, through the fallback
    const CostLine *store = findLine(r, batteryPerKWhKey);
    REQUIRE(store);
    CHECK(store->extendedUsd == Approx(16.3e6));
    CHECK(store->category == CostCategory::PowerInfrastructure);
}

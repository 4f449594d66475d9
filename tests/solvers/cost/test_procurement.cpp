// SPDX-License-Identifier: Apache-2.0
// The procurement BOM behind `aidc bom` (issue 21): orderable items once, in orderable units,
// with the catalog's part numbers and lead times, plus the capex that is no order; the two
// reconcile with capex to the cent.

#include "costfixtures.h"
#include "solvers/cost/procurement.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <tuple>

using namespace aidc;
using namespace aidc::test;

namespace {

std::size_t column(const CsvTable &table, const std::string &name)
{
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        if (table.header[i] == name)
            return i;
    }
    FAIL("no column " << name);
    return 0;
}

const ProcurementLine *find(const ProcurementBom &bom, const std::string &part, double lengthM = 0,
                            int legs = 1)
{
    for (const ProcurementLine &line : bom.lines)
        if (line.part == part && line.lengthM == lengthM && line.legs == legs)
            return &line;
    return nullptr;
}

BomLine splitter(const std::string &plane, double links)
{
    BomLine line = bomLine("cable", "DAC-400G", links, 2);
    line.plane = plane;
    line.legs = 2;
    return line;
}

// A catalog that knows QM9700 by its part number and lead time (made-up figures, test only).
Catalog orderingCatalog()
{
    Catalog catalog;
    SwitchModel qm;
    qm.id = "QM9700";
    qm.name = "NVIDIA QM9700";
    qm.manufacturer = "NVIDIA";
    qm.partNumber = "MQM9700-NS2F";
    qm.leadTime = {20, 30, "2024-06-01"};
    qm.sources["leadTimeWeeks"] = {"a test figure", Confidence::Secondary};
    catalog.switches.push_back(qm);
    return catalog;
}

struct Fixture
{
    CostInputs in = h100kInputs();
    CostResult cost;
    ProcurementBom bom;

    Fixture()
    {
        in.network.push_back(splitter("frontend", 200));
        in.network.push_back(splitter("storage", 100));
        in.facility.push_back(bomLine("ups", "UPS-1MW", 180)); // priced per MW, not by itself
        cost = solveCost(in, CostSettings{}, testPrices(), nullptr, options());
        bom = buildProcurementBom(cost, in.facility, orderingCatalog());
    }
};

} // namespace

TEST_CASE("The procurement BOM lists each orderable item once, in orderable units",
          "[cost][procurement]")
{
    Fixture f;
    REQUIRE_FALSE(f.cost.diagnostics.hasErrors());

    // 3,125 leaves + 3,125 spines + 1,563 cores (costfixtures.h backendBom).
    const ProcurementLine *qm = find(f.bom, "QM9700");
    REQUIRE(qm);
    CHECK(qm->quantity == 7813);
    CHECK(*qm->unitPriceUsd == 36000);
    CHECK(qm->extendedUsd == Approx(7813 * 36000.0));
    CHECK(qm->manufacturer == "NVIDIA");
    CHECK(qm->partNumber == "MQM9700-NS2F");
    CHECK(qm->leadTime.minWeeks == 20);
    CHECK(qm->leadTime.maxWeeks == 30);
    CHECK(qm->leadTimeSource == "a test figure [S]");

    // 300 links on 2-leg splitters over two planes: 150 cables at 2 x $150.
    const ProcurementLine *dac = find(f.bom, "DAC-400G", 2, 2);
    REQUIRE(dac);
    CHECK(dac->quantity == 150);
    CHECK(*dac->unitPriceUsd == 300);
    CHECK(dac->extendedUsd == Approx(45000));
    CHECK(dac->usedIn == "frontend; storage");
    CHECK(dac->description.find("2-leg splitter") != std::string::npos);
    // ...a different order from the 3 m straight DACs? None in this fabric: the splitter is its
    // own line, not merged into another length or form.
    CHECK(find(f.bom, "DAC-400G", 2, 1) == nullptr);

    // GPU->leaf and leaf->spine fibres are both 30 m MPO: one order of 200,000 at $2/m x 30 m.
    const ProcurementLine *fibre30 = find(f.bom, "MPO-OM4", 30);
    REQUIRE(fibre30);
    CHECK(fibre30->quantity == 200000);
    CHECK(*fibre30->unitPriceUsd == Approx(60));
    REQUIRE(find(f.bom, "MPO-OM4", 50));
    CHECK(find(f.bom, "MPO-OM4", 50)->quantity == 100000);

    // Each orderable part appears once per stock length and form.
    std::set<std::tuple<std::string, double, int, std::string>> seen;
    for (const ProcurementLine &line : f.bom.lines)
        if (line.orderable)
            CHECK(seen.insert({line.part, line.lengthM, line.legs, line.description}).second);

    // The UPS is ordered by the unit and paid for by the per-MW power plant line.
    const ProcurementLine *ups = find(f.bom, "UPS-1MW");
    REQUIRE(ups);
    CHECK(ups->orderable);
    CHECK_FALSE(ups->unitPriceUsd);
    CHECK(ups->pricedIn == "facility/power-infra-per-MW/N+1");

    // Only QM9700 has a part number and lead time: it is the critical path item.
    CHECK(f.bom.withoutPartNumber == f.bom.orderableLines - 1);
    CHECK(f.bom.withoutLeadTime == f.bom.orderableLines - 1);
    REQUIRE(f.bom.longestLeadTime);
    CHECK(f.bom.lines[*f.bom.longestLeadTime].part == "QM9700");
}

TEST_CASE("Orderable lines and non-BOM capex lines add up to capex, to the cent",
          "[cost][procurement]")
{
    Fixture f;
    // Non-BOM: power plant, cooling plant and shell per MW, labour per rack and per cable.
    int nonBom = 0;
    for (const ProcurementLine &line : f.bom.lines) {
        if (line.orderable)
            continue;
        ++nonBom;
        CHECK((line.part.rfind("facility/", 0) == 0 || line.part.rfind("install/", 0) == 0));
    }
    CHECK(nonBom == 5);
    CHECK(f.bom.orderableLines + nonBom == int(f.bom.lines.size()));
    CHECK(std::abs(f.bom.orderableUsd + f.bom.nonBomUsd - f.cost.capexUsd) < 0.005);
    for (int c = 0; c < costCategoryCount; ++c) {
        INFO(costCategoryName(CostCategory(c)));
        CHECK(std::abs(f.bom.differenceUsd[std::size_t(c)]) < 0.005);
    }
    // Servers, racks and storage are orders too: compute alone is 12,500 x $300k.
    const ProcurementLine *servers = find(f.bom, "HGX-H100");
    REQUIRE(servers);
    CHECK(servers->extendedUsd == Approx(3.75e9));
    CHECK(find(f.bom, "Rack-48U-ORv3-Liquid"));
    CHECK(find(f.bom, "PFS-Node"));
}

TEST_CASE("The procurement table types its columns and marks per-MW plant", "[cost][procurement]")
{
    Fixture f;
    const CsvTable table = procurementTable(f.bom);
    CHECK(table.header.front() == "category");
    REQUIRE(table.rows.size() == f.bom.lines.size());
    const std::size_t part = column(table, "part"), line = column(table, "line"),
                      origin = column(table, "priceOrigin"),
                      extended = column(table, "extendedPriceUsd"),
                      lead = column(table, "leadTimeWeeksMax"), mpn = column(table, "partNumber");
    bool sawUps = false;
    double total = 0;
    for (const auto &row : table.rows) {
        if (!row[extended].empty())
            total += std::stod(row[extended]);
        if (row[part] == "UPS-1MW") {
            sawUps = true;
            CHECK(row[origin] == "per-MW");
            CHECK(row[extended].empty());
        }
        if (row[part] == "QM9700") {
            CHECK(row[lead] == "30");
            CHECK(row[mpn] == "MQM9700-NS2F");
        }
        if (row[part].rfind("install/", 0) == 0)
            CHECK(row[line] == "non-bom");
    }
    CHECK(sawUps);
    CHECK(total == Approx(f.cost.capexUsd).epsilon(1e-12));

    Diagnostics d;
    const CsvTable back = parseCsv(toCsv(table), "bom.csv", d);
    CHECK_FALSE(d.hasErrors());
    CHECK(back.rows.size() == table.rows.size());
}

TEST_CASE("Itemized plant is ordered at its own price, a part without a price shows missing",
          "[cost][procurement]")
{
    CostInputs in = h100kInputs();
    in.facility.push_back(bomLine("ups", "UPS-1MW", 180));
    in.network.push_back(bomLine("cable", "NO-SUCH-CABLE", 10, 3));
    std::vector<Price> prices = testPrices();
    prices.push_back(price("UPS-1MW", 250000, "each", "placeholder", Confidence::Unverified));
    CostOptions itemized = options();
    itemized.facilityPricing = FacilityPricing::Itemized;
    const CostResult cost = solveCost(in, CostSettings{}, prices, nullptr, itemized);
    CHECK(cost.diagnostics.hasErrors()); // the cable has no price
    const ProcurementBom bom = buildProcurementBom(cost, in.facility, Catalog{});

    const ProcurementLine *ups = find(bom, "UPS-1MW");
    REQUIRE(ups);
    CHECK(*ups->unitPriceUsd == 250000);
    CHECK(ups->extendedUsd == Approx(180 * 250000.0));
    CHECK(ups->pricedIn.empty());
    for (const ProcurementLine &line : bom.lines)
        CHECK(line.part.rfind("facility/power-infra-per-MW", 0) == std::string::npos);

    const ProcurementLine *missing = find(bom, "NO-SUCH-CABLE", 3);
    REQUIRE(missing);
    CHECK_FALSE(missing->unitPriceUsd);
    CHECK(missing->extendedUsd == 0);
    const CsvTable table = procurementTable(bom);
    bool sawMissing = false;
    for (const auto &row : table.rows)
        if (row[column(table, "part")] == "NO-SUCH-CABLE")
            sawMissing = row[column(table, "priceOrigin")] == "missing";
    CHECK(sawMissing);

    CHECK(std::abs(bom.orderableUsd + bom.nonBomUsd - cost.capexUsd) < 0.005);
}

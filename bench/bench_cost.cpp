// SPDX-License-Identifier: Apache-2.0
// Benchmark of the cost solver and its price book: a 1M-GPU design with a 2,000-line fabric BOM
// of 200 distinct parts, priced from the catalog alone and through a 10,000-quote price book;
// plus the price book's CSV import and export. Prints median wall times and peak RSS. Issue 5
// sets no speed goal, so the report says so instead of PASS/MISS; always exits 0.

#include "bench/benchutil.h"
#include "solvers/cost/cost.h"
#include "solvers/cost/pricebook.h"

#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <unistd.h>

using namespace aidc;

namespace {

constexpr int parts = 200;
constexpr int bomLines = 2000;
constexpr int quotesPerPart = 50;

double medianMs(int repeats, const std::function<void()> &work)
{
    return 1e3 * bench::medianSeconds(repeats, work);
}

std::string partId(int i)
{
    return "PART-" + std::to_string(i);
}

CostInputs inputs()
{
    CostInputs in;
    in.compute.push_back(
        {"big", "B200", "DGX-B200", "Rack-48U-ORv3-Liquid", 125000, 1000000, 31250});
    in.racks.push_back({"network", "Rack-42U-Network", 2000});
    in.storage.push_back({"PFS-AllFlash-2U", 2000});
    for (int i = 0; i < bomLines; ++i) {
        BomLine line;
        line.category = i % 3 == 0 ? "switch" : i % 3 == 1 ? "transceiver" : "cable";
        line.part = partId(i % parts);
        line.description = line.part;
        line.plane = "backend-" + std::to_string(i % 8);
        line.quantity = 1000 + i;
        line.lengthM = line.category == "cable" ? 1 + i % 50 : 0;
        in.network.push_back(line);
    }
    in.site.criticalItMW = 1500;
    in.site.power.push_back({Redundancy::NPlus1, 1500, 1875});
    in.site.annualEnergyMWh = 1500 * 0.8 * 1.2 * 8760;
    in.performance.peakFlops = 1e6 * 2250e12;
    in.performance.mfu = 0.4;
    in.performance.goodput = 0.9;
    in.performance.timeToTrainHours = 24 * 60;
    return in;
}

std::vector<Price> catalogPrices()
{
    std::vector<Price> prices;
    auto add = [&](const std::string &part, double usd, const char *unit) {
        Price p;
        p.part = part;
        p.unitUsd = usd;
        p.unit = unit;
        p.date = "2025-06-01";
        prices.push_back(p);
    };
    for (int i = 0; i < parts; ++i)
        add(partId(i), 100 + i, "each");
    add("DGX-B200", 500000, "each");
    add("Rack-48U-ORv3-Liquid", 15000, "each");
    add("Rack-42U-Network", 3000, "each");
    add("PFS-AllFlash-2U", 350000, "each");
    add("facility/power-infra-per-MW/N+1", 3.7e6, "per-MW"); // C&W 2025 split, prices.json
    add("facility/cooling-per-MW/direct-liquid", 2.5e6, "per-MW");
    add("facility/building-shell-per-MW", 5.5e6, "per-MW");
    add("install/per-rack", 5000, "each");
    add("install/per-cable", 50, "each");
    return prices;
}

std::string quotesCsv()
{
    std::string csv = "vendor,part,unitPrice,currency,date,validUntil,note\n";
    for (int p = 0; p < parts; ++p) {
        for (int q = 0; q < quotesPerPart; ++q) {
            csv += "Vendor" + std::to_string(q) + "," + partId(p) + "," +
                   std::to_string(90 + p + q) + ",USD,2025-0" + std::to_string(1 + q % 9) +
                   "-01,2026-12-31,bench\n";
        }
    }
    return csv;
}

} // namespace

int main()
{
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("aidc-bench-cost-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const CostInputs in = inputs();
    const std::vector<Price> prices = catalogPrices();
    const std::string csv = quotesCsv();
    CostOptions options;
    options.asOfDate = "2025-10-01";

    int run = 0;
    const double importMs = medianMs(5, [&] {
        PriceBook book =
            PriceBook::open((dir / ("import" + std::to_string(run++) + ".sqlite")).string());
        const PriceBookImport result = book.importCsvText(csv, "bench.csv");
        if (result.imported != parts * quotesPerPart)
            std::fprintf(stderr, "import failed: %s", result.diagnostics.toString().c_str());
    });

    PriceBook book = PriceBook::open((dir / "book.sqlite").string());
    book.importCsvText(csv, "bench.csv");

    CostResult last;
    const double catalogMs =
        medianMs(21, [&] { last = solveCost(in, CostSettings{}, prices, nullptr, options); });
    const double bookMs =
        medianMs(21, [&] { last = solveCost(in, CostSettings{}, prices, &book, options); });
    if (last.diagnostics.hasErrors() || last.priceBookLines != bomLines)
        std::fprintf(stderr, "unexpected result: %d book lines\n%s", last.priceBookLines,
                     last.diagnostics.toString().c_str());
    const double exportMs = medianMs(5, [&] { book.exportCsv((dir / "export.csv").string()); });

    std::printf("bench_cost: 1M GPUs, %d BOM lines, %d parts, %d quotes\n", bomLines, parts,
                parts * quotesPerPart);
    std::printf("  import %d quotes (one transaction): median %.1f ms\n", parts * quotesPerPart,
                importMs);
    std::printf("  solveCost, catalog prices only:     median %.2f ms\n", catalogMs);
    std::printf("  solveCost, through the price book:  median %.2f ms\n", bookMs);
    std::printf("  export %d quotes to CSV:              median %.1f ms\n", parts * quotesPerPart,
                exportMs);
    std::printf("  capex %.3g USD, EAC %.3g USD/yr, %.2f USD/GPU-hour\n", last.capexUsd,
                last.equivalentAnnualCostUsd, last.costPerGpuHourUsd);
    std::printf("  goal: none set in issue 5 (figures reported only)\n");
    std::printf("  peak RSS %.1f MiB\n", bench::peakRssMiB());

    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    return 0;
}

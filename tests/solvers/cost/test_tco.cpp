// SPDX-License-Identifier: Apache-2.0
// Opex, capital charges and TCO against interest-table values and hand arithmetic (issue 5).

#include "costfixtures.h"
#include "solvers/cost/cost.h"

#include "model/projectjson.h"

#include <catch2/catch.hpp>

using namespace aidc;
using namespace aidc::test;

namespace {

// 10 HGX H100 servers at $300k = $3 M of compute, nothing else priced.
CostInputs smallInputs()
{
    CostInputs in;
    in.compute.push_back({"p", "H100-SXM", "HGX-H100", "", 10, 80, 0});
    in.site.annualEnergyCostUsd = 100000;
    return in;
}

CostSettings smallSettings()
{
    CostSettings s;
    s.horizonYears = 5;
    s.costOfCapital = 0.08;
    s.staffUsdPerYear = 200000;
    s.networkServicesUsdPerYear = 50000;
    return s;
}

} // namespace

TEST_CASE("The capital recovery factor matches interest tables", "[cost][tco]")
{
    // (A/P, i, n) from standard compound-interest tables (e.g. Park, Contemporary Engineering
    // Economics, appendix): 8% 5 y 0.25046; 8% 20 y 0.10185; 10% 10 y 0.16275.
    CHECK(capitalRecoveryFactor(0.08, 5) == Approx(0.25046).epsilon(1e-4));
    CHECK(capitalRecoveryFactor(0.08, 20) == Approx(0.10185).epsilon(1e-4));
    CHECK(capitalRecoveryFactor(0.10, 10) == Approx(0.16275).epsilon(1e-4));
    CHECK(capitalRecoveryFactor(0.0, 4) == Approx(0.25)); // straight line without interest
}

TEST_CASE("Opex, equivalent annual cost, TCO and cost per GPU-hour of a small design",
          "[cost][tco]")
{
    const CostResult r =
        solveCost(smallInputs(), smallSettings(), testPrices(), nullptr, options());
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.capexUsd == Approx(3e6));
    // Maintenance: the default OEM support at 10% of capex per year [U] (DGX list support is
    // ~20% [U], no source recorded).
    CHECK(r.maintenanceUsdPerYear == Approx(300000));
    CHECK(r.energyUsdPerYear == Approx(100000));
    CHECK(r.annualOpexUsd == Approx(100000 + 300000 + 200000 + 50000));
    // Annualised over 5 years at 8%: 3 M x 0.25046 (A/P table).
    CHECK(r.annualizedCapexUsd == Approx(3e6 * 0.25046).epsilon(1e-4));
    CHECK(r.depreciationUsdPerYear == Approx(600000)); // straight line, 5 years
    const double eac = 3e6 * 0.25046 + 650000;
    CHECK(r.equivalentAnnualCostUsd == Approx(eac).epsilon(1e-4));
    CHECK(r.costPerGpuHourUsd == Approx(eac / (80 * 8760.0)).epsilon(1e-4));
    // Nominal TCO over 5 years: one purchase, worn out at the horizon (no residual value), + 5
    // years of opex.
    CHECK(r.residualValueUsd == 0);
    CHECK(r.tcoUsd == Approx(3e6 + 5 * 650000.0));
    // Present value: (P/A, 8%, 5) = 3.9927 (interest tables).
    CHECK(r.tcoPresentValueUsd == Approx(3e6 + 650000 * 3.9927).epsilon(1e-4));
    CHECK_FALSE(r.costPerEffectiveExaflopHourUsd);
    CHECK_FALSE(r.costPerTrainingRunUsd);
}

TEST_CASE("A horizon longer than a category's life buys it again", "[cost][tco]")
{
    CostSettings s = smallSettings();
    s.horizonYears = 10;
    const CostResult r = solveCost(smallInputs(), s, testPrices(), nullptr, options());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.category(CostCategory::Compute).purchasesInHorizon == 2);
    CHECK(r.tcoUsd == Approx(2 * 3e6 + 10 * 650000.0));
    // (P/F, 8%, 5) = 0.6806 and (P/A, 8%, 10) = 6.7101 (interest tables).
    CHECK(r.tcoPresentValueUsd == Approx(3e6 * (1 + 0.6806) + 650000 * 6.7101).epsilon(1e-4));

    // Longer compute life in the options: one purchase, lower annual capital charge.
    CostOptions o = options();
    o.terms[std::size_t(CostCategory::Compute)].lifeYears = 10;
    const CostResult longer = solveCost(smallInputs(), s, testPrices(), nullptr, o);
    CHECK(longer.category(CostCategory::Compute).purchasesInHorizon == 1);
    CHECK(longer.annualizedCapexUsd == Approx(3e6 * 0.14903).epsilon(1e-4)); // (A/P, 8%, 10)
}

TEST_CASE("TCO nets out the straight-line residual value of long-lived plant", "[cost][tco]")
{
    // 1 MW of critical IT on N+1 power ($3.7 M, 20 y), direct liquid cooling ($2.5 M, 15 y) and
    // a shell ($5.5 M, 20 y) [A, C&W 2025 split as in costfixtures.h], next to $3 M of compute
    // (5 y). The EAC spreads the plant over its life; over a 5-year horizon the plant keeps its
    // book value: 3.7 x 15/20 + 2.5 x 10/15 + 5.5 x 15/20 = 2.775 + 1.6667 + 4.125 = 8.5667 M.
    CostInputs in = smallInputs();
    in.site.criticalItMW = 1;
    in.site.power.push_back({Redundancy::NPlus1, 1, 1.25});
    in.site.cooling = CoolingType::DirectLiquid;
    const CostResult r = solveCost(in, smallSettings(), testPrices(), nullptr, options());
    INFO(r.diagnostics.toString());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.capexUsd == Approx(3e6 + 11.7e6));
    const double residual = 3.7e6 * 15 / 20 + 2.5e6 * 10 / 15 + 5.5e6 * 15 / 20;
    CHECK(r.residualValueUsd == Approx(residual).epsilon(1e-9));
    CHECK(r.category(CostCategory::PowerInfrastructure).residualUsd == Approx(2.775e6));
    CHECK(r.category(CostCategory::Compute).residualUsd == 0);
    // Opex: energy 100k + support (compute 10% 300k, power 2% 74k, cooling 3% 75k, shell 1%
    // 55k) + staff 200k + network services 50k = 854k.
    CHECK(r.annualOpexUsd == Approx(854000));
    CHECK(r.tcoUsd == Approx(14.7e6 - residual + 5 * 854000.0).epsilon(1e-9));
    // Present value: the residual comes back at the horizon, (P/F, 8%, 5) = 0.6806.
    CHECK(r.tcoPresentValueUsd ==
          Approx(14.7e6 - residual * 0.6806 + 854000 * 3.9927).epsilon(1e-4));

    // Over 20 years the 20-year plant is used up; the 15-year cooling plant is bought twice
    // and its second purchase keeps 10 of 15 years.
    CostSettings longer = smallSettings();
    longer.horizonYears = 20;
    const CostResult l = solveCost(in, longer, testPrices(), nullptr, options());
    CHECK(l.category(CostCategory::PowerInfrastructure).residualUsd == 0);
    CHECK(l.category(CostCategory::CoolingInfrastructure).purchasesInHorizon == 2);
    CHECK(l.residualValueUsd == Approx(2.5e6 * 10 / 15).epsilon(1e-9));
}

TEST_CASE("Energy cost comes from the power solver's MWh when no cost is given", "[cost][tco]")
{
    CostInputs in = smallInputs();
    in.site.annualEnergyCostUsd.reset();
    in.site.annualEnergyMWh = 8760.0;     // 1 MW average for a year
    in.site.electricityUsdPerKWh = 0.078; // seed tariff [ref:zomi-100k-slides]
    const CostResult r = solveCost(in, smallSettings(), testPrices(), nullptr, options());
    CHECK(r.energyUsdPerYear == Approx(8760 * 1000 * 0.078));

    in.site.annualEnergyMWh.reset();
    in.site.criticalItMW = 1;
    const CostResult none = solveCost(in, smallSettings(), testPrices(), nullptr, options());
    CHECK(none.energyUsdPerYear == 0);
    CHECK(mentions(none.diagnostics, "opex leaves out energy"));
}

TEST_CASE("Cost per effective ExaFLOP-hour and per training run account for MFU and goodput",
          "[cost][tco]")
{
    CostInputs in = smallInputs();
    const double peak = 80 * 989e12; // H100 SXM dense BF16 989 TFLOP/s [V] [ref:nvidia-h100-ds]
    in.performance.peakFlops = peak;
    in.performance.mfu = 0.40;
    in.performance.goodput = 0.90;
    in.performance.timeToTrainHours = 240; // at the MFU, without failures
    const CostResult r = solveCost(in, smallSettings(), testPrices(), nullptr, options());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    const double effective = peak * 0.40 * 0.90; // 2.848e16 FLOP/s
    REQUIRE(r.effectiveFlops);
    CHECK(*r.effectiveFlops == Approx(effective));
    const double hourly = r.equivalentAnnualCostUsd / 8760;
    REQUIRE(r.costPerEffectiveExaflopHourUsd);
    CHECK(*r.costPerEffectiveExaflopHourUsd == Approx(hourly / (effective / 1e18)));
    REQUIRE(r.trainingRunHours);
    CHECK(*r.trainingRunHours == Approx(240 / 0.90));
    CHECK(*r.costPerTrainingRunUsd == Approx(hourly * 240 / 0.90));
    CHECK_FALSE(r.goodputAssumed);

    // The same run given as model FLOP gives the same wall time.
    CostInputs byFlop = in;
    byFlop.performance.timeToTrainHours.reset();
    byFlop.performance.trainingFlop = peak * 0.40 * 240 * 3600;
    const CostResult f = solveCost(byFlop, smallSettings(), testPrices(), nullptr, options());
    REQUIRE(f.trainingRunHours);
    CHECK(*f.trainingRunHours == Approx(240 / 0.90));

    // Lower goodput costs more per useful FLOP and per run.
    CostInputs worse = in;
    worse.performance.goodput = 0.60;
    const CostResult w = solveCost(worse, smallSettings(), testPrices(), nullptr, options());
    CHECK(*w.costPerEffectiveExaflopHourUsd > *r.costPerEffectiveExaflopHourUsd);
    CHECK(*w.costPerTrainingRunUsd == Approx(*r.costPerTrainingRunUsd * 0.90 / 0.60));

    // Without goodput, 1 is assumed and the result says so.
    CostInputs noGoodput = in;
    noGoodput.performance.goodput.reset();
    const CostResult n = solveCost(noGoodput, smallSettings(), testPrices(), nullptr, options());
    CHECK(n.goodputAssumed);
    CHECK(*n.effectiveFlops == Approx(peak * 0.40));
}

TEST_CASE("The 100k-H100 design costs a plausible amount per GPU-hour", "[cost][tco]")
{
    CostInputs in = h100kInputs();
    // Energy: 140.25 MW x 0.8 average load x PUE 1.2 x 8,760 h.
    in.site.annualEnergyMWh = in.site.criticalItMW * 0.8 * 1.2 * 8760;
    const CostResult r = solveCost(in, CostSettings{}, testPrices(), nullptr, options());
    REQUIRE_FALSE(r.diagnostics.hasErrors());
    CHECK(r.energyUsdPerYear == Approx(*in.site.annualEnergyMWh * 1000 * 0.078));
    // H100 rented for ~$2-3 per GPU-hour in 2024 [S, trade press]; an owner's full cost should
    // land within a wide band around it.
    CHECK(r.costPerGpuHourUsd > 1.5);
    CHECK(r.costPerGpuHourUsd < 4.0);
    CHECK(r.tcoUsd > r.capexUsd);
    CHECK(r.tcoPresentValueUsd < r.tcoUsd);
}

TEST_CASE("Out-of-range settings, options and inputs are errors naming the field", "[cost][tco]")
{
    SECTION("settings: project fields, checked once by the loader's rules")
    {
        Project project;
        ComputePool pool;
        pool.gpu = pool.name = "H100-SXM";
        pool.gpuCount = 8;
        project.pools.push_back(pool);
        project.cost = smallSettings();
        project.cost.horizonYears = 0;
        project.cost.costOfCapital = 8; // a percentage instead of a rate
        project.cost.staffUsdPerYear = -1;
        const Diagnostics d = checkProjectFields(project);
        CHECK(mentions(d, "/cost/horizonYears: value 0"));
        CHECK(mentions(d, "/cost/costOfCapital: value 8"));
        CHECK(mentions(d, "/cost/staffUsdPerYear"));
    }
    SECTION("options")
    {
        CostOptions o = options();
        o.asOfDate = "yesterday";
        o.terms[std::size_t(CostCategory::Switches)].lifeYears = 0;
        o.terms[std::size_t(CostCategory::Compute)].maintenanceShare = 20; // % instead of share
        const CostResult r = solveCost(smallInputs(), smallSettings(), testPrices(), nullptr, o);
        CHECK(mentions(r.diagnostics, "costOptions/asOfDate"));
        CHECK(mentions(r.diagnostics, "costOptions/terms/switches/lifeYears"));
        CHECK(mentions(r.diagnostics, "costOptions/terms/compute/maintenanceShare"));
    }
    SECTION("inputs")
    {
        CostInputs in = smallInputs();
        in.compute[0].servers = -3;
        in.performance.mfu = 40; // a percentage
        in.network.push_back(bomLine("switch", "", 4));
        const CostResult r = solveCost(in, smallSettings(), testPrices(), nullptr, options());
        CHECK(mentions(r.diagnostics, "costInputs/compute/0/servers: must be a number >= 0"));
        CHECK(mentions(r.diagnostics, "costInputs/performance/mfu: must be in (0, 1]"));
        CHECK(mentions(r.diagnostics, "costInputs/network/0/part"));
    }
}

// SPDX-License-Identifier: Apache-2.0
// Per-op costs [ref:calculon-2023; ref:nvidia-matmul-guide]: the GEMM efficiency table interpolated
// in log(GFLOP), the tile penalty of non-multiple dimensions, the roofline, memory-bound ops.

#include "publishedruns.h"

#include "solvers/performance/performancemodel.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace aidc;
using namespace aidc::test;

namespace {

// The shipped sustained-efficiency scale (fitted, docs/model-validation.md).
const double kScale = PerformanceOptions{}.computeEfficiencyScale;

PerformanceModel modelFor(const Accelerator &gpu, PerformanceOptions o = {})
{
    o.kernelOverheadUs = 0;
    return PerformanceModel(llama405bJob(8), gpu, ClusterNetwork::nonBlocking(8, 8, 450, 400), o);
}

} // namespace

TEST_CASE("GEMM efficiency interpolates the catalog table in log(GFLOP)")
{
    PerformanceOptions o;
    o.computeEfficiencyScale = 1;
    const PerformanceModel m = modelFor(a100(), o);
    // Calculon's A100 points: >= 128 GFLOP 0.95, 16 -> 0.9, 1 -> 0.6, 0 -> 0.1 (read as 1 MFLOP).
    CHECK(m.gemmEfficiency(128e9) == Approx(0.95));
    CHECK(m.gemmEfficiency(1e15) == Approx(0.95));
    CHECK(m.gemmEfficiency(16e9) == Approx(0.9));
    CHECK(m.gemmEfficiency(4e9) == Approx(0.6 + 0.3 * std::log(4.0) / std::log(16.0)));
    CHECK(m.gemmEfficiency(0.5e9) ==
          Approx(0.1 + 0.5 * (std::log(0.5) - std::log(1e-3)) / -std::log(1e-3)));
    CHECK(m.gemmEfficiency(1) == Approx(0.1));
    // The default scale multiplies every point.
    CHECK(modelFor(a100()).gemmEfficiency(128e9) == Approx(0.95 * kScale));
}

TEST_CASE("a large GEMM runs at peak x efficiency, a non-tile-multiple dimension pays")
{
    const PerformanceModel m = modelFor(h100());
    const double mm = 8192, n = 8192, k = 8192;
    const double flops = 2 * mm * n * k; // 1.1 TFLOP: compute-bound on H100
    CHECK(m.gemmS(mm, n, k, false) == Approx(flops / (989e12 * 0.95 * kScale)));
    // M = 8193 needs 65 tiles of 128 where 64.008 would do: efficiency x 8193 / 8320.
    const double flops2 = 2 * 8193.0 * n * k;
    CHECK(m.gemmS(8193, n, k, false) ==
          Approx(flops2 / (989e12 * 0.95 * kScale * 8193.0 / 8320)).epsilon(1e-9));
}

TEST_CASE("thin GEMMs are memory-bound under the roofline")
{
    const PerformanceModel m = modelFor(h100());
    // M = 128 tokens x 16384 x 16384: 69 GFLOP, but reads a 0.54 GB weight.
    const double bytes = (128.0 * 16384 + 16384.0 * 16384) * 2 + 128.0 * 16384 * 2;
    const double memory = bytes / (3.35e12 * 0.8);
    CHECK(m.gemmS(128, 16384, 16384, false) >= memory);
    PerformanceOptions sum;
    sum.roofline = RooflineMode::Sum;
    const PerformanceModel s = modelFor(h100(), sum);
    CHECK(s.gemmS(128, 16384, 16384, false) ==
          Approx(m.gemmS(128, 16384, 16384, false) +
                 std::min(memory, 2 * 128.0 * 16384 * 16384 /
                                      (989e12 * m.gemmEfficiency(2 * 128.0 * 16384 * 16384)))));
    CHECK(m.memS(2.68e12, 0) == Approx(1.0)); // 2.68 TB at 3.35 TB/s x 0.8
}

TEST_CASE("FP8 GEMMs run at the FP8 peak x fp8GemmEfficiency plus a cast")
{
    Workload w = llama405bJob(8);
    w.precision = Precision::Fp8;
    PerformanceOptions o;
    o.kernelOverheadUs = 0;
    const PerformanceModel m(w, h100(), ClusterNetwork::nonBlocking(8, 8, 450, 400), o);
    const double mm = 8192, n = 8192, k = 8192;
    const double compute = 2 * mm * n * k / (1979e12 * 0.7 * kScale);
    const double cast = mm * k * 3 / (3.35e12 * 0.8);
    CHECK(m.gemmS(mm, n, k, true) == Approx(compute + cast));
    // Under 2x faster than BF16 for the GEMM itself.
    CHECK(m.gemmS(mm, n, k, false) / m.gemmS(mm, n, k, true) < 1.5);
}

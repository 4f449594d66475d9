// SPDX-License-Identifier: Apache-2.0
// Spares and the repairable k-out-of-n system: solvers/reliability/repairablesystem.h.
// References: Poisson and binomial tables computed by hand; the machine-repairman product form
// and k-out-of-n MTTF formulas from Trivedi, "Probability and Statistics with Reliability,
// Queuing and Computer Science Applications" [ref:trivedi-2016].

#include "solvers/reliability/repairablesystem.h"

#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <vector>

using namespace aidc;

namespace {

double binomialCoefficient(int n, int k)
{
    return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0));
}

// Closed form [ref:trivedi-2016]: pi_d ∝ C(n,d) rho^d for d <= c,
// C(n,d) d! / (c! c^(d-c)) rho^d for d > c; rho = lambda / mu.
std::vector<double> closedForm(int n, double lambda, double mu, int c)
{
    const double rho = lambda / mu;
    std::vector<double> w(n + 1);
    double sum = 0;
    for (int d = 0; d <= n; ++d) {
        w[d] = binomialCoefficient(n, d) * std::pow(rho, d);
        if (d > c)
            w[d] *= std::exp(std::lgamma(d + 1.0) - std::lgamma(c + 1.0)) / std::pow(c, d - c);
        sum += w[d];
    }
    for (double &x : w)
        x /= sum;
    return w;
}

// A generic CTMC solve with the full dense generator (fine for small n): pi Q = 0, sum pi = 1.
std::vector<double> denseGeneratorSolve(int n, double lambda, double mu, int c)
{
    Eigen::MatrixXd q = Eigen::MatrixXd::Zero(n + 1, n + 1);
    for (int d = 0; d <= n; ++d) {
        if (d < n)
            q(d, d + 1) = (n - d) * lambda;
        if (d > 0)
            q(d, d - 1) = std::min(d, c) * mu;
        q(d, d) = -q.row(d).sum();
    }
    Eigen::MatrixXd a = q.transpose();
    a.row(n).setOnes(); // replace one balance equation by the normalisation
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n + 1);
    b(n) = 1;
    const Eigen::VectorXd pi = a.fullPivLu().solve(b);
    return std::vector<double>(pi.data(), pi.data() + pi.size());
}

// Mean first-passage time of a birth-death chain from 0 to `absorbing`: T_d, the time to go
// from d to d + 1, obeys T_d = 1 / b_d + (a_d / b_d) T_{d-1} (Trivedi, ch. 8); MTTF = sum T_d.
double passageTime(int n, int k, double lambda, double mu, int c)
{
    double previous = 0, total = 0;
    for (int d = 0; d <= n - k; ++d) {
        const double birth = (n - d) * lambda;
        const double death = d > 0 ? std::min(d, c) * mu : 0.0;
        const double t = 1.0 / birth + (death / birth) * previous;
        total += t;
        previous = t;
    }
    return total;
}

} // namespace

TEST_CASE("Poisson percentiles match tables", "[reliability][spares]")
{
    // Poisson(1): P(X <= 3) = e^-1 (1 + 1 + 1/2 + 1/6) = 0.981012; P(X <= 4) = 0.996340.
    CHECK(poissonCdf(3, 1.0) == Approx(0.9810118).epsilon(1e-7));
    CHECK(poissonSpares(1.0, 0.99) == 4);
    // Poisson(10): P(X <= 17) = 0.985722 < 0.99 <= P(X <= 18) = 0.992813.
    CHECK(poissonCdf(17, 10.0) == Approx(0.9857224).epsilon(1e-7));
    CHECK(poissonSpares(10.0, 0.99) == 18);
    // Poisson(0.5): P(0) = 0.6065, P(X <= 1) = 0.9098.
    CHECK(poissonSpares(0.5, 0.9) == 1);
    CHECK(poissonSpares(0.5, 0.5) == 0);
    // Large mean (exp(-mean) underflows past 745): Poisson(1000) P(X <= 1073) = 0.98933,
    // P(X <= 1074) = 0.99017 (summed in log space by hand).
    CHECK(poissonCdf(1073, 1000.0) == Approx(0.9893281).epsilon(1e-6));
    CHECK(poissonSpares(1000.0, 0.99) == 1074);
    CHECK(poissonSpares(0.0, 0.99) == 0);
}

TEST_CASE("Binomial percentiles match tables", "[reliability][spares]")
{
    // Binomial(10, 0.1): P(X <= 3) = 0.987205 < 0.99 <= P(X <= 4) = 0.998365.
    CHECK(binomialSpares(10, 0.1, 0.99) == 4);
    CHECK(binomialSpares(10, 0.1, 0.98) == 3);
    CHECK(binomialSpares(10, 1.0, 0.99) == 10);
    CHECK(binomialSpares(10, 0.0, 0.99) == 0);
}

TEST_CASE("Machine-repairman steady state matches the closed form", "[reliability][ctmc]")
{
    SECTION("fewer crews than units")
    {
        const int n = 5, c = 2;
        const double lambda = 0.1, mu = 1.0;
        const std::vector<double> expected = closedForm(n, lambda, mu, c);
        const std::vector<double> dense = denseGeneratorSolve(n, lambda, mu, c);
        const RepairableSteadyState s = steadyStateKOutOfN(n, lambda, mu, c, 1e-15);
        REQUIRE(s.firstFailed == 0);
        REQUIRE(s.probabilities.size() == 6); // nothing worth truncating at this size
        for (int d = 0; d <= n; ++d) {
            CHECK(s.probabilities[d] == Approx(expected[d]).epsilon(1e-10));
            CHECK(dense[d] == Approx(expected[d]).epsilon(1e-10));
        }
        // 3-out-of-5 availability = P(d <= 2).
        CHECK(kOutOfNAvailability(n, 3, lambda, mu, c, 1e-15) ==
              Approx(expected[0] + expected[1] + expected[2]).epsilon(1e-12));
    }
    SECTION("one crew per unit: binomial with q = lambda / (lambda + mu)")
    {
        const int n = 6;
        const double lambda = 0.2, mu = 1.0, q = lambda / (lambda + mu);
        const RepairableSteadyState s = steadyStateKOutOfN(n, lambda, mu, 0, 1e-15);
        for (int d = 0; d <= n; ++d) {
            const double binomial =
                binomialCoefficient(n, d) * std::pow(q, d) * std::pow(1 - q, n - d);
            CHECK(s.probabilityAtMost(d) - s.probabilityAtMost(d - 1) ==
                  Approx(binomial).epsilon(1e-10));
        }
        CHECK(s.meanFailed == Approx(n * q).epsilon(1e-12));
        // 4-out-of-6 availability.
        double expected = 0;
        for (int d = 0; d <= 2; ++d)
            expected += binomialCoefficient(n, d) * std::pow(q, d) * std::pow(1 - q, n - d);
        CHECK(kOutOfNAvailability(n, 4, lambda, mu, 0) == Approx(expected).epsilon(1e-12));
        CHECK(kOutOfNAvailability(n, 4, lambda, mu, 6) == Approx(expected).epsilon(1e-12));
    }
}

TEST_CASE("Large chains keep only the states that carry probability", "[reliability][ctmc]")
{
    // 12,500 nodes (100k GPUs), 2 node failures per year, 48 h repair, every node repaired at
    // once: binomial with q = lambda / (lambda + mu) = 0.0108333, mean n q = 135.4 failed.
    const int n = 12500;
    const double lambda = 2.0 / 8766, mu = 1.0 / 48, q = lambda / (lambda + mu);
    const RepairableSteadyState s = steadyStateKOutOfN(n, lambda, mu, 0, 1e-12);
    CHECK(s.probabilities.size() < 400); // not 12,501 states
    CHECK(s.truncationBound <= 2e-12);
    double sum = 0;
    for (double p : s.probabilities)
        sum += p;
    CHECK(sum == Approx(1.0).epsilon(1e-14));
    CHECK(s.meanFailed == Approx(n * q).epsilon(1e-9));
    // Normal approximation sanity: P(d <= mean) is near one half.
    CHECK(s.probabilityAtMost(static_cast<int>(n * q)) == Approx(0.5).margin(0.05));
    CHECK(s.probabilityAtMost(s.firstFailed - 1) == 0.0);
    CHECK(s.probabilityAtLeast(0) == Approx(1.0).epsilon(1e-14));
}

TEST_CASE("k-out-of-n MTTF with and without repair", "[reliability][ctmc]")
{
    // No repair: sum_{i=k}^{n} 1/(i lambda); 2-of-4, lambda = 0.01: 100 (1/2 + 1/3 + 1/4) = 108.33.
    CHECK(mttfKOutOfNNoRepair(4, 2, 0.01) == Approx(108.3333333).epsilon(1e-9));
    CHECK(mttfKOutOfN(4, 2, 0.01, 0.0, 0) == Approx(108.3333333).epsilon(1e-9));
    CHECK(mttfKOutOfN(1, 1, 0.01, 0.5, 0) == Approx(100).epsilon(1e-12));
    // 1-of-2 parallel with repair: (3 lambda + mu) / (2 lambda^2) = 2650 for 0.01 / 0.5.
    CHECK(mttfKOutOfN(2, 1, 0.01, 0.5, 1) == Approx(2650).epsilon(1e-9));
    // TMR (2-of-3) with repair: 5 / (6 lambda) + mu / (6 lambda^2) = 916.67.
    CHECK(mttfKOutOfN(3, 2, 0.01, 0.5, 1) == Approx(916.6666667).epsilon(1e-9));
    // A longer chain against the passage-time recursion: 45-of-50, 3 crews.
    CHECK(mttfKOutOfN(50, 45, 0.001, 0.05, 3) ==
          Approx(passageTime(50, 45, 0.001, 0.05, 3)).epsilon(1e-9));
    // And a spare pool the size the solver builds: 12,500 units + 160 spares, unlimited crews.
    CHECK(mttfKOutOfN(12660, 12500, 2.0 / 8766, 1.0 / 48, 0) ==
          Approx(passageTime(12660, 12500, 2.0 / 8766, 1.0 / 48, 12660)).epsilon(1e-8));
    // Repair only helps.
    CHECK(mttfKOutOfN(6, 4, 0.01, 0.5, 0) > mttfKOutOfNNoRepair(6, 4, 0.01));
}

// SPDX-License-Identifier: Apache-2.0
#include "solvers/reliability/repairablesystem.h"

#include <Eigen/Sparse>
#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>
#include <limits>

namespace aidc {

namespace {

// Far enough into the upper tail that no confidence below 1 - 1e-15 needs more.
int percentileSearchLimit(double mean)
{
    return static_cast<int>(std::ceil(mean + 40.0 * std::sqrt(mean) + 100.0));
}

int effectiveCrews(int n, int crews)
{
    return (crews <= 0 || crews >= n) ? n : crews;
}

} // namespace

double poissonCdf(int k, double mean)
{
    if (k < 0)
        return 0.0;
    if (mean <= 0)
        return 1.0;
    // Log-space recursion: exp(-mean) alone underflows for mean > 745.
    const double logMean = std::log(mean);
    double logP = -mean;
    double cdf = std::exp(logP);
    for (int j = 1; j <= k; ++j) {
        logP += logMean - std::log(static_cast<double>(j));
        cdf += std::exp(logP);
    }
    return std::min(cdf, 1.0);
}

int poissonSpares(double meanFailures, double confidence)
{
    if (meanFailures <= 0)
        return 0;
    const double logMean = std::log(meanFailures);
    const int limit = percentileSearchLimit(meanFailures);
    double logP = -meanFailures;
    double cdf = std::exp(logP);
    int s = 0;
    while (cdf < confidence && s < limit) {
        ++s;
        logP += logMean - std::log(static_cast<double>(s));
        cdf += std::exp(logP);
    }
    return s;
}

int binomialSpares(int units, double failureProbability, double confidence)
{
    if (units <= 0 || failureProbability <= 0)
        return 0;
    if (failureProbability >= 1)
        return units;
    const double logOdds = std::log(failureProbability) - std::log1p(-failureProbability);
    double logP = units * std::log1p(-failureProbability);
    double cdf = std::exp(logP);
    int s = 0;
    while (cdf < confidence && s < units) {
        logP += std::log(static_cast<double>(units - s)) - std::log(static_cast<double>(s + 1)) +
                logOdds;
        ++s;
        cdf += std::exp(logP);
    }
    return s;
}

double RepairableSteadyState::probabilityAtMost(int failed) const
{
    double p = 0;
    for (std::size_t i = 0; i < probabilities.size(); ++i) {
        if (firstFailed + static_cast<int>(i) > failed)
            break;
        p += probabilities[i];
    }
    return std::min(p, 1.0);
}

double RepairableSteadyState::probabilityAtLeast(int failed) const
{
    return std::max(0.0, 1.0 - probabilityAtMost(failed - 1));
}

RepairableSteadyState steadyStateKOutOfN(int n, double lambda, double mu, int crews,
                                         double tolerance)
{
    RepairableSteadyState state;
    if (n <= 0 || lambda <= 0) {
        state.probabilities = {1.0};
        return state;
    }
    if (mu <= 0) { // no repair: everything fails eventually
        state.firstFailed = n;
        state.meanFailed = n;
        state.probabilities = {1.0};
        return state;
    }
    const int c = effectiveCrews(n, crews);
    // pi_{d+1} / pi_d = (n - d) lambda / (min(d + 1, c) mu), decreasing in d.
    auto ratio = [&](int d) {
        if (d >= n)
            return 0.0;
        return (n - d) * lambda / (std::min(d + 1, c) * mu);
    };
    // Mode: the first state whose successor is less likely.
    int lo = 0, hi = n;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (ratio(mid) < 1.0)
            hi = mid;
        else
            lo = mid + 1;
    }
    const int mode = lo;

    // Weights relative to the mode. Past the last kept state every ratio is at most the next
    // one (monotone), so the tail is below w rho / (1 - rho).
    std::vector<double> up;
    double upTail = 0;
    double w = 1.0;
    for (int d = mode; d < n; ++d) {
        w *= ratio(d);
        up.push_back(w);
        const double rho = ratio(d + 1);
        if (rho < 1.0 && w * rho / (1.0 - rho) < tolerance) {
            upTail = w * rho / (1.0 - rho);
            break;
        }
    }
    std::vector<double> down; // down[i]: weight of mode - 1 - i
    double downTail = 0;
    w = 1.0;
    for (int d = mode; d > 0; --d) {
        w /= ratio(d - 1);
        down.push_back(w);
        if (d - 1 == 0)
            break;
        const double sigma = 1.0 / ratio(d - 2);
        if (sigma < 1.0 && w * sigma / (1.0 - sigma) < tolerance) {
            downTail = w * sigma / (1.0 - sigma);
            break;
        }
    }

    state.firstFailed = mode - static_cast<int>(down.size());
    state.probabilities.reserve(down.size() + 1 + up.size());
    for (auto it = down.rbegin(); it != down.rend(); ++it)
        state.probabilities.push_back(*it);
    state.probabilities.push_back(1.0);
    state.probabilities.insert(state.probabilities.end(), up.begin(), up.end());
    double sum = 0;
    for (double p : state.probabilities)
        sum += p;
    double mean = 0;
    for (std::size_t i = 0; i < state.probabilities.size(); ++i) {
        state.probabilities[i] /= sum;
        mean += (state.firstFailed + static_cast<double>(i)) * state.probabilities[i];
    }
    state.meanFailed = mean;
    state.truncationBound = (upTail + downTail) / sum;
    return state;
}

double kOutOfNAvailability(int n, int k, double lambda, double mu, int crews, double tolerance)
{
    return steadyStateKOutOfN(n, lambda, mu, crews, tolerance).probabilityAtMost(n - k);
}

double mttfKOutOfN(int n, int k, double lambda, double mu, int crews)
{
    if (lambda <= 0)
        return std::numeric_limits<double>::infinity();
    if (k < 1 || k > n)
        return 0.0;
    const int states = n - k + 1; // d = 0 .. n - k; d = n - k + 1 absorbs
    if (states == 1)
        return 1.0 / (n * lambda);
    const int c = effectiveCrews(n, crews);
    // Rates in units of lambda keep the entries near 1.
    const double repair = mu / lambda;
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(3 * static_cast<std::size_t>(states));
    for (int d = 0; d < states; ++d) {
        const double fail = n - d;
        const double fix = d > 0 ? std::min(d, c) * repair : 0.0;
        entries.emplace_back(d, d, -(fail + fix));
        if (d + 1 < states)
            entries.emplace_back(d, d + 1, fail);
        if (d > 0)
            entries.emplace_back(d, d - 1, fix);
    }
    Eigen::SparseMatrix<double> q(states, states);
    q.setFromTriplets(entries.begin(), entries.end());
    Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
    lu.compute(q);
    if (lu.info() != Eigen::Success)
        return std::numeric_limits<double>::quiet_NaN();
    const Eigen::VectorXd m = lu.solve(Eigen::VectorXd::Constant(states, -1.0));
    if (lu.info() != Eigen::Success)
        return std::numeric_limits<double>::quiet_NaN();
    return m(0) / lambda;
}

double mttfKOutOfNNoRepair(int n, int k, double lambda)
{
    double sum = 0;
    for (int i = k; i <= n; ++i)
        sum += 1.0 / (i * lambda);
    return sum;
}

} // namespace aidc

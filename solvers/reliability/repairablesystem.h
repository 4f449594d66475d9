// SPDX-License-Identifier: Apache-2.0
#pragma once

// Spares and redundancy: Poisson and binomial spare percentiles, and the repairable
// k-out-of-n system (machine-repairman continuous-time Markov chain) [ref:trivedi-2016].
// Rates are per unit time and times come back in the same unit (the solver uses hours).

#include <vector>

namespace aidc {

// P(X <= k) for X ~ Poisson(mean).
double poissonCdf(int k, double mean);

// Smallest S with P(X <= S) >= confidence for X ~ Poisson(meanFailures): the spares that cover
// the failures expected within one repair window (mean = units x rate x repair time).
int poissonSpares(double meanFailures, double confidence);

// Smallest S with P(X <= S) >= confidence for X ~ Binomial(units, failureProbability), the
// form ByteRobust reportedly uses for warm standby [ref:byterobust-2025] (failureProbability =
// 1 - exp(-rate T_r)).
int binomialSpares(int units, double failureProbability, double confidence);

// Stationary distribution of the number d of failed units in a machine-repairman model: n units
// fail at rate lambda each, `crews` repair at rate mu each (crews <= 0 or >= n: every failed unit
// is repaired at once). Birth-death chain, failure rate (n - d) lambda, repair min(d, c) mu.
// Product form: pi_d ∝ C(n,d) (lambda/mu)^d for d <= c, C(n,d) d!/(c! c^(d-c)) (lambda/mu)^d
// above; binomial with q = lambda / (lambda + mu) when c >= n [Trivedi, "Probability and
// Statistics with Reliability, Queuing and Computer Science Applications", ch. 8].
//
// Only the states that carry probability are kept: from the mode outward, the walk stops once a
// state's weight relative to the mode is below `tolerance` and the ratio to the next state is
// below 1/2, so each left-out tail is at most a geometric series bounded by `tolerance`; the
// total mass left out is reported in truncationBound (<= 2 x tolerance). Cost: the kept states.
struct RepairableSteadyState
{
    int firstFailed = 0;               // d of probabilities[0]
    std::vector<double> probabilities; // P(d = firstFailed + i), summing to 1
    double truncationBound = 0;        // bound on the probability of the states left out
    double meanFailed = 0;

    double probabilityAtMost(int failed) const;  // P(d <= failed)
    double probabilityAtLeast(int failed) const; // P(d >= failed)
};
RepairableSteadyState steadyStateKOutOfN(int n, double lambda, double mu, int crews,
                                         double tolerance = 1e-12);

// Availability of a repairable k-out-of-n system: P(at least k of n units work), steady state.
double kOutOfNAvailability(int n, int k, double lambda, double mu, int crews,
                           double tolerance = 1e-12);

// Mean time from all units working until fewer than k work, with repair: the chain with state
// d = n - k + 1 made absorbing; solves Q_T m = -1 over the n - k + 1 transient states with
// Eigen's sparse LU (the chain is tridiagonal, never stored dense). mu = 0: no repair.
double mttfKOutOfN(int n, int k, double lambda, double mu, int crews);

// Without repair: MTTF = sum_{i=k}^{n} 1 / (i lambda) [Trivedi, k-out-of-n system].
double mttfKOutOfNNoRepair(int n, int k, double lambda);

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "solvers/reliability/goodput.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace aidc {

double youngInterval(double blockingTime, double mtbi)
{
    return std::sqrt(2.0 * blockingTime * mtbi);
}

double dalyInterval(double blockingTime, double mtbi)
{
    if (blockingTime >= 2.0 * mtbi)
        return mtbi;
    const double x = blockingTime / (2.0 * mtbi);
    return youngInterval(blockingTime, mtbi) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - blockingTime;
}

namespace {

EttrLosses firstOrderLosses(const EttrParameters &p, double interval)
{
    const double running = interval / (interval + p.blockingTime);
    EttrLosses losses;
    losses.checkpointing = 1.0 - running;
    losses.lostWork = running * p.interruptionRate * (interval / 2.0 + p.persistTime);
    losses.restart = running * p.interruptionRate * p.restartTime;
    return losses;
}

double renewalEttr(const EttrParameters &p, double interval)
{
    const double cycle = interval + p.blockingTime;
    const double lambda = p.interruptionRate;
    if (lambda <= 0)
        return interval / cycle;
    // lambda interval / expm1(lambda c) loses no digits when lambda c is tiny.
    return lambda * interval * std::exp(-lambda * (p.restartTime + p.persistTime)) /
           std::expm1(lambda * cycle);
}

} // namespace

double ettr(const EttrParameters &p, double interval, EttrModel model)
{
    if (interval <= 0)
        return 0.0;
    if (model == EttrModel::Renewal)
        return std::clamp(renewalEttr(p, interval), 0.0, 1.0);
    const EttrLosses losses = firstOrderLosses(p, interval);
    return std::clamp(1.0 - losses.checkpointing - losses.lostWork - losses.restart, 0.0, 1.0);
}

EttrLosses ettrLosses(const EttrParameters &p, double interval, EttrModel model)
{
    if (model == EttrModel::FirstOrder)
        return firstOrderLosses(p, interval);
    const double value = ettr(p, interval, EttrModel::Renewal);
    EttrLosses losses;
    losses.restart = -std::expm1(-p.interruptionRate * p.restartTime);
    losses.checkpointing = interval > 0 ? value * p.blockingTime / interval : 0.0;
    losses.lostWork = std::max(0.0, 1.0 - value - losses.restart - losses.checkpointing);
    return losses;
}

EttrSimulation simulateEttr(const EttrParameters &p, double interval, int samples,
                            std::uint64_t seed)
{
    EttrSimulation sim;
    if (samples <= 0 || p.interruptionRate <= 0 || interval <= 0)
        return sim;
    std::mt19937_64 engine(seed);
    const double cycle = interval + p.blockingTime;
    double sumWork = 0, sumLength = 0, sumWork2 = 0, sumLength2 = 0, sumCross = 0;
    for (int i = 0; i < samples; ++i) {
        // 53 random bits -> u in [0, 1); 1 - u in (0, 1] keeps the log finite.
        const double u = static_cast<double>(engine() >> 11) * 0x1.0p-53;
        const double length = -std::log1p(-u) / p.interruptionRate;
        const double running = length - p.restartTime;
        double work = 0;
        if (running > 0) {
            // Saves end at k * cycle and count from k * cycle + persist on.
            const double kept = std::floor((running - p.persistTime) / cycle);
            work = std::max(0.0, kept) * interval;
        }
        sumWork += work;
        sumLength += length;
        sumWork2 += work * work;
        sumLength2 += length * length;
        sumCross += work * length;
    }
    const double n = samples;
    sim.samples = samples;
    sim.ettr = sumWork / sumLength;
    if (samples > 1) {
        // Delta method for a ratio of means: Var(W - r L) / (n mean(L)^2).
        const double meanL = sumLength / n;
        const double r = sim.ettr;
        const double meanW = sumWork / n;
        const double varW = (sumWork2 - n * meanW * meanW) / (n - 1);
        const double varL = (sumLength2 - n * meanL * meanL) / (n - 1);
        const double cov = (sumCross - n * meanW * meanL) / (n - 1);
        const double var = std::max(0.0, varW - 2 * r * cov + r * r * varL);
        sim.standardError = std::sqrt(var / n) / meanL;
    }
    return sim;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Checkpoint interval and goodput (ETTR) of a synchronous training job that is interrupted by
// failures at a constant rate. Pure functions; any time unit works as long as it is the same for
// every argument (the solver uses seconds). Formulas: [ref:young-1974; ref:daly-2006;
// ref:kokolis-2025].

#include <cstdint>

namespace aidc {

// Young (1974): optimal compute time between checkpoints tau = sqrt(2 delta M), with delta the
// time a checkpoint blocks training and M the mean time between interruptions.
double youngInterval(double blockingTime, double mtbi);

// Daly (2006), "A higher order estimate of the optimum checkpoint interval for restart dumps":
//   tau = sqrt(2 delta M) [1 + 1/3 sqrt(delta / 2M) + 1/9 (delta / 2M)] - delta   for delta < 2M,
//   tau = M                                                                      otherwise.
// Agrees with Young when delta << M. The restart time does not move the optimum.
double dalyInterval(double blockingTime, double mtbi);

struct EttrParameters
{
    double interruptionRate = 0; // lambda: job interruptions per unit time (1 / MTBI)
    double blockingTime = 0;     // w: training stops this long per checkpoint
    double persistTime = 0;      // asynchronous saves: a checkpoint counts only this long after
                                 // its blocking copy ends (0 for synchronous saves)
    double restartTime = 0; // detection + reschedule + communicator init + restore + capacity wait
};

// Expected ETTR (productive time / wall time) of a job that computes `interval`, then saves
// (blocking w); failures arrive as a Poisson process over all wall time and each one costs the
// work since the last save that counts plus the restart. Two closed forms:
enum class EttrModel {
    // Exact for that model (each failure-to-failure cycle is a renewal). With c = interval + w
    // and lambda the interruption rate:
    //   ETTR = lambda interval exp(-lambda (restart + persist)) / (exp(lambda c) - 1),
    // the inverse of the wall-time factor of Daly's complete model, T_w / T_s =
    // M e^(R/M) (e^((tau+delta)/M) - 1) / tau [ref:daly-2006]. Its optimum
    // interval does not depend on restart or persist time; Daly's interval above is that
    // optimum to higher order. Equals FirstOrder to first order in lambda c and stays right
    // when lambda x restart is not small (100k-GPU jobs interrupted every half hour).
    Renewal,
    // General first-order form [D], after Kokolis et al. HPCA'25 [ref:kokolis-2025]:
    //   ETTR = (1 - lambda C) / (1 + w / interval),   C = restart + interval / 2 + persist,
    // clamped to [0, 1]. Overstates the loss once lambda x (restart + interval) nears 1.
    FirstOrder,
};

// Asynchronous saves: a save counts only `persist` after its blocking copy ends, so a failure
// inside that window also loses the previous interval (first order: + persist per failure).
double ettr(const EttrParameters &parameters, double interval,
            EttrModel model = EttrModel::Renewal);

// 1 - ETTR split into parts, as fractions of wall time. FirstOrder: the three terms of the
// formula before clamping. Renewal: restart = 1 - exp(-lambda restart) (time spent restarting),
// checkpointing = ETTR w / interval (blocking saves that were kept), lostWork = the rest.
struct EttrLosses
{
    double checkpointing = 0;
    double lostWork = 0;
    double restart = 0;
};
EttrLosses ettrLosses(const EttrParameters &parameters, double interval,
                      EttrModel model = EttrModel::Renewal);

struct EttrSimulation
{
    double ettr = 0;
    double standardError = 0; // of the ratio estimator (delta method)
    int samples = 0;
};

// Monte Carlo of the same job, to check both closed forms: failures arrive as a Poisson
// process over all wall time; after each one the job restarts (restartTime, which a failure
// may interrupt too), then repeats `interval` of compute and a blocking save; a save counts
// once its persist window has passed.
// Each failure-to-failure cycle is a renewal, so ETTR = sum(work kept) / sum(cycle length).
// Uses its own inverse-CDF exponential draws on std::mt19937_64, so a seed gives the same
// figure with every standard library.
EttrSimulation simulateEttr(const EttrParameters &parameters, double interval, int samples,
                            std::uint64_t seed);

} // namespace aidc

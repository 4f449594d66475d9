// SPDX-License-Identifier: Apache-2.0
// Checkpoint intervals and ETTR: solvers/reliability/goodput.h.
// Reference values are computed by hand from the formulas of [ref:young-1974; ref:daly-2006;
// ref:kokolis-2025].

#include "solvers/reliability/goodput.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace aidc;

TEST_CASE("Young's interval is sqrt(2 delta M)", "[reliability][interval]")
{
    // Young 1974: delta = 300 s, M = 1 day: sqrt(2 x 300 x 86400) = sqrt(51,840,000) = 7200 s.
    CHECK(youngInterval(300, 86400) == Approx(7200).epsilon(1e-12));
    // delta = 60 s, M = 1 day: sqrt(10,368,000) = 3219.94 s.
    CHECK(youngInterval(60, 86400) == Approx(3219.9379).epsilon(1e-7));
}

TEST_CASE("Daly's interval against hand-computed values", "[reliability][interval]")
{
    // Daly 2006: tau = sqrt(2 dM) [1 + 1/3 sqrt(d/2M) + 1/9 (d/2M)] - d.
    // d = 300, M = 86400: d/2M = 1/576, sqrt = 1/24:
    //   7200 (1 + 1/72 + 1/5184) - 300 = 7200 + 100 + 1.3889 - 300 = 7001.39 s.
    CHECK(dalyInterval(300, 86400) == Approx(7001.3889).epsilon(1e-7));
    // d = 1800, M = 3600 (d approaching M): d/2M = 1/4, sqrt = 1/2, Young = 3600:
    //   3600 (1 + 1/6 + 1/36) - 1800 = 3600 + 600 + 100 - 1800 = 2500 s, 30% below Young.
    CHECK(dalyInterval(1800, 3600) == Approx(2500).epsilon(1e-12));
    CHECK(youngInterval(1800, 3600) == Approx(3600).epsilon(1e-12));
    // d >= 2M: tau = M.
    CHECK(dalyInterval(8000, 3600) == 3600);
    CHECK(dalyInterval(7200, 3600) == 3600);
}

TEST_CASE("Daly agrees with Young when delta << M and departs as delta nears M",
          "[reliability][interval]")
{
    // Relative gap ~ (1/3) sqrt(d/2M) - d/tau: for d/M = 1e-6 both terms are ~1e-3 or less.
    const double m = 1e6;
    const double close = std::abs(dalyInterval(1, m) - youngInterval(1, m)) / youngInterval(1, m);
    CHECK(close < 1e-3);
    double previous = close;
    for (double delta : {100.0, 1e4, 1e5, 5e5}) {
        const double gap =
            std::abs(dalyInterval(delta, m) - youngInterval(delta, m)) / youngInterval(delta, m);
        CHECK(gap > previous);
        previous = gap;
    }
}

TEST_CASE("ETTR closed forms against hand-computed values", "[reliability][ettr]")
{
    // M = 1 day, interval 1 h, blocking 60 s, restart 20 min.
    EttrParameters p;
    p.interruptionRate = 1.0 / 86400;
    p.blockingTime = 60;
    p.restartTime = 1200;

    // General first-order form [ref:kokolis-2025]: lambda C = (1200 + 1800) / 86400 = 0.0347222;
    //   (1 - 0.0347222) / (1 + 60/3600) = 0.949454.
    CHECK(ettr(p, 3600, EttrModel::FirstOrder) == Approx(0.9494536).epsilon(1e-6));
    const EttrLosses losses = ettrLosses(p, 3600, EttrModel::FirstOrder);
    CHECK(losses.checkpointing + losses.lostWork + losses.restart ==
          Approx(1 - 0.9494536).epsilon(1e-5));
    CHECK(losses.checkpointing == Approx(60.0 / 3660).epsilon(1e-12));
    // Daly's complete model: (3600/86400) e^(-1200/86400) / (e^(3660/86400) - 1) = 0.949639.
    CHECK(ettr(p, 3600) == Approx(0.9496389).epsilon(1e-6));
    CHECK(ettr(p, 3600, EttrModel::Renewal) == ettr(p, 3600));
    const EttrLosses exact = ettrLosses(p, 3600);
    CHECK(exact.restart == Approx(-std::expm1(-1200.0 / 86400)).epsilon(1e-12));
    CHECK(exact.checkpointing + exact.lostWork + exact.restart ==
          Approx(1 - 0.9496389).epsilon(1e-5));

    // Asynchronous save with a 600 s persist window (600 s more rework per failure):
    //   first order (1 - 3600 / 86400) / (1 + 60/3600) = 0.942623;
    //   exact (3600/86400) e^(-1800/86400) / (e^(3660/86400) - 1) = 0.943067.
    p.persistTime = 600;
    CHECK(ettr(p, 3600, EttrModel::FirstOrder) == Approx(0.9426230).epsilon(1e-6));
    CHECK(ettr(p, 3600) == Approx(0.9430670).epsilon(1e-6));
}

TEST_CASE("The two closed forms agree to first order", "[reliability][ettr]")
{
    // lambda = 1e-7 per s: they differ by ~lambda w / 2 + O(lambda c)^2, here ~3e-6.
    EttrParameters p;
    p.interruptionRate = 1e-7;
    p.blockingTime = 60;
    p.restartTime = 1200;
    CHECK(std::abs(ettr(p, 3600) - ettr(p, 3600, EttrModel::FirstOrder)) < 1e-5);
    // Interrupted every 27 min with 20 min restarts (a 100k-GPU job): the first-order form
    // charges a full restart per failure although restarts cut short by the next failure cost
    // less; it falls far below the exact figure.
    p.interruptionRate = 1.0 / 1632.7;
    p.blockingTime = 14;
    p.restartTime = 1207;
    const double interval = dalyInterval(14, 1632.7);
    CHECK(ettr(p, interval) == Approx(0.41764).epsilon(1e-4));
    CHECK(ettr(p, interval, EttrModel::FirstOrder) < 0.2);
}

TEST_CASE("ETTR stays between 0 and 1 and falls with failure rate, restart and blocking time",
          "[reliability][ettr]")
{
    for (EttrModel model : {EttrModel::Renewal, EttrModel::FirstOrder}) {
        EttrParameters p;
        p.interruptionRate = 1.0 / 86400;
        p.blockingTime = 60;
        p.restartTime = 1200;
        const double base = ettr(p, 3600, model);

        EttrParameters worse = p;
        worse.interruptionRate *= 2;
        CHECK(ettr(worse, 3600, model) < base);
        worse = p;
        worse.restartTime *= 2;
        CHECK(ettr(worse, 3600, model) < base);
        worse = p;
        worse.blockingTime *= 2;
        CHECK(ettr(worse, 3600, model) < base);

        EttrParameters hopeless = p;
        hopeless.interruptionRate = 1.0 / 60; // a failure a minute, 20 min restarts
        CHECK(ettr(hopeless, 3600, model) >= 0.0);
        CHECK(ettr(hopeless, 3600, model) < 1e-6);
        EttrParameters perfect; // never fails, never blocks
        CHECK(ettr(perfect, 3600, model) == 1.0);
    }
    EttrParameters p;
    p.interruptionRate = 1.0 / 600;
    p.restartTime = 1200;
    CHECK(ettr(p, 3600, EttrModel::FirstOrder) == 0.0); // clamped
}

TEST_CASE("Daly's interval maximises ETTR and restart time does not move the optimum",
          "[reliability][ettr]")
{
    // w = 60 s, M = 1 day: Daly gives 3180.06 s. Scanning the exact model whole seconds puts
    // its maximum at 3180 s for a 20 min restart and for a 5.6 h one alike.
    EttrParameters p;
    p.interruptionRate = 1.0 / 86400;
    p.blockingTime = 60;
    const double daly = dalyInterval(60, 86400);
    CHECK(daly == Approx(3180.06).epsilon(1e-6));
    for (double restart : {1200.0, 20000.0}) {
        p.restartTime = restart;
        double best = 0, bestInterval = 0;
        for (double t = 500; t <= 20000; t += 1) {
            if (ettr(p, t) > best) {
                best = ettr(p, t);
                bestInterval = t;
            }
        }
        CHECK(bestInterval == Approx(3180).margin(1.0));
        CHECK(ettr(p, daly) >= best - 1e-9);
        CHECK(ettr(p, daly / 3) < best - 1e-3); // too often
        CHECK(ettr(p, daly * 3) < best - 1e-3); // too rarely
    }
    // The first-order form's own optimum, -w + sqrt(w^2 + 2 (1 - lambda R) w M) = 3138.06 s for
    // R = 1200 s, lies near Daly's while lambda R is small, and it is flat there.
    p.restartTime = 1200;
    double best = 0, bestInterval = 0;
    for (double t = 500; t <= 20000; t += 1) {
        if (ettr(p, t, EttrModel::FirstOrder) > best) {
            best = ettr(p, t, EttrModel::FirstOrder);
            bestInterval = t;
        }
    }
    CHECK(bestInterval == Approx(3138.06).margin(1.0));
    CHECK(ettr(p, daly, EttrModel::FirstOrder) >= best - 1e-5);
}

TEST_CASE("Monte Carlo ETTR agrees with the closed forms", "[reliability][ettr][montecarlo]")
{
    // Fixed seeds, so the checks are repeatable. The exact model must match within 4 standard
    // errors in every regime; the first-order form within 0.005 while lambda x (restart +
    // interval) is small (it leaves out lambda w / 2 ~ 3e-4 and O(lambda c)^2 / 12 ~ 1e-4 here).
    EttrParameters p;
    p.interruptionRate = 1.0 / 86400;
    p.blockingTime = 60;
    p.restartTime = 1200;
    const EttrSimulation sync = simulateEttr(p, 3600, 200000, 7);
    CHECK(sync.samples == 200000);
    CHECK(sync.standardError > 0);
    CHECK(sync.standardError < 0.0005);
    CHECK(sync.ettr == Approx(ettr(p, 3600)).margin(4 * sync.standardError));
    CHECK(sync.ettr == Approx(ettr(p, 3600, EttrModel::FirstOrder)).margin(0.005));

    // Asynchronous: the 600 s persist window costs what the closed forms charge.
    p.persistTime = 600;
    const EttrSimulation async = simulateEttr(p, 3600, 200000, 7);
    CHECK(async.ettr == Approx(ettr(p, 3600)).margin(4 * async.standardError));
    CHECK(async.ettr == Approx(ettr(p, 3600, EttrModel::FirstOrder)).margin(0.005));
    CHECK(async.ettr < sync.ettr);

    // Frequent failures (M = 4 h, interval 30 min): exact 0.83410.
    p.persistTime = 0;
    p.interruptionRate = 1.0 / (4 * 3600);
    const EttrSimulation frequent = simulateEttr(p, 1800, 200000, 11);
    CHECK(frequent.ettr == Approx(0.83410).margin(4 * frequent.standardError));
    CHECK(frequent.ettr == Approx(ettr(p, 1800, EttrModel::FirstOrder)).margin(0.02));

    // A 100k-GPU job (M = 27 min, restart 20 min): only the exact form holds.
    p.interruptionRate = 1.0 / 1632.7;
    p.blockingTime = 14;
    p.restartTime = 1207;
    const double interval = dalyInterval(14, 1632.7);
    const EttrSimulation large = simulateEttr(p, interval, 200000, 13);
    CHECK(large.ettr == Approx(ettr(p, interval)).margin(4 * large.standardError));
    CHECK(std::abs(large.ettr - ettr(p, interval, EttrModel::FirstOrder)) > 0.1);

    // Same seed, same figure.
    CHECK(simulateEttr(p, 1800, 1000, 3).ettr == simulateEttr(p, 1800, 1000, 3).ettr);
}

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Training load profile: how one synchronous training job swings the site's power, how fast,
// and what storage holding a utility's ramp-rate limit needs (docs/load-profile.md).
//
// Levels of the job's GPUs (N GPUs, each provisioned at p = TDP x gpuLoadFactor W):
//   compute      p
//   waiting      max(wait, floor) x p while the job runs: exposed communication and I/O of a
//                step, a blocking checkpoint [ref:choukse-2025; ref:nvidia-gb300-power-smoothing]
//   restarting   wait x p after a failure: the job's processes are gone, so no floor holds;
//                over a restart (minutes) the rest of each server (CPUs, memory, fans: o W per
//                GPU, Server::nonGpuPowerW / GPUs) idles too, at the same wait share [U]
// Events, each a drop and a return of the same size:
//   step         (1 - max(wait, floor)) p N, low for the step's exposed communication and I/O,
//                once per step (none when nothing is exposed, or the whole step is)
//   checkpoint   the same drop for the blocking time, once per checkpoint interval
//   restart      (1 - wait) p N, the job's GPU power above idle, for the restart time, at the
//                job's interruption rate
// Swings are at the IT meter. At the utility they are larger by the chain's losses (the
// utilityFactor); the cooling plant does not follow sub-minute swings and is held constant.
// Within a step or a checkpoint only the GPUs swing: CPUs, fans, NICs and switches do not
// follow sub-minute phases (a smaller swing: [U]).
//
// Ramps: a swing completes within kLoadTransitionS, so an event ramps at drop / that time. An
// event shorter than that (an asynchronous checkpoint's millisecond stall) reaches only
// lowS / kLoadTransitionS of its drop before the load comes back, and counts so (its IT and
// utility drops both; its ramp is that reduced drop over kLoadTransitionS).
// Holding a ramp limit R at the meter against an event of size dP, low for t_low (and, for the
// periodic step swing, high for t_high of a period T), storage needs the least of
//   follow   dP^2 / (2R): the grid ramps at R and storage covers the triangle; possible when
//            dP / R fits in t_low (and in t_high for the step swing)
//   hold     the step swing: dP t_low t_high / T (the grid holds the step's mean);
//            a single event: dP t_low (the grid holds its level and storage or a load bank
//            absorbs the drop)
// and delivers (or absorbs) dP. Both strategies are feasible, so the least is an upper bound
// on the least storage. The required energy and power are the largest over the events.

#include "model/diagnostics.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace aidc {

// Time a GPU's power takes to swing between compute and waiting: milliseconds to tens of
// milliseconds [U]; sets the ramp rate of every event.
inline constexpr double kLoadTransitionS = 0.01;
inline constexpr double kJoulesPerMWh = 3.6e9;
// Swing frequencies that can excite the grid (turbine-generator shafts, transmission lines)
// [ref:choukse-2025].
inline constexpr double kCriticalBandLowHz = 0.1, kCriticalBandHighHz = 20.0;

struct LoadProfileInputs
{
    int jobGpus = 0;
    double gpuProvisionedW = 0;    // per GPU: TDP x gpuLoadFactor
    double serverOtherPerGpuW = 0; // the rest of the server at peak, per GPU
    double waitFraction = 0.25;    // PowerDesign::gpuWaitPowerFraction
    double floorFraction = 0;      // PowerDesign::gpuPowerFloorFraction
    double siteItPeakW = 0;        // the site's IT at peak, all of it
    double facilityPeakW = 0;      // the utility draw at peak
    double chainFactor = 1;        // (IT + facility-side chain losses) / IT at peak
    double stepS = 0;              // one optimizer step
    double stepLowS = 0;           // its exposed communication and I/O
    double checkpointBlockingS = 0, checkpointIntervalS = 0; // 0: no checkpoint figures
    double restartS = 0; // from the failure until the job computes again
    double interruptionsPerDay = 0;
    std::optional<double> rampLimitWPerS;     // Site::rampLimitMWPerS
    std::optional<double> batteryJ, batteryW; // Site::batteryMWh, batteryMW
    double batteryEfficiency = 0.85;          // Site::batteryRoundTripEfficiency
    double rackStorageJ =
        0; // the job's racks' own stores, in all (PowerDesign::rackStorageJPerGpu)
};

enum class LoadEventKind { Step, Checkpoint, Restart };
const char *toString(LoadEventKind kind); // "step", "checkpoint", "restart"

struct LoadEvent
{
    LoadEventKind kind = LoadEventKind::Step;
    double dropW = 0;        // at the IT meter
    double utilityDropW = 0; // at the utility: dropW x chainFactor
    double lowS = 0;         // how long the load stays down
    double highS = 0;        // step: the compute part of the period; else 0
    double perDay = 0;       // how often
    double rampWPerS = 0;    // utilityDropW / kLoadTransitionS
    // Smoothing a ramp limit needs (set when the project states one; 0 otherwise).
    bool followPossible = false;
    double followJ = 0, holdJ = 0, storageJ = 0;
};

struct LoadProfileResult
{
    LoadProfileInputs inputs; // what it was computed from (sampleLoadProfile draws it again)
    double jobComputeW = 0;   // the job's GPUs at the compute level
    double jobServerW = 0;    // the job's servers at peak: GPUs and the rest of each server
    double waitShare = 0;     // max(wait, floor): the waiting level / p while the job runs
    double stepFrequencyHz = 0;
    bool stepInCriticalBand = false;
    double stepMeanShare = 0;      // the job's GPU power averaged over a step / jobComputeW
    std::vector<LoadEvent> events; // step, checkpoint (when it blocks), restart (when it fails)
    double worstRampWPerS = 0;
    std::string worstRampEvent;
    std::optional<double> rampLimitWPerS;
    bool violatesRampLimit = false; // an event ramps faster than the limit
    double requiredStorageJ = 0;    // to hold the limit (0 without a limit)
    double requiredStorageW = 0;
    std::optional<double> batteryJ, batteryW;
    bool batteryCovers = false; // the racks' stores and the site battery meet both
    double rackStorageJ = 0;    // the racks' stores, counted at the utility (x chain factor)
    // Energy the store delivers a year over every event above the limit, and what the battery's
    // round trip loses doing it: delivered x (1 / efficiency - 1).
    double storageDeliveredJPerYear = 0, batteryLossJPerYear = 0;
    Diagnostics diagnostics;
};

LoadProfileResult solveLoadProfile(const LoadProfileInputs &inputs);

// One sample of the synthetic profile: the mean over [timeS, timeS + resolution).
struct LoadSample
{
    double timeS = 0;
    double itW = 0, utilityW = 0;
    const char *phase = ""; // what the job does at the sample's start
};

// The synthetic profile of a window that shows each event once: three steps, a blocking
// checkpoint (when there is one), three steps, a failure and restart (when the job fails),
// three steps. Samples stream to `sink` (never held in memory), `resolutionS` apart; returns
// the window's length in seconds.
double sampleLoadProfile(const LoadProfileInputs &inputs, double resolutionS,
                         const std::function<void(const LoadSample &)> &sink);

// Samples sampleLoadProfile() would give at `resolutionS` (to refuse an absurd request first).
double loadProfileSampleCount(const LoadProfileInputs &inputs, double resolutionS);

// Length of the window sampleLoadProfile() covers, in seconds (0 without a step time).
double loadProfileWindowS(const LoadProfileInputs &inputs);

} // namespace aidc

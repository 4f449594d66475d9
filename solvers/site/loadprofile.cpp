// SPDX-License-Identifier: Apache-2.0
#include "solvers/site/loadprofile.h"

#include "solvers/common/reportformat.h"

#include <algorithm>
#include <cmath>

namespace aidc {

const char *toString(LoadEventKind kind)
{
    switch (kind) {
    case LoadEventKind::Step:
        return "step";
    case LoadEventKind::Checkpoint:
        return "checkpoint";
    case LoadEventKind::Restart:
        return "restart";
    }
    return "?";
}

namespace {

constexpr double kSecondsPerDay = 86400.0;

// Storage that holds `limit` against one event (the header's follow and hold strategies).
void smooth(LoadEvent &event, double limit)
{
    const double dP = event.utilityDropW;
    if (dP <= 0)
        return;
    const double rampS = dP / limit;
    const bool periodic = event.kind == LoadEventKind::Step;
    event.followPossible = rampS <= event.lowS && (!periodic || rampS <= event.highS);
    event.followJ = dP * dP / (2 * limit);
    const double periodS = event.lowS + event.highS;
    event.holdJ =
        periodic ? (periodS > 0 ? dP * event.lowS * event.highS / periodS : 0) : dP * event.lowS;
    event.storageJ = event.followPossible ? std::min(event.followJ, event.holdJ) : event.holdJ;
}

// The part of a drop an event lasting `lowS` reaches before the load comes back.
double reached(double dropW, double lowS)
{
    return dropW * std::min(1.0, lowS / kLoadTransitionS);
}

std::string mw(double watts)
{
    return formatFixed(watts / 1e6, 1) + " MW";
}

} // namespace

LoadProfileResult solveLoadProfile(const LoadProfileInputs &in)
{
    LoadProfileResult r;
    r.inputs = in;
    if (in.jobGpus <= 0 || in.gpuProvisionedW <= 0 || in.stepS <= 0)
        return r;
    const double p = in.gpuProvisionedW;
    const double n = in.jobGpus;
    r.jobComputeW = p * n;
    r.jobServerW = (p + std::max(0.0, in.serverOtherPerGpuW)) * n;
    r.waitShare = std::max(in.waitFraction, in.floorFraction);
    const double lowS = std::clamp(in.stepLowS, 0.0, in.stepS);
    r.stepFrequencyHz = 1.0 / in.stepS;
    r.stepMeanShare = ((in.stepS - lowS) + r.waitShare * lowS) / in.stepS;

    auto add = [&](LoadEventKind kind, double dropW, double low, double high, double perDay) {
        LoadEvent e;
        e.kind = kind;
        e.dropW = reached(dropW, low);
        e.utilityDropW = e.dropW * in.chainFactor;
        e.lowS = low;
        e.highS = high;
        e.perDay = perDay;
        e.rampWPerS = e.utilityDropW / kLoadTransitionS;
        r.events.push_back(e);
    };
    const double runningDropW = (1 - r.waitShare) * r.jobComputeW;
    if (lowS > 0 && lowS < in.stepS && runningDropW > 0) {
        add(LoadEventKind::Step, runningDropW, lowS, in.stepS - lowS, kSecondsPerDay / in.stepS);
        r.stepInCriticalBand =
            r.stepFrequencyHz >= kCriticalBandLowHz && r.stepFrequencyHz <= kCriticalBandHighHz;
    }
    if (in.checkpointBlockingS > 0 && in.checkpointIntervalS > 0 && runningDropW > 0)
        add(LoadEventKind::Checkpoint, runningDropW, in.checkpointBlockingS, 0,
            kSecondsPerDay / in.checkpointIntervalS);
    if (in.interruptionsPerDay > 0 && in.restartS > 0)
        add(LoadEventKind::Restart, (1 - in.waitFraction) * r.jobServerW, in.restartS, 0,
            in.interruptionsPerDay);

    for (const LoadEvent &e : r.events) {
        if (e.rampWPerS > r.worstRampWPerS) {
            r.worstRampWPerS = e.rampWPerS;
            r.worstRampEvent = toString(e.kind);
        }
    }

    r.rampLimitWPerS = in.rampLimitWPerS;
    r.batteryJ = in.batteryJ;
    r.batteryW = in.batteryW;
    if (!in.rampLimitWPerS)
        return r;
    const double limit = *in.rampLimitWPerS;
    const LoadEvent *sizing = nullptr;
    for (LoadEvent &e : r.events) {
        if (e.rampWPerS <= limit)
            continue;
        r.violatesRampLimit = true;
        smooth(e, limit);
        if (!sizing || e.storageJ > sizing->storageJ)
            sizing = &e;
        r.requiredStorageW = std::max(r.requiredStorageW, e.utilityDropW);
        r.storageDeliveredJPerYear += e.storageJ * e.perDay * 365.25;
    }
    r.batteryLossJPerYear = r.storageDeliveredJPerYear * (1 / in.batteryEfficiency - 1);
    if (!r.violatesRampLimit)
        return r;
    r.requiredStorageJ = sizing->storageJ;
    // The racks' stores sit behind the chain: each J they give saves chainFactor J at the
    // utility, and they deliver as fast as their racks drop. The site battery covers the rest.
    r.rackStorageJ = in.rackStorageJ * in.chainFactor;
    const double batteryNeedJ = std::max(0.0, r.requiredStorageJ - r.rackStorageJ);
    r.batteryCovers =
        batteryNeedJ <= 0 || (in.batteryJ && in.batteryW && *in.batteryJ >= batteryNeedJ &&
                              *in.batteryW >= r.requiredStorageW);
    if (r.batteryCovers)
        return r;
    std::string have = "the site has no battery (/site/batteryMWh, /site/batteryMW)";
    if (in.batteryJ && in.batteryW)
        have = "the site battery has " + formatFixed(*in.batteryJ / kJoulesPerMWh, 3) +
               " MWh and " + mw(*in.batteryW);
    if (r.rackStorageJ > 0)
        have += "; the racks' stores give " + formatFixed(r.rackStorageJ / kJoulesPerMWh, 3) +
                " MWh of it";
    r.diagnostics.warning(
        "", "/site/rampLimitMWPerS",
        "the training load ramps at up to " + formatFixed(r.worstRampWPerS / 1e6, 0) +
            " MW/s at the utility (" + r.worstRampEvent + ": " +
            mw(r.worstRampWPerS * kLoadTransitionS) + " within " +
            formatFixed(kLoadTransitionS * 1e3, 0) + " ms), over the ramp limit " +
            formatFixed(limit / 1e6, 3) + " MW/s; holding it needs " +
            formatFixed(r.requiredStorageJ / kJoulesPerMWh, 3) + " MWh of storage (sized by the " +
            toString(sizing->kind) + ") delivering " + mw(r.requiredStorageW) + ", and " + have);
    return r;
}

namespace {

struct Segment
{
    double lengthS = 0;
    double dropW = 0; // below the site's IT peak
    const char *phase = "";
};

std::vector<Segment> profileSegments(const LoadProfileInputs &in)
{
    const double waitShare = std::max(in.waitFraction, in.floorFraction);
    const double lowS = std::clamp(in.stepLowS, 0.0, in.stepS);
    const double runningDropW = (1 - waitShare) * in.gpuProvisionedW * in.jobGpus;
    const double restartDropW = (1 - in.waitFraction) *
                                (in.gpuProvisionedW + std::max(0.0, in.serverOtherPerGpuW)) *
                                in.jobGpus;
    std::vector<Segment> s;
    auto steps = [&] {
        for (int i = 0; i < 3; ++i) {
            s.push_back({in.stepS - lowS, 0.0, "compute"});
            if (lowS > 0)
                s.push_back({lowS, reached(runningDropW, lowS), "communication"});
        }
    };
    steps();
    if (in.checkpointBlockingS > 0 && in.checkpointIntervalS > 0) {
        s.push_back(
            {in.checkpointBlockingS, reached(runningDropW, in.checkpointBlockingS), "checkpoint"});
        steps();
    }
    if (in.interruptionsPerDay > 0 && in.restartS > 0) {
        s.push_back({in.restartS, reached(restartDropW, in.restartS), "restart"});
        steps();
    }
    return s;
}

double windowS(const std::vector<Segment> &segments)
{
    double total = 0;
    for (const Segment &segment : segments)
        total += segment.lengthS;
    return total;
}

} // namespace

double loadProfileWindowS(const LoadProfileInputs &inputs)
{
    return inputs.stepS > 0 ? windowS(profileSegments(inputs)) : 0;
}

double loadProfileSampleCount(const LoadProfileInputs &inputs, double resolutionS)
{
    if (inputs.stepS <= 0 || !(resolutionS > 0))
        return 0;
    return std::ceil(loadProfileWindowS(inputs) / resolutionS);
}

double sampleLoadProfile(const LoadProfileInputs &in, double resolutionS,
                         const std::function<void(const LoadSample &)> &sink)
{
    if (in.stepS <= 0 || !(resolutionS > 0))
        return 0;
    const std::vector<Segment> segments = profileSegments(in);
    const double total = windowS(segments);
    // Everything but the job's GPU swing stays at its peak: other IT, and at the utility the
    // cooling plant and the rest of the facility.
    // (Never negative: a PUE override below the bottom-up chain factor would make it so.)
    const double plantW = std::max(0.0, in.facilityPeakW - in.siteItPeakW * in.chainFactor);
    const long long count = static_cast<long long>(std::ceil(total / resolutionS));
    std::size_t index = 0;
    double segmentStart = 0;
    for (long long k = 0; k < count; ++k) {
        const double t0 = static_cast<double>(k) * resolutionS;
        const double t1 = std::min(t0 + resolutionS, total);
        if (t1 <= t0)
            break; // ceil() rounded one sample past the window
        while (index + 1 < segments.size() && segmentStart + segments[index].lengthS <= t0) {
            segmentStart += segments[index].lengthS;
            ++index;
        }
        // Mean drop over [t0, t1): the segments it overlaps, weighted by the overlap.
        double weighted = 0;
        double start = segmentStart;
        for (std::size_t j = index; j < segments.size() && start < t1; ++j) {
            const double end = start + segments[j].lengthS;
            weighted += segments[j].dropW * std::max(0.0, std::min(end, t1) - std::max(start, t0));
            start = end;
        }
        const double dropW = t1 > t0 ? weighted / (t1 - t0) : 0.0;
        LoadSample sample;
        sample.timeS = t0;
        sample.itW = in.siteItPeakW - dropW;
        sample.utilityW = sample.itW * in.chainFactor + plantW;
        sample.phase = segments[index].phase;
        sink(sample);
    }
    return total;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
// The load-profile solver against hand-computed figures (docs/load-profile.md).
#include "solvers/site/loadprofile.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace aidc;

namespace {

// 1,000 GPUs provisioned at 1 kW (1 MW of GPUs), waiting at 25 %, a 2 s step of which 0.5 s is
// exposed communication, a 10 s blocking checkpoint every 30 min, 4 interruptions a day with
// a 10 min restart, 5 % facility-side chain losses.
LoadProfileInputs example()
{
    LoadProfileInputs in;
    in.jobGpus = 1000;
    in.gpuProvisionedW = 1000;
    in.waitFraction = 0.25;
    in.siteItPeakW = 1.5e6;
    in.chainFactor = 1.05;
    in.facilityPeakW = 1.5e6 * 1.05 + 0.2e6; // 0.2 MW of plant
    in.stepS = 2;
    in.stepLowS = 0.5;
    in.checkpointBlockingS = 10;
    in.checkpointIntervalS = 1800;
    in.restartS = 600;
    in.interruptionsPerDay = 4;
    return in;
}

const LoadEvent *event(const LoadProfileResult &r, LoadEventKind kind)
{
    for (const LoadEvent &e : r.events)
        if (e.kind == kind)
            return &e;
    return nullptr;
}

} // namespace

TEST_CASE("the step, checkpoint and restart drops follow from the GPU power levels",
          "[loadprofile]")
{
    const LoadProfileResult r = solveLoadProfile(example());
    CHECK(r.jobComputeW == Approx(1e6));
    REQUIRE(r.events.size() == 3);
    const LoadEvent *step = event(r, LoadEventKind::Step);
    REQUIRE(step);
    // (compute - waiting) x GPUs = (1000 - 250) W x 1000.
    CHECK(step->dropW == Approx(0.75e6));
    CHECK(step->utilityDropW == Approx(0.75e6 * 1.05));
    CHECK(step->lowS == Approx(0.5));
    CHECK(step->highS == Approx(1.5));
    CHECK(step->perDay == Approx(86400.0 / 2));
    CHECK(step->rampWPerS == Approx(0.7875e6 / kLoadTransitionS));
    CHECK(r.stepFrequencyHz == Approx(0.5));
    CHECK(r.stepInCriticalBand);
    CHECK(r.stepMeanShare == Approx((1.5 + 0.25 * 0.5) / 2)); // 0.8125
    const LoadEvent *checkpoint = event(r, LoadEventKind::Checkpoint);
    REQUIRE(checkpoint);
    CHECK(checkpoint->dropW == Approx(0.75e6));
    CHECK(checkpoint->lowS == Approx(10));
    CHECK(checkpoint->perDay == Approx(48));
    // A restart drops the job's GPU power above idle.
    const LoadEvent *restart = event(r, LoadEventKind::Restart);
    REQUIRE(restart);
    CHECK(restart->dropW == Approx(0.75e6));
    CHECK(restart->lowS == Approx(600));
    CHECK(restart->perDay == Approx(4));
    CHECK_FALSE(r.rampLimitWPerS);
    CHECK_FALSE(r.violatesRampLimit);
    CHECK(r.diagnostics.empty());
}

TEST_CASE("a power floor narrows the running swings but not the restart drop", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.floorFraction = 0.6;
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK(r.waitShare == Approx(0.6));
    CHECK(event(r, LoadEventKind::Step)->dropW == Approx(0.4e6));
    CHECK(event(r, LoadEventKind::Checkpoint)->dropW == Approx(0.4e6));
    CHECK(event(r, LoadEventKind::Restart)->dropW == Approx(0.75e6));
    in.floorFraction = 1.0; // a full floor: the running job never swings
    const LoadProfileResult flat = solveLoadProfile(in);
    CHECK_FALSE(event(flat, LoadEventKind::Step));
    CHECK_FALSE(event(flat, LoadEventKind::Checkpoint));
    CHECK(event(flat, LoadEventKind::Restart));
}

TEST_CASE("a restart idles the whole server, a step swings only the GPUs", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.serverOtherPerGpuW = 500; // CPUs, memory, fans: 500 W per GPU at peak
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK(r.jobServerW == Approx(1.5e6));
    CHECK(event(r, LoadEventKind::Step)->dropW == Approx(0.75e6));
    CHECK(event(r, LoadEventKind::Restart)->dropW == Approx(0.75 * 1.5e6));
    std::vector<LoadSample> samples;
    sampleLoadProfile(in, 2.0, [&](const LoadSample &s) { samples.push_back(s); });
    CHECK(std::string(samples[11].phase) == "restart");
    CHECK(samples[11].itW == Approx(1.5e6 - 1.125e6));
}

TEST_CASE("a stall shorter than the swing time reaches only part of the drop", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.checkpointBlockingS = kLoadTransitionS / 4; // an asynchronous checkpoint's short stall
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK(event(r, LoadEventKind::Checkpoint)->dropW == Approx(0.75e6 / 4));
    CHECK(event(r, LoadEventKind::Checkpoint)->utilityDropW == Approx(0.75e6 / 4 * 1.05));
    CHECK(event(r, LoadEventKind::Step)->dropW == Approx(0.75e6)); // 0.5 s: the whole drop
}

TEST_CASE("a ramp limit the profile exceeds names the storage that would hold it", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.rampLimitWPerS = 1e4; // 0.01 MW/s
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK(r.violatesRampLimit);
    const double dP = 0.75e6 * 1.05;
    // Step: dP / R = 78.75 s does not fit in 0.5 s, so the grid holds the step mean:
    // dP x 0.5 x 1.5 / 2 = 295,312.5 J.
    const LoadEvent *step = event(r, LoadEventKind::Step);
    CHECK_FALSE(step->followPossible);
    CHECK(step->storageJ == Approx(295312.5));
    // Checkpoint: 78.75 s does not fit in 10 s: hold, dP x 10 s.
    CHECK(event(r, LoadEventKind::Checkpoint)->storageJ == Approx(dP * 10));
    // Restart: 78.75 s fits in 600 s: follow, dP^2 / (2R) = 3.1008e7 J, less than dP x 600 s.
    const LoadEvent *restart = event(r, LoadEventKind::Restart);
    CHECK(restart->followPossible);
    CHECK(restart->followJ == Approx(dP * dP / 2e4));
    CHECK(restart->holdJ == Approx(dP * 600));
    CHECK(restart->storageJ == Approx(dP * dP / 2e4));
    CHECK(r.requiredStorageJ == Approx(dP * dP / 2e4)); // 8.61 kWh
    CHECK(r.requiredStorageW == Approx(dP));
    REQUIRE(r.diagnostics.items().size() == 1);
    const Diagnostic &d = r.diagnostics.items().front();
    CHECK(d.severity == Severity::Warning);
    CHECK(d.jsonPath == "/site/rampLimitMWPerS");
    INFO(d.message);
    CHECK(d.message.find("0.009 MWh of storage (sized by the restart)") != std::string::npos);
    CHECK(d.message.find("no battery") != std::string::npos);
    // A year of it: each event's storage x its rate x 365.25 days; an 85 % round trip loses
    // 1 / 0.85 - 1 = 17.6 % of what is delivered.
    double delivered = 0;
    for (const LoadEvent &e : r.events)
        delivered += e.storageJ * e.perDay * 365.25;
    CHECK(delivered > 0);
    CHECK(r.storageDeliveredJPerYear == Approx(delivered));
    CHECK(r.batteryLossJPerYear == Approx(delivered * (1 / 0.85 - 1)));
}

TEST_CASE("a site battery that covers the storage clears the ramp warning", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.rampLimitWPerS = 1e4;
    in.batteryJ = 3.6e7; // 0.01 MWh
    in.batteryW = 1e6;
    const LoadProfileResult covered = solveLoadProfile(in);
    CHECK(covered.violatesRampLimit);
    CHECK(covered.batteryCovers);
    CHECK(covered.diagnostics.empty());
    in.batteryW = 0.5e6; // too little power
    const LoadProfileResult weak = solveLoadProfile(in);
    CHECK_FALSE(weak.batteryCovers);
    REQUIRE(weak.diagnostics.items().size() == 1);
    CHECK(weak.diagnostics.items().front().message.find("the site battery has 0.010 MWh and "
                                                        "0.5 MW") != std::string::npos);
}

TEST_CASE("the racks' own stores answer first and the battery covers the rest", "[loadprofile]")
{
    // The restart sizes the storage at dP^2 / 2R = 3.1008e7 J at the utility. Racks storing
    // 2.0e7 J in all give 2.0e7 x 1.05 (chain factor) = 2.1e7 J at the utility, leaving
    // 1.0008e7 J: a 0.003 MWh (1.08e7 J) battery with the drop's power covers it, 0.002 MWh not.
    LoadProfileInputs in = example();
    in.rampLimitWPerS = 1e4;
    in.rackStorageJ = 2.0e7;
    in.batteryJ = 1.08e7;
    in.batteryW = 1e6;
    const LoadProfileResult covered = solveLoadProfile(in);
    CHECK(covered.rackStorageJ == Approx(2.1e7));
    CHECK(covered.batteryCovers);
    CHECK(covered.diagnostics.empty());
    in.batteryJ = 0.72e7;
    const LoadProfileResult shortBattery = solveLoadProfile(in);
    CHECK_FALSE(shortBattery.batteryCovers);
    REQUIRE(shortBattery.diagnostics.items().size() == 1);
    CHECK(shortBattery.diagnostics.items().front().message.find(
              "the racks' stores give 0.006 MWh") != std::string::npos);
    // Racks that hold it all need no battery.
    in.rackStorageJ = 3.0e7;
    in.batteryJ.reset();
    in.batteryW.reset();
    CHECK(solveLoadProfile(in).batteryCovers);
}

TEST_CASE("a ramp limit the load never exceeds is held without storage", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.rampLimitWPerS = 1e9; // 1,000 MW/s: faster than 0.79 MW in 10 ms
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK_FALSE(r.violatesRampLimit);
    CHECK(r.requiredStorageJ == 0);
    CHECK(r.diagnostics.empty());
}

TEST_CASE("the sampled profile averages each window and covers every event once", "[loadprofile]")
{
    const LoadProfileInputs in = example();
    // 3 steps, checkpoint, 3 steps, restart, 3 steps: 6 + 10 + 6 + 600 + 6 = 628 s.
    CHECK(loadProfileSampleCount(in, 2.0) == 314);
    std::vector<LoadSample> samples;
    const double window =
        sampleLoadProfile(in, 2.0, [&](const LoadSample &s) { samples.push_back(s); });
    CHECK(window == Approx(628));
    REQUIRE(samples.size() == 314);
    // A whole step: site IT less the job's GPUs x (1 - 0.8125).
    CHECK(samples[0].itW == Approx(1.5e6 - 1e6 * 0.1875));
    CHECK(samples[0].utilityW == Approx(samples[0].itW * 1.05 + 0.2e6));
    CHECK(std::string(samples[0].phase) == "compute");
    // t = 6 s: the checkpoint, all waiting.
    CHECK(std::string(samples[3].phase) == "checkpoint");
    CHECK(samples[3].itW == Approx(1.5e6 - 0.75e6));
    // t = 22 s: the restart.
    CHECK(std::string(samples[11].phase) == "restart");
    CHECK(samples[11].itW == Approx(1.5e6 - 0.75e6));
    // At a fine resolution a compute sample is the site's IT peak.
    std::vector<LoadSample> fine;
    sampleLoadProfile(in, 0.5, [&](const LoadSample &s) { fine.push_back(s); });
    CHECK(fine[0].itW == Approx(1.5e6));
    CHECK(fine[3].itW == Approx(0.75e6)); // communication: 1.5 MW less 0.75 MW of GPU swing
}

TEST_CASE("a step with nothing exposed, or nothing but waiting, does not swing", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.stepLowS = 0;
    CHECK_FALSE(event(solveLoadProfile(in), LoadEventKind::Step));
    in.stepLowS = in.stepS; // all waiting: a flat load
    CHECK_FALSE(event(solveLoadProfile(in), LoadEventKind::Step));
}

TEST_CASE("no plan, no profile", "[loadprofile]")
{
    LoadProfileInputs in = example();
    in.stepS = 0;
    const LoadProfileResult r = solveLoadProfile(in);
    CHECK(r.events.empty());
    CHECK(loadProfileSampleCount(in, 1.0) == 0);
}

// SPDX-License-Identifier: Apache-2.0
#pragma once

// Small helpers shared by the benchmark programs: repeat a function, report the median wall time,
// and read the process's peak resident set size.

#include <algorithm>
#include <chrono>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace aidc::bench {

// Median wall time of `repeats` runs of `work`, in seconds.
inline double medianSeconds(int repeats, const std::function<void()> &work)
{
    std::vector<double> times;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// Peak resident set size of this process (VmHWM), in MiB; 0 when unavailable.
inline double peakRssMiB()
{
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmHWM:") {
            double kib = 0;
            status >> kib;
            return kib / 1024.0;
        }
        std::getline(status, key);
    }
    return 0;
}

} // namespace aidc::bench

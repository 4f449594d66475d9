// SPDX-License-Identifier: Apache-2.0
#pragma once

// Runs fn(i) for i in [0, count) on `threads` worker threads (0 = every core), handing out
// indices through a shared counter; returns when all are done. Each fn(i) must touch only its
// own outputs: the uncertainty runs write to slot i of a preallocated vector.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace aidc {

template<typename Fn> void parallelFor(std::size_t count, int threads, Fn fn)
{
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++)
            fn(i);
    };
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned wanted = threads > 0 ? unsigned(threads) : cores;
    const unsigned used =
        std::clamp<unsigned>(wanted, 1u, unsigned(std::max<std::size_t>(1, count)));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < used; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
}

} // namespace aidc

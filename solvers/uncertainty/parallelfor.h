// SPDX-License-Identifier: Apache-2.0
#pragma once

// Runs fn(i) for i in [0, count) on up to `threads` worker threads (0 = every core; never more
// than twice the cores or than `count`), handing out indices through a shared counter; returns
// when all are done. Each fn(i) must touch only its own outputs: the uncertainty runs write to
// slot i of a preallocated vector. The first exception a call throws stops the hand-out and is
// rethrown here, after every thread has joined; a thread that cannot be started leaves the work
// to the others.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace aidc {

template<typename Fn> void parallelFor(std::size_t count, int threads, Fn fn)
{
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto work = [&] {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                fn(i);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(failureMutex);
                if (!failure)
                    failure = std::current_exception();
                next = count; // stop handing out work
            }
        }
    };
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned wanted = threads > 0 ? unsigned(threads) : cores;
    const unsigned used = std::clamp<unsigned>(std::min(wanted, 2 * cores), 1u,
                                               unsigned(std::max<std::size_t>(1, count)));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < used; ++t) {
        try {
            pool.emplace_back(work);
        } catch (const std::system_error &) {
            break; // no more threads: the ones started (and this one) do the rest
        }
    }
    work();
    for (std::thread &t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#pragma once

// CopyOnWrite<T>: a value that copies of its owner share until one of them changes it. A solver
// builds the value through mutate(); readers see a const T (by conversion or ->). Copying a
// result then costs a pointer instead of the value: the GUI's incremental re-evaluation keeps an
// unchanged fabric from the previous run, and a 1M-GPU plane's topology (5.7M links, 100+ MB)
// took 230 ms to copy into fresh memory.
//
// Not for values changed concurrently: mutate() may be called only while no other thread holds
// a copy (the solvers fill their results before anyone copies them).

#include <atomic>
#include <memory>
#include <utility>

namespace aidc {

template<class T> class CopyOnWrite
{
public:
    CopyOnWrite() = default;
    CopyOnWrite(T value) // NOLINT(google-explicit-constructor): assigned from the built value
        : m_value(std::make_shared<T>(std::move(value)))
    {
    }

    const T &get() const { return m_value ? *m_value : empty(); }
    operator const T &() const { return get(); } // NOLINT(google-explicit-constructor)
    const T *operator->() const { return &get(); }

    // The value to change: this owner's own (copied first if another owner shares it).
    T &mutate()
    {
        if (!m_value)
            m_value = std::make_shared<T>();
        else if (m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        // use_count() is a relaxed read: order it before the writes that follow, should the
        // last other owner just have let go on another thread.
        std::atomic_thread_fence(std::memory_order_acquire);
        return *m_value;
    }

private:
    static const T &empty()
    {
        static const T value{};
        return value;
    }

    std::shared_ptr<T> m_value;
};

} // namespace aidc

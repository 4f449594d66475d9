// SPDX-License-Identifier: Apache-2.0
// Fuzz target: `aidc sweep --set PATH=V1,V2,...` arguments, and the sweep of the minimal sample
// they describe (building every variant document).

#include "model/diagnostics.h"
#include "solvers/batch/sweep.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#ifndef AIDC_SOURCE_DIR
#define AIDC_SOURCE_DIR "."
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const std::string base = [] {
        std::ifstream in(AIDC_SOURCE_DIR "/projects/minimal.json");
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }();
    try {
        const aidc::SweepAxis axis =
            aidc::parseSweepAxis(std::string(reinterpret_cast<const char *>(data), size));
        aidc::Sweep sweep("minimal.json", base, {axis});
        for (std::int64_t i = 0; i < std::min<std::int64_t>(sweep.size(), 4); ++i)
            (void)sweep.input(i);
    } catch (const aidc::SweepError &) {
    } catch (const aidc::LoadError &) {
    }
    return 0;
}

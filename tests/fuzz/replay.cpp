// SPDX-License-Identifier: Apache-2.0
// Replays a fuzz target's corpus without a fuzzing engine, so every CI run checks that no input
// ever found (the seed corpus and every crash kept under regressions/) crashes again.
//   fuzz_replay_<target> DIR... : runs LLVMFuzzerTestOneInput on every file below the DIRs.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    namespace fs = std::filesystem;
    std::size_t inputs = 0;
    for (int a = 1; a < argc; ++a) {
        std::error_code ec;
        if (!fs::exists(argv[a], ec))
            continue;
        for (const fs::directory_entry &entry : fs::recursive_directory_iterator(argv[a], ec)) {
            if (!entry.is_regular_file())
                continue;
            std::ifstream in(entry.path(), std::ios::binary);
            const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t *>(bytes.data()),
                                   bytes.size());
            ++inputs;
        }
    }
    std::cout << inputs << " inputs replayed, 0 crashes\n";
    return inputs > 0 ? 0 : 1;
}

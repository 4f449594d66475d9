// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared helpers of the catalog tests: the shipped data directory, a scratch copy of it that a
// test may corrupt, and a search for a diagnostic by file, JSON pointer and message text.

#include "model/atomicfile.h"
#include "model/diagnostics.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>

namespace aidc::test {

inline std::string shippedCatalogDir()
{
    return std::string(AIDC_SOURCE_DIR) + "/catalogs/data";
}

inline std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// A copy of the shipped catalog in a fresh temporary directory, removed afterwards.
class ScratchCatalog
{
public:
    ScratchCatalog()
    {
        static std::atomic<int> counter{0};
        m_dir =
            std::filesystem::temp_directory_path() /
            ("aidc-catalog-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::remove_all(m_dir);
        std::filesystem::create_directories(m_dir);
        for (const auto &entry : std::filesystem::directory_iterator(shippedCatalogDir()))
            std::filesystem::copy_file(entry.path(), m_dir / entry.path().filename());
    }
    ~ScratchCatalog()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_dir, ec);
    }
    ScratchCatalog(const ScratchCatalog &) = delete;
    ScratchCatalog &operator=(const ScratchCatalog &) = delete;

    std::string dir() const { return m_dir.string(); }
    std::string file(const std::string &name) const { return (m_dir / name).string(); }

    nlohmann::json json(const std::string &name) const
    {
        return nlohmann::json::parse(readText(file(name)));
    }
    void writeText(const std::string &name, const std::string &text) const
    {
        const SaveResult saved = saveFileAtomically(file(name), text);
        if (!saved.ok)
            throw std::runtime_error(saved.error);
    }
    void write(const std::string &name, const nlohmann::json &value) const
    {
        writeText(name, value.dump(4));
    }
    void remove(const std::string &name) const { std::filesystem::remove(file(name)); }

private:
    std::filesystem::path m_dir;
};

// The first error with this file and JSON pointer whose message contains `text`; nullptr if
// there is none.
inline const Diagnostic *findError(const Diagnostics &diagnostics, const std::string &file,
                                   const std::string &jsonPath, const std::string &text)
{
    for (const Diagnostic &d : diagnostics.items()) {
        if (d.severity == Severity::Error && d.file == file && d.jsonPath == jsonPath &&
            d.message.find(text) != std::string::npos)
            return &d;
    }
    return nullptr;
}

} // namespace aidc::test

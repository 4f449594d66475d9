// SPDX-License-Identifier: Apache-2.0
#pragma once

// Strict, path-tracking reading of one JSON object, shared by the project and catalog loaders.
//
// Every read records the key as known; finish() reports the keys nobody read as "unknown key".
// Problems go to a Diagnostics with the file and the RFC 6901 pointer of the offending value,
// and reading continues, so one pass reports every problem in a file.

#include "diagnostics.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace aidc {

enum class Need { Optional, Required };

// Name <-> value table for an enum stored as a JSON string.
template<typename E> using EnumNames = std::vector<std::pair<const char *, E>>;

template<typename E> const char *enumName(const EnumNames<E> &names, E value)
{
    for (const auto &[name, v] : names) {
        if (v == value)
            return name;
    }
    return "?";
}

std::string jsonPointerAppend(const std::string &path, const std::string &key);
std::string jsonPointerAppend(const std::string &path, std::size_t index);
std::string jsonTypeName(const nlohmann::json &value);

class JsonObjectReader
{
public:
    // `object` must outlive the reader. If it is not an object, an error is recorded and every
    // read leaves its output untouched.
    JsonObjectReader(const nlohmann::json &object, std::string path, std::string file,
                     Diagnostics &diagnostics);

    bool has(const char *key) const;
    const std::string &path() const { return m_path; }
    const std::string &file() const { return m_file; }
    Diagnostics &diagnostics() { return m_diagnostics; }
    std::string pathOf(const char *key) const { return jsonPointerAppend(m_path, key); }

    void readString(const char *key, std::string &out, Need need = Need::Optional);
    void readBool(const char *key, bool &out, Need need = Need::Optional);
    // Finite number in [min, max]; `minExclusive` makes the lower bound strict (e.g. > 0).
    void readNumber(const char *key, double &out, Need need = Need::Optional,
                    double min = -std::numeric_limits<double>::max(),
                    double max = std::numeric_limits<double>::max(), bool minExclusive = false);
    void readNumber(const char *key, std::optional<double> &out, double min, double max,
                    bool minExclusive = false);
    void readInt(const char *key, int &out, Need need = Need::Optional, long long min = 0,
                 long long max = std::numeric_limits<int>::max());
    void readInt(const char *key, std::optional<int> &out, long long min, long long max);
    void readStringList(const char *key, std::vector<std::string> &out);
    void readNumberList(const char *key, std::vector<double> &out, double min, double max);

    template<typename E>
    void readEnum(const char *key, E &out, const EnumNames<E> &names, Need need = Need::Optional)
    {
        std::string text;
        if (!readRaw(key, text, need))
            return;
        for (const auto &[name, value] : names) {
            if (text == name) {
                out = value;
                return;
            }
        }
        std::string known;
        for (const auto &[name, value] : names)
            known += std::string(known.empty() ? "" : ", ") + name;
        error(key, "unknown value '" + text + "' (expected one of: " + known + ")");
    }

    // Child object or array (type-checked). nullptr when absent or of the wrong type.
    const nlohmann::json *object(const char *key, Need need = Need::Optional);
    const nlohmann::json *array(const char *key, Need need = Need::Optional);
    // Any value (marks the key known). nullptr when absent.
    const nlohmann::json *value(const char *key, Need need = Need::Optional);

    void error(const char *key, std::string message);
    void warning(const char *key, std::string message);

    // Reports every key that was never read. Call once, after all reads.
    void finish();

private:
    const nlohmann::json *find(const char *key, Need need);
    bool readRaw(const char *key, std::string &out, Need need);

    const nlohmann::json &m_object;
    std::string m_path;
    std::string m_file;
    Diagnostics &m_diagnostics;
    std::set<std::string> m_known;
    bool m_valid = true;
};

} // namespace aidc

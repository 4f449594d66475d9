// SPDX-License-Identifier: Apache-2.0
#include "jsonreader.h"

#include <cmath>

namespace aidc {

std::string jsonPointerAppend(const std::string &path, const std::string &key)
{
    // RFC 6901: '~' -> "~0", '/' -> "~1".
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return path + '/' + escaped;
}

std::string jsonPointerAppend(const std::string &path, std::size_t index)
{
    return path + '/' + std::to_string(index);
}

std::string jsonTypeName(const nlohmann::json &value)
{
    if (value.is_number())
        return "a number";
    if (value.is_string())
        return "a string";
    if (value.is_boolean())
        return "a boolean";
    if (value.is_object())
        return "an object";
    if (value.is_array())
        return "an array";
    return "null";
}

JsonObjectReader::JsonObjectReader(const nlohmann::json &object, std::string path, std::string file,
                                   Diagnostics &diagnostics)
    : m_object(object)
    , m_path(std::move(path))
    , m_file(std::move(file))
    , m_diagnostics(diagnostics)
{
    if (!m_object.is_object()) {
        m_valid = false;
        m_diagnostics.error(m_file, m_path.empty() ? "/" : m_path,
                            "expected an object, found " + jsonTypeName(m_object));
    }
}

bool JsonObjectReader::has(const char *key) const
{
    return m_valid && m_object.contains(key);
}

const nlohmann::json *JsonObjectReader::find(const char *key, Need need)
{
    if (!m_valid)
        return nullptr;
    m_known.insert(key);
    auto it = m_object.find(key);
    if (it == m_object.end()) {
        if (need == Need::Required)
            error(key, "missing required field");
        return nullptr;
    }
    return &*it;
}

bool JsonObjectReader::readRaw(const char *key, std::string &out, Need need)
{
    const nlohmann::json *v = find(key, need);
    if (!v)
        return false;
    if (!v->is_string()) {
        error(key, "expected a string, found " + jsonTypeName(*v));
        return false;
    }
    out = v->get<std::string>();
    return true;
}

void JsonObjectReader::readString(const char *key, std::string &out, Need need)
{
    readRaw(key, out, need);
}

void JsonObjectReader::readBool(const char *key, bool &out, Need need)
{
    const nlohmann::json *v = find(key, need);
    if (!v)
        return;
    if (!v->is_boolean()) {
        error(key, "expected true or false, found " + jsonTypeName(*v));
        return;
    }
    out = v->get<bool>();
}

static std::string formatBound(double v)
{
    nlohmann::json j = v;
    return j.dump();
}

void JsonObjectReader::readNumber(const char *key, double &out, Need need, double min, double max,
                                  bool minExclusive)
{
    const nlohmann::json *v = find(key, need);
    if (!v)
        return;
    if (!v->is_number()) {
        error(key, "expected a number, found " + jsonTypeName(*v));
        return;
    }
    const double x = v->get<double>();
    const bool belowMin = minExclusive ? !(x > min) : !(x >= min);
    if (!std::isfinite(x) || belowMin || x > max) {
        std::string range;
        if (min > -std::numeric_limits<double>::max())
            range += (minExclusive ? "greater than " : "at least ") + formatBound(min);
        if (max < std::numeric_limits<double>::max())
            range += std::string(range.empty() ? "" : " and ") + "at most " + formatBound(max);
        error(key, "value " + formatBound(x) + " is out of range (must be " + range + ")");
        return;
    }
    out = x;
}

void JsonObjectReader::readNumber(const char *key, std::optional<double> &out, double min,
                                  double max, bool minExclusive)
{
    if (!has(key)) {
        find(key, Need::Optional);
        return;
    }
    double x = out.value_or(0.0);
    const std::size_t before = m_diagnostics.items().size();
    readNumber(key, x, Need::Optional, min, max, minExclusive);
    if (m_diagnostics.items().size() == before)
        out = x;
}

void JsonObjectReader::readInt(const char *key, int &out, Need need, long long min, long long max)
{
    const nlohmann::json *v = find(key, need);
    if (!v)
        return;
    if (!v->is_number_integer() &&
        !(v->is_number_float() && std::floor(v->get<double>()) == v->get<double>())) {
        error(key,
              "expected a whole number, found " + (v->is_number() ? v->dump() : jsonTypeName(*v)));
        return;
    }
    const double x = v->get<double>();
    if (x < double(min) || x > double(max)) {
        error(key, "value " + v->dump() + " is out of range (must be " + std::to_string(min) +
                       " to " + std::to_string(max) + ")");
        return;
    }
    out = int(x);
}

void JsonObjectReader::readInt(const char *key, std::optional<int> &out, long long min,
                               long long max)
{
    if (!has(key)) {
        find(key, Need::Optional);
        return;
    }
    int x = out.value_or(0);
    const std::size_t before = m_diagnostics.items().size();
    readInt(key, x, Need::Optional, min, max);
    if (m_diagnostics.items().size() == before)
        out = x;
}

void JsonObjectReader::readStringList(const char *key, std::vector<std::string> &out)
{
    const nlohmann::json *a = array(key);
    if (!a)
        return;
    out.clear();
    for (std::size_t i = 0; i < a->size(); ++i) {
        const nlohmann::json &item = (*a)[i];
        if (!item.is_string()) {
            m_diagnostics.error(m_file, jsonPointerAppend(pathOf(key), i),
                                "expected a string, found " + jsonTypeName(item));
            continue;
        }
        out.push_back(item.get<std::string>());
    }
}

void JsonObjectReader::readNumberList(const char *key, std::vector<double> &out, double min,
                                      double max)
{
    const nlohmann::json *a = array(key);
    if (!a)
        return;
    out.clear();
    for (std::size_t i = 0; i < a->size(); ++i) {
        const nlohmann::json &item = (*a)[i];
        const std::string itemPath = jsonPointerAppend(pathOf(key), i);
        if (!item.is_number()) {
            m_diagnostics.error(m_file, itemPath, "expected a number, found " + jsonTypeName(item));
            continue;
        }
        const double x = item.get<double>();
        if (!std::isfinite(x) || x < min || x > max) {
            m_diagnostics.error(m_file, itemPath,
                                "value " + item.dump() + " is out of range (must be " +
                                    formatBound(min) + " to " + formatBound(max) + ")");
            continue;
        }
        out.push_back(x);
    }
}

const nlohmann::json *JsonObjectReader::object(const char *key, Need need)
{
    const nlohmann::json *v = find(key, need);
    if (v && !v->is_object()) {
        error(key, "expected an object, found " + jsonTypeName(*v));
        return nullptr;
    }
    return v;
}

const nlohmann::json *JsonObjectReader::array(const char *key, Need need)
{
    const nlohmann::json *v = find(key, need);
    if (v && !v->is_array()) {
        error(key, "expected an array, found " + jsonTypeName(*v));
        return nullptr;
    }
    return v;
}

const nlohmann::json *JsonObjectReader::value(const char *key, Need need)
{
    return find(key, need);
}

void JsonObjectReader::error(const char *key, std::string message)
{
    m_diagnostics.error(m_file, pathOf(key), std::move(message));
}

void JsonObjectReader::warning(const char *key, std::string message)
{
    m_diagnostics.warning(m_file, pathOf(key), std::move(message));
}

void JsonObjectReader::finish()
{
    if (!m_valid)
        return;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (m_known.count(it.key()) == 0) {
            std::string known;
            for (const std::string &k : m_known)
                known += (known.empty() ? "" : ", ") + k;
            m_diagnostics.error(m_file, jsonPointerAppend(m_path, it.key()),
                                "unknown key '" + it.key() + "' (known keys here: " + known + ")");
        }
    }
}

} // namespace aidc

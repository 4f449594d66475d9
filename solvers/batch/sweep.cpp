// SPDX-License-Identifier: Apache-2.0
#include "sweep.h"

#include "model/strictjson.h"

#include "model/projectjson.h"

#include <algorithm>
#include <limits>
#include <set>

namespace aidc {

std::vector<std::string> splitSweepValues(const std::string &list)
{
    std::vector<std::string> values;
    std::string current;
    int depth = 0;
    bool inString = false, escaped = false;
    for (const char c : list) {
        if (inString) {
            escaped = !escaped && c == '\\';
            if (c == '"' && !escaped)
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            ++depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        } else if (c == ',' && depth == 0) {
            values.push_back(std::move(current));
            current.clear();
            continue;
        }
        current += c;
    }
    values.push_back(std::move(current));
    return values;
}

SweepAxis parseSweepAxis(const std::string &argument)
{
    const auto equals = argument.find('=');
    if (equals == std::string::npos)
        throw SweepError("--set '" + argument +
                         "' is not of the form PATH=V1,V2,... (e.g. "
                         "/network/planes/0/islandOversubscription=1,3,7)");
    SweepAxis axis;
    if (!isValidUtf8(argument))
        throw SweepError("a --set argument is not valid UTF-8 text");
    axis.pointer = argument.substr(0, equals);
    if (axis.pointer.empty() || axis.pointer[0] != '/')
        throw SweepError(
            "--set '" + argument + "': the path '" + axis.pointer +
            "' is not a JSON pointer; it must start with '/' (e.g. /compute/pools/0/gpu)");
    const std::string list = argument.substr(equals + 1);
    if (list.empty())
        throw SweepError("--set '" + argument + "': no values after '='");
    for (const std::string &text : splitSweepValues(list)) {
        if (text.empty())
            throw SweepError("--set '" + argument +
                             "': an empty value; write \"\" for an empty string");
        // A value that is not JSON is a string (--set /name=Big, no quotes needed).
        Diagnostics ignored;
        std::optional<nlohmann::json> value = parseStrictJson(text, "--set", ignored);
        axis.values.push_back(value && !ignored.hasErrors() ? std::move(*value)
                                                            : nlohmann::json(text));
    }
    return axis;
}

std::int64_t saturatingProduct(const std::vector<std::int64_t> &counts)
{
    constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
    std::int64_t product = 1;
    for (const std::int64_t n : counts) {
        if (n == 0)
            return 0;
        product = product > kMax / n ? kMax : product * n;
    }
    return product;
}

std::int64_t sweepVariantCount(const std::vector<SweepAxis> &axes)
{
    std::vector<std::int64_t> counts;
    for (const SweepAxis &axis : axes)
        counts.push_back(std::int64_t(axis.values.size()));
    return saturatingProduct(counts);
}

namespace {

// The reference tokens of an RFC 6901 pointer, unescaped (~1 is '/', ~0 is '~').
std::vector<std::string> pointerTokens(const std::string &pointer)
{
    std::vector<std::string> tokens;
    std::size_t start = 1;
    while (start <= pointer.size()) {
        const std::size_t end = std::min(pointer.find('/', start), pointer.size());
        std::string token = pointer.substr(start, end - start);
        for (std::size_t at = 0; (at = token.find('~', at)) != std::string::npos; ++at)
            token.replace(at, 2, token[at + 1] == '1' ? "/" : "~");
        tokens.push_back(std::move(token));
        start = end + 1;
    }
    return tokens;
}

bool isArrayIndex(const std::string &token)
{
    return !token.empty() && token.size() < 10 &&
           std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           (token == "0" || token[0] != '0');
}

// nlohmann::json starts an array, not an object, when a pointer token that does not exist yet
// is "-" or made of digits only (the empty token included).
bool createsArray(const std::string &token)
{
    return token == "-" ||
           std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

} // namespace

// An axis may replace any value, add a key to an existing object, or add objects that do not
// exist yet ("/site/electricityUsdPerKWh" on a project without "site"); it may not reach into an
// array that is missing or past an array's end, nor through a number or string.
void Sweep::checkAxisPath(const std::string &pointer, const std::string &where) const
{
    const std::vector<std::string> tokens = pointerTokens(pointer);
    std::string reached;
    for (const std::string &token : tokens) {
        if (token.empty())
            throw SweepError(where + ": the path has an empty key after '" +
                             (reached.empty() ? "/" : reached) +
                             "'; project documents have no empty keys");
        reached += "/" + token;
    }
    reached.clear();
    const nlohmann::json *node = &m_base;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string &token = tokens[i];
        const std::string here = reached.empty() ? "/" : reached;
        if (node->is_object()) {
            if (!node->contains(token)) {
                for (std::size_t j = i + 1; j < tokens.size(); ++j) {
                    if (createsArray(tokens[j]))
                        throw SweepError(where + ": " + reached + "/" + token +
                                         " does not exist in " + m_baseFile +
                                         ", and the path goes on into an array element ('" +
                                         tokens[j] +
                                         "'); a sweep creates missing objects, not arrays: add "
                                         "the array to the project first");
                }
                return;
            }
            node = &(*node)[token];
        } else if (node->is_array()) {
            if (!isArrayIndex(token) || std::stoul(token) >= node->size())
                throw SweepError(where + ": '" + token + "' is not an element of the array " +
                                 here + " (it has " + std::to_string(node->size()) + " elements)");
            node = &(*node)[std::stoul(token)];
        } else {
            throw SweepError(where + ": " + here + " is a " + node->type_name() + " in " +
                             m_baseFile + ", not an object or array");
        }
        reached += "/" + token;
    }
}

Sweep::Sweep(std::string baseFile, std::string_view baseText, std::vector<SweepAxis> axes)
    : m_baseFile(std::move(baseFile))
    , m_axes(std::move(axes))
{
    Diagnostics parsed;
    std::optional<nlohmann::json> base = parseStrictJson(baseText, m_baseFile, parsed);
    if (base)
        m_base = std::move(*base);
    if (!base || parsed.hasErrors() || !m_base.is_object()) {
        // The loader words the problem (line, column) as `aidc eval` would.
        parseProjectJson(baseText, m_baseFile);
        throw SweepError(m_baseFile + ": the project document is not a JSON object");
    }
    std::set<std::string> seen;
    for (const SweepAxis &axis : m_axes) {
        const std::string where = "--set " + axis.pointer;
        if (!seen.insert(axis.pointer).second)
            throw SweepError(where + ": the path is given twice; list all its values in one --set");
        nlohmann::json::json_pointer pointer;
        try {
            pointer = nlohmann::json::json_pointer(axis.pointer);
        } catch (const nlohmann::json::exception &error) {
            throw SweepError(where + ": not a valid JSON pointer (" + error.what() + ")");
        }
        checkAxisPath(axis.pointer, where);
        m_pointers.push_back(std::move(pointer));
    }
    m_size = sweepVariantCount(m_axes);
}

nlohmann::json Sweep::values(std::int64_t variant) const
{
    nlohmann::json values = nlohmann::json::object();
    for (std::size_t a = m_axes.size(); a-- > 0;) {
        const auto n = std::int64_t(m_axes[a].values.size());
        values[m_axes[a].pointer] = m_axes[a].values[std::size_t(variant % n)];
        variant /= n;
    }
    return values;
}

BatchInput Sweep::input(std::int64_t variant) const
{
    BatchInput input;
    input.file = m_baseFile;
    input.label = m_baseFile + "#" + std::to_string(variant);
    input.variant = values(variant);
    nlohmann::json document = m_base;
    for (std::size_t a = 0; a < m_axes.size(); ++a)
        document[m_pointers[a]] = input.variant[m_axes[a].pointer];
    input.text = document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return input;
}

BatchSource Sweep::source() const
{
    return [this](std::int64_t variant) {
        return input(variant);
    };
}

} // namespace aidc

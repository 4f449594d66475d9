// SPDX-License-Identifier: Apache-2.0
#include "sweep.h"

#include "model/strictjson.h"

#include "model/projectjson.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
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

std::optional<double> jsonNumber(const std::string &text)
{
    Diagnostics ignored;
    const std::optional<nlohmann::json> value = parseStrictJson(text, "number", ignored);
    if (!value || ignored.hasErrors() || !value->is_number())
        return std::nullopt;
    return value->get<double>();
}

std::optional<std::vector<nlohmann::json>> parseValueRange(const std::string &list,
                                                           std::size_t maxValues)
{
    const auto dots = list.find("..");
    if (dots == std::string::npos || list.find_first_of("[{\"") != std::string::npos)
        return std::nullopt;
    const auto colon = list.find(':', dots);
    const std::string fromText = list.substr(0, dots);
    const std::string toText =
        list.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2);
    const std::string stepText = colon == std::string::npos ? "1" : list.substr(colon + 1);
    const std::optional<double> from = jsonNumber(fromText), to = jsonNumber(toText),
                                step = jsonNumber(stepText);
    if (!from || !to || !step)
        throw SweepError("a range is FROM..TO or FROM..TO:STEP with JSON numbers (e.g. 1..8, "
                         "0.5..1:0.1 or 25000..100000:25000; 0.5, not .5)");
    if (*step <= 0)
        throw SweepError("the step of a range must be above zero");
    if (*from > *to)
        throw SweepError("the range is empty (" + fromText + " is above " + toText + ")");
    const double count = std::floor((*to - *from) / *step * (1 + 1e-12)) + 1;
    if (!std::isfinite(count) || count > double(maxValues))
        throw SweepError("the range has more than " + std::to_string(maxValues) +
                         " values; use a larger step");
    // Whole numbers stay whole (JSON integers) while a double holds them exactly.
    constexpr double kExact = 9007199254740992.0; // 2^53
    const bool whole = std::floor(*from) == *from && std::floor(*step) == *step &&
                       std::abs(*from) < kExact && std::abs(*to) < kExact;
    // 0..1:0.1 is 0.3, not 0.30000000000000004: values are rounded to the decimals FROM and
    // STEP are written with (when written as plain decimals).
    auto decimals = [](const std::string &text) {
        const auto dot = text.find('.');
        return text.find_first_of("eE") != std::string::npos || dot == std::string::npos
                   ? std::size_t(0)
                   : text.size() - dot - 1;
    };
    const std::size_t places = std::max(decimals(fromText), decimals(stepText));
    const double scale = places > 0 && places < 16 ? std::pow(10.0, double(places)) : 0.0;
    std::vector<nlohmann::json> values;
    for (std::size_t i = 0; i < std::size_t(count); ++i) {
        double value = *from + double(i) * *step;
        if (scale > 0)
            value = std::round(value * scale) / scale;
        values.push_back(whole ? nlohmann::json(std::llround(value)) : nlohmann::json(value));
    }
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
    // A range starts with a number ("0.05..0.12:0.01"); "Hall..A" stays a string value, and
    // ".5..1" is a range written with a number JSON does not read (an error, not a string).
    auto digit = [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    };
    const bool numeric =
        digit(list[0]) || list[0] == '-' || (list.size() > 1 && list[0] == '.' && digit(list[1]));
    try {
        if (std::optional<std::vector<nlohmann::json>> range =
                numeric && list.find(',') == std::string::npos ? parseValueRange(list, 1000000)
                                                               : std::nullopt) {
            axis.values = std::move(*range);
            return axis;
        }
    } catch (const SweepError &error) {
        throw SweepError("--set '" + argument + "': " + error.what());
    }
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

Sweep::Sweep(std::string baseFile, std::string_view baseText, std::vector<SweepAxis> axes,
             SweepSampling sampling)
    : m_baseFile(std::move(baseFile))
    , m_axes(std::move(axes))
    , m_sampling(sampling)
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
    groupAxes();
    std::vector<std::int64_t> counts;
    for (const auto &group : m_groups)
        counts.push_back(std::int64_t(m_axes[group.front()].values.size()));
    if (m_sampling.mode == SweepSampling::Mode::Grid) {
        m_size = saturatingProduct(counts);
        return;
    }
    if (m_sampling.count < 1)
        throw SweepError("--samples must be at least 1");
    m_size = m_sampling.count;
    drawSamples(counts);
}

// One position of the product per plain axis, one for all zipped axes together (at the place
// of the first), which must list as many values as each other.
void Sweep::groupAxes()
{
    std::optional<std::size_t> zipGroup;
    for (std::size_t a = 0; a < m_axes.size(); ++a) {
        if (!m_axes[a].zipped) {
            m_groups.push_back({a});
            continue;
        }
        if (!zipGroup) {
            zipGroup = m_groups.size();
            m_groups.push_back({a});
            continue;
        }
        const SweepAxis &first = m_axes[m_groups[*zipGroup].front()];
        if (m_axes[a].values.size() != first.values.size())
            throw SweepError("--zip " + m_axes[a].pointer + " lists " +
                             std::to_string(m_axes[a].values.size()) + " values and --zip " +
                             first.pointer + " " + std::to_string(first.values.size()) +
                             ": zipped axes advance together and need as many values each");
        m_groups[*zipGroup].push_back(a);
    }
}

namespace {

// A uniform index below `n` from one 64-bit draw (53 bits, the same on every platform).
std::uint32_t drawIndex(std::mt19937_64 &random, std::size_t n)
{
    const double u = double(random() >> 11) * 0x1.0p-53;
    return std::uint32_t(std::min<std::size_t>(n - 1, std::size_t(u * double(n))));
}

} // namespace

void Sweep::drawSamples(const std::vector<std::int64_t> &counts)
{
    std::mt19937_64 random(m_sampling.seed);
    const auto n = std::size_t(m_sampling.count);
    const std::size_t groups = m_groups.size();
    m_draws.assign(n * groups, 0);
    if (m_sampling.mode == SweepSampling::Mode::Random) {
        // Sample by sample: the first variants do not change when --samples grows.
        for (std::size_t s = 0; s < n; ++s)
            for (std::size_t g = 0; g < groups; ++g)
                m_draws[s * groups + g] = drawIndex(random, std::size_t(counts[g]));
        return;
    }
    for (std::size_t g = 0; g < groups; ++g) {
        const auto positions = std::size_t(counts[g]);
        // Latin hypercube: stratum k of N covers positions [k, k+1) x positions / N; each
        // stratum once, in a Fisher-Yates shuffled order, at a uniform point inside it.
        std::vector<std::size_t> strata(n);
        for (std::size_t k = 0; k < n; ++k)
            strata[k] = k;
        for (std::size_t k = n; k > 1; --k)
            std::swap(strata[k - 1], strata[drawIndex(random, k)]);
        for (std::size_t s = 0; s < n; ++s) {
            const double u = double(random() >> 11) * 0x1.0p-53;
            const double x = (double(strata[s]) + u) / double(n);
            m_draws[s * groups + g] = std::uint32_t(
                std::min<std::size_t>(positions - 1, std::size_t(x * double(positions))));
        }
    }
}

nlohmann::json Sweep::values(std::int64_t variant) const
{
    nlohmann::json values = nlohmann::json::object();
    auto set = [&](std::size_t group, std::size_t position) {
        for (std::size_t a : m_groups[group])
            values[m_axes[a].pointer] = m_axes[a].values[position];
    };
    if (!m_draws.empty()) {
        for (std::size_t g = 0; g < m_groups.size(); ++g)
            set(g, m_draws[std::size_t(variant) * m_groups.size() + g]);
        return values;
    }
    for (std::size_t g = m_groups.size(); g-- > 0;) {
        const auto n = std::int64_t(m_axes[m_groups[g].front()].values.size());
        set(g, std::size_t(variant % n));
        variant /= n;
    }
    return values;
}

nlohmann::json Sweep::plan() const
{
    nlohmann::json axes = nlohmann::json::array();
    for (const SweepAxis &axis : m_axes)
        axes.push_back({{"pointer", axis.pointer}, {"values", axis.values}, {"zip", axis.zipped}});
    static const char *const modes[] = {"grid", "random", "lhs"};
    nlohmann::json plan = {{"axes", axes}, {"sample", modes[int(m_sampling.mode)]}};
    if (m_sampling.mode != SweepSampling::Mode::Grid) {
        plan["samples"] = m_sampling.count;
        plan["seed"] = m_sampling.seed;
    }
    return plan;
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

// SPDX-License-Identifier: Apache-2.0
#include "strictjson.h"

#include "jsonreader.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <set>
#include <vector>

namespace aidc {

namespace {

using Json = nlohmann::json;

// A character iterator that records how far the parser has read, so the parse callback can say
// where in the text it is (nlohmann's callback knows the value, not the position).
class CountingIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    CountingIterator() = default;
    CountingIterator(const char *at, std::size_t *consumed, const char *begin)
        : m_at(at)
        , m_consumed(consumed)
        , m_begin(begin)
    {
    }
    reference operator*() const { return *m_at; }
    CountingIterator &operator++()
    {
        ++m_at;
        if (m_consumed)
            *m_consumed = std::size_t(m_at - m_begin);
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator &other) const { return m_at == other.m_at; }
    bool operator!=(const CountingIterator &other) const { return m_at != other.m_at; }

private:
    const char *m_at = nullptr;
    std::size_t *m_consumed = nullptr;
    const char *m_begin = nullptr;
};

// Thrown from the parse callback when the nesting exceeds kMaxJsonDepth.
struct TooDeep
{
    std::string pointer;
};

struct ParseFrame
{
    bool isArray = false;
    std::size_t index = 0; // arrays: elements seen so far
    std::string key;       // objects: the current key
    std::set<std::string> keys;
};

// Tracks the path while nlohmann parses: reports duplicate keys with their position and stops
// at the depth limit.
class StrictCallback
{
public:
    StrictCallback(std::string_view text, const std::size_t &consumed, const std::string &file,
                   const std::string &prefix, Diagnostics &diagnostics)
        : m_text(text)
        , m_consumed(consumed)
        , m_file(file)
        , m_prefix(prefix)
        , m_diagnostics(diagnostics)
    {
    }

    bool operator()(int, Json::parse_event_t event, Json &parsed)
    {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            countElement();
            m_stack.push_back({event == Json::parse_event_t::array_start, 0, {}, {}});
            if (m_stack.size() > kMaxJsonDepth)
                throw TooDeep{pointer()};
            break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            if (!m_stack.empty())
                m_stack.pop_back();
            break;
        case Json::parse_event_t::key:
            if (!m_stack.empty() && parsed.is_string()) {
                ParseFrame &top = m_stack.back();
                top.key = parsed.get<std::string>();
                if (!top.keys.insert(top.key).second) {
                    m_diagnostics.error(m_file, pointer(),
                                        "duplicate key '" + top.key + "' at " +
                                            lineAndColumn(m_text, m_consumed) +
                                            " (only one value per key is allowed)");
                }
            }
            break;
        case Json::parse_event_t::value:
            countElement();
            break;
        }
        return true;
    }

private:
    void countElement()
    {
        if (!m_stack.empty() && m_stack.back().isArray)
            ++m_stack.back().index;
    }

    std::string pointer() const
    {
        std::string path = m_prefix;
        for (const ParseFrame &frame : m_stack) {
            if (frame.isArray ? frame.index == 0 : frame.key.empty())
                break; // the innermost container has no current element yet
            path = frame.isArray ? jsonPointerAppend(path, frame.index - 1)
                                 : jsonPointerAppend(path, frame.key);
        }
        return path;
    }

    std::string_view m_text;
    const std::size_t &m_consumed;
    const std::string &m_file;
    const std::string &m_prefix;
    Diagnostics &m_diagnostics;
    std::vector<ParseFrame> m_stack;
};

// nlohmann's messages start "[json.exception.parse_error.101] parse error at line 1, column 2:
// ..."; keep the explanation after the position.
std::string explanation(const std::string &what)
{
    std::size_t colon = what.find(": ", what.find("column"));
    if (colon == std::string::npos)
        colon = what.find("] ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

} // namespace

std::string lineAndColumn(std::string_view text, std::size_t offset)
{
    std::size_t line = 1, column = 1;
    const std::size_t end = std::min(offset, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column; // count characters, not UTF-8 continuation bytes
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool isValidUtf8(std::string_view text)
{
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto byte = [&](std::size_t k) {
        return static_cast<unsigned char>(text[k]);
    };
    while (i < n) {
        const unsigned char c = byte(i);
        std::size_t length = 0;
        unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            if (c == 0xE0)
                lo = 0xA0; // no overlong forms
            if (c == 0xED)
                hi = 0x9F; // no surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F; // nothing above U+10FFFF
        } else {
            return false;
        }
        if (i + length > n || byte(i + 1) < lo || byte(i + 1) > hi)
            return false;
        for (std::size_t k = 2; k < length; ++k) {
            if ((byte(i + k) & 0xC0) != 0x80)
                return false;
        }
        i += length;
    }
    return true;
}

std::optional<Json> parseStrictJson(std::string_view text, const std::string &file,
                                    Diagnostics &diagnostics, const std::string &pathPrefix)
{
    std::size_t consumed = 0;
    const char *begin = text.data();
    StrictCallback callback(text, consumed, file, pathPrefix, diagnostics);
    try {
        return Json::parse(CountingIterator(begin, &consumed, begin),
                           CountingIterator(begin + text.size(), nullptr, begin),
                           std::ref(callback));
    } catch (const TooDeep &deep) {
        diagnostics.error(file, deep.pointer,
                          "JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                              " levels at " + lineAndColumn(text, consumed) +
                              " (no AIDC Planner document needs that; refused to protect the "
                              "program)");
    } catch (const Json::parse_error &e) {
        // e.byte is the 1-based count of characters read when the error was seen.
        diagnostics.error(file, pathPrefix,
                          "malformed JSON at " + lineAndColumn(text, e.byte == 0 ? 0 : e.byte - 1) +
                              ": " + explanation(e.what()));
    } catch (const Json::exception &e) {
        // A number beyond the double range (out_of_range.406: "number overflow parsing
        // '1e309'") and anything else the parser refuses. The parser has read a little past the
        // token; the token itself, found backwards from there, gives the position.
        const std::string what = e.what();
        std::size_t at = consumed;
        const std::size_t close = what.rfind('\'');
        const std::size_t open = close == std::string::npos ? close : what.rfind('\'', close - 1);
        if (open != std::string::npos && close > open + 1) {
            const std::string token = what.substr(open + 1, close - open - 1);
            const std::size_t found =
                text.substr(0, std::min(text.size(), consumed + 1)).rfind(token);
            if (found != std::string_view::npos)
                at = found;
        }
        diagnostics.error(file, pathPrefix,
                          "invalid JSON at " + lineAndColumn(text, at) + ": " + explanation(what));
    }
    return std::nullopt;
}

std::optional<std::string> readTextFile(const std::string &path, const std::string &what,
                                        Diagnostics &diagnostics)
{
    // "-" is standard input, as command-line tools take it.
    const bool standardInput = path == "-";
    std::error_code ec;
    if (!standardInput && std::filesystem::is_directory(path, ec)) {
        diagnostics.error(path, "", "cannot open the " + what + ": it is a directory");
        return std::nullopt;
    }
    std::FILE *file = standardInput ? stdin : std::fopen(path.c_str(), "rb");
    if (!file) {
        diagnostics.error(path, "", "cannot open the " + what + ": " + std::strerror(errno));
        return std::nullopt;
    }
    std::string text;
    char buffer[65536];
    std::size_t n = 0;
    bool tooLarge = false;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
        if (text.size() + n > kMaxJsonFileBytes) {
            tooLarge = true;
            break;
        }
        text.append(buffer, n);
    }
    const bool readError = std::ferror(file) != 0;
    const int readErrno = errno;
    if (!standardInput)
        std::fclose(file);
    if (tooLarge) {
        diagnostics.error(path, "",
                          "the " + what + " is larger than " +
                              std::to_string(kMaxJsonFileBytes >> 20) +
                              " MiB, the largest this program reads");
        return std::nullopt;
    }
    if (readError) {
        diagnostics.error(path, "", "cannot read the " + what + ": " + std::strerror(readErrno));
        return std::nullopt;
    }
    return text;
}

} // namespace aidc

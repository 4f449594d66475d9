// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parameter sweeps: the Cartesian product of values for fields of one project document.
//
// An axis names a field by its RFC 6901 JSON pointer into the project document
// ("/network/planes/0/islandOversubscription") and lists the values to try. Variant v of a
// sweep takes, for each axis, the value at the v-th position of the product counted with the
// LAST axis varying fastest (like nested loops in --set order). The base document is parsed
// once; each variant is a patched copy, serialised and then loaded with parseProjectJson like
// any file, so an invalid variant is a failed row with the loader's message.

#include "solvers/batch/batch.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace aidc {

// A malformed --set argument or an axis the base document cannot take; the message names the
// argument and what would fix it.
class SweepError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct SweepAxis
{
    std::string pointer;                // RFC 6901 JSON pointer into the project document
    std::vector<nlohmann::json> values; // in the order given
};

// Splits "V1,V2,..." at the commas that are outside brackets, braces and double-quoted strings,
// so JSON arrays and objects can be values ("[1,3],[7]").
std::vector<std::string> splitSweepValues(const std::string &list);

// Parses a --set argument "PATH=V1,V2,...": each value is taken as JSON when it parses as JSON
// ("7", "true", "[1,3]", "\"x\""), else as a string ("H100-SXM"). Throws SweepError.
SweepAxis parseSweepAxis(const std::string &argument);

// The product of `counts`, saturating at INT64_MAX (0 when any count is 0).
std::int64_t saturatingProduct(const std::vector<std::int64_t> &counts);

// The number of variants: the product of the axes' value counts, saturating at INT64_MAX.
std::int64_t sweepVariantCount(const std::vector<SweepAxis> &axes);

class Sweep
{
public:
    // Parses `baseText` once. Throws LoadError (the loader's message) when it is not JSON, and
    // SweepError when an axis repeats a pointer or its path cannot be written: an index past an
    // array's end, a path through a number or string, or into an array the document lacks.
    // Missing objects on the path are created in each variant (a sweep of
    // /site/electricityUsdPerKWh works on a project without "site").
    Sweep(std::string baseFile, std::string_view baseText, std::vector<SweepAxis> axes);

    std::int64_t size() const { return m_size; }
    const std::vector<SweepAxis> &axes() const { return m_axes; }
    const std::string &baseFile() const { return m_baseFile; }

    // {pointer: value} of variant `variant` (0 <= variant < size()).
    nlohmann::json values(std::int64_t variant) const;

    // Variant `variant` as a batch input: the patched document's compact JSON text, labelled
    // "<base file>#<variant>" in load errors. Thread-safe.
    BatchInput input(std::int64_t variant) const;

    // A BatchSource over the variants (shares this Sweep; keep it alive while the batch runs).
    BatchSource source() const;

private:
    void checkAxisPath(const std::string &pointer, const std::string &where) const;

    std::string m_baseFile;
    nlohmann::json m_base;
    std::vector<SweepAxis> m_axes;
    std::vector<nlohmann::json::json_pointer> m_pointers;
    std::int64_t m_size = 0;
};

} // namespace aidc

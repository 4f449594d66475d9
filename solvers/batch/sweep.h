// SPDX-License-Identifier: Apache-2.0
#pragma once

// Parameter sweeps: the Cartesian product of values for fields of one project document, or a
// seeded sample of it.
//
// An axis names a field by its RFC 6901 JSON pointer into the project document
// ("/network/planes/0/islandOversubscription") and lists the values to try. Variant v of a
// sweep takes, for each axis, the value at the v-th position of the product counted with the
// LAST axis varying fastest (like nested loops in --set order). The base document is parsed
// once; each variant is a patched copy, serialised and then loaded with parseProjectJson like
// any file, so an invalid variant is a failed row with the loader's message.
// Zipped axes (`--zip`) advance together: the i-th value of each, one position of the product.
// A sample (`--sample random|lhs --samples N --seed S`) takes N points of the product instead of
// all of it: random draws each axis group's position uniformly; a Latin hypercube (lhs) splits
// each group's positions into N equal strata and takes each stratum once, in a shuffled order.
// Draws use a 64-bit Mersenne Twister with the library's own integer-to-index mapping, so a seed
// gives the same variants on every platform.

#include "solvers/batch/batch.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
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
    bool zipped = false;                // advances with the other zipped axes (--zip)
};

struct SweepSampling
{
    enum class Mode { Grid, Random, LatinHypercube };
    Mode mode = Mode::Grid;
    std::int64_t count = 0; // samples; 0 with Grid
    std::uint64_t seed = 1;
};

// Splits "V1,V2,..." at the commas that are outside brackets, braces and double-quoted strings,
// so JSON arrays and objects can be values ("[1,3],[7]").
std::vector<std::string> splitSweepValues(const std::string &list);

// `text` as a JSON number (strict: no trailing text), or nullopt.
std::optional<double> jsonNumber(const std::string &text);

// FROM..TO[:STEP] -> the numbers FROM, FROM+STEP, ... up to TO (STEP defaults to 1; whole numbers
// stay JSON integers); nullopt when `list` is not of that form. Throws SweepError (without the
// argument, which the caller names) for a malformed or empty range, a step that is not above
// zero, or more than `maxValues` values. `aidc sweep --set` and `aidc optimize --vary` share it.
std::optional<std::vector<nlohmann::json>> parseValueRange(const std::string &list,
                                                           std::size_t maxValues);

// Parses a --set argument "PATH=V1,V2,..." or "PATH=FROM..TO[:STEP]": each listed value is taken
// as JSON when it parses as JSON ("7", "true", "[1,3]", "\"x\""), else as a string
// ("H100-SXM"). Throws SweepError.
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
    // Zipped axes must list the same number of values; a sample needs count >= 1.
    Sweep(std::string baseFile, std::string_view baseText, std::vector<SweepAxis> axes,
          SweepSampling sampling = {});

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

    // What reproduces the variants: the axes with their values and zip flags, and the sampling
    // (mode, count, seed). Stored with every row of the results database.
    nlohmann::json plan() const;

private:
    void checkAxisPath(const std::string &pointer, const std::string &where) const;
    void groupAxes();
    void drawSamples(const std::vector<std::int64_t> &counts);

    std::string m_baseFile;
    nlohmann::json m_base;
    std::vector<SweepAxis> m_axes;
    std::vector<nlohmann::json::json_pointer> m_pointers;
    std::vector<std::vector<std::size_t>> m_groups; // axes per position of the product
    SweepSampling m_sampling;
    std::vector<std::uint32_t> m_draws; // sampled positions, variant-major: [variant][group]
    std::int64_t m_size = 0;
};

} // namespace aidc

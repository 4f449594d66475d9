// SPDX-License-Identifier: Apache-2.0
// The one strict JSON parser (model/strictjson.h) and the bounded file reader: every way a
// document can be malformed or hostile is a diagnostic with the file, the pointer where known,
// and the line and column; none ends the program (issue 18, items 1, 2 and 8).

#include "testutil.h"

#include "model/projectjson.h"
#include "model/strictjson.h"

#include <catch2/catch.hpp>

using namespace aidc;

namespace {

std::string errorsOf(std::string_view text, const std::string &prefix = "")
{
    Diagnostics d;
    const std::optional<nlohmann::json> parsed = parseStrictJson(text, "f.json", d, prefix);
    CHECK((!parsed || d.hasErrors()));
    return d.toString();
}

} // namespace

TEST_CASE("a duplicate key is an error with its pointer, line and column", "[strictjson]")
{
    const std::string text = "{\n  \"site\": {\"name\": \"a\",\n           \"name\": \"b\"}\n}";
    const std::string e = errorsOf(text);
    CHECK(e.find("f.json: /site/name: duplicate key 'name' at line 3, column") !=
          std::string::npos);
}

TEST_CASE("nesting deeper than the limit is refused, not a stack overflow", "[strictjson]")
{
    // ~58,000 levels (115 KB) used to crash the loaders in the recursive serializer.
    std::string deep = "{\"schema\": \"aidc-project\", \"version\": 1, \"catalogOverrides\": ";
    for (int i = 0; i < 58000; ++i)
        deep += "[";
    for (int i = 0; i < 58000; ++i)
        deep += "]";
    deep += "}";
    const std::string e = errorsOf(deep);
    CHECK(e.find("nested deeper than 256 levels") != std::string::npos);
    CHECK(e.find("/catalogOverrides/0/0") != std::string::npos);
    // Through the project loader: a LoadError naming the file, nothing thrown past it.
    try {
        parseProjectJson(deep, "deep.json");
        FAIL("a 58,000-level document loaded");
    } catch (const LoadError &error) {
        CHECK(error.diagnostics().toString().find("deep.json") != std::string::npos);
    }
    // The limit itself is fine.
    std::string ok;
    for (std::size_t i = 0; i < kMaxJsonDepth; ++i)
        ok += "[";
    for (std::size_t i = 0; i < kMaxJsonDepth; ++i)
        ok += "]";
    Diagnostics d;
    CHECK(parseStrictJson(ok, "ok.json", d));
    CHECK(d.empty());
}

TEST_CASE("a number beyond the double range is an error with line and column", "[strictjson]")
{
    const std::string e = errorsOf("{\n \"a\": 1e309\n}");
    CHECK(e.find("f.json") != std::string::npos);
    CHECK(e.find("line 2") != std::string::npos);
    CHECK(e.find("1e309") != std::string::npos);
    // Through the loader, where it used to escape as an internal error (exit 5).
    try {
        parseProjectJson("{\"schema\": \"aidc-project\", \"version\": 1e309}", "big.json");
        FAIL("1e309 loaded");
    } catch (const LoadError &error) {
        CHECK(error.diagnostics().toString().find("big.json") != std::string::npos);
    }
}

TEST_CASE("malformed JSON names the position and the prefix pointer", "[strictjson]")
{
    const std::string e = errorsOf("{\"a\": [1, 2,, 3]}", "/catalogOverrides");
    CHECK(e.find("f.json: /catalogOverrides: malformed JSON at line 1, column 13") !=
          std::string::npos);
}

TEST_CASE("UTF-8 validity", "[strictjson]")
{
    CHECK(isValidUtf8("plain ascii"));
    CHECK(isValidUtf8("Zürich 日本 🚀"));
    CHECK_FALSE(isValidUtf8("\xff"));
    CHECK_FALSE(isValidUtf8("\xc0\xaf"));         // overlong '/'
    CHECK_FALSE(isValidUtf8("\xed\xa0\x80"));     // a surrogate
    CHECK_FALSE(isValidUtf8("\xf4\x90\x80\x80")); // above U+10FFFF
    CHECK_FALSE(isValidUtf8("\xe6\x97"));         // cut short
}

TEST_CASE("files: a directory, a missing file and a file over the limit", "[strictjson]")
{
    test::TempDir dir;
    Diagnostics d;
    CHECK_FALSE(readTextFile(dir.path().string(), "project", d));
    CHECK(d.toString().find("it is a directory") != std::string::npos);
    Diagnostics missing;
    CHECK_FALSE(readTextFile(dir.file("none.json"), "project", missing));
    CHECK(missing.toString().find("none.json: cannot open the project") != std::string::npos);
    // /dev/zero never ends: it is read up to the limit and refused, not until bad_alloc.
    Diagnostics zero;
    CHECK_FALSE(readTextFile("/dev/zero", "project", zero));
    CHECK(zero.toString().find("larger than 256 MiB") != std::string::npos);
}

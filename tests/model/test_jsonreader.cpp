// SPDX-License-Identifier: Apache-2.0
// Strict JSON reading (model/jsonreader.h): pointers, unknown keys, types and ranges.

#include "model/jsonreader.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace aidc;
using Json = nlohmann::json;

namespace {

const Diagnostic &only(const Diagnostics &d)
{
    REQUIRE(d.items().size() == 1);
    return d.items()[0];
}

} // namespace

TEST_CASE("JSON pointers escape '~' and '/' as RFC 6901 says", "[jsonreader]")
{
    CHECK(jsonPointerAppend("", "a") == "/a");
    CHECK(jsonPointerAppend("/x", "a/b~c") == "/x/a~1b~0c");
    CHECK(jsonPointerAppend("/x", std::size_t(3)) == "/x/3");
    // nlohmann resolves what we build.
    const Json doc = Json::parse(R"({"x": {"a/b~c": 7}})");
    CHECK(doc.at(Json::json_pointer(jsonPointerAppend("/x", "a/b~c"))) == 7);
}

TEST_CASE("keys nobody read are reported as unknown, with the known ones", "[jsonreader]")
{
    const Json doc = Json::parse(R"({"alpha": 1, "beta": 2, "gamma": 3})");
    Diagnostics d;
    JsonObjectReader r(doc, "/site", "f.json", d);
    double alpha = 0;
    r.readNumber("alpha", alpha);
    r.value("beta");
    r.finish();
    const Diagnostic &diag = only(d);
    CHECK(diag.file == "f.json");
    CHECK(diag.jsonPath == "/site/gamma");
    CHECK(diag.message == "unknown key 'gamma' (known keys here: alpha, beta)");
    CHECK(alpha == 1);
}

TEST_CASE("types, whole numbers and ranges are checked", "[jsonreader]")
{
    const Json doc = Json::parse(
        R"({"s": 1, "i": 2.0, "f": 2.5, "neg": -1, "zero": 0, "big": 1e300, "b": "true"})");
    Diagnostics d;
    JsonObjectReader r(doc, "", "f.json", d);
    std::string s = "kept";
    r.readString("s", s);
    CHECK(s == "kept");
    int i = 0;
    r.readInt("i", i); // 2.0 is a whole number
    CHECK(i == 2);
    int f = 9;
    r.readInt("f", f);
    CHECK(f == 9);
    int neg = 5;
    r.readInt("neg", neg, Need::Optional, 0, 10);
    CHECK(neg == 5);
    double zero = 3;
    r.readNumber("zero", zero, Need::Optional, 0, 1, true);
    CHECK(zero == 3);
    int big = 0;
    r.readInt("big", big);
    bool b = false;
    r.readBool("b", b);
    int missing = 4;
    r.readInt("missing", missing, Need::Required);
    CHECK(missing == 4);
    r.finish();

    const auto &items = d.items();
    REQUIRE(items.size() == 7);
    CHECK(items[0].jsonPath == "/s");
    CHECK(items[0].message == "expected a string, found a number");
    CHECK(items[1].jsonPath == "/f");
    CHECK(items[1].message == "expected a whole number, found 2.5");
    CHECK(items[2].jsonPath == "/neg");
    CHECK(items[2].message.find("out of range (must be 0 to 10)") != std::string::npos);
    CHECK(items[3].jsonPath == "/zero");
    CHECK(items[3].message.find("greater than 0") != std::string::npos);
    CHECK(items[4].jsonPath == "/big");
    CHECK(items[5].message == "expected true or false, found a string");
    CHECK(items[6].jsonPath == "/missing");
    CHECK(items[6].message == "missing required field");
}

TEST_CASE("optional numbers are set only by a valid value", "[jsonreader]")
{
    const Json doc = Json::parse(R"({"good": 2.5, "bad": -1})");
    Diagnostics d;
    JsonObjectReader r(doc, "", "f.json", d);
    std::optional<double> good, bad, absent;
    std::optional<int> absentInt;
    r.readNumber("good", good, 0, 10);
    r.readNumber("bad", bad, 0, 10);
    r.readNumber("absent", absent, 0, 10);
    r.readInt("absentInt", absentInt, 0, 10);
    r.finish();
    CHECK(good == 2.5);
    CHECK_FALSE(bad.has_value());
    CHECK_FALSE(absent.has_value());
    CHECK_FALSE(absentInt.has_value());
    CHECK(only(d).jsonPath == "/bad");
}

TEST_CASE("enums list the accepted names, lists report the bad element", "[jsonreader]")
{
    enum class Colour { Red, Green };
    const EnumNames<Colour> names{{"red", Colour::Red}, {"green", Colour::Green}};
    const Json doc = Json::parse(R"({"c": "blue", "ok": "green", "l": ["a", 2, "c"]})");
    Diagnostics d;
    JsonObjectReader r(doc, "/p", "f.json", d);
    Colour c = Colour::Red, ok = Colour::Red;
    r.readEnum("c", c, names);
    r.readEnum("ok", ok, names);
    std::vector<std::string> list;
    r.readStringList("l", list);
    r.finish();
    CHECK(c == Colour::Red);
    CHECK(ok == Colour::Green);
    CHECK(list == std::vector<std::string>{"a", "c"});
    REQUIRE(d.items().size() == 2);
    CHECK(d.items()[0].jsonPath == "/p/c");
    CHECK(d.items()[0].message == "unknown value 'blue' (expected one of: red, green)");
    CHECK(d.items()[1].jsonPath == "/p/l/1");
    CHECK(enumName(names, Colour::Green) == std::string("green"));
}

TEST_CASE("a reader over a non-object reports once and reads nothing", "[jsonreader]")
{
    const Json doc = Json::parse("[1, 2]");
    Diagnostics d;
    JsonObjectReader r(doc, "/halls/0", "f.json", d);
    int x = 7;
    r.readInt("x", x, Need::Required);
    CHECK_FALSE(r.has("x"));
    r.finish();
    CHECK(x == 7);
    CHECK(only(d).message == "expected an object, found an array");
    CHECK(only(d).jsonPath == "/halls/0");

    Diagnostics root;
    JsonObjectReader top(Json(5), "", "f.json", root);
    CHECK(only(root).jsonPath == "/");
}

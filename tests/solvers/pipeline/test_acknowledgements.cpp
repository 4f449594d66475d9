// SPDX-License-Identifier: Apache-2.0
// A warning the design accepts on purpose (/acknowledgedWarnings): still reported, marked with
// its reason, left out of --strict; an entry that matches nothing is a warning itself.

#include "model/projectjson.h"
#include "solvers/pipeline/acknowledgements.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"
#include "tests/solvers/refusedpath.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace aidc;

namespace {

const Catalog &shippedCatalog()
{
    static const Catalog catalog = loadBaseCatalog(AIDC_SOURCE_DIR "/catalogs/data");
    return catalog;
}

// The minimal sample with a 1,024-GPU pool: its default InfiniBand backend's leaves are all
// full, so the fabric warns that the fabric manager (UFM) finds no free leaf port.
Project fullLeaves()
{
    Project p = loadProjectFile(AIDC_SOURCE_DIR "/projects/minimal.json");
    p.pools.at(0).gpuCount = 1024;
    return p;
}

int countWith(const Diagnostics &d, const std::string &text)
{
    int n = 0;
    for (const Diagnostic &item : d.items())
        n += item.message.find(text) != std::string::npos;
    return n;
}

} // namespace

TEST_CASE("an acknowledged warning is still reported, with its reason", "[pipeline][ack]")
{
    Project project = fullLeaves();
    const Result plain = evaluate(project, shippedCatalog());
    REQUIRE(countWith(plain.diagnostics, "fabric-manager (UFM)") == 1);
    REQUIRE(plain.diagnostics.hasUnacknowledged());

    project.acknowledgedWarnings.push_back(
        {"/network/planes/0", "fabric-manager (UFM)", "UFM attaches elsewhere in this design"});
    const Result result = evaluate(project, shippedCatalog());
    REQUIRE(result.diagnostics.items().size() == plain.diagnostics.items().size());
    for (const Diagnostic &d : result.diagnostics.items()) {
        INFO(d.toString());
        const bool ufm = d.message.find("fabric-manager (UFM)") != std::string::npos;
        CHECK(d.acknowledged == (ufm ? "UFM attaches elsewhere in this design" : ""));
    }
    // The fabric solver's own list (what its report section prints) carries the same mark.
    REQUIRE(countWith(result.fabric.diagnostics, "fabric-manager (UFM)") == 1);
    for (const Diagnostic &d : result.fabric.diagnostics.items())
        if (d.message.find("fabric-manager (UFM)") != std::string::npos)
            CHECK(d.acknowledged == "UFM attaches elsewhere in this design");

    // Text and JSON say so.
    std::ostringstream text;
    writeTextReport(text, result);
    CHECK(text.str().find("acknowledged warning: /network/planes/0: plane 'backend': no free "
                          "leaf port") != std::string::npos);
    CHECK(text.str().find("(acknowledged: UFM attaches elsewhere in this design)") !=
          std::string::npos);
    const nlohmann::json json = resultToJson(result);
    int marked = 0;
    for (const nlohmann::json &d : json["diagnostics"])
        marked += d.contains("acknowledged");
    CHECK(marked == 1);
}

TEST_CASE("an acknowledgement covers only its path and text", "[pipeline][ack]")
{
    Project project = fullLeaves();
    SECTION("another path")
    {
        project.acknowledgedWarnings.push_back(
            {"/network/planes/1", "fabric-manager (UFM)", "reason"});
    }
    SECTION("another text")
    {
        project.acknowledgedWarnings.push_back({"/network/planes/0", "copper tray", "reason"});
    }
    SECTION("an error is never acknowledged")
    {
        Diagnostic error{Severity::Error, "", "/network/planes/0", "fabric-manager (UFM)", ""};
        const WarningAcknowledgement ack{"/network/planes/0", "fabric-manager", "r"};
        CHECK_FALSE(ack.covers(error));
        error.severity = Severity::Warning;
        CHECK(ack.covers(error));
        return;
    }
    const Result result = evaluate(project, shippedCatalog());
    // The UFM warning stays unacknowledged, and the stale entry is reported where it is.
    CHECK(result.diagnostics.hasUnacknowledged());
    int stale = 0;
    for (const Diagnostic &d : result.diagnostics.items()) {
        CHECK(d.acknowledged.empty());
        if (d.jsonPath == "/acknowledgedWarnings/0") {
            ++stale;
            CHECK(d.severity == Severity::Warning);
            CHECK(d.message.find("acknowledges no warning") != std::string::npos);
        }
    }
    CHECK(stale == 1);
}

TEST_CASE("acknowledgements load, save and refuse empty entries", "[pipeline][ack]")
{
    Project project = fullLeaves();
    project.acknowledgedWarnings.push_back({"/halls", "generated hall", "a second building"});
    const Project again = parseProjectJson(projectToJson(project), "again.json");
    CHECK(again.acknowledgedWarnings == project.acknowledgedWarnings);

    const auto refused = [](const std::string &entry) {
        return test::refusedPath(R"("acknowledgedWarnings": [)" + entry + "]");
    };
    CHECK(refused(R"({"path": "/halls", "contains": "x", "reason": ""})") ==
          "/acknowledgedWarnings/0/reason");
    CHECK(refused(R"({"path": "/halls", "contains": "", "reason": "r"})") ==
          "/acknowledgedWarnings/0/contains");
    CHECK(refused(R"({"path": "/halls", "reason": "r"})") == "/acknowledgedWarnings/0/contains");
    CHECK(refused(R"({"path": "halls", "contains": "x", "reason": "r"})") ==
          "/acknowledgedWarnings/0/path");
    CHECK(refused(R"({"path": "/halls", "contains": "x", "reason": "r", "why": 1})") ==
          "/acknowledgedWarnings/0/why");
}

// The loader's warnings (e.g. a GPU count that is not a whole number of servers) are kept apart
// from the result by the callers of evaluate(): they can be acknowledged too.
TEST_CASE("a loader warning can be acknowledged", "[pipeline][ack]")
{
    Project project = fullLeaves();
    project.acknowledgedWarnings.push_back(
        {"/network/planes/0", "fabric-manager (UFM)", "UFM attaches elsewhere in this design"});
    Result result = evaluate(project, shippedCatalog());
    Diagnostics loader;
    loader.warning("", "/compute/pools/0/gpuCount", "1,020 GPUs is not a whole number of servers");
    project.acknowledgedWarnings.push_back(
        {"/compute/pools/0/gpuCount", "whole number of servers", "the last server is half full"});
    applyAcknowledgements(project.acknowledgedWarnings, result, &loader);
    CHECK(loader.items().front().acknowledged == "the last server is half full");
    for (const Diagnostic &d : result.diagnostics.items())
        CHECK(d.message.find("acknowledges no warning") == std::string::npos);
    CHECK_FALSE(result.diagnostics.hasUnacknowledged());
}

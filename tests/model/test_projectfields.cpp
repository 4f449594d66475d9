// SPDX-License-Identifier: Apache-2.0
// The project-field table (model/projectfields.h): its consistency with the structs, the reader
// and the writer, and the artefacts generated from it (docs/project-format.md's field tables and
// docs/schema/aidc-project.schema.json). Run with AIDC_UPDATE_GOLDENS=1 to rewrite the generated
// artefacts after changing the table; review the diff like any golden update.

#include "fullproject.h"
#include "testutil.h"

#include "model/projectfields.h"
#include "model/projectjson.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>

using namespace aidc;

namespace {

const std::string kSourceDir = AIDC_SOURCE_DIR;
const std::string kDocPath = kSourceDir + "/docs/project-format.md";
const std::string kSchemaPath = kSourceDir + "/docs/schema/aidc-project.schema.json";

bool updating()
{
    const char *flag = std::getenv("AIDC_UPDATE_GOLDENS");
    return flag && std::string(flag) == "1";
}

// Every key path of a JSON document, array indices included.
void collectPointers(const nlohmann::json &value, const std::string &path,
                     std::vector<std::string> &out)
{
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string child = path + "/" + it.key();
            out.push_back(child);
            if (child != "/catalogOverrides")
                collectPointers(*it, child, out);
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            const std::string child = path + "/" + std::to_string(i);
            collectPointers(value[i], child, out);
        }
    }
}

// docs/project-format.md with every generated block replaced by the table's current text.
std::string regenerateDoc(const std::string &doc)
{
    std::string out;
    std::size_t at = 0;
    const std::string open = "<!-- fields: ";
    const std::string close = "<!-- /fields -->";
    while (true) {
        const std::size_t begin = doc.find(open, at);
        if (begin == std::string::npos)
            break;
        const std::size_t nameEnd = doc.find(" -->", begin);
        const std::size_t end = doc.find(close, nameEnd);
        REQUIRE(nameEnd != std::string::npos);
        REQUIRE(end != std::string::npos);
        std::string object = doc.substr(begin + open.size(), nameEnd - begin - open.size());
        if (object == "(top level)")
            object.clear();
        out += doc.substr(at, nameEnd + 4 - at) + "\n" + projectFieldsMarkdown(object);
        at = end;
    }
    out += doc.substr(at);
    return out;
}

} // namespace

TEST_CASE("every project field is declared once, under a declared parent", "[fields]")
{
    std::set<std::string> pointers;
    for (const ProjectField &field : projectFields()) {
        INFO(field.pointer);
        CHECK(pointers.insert(field.pointer).second);
        CHECK(!field.description.empty());
        const std::string parent = field.parent();
        if (!parent.empty()) {
            const ProjectField *container = findProjectField(parent);
            REQUIRE(container);
            const bool objectLike =
                container->type == FieldType::Object || container->type == FieldType::ObjectOrAuto;
            CHECK((objectLike || (container->type == FieldType::Array && field.key() == "*")));
        }
    }
}

TEST_CASE("field defaults lie in their range and name an enum value", "[fields]")
{
    for (const ProjectField &field : projectFields()) {
        INFO(field.pointer);
        const nlohmann::json &def = field.defaultValue;
        if (def.is_number()) {
            const double value = def.get<double>();
            if (field.minimum)
                CHECK((field.minimumExclusive ? value > *field.minimum : value >= *field.minimum));
            if (field.maximum)
                CHECK(value <= *field.maximum);
        }
        if (field.type == FieldType::Enum && !def.is_null()) {
            REQUIRE(def.is_string());
            CHECK(std::find(field.enumNames.begin(), field.enumNames.end(),
                            def.get<std::string>()) != field.enumNames.end());
        }
        if (field.required)
            CHECK(def.is_null());
    }
}

TEST_CASE("the table's defaults are the structs' defaults", "[fields]")
{
    // Hand-picked against project.h: the table reads them from the struct initializers, so a
    // changed initializer shows up in the docs and the schema.
    CHECK(findProjectField("/site/electricityUsdPerKWh")->defaultValue.get<double>() ==
          Approx(Site{}.electricityUsdPerKWh));
    CHECK(findProjectField("/halls/*/rowPitchM")->defaultValue.get<double>() ==
          Approx(Hall{}.rowPitchM));
    CHECK(findProjectField("/power/distribution")->defaultValue == "48V");
    CHECK(findProjectField("/workload/checkpoint/bytesPerParameter")->defaultValue ==
          CheckpointPolicy{}.bytesPerParameter);
    // A partial plan's keys have no default: left out, they are searched.
    CHECK(findProjectField("/workload/parallelism/zeroStage")->defaultValue.is_null());
}

TEST_CASE("concrete pointers find their pattern", "[fields]")
{
    CHECK(projectFieldPattern("/halls/3/rows/12/racks/0/servers") ==
          "/halls/*/rows/*/racks/*/servers");
    CHECK(projectFieldPattern("/reliability/failuresPerYear/gpu") ==
          "/reliability/failuresPerYear/*");
    REQUIRE(findProjectField("/halls/3/widthM"));
    CHECK(findProjectField("/halls/3/widthM")->unit == "m");
    CHECK(findProjectField("/halls/0/heightM") == nullptr);
    CHECK(findProjectField("/site/electricityUsdPerKWh")->stages & stage::Cost);
}

TEST_CASE("every key the writer writes is a declared field", "[fields]")
{
    const Project project = test::fullProject();
    const nlohmann::json document = nlohmann::json::parse(projectToJson(project));
    std::vector<std::string> pointers;
    collectPointers(document, "", pointers);
    REQUIRE(pointers.size() > 80);
    for (const std::string &pointer : pointers) {
        INFO(pointer);
        const bool mapEntry = pointer.rfind("/reliability/failuresPerYear/", 0) == 0;
        CHECK((findProjectField(pointer) != nullptr || mapEntry));
    }
}

TEST_CASE("the loader takes its ranges from the table", "[fields]")
{
    // The same range as the table states, at the boundary and just beyond it.
    const ProjectField &pitch = *findProjectField("/halls/*/rowPitchM");
    Project project = test::fullProject();
    project.halls[0].rowPitchM = *pitch.maximum;
    CHECK_FALSE(checkProjectFields(project).hasErrors());
    project.halls[0].rowPitchM = *pitch.maximum * 1.01;
    const Diagnostics d = checkProjectFields(project);
    REQUIRE(d.hasErrors());
    CHECK(d.toString().find("/halls/0/rowPitchM") != std::string::npos);
}

TEST_CASE("checkProjectFields reports what the loader reports", "[fields]")
{
    Project project = test::fullProject();
    CHECK(checkProjectFields(project).empty());
    project.power.gpuLoadFactor = 0; // (0, 1.5]
    project.cooling.liquidFraction = 1.5;
    project.cost.horizonYears = 0;
    project.planes[0].tiers = 7;
    const std::string text = checkProjectFields(project).toString();
    for (const char *path : {"/power/gpuLoadFactor", "/cooling/liquidFraction",
                             "/cost/horizonYears", "/network/planes/0/tiers"}) {
        INFO(path);
        CHECK(text.find(path) != std::string::npos);
    }
}

TEST_CASE("a project may name its JSON Schema", "[fields]")
{
    const std::string text = R"({"$schema": "../docs/schema/aidc-project.schema.json",
        "schema": "aidc-project", "version": 1,
        "compute": {"pools": [{"gpu": "H100-SXM", "gpuCount": 8}]}})";
    const Project project = parseProjectJson(text, "s.json");
    CHECK(project.schemaLocation == "../docs/schema/aidc-project.schema.json");
    CHECK(projectToJson(project).find("\"$schema\"") != std::string::npos);
}

TEST_CASE("docs/project-format.md's field tables are generated from the table", "[fields][golden]")
{
    const std::string doc = test::readFile(kDocPath);
    const std::string regenerated = regenerateDoc(doc);
    CHECK(regenerated.find("<!-- fields: /site -->") != std::string::npos);
    if (updating() && regenerated != doc) {
        std::ofstream(kDocPath, std::ios::binary) << regenerated;
        WARN("rewrote " << kDocPath);
        return;
    }
    CHECK(regenerated == doc); // run with AIDC_UPDATE_GOLDENS=1 and review the diff
    // Every object with fields has its block.
    for (const std::string &object : documentedObjects()) {
        INFO(object);
        CHECK(doc.find("<!-- fields: " + (object.empty() ? std::string("(top level)") : object) +
                       " -->") != std::string::npos);
    }
}

TEST_CASE("docs/schema/aidc-project.schema.json is generated from the table", "[fields][golden]")
{
    const std::string generated = projectJsonSchema().dump(2) + '\n';
    std::string committed;
    try {
        committed = test::readFile(kSchemaPath);
    } catch (const std::exception &) {
    }
    if (updating() && generated != committed) {
        std::ofstream(kSchemaPath, std::ios::binary) << generated;
        WARN("rewrote " << kSchemaPath);
        return;
    }
    CHECK(generated == committed); // run with AIDC_UPDATE_GOLDENS=1 and review the diff
}

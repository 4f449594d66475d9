// SPDX-License-Identifier: Apache-2.0
// Project catalog overrides: replace fields, add parts, report bad override paths.

#include "catalogfixture.h"

#include "catalogs/catalogloader.h"

#include <catch2/catch.hpp>

using aidc::test::findError;

namespace {

const std::string kProject = "/projects/site.json";

aidc::Catalog shippedCopy()
{
    aidc::Diagnostics diagnostics;
    aidc::Catalog catalog = aidc::loadCatalog(aidc::test::shippedCatalogDir(), diagnostics);
    if (diagnostics.hasErrors())
        throw aidc::LoadError(diagnostics);
    return catalog;
}

aidc::Diagnostics applyOverrides(aidc::Catalog &catalog, const std::string &json)
{
    aidc::Diagnostics diagnostics;
    aidc::applyCatalogOverrides(catalog, json, kProject, diagnostics);
    return diagnostics;
}

} // namespace

TEST_CASE("an override replaces only the fields it gives", "[catalog][overrides]")
{
    aidc::Catalog catalog = shippedCopy();
    const aidc::Diagnostics d =
        applyOverrides(catalog, R"({"accelerators": [{"id": "H100-SXM", "tdpW": 650}]})");
    INFO(d.toString());
    CHECK(d.empty());
    const aidc::Accelerator *h100 = catalog.accelerator("H100-SXM");
    REQUIRE(h100);
    CHECK(h100->tdpW == Approx(650));
    CHECK(h100->bf16Tflops == Approx(989)); // untouched, with its vendor source
    CHECK(h100->sources.at("bf16Tflops").confidence == aidc::Confidence::Vendor);
    // An override without a source is unverified and says where it came from.
    CHECK(h100->sources.at("tdpW").confidence == aidc::Confidence::Unverified);
    CHECK(h100->sources.at("tdpW").source.find(kProject) != std::string::npos);
    CHECK(catalog.accelerators.size() == shippedCopy().accelerators.size());
}

TEST_CASE("an override price keeps its own source and date", "[catalog][overrides]")
{
    aidc::Catalog catalog = shippedCopy();
    const aidc::Diagnostics d = applyOverrides(catalog, R"({"prices": [
        {"part": "QM9700", "unitUsd": 38000, "date": "2025-05-01",
         "source": "[V] quote from a reseller, May 2025"}]})");
    INFO(d.toString());
    CHECK(d.empty());
    const aidc::Price *price = catalog.price("QM9700");
    REQUIRE(price);
    CHECK(price->unitUsd == Approx(38000));
    CHECK(price->date == "2025-05-01");
    CHECK(price->unit == "each");
    CHECK(price->source.confidence == aidc::Confidence::Vendor);
}

TEST_CASE("an override adds new parts, from scratch or based on another", "[catalog][overrides]")
{
    aidc::Catalog catalog = shippedCopy();
    const aidc::Diagnostics d = applyOverrides(catalog, R"({
        "accelerators": [{"id": "H100-Capped", "basedOn": "H100-SXM", "name": "H100 at 500 W",
                          "tdpW": 500, "defaultServer": "DGX-H100-Capped",
                          "source": "[D] site power cap"}],
        "servers": [{"id": "DGX-H100-Capped", "basedOn": "DGX-H100",
                     "accelerator": "H100-Capped", "maxPowerW": 8600}],
        "racks": [{"id": "Rack-52U", "name": "52U rack", "heightU": 52, "widthMm": 600,
                   "depthMm": 1200, "maxPowerKW": 60, "staticLoadKg": 1500, "emptyMassKg": 180,
                   "feet": 4, "liquidCooled": false, "source": "[V] vendor sheet"}],
        "prices": [{"part": "Rack-52U", "unitUsd": 3000, "date": "2025-04-01"}]
    })");
    INFO(d.toString());
    CHECK(d.empty());
    const aidc::Accelerator *capped = catalog.accelerator("H100-Capped");
    REQUIRE(capped);
    CHECK(capped->tdpW == Approx(500));
    CHECK(capped->bf16Tflops == Approx(989));
    CHECK(capped->defaultServer == "DGX-H100-Capped");
    REQUIRE(catalog.server("DGX-H100-Capped"));
    CHECK(catalog.server("DGX-H100-Capped")->massKg == Approx(130.45)); // copied from DGX-H100
    CHECK(capped->sources.at("tdpW").confidence == aidc::Confidence::Derived);
    REQUIRE(catalog.rackType("Rack-52U"));
    CHECK(catalog.rackType("Rack-52U")->heightU == 52);
    CHECK(catalog.rackType("Rack-52U")->sources.at("heightU").confidence ==
          aidc::Confidence::Vendor);
    REQUIRE(catalog.price("Rack-52U"));
    CHECK(catalog.price("Rack-52U")->unitUsd == Approx(3000));
    // The H100 itself is unchanged.
    CHECK(catalog.accelerator("H100-SXM")->tdpW == Approx(700));
}

TEST_CASE("bad overrides name the project file and the override path",
          "[catalog][overrides][bad-input]")
{
    struct Case
    {
        const char *name;
        const char *json;
        const char *path;
        const char *message;
    };
    const std::vector<Case> cases = {
        {"wrong type", R"({"accelerators": [{"id": "H100-SXM", "tdpW": "650"}]})",
         "/catalogOverrides/accelerators/0/tdpW", "expected a number"},
        {"unknown field", R"({"accelerators": [{"id": "H100-SXM", "tdp": 650}]})",
         "/catalogOverrides/accelerators/0/tdp", "unknown key 'tdp'"},
        {"unknown kind", R"({"gpus": []})", "/catalogOverrides/gpus", "unknown key 'gpus'"},
        {"kind not an array", R"({"accelerators": {"id": "H100-SXM"}})",
         "/catalogOverrides/accelerators", "expected an array"},
        {"entry without id", R"({"switches": [{"basePowerW": 700}]})",
         "/catalogOverrides/switches/0/id", "missing id"},
        {"new part missing fields", R"({"accelerators": [{"id": "X1", "tdpW": 500}]})",
         "/catalogOverrides/accelerators/0/bf16Tflops", "missing required field"},
        {"efficiency above 1", R"({"accelerators": [{"id": "H100-SXM", "memoryEfficiency": 1.2}]})",
         "/catalogOverrides/accelerators/0/memoryEfficiency", "out of range"},
        {"negative price", R"({"prices": [{"part": "QM9700", "unitUsd": -1}]})",
         "/catalogOverrides/prices/0/unitUsd", "must be at least 0"},
        {"price for an unknown part",
         R"({"prices": [{"part": "H900", "unitUsd": 1, "date": "2025-01-01"}]})",
         "/catalogOverrides/prices/0/part", "price for unknown part 'H900'"},
        {"new price without a date", R"({"prices": [{"part": "install/per-row", "unitUsd": 1}]})",
         "/catalogOverrides/prices/0/date", "ISO date"},
        {"dangling reference", R"({"servers": [{"id": "DGX-H100", "accelerator": "H900"}]})",
         "/catalogOverrides/servers/0/accelerator", "unknown accelerator 'H900'"},
        {"server no longer carrying its GPU",
         R"({"servers": [{"id": "DGX-H100", "accelerator": "H200-SXM"}]})",
         "/catalogOverrides/servers/0/accelerator",
         "is the default server of 'H100-SXM' but carries 'H200-SXM'"},
        {"basedOn copies a default server that does not carry it",
         R"({"accelerators": [{"id": "X2", "basedOn": "H100-SXM"}]})",
         "/catalogOverrides/accelerators/0/defaultServer",
         "default server 'DGX-H100' carries 'H100-SXM', not 'X2'"},
        {"basedOn an unknown part", R"({"accelerators": [{"id": "X1", "basedOn": "H900"}]})",
         "/catalogOverrides/accelerators/0/basedOn", "unknown accelerators 'H900'"},
        {"new id of another kind", R"({"racks": [{"id": "QM9700", "basedOn": "Rack-42U-Air"}]})",
         "/catalogOverrides/racks/0/id", "already a part in switches"},
        {"untagged source",
         R"({"accelerators": [{"id": "H100-SXM", "tdpW": 650, "source": "my guess"}]})",
         "/catalogOverrides/accelerators/0/source", "confidence tag"},
        {"not an object", R"([1, 2])", "/catalogOverrides", "expected an object"},
        {"malformed JSON", R"({"accelerators": [)", "/catalogOverrides", "malformed JSON"},
    };
    for (const Case &c : cases) {
        SECTION(c.name)
        {
            aidc::Catalog catalog = shippedCopy();
            const aidc::Diagnostics d = applyOverrides(catalog, c.json);
            INFO(d.toString());
            CHECK(findError(d, kProject, c.path, c.message));
            // A rejected override leaves the part as it was.
            CHECK(catalog.accelerator("H100-SXM")->tdpW == Approx(700));
            CHECK(catalog.accelerator("H100-SXM")->memoryEfficiency == Approx(0.8));
            CHECK(catalog.price("QM9700")->unitUsd > 0);
            CHECK_FALSE(catalog.accelerator("X1"));
        }
    }
}

TEST_CASE("empty overrides change nothing", "[catalog][overrides]")
{
    aidc::Catalog catalog = shippedCopy();
    CHECK(applyOverrides(catalog, "").empty());
    CHECK(applyOverrides(catalog, "{}").empty());
    CHECK(catalog.accelerator("H100-SXM")->tdpW == Approx(700));
}

TEST_CASE("a lead time is a min-max range of weeks with its date and its own source",
          "[catalog][overrides][procurement]")
{
    // Shipped: switchgear 46-48 weeks (Cushman & Wakefield, Data Center Development Cost Guide
    // 2025, data to October 2024) [A]; QM9700 ordered as MQM9700-NS2F (DGX SuperPOD H100 RA).
    aidc::Catalog shipped = shippedCopy();
    const std::optional<aidc::PartOrdering> gear = shipped.ordering("MV-Switchgear");
    REQUIRE(gear);
    CHECK(gear->leadTime.minWeeks == 46);
    CHECK(gear->leadTime.maxWeeks == 48);
    REQUIRE(gear->leadTimeSource);
    CHECK(gear->leadTimeSource->confidence == aidc::Confidence::Analyst);
    CHECK(shipped.ordering("QM9700")->partNumber == "MQM9700-NS2F");
    CHECK_FALSE(shipped.ordering("no-such-part"));

    aidc::Catalog catalog = shippedCopy();
    aidc::Diagnostics d = applyOverrides(catalog, R"({"switches": [{"id": "QM9700",
        "leadTimeWeeks": [10, 20], "leadTimeDate": "2025-01-15",
        "sources": {"leadTimeWeeks": "[S] reseller quote"}}]})");
    INFO(d.toString());
    CHECK(d.empty());
    const std::optional<aidc::PartOrdering> qm = catalog.ordering("QM9700");
    REQUIRE(qm);
    CHECK(qm->leadTime.maxWeeks == 20);
    CHECK(qm->leadTime.date == "2025-01-15");
    CHECK(qm->leadTimeSource->source == "reseller quote");

    struct Bad
    {
        const char *entry;
        const char *path;
        const char *message;
    };
    const std::string base = "/catalogOverrides/switches/0/";
    for (const Bad &bad :
         std::vector<Bad>{{R"("leadTimeWeeks": [30, 20], "leadTimeDate": "2025-01-15",
                 "sources": {"leadTimeWeeks": "[S] x"})",
                           "leadTimeWeeks", "min weeks above max"},
                          {R"("leadTimeWeeks": [10, 20], "sources": {"leadTimeWeeks": "[S] x"})",
                           "leadTimeDate", "needs the date"},
                          {R"("leadTimeWeeks": [10, 20], "leadTimeDate": "2025-01-15")",
                           "leadTimeWeeks", "its own source"},
                          {R"("leadTimeWeeks": [10], "leadTimeDate": "2025-01-15",
                 "sources": {"leadTimeWeeks": "[S] x"})",
                           "leadTimeWeeks", "expected [min, max]"},
                          {R"("leadTimeWeeks": [0, 0], "leadTimeDate": "2025-01-15",
                 "sources": {"leadTimeWeeks": "[S] x"})",
                           "leadTimeWeeks/1", "out of range"}}) {
        aidc::Catalog copy = shippedCopy();
        const std::string json =
            std::string(R"({"switches": [{"id": "QM9700", )") + bad.entry + "}]}";
        const aidc::Diagnostics errors = applyOverrides(copy, json);
        INFO(json << "\n" << errors.toString());
        CHECK(findError(errors, kProject, base + bad.path, bad.message));
    }

    // A shipped lead time (UPS 28-36 weeks, 2024-10-01) is changed only whole: new weeks need
    // their own date and source, and neither a date nor a source alone re-dates or re-sources it.
    const std::string ups = "/catalogOverrides/power/0/";
    for (const Bad &bad : std::vector<Bad>{
             {R"("leadTimeWeeks": [60, 70], "sources": {"leadTimeWeeks": "[S] x"})", "leadTimeDate",
              "needs the date"},
             {R"("leadTimeDate": "2026-01-01")", "leadTimeDate", "without leadTimeWeeks"},
             {R"("sources": {"leadTimeWeeks": "[U] made up"})", "sources/leadTimeWeeks",
              "without leadTimeWeeks"}}) {
        aidc::Catalog copy = shippedCopy();
        const std::string json =
            std::string(R"({"power": [{"id": "UPS-DoubleConversion", )") + bad.entry + "}]}";
        const aidc::Diagnostics errors = applyOverrides(copy, json);
        INFO(json << "\n" << errors.toString());
        CHECK(findError(errors, kProject, ups + bad.path, bad.message));
    }
}

// SPDX-License-Identifier: Apache-2.0
// The project reference check: unknown parts and inconsistent choices, at project JSON paths.

#include "catalogfixture.h"

#include "catalogs/catalogloader.h"
#include "catalogs/projectcheck.h"
#include "model/projectjson.h"

#include <catch2/catch.hpp>

using aidc::test::findError;

namespace {

const std::string kProject = "site.json";

const aidc::Catalog &shipped()
{
    static const aidc::Catalog catalog = [] {
        aidc::Diagnostics diagnostics;
        aidc::Catalog c = aidc::loadCatalog(aidc::test::shippedCatalogDir(), diagnostics);
        if (diagnostics.hasErrors())
            throw aidc::LoadError(diagnostics);
        return c;
    }();
    return catalog;
}

// A small valid project naming a part of every checked kind.
aidc::Project validProject()
{
    aidc::Project project;
    project.name = "check";
    aidc::ComputePool pool;
    pool.name = "h100";
    pool.gpu = "H100-SXM";
    pool.server = "DGX-H100";
    pool.gpuCount = 1024;
    project.pools.push_back(pool);
    aidc::ComputePool nvl;
    nvl.name = "gb200";
    nvl.gpu = "GB200";
    nvl.gpuCount = 72 * 4;
    project.pools.push_back(nvl);

    aidc::FabricPlane backend;
    backend.name = "backend";
    backend.switchModel = "QM9700";
    backend.portGbps = 400;
    aidc::FabricPlane frontend;
    frontend.name = "frontend";
    frontend.role = aidc::PlaneRole::Frontend;
    frontend.technology = aidc::Technology::Ethernet;
    frontend.switchModel = "SN5600";
    frontend.portGbps = 200; // 800G split 4 ways
    aidc::FabricPlane oob;
    oob.name = "oob";
    oob.role = aidc::PlaneRole::Oob;
    oob.technology = aidc::Technology::Ethernet;
    oob.switchModel = "SN2201-OOB";
    oob.portGbps = 1;
    project.planes = {backend, frontend, oob};

    aidc::Hall hall;
    hall.id = "hall-a";
    aidc::Row row;
    row.id = "r1";
    for (int i = 0; i < 3; ++i) {
        aidc::RackSlot slot;
        slot.id = "r1-" + std::to_string(i);
        slot.rackType = "Rack-42U-Air";
        row.racks.push_back(slot);
    }
    hall.rows = {row, row};
    project.halls.push_back(hall);

    project.cooling.cdu = "CDU-InRow-600kW";
    project.cooling.chiller = "Chiller-WaterCooled-1000RT";
    project.storage.system = "PFS-AllFlash-2U";
    project.power.transformer = "XFMR-MV-Liquid";
    return project;
}

aidc::Diagnostics check(const aidc::Project &project)
{
    aidc::Diagnostics diagnostics;
    aidc::checkProjectAgainstCatalog(project, shipped(), kProject, diagnostics);
    return diagnostics;
}

} // namespace

TEST_CASE("a project with valid references passes the check", "[catalog][projectcheck]")
{
    const aidc::Diagnostics d = check(validProject());
    INFO(d.toString());
    CHECK(d.empty());
}

TEST_CASE("unknown and inconsistent references are reported at their project path",
          "[catalog][projectcheck][bad-input]")
{
    struct Case
    {
        const char *name;
        std::function<void(aidc::Project &)> edit;
        const char *path;
        const char *message;
    };
    const std::vector<Case> cases = {
        {"unknown accelerator", [](aidc::Project &p) { p.pools[1].gpu = "H900"; },
         "/compute/pools/1/gpu", "unknown accelerator 'H900' (known: A100-SXM-80GB, H100-SXM, "},
        {"unknown server", [](aidc::Project &p) { p.pools[0].server = "DGX-H900"; },
         "/compute/pools/0/server", "unknown server 'DGX-H900' (known: DGX-A100, DGX-H100"},
        {"server without the pool's GPU", [](aidc::Project &p) { p.pools[0].gpu = "B200"; },
         "/compute/pools/0/server",
         "server 'DGX-H100' carries 'H100-SXM', not the pool's GPU 'B200'"},
        {"unknown switch", [](aidc::Project &p) { p.planes[1].switchModel = "SN9999"; },
         "/network/planes/1/switch", "unknown switch 'SN9999' (known: QM9700, "},
        {"port speed the switch cannot take", [](aidc::Project &p) { p.planes[0].portGbps = 800; },
         "/network/planes/0/switch",
         "takes 400G (or 200G by breakout) ports, not the plane's 800G"},
        {"switch of the other technology",
         [](aidc::Project &p) { p.planes[0].switchModel = "TH5-64x800G"; },
         "/network/planes/0/switch", "is ethernet, but the plane is infiniband"},
        {"unknown rack type",
         [](aidc::Project &p) { p.halls[0].rows[1].racks[2].rackType = "Rack-99U"; },
         "/halls/0/rows/1/racks/2/rackType", "unknown rack type 'Rack-99U'"},
        {"unknown CDU", [](aidc::Project &p) { p.cooling.cdu = "CDU-9MW"; }, "/cooling/cdu",
         "unknown cdu 'CDU-9MW' (known: CDU-InRack-100kW"},
        {"chiller named as CDU",
         [](aidc::Project &p) { p.cooling.cdu = "Chiller-WaterCooled-1000RT"; }, "/cooling/cdu",
         "is a chiller, not a cdu"},
        {"unknown chiller", [](aidc::Project &p) { p.cooling.chiller = "Chiller-X"; },
         "/cooling/chiller", "unknown chiller 'Chiller-X'"},
        {"unknown storage system", [](aidc::Project &p) { p.storage.system = "Lustre-9000"; },
         "/storage/system", "unknown storage system 'Lustre-9000' (known: PFS-AllFlash-2U"},
        {"unknown transformer", [](aidc::Project &p) { p.power.transformer = "XFMR-9"; },
         "/power/transformer", "unknown transformer 'XFMR-9' (known: XFMR-LV-Dry"},
        {"UPS named as transformer", [](aidc::Project &p) { p.power.transformer = "UPS-Eco"; },
         "/power/transformer", "is a ups stage, not a transformer"},
    };
    for (const Case &c : cases) {
        SECTION(c.name)
        {
            aidc::Project project = validProject();
            c.edit(project);
            const aidc::Diagnostics d = check(project);
            INFO(d.toString());
            CHECK(findError(d, kProject, c.path, c.message));
        }
    }
}

TEST_CASE("a GPU count that does not fill whole servers is a warning", "[catalog][projectcheck]")
{
    aidc::Project project = validProject();
    project.pools[0].gpuCount = 1020; // 127.5 DGX H100
    const aidc::Diagnostics d = check(project);
    CHECK_FALSE(d.hasErrors());
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].jsonPath == "/compute/pools/0/gpuCount");
    CHECK(d.items()[0].message.find("rounds up to 128 servers") != std::string::npos);
}

TEST_CASE("the sample projects resolve against the shipped catalog", "[catalog][projectcheck]")
{
    int checked = 0;
    const std::filesystem::path projects = std::filesystem::path(AIDC_SOURCE_DIR) / "projects";
    for (const auto &entry : std::filesystem::directory_iterator(projects)) {
        if (entry.path().extension() != ".json")
            continue;
        INFO(entry.path().string());
        const aidc::Project project = aidc::loadProjectFile(entry.path().string());
        aidc::Catalog catalog = shipped();
        aidc::Diagnostics d;
        aidc::applyCatalogOverrides(catalog, project.catalogOverridesJson, entry.path().string(),
                                    d);
        aidc::checkProjectAgainstCatalog(project, catalog, entry.path().string(), d);
        INFO(d.toString());
        CHECK_FALSE(d.hasErrors());
        ++checked;
    }
    CHECK(checked >= 2);
}

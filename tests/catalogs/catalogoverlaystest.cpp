// SPDX-License-Identifier: Apache-2.0
// Catalog overlays (issue 22): site and user folders of catalog-format files applied in order
// on top of the built-in catalog, each change traceable to its file and entry.
#include "catalogs/catalogoverlays.h"
#include "catalogfixture.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

using namespace aidc;
using namespace aidc::test;

namespace {

namespace fs = std::filesystem;

// An empty folder, removed afterwards.
class TempFolder
{
public:
    explicit TempFolder(const std::string &name)
        : m_dir(fs::temp_directory_path() /
                ("aidc-overlay-test-" + std::to_string(::getpid()) + "-" + name))
    {
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    ~TempFolder()
    {
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }
    TempFolder(const TempFolder &) = delete;
    TempFolder &operator=(const TempFolder &) = delete;
    std::string dir() const { return m_dir.string(); }
    std::string write(const std::string &name, const nlohmann::json &value) const
    {
        const std::string path = (m_dir / name).string();
        const SaveResult saved = saveFileAtomically(path, value.dump(2));
        if (!saved.ok)
            throw std::runtime_error(saved.error);
        return path;
    }

private:
    fs::path m_dir;
};

nlohmann::json overlay(const std::string &kind, nlohmann::json items)
{
    return {{"schema", "aidc-catalog"}, {"version", 1}, {"kind", kind}, {"items", items}};
}

// Sets an environment variable for the scope of a test, restoring the old value.
class ScopedEnv
{
public:
    ScopedEnv(const char *name, const char *value)
        : m_name(name)
    {
        if (const char *old = std::getenv(name))
            m_old = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv()
    {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *m_name;
    std::optional<std::string> m_old;
};

} // namespace

TEST_CASE("an overlay changes the fields it names and keeps the rest with their sources",
          "[catalog][overlay]")
{
    TempFolder site("site");
    const std::string file = site.write(
        "10-switch.json", overlay("switches", {{{"id", "QM9700"}, {"basePowerW", 800}}}));
    Diagnostics diagnostics;
    std::vector<PartOrigin> origins;
    const Catalog catalog =
        loadCatalogSource({shippedCatalogDir(), {site.dir()}}, diagnostics, &origins);
    REQUIRE_FALSE(diagnostics.hasErrors());
    const SwitchModel *qm = catalog.switchModel("QM9700");
    REQUIRE(qm != nullptr);
    CHECK(qm->basePowerW == 800);
    CHECK(qm->radix == 64); // not named by the overlay: the shipped datasheet value
    CHECK(qm->sources.at("basePowerW").source == "catalog overlay " + file);
    CHECK(qm->sources.at("basePowerW").confidence == Confidence::Unverified);
    CHECK(qm->sources.at("radix").confidence == Confidence::Vendor);

    std::vector<PartOrigin> mine;
    for (const PartOrigin &origin : origins) {
        if (origin.id == "QM9700" && origin.kind == "switches")
            mine.push_back(origin);
    }
    REQUIRE(mine.size() == 2);
    CHECK(mine[0].file == shippedCatalogDir() + "/switches.json");
    CHECK(mine[1].file == file);
    CHECK(mine[1].pointer == "/items/0");
}

TEST_CASE("overlay folders apply in order and a later one wins, and a new part may start from "
          "another",
          "[catalog][overlay]")
{
    TempFolder site("site2"), user("user2");
    site.write("a.json", overlay("switches", {{{"id", "QM9700"}, {"basePowerW", 800}}}));
    user.write("a.json", overlay("switches", {{{"id", "QM9700"}, {"basePowerW", 760}},
                                              {{"id", "QM9700-SITE"},
                                               {"basedOn", "QM9700"},
                                               {"partNumber", "SITE-1"},
                                               {"source", "[V] the site's quote"}}}));
    Diagnostics diagnostics;
    const Catalog catalog =
        loadCatalogSource({shippedCatalogDir(), {site.dir(), user.dir()}}, diagnostics);
    REQUIRE_FALSE(diagnostics.hasErrors());
    CHECK(catalog.switchModel("QM9700")->basePowerW == 760);
    const SwitchModel *added = catalog.switchModel("QM9700-SITE");
    REQUIRE(added != nullptr);
    CHECK(added->partNumber == "SITE-1");
    CHECK(added->basePowerW == 760); // copied from the part as the overlays left it
}

TEST_CASE("a bad overlay names its file and entry and changes nothing", "[catalog][overlay]")
{
    TempFolder site("bad");
    SECTION("a wrong type")
    {
        const std::string file =
            site.write("x.json", overlay("switches", {{{"id", "QM9700"}, {"basePowerW", "much"}}}));
        Diagnostics diagnostics;
        const Catalog catalog = loadCatalogSource({shippedCatalogDir(), {site.dir()}}, diagnostics);
        CHECK(findError(diagnostics, file, "/items/0/basePowerW", "expected a number"));
        CHECK(catalog.switchModel("QM9700")->basePowerW == 747); // NVIDIA QM9700 manual
    }
    SECTION("an unknown kind")
    {
        const std::string file = site.write("x.json", overlay("gadgets", nlohmann::json::array()));
        Diagnostics diagnostics;
        loadCatalogSource({shippedCatalogDir(), {site.dir()}}, diagnostics);
        CHECK(findError(diagnostics, file, "/kind", "unknown catalog kind 'gadgets'"));
    }
    SECTION("a reference that does not resolve")
    {
        const std::string file = site.write(
            "x.json", overlay("servers", {{{"id", "DGX-H100"}, {"accelerator", "NO-SUCH-GPU"}}}));
        Diagnostics diagnostics;
        loadCatalogSource({shippedCatalogDir(), {site.dir()}}, diagnostics);
        bool named = false;
        for (const Diagnostic &d : diagnostics.items())
            named = named || (d.file == file && d.message.find("NO-SUCH-GPU") != std::string::npos);
        CHECK(named);
    }
}

TEST_CASE("a price overlay dates and prices the prices it changes, in its currency",
          "[catalog][overlay]")
{
    TempFolder site("prices");
    nlohmann::json file = overlay(
        "prices",
        {{{"part", "QM9700"}, {"unitUsd", 39000}, {"source", "[V] the site's 2026 quote"}}});
    file["date"] = "2026-03-01";
    site.write("p.json", file);
    Diagnostics diagnostics;
    const Catalog catalog = loadCatalogSource({shippedCatalogDir(), {site.dir()}}, diagnostics);
    REQUIRE_FALSE(diagnostics.hasErrors());
    const Price *price = catalog.price("QM9700");
    REQUIRE(price != nullptr);
    CHECK(price->unitUsd == 39000);
    CHECK(price->date == "2026-03-01"); // the overlay's date, not the shipped list's 2025-06-01
    CHECK(price->currency == "USD");    // the overlay names none: the price keeps its own

    // Without a date of its own, a changed price keeps the date it had.
    file.erase("date");
    site.write("p.json", file);
    Diagnostics undated;
    const Catalog kept = loadCatalogSource({shippedCatalogDir(), {site.dir()}}, undated);
    REQUIRE_FALSE(undated.hasErrors());
    CHECK(kept.price("QM9700")->date == "2025-06-01");

    // A dated list that changes only a price's source leaves its figure's date alone.
    file = overlay("prices", {{{"part", "QM9700"}, {"source", "[S] the same figure, re-cited"}}});
    file["date"] = "2026-03-01";
    site.write("p.json", file);
    Diagnostics sourceOnly;
    const Catalog recited = loadCatalogSource({shippedCatalogDir(), {site.dir()}}, sourceOnly);
    REQUIRE_FALSE(sourceOnly.hasErrors());
    CHECK(recited.price("QM9700")->unitUsd == 43000);
    CHECK(recited.price("QM9700")->date == "2025-06-01");
}

TEST_CASE("an overlay folder that is a file or cannot be listed, a folder named like a file, "
          "and a part id of another kind are errors",
          "[catalog][overlay][bad-input]")
{
    TempFolder site("odd");
    const std::string notAFolder = site.write("plain.json", nlohmann::json::object());
    Diagnostics diagnostics;
    loadCatalogSource({shippedCatalogDir(), {notAFolder}}, diagnostics);
    CHECK(findError(diagnostics, notAFolder, "", "is not a folder"));

    fs::create_directories(site.dir() + "/dir.json");
    site.write("x.json", overlay("racks", {{{"id", "QM9700"}, {"basedOn", "Rack-42U-Air"}}}));
    fs::remove(notAFolder);
    Diagnostics both;
    loadCatalogSource({shippedCatalogDir(), {site.dir()}}, both);
    CHECK(findError(both, site.dir() + "/dir.json", "", "is a folder, not a catalog overlay"));
    CHECK(findError(both, site.dir() + "/x.json", "/items/0/id", "already a part in switches"));
}

TEST_CASE("an explicit catalog reads no overlay, otherwise the site and XDG folders that exist "
          "do",
          "[catalog][overlay]")
{
    TempFolder data("xdg");
    fs::create_directories(data.dir() + "/aidc-planner/catalogs");
    const ScopedEnv xdg("XDG_DATA_HOME", data.dir().c_str());
    {
        const ScopedEnv catalogDir("AIDC_CATALOG_DIR", nullptr);
        const CatalogSource source = findCatalogSource("", std::nullopt);
        CHECK(source.overlayDirectories.back() == data.dir() + "/aidc-planner/catalogs");
        CHECK_FALSE(source.explicitCatalog);
        CHECK(catalogOverlaySearchPath().front() == "/etc/aidc-planner/catalogs.d");
        CHECK(findCatalogSource("", shippedCatalogDir()).overlayDirectories.empty());
        CHECK(findCatalogSource("", shippedCatalogDir()).explicitCatalog);
    }
    {
        // A program installed under ~/.local: its built-in catalog is the user's overlay folder,
        // which is then not read a second time as an overlay.
        TempFolder home("local");
        fs::create_directories(home.dir() + "/aidc-planner");
        fs::create_directory_symlink(shippedCatalogDir(), home.dir() + "/aidc-planner/catalogs");
        const ScopedEnv local("XDG_DATA_HOME", home.dir().c_str());
        const ScopedEnv catalogDir("AIDC_CATALOG_DIR", nullptr);
        const CatalogSource source = findCatalogSource("", std::nullopt);
        CHECK(source.baseDirectory == shippedCatalogDir());
        for (const std::string &folder : source.overlayDirectories)
            CHECK_FALSE(fs::equivalent(folder, shippedCatalogDir()));
    }
    {
        const ScopedEnv catalogDir("AIDC_CATALOG_DIR", shippedCatalogDir().c_str());
        const CatalogSource source = findCatalogSource("", std::nullopt);
        CHECK(source.baseDirectory == shippedCatalogDir());
        CHECK(source.overlayDirectories.empty());
        CHECK(source.explicitCatalog);
    }
    {
        // An empty or relative XDG_DATA_HOME is invalid (XDG Base Directory Specification):
        // ~/.local/share.
        const ScopedEnv empty("XDG_DATA_HOME", "");
        const ScopedEnv home("HOME", "/home/someone");
        CHECK(catalogOverlaySearchPath().back() ==
              "/home/someone/.local/share/aidc-planner/catalogs");
    }
    {
        const ScopedEnv relative("XDG_DATA_HOME", "relative/path");
        const ScopedEnv home("HOME", "/home/someone");
        CHECK(catalogOverlaySearchPath().back() ==
              "/home/someone/.local/share/aidc-planner/catalogs");
    }
}

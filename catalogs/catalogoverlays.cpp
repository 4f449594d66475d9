// SPDX-License-Identifier: Apache-2.0
#include "catalogoverlays.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace aidc {

std::vector<std::string> catalogOverlaySearchPath()
{
    std::vector<std::string> folders = {"/etc/aidc-planner/catalogs.d"};
    // XDG Base Directory Specification: $XDG_DATA_HOME, or ~/.local/share when it is unset or
    // empty (a relative value is invalid and ignored).
    const char *dataHome = std::getenv("XDG_DATA_HOME");
    if (dataHome && dataHome[0] == '/')
        folders.push_back(std::string(dataHome) + "/aidc-planner/catalogs");
    else if (const char *home = std::getenv("HOME"); home && home[0] == '/')
        folders.push_back(std::string(home) + "/.local/share/aidc-planner/catalogs");
    return folders;
}

CatalogSource findCatalogSource(const std::string &executablePath,
                                const std::optional<std::string> &explicitDirectory)
{
    if (explicitDirectory)
        return {*explicitDirectory, {}, true};
    if (const char *env = std::getenv("AIDC_CATALOG_DIR"); env && *env)
        return {env, {}, true};
    CatalogSource source{findCatalogDirectory(executablePath), {}, false};
    for (const std::string &folder : catalogOverlaySearchPath()) {
        // Whatever is there is read, so that a folder that cannot be read, or a file where the
        // folder should be, is reported rather than passed over. A path whose parent cannot
        // be searched (another user's home) holds nothing this user put there: absent. The
        // built-in catalog itself (a program installed under ~/.local) is not read twice.
        namespace fs = std::filesystem;
        std::error_code ec;
        if (fs::exists(fs::status(folder, ec)) && !fs::equivalent(folder, source.baseDirectory, ec))
            source.overlayDirectories.push_back(folder);
    }
    return source;
}

std::vector<std::string> catalogOverlayFiles(const CatalogSource &source, Diagnostics &diagnostics)
{
    namespace fs = std::filesystem;
    std::vector<std::string> all;
    for (const std::string &folder : source.overlayDirectories) {
        std::error_code ec;
        if (!fs::is_directory(folder, ec)) {
            diagnostics.error(folder, "",
                              ec ? "cannot read the catalog overlay folder: " + ec.message()
                                 : "is not a folder: a catalog overlay folder holds *.json "
                                   "catalog files (docs/catalog-format.md)");
            continue;
        }
        std::vector<std::string> files;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
            if (it->path().extension() != ".json")
                continue;
            std::error_code typeError;
            if (it->is_directory(typeError))
                diagnostics.error(it->path().string(), "",
                                  "is a folder, not a catalog overlay file");
            else
                files.push_back(it->path().string()); // an unreadable one is reported on read
        }
        if (ec) {
            diagnostics.error(folder, "",
                              "cannot list the catalog overlay folder: " + ec.message());
            continue;
        }
        std::sort(files.begin(), files.end());
        all.insert(all.end(), files.begin(), files.end());
    }
    return all;
}

Catalog loadCatalogSource(const CatalogSource &source, Diagnostics &diagnostics,
                          std::vector<PartOrigin> *origins)
{
    Catalog catalog = loadCatalog(source.baseDirectory, diagnostics, origins);
    if (diagnostics.hasErrors())
        return catalog; // an overlay cannot be checked against a broken base
    for (const std::string &file : catalogOverlayFiles(source, diagnostics))
        applyCatalogOverlay(catalog, file, diagnostics, origins);
    return catalog;
}

} // namespace aidc

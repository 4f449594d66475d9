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
                                const std::string &explicitDirectory)
{
    if (!explicitDirectory.empty())
        return {explicitDirectory, {}};
    if (const char *env = std::getenv("AIDC_CATALOG_DIR"); env && *env)
        return {env, {}};
    CatalogSource source{findCatalogDirectory(executablePath), {}};
    for (const std::string &folder : catalogOverlaySearchPath()) {
        std::error_code ec;
        if (std::filesystem::is_directory(folder, ec))
            source.overlayDirectories.push_back(folder);
    }
    return source;
}

std::vector<std::string> catalogOverlayFiles(const CatalogSource &source)
{
    namespace fs = std::filesystem;
    std::vector<std::string> all;
    for (const std::string &folder : source.overlayDirectories) {
        std::vector<std::string> files;
        std::error_code ec;
        for (const fs::directory_entry &entry : fs::directory_iterator(folder, ec)) {
            if (entry.path().extension() == ".json" && entry.is_regular_file(ec))
                files.push_back(entry.path().string());
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
    for (const std::string &file : catalogOverlayFiles(source))
        applyCatalogOverlay(catalog, file, diagnostics, origins);
    return catalog;
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "catalogcommand.h"

#include "catalogs/catalogoverlays.h"
#include "model/projectjson.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>

namespace aidc::cli {

namespace {

// True when `file` was found in `folder`: the loaders name each file `folder/name`.
bool isInside(const std::string &file, const std::string &folder)
{
    const std::string prefix = folder.ends_with('/') ? folder : folder + '/';
    return file.compare(0, prefix.size(), prefix) == 0;
}

} // namespace

CommandSpec catalogCommandSpec()
{
    return {"catalog",
            "catalog which ID [options]",
            "Say where a part of the catalog came from: its file, and every overlay or project "
            "override that changed it.",
            "The catalog is read in layers, each applied on top of the one before: the built-in\n"
            "catalog, /etc/aidc-planner/catalogs.d/*.json (the site's), "
            "$XDG_DATA_HOME/aidc-planner/\n"
            "catalogs/*.json (the user's; default ~/.local/share) and, with --project, the\n"
            "project's catalogOverrides. --catalog or $AIDC_CATALOG_DIR names the whole catalog:\n"
            "then no overlay is read. Prints the layers, then each entry for the id as FILE\n"
            "JSON-POINTER, first the definition, then the changes: a part and its price, or a\n"
            "failure rate by its component class (gpu, switch, ...). Exits with 1 when no layer\n"
            "has the id. docs/catalog-format.md describes overlays.",
            {{"--project", true, "FILE", "also apply this project's catalogOverrides"},
             catalogOption()},
            2,
            2};
}

int runCatalogCommand(const ParsedArgs &args, const std::string &executablePath)
{
    if (args.positional[0] != "which") {
        std::cerr << "aidc catalog: unknown subcommand '" << args.positional[0]
                  << "' (expected which)\n";
        return ExitUsage;
    }
    const std::string &part = args.positional[1];
    const CatalogSource source = findCatalogSource(executablePath, args.given("--catalog"));

    Diagnostics diagnostics;
    std::vector<PartOrigin> origins;
    Catalog catalog = loadCatalogSource(source, diagnostics, &origins);
    const std::string projectFile = args.value("--project");
    if (!diagnostics.hasErrors() && !projectFile.empty()) {
        try {
            const Project project = loadProjectFile(projectFile);
            applyCatalogOverrides(catalog, project.catalogOverridesJson, projectFile, diagnostics,
                                  &origins);
        } catch (const LoadError &error) {
            diagnostics = error.diagnostics();
        }
    }
    if (diagnostics.hasErrors()) {
        std::cerr << diagnostics.toString();
        return ExitInput;
    }

    std::cout << "catalog layers, in the order they apply:\n";
    std::cout << "  built-in  " << source.baseDirectory << '\n';
    const std::vector<std::string> labels = {"site", "user"};
    const std::vector<std::string> searchPath = catalogOverlaySearchPath();
    for (std::size_t i = 0; i < searchPath.size(); ++i) {
        const bool read =
            std::find(source.overlayDirectories.begin(), source.overlayDirectories.end(),
                      searchPath[i]) != source.overlayDirectories.end();
        std::cout << "  " << (i < labels.size() ? labels[i] : "overlay") << std::string(6, ' ')
                  << searchPath[i]
                  << (source.explicitCatalog
                          ? "  (not read: an explicit catalog is the whole catalog)"
                      : read ? ""
                             : "  (absent)")
                  << '\n';
    }
    if (!projectFile.empty())
        std::cout << "  project   " << projectFile << " (catalogOverrides)\n";

    auto layerOf = [&](const std::string &file) -> std::string {
        if (!projectFile.empty() && file == projectFile)
            return "project";
        if (isInside(file, source.baseDirectory))
            return "built-in";
        for (std::size_t i = 0; i < searchPath.size(); ++i) {
            if (isInside(file, searchPath[i]))
                return i < labels.size() ? labels[i] : "overlay";
        }
        return "built-in";
    };
    std::cout << '\n';
    std::set<std::string> kindsSeen;
    for (const PartOrigin &origin : origins) {
        if (origin.id != part)
            continue;
        const bool defined = kindsSeen.insert(origin.kind).second;
        std::cout << origin.kind << ": " << (defined ? "defined in" : "changed by") << " ("
                  << layerOf(origin.file) << ") " << origin.file << ' ' << origin.pointer << '\n';
    }
    if (kindsSeen.empty()) {
        std::cerr << "aidc catalog which: no layer has a part, price or failure class '" << part
                  << "'\n";
        return ExitViolations;
    }
    return ExitOk;
}

} // namespace aidc::cli

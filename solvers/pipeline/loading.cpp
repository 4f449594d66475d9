#include "loading.h"

#include "catalogs/catalogloader.h"
#include "catalogs/projectcheck.h"
#include "model/projectjson.h"

namespace aidc {

Catalog loadBaseCatalog(const std::string &catalogDirectory)
{
    Diagnostics diagnostics;
    Catalog catalog = loadCatalog(catalogDirectory, diagnostics);
    if (diagnostics.hasErrors())
        throw LoadError(diagnostics);
    return catalog;
}

LoadedProject prepareProject(const Project &project, const std::string &path,
                             const Catalog &baseCatalog)
{
    LoadedProject loaded;
    loaded.path = path;
    loaded.project = project;
    loaded.catalog = baseCatalog;
    Diagnostics diagnostics;
    if (!project.catalogOverridesJson.empty())
        applyCatalogOverrides(loaded.catalog, project.catalogOverridesJson, path, diagnostics);
    checkProjectAgainstCatalog(loaded.project, loaded.catalog, path, diagnostics);
    if (diagnostics.hasErrors())
        throw LoadError(diagnostics);
    loaded.warnings = diagnostics;
    return loaded;
}

LoadedProject loadProjectForEvaluation(const std::string &projectPath, const Catalog &baseCatalog)
{
    return prepareProject(loadProjectFile(projectPath), projectPath, baseCatalog);
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "loading.h"

#include "catalogs/catalogloader.h"
#include "catalogs/projectcheck.h"
#include "model/projectjson.h"
#include "solvers/cost/pricebook.h"
#include "solvers/pipeline/acknowledgements.h"

#include <filesystem>

namespace aidc {

Catalog loadBaseCatalog(const std::string &catalogDirectory)
{
    return loadBaseCatalog(CatalogSource{catalogDirectory, {}, true});
}

Catalog loadBaseCatalog(const CatalogSource &source)
{
    Diagnostics diagnostics;
    Catalog catalog = loadCatalogSource(source, diagnostics);
    if (diagnostics.hasErrors())
        throw LoadError(diagnostics);
    return catalog;
}

LoadedProject prepareProject(const Project &project, const std::string &path,
                             const Catalog &baseCatalog, PriceBookUse priceBook)
{
    LoadedProject loaded;
    loaded.path = path;
    loaded.project = project;
    loaded.catalog = baseCatalog;
    Diagnostics diagnostics;
    if (!project.catalogOverridesJson.empty())
        applyCatalogOverrides(loaded.catalog, project.catalogOverridesJson, path, diagnostics);
    checkProjectAgainstCatalog(loaded.project, loaded.catalog, path, diagnostics);
    if (!project.cost.priceBook.empty()) {
        std::filesystem::path book(project.cost.priceBook);
        if (book.is_relative() && !path.empty())
            book = std::filesystem::path(path).parent_path() / book;
        if (book.is_relative() && path.empty()) {
            // Never the working directory's file of that name: an untitled project has no
            // folder to find its book in.
            diagnostics.error(path, "/cost/priceBook",
                              "the price book '" + project.cost.priceBook +
                                  "' is a path relative to the project file, and this project "
                                  "has no file yet: save it beside the book, or give an "
                                  "absolute path");
        } else if (priceBook == PriceBookUse::CheckExists) {
            std::error_code error;
            if (!std::filesystem::is_regular_file(book, error))
                diagnostics.error(path, "/cost/priceBook",
                                  "no price book at '" + book.string() + "'");
        } else {
            try {
                loaded.priceBook = std::make_shared<const PriceBook>(
                    PriceBook::open(book.string(), PriceBook::OpenMode::ReadOnly));
            } catch (const PriceBookError &error) {
                diagnostics.error(path, "/cost/priceBook", error.what());
            }
        }
    }
    if (diagnostics.hasErrors())
        throw LoadError(diagnostics);
    loaded.warnings = diagnostics;
    return loaded;
}

LoadedProject loadProjectForEvaluation(const std::string &projectPath, const Catalog &baseCatalog)
{
    return prepareProject(loadProjectFile(projectPath), projectPath, baseCatalog);
}

Result evaluateLoadedProject(const LoadedProject &loaded, const EvaluateOptions &options)
{
    EvaluateOptions withPriceBook = options;
    withPriceBook.priceBook = loaded.priceBook.get();
    Result result = evaluate(loaded.project, loaded.catalog, withPriceBook);
    Diagnostics all = loaded.warnings;
    applyAcknowledgements(loaded.project.acknowledgedWarnings, result, &all);
    all.append(result.diagnostics);
    result.diagnostics = std::move(all);
    return result;
}

} // namespace aidc

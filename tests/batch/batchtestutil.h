// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the batch tests: the sample projects, the catalog loaded once, a direct evaluation
// exactly as `aidc eval --format json` does it (app/aidc/main.cpp runEval), and running the
// batch commands in-process through their argument parser.

#include "app/aidc/batchargs.h"
#include "model/projectjson.h"
#include "solvers/batch/batch.h"
#include "solvers/pipeline/report.h"
#include "solvers/uncertainty/uncertaintyreport.h"
#include "tests/model/testutil.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace aidc::test {

inline std::string catalogDirectory()
{
    return sourcePath("catalogs/data");
}

inline const Catalog &baseCatalog()
{
    static const Catalog catalog = loadBaseCatalog(catalogDirectory());
    return catalog;
}

inline std::vector<std::string> sampleProjects()
{
    std::vector<std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(sourcePath("projects"))) {
        if (entry.path().extension() == ".json")
            files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// The result document of `aidc eval FILE --format json`, computed the way runEval does:
// load, evaluate with the project's price book, loader warnings first in the diagnostics.
inline nlohmann::json directEvaluation(const Project &project, const std::string &path)
{
    const LoadedProject loaded = prepareProject(project, path, baseCatalog());
    EvaluateOptions options;
    options.priceBook = loaded.priceBook.get();
    Result result = evaluate(loaded.project, loaded.catalog, options);
    Diagnostics all = loaded.warnings;
    all.append(result.diagnostics);
    result.diagnostics = all;
    return resultDocument(loaded.project, baseCatalog(), loaded.catalog, result);
}

inline nlohmann::json directEvaluation(const std::string &path)
{
    return directEvaluation(loadProjectFile(path), path);
}

// True when a result document holds an error-severity diagnostic (`aidc eval` exits 3).
inline bool hasErrorDiagnostics(const nlohmann::json &result)
{
    for (const nlohmann::json &diagnostic : result.value("diagnostics", nlohmann::json::array())) {
        if (diagnostic.value("severity", "") == "error")
            return true;
    }
    return false;
}

// The loader's complaint about `path`, as `aidc eval` prints it (without the final newline).
inline std::string loaderMessage(const std::string &path)
{
    try {
        loadProjectForEvaluation(path, baseCatalog());
    } catch (const LoadError &error) {
        std::string text = error.diagnostics().toString();
        while (!text.empty() && text.back() == '\n')
            text.pop_back();
        return text;
    }
    return {};
}

// Parses a JSON Lines file.
inline std::vector<nlohmann::json> readJsonLines(const std::string &path)
{
    std::vector<nlohmann::json> lines;
    std::istringstream in(readFile(path));
    for (std::string line; std::getline(in, line);) {
        if (!line.empty())
            lines.push_back(nlohmann::json::parse(line));
    }
    return lines;
}

struct CliRun
{
    int exitCode = -1;
    std::string out, err;
};

// Runs `aidc <arguments>` for a batch command in this process, capturing its output.
inline CliRun runCli(std::vector<std::string> arguments)
{
    const std::vector<cli::CommandSpec> specs = cli::batchCommandSpecs();
    CliRun run;
    std::string error;
    const std::optional<cli::ParsedArgs> parsed = cli::parseArgs(specs, arguments, error);
    if (!parsed) {
        run.exitCode = cli::ExitUsage;
        run.err = error;
        return run;
    }
    std::ostringstream out, err;
    std::streambuf *oldOut = std::cout.rdbuf(out.rdbuf());
    std::streambuf *oldErr = std::cerr.rdbuf(err.rdbuf());
    try {
        cli::ParsedArgs copy = *parsed;
        if (std::find(arguments.begin(), arguments.end(), "--catalog") == arguments.end() &&
            copy.command != "merge")
            copy.values["--catalog"] = {catalogDirectory()};
        run.exitCode = cli::runBatchCommand(copy, "");
    } catch (...) {
        std::cout.rdbuf(oldOut);
        std::cerr.rdbuf(oldErr);
        throw;
    }
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    run.out = out.str();
    run.err = err.str();
    return run;
}

} // namespace aidc::test

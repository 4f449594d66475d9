// SPDX-License-Identifier: Apache-2.0
#include "app/aidc/optimizeargs.h"

#include "app/aidc/batchargs.h"

#include "catalogs/catalogoverlays.h"
#include "model/atomicfile.h"
#include "model/isodate.h"
#include "model/projectfields.h"
#include "model/projectjson.h"
#include "solvers/batch/batch.h"
#include "solvers/batch/resultsdb.h"
#include "solvers/common/reportformat.h"
#include "solvers/handoff/xlsxworkbook.h"
#include "solvers/optimize/optimizereport.h"
#include "solvers/pipeline/loading.h"
#include "solvers/uncertainty/bands.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace aidc::cli {

namespace {

std::string listText()
{
    std::string out = "metrics (--objectives, --constraint):\n";
    for (const Metric &metric : metrics())
        out += "  " + std::string(metric.name) + " [" + metric.unit + ", " +
               (metric.better == Sense::Minimize ? "lower" : "higher") + " is better]\n      " +
               metric.description + "\n";
    out += "\ndesign variables (--vary; * is an array index):\n";
    for (const ProjectField &field : projectFields()) {
        if (field.designVariable)
            out +=
                "  " + field.pointer + (field.unit.empty() ? "" : " [" + field.unit + "]") + "\n";
    }
    return out;
}

struct Usage : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

OptimizeOptions searchOptions(const ParsedArgs &args)
{
    OptimizeOptions options;
    std::string error;
    auto number = [&](const std::string &option, long long low, long long high) {
        const std::optional<long long> value = wholeNumber(args, option, low, high, error);
        if (!value)
            throw Usage(error);
        return *value;
    };
    const std::string method = args.value("--method", "auto");
    if (method == "exhaustive")
        options.method = SearchMethod::Exhaustive;
    else if (method == "evolutionary")
        options.method = SearchMethod::Evolutionary;
    else if (method != "auto")
        throw Usage("--method is auto, exhaustive or evolutionary, got '" + method + "'");
    if (args.has("--exhaustive-limit"))
        options.exhaustiveLimit = number("--exhaustive-limit", 1, 100000000);
    if (args.has("--population"))
        options.population = int(number("--population", 4, 100000));
    if (args.has("--generations"))
        options.generations = int(number("--generations", 0, 100000));
    if (args.has("--seed"))
        options.seed = std::uint64_t(number("--seed", 0, 9007199254740991LL));
    if (args.has("--jobs"))
        options.threads = int(number("--jobs", 1, 1024));
    if (args.has("--shard")) {
        const std::optional<Shard> shard = parseShard(args.value("--shard"), error);
        if (!shard)
            throw Usage(error);
        options.shardIndex = shard->index;
        options.shardCount = shard->count;
    }
    // Only what the metrics read: the scaling curve and the reliability Monte Carlo check do
    // not change a headline figure (tests/cli checks the front against `aidc eval`).
    options.evaluate = headlineOnly(options.evaluate);
    options.evaluate.cost.asOfDate = args.value("--as-of");
    if (!options.evaluate.cost.asOfDate.empty() && !isIsoDate(options.evaluate.cost.asOfDate))
        throw Usage("--as-of needs a date as YYYY-MM-DD, got '" + options.evaluate.cost.asOfDate +
                    "'");
    return options;
}

OptimizeSpec searchSpec(const ParsedArgs &args)
{
    OptimizeSpec spec;
    for (const std::string &vary : args.all("--vary"))
        spec.variables.push_back(parseDesignVariable(vary));
    if (spec.variables.empty())
        throw OptimizeError("give at least one --vary PATH=V1,V2,... (aidc optimize --list "
                            "shows the design variables)");
    if (!args.has("--objectives"))
        throw OptimizeError("give --objectives, e.g. --objectives capex,time-to-train (aidc "
                            "optimize --list shows the metrics)");
    spec.objectives = parseObjectives(args.value("--objectives"));
    for (const std::string &constraint : args.all("--constraint"))
        spec.constraints.push_back(parseConstraint(constraint));
    checkConstraintsConsistent(spec.constraints);
    spec.allowWarnings = args.has("--allow-warnings");
    for (const std::string &share : args.all("--workload"))
        spec.mix.push_back(parseWorkloadShare(share));
    for (const std::string &field : args.all("--phase1")) {
        try {
            spec.phase1.push_back(parseDesignVariable(field));
        } catch (const OptimizeError &error) {
            std::string message = error.what(); // worded for --vary
            if (message.rfind("--vary", 0) == 0)
                message.replace(0, 6, "--phase1");
            throw OptimizeError(message);
        }
        if (spec.phase1.back().values.size() != 1)
            throw OptimizeError("--phase1 '" + field + "': the first phase takes one value");
    }
    for (const std::string &monotone : args.all("--monotone")) {
        for (const MonotoneEffect &effect : parseMonotone(monotone, spec.variables))
            spec.monotone.push_back(effect);
    }
    return spec;
}

// Writes each front member's project as DIR/front-NN.json; returns the file names (relative to
// DIR), or an error message.
std::optional<std::vector<std::string>> writeProjects(const Optimizer &optimizer,
                                                      const OptimizeResult &result,
                                                      const std::string &directory,
                                                      std::string &error)
{
    bool created = false;
    error = ensureDirectory(directory, created);
    if (!error.empty())
        return std::nullopt;
    // Front files of an earlier search in the same folder would read as members of this one.
    std::error_code ignored;
    for (const auto &entry : std::filesystem::directory_iterator(directory, ignored)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > 11 && name.rfind("front-", 0) == 0 &&
            name.compare(name.size() - 5, 5, ".json") == 0 &&
            std::all_of(name.begin() + 6, name.end() - 5,
                        [](char c) { return c >= '0' && c <= '9'; }))
            std::filesystem::remove(entry.path(), ignored);
    }
    const std::size_t width = std::max<std::size_t>(2, std::to_string(result.front.size()).size());
    std::vector<std::string> files;
    for (std::size_t i = 0; i < result.front.size(); ++i) {
        std::string number = std::to_string(i + 1);
        const std::string name =
            "front-" + std::string(width - std::min(width, number.size()), '0') + number + ".json";
        const SaveResult saved = saveFileAtomically(directory + "/" + name,
                                                    optimizer.document(result.front[i].choices, 2));
        if (!saved.ok) {
            error = saved.error;
            return std::nullopt;
        }
        files.emplace_back(name);
    }
    return files;
}

// The front (numbers as numeric cells), the search's arguments and outcome, and --explain.
int writeWorkbook(const Optimizer &optimizer, const OptimizeResult &result,
                  const std::vector<std::vector<std::string>> &explanations,
                  const std::string &path)
{
    XlsxWorkbook workbook(path);
    const CsvTable front = frontTable(optimizer, result);
    workbook.beginSheet("Front", front.header);
    for (const std::vector<std::string> &row : front.rows)
        workbook.addRow(row);
    workbook.beginSheet("Search", {"item", "value"});
    const nlohmann::ordered_json summary = optimizeResultJson(optimizer, result, {}, {});
    for (const char *key : {"method", "spaceSize", "evaluated", "feasible", "seconds"})
        workbook.addRow({key, summary[key].is_string() ? summary[key].get<std::string>()
                                                       : summary[key].dump()});
    for (const auto &[key, values] : summary["search"].items()) {
        if (!values.is_array()) {
            workbook.addRow({key, values.dump()});
            continue;
        }
        for (const nlohmann::ordered_json &value : values)
            workbook.addRow({key, value.get<std::string>()});
    }
    if (summary.contains("resolution")) {
        for (const auto &[key, value] : summary["resolution"].items())
            workbook.addRow({"resolution " + key, formatCsvNumber(value.get<double>())});
    }
    if (!explanations.empty()) {
        workbook.beginSheet("Explain", {"id", "line"});
        for (std::size_t i = 0; i < explanations.size(); ++i) {
            for (const std::string &line : explanations[i])
                workbook.addRow({std::to_string(i + 1), line});
        }
    }
    const SaveResult saved = workbook.close();
    if (!saved.ok) {
        std::cerr << "aidc optimize: " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

// Every front member's whole result as a row of the results database (command "optimize",
// the chosen values as the variant columns), as `aidc sweep --db` stores its variants.
int addToDatabase(const Optimizer &optimizer, const OptimizeResult &result, const Catalog &catalog,
                  const EvaluateOptions &evaluate, const std::string &path)
{
    const nlohmann::ordered_json front = optimizeResultJson(optimizer, result, {}, {});
    try {
        ResultsDatabase database(path);
        database.begin();
        const std::string runTime = currentRunTime();
        for (std::size_t i = 0; i < result.front.size(); ++i) {
            const Candidate &member = result.front[i];
            BatchInput input;
            input.file = optimizer.baseFile();
            input.label = optimizer.baseFile() + "#" + std::to_string(member.index);
            input.text = optimizer.document(member.choices);
            input.variant = nlohmann::json::parse(front["front"][i]["values"].dump());
            database.addRow(evaluateBatchInput(member.index, input, catalog, evaluate), "optimize",
                            runTime);
        }
        database.commit();
    } catch (const ResultsDbError &error) {
        std::cerr << "aidc optimize: " << error.what() << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

int runOptimize(const ParsedArgs &args, const std::string &executablePath)
{
    if (args.has("--list")) {
        std::cout << listText();
        return ExitOk;
    }
    if (args.positional.empty())
        throw Usage("give the base project FILE (or --list)");
    const std::string file = args.positional[0];
    if (args.value("--csv") == "-" && args.value("--json") == "-")
        throw Usage("--csv - and --json - cannot both write to standard output");
    OptimizeSpec spec = searchSpec(args);
    OptimizeOptions options = searchOptions(args);
    const bool quiet = args.has("--quiet");
    int tieSamples = 32;
    if (args.has("--tie-samples")) {
        std::string error;
        const std::optional<long long> samples =
            wholeNumber(args, "--tie-samples", 0, 10000, error);
        if (!samples)
            throw Usage(error);
        tieSamples = int(*samples);
    }

    const Catalog catalog =
        loadBaseCatalog(findCatalogSource(executablePath, args.given("--catalog")));
    const std::optional<std::string> text = readFileBytes(file);
    if (!text) {
        loadProjectFile(file); // throws the loader's message (missing, unreadable)
        Diagnostics unreadable;
        unreadable.error(file, "", "cannot read the project");
        throw LoadError(unreadable);
    }
    loadProjectForEvaluation(file, catalog); // the base itself must load: its errors, not ours
    const Optimizer optimizer(file, *text, catalog, std::move(spec));

    OptimizeResult result;
    if (args.has("--merge")) {
        std::vector<PartialFront> parts;
        for (const std::string &part : args.all("--merge")) {
            const std::optional<std::string> bytes = readFileBytes(part);
            Diagnostics bad;
            try {
                parts.push_back(partialFrontFromJson(
                    optimizer, nlohmann::json::parse(bytes.value_or("")), part));
                continue;
            } catch (const nlohmann::json::exception &) {
                bad.error(part, "", bytes ? "not JSON" : "cannot read the file");
            } catch (const OptimizeError &error) {
                bad.error("", "", error.what()); // the message names the file
            }
            throw LoadError(bad);
        }
        try {
            result = mergeShards(optimizer, parts);
        } catch (const OptimizeError &error) {
            Diagnostics bad;
            bad.error("", "", error.what());
            throw LoadError(bad);
        }
    } else {
        const bool progress = !quiet && ::isatty(STDERR_FILENO);
        if (progress)
            options.onProgress = [](const OptimizeProgress &p) {
                std::cerr << "\r  " << p.evaluated << " / " << p.planned << " candidates, front "
                          << p.front << "   " << std::flush;
            };
        result = optimizer.run(options);
        if (progress)
            std::cerr << '\n';
    }

    if (tieSamples > 0)
        optimizer.findTies(result, options.evaluate, tieSamples, options.threads);

    if (result.front.empty()) {
        // A shard with nothing feasible is a valid part of the search: its --json (with its
        // closest candidate) joins the merge, and the array task succeeds.
        const bool shard = options.shardCount > 1 && !args.has("--merge");
        std::cerr << "aidc optimize: " << (shard ? "this shard: " : "")
                  << infeasibleMessage(optimizer, result) << '\n';
        if (args.has("--json")) {
            // The closest candidate is in the JSON too, for a script to read.
            const std::string json = optimizeResultJson(optimizer, result, {}, {}).dump(2) + "\n";
            if (const int code = writeOutput(args.value("--json"), json, "optimize"))
                return code;
        }
        return shard ? ExitOk : ExitViolations;
    }

    std::vector<std::vector<std::string>> explanations;
    if (args.has("--explain")) {
        for (std::size_t i = 0; i < result.front.size(); ++i)
            explanations.push_back(explainFrontMember(optimizer, result, i, options.evaluate));
    }
    std::vector<std::string> files;
    if (args.has("--projects")) {
        std::string error;
        const std::optional<std::vector<std::string>> written =
            writeProjects(optimizer, result, args.value("--projects"), error);
        if (!written) {
            std::cerr << "aidc optimize: " << error << '\n';
            return ExitOutput;
        }
        files = *written;
    }

    std::ostringstream out;
    out << "aidc optimize: " << file << ": " << searchMethodName(result.method) << " search, "
        << result.evaluated << " of " << result.spaceSize << " candidates evaluated, "
        << result.feasible << " feasible, " << result.front.size() << " on the front";
    if (!args.has("--merge"))
        out << ", " << formatFixed(result.seconds, 1) << " s";
    out << "\n";
    if (!result.fromScratchBest.empty() && !result.front.empty()) {
        const std::vector<const Metric *> &objectives = optimizer.spec().objectives;
        for (std::size_t m = 0; m < objectives.size(); ++m) {
            if (objectives[m]->phase != 0 || !result.fromScratchBest[m])
                continue;
            const double with = *result.front[result.bestPerObjective[m]].objectives[m];
            out << "  best " << objectives[m]->name << " with the first phase a part of the "
                << "final design: " << formatMetric(*objectives[m], with)
                << "; designing the final design alone: "
                << formatMetric(*objectives[m], *result.fromScratchBest[m]) << "\n";
        }
    }
    if (!optimizer.spec().monotone.empty()) {
        out << "  " << result.pruned << " candidates skipped by --monotone; the declarations "
            << "were checked on " << result.monotoneChecks << " pairs"
            << (result.monotoneContradictions.empty() ? ", none contradicted" : "") << "\n";
        for (const std::string &contradiction : result.monotoneContradictions)
            std::cerr << "aidc optimize: warning: " << contradiction
                      << " (the declaration is wrong: the front may miss members)\n";
    }
    if (result.method == SearchMethod::Evolutionary && !result.polishSettled)
        out << "  (the polish stopped at its budget: a member may still be beaten by a "
               "one-variable "
               "move; raise --generations or enumerate around it)\n";
    const CsvTable table = frontTextTable(optimizer, result);
    TextTable textTable(table.header);
    for (const std::vector<std::string> &row : table.rows)
        textTable.addRow(row);
    textTable.write(out);
    for (std::size_t i = 0; i < explanations.size(); ++i) {
        out << "\n#" << i + 1 << ":\n";
        for (const std::string &line : explanations[i])
            out << "  " << line << "\n";
    }
    // The table goes to standard output unless an output takes it ('-') or --quiet asks for
    // files only.
    const bool stdoutTaken = args.value("--csv") == "-" || args.value("--json") == "-";
    if (!stdoutTaken &&
        (!quiet || !(args.has("--csv") || args.has("--json") || args.has("--xlsx"))))
        std::cout << out.str() << std::flush;

    if (args.has("--xlsx")) {
        if (const int code = writeWorkbook(optimizer, result, explanations, args.value("--xlsx")))
            return code;
    }
    if (args.has("--db")) {
        // Whole results, as `aidc eval` gives them (the search itself skips the scaling curve
        // and the Monte Carlo check, which no metric reads).
        EvaluateOptions whole;
        whole.cost = options.evaluate.cost;
        if (const int code = addToDatabase(optimizer, result, catalog, whole, args.value("--db")))
            return code;
    }
    if (args.has("--csv")) {
        if (const int code =
                writeOutput(args.value("--csv"), toCsv(frontTable(optimizer, result)), "optimize"))
            return code;
    }
    if (args.has("--json")) {
        const std::string json =
            optimizeResultJson(optimizer, result, explanations, files).dump(2) + "\n";
        if (const int code = writeOutput(args.value("--json"), json, "optimize"))
            return code;
    }
    return ExitOk;
}

} // namespace

CommandSpec optimizeCommandSpec()
{
    return {
        "optimize",
        "optimize FILE --vary PATH=V1,V2,... --objectives A,B [options]",
        "Search design choices for the Pareto front of two or three objectives.",
        "Varies design fields of FILE (the base project) and reports the candidates no\n"
        "other candidate beats on every objective, under the constraints. PATH is a JSON\n"
        "pointer to a design variable; values as in sweep --set, or FROM..TO[:STEP]; fields\n"
        "that move together are linked with '+':\n"
        "  --vary /compute/pools/0/gpuCount+/workload/gpus=[50000,49152],[100000,98304]\n"
        "  --vary /network/planes/0/islandOversubscription=1..7:2\n"
        "  --objectives capex,time-to-train --constraint facility-power<=150\n"
        "A candidate is feasible when it loads, its evaluation has no error and no\n"
        "unacknowledged warning, and it meets every constraint. Spaces up to\n"
        "--exhaustive-limit candidates are enumerated, larger ones searched by NSGA-II\n"
        "(seeded: the same seed gives the same front). Exit 1 when nothing is feasible.\n"
        "'aidc optimize --list' shows the metrics and the design variables.\n"
        "See docs/optimize.md.",
        {{"--vary", true, "PATH=VALUES",
          "a design variable and its values (repeatable; PATH1+PATH2 links fields)", true},
         {"--objectives", true, "A,B[,C]", "one to three metrics to optimise"},
         {"--constraint", true, "NAME<=V|NAME>=V", "a limit on a metric, in its unit (repeatable)",
          true},
         {"--workload", true, "FILE[=WEIGHT]",
          "a job of a workload mix: FILE's /workload with its share of the site's time "
          "(repeatable; default: the base project's own workload)",
          true},
         {"--phase1", true, "PATH=VALUE",
          "phased build-out: the first phase is each candidate with PATH set to VALUE "
          "(repeatable; phase1-NAME metrics read it)",
          true},
         {"--monotone", true, "PATH=METRIC+|METRIC-,...",
          "declare that a metric never falls (+) or never rises (-) as an ordered --vary rises; "
          "enumeration then skips what that proves infeasible or dominated (repeatable)",
          true},
         {"--allow-warnings", false, "",
          "a candidate with unacknowledged warnings may still be feasible"},
         {"--method", true, "auto|exhaustive|evolutionary", "search method (default: auto)"},
         {"--exhaustive-limit", true, "N",
          "auto enumerates spaces of at most N candidates (default: 1000)"},
         {"--population", true, "N", "evolutionary population (default: 32)"},
         {"--generations", true, "N", "evolutionary generations (default: 30)"},
         {"--seed", true, "N", "seed of the evolutionary search (default: 1)"},
         {"--jobs", true, "N", "worker threads (default: every core)"},
         {"--shard", true, "i/n",
          "exhaustive: evaluate only candidates i, i+n, ... (array jobs; join with --merge)"},
         {"--merge", true, "FRONT.json",
          "merge the --json fronts of shards of this search instead of searching "
          "(repeatable)",
          true},
         {"--tie-samples", true, "N",
          "error-band samples that set when two front members tie (default: 32; 0: no "
          "ties)"},
         {"--explain", false, "", "say what binds each front member"},
         {"--csv", true, "FILE", "write the front as CSV ('-': standard output)"},
         {"--json", true, "FILE", "write the search and its front as JSON ('-': standard output)"},
         {"--projects", true, "DIR", "write each front member as DIR/front-NN.json"},
         {"--xlsx", true, "FILE", "write the front, the search and --explain as an XLSX workbook"},
         {"--db", true, "FILE",
          "add every front member's whole result to a SQLite results database"},
         {"--as-of", true, "DATE", "price date (YYYY-MM-DD) for price-book quotes"},
         catalogOption(),
         {"--quiet", false, "", "no progress; no table when --csv or --json is given"},
         {"--list", false, "", "list the metrics and design variables, then exit"}},
        0,
        1};
}

int runOptimizeCommand(const ParsedArgs &args, const std::string &executablePath)
{
    try {
        return runOptimize(args, executablePath);
    } catch (const Usage &usage) {
        std::cerr << "aidc optimize: " << usage.what() << '\n';
        return ExitUsage;
    } catch (const OptimizeError &error) {
        std::cerr << "aidc optimize: " << error.what() << '\n';
        return ExitUsage;
    }
}

} // namespace aidc::cli

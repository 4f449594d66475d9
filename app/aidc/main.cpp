// SPDX-License-Identifier: Apache-2.0
// aidc: the headless command line of AIDC Planner. Parses arguments into the options of a
// command and calls the same core entry points the GUI uses (solvers/pipeline). Never creates a
// QApplication and links no Qt.

#include "app/aidc/batchargs.h"
#include "app/aidc/catalogcommand.h"
#include "app/aidc/optimizeargs.h"
#include "app/cliargs.h"
#include "catalogs/catalogoverlays.h"
#include "model/csvstream.h"
#include "model/isodate.h"
#include "model/projectfields.h"
#include "model/textstream.h"
#include "solvers/common/reportformat.h"
#include "solvers/cost/costreport.h"
#include "solvers/cost/pricebook.h"
#include "solvers/fabric/fabricreport.h"
#include "solvers/handoff/designreport.h"
#include "solvers/handoff/drawings.h"
#include "solvers/handoff/netbox.h"
#include "solvers/handoff/xlsxworkbook.h"
#include "solvers/pipeline/loading.h"
#include "solvers/pipeline/modelvalidation.h"
#include "solvers/pipeline/pipeline.h"
#include "solvers/pipeline/report.h"
#include "solvers/pipeline/resultfields.h"
#include "solvers/pipeline/scenariocompare.h"
#include "solvers/uncertainty/uncertaintyreport.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

using namespace aidc;
using namespace aidc::cli;

namespace {

const char *const kDescription = "evaluates AI-training datacenter projects headless";

// `aidc --help`: generated from the command tables, as the man page and the completions are.
std::string programHelp(const std::vector<CommandSpec> &specs)
{
    std::string out = "usage: aidc <command> [options] [arguments]\n\nAIDC Planner command line: " +
                      std::string(kDescription) + ".\n\ncommands:\n";
    for (const CommandSpec &spec : specs) {
        std::string head = "  " + spec.name;
        out +=
            head +
            (head.size() < 18 ? std::string(18 - head.size(), ' ') : "\n" + std::string(18, ' ')) +
            spec.summary + "\n";
    }
    out += "\nRun 'aidc <command> --help' for a command's options.\n\nglobal options:\n"
           "  --help           show this help\n"
           "  --version        print the version\n"
           "  --man            print the man page (roff)\n"
           "  --completion SHELL\n"
           "                   print the completion script for bash, zsh or fish\n\nexit codes:\n";
    for (const auto &[code, meaning] : exitCodeDescriptions())
        out += "  " + std::to_string(code) + "  " + meaning + "\n";
    out += "\nenvironment:\n";
    for (const auto &[name, meaning] : catalogEnvironment())
        out += "  " + name + "  " + meaning + "\n";
    return out;
}

const OptionSpec &kCatalogOption = catalogOption();
const OptionSpec kAsOfOption{"--as-of", true, "DATE",
                             "price date (YYYY-MM-DD) for price-book quotes (default: today)"};
const OptionSpec kDelimiterOption{"--delimiter", true, ", or ; or tab",
                                  "CSV field separator (default ','; ';' for spreadsheets of "
                                  "decimal-comma locales)"};
const OptionSpec kDecimalOption{"--decimal", true, ". or ,",
                                "CSV decimal mark of numbers (default '.'; ',' needs "
                                "--delimiter ';' or tab)"};
const OptionSpec kXlsxOption{"--xlsx", false, "",
                             "write an XLSX workbook to --output (numeric cells, a sheet per "
                             "category or plane, frozen and filtered header)"};
const OptionSpec kOutputOption{"--output", true, "FILE",
                               "write to FILE (atomically) instead of standard output ('-': "
                               "standard output)"};

// The options of a command that writes one table of the evaluated design (cables, racks, halls).
std::vector<OptionSpec> tableOptions()
{
    return {{"--csv", false, "", "write RFC 4180 CSV (spreadsheets open it as-is)"},
            kDelimiterOption,
            kDecimalOption,
            kXlsxOption,
            kCatalogOption,
            kOutputOption};
}

std::vector<CommandSpec> commandSpecs()
{
    return {
        {"eval",
         "eval FILE [options]",
         "Evaluate a project: layout, counts and every solver's results.",
         "FILE '-' reads the project from standard input (as every command that takes a project).\n"
         "Prints a readable report, or with --format json the result document described in\n"
         "docs/result-format.md. Design violations (over-capacity halls, racks over their rating)\n"
         "are listed in the report; they make the exit code 1 only with --strict. A warning the\n"
         "project acknowledges (/acknowledgedWarnings, with a reason) is printed as acknowledged\n"
         "and not counted. An error in the design (e.g. a fixed parallel plan that cannot run)\n"
         "prints the report and exits with 3.",
         {{"--format", true, "text|json", "output format (default: text)"},
          {"--bands", false, "",
           "--format json: add each headline figure's P10/P50/P90 band and largest drivers "
           "(\"uncertainty\"; slower: --samples evaluations plus two per assumption)"},
          {"--samples", true, "N", "--bands: Latin-hypercube samples (default: 32)"},
          {"--seed", true, "N", "--bands: random seed (default: 1)"},
          {"--threads", true, "N", "--bands: worker threads (default: every core)"},
          kCatalogOption,
          kOutputOption,
          kAsOfOption,
          {"--strict", false, "",
           "exit with code 1 when there is any unacknowledged warning or violation"}},
         1,
         1},
        {"validate",
         "validate FILE [options]",
         "Check a project file and its catalog references without evaluating it.",
         "Prints every problem as FILE: JSON-POINTER: message and exits with code 3 if there is\n"
         "any; prints 'FILE: valid' and exits with 0 otherwise.",
         {kCatalogOption},
         1,
         1},
        {"bom",
         "bom FILE [options]",
         "Print the procurement bill of materials of a project: every orderable item once, then\n"
         "the capex that is no order.",
         "Orderable items in orderable units: servers, racks, storage, switches, modules, cables "
         "by\n"
         "type, stock length and splitter form, fibre, plant by unit rating; with manufacturer, "
         "part\n"
         "number and lead time where the catalog states them with a source, and, from the "
         "project's\n"
         "price book or the catalog, unit and extended price and the price's source. Then the\n"
         "non-BOM capex lines (plant per MW, shell, labour). Both together equal the capex of\n"
         "'aidc eval' to the cent.",
         {{"--csv", false, "", "write RFC 4180 CSV (spreadsheets open it as-is)"},
          kDelimiterOption,
          kDecimalOption,
          kXlsxOption,
          kCatalogOption,
          kOutputOption,
          kAsOfOption},
         1,
         1},
        {"cables", "cables FILE [options]", "Print the port-to-port cable schedule of a project.",
         "One line per link of every fabric plane: link id, A-end rack/U/device/port, B-end\n"
         "rack/U/device/port, medium, routed and stock length. With --csv the rows are\n"
         "streamed as they are generated (memory stays bounded at any size).",
         tableOptions(), 1, 1},
        {"racks", "racks FILE [options]",
         "List every rack with its position, contents, power, heat, weight and floor load.",
         "One line per placed rack: hall, row, slot and position (m), role, pool, rack type,\n"
         "servers and GPUs, IT power at peak and on average (kW), heat to liquid and to air (kW),\n"
         "mass (kg), floor pressure over the footprint and over its cell with the aisles (kPa),\n"
         "cooling, and the facility violations of the rack.",
         tableOptions(), 1, 1},
        {"halls", "halls FILE [options]",
         "List every hall against its ratings: power, cooling, floor load and floor area.",
         "One line per hall: racks by role; IT power at peak against the hall's power capacity,\n"
         "heat against its cooling capacity (kW, % used); CDUs and coolant flow; the average\n"
         "floor load and the highest rack footprint against the floor rating (kPa); the floor\n"
         "taken by racks against the usable area (m2, % used). A capacity the project does not\n"
         "state is left empty.",
         tableOptions(), 1, 1},
        {"assumptions",
         "assumptions FILE [options]",
         "List the assumptions behind the headline figures: value, unit, source, confidence.",
         "The inputs and catalog figures that drive capex, TCO, power, energy, MFU, goodput and\n"
         "time to train: the project's estimates (electricity price, cost of capital, recovery\n"
         "times), each pool's accelerator peak and TDP and server power, every failure rate, and\n"
         "every price behind at least 0.5 % of capex. Each has its confidence class ([V] vendor,\n"
         "[P] paper, [A] analyst, [S] secondary, [D] derived, [U] unverified, or 'project' when\n"
         "the project states it) and the +/- range `aidc sensitivity` applies (/uncertainty).",
         {{"--csv", false, "", "write RFC 4180 CSV (spreadsheets open it as-is)"},
          {"--json", false, "", "write the register as a JSON array"},
          kCatalogOption,
          kOutputOption,
          kAsOfOption},
         1,
         1},
        {"sensitivity",
         "sensitivity FILE [options]",
         "Show which assumptions move each headline figure most (one at a time, tornado).",
         "Each assumption of `aidc assumptions` is set to the low and the high end of its range\n"
         "with everything else fixed and the project is evaluated again; per headline figure the\n"
         "drivers are listed by the swing they cause, largest first. Deterministic (no sampling).\n"
         "Figures: capexUsd, tcoUsd, annualOpexUsd, costPerGpuHourUsd, facilityPowerW, pue,\n"
         "annualEnergyMWh, mfu, goodput, effectiveTimeToTrainDays.\n"
         "With --bands it prints instead each figure's P10, P50 and P90 from a seeded Latin-\n"
         "hypercube sample of every assumption's range, with the performance model's measured\n"
         "out-of-sample error added to MFU and time to train (docs/uncertainty.md).",
         {{"--figure", true, "KEY", "only this headline figure (default: all)"},
          {"--bands", false, "", "print P10/P50/P90 bands instead of the drivers"},
          {"--global", false, "",
           "print rank correlations (Spearman) over the band samples instead of the drivers"},
          {"--samples", true, "N", "--bands/--global: Latin-hypercube samples (default: 32)"},
          {"--seed", true, "N", "--bands/--global: random seed (default: 1)"},
          {"--top", true, "N", "drivers per figure (default: 10; 0 = all)"},
          {"--threads", true, "N", "worker threads (default: every core)"},
          {"--csv", false, "", "write RFC 4180 CSV (spreadsheets open it as-is)"},
          kCatalogOption,
          kOutputOption,
          kAsOfOption},
         1,
         1},
        {"compare",
         "compare A B [options] | compare --side-by-side A B [C ...] [options]",
         "Compare two designs under the same uncertainty: is B really cheaper, faster, better?",
         "Both projects are evaluated at the same seeded Latin-hypercube points over their\n"
         "assumptions (an assumption both have takes the same draw in both; the performance\n"
         "model's measured error is drawn once per point for both). Per headline figure it\n"
         "prints A, B and the P10/P50/P90 of B - A: 'B lower' or 'B higher' when the band of\n"
         "the difference stays on one side of zero, else 'not distinguishable'.\n"
         "With --side-by-side it evaluates two or more designs once each and prints them in\n"
         "one table, the first the baseline: every headline figure, capex per category, the\n"
         "quantity of every orderable part and every warning or violation (present or not),\n"
         "each design in a column, then each design minus the baseline. The GUI's Compare\n"
         "dock shows and exports the same table.",
         {{"--samples", true, "N", "Latin-hypercube samples (default: 32)"},
          {"--seed", true, "N", "random seed (default: 1)"},
          {"--threads", true, "N", "worker threads (default: every core)"},
          {"--side-by-side", false, "",
           "two or more designs, each evaluated once, in one table (no uncertainty)"},
          {"--differences-only", false, "",
           "--side-by-side: leave out the rows where every design agrees"},
          {"--sections", true, "LIST",
           "--side-by-side: comma-separated, of figures, capex, bom, violations (default: all)"},
          {"--csv", false, "", "write RFC 4180 CSV (spreadsheets open it as-is)"},
          {"--xlsx", false, "",
           "--side-by-side: write an XLSX workbook to --output, a sheet per section"},
          kCatalogOption,
          kOutputOption,
          kAsOfOption},
         2,
         64},
        {"schema",
         "schema project|result [options]",
         "Print the JSON Schema (draft 2020-12) of the project file or of the result document.",
         "project: generated from the project's field table (model/projectfields.cpp), the same\n"
         "table the loader takes its ranges and defaults from. Point a project's \"$schema\" at a\n"
         "copy (the repository keeps one in docs/schema/) so schema-aware editors complete and\n"
         "check project files.\n"
         "result: every key of `aidc eval --format json` with its type, unit and meaning\n"
         "(solvers/pipeline/resultfields.json).",
         {kOutputOption},
         1,
         1},
        {"validate-model",
         "validate-model DIR [options]",
         "Score the performance model against a set of published training runs.",
         "DIR holds ordinary project files and expected.json with each run's published MFU\n"
         "(validation/runs/ in the repository). Every run is evaluated as `aidc eval` would;\n"
         "prints each run's error, the median and worst |error|, the share within 10 %, and the\n"
         "leave-one-source-out and leave-one-year-out figures with the model's one fitted\n"
         "constant refitted without the held-out runs (docs/model-validation.md). With\n"
         "--max-median / --max-worst it exits 1 when a figure is above the limit (for CI).",
         {{"--format", true, "text|json", "output format (default: text)"},
          kCatalogOption,
          kOutputOption,
          {"--max-median", true, "FRACTION", "fail when the median |error| is above it"},
          {"--max-worst", true, "FRACTION", "fail when the worst |error| is above it"}},
         1,
         1},
        {"report",
         "report FILE [options]",
         "Write the design report: one self-contained HTML file for a design review.",
         "Summary of every headline figure with its unit, the assumptions that drive them with\n"
         "their sources, per-hall capacity, the fabric per plane, the bill of materials,\n"
         "violations and warnings, the floor plan of every hall, site power, water and the job's\n"
         "load profile, and the full evaluation report as an appendix. Inline CSS and SVG, no\n"
         "script and no external reference: it opens anywhere and prints (the browser's Print to\n"
         "PDF makes the PDF). Each headline figure shows its P10-P90 band and its three largest\n"
         "drivers, as 'aidc sensitivity --bands' and 'aidc sensitivity' compute them.",
         {{"--samples", true, "N", "Latin-hypercube samples of the bands (default: 32)"},
          {"--seed", true, "N", "random seed of the bands (default: 1)"},
          {"--threads", true, "N", "worker threads (default: every core)"},
          {"--no-uncertainty", false, "", "point values only: no bands and no drivers (faster)"},
          kCatalogOption,
          kOutputOption},
         1,
         1},
        {"draw",
         "draw FILE --out DIR [options]",
         "Draw the design as SVG: a floor plan per hall and the rack elevations of every row.",
         "Writes floorplan-<hall>.svg (racks to scale by role, trays, row labels, scale bar,\n"
         "north arrow, legend) and elevations-<row>.svg (each rack of the row, what sits at\n"
         "which U, with names) into DIR (created if missing). Without --floorplan or\n"
         "--elevations both are drawn. File names are slugs of the hall and row ids. All files\n"
         "are saved first and renamed into place only when every one was saved.",
         {{"--out", true, "DIR", "the directory to write the drawings into (required)"},
          {"--floorplan", false, "", "draw the floor plans"},
          {"--elevations", false, "", "draw the row elevations"},
          kCatalogOption},
         1,
         1},
        {"profile",
         "profile FILE [options]",
         "Write the training job's synthetic site power profile as CSV (steps, checkpoint, "
         "restart).",
         "One window that shows each load event of the project's training job once: three\n"
         "steps, a blocking checkpoint (when checkpoints block), three steps, a failure and its\n"
         "restart (when the job is interrupted), three steps. Columns: time_s, it_mw (site IT\n"
         "power), utility_mw (at the meter: IT with the power chain's losses, plus the cooling\n"
         "plant at its peak), phase (what the job does at the sample's start). Each sample is\n"
         "the mean over its --resolution. The figures (swings, ramps, storage a utility ramp\n"
         "limit needs) are in `aidc eval`; see docs/load-profile.md.",
         {{"--resolution", true, "SECONDS", "time between samples (default: 0.1)"},
          kCatalogOption,
          kOutputOption},
         1,
         1},
        {"export",
         "export netbox FILE --out DIR [options]",
         "Write the design as NetBox bulk-import CSV files (site, racks, devices, cables, power).",
         "Writes 01-sites.csv ... 12-power-feeds.csv into DIR (created if missing), numbered in\n"
         "the order NetBox's import pages take them: sites, locations (halls and rows), rack\n"
         "roles, racks, manufacturers, device types, device roles, devices, interfaces, cables,\n"
         "power panels and power feeds. Names follow `aidc cables`. Every file is written to a\n"
         "temporary first and renamed into place only when all were written. The files pass\n"
         "validation/netbox/check.py, which restates NetBox's import rules; see docs/netbox.md.",
         {{"--out", true, "DIR", "the directory to write the files into (required)"},
          kCatalogOption},
         2,
         2},
        {"pricebook",
         "pricebook import|export|list BOOK [CSV] [options]",
         "Keep vendor quotes in a SQLite price book that overrides catalog prices.",
         "  import BOOK CSV   add the quotes of CSV (creates BOOK if missing); every row is\n"
         "                    checked first and nothing is added if any row is bad\n"
         "  export BOOK CSV   write every quote to CSV (atomically)\n"
         "  list BOOK         print the quotes\n"
         "CSV columns: vendor,part,unitPrice,currency,date,validUntil,unit,note (vendor, part,\n"
         "unitPrice, currency and date required; dates as YYYY-MM-DD). A project uses a book\n"
         "through its /cost/priceBook field; see docs/cost-model.md.",
         {{"--replace", false, "",
           "import: replace every existing quote (in the same transaction)"}},
         2,
         3},
    };
}

std::string executablePath(const char *argv0)
{
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::string(argv0) : self.string();
}

struct Context
{
    std::string executable;
};

// Writes `text` to --output (atomically) or standard output, through the one writer the
// streaming commands use too, a piece at a time so a long text is not copied whole.
int emit(const ParsedArgs &args, const std::string &text)
{
    TextStreamWriter out(args.value("--output"));
    constexpr std::size_t kPiece = std::size_t(1) << 20;
    for (std::size_t at = 0; at < text.size() && out.ok(); at += kPiece)
        out.append(std::string_view(text).substr(at, kPiece));
    const SaveResult saved = out.commit();
    if (!saved.ok) {
        std::cerr << "aidc: " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

Catalog loadCatalogFor(const ParsedArgs &args, const Context &context)
{
    return loadBaseCatalog(findCatalogSource(context.executable, args.given("--catalog")));
}

// A usage error thrown by the command runners (exit code 2).
struct UsageError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

// The evaluation options the command line sets: the price date of --as-of.
EvaluateOptions evaluateOptionsFor(const ParsedArgs &args)
{
    EvaluateOptions options;
    options.cost.asOfDate = args.value("--as-of");
    if (!options.cost.asOfDate.empty() && !isIsoDate(options.cost.asOfDate))
        throw UsageError("--as-of needs a date as YYYY-MM-DD, got '" + options.cost.asOfDate + "'");
    return options;
}

// Loads the catalog and the project named on the command line and evaluates it.
Result loadAndEvaluate(const ParsedArgs &args, const Context &context)
{
    const EvaluateOptions options = evaluateOptionsFor(args);
    const Catalog base = loadCatalogFor(args, context);
    const LoadedProject loaded = loadProjectForEvaluation(args.positional[0], base);
    Result result = evaluateLoadedProject(loaded, options);
    return result;
}

// Error-severity diagnostics of an evaluation are errors in the design: exit 3. Warnings and
// violations fail only under --strict.
int exitCodeFor(const ParsedArgs &args, const Result &result)
{
    if (result.diagnostics.hasErrors())
        return ExitInput;
    if (args.has("--strict") && result.diagnostics.hasUnacknowledged())
        return ExitViolations;
    return ExitOk;
}

std::string toText(const CsvTable &table)
{
    TextTable text(table.header);
    for (const std::vector<std::string> &row : table.rows)
        text.addRow(row);
    std::ostringstream out;
    text.write(out);
    return out.str();
}

// The CSV dialect of --delimiter and --decimal (RFC 4180 without them).
CsvDialect csvDialectFor(const ParsedArgs &args)
{
    CsvDialect dialect;
    const std::string delimiter = args.value("--delimiter");
    const std::string decimal = args.value("--decimal");
    if ((!delimiter.empty() || !decimal.empty()) && !args.has("--csv"))
        throw UsageError("--delimiter and --decimal apply to --csv");
    if (delimiter == "tab" || delimiter == "\t")
        dialect.delimiter = '\t';
    else if (delimiter == ";" || delimiter == ",")
        dialect.delimiter = delimiter[0];
    else if (!delimiter.empty())
        throw UsageError("--delimiter must be ',', ';' or tab, not '" + delimiter + "'");
    if (decimal == "," || decimal == ".")
        dialect.decimal = decimal[0];
    else if (!decimal.empty())
        throw UsageError("--decimal must be '.' or ',', not '" + decimal + "'");
    if (dialect.decimal == ',' && dialect.delimiter == ',')
        throw UsageError("--decimal ',' needs --delimiter ';' or tab");
    return dialect;
}

// Prints a table as aligned text or, with --csv, as CSV (RFC 4180 unless --delimiter or
// --decimal say otherwise).
int emitTable(const ParsedArgs &args, const CsvTable &table)
{
    const CsvDialect dialect = csvDialectFor(args); // refuses --delimiter without --csv
    return emit(args, args.has("--csv") ? toCsv(table, dialect) : toText(table));
}

// The output options of bom, cables and racks, checked before the evaluation (which takes
// minutes on a large site): --xlsx needs --output and excludes --csv; --delimiter and --decimal
// need --csv.
void checkTableOptions(const ParsedArgs &args)
{
    csvDialectFor(args);
    if (!args.has("--xlsx"))
        return;
    const std::string output = args.value("--output");
    if (output.empty() || output == "-")
        throw UsageError("--xlsx needs --output FILE.xlsx");
    if (args.has("--csv"))
        throw UsageError("choose one of --csv and --xlsx");
}

// Writes an XLSX workbook to --output (required: a workbook is not text for a terminal); `fill`
// adds its sheets.
int emitWorkbook(const ParsedArgs &args, const std::function<void(XlsxWorkbook &)> &fill)
{
    XlsxWorkbook workbook(args.value("--output"));
    fill(workbook);
    const SaveResult saved = workbook.close();
    if (!saved.ok) {
        std::cerr << "aidc: " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

int runBom(const ParsedArgs &args, const Context &context)
{
    checkTableOptions(args);
    const Result result = loadAndEvaluate(args, context);
    const int written = args.has("--xlsx")
                            ? emitWorkbook(args,
                                           [&](XlsxWorkbook &workbook) {
                                               addSheetsByColumn(workbook, bomTable(result), 0);
                                           })
                            : emitTable(args, bomTable(result));
    return written != ExitOk ? written : exitCodeFor(args, result);
}

// Streams the cable schedule as CSV to standard output or, atomically, to --output: a 1M-GPU
// site's millions of rows are never held at once.
int streamCableCsv(const ParsedArgs &args, const FabricResult &fabric)
{
    CsvStreamWriter csv(args.value("--output"), csvDialectFor(args));
    csv.add(cableScheduleHeader());
    forEachCableRow(fabric, [&](const std::vector<std::string> &row) { csv.add(row); });
    const SaveResult saved = csv.commit();
    if (!saved.ok) {
        std::cerr << "aidc: " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

// The schedule as an aligned text table, streamed like the CSV: a first pass over the links
// measures the columns, a second writes the lines, so no table of millions of rows is held.
int streamCableText(const ParsedArgs &args, const FabricResult &fabric)
{
    TextTableLayout layout(cableScheduleHeader());
    forEachCableRow(fabric, [&](const std::vector<std::string> &row) { layout.measure(row); });
    TextStreamWriter out(args.value("--output"));
    out.append(layout.headerLines());
    forEachCableRow(fabric,
                    [&](const std::vector<std::string> &row) { out.append(layout.line(row)); });
    const SaveResult saved = out.commit();
    if (!saved.ok) {
        std::cerr << "aidc: " << saved.error << '\n';
        return ExitOutput;
    }
    return ExitOk;
}

int runCables(const ParsedArgs &args, const Context &context)
{
    checkTableOptions(args);
    const Result result = loadAndEvaluate(args, context);
    int written = ExitOk;
    if (args.has("--xlsx")) {
        // A sheet per plane, in the schedule's order (split past a spreadsheet's row limit).
        written = emitWorkbook(args, [&](XlsxWorkbook &workbook) {
            std::string plane;
            bool first = true;
            forEachCableRow(result.fabric, [&](const std::vector<std::string> &row) {
                if (first || row[1] != plane) {
                    plane = row[1];
                    first = false;
                    workbook.beginSheet(plane, cableScheduleHeader());
                }
                workbook.addRow(row);
            });
        });
    } else {
        written = args.has("--csv") ? streamCableCsv(args, result.fabric)
                                    : streamCableText(args, result.fabric);
    }
    return written != ExitOk ? written : exitCodeFor(args, result);
}

// `aidc racks` and `aidc halls`: one table of the evaluated design, as text, CSV or a workbook
// sheet named `sheet`.
int runResultTable(const ParsedArgs &args, const Context &context, const char *sheet,
                   CsvTable (*tableOf)(const Result &))
{
    checkTableOptions(args);
    const Result result = loadAndEvaluate(args, context);
    const CsvTable table = tableOf(result);
    const int written = args.has("--xlsx")
                            ? emitWorkbook(args,
                                           [&](XlsxWorkbook &workbook) {
                                               workbook.beginSheet(sheet, table.header);
                                               for (const auto &row : table.rows)
                                                   workbook.addRow(row);
                                           })
                            : emitTable(args, table);
    return written != ExitOk ? written : exitCodeFor(args, result);
}

// What a hand-off command (report, draw, export) works from: the project named by
// args.positional[index] loaded and evaluated. A design with errors cannot be handed off:
// `evaluated.result` then has them and the caller exits ExitInput.
int positiveOption(const ParsedArgs &args, const char *name, int fallback, int minimum)
{
    if (!args.has(name))
        return fallback;
    const std::string text = args.value(name);
    char *end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < minimum || v > 100000)
        throw UsageError(std::string(name) + " needs a whole number from " +
                         std::to_string(minimum) + " to 100000, got '" + text + "'");
    return int(v);
}

// --seed: any whole number from 0 to 2^64 - 1 (default 1).
std::uint64_t seedOption(const ParsedArgs &args)
{
    if (!args.has("--seed"))
        return 1;
    std::string error;
    const std::optional<std::uint64_t> seed = seedNumber(args, "--seed", error);
    if (!seed)
        throw UsageError(error);
    return *seed;
}

struct HandoffInput
{
    EvaluateOptions options;
    Catalog base;
    LoadedProject loaded;
    Result result;
};

std::unique_ptr<HandoffInput> evaluateForHandoff(const ParsedArgs &args, const Context &context,
                                                 std::size_t index)
{
    auto in = std::make_unique<HandoffInput>();
    in->options = evaluateOptionsFor(args);
    in->base = loadCatalogFor(args, context);
    in->loaded = loadProjectForEvaluation(args.positional[index], in->base);
    in->result = evaluateLoadedProject(in->loaded, in->options);
    if (in->result.diagnostics.hasErrors()) {
        std::cerr << in->result.diagnostics.toString();
        return nullptr;
    }
    return in;
}

// --samples, --seed and --threads of the bands that `report` and `eval --bands` compute.
BandOptions bandOptionsFor(const ParsedArgs &args)
{
    BandOptions options;
    options.samples = positiveOption(args, "--samples", 32, 2);
    options.seed = seedOption(args);
    options.threads = positiveOption(args, "--threads", 0, 1);
    return options;
}

int runReport(const ParsedArgs &args, const Context &context)
{
    const bool banded = !args.has("--no-uncertainty");
    if (!banded && (args.has("--samples") || args.has("--seed")))
        throw UsageError("--samples and --seed set the bands, which --no-uncertainty leaves out");
    const BandOptions bandOptions = bandOptionsFor(args);
    const std::unique_ptr<HandoffInput> in = evaluateForHandoff(args, context, 0);
    if (!in)
        return ExitInput;
    const auto &[options, base, loaded, result] = *in;
    std::optional<UncertaintySummary> uncertainty;
    if (banded && !result.diagnostics.hasErrors())
        uncertainty =
            summarizeUncertainty(loaded.project, base, loaded.catalog, options, bandOptions);
    return emit(args, designReportHtml(loaded.project, base, loaded.catalog, result,
                                       std::string("aidc ") + AIDC_VERSION,
                                       uncertainty ? &*uncertainty : nullptr));
}

int runDraw(const ParsedArgs &args, const Context &context)
{
    const std::string out = args.value("--out");
    if (out.empty())
        throw UsageError("--out DIR is required");
    const bool floorPlans = args.has("--floorplan") || !args.has("--elevations");
    const bool elevations = args.has("--elevations") || !args.has("--floorplan");
    const std::unique_ptr<HandoffInput> in = evaluateForHandoff(args, context, 0);
    if (!in)
        return ExitInput;
    const auto &[options, base, loaded, result] = *in;
    const DrawingSet drawn =
        writeDrawings(loaded.project, loaded.catalog, result, out, floorPlans, elevations);
    if (!drawn.ok) {
        std::cerr << "aidc: " << drawn.error << '\n';
        return ExitOutput;
    }
    for (const std::string &file : drawn.files)
        std::cout << out << '/' << file << '\n';
    return ExitOk;
}

// --resolution for `aidc profile`: a positive number of seconds.
double resolutionOption(const ParsedArgs &args)
{
    if (!args.has("--resolution"))
        return 0.1;
    const std::string text = args.value("--resolution");
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(v >= 1e-3 && v <= 86400))
        throw UsageError("--resolution needs a number of seconds from 0.001 to 86400, got '" +
                         text + "'");
    return v;
}

int runProfile(const ParsedArgs &args, const Context &context)
{
    const double resolutionS = resolutionOption(args);
    const std::unique_ptr<HandoffInput> in = evaluateForHandoff(args, context, 0);
    if (!in)
        return ExitInput;
    const Result &result = in->result;
    if (!result.loadProfile) {
        std::cerr << args.positional[0]
                  << ": /workload: no training job with a feasible plan, so no load profile\n";
        return ExitInput;
    }
    const LoadProfileInputs &inputs = result.loadProfile->inputs;
    constexpr double kMaxSamples = 1e7;
    const double samples = loadProfileSampleCount(inputs, resolutionS);
    if (samples > kMaxSamples)
        throw UsageError("--resolution " + args.value("--resolution") + " gives " +
                         formatCount(static_cast<long long>(samples)) +
                         " samples over the profile's window; the limit is 10,000,000");
    CsvStreamWriter csv(args.value("--output"));
    csv.add({"time_s", "it_mw", "utility_mw", "phase"});
    sampleLoadProfile(inputs, resolutionS, [&](const LoadSample &sample) {
        csv.add({formatFixed(sample.timeS, 3), formatFixed(sample.itW / 1e6, 4),
                 formatFixed(sample.utilityW / 1e6, 4), sample.phase});
    });
    const SaveResult saved = csv.commit();
    if (!saved.ok) {
        std::cerr << "aidc: " << saved.error << '\n';
        return ExitOutput;
    }
    return exitCodeFor(args, result);
}

int runExport(const ParsedArgs &args, const Context &context)
{
    if (args.positional[0] != "netbox")
        throw UsageError("unknown format '" + args.positional[0] + "' (expected netbox)");
    const std::string out = args.value("--out");
    if (out.empty())
        throw UsageError("--out DIR is required");
    const std::unique_ptr<HandoffInput> in = evaluateForHandoff(args, context, 1);
    if (!in)
        return ExitInput;
    const auto &[options, base, loaded, result] = *in;
    const NetBoxExport exported =
        exportNetBox(loaded.project, loaded.catalog, result, options, out);
    if (!exported.ok) {
        std::cerr << "aidc: " << exported.error << '\n';
        return ExitOutput;
    }
    for (const NetBoxFile &file : exported.files)
        std::cout << out << '/' << file.name << ": " << file.objects
                  << (file.objects == 1 ? " object\n" : " objects\n");
    for (const std::string &note : exported.notes)
        std::cout << "note: " << note << '\n';
    return ExitOk;
}

int runPriceBook(const ParsedArgs &args)
{
    const std::string &action = args.positional[0];
    const std::string &bookPath = args.positional[1];
    const bool needsCsv = action == "import" || action == "export";
    if (action != "import" && action != "export" && action != "list")
        throw UsageError("unknown action '" + action + "' (expected import, export or list)");
    if (needsCsv != (args.positional.size() == 3))
        throw UsageError(action + (needsCsv ? " needs BOOK and CSV" : " takes only BOOK"));
    try {
        if (action == "import") {
            std::error_code ec;
            const bool existed = std::filesystem::exists(bookPath, ec);
            PriceBookImport imported;
            {
                PriceBook book = PriceBook::open(bookPath, PriceBook::OpenMode::ReadWrite);
                imported =
                    book.importCsv(args.positional[2], args.has("--replace") ? ImportMode::Replace
                                                                             : ImportMode::Append);
            }
            if (imported.diagnostics.hasErrors()) {
                // A failed import changes nothing: not even an empty new book is left behind.
                if (!existed) {
                    for (const char *suffix : {"", "-wal", "-shm"})
                        std::filesystem::remove(bookPath + suffix, ec);
                }
                std::cerr << imported.diagnostics.toString() << "nothing imported\n";
                return ExitInput;
            }
            std::cout << "imported " << imported.imported << " quote(s) into " << bookPath << '\n';
            return ExitOk;
        }
        const PriceBook book = PriceBook::open(bookPath, PriceBook::OpenMode::ReadOnly);
        if (action == "export") {
            const SaveResult saved = book.exportCsv(args.positional[2]);
            if (!saved.ok) {
                std::cerr << "aidc: " << saved.error << '\n';
                return ExitOutput;
            }
            return ExitOk;
        }
        const CsvTable table = book.exportTable();
        std::cout << toText(table);
        return ExitOk;
    } catch (const PriceBookError &error) {
        std::cerr << "aidc: " << error.what() << '\n';
        return ExitInput;
    }
}

// The project loaded against its catalog, evaluated, with the base catalog kept to tell the
// figures the project states from the catalog's.
struct Evaluated
{
    Catalog base;
    LoadedProject loaded;
    EvaluateOptions options;
    Result result;
};

Evaluated loadForAnalysis(const ParsedArgs &args, const Context &context)
{
    Evaluated e;
    e.options = evaluateOptionsFor(args);
    e.base = loadCatalogFor(args, context);
    e.loaded = loadProjectForEvaluation(args.positional[0], e.base);
    e.options.priceBook = e.loaded.priceBook.get();
    e.result = evaluateLoadedProject(e.loaded, e.options);
    return e;
}

int runEval(const ParsedArgs &args, const Context &context)
{
    const std::string format = args.value("--format", "text");
    if (format != "text" && format != "json")
        throw UsageError("unknown format '" + format + "' (expected text or json)");
    const bool banded = args.has("--bands");
    if (banded && format != "json")
        throw UsageError("--bands adds the bands to the JSON document (--format json); the text "
                         "form is 'aidc sensitivity --bands'");
    if (!banded && (args.has("--samples") || args.has("--seed") || args.has("--threads")))
        throw UsageError("--samples, --seed and --threads set the bands of --bands");
    const BandOptions bandOptions = bandOptionsFor(args);
    const Evaluated e = loadForAnalysis(args, context);
    const Result &result = e.result;

    std::ostringstream text;
    if (format == "json") {
        nlohmann::json document =
            resultDocument(e.loaded.project, e.base, e.loaded.catalog, result);
        if (banded && !result.diagnostics.hasErrors())
            document["uncertainty"] =
                uncertaintyToJson(summarizeUncertainty(e.loaded.project, e.base, e.loaded.catalog,
                                                       e.options, bandOptions),
                                  kReportDrivers);
        text << document.dump(2) << '\n';
    } else {
        writeTextReport(text, result);
    }
    const int written = emit(args, text.str());
    if (written != ExitOk)
        return written;
    return exitCodeFor(args, result);
}

int runAssumptions(const ParsedArgs &args, const Context &context)
{
    if (args.has("--csv") && args.has("--json"))
        throw UsageError("--csv and --json exclude each other");
    const Evaluated e = loadForAnalysis(args, context);
    if (e.result.diagnostics.hasErrors()) {
        std::cerr << e.result.diagnostics.toString();
        return ExitInput;
    }
    const std::vector<Assumption> assumptions =
        assumptionRegister(e.loaded.project, e.base, e.loaded.catalog, e.result);
    if (args.has("--json"))
        return emit(args, assumptionsToJson(assumptions).dump(2) + '\n');
    return emitTable(args, assumptionTable(assumptions));
}

int runSensitivity(const ParsedArgs &args, const Context &context)
{
    const HeadlineFigure *figure = nullptr;
    if (args.has("--figure")) {
        figure = findHeadlineFigure(args.value("--figure"));
        if (!figure) {
            std::string keys;
            for (const HeadlineFigure &f : headlineFigures())
                keys += (keys.empty() ? "" : ", ") + std::string(f.key);
            throw UsageError("unknown figure '" + args.value("--figure") + "' (expected one of " +
                             keys + ")");
        }
    }
    // Every option is checked before the project is evaluated: a usage error is exit 2 whatever
    // the project.
    const int top = positiveOption(args, "--top", 10, 0);
    SensitivityOptions options;
    options.threads = positiveOption(args, "--threads", 0, 1);
    const bool sampled = args.has("--bands") || args.has("--global");
    if (args.has("--bands") && args.has("--global"))
        throw UsageError("--bands and --global exclude each other");
    if (args.has("--bands") && args.has("--top"))
        throw UsageError("--top applies to the drivers and --global, not to --bands");
    if (!sampled && (args.has("--samples") || args.has("--seed")))
        throw UsageError("--samples and --seed need --bands or --global");
    BandOptions bandOptions;
    bandOptions.samples = positiveOption(args, "--samples", 32, 2);
    bandOptions.seed = seedOption(args);
    bandOptions.threads = options.threads;
    const Evaluated e = loadForAnalysis(args, context);
    if (e.result.diagnostics.hasErrors()) {
        std::cerr << e.result.diagnostics.toString();
        return ExitInput;
    }
    if (sampled) {
        BandsResult bands =
            errorBands(e.loaded.project, e.base, e.loaded.catalog, e.options, bandOptions);
        if (!bands.errors.empty())
            std::cerr << bands.errors.toString();
        if (figure) {
            std::erase_if(bands.bands, [&](const Band &b) { return b.figure != figure; });
            std::erase_if(bands.ranks, [&](const RankIndex &r) { return r.figure != figure; });
        }
        if (args.has("--global"))
            return emitTable(args, rankTable(bands, top));
        return emitTable(args, bandTable(bands, !args.has("--csv")));
    }
    const SensitivityResult result =
        oneAtATime(e.loaded.project, e.base, e.loaded.catalog, e.options, options);
    for (const SensitivityRun &run : result.runs)
        if (!run.errors.empty())
            std::cerr << run.errors.toString();
    return emitTable(args, sensitivityTable(result, top, figure, !args.has("--csv")));
}

// --sections of `compare --side-by-side`: the bits of CompareTableOptions::sections.
unsigned compareSectionsOption(const ParsedArgs &args)
{
    if (!args.has("--sections"))
        return CompareTableOptions{}.sections;
    unsigned sections = 0;
    std::stringstream list(args.value("--sections"));
    std::string key;
    while (std::getline(list, key, ',')) {
        const std::optional<CompareSection> section = compareSectionFromKey(key);
        if (!section)
            throw UsageError("--sections takes figures, capex, bom and violations, not '" + key +
                             "'");
        sections |= 1u << unsigned(*section);
    }
    if (sections == 0)
        throw UsageError("--sections needs at least one of figures, capex, bom, violations");
    return sections;
}

// `compare --side-by-side`: each design evaluated once, all in one table.
int runSideBySide(const ParsedArgs &args, const Context &context)
{
    for (const char *option : {"--samples", "--seed", "--threads"})
        if (args.has(option))
            throw UsageError(std::string(option) +
                             " sets the uncertainty comparison, which --side-by-side leaves out");
    checkTableOptions(args);
    CompareTableOptions tableOptions;
    tableOptions.differencesOnly = args.has("--differences-only");
    tableOptions.sections = compareSectionsOption(args);
    tableOptions.forReading = !args.has("--csv") && !args.has("--xlsx");
    if (std::count(args.positional.begin(), args.positional.end(), "-") > 1)
        throw UsageError("only one design can be read from standard input ('-')");
    const EvaluateOptions options = evaluateOptionsFor(args);
    const Catalog base = loadCatalogFor(args, context);
    std::vector<Result> results;
    results.reserve(args.positional.size());
    for (const std::string &path : args.positional)
        results.push_back(evaluateLoadedProject(loadProjectForEvaluation(path, base), options));
    // Each design by its file name without ".json"; by the path as given when two share one.
    std::vector<std::string> stems, names;
    for (const std::string &path : args.positional)
        stems.push_back(path == "-" ? "stdin" : std::filesystem::path(path).stem().string());
    for (std::size_t i = 0; i < stems.size(); ++i)
        names.push_back(std::count(stems.begin(), stems.end(), stems[i]) > 1 ? args.positional[i]
                                                                             : stems[i]);
    std::vector<NamedResult> designs;
    bool errors = false;
    for (std::size_t i = 0; i < results.size(); ++i) {
        designs.push_back({names[i], &results[i]});
        if (results[i].diagnostics.hasErrors()) { // in the table too, but named here by file
            errors = true;
            std::cerr << args.positional[i] << ":\n" << results[i].diagnostics.toString();
        }
    }
    const CsvTable table = comparisonTable(compareScenarios(designs), tableOptions);
    const int written =
        args.has("--xlsx")
            ? emitWorkbook(args,
                           [&](XlsxWorkbook &workbook) { addSheetsByColumn(workbook, table, 0); })
            : emitTable(args, table);
    return written != ExitOk ? written : errors ? ExitInput : ExitOk;
}

int runCompare(const ParsedArgs &args, const Context &context)
{
    if (args.has("--side-by-side"))
        return runSideBySide(args, context);
    for (const char *option : {"--differences-only", "--sections", "--xlsx"})
        if (args.has(option))
            throw UsageError(std::string(option) + " applies to --side-by-side");
    if (args.positional.size() != 2)
        throw UsageError("compare takes two designs, A and B; more than two need --side-by-side");
    BandOptions options;
    options.samples = positiveOption(args, "--samples", 32, 2);
    options.seed = seedOption(args);
    options.threads = positiveOption(args, "--threads", 0, 1);
    if (args.positional[0] == "-" && args.positional[1] == "-")
        throw UsageError("only one of A and B can be read from standard input ('-')");
    const EvaluateOptions evaluateOptions = evaluateOptionsFor(args);
    const Catalog base = loadCatalogFor(args, context);
    const LoadedProject a = loadProjectForEvaluation(args.positional[0], base);
    const LoadedProject b = loadProjectForEvaluation(args.positional[1], base);
    // Each design with its own price book.
    EvaluateOptions optionsA = evaluateOptions, optionsB = evaluateOptions;
    optionsA.priceBook = a.priceBook.get();
    optionsB.priceBook = b.priceBook.get();
    for (const auto &[loaded, withBook] : {std::pair{&a, &optionsA}, std::pair{&b, &optionsB}}) {
        const Result check = evaluate(loaded->project, loaded->catalog, *withBook);
        if (check.diagnostics.hasErrors()) {
            std::cerr << loaded->path << ":\n" << check.diagnostics.toString();
            return ExitInput;
        }
    }
    const DifferenceResult result = differenceBands(a.project, a.catalog, optionsA, b.project,
                                                    b.catalog, optionsB, base, options);
    if (!result.errors.empty())
        std::cerr << result.errors.toString();
    return emitTable(args, differenceTable(result, !args.has("--csv")));
}

int runSchema(const ParsedArgs &args)
{
    const std::string &which = args.positional[0];
    if (which == "project")
        return emit(args, projectJsonSchema().dump(2) + '\n');
    if (which == "result")
        return emit(args, resultJsonSchema().dump(2) + '\n');
    throw UsageError("unknown schema '" + which + "' (expected project or result)");
}

int runValidateModel(const ParsedArgs &args, const Context &context)
{
    const std::string format = args.value("--format", "text");
    if (format != "text" && format != "json")
        throw UsageError("unknown format '" + format + "' (expected text or json)");
    auto limit = [&](const char *option) -> std::optional<double> {
        if (!args.has(option))
            return std::nullopt;
        const std::string text = args.value(option);
        char *end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !(value >= 0))
            throw UsageError(std::string(option) + " needs a fraction >= 0, got '" + text + "'");
        return value;
    };
    const std::optional<double> maxMedian = limit("--max-median");
    const std::optional<double> maxWorst = limit("--max-worst");
    const Catalog base = loadCatalogFor(args, context);
    const ModelValidation v = validateModel(args.positional[0], base);
    const std::size_t s0 = std::size_t(
        std::find(v.options.scales.begin(), v.options.scales.end(), v.options.shippedScale) -
        v.options.scales.begin());
    auto summary = [](const ErrorSummary &s) {
        return nlohmann::ordered_json{{"runs", s.runs},
                                      {"medianAbsError", s.medianAbs},
                                      {"worstAbsError", s.worstAbs},
                                      {"shareWithin10Percent", s.within10}};
    };
    std::ostringstream out;
    if (format == "json") {
        nlohmann::ordered_json runs = nlohmann::ordered_json::array();
        for (const ValidationRun &run : v.runs) {
            nlohmann::ordered_json r{{"project", run.project},
                                     {"source", run.source},
                                     {"year", run.year},
                                     {"publishedMfu", run.publishedMfu},
                                     {"indicative", run.indicative}};
            if (run.failure.empty() && s0 < run.predictedMfu.size()) {
                r["predictedMfu"] = run.predictedMfu[s0];
                r["error"] = runError(run, s0);
            } else {
                r["failure"] = run.failure;
            }
            runs.push_back(std::move(r));
        }
        nlohmann::ordered_json bySource = nlohmann::ordered_json::object();
        for (const auto &[source, scale] : v.scaleBySource)
            bySource[source] = scale;
        const nlohmann::ordered_json doc{{"shippedScale", v.options.shippedScale},
                                         {"inSample", summary(v.inSample)},
                                         {"indicative", summary(v.indicative)},
                                         {"leaveOneSourceOut", summary(v.leaveOneSourceOut)},
                                         {"leaveOneYearOut", summary(v.leaveOneYearOut)},
                                         {"scaleFittedWithoutSource", bySource},
                                         {"runs", runs},
                                         {"failures", v.failures}};
        out << doc.dump(2) << '\n';
    } else {
        TextTable table({"run", "source", "year", "published MFU", "predicted", "error"});
        for (const ValidationRun &run : v.runs) {
            if (!run.failure.empty() || s0 >= run.predictedMfu.size()) {
                table.addRow({run.project, run.source, std::to_string(run.year),
                              formatPercent(run.publishedMfu), "failed", run.failure});
                continue;
            }
            table.addRow({run.project + (run.indicative ? " (indicative)" : ""), run.source,
                          std::to_string(run.year), formatPercent(run.publishedMfu),
                          formatPercent(run.predictedMfu[s0]), formatPercent(runError(run, s0))});
        }
        table.write(out);
        auto line = [&](const char *what, const ErrorSummary &s) {
            out << what << ": " << s.runs << " runs, median |error| " << formatPercent(s.medianAbs)
                << ", worst " << formatPercent(s.worstAbs) << ", within 10 % "
                << formatPercent(s.within10) << '\n';
        };
        out << '\n';
        line("in sample (shipped scale)", v.inSample);
        line("indicative figures", v.indicative);
        line("leave one source out", v.leaveOneSourceOut);
        line("leave one year out (forward)", v.leaveOneYearOut);
        for (const std::string &f : v.failures)
            out << "failed: " << f << '\n';
    }
    const int written = emit(args, out.str());
    if (written != ExitOk)
        return written;
    const bool regressed = (maxMedian && v.inSample.medianAbs > *maxMedian) ||
                           (maxWorst && v.inSample.worstAbs > *maxWorst);
    if (regressed)
        std::cerr << "aidc validate-model: the model's error is above the limit\n";
    return regressed ? ExitViolations : ExitOk;
}

int runValidate(const ParsedArgs &args, const Context &context)
{
    const Catalog base = loadCatalogFor(args, context);
    const LoadedProject loaded = loadProjectForEvaluation(args.positional[0], base);
    for (const Diagnostic &warning : loaded.warnings.items())
        std::cerr << warning.toString() << '\n';
    std::cout << args.positional[0] << ": valid\n";
    return ExitOk;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    std::vector<CommandSpec> specs = commandSpecs();
    for (CommandSpec &spec : batchCommandSpecs())
        specs.push_back(std::move(spec));
    specs.push_back(optimizeCommandSpec());
    specs.push_back(catalogCommandSpec());
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << programHelp(specs);
        return args.empty() ? ExitUsage : ExitOk;
    }
    if (args[0] == "--version") {
        std::cout << "aidc " << AIDC_VERSION << '\n';
        return ExitOk;
    }
    if (args[0] == "--man") {
        std::cout << manPage("aidc", kDescription, specs, catalogEnvironment());
        return ExitOk;
    }
    if (args[0] == "--completion") {
        const std::string script =
            args.size() == 2 ? completionScript(args[1], "aidc", specs) : std::string();
        if (script.empty()) {
            std::cerr << "aidc: --completion needs one of bash, zsh, fish\n";
            return ExitUsage;
        }
        std::cout << script;
        return ExitOk;
    }

    std::string error;
    const std::optional<ParsedArgs> parsed = parseArgs(specs, args, error);
    if (!parsed) {
        std::cerr << "aidc: " << error << "\nRun 'aidc --help' for usage.\n";
        return ExitUsage;
    }
    if (parsed->help) {
        for (const CommandSpec &spec : specs) {
            if (spec.name == parsed->command)
                std::cout << commandHelp(spec);
        }
        return ExitOk;
    }

    const Context context{executablePath(argv[0])};
    try {
        if (parsed->command == "eval")
            return runEval(*parsed, context);
        if (parsed->command == "validate")
            return runValidate(*parsed, context);
        if (parsed->command == "bom")
            return runBom(*parsed, context);
        if (parsed->command == "cables")
            return runCables(*parsed, context);
        if (parsed->command == "racks")
            return runResultTable(*parsed, context, "Racks", rackTable);
        if (parsed->command == "halls")
            return runResultTable(*parsed, context, "Halls", hallTable);
        if (parsed->command == "assumptions")
            return runAssumptions(*parsed, context);
        if (parsed->command == "sensitivity")
            return runSensitivity(*parsed, context);
        if (parsed->command == "compare")
            return runCompare(*parsed, context);
        if (parsed->command == "report")
            return runReport(*parsed, context);
        if (parsed->command == "draw")
            return runDraw(*parsed, context);
        if (parsed->command == "export")
            return runExport(*parsed, context);
        if (parsed->command == "profile")
            return runProfile(*parsed, context);
        if (parsed->command == "pricebook")
            return runPriceBook(*parsed);
        if (parsed->command == "schema")
            return runSchema(*parsed);
        if (parsed->command == "validate-model")
            return runValidateModel(*parsed, context);
        if (parsed->command == "batch" || parsed->command == "sweep" || parsed->command == "merge")
            return runBatchCommand(*parsed, context.executable);
        if (parsed->command == "optimize")
            return runOptimizeCommand(*parsed, context.executable);
        if (parsed->command == "catalog")
            return runCatalogCommand(*parsed, context.executable);
    } catch (const UsageError &usage) {
        std::cerr << "aidc " << parsed->command << ": " << usage.what() << '\n';
        return ExitUsage;
    } catch (const LoadError &loadError) {
        std::cerr << loadError.diagnostics().toString();
        return ExitInput;
    } catch (const std::exception &exception) {
        std::cerr << "aidc: internal error: " << exception.what() << '\n';
        return ExitInternal;
    }
    return ExitInternal;
}

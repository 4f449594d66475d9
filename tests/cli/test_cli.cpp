// SPDX-License-Identifier: Apache-2.0
// The `aidc` command line as a user meets it: exit codes, messages naming the file and the JSON
// path, and files never half-written (issue 2, "Bad input").

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

struct Run
{
    int exitCode = -1;
    std::string output; // stdout and stderr together
    std::string stdoutOnly;
};

std::string readFile(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// Every test program run (ctest runs test cases in parallel processes) gets its own directory.
fs::path testDirectory()
{
    static const fs::path dir =
        fs::temp_directory_path() / ("aidc-cli-test-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

Run aidc(const std::string &arguments)
{
    const fs::path dir = testDirectory();
    const fs::path out = dir / "stdout.txt";
    const fs::path err = dir / "stderr.txt";
    const std::string command = std::string("AIDC_CATALOG_DIR='") + AIDC_CATALOG_DIR + "' '" +
                                AIDC_EXE + "' " + arguments + " >'" + out.string() + "' 2>'" +
                                err.string() + "'";
    const int status = std::system(command.c_str());
    Run run;
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    run.stdoutOnly = readFile(out);
    run.output = run.stdoutOnly + readFile(err);
    return run;
}

fs::path writeTemp(const std::string &name, const std::string &contents)
{
    const fs::path path = testDirectory() / name;
    std::ofstream(path, std::ios::binary) << contents;
    return path;
}

const std::string kSample = std::string(AIDC_SOURCE_DIR) + "/projects/h100-1k-infiniband.json";

std::string minimalProject(const std::string &poolJson)
{
    return R"({"schema": "aidc-project", "version": 1, "name": "t", "compute": {"pools": [)" +
           poolJson + "]}}";
}

} // namespace

TEST_CASE("version and help exit 0, no command is a usage error", "[cli]")
{
    const Run version = aidc("--version");
    CHECK(version.exitCode == 0);
    CHECK(version.output.rfind("aidc ", 0) == 0);
    const Run help = aidc("--help");
    CHECK(help.exitCode == 0);
    CHECK(help.output.find("exit codes") != std::string::npos);
    CHECK(aidc("").exitCode == 2);
    const Run unknown = aidc("frobnicate x.json");
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.output.find("unknown command 'frobnicate'") != std::string::npos);
    const Run badOption = aidc("eval " + kSample + " --colour");
    CHECK(badOption.exitCode == 2);
    CHECK(badOption.output.find("--colour") != std::string::npos);
    CHECK(aidc("eval --help").output.find("--format") != std::string::npos);
    CHECK(aidc("eval").exitCode == 2);
}

// Issue 22, item 3: the man page and the completions come from the command tables behind
// --help, so every command and every option of every command appears in each.
TEST_CASE("the man page and the completions cover every command and option", "[cli]")
{
    const Run help = aidc("--help");
    const Run man = aidc("--man");
    REQUIRE(man.exitCode == 0);
    CHECK(man.stdoutOnly.rfind(".TH AIDC 1", 0) == 0);
    CHECK(man.stdoutOnly.find(".SH EXIT STATUS") != std::string::npos);
    const Run bash = aidc("--completion bash");
    const Run zsh = aidc("--completion zsh");
    const Run fish = aidc("--completion fish");
    REQUIRE(bash.exitCode == 0);
    REQUIRE(zsh.exitCode == 0);
    REQUIRE(fish.exitCode == 0);
    CHECK(aidc("--completion tcsh").exitCode == 2);
    // The command names, as --help lists them.
    std::vector<std::string> commands;
    std::istringstream lines(help.stdoutOnly);
    bool inCommands = false;
    for (std::string line; std::getline(lines, line);) {
        if (line == "commands:") {
            inCommands = true;
            continue;
        }
        if (inCommands && line.empty())
            break;
        if (inCommands && line.size() > 2 && line[2] != ' ')
            commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    REQUIRE(commands.size() >= 10);
    for (const std::string &command : commands) {
        INFO(command);
        std::string roffName;
        for (char c : command)
            roffName += c == '-' ? std::string("\\-") : std::string(1, c);
        CHECK(man.stdoutOnly.find(".SS " + roffName) != std::string::npos);
        CHECK(bash.stdoutOnly.find(command + ") opts=") != std::string::npos);
        CHECK(fish.stdoutOnly.find("-a " + command) != std::string::npos);
        // Every option the command's own --help lists.
        const Run own = aidc(command + " --help");
        std::istringstream optionLines(own.stdoutOnly);
        for (std::string line; std::getline(optionLines, line);) {
            const std::size_t dash = line.find("--");
            if (line.rfind("  --", 0) != 0 || dash == std::string::npos)
                continue;
            const std::string option = line.substr(dash, line.find_first_of(" =", dash) - dash);
            if (option == "--help")
                continue;
            INFO(option);
            std::string escaped;
            for (char c : option)
                escaped += c == '-' ? std::string("\\-") : std::string(1, c);
            CHECK(man.stdoutOnly.find(escaped) != std::string::npos);
            CHECK(bash.stdoutOnly.find(option) != std::string::npos);
        }
    }
}

TEST_CASE("eval prints a report, --format json prints the result document", "[cli]")
{
    const Run text = aidc("eval " + kSample);
    REQUIRE(text.exitCode == 0);
    CHECK(text.output.find("GPUs") != std::string::npos);
    CHECK(text.output.find("1,016") != std::string::npos);

    const Run json = aidc("eval " + kSample + " --format json");
    REQUIRE(json.exitCode == 0);
    const nlohmann::json document = nlohmann::json::parse(json.stdoutOnly);
    CHECK(document["schema"] == "aidc-result");
    CHECK(document["version"] == 1);
    CHECK(document["summary"]["gpus"] == 1016);
    CHECK(aidc("eval " + kSample + " --format yaml").exitCode == 2);
}

// Issue 15, item 6: `aidc cables --csv` streams its rows; the stream is the table the GUI and
// the text output build, row for row, to standard output and to --output alike.
TEST_CASE("cables --csv streams the schedule the table holds", "[cli]")
{
    const Run streamed = aidc("cables " + kSample + " --csv");
    REQUIRE(streamed.exitCode == 0);
    const Run json = aidc("eval " + kSample + " --format json");
    const nlohmann::json document = nlohmann::json::parse(json.stdoutOnly);
    std::int64_t links = 0;
    for (const nlohmann::json &plane : document["fabric"]["planes"])
        links += plane["links"].get<std::int64_t>() * plane["parallelPlanes"].get<std::int64_t>();
    REQUIRE(links > 0);
    const std::string &csv = streamed.stdoutOnly;
    CHECK(csv.rfind("linkId,plane,copy,level,aRack,aU,aDevice,aPort,bRack,bU,bDevice,bPort,"
                    "medium,lengthM,stockLengthM\r\n",
                    0) == 0);
    std::int64_t lines = 0;
    for (std::size_t at = csv.find("\r\n"); at != std::string::npos; at = csv.find("\r\n", at + 2))
        ++lines;
    CHECK(lines == links + 1); // the header and one row per link of every plane copy

    const fs::path target = writeTemp("schedule.csv", "old\n");
    const Run toFile = aidc("cables " + kSample + " --csv --output '" + target.string() + "'");
    CHECK(toFile.exitCode == 0);
    CHECK(readFile(target) == csv);
}

// Issue 18, item 3: the text schedule streams too (two passes over the links, no table held):
// the header, its rule and one aligned line per link, the same to --output.
TEST_CASE("cables text streams one aligned line per link", "[cli]")
{
    const Run csv = aidc("cables " + kSample + " --csv");
    const Run text = aidc("cables " + kSample);
    REQUIRE(text.exitCode == 0);
    std::vector<std::string> lines;
    std::istringstream in(text.stdoutOnly);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    std::int64_t csvLines = 0;
    for (std::size_t at = csv.stdoutOnly.find("\r\n"); at != std::string::npos;
         at = csv.stdoutOnly.find("\r\n", at + 2))
        ++csvLines;
    CHECK(std::int64_t(lines.size()) == csvLines + 1); // the rule line is the one more
    REQUIRE(lines.size() > 2);
    CHECK(lines[0].rfind("  linkId  ", 0) == 0);
    CHECK(lines[1].find_first_not_of("- ") == std::string::npos);
    // Right-aligned columns end where the rule's dashes end (the last column, stockLengthM).
    for (std::size_t i = 2; i < lines.size(); i += 97)
        CHECK(lines[i].size() == lines[1].size());

    const fs::path target = writeTemp("schedule.txt", "old\n");
    CHECK(aidc("cables " + kSample + " --output '" + target.string() + "'").exitCode == 0);
    CHECK(readFile(target) == text.stdoutOnly);
}

TEST_CASE("validate accepts every sample project", "[cli]")
{
    for (const auto &entry : fs::directory_iterator(fs::path(AIDC_SOURCE_DIR) / "projects")) {
        if (entry.path().extension() != ".json")
            continue;
        INFO(entry.path());
        const Run run = aidc("validate '" + entry.path().string() + "'");
        CHECK(run.exitCode == 0);
        CHECK(run.output.find("valid") != std::string::npos);
    }
}

TEST_CASE("a missing file is an input error naming the file", "[cli][bad-input]")
{
    const Run run = aidc("eval /nonexistent/project.json");
    CHECK(run.exitCode == 3);
    CHECK(run.output.find("/nonexistent/project.json") != std::string::npos);
}

TEST_CASE("malformed JSON is an input error with the file and the line", "[cli][bad-input]")
{
    const fs::path file = writeTemp(
        "malformed.json", "{\n  \"schema\": \"aidc-project\",\n  \"version\": 1,\n  oops\n}\n");
    const Run run = aidc("eval '" + file.string() + "'");
    CHECK(run.exitCode == 3);
    CHECK(run.output.find("malformed.json") != std::string::npos);
    CHECK(run.output.find("line 4") != std::string::npos);
}

TEST_CASE("wrong types, unknown keys, unknown parts and absurd counts name their JSON path",
          "[cli][bad-input]")
{
    struct Case
    {
        std::string name, pool, expected;
    };
    const std::vector<Case> cases = {
        {"wrong-type.json", R"({"name": "p", "gpu": "H100-SXM", "gpuCount": "many"})",
         "/compute/pools/0/gpuCount"},
        {"unknown-key.json", R"({"name": "p", "gpu": "H100-SXM", "gpuCount": 8, "colour": "red"})",
         "/compute/pools/0/colour"},
        {"unknown-part.json", R"({"name": "p", "gpu": "H900", "gpuCount": 8})",
         "/compute/pools/0/gpu"},
        {"negative.json", R"({"name": "p", "gpu": "H100-SXM", "gpuCount": -8})",
         "/compute/pools/0/gpuCount"},
        {"absurd.json", R"({"name": "p", "gpu": "H100-SXM", "gpuCount": 5000000000})",
         "/compute/pools/0/gpuCount"},
    };
    for (const Case &c : cases) {
        INFO(c.name);
        const fs::path file = writeTemp(c.name, minimalProject(c.pool));
        for (const std::string command : {"eval", "validate"}) {
            const Run run = aidc(command + " '" + file.string() + "'");
            CHECK(run.exitCode == 3);
            CHECK(run.output.find(c.name) != std::string::npos);
            CHECK(run.output.find(c.expected) != std::string::npos);
        }
    }
}

TEST_CASE("a failed evaluation never touches the --output file", "[cli][bad-input]")
{
    const fs::path target = writeTemp("report.txt", "previous report\n");
    const fs::path bad =
        writeTemp("bad.json", minimalProject(R"({"name": "p", "gpu": "H900", "gpuCount": 8})"));
    const Run run = aidc("eval '" + bad.string() + "' --output '" + target.string() + "'");
    CHECK(run.exitCode == 3);
    CHECK(readFile(target) == "previous report\n");
}

TEST_CASE("an unwritable --output is an output error and leaves the old file", "[cli][bad-input]")
{
    const Run run = aidc("eval " + kSample + " --output /nonexistent-dir/report.txt");
    CHECK(run.exitCode == 4);
    CHECK(run.output.find("/nonexistent-dir/report.txt") != std::string::npos);

    // A directory where the file should be: the save fails and the directory is untouched.
    const fs::path dir = testDirectory() / "a-directory";
    fs::create_directories(dir);
    const Run intoDirectory = aidc("eval " + kSample + " --output '" + dir.string() + "'");
    CHECK(intoDirectory.exitCode == 4);
    CHECK(fs::is_directory(dir));

    const fs::path target = writeTemp("good.txt", "old\n");
    const Run ok = aidc("eval " + kSample + " --output '" + target.string() + "'");
    CHECK(ok.exitCode == 0);
    CHECK(readFile(target).find("1,016") != std::string::npos);
}

namespace {

// The QM9700 line of `aidc bom --csv`: its unit price and where the price came from.
std::pair<std::string, std::string> qm9700Price(const std::string &csv)
{
    std::istringstream lines(csv);
    std::string header, line;
    std::getline(lines, header);
    while (std::getline(lines, line)) {
        if (line.find(",QM9700,") == std::string::npos)
            continue;
        std::vector<std::string> fields;
        std::stringstream fieldStream(line);
        for (std::string field; std::getline(fieldStream, field, ',');)
            fields.push_back(field);
        std::vector<std::string> names;
        std::stringstream headerStream(header);
        for (std::string name; std::getline(headerStream, name, ',');)
            names.push_back(name);
        std::string price, origin;
        for (std::size_t i = 0; i < names.size() && i < fields.size(); ++i) {
            if (names[i] == "unitPriceUsd")
                price = fields[i];
            if (names[i] == "priceOrigin")
                origin = fields[i];
        }
        return {price, origin};
    }
    return {};
}

} // namespace

TEST_CASE("a price-book quote changes the BOM line and capex, removing it restores the catalog "
          "price",
          "[cli][pricebook]")
{
    const fs::path dir = testDirectory() / "pricebook";
    fs::create_directories(dir);
    const fs::path book = dir / "quotes.db";
    fs::remove(book);
    // The 1k sample with a price book beside it.
    std::string project = readFile(kSample);
    const auto cost = project.find("\"cost\": {");
    REQUIRE(cost != std::string::npos);
    project.insert(cost + 9, " \"priceBook\": \"quotes.db\",");
    const fs::path projectFile = dir / "project.json";
    std::ofstream(projectFile) << project;

    const fs::path quotes = dir / "quotes.csv";
    std::ofstream(quotes)
        << "vendor,part,unitPrice,currency,date\r\nAcme,QM9700,30000,USD,2026-01-10\r\n";
    REQUIRE(aidc("pricebook import '" + book.string() + "' '" + quotes.string() + "'").exitCode ==
            0);

    const std::string asOf = " --as-of 2026-11-21";
    const auto [quotedPrice, quotedOrigin] =
        qm9700Price(aidc("bom '" + projectFile.string() + "' --csv" + asOf).stdoutOnly);
    CHECK(quotedPrice == "30000");
    CHECK(quotedOrigin == "price-book");
    const nlohmann::json quotedJson = nlohmann::json::parse(
        aidc("eval '" + projectFile.string() + "' --format json" + asOf).stdoutOnly);

    // Replacing the book's quotes with none brings back the catalog price and the capex.
    const fs::path empty = dir / "empty.csv";
    std::ofstream(empty) << "vendor,part,unitPrice,currency,date\r\n";
    REQUIRE(aidc("pricebook import --replace '" + book.string() + "' '" + empty.string() + "'")
                .exitCode == 0);
    const auto [catalogPrice, catalogOrigin] =
        qm9700Price(aidc("bom '" + projectFile.string() + "' --csv" + asOf).stdoutOnly);
    CHECK(catalogOrigin == "catalog");
    CHECK(catalogPrice != "30000");
    const nlohmann::json catalogJson = nlohmann::json::parse(
        aidc("eval '" + projectFile.string() + "' --format json" + asOf).stdoutOnly);
    // Capex moves by exactly (catalog - quote) x the QM9700 count (48 switches in the sample's
    // two-tier backend: 32 leaves + 16 spines for 1,016 endpoints on 64-port switches).
    const double difference = catalogJson["summary"]["capexUsd"].get<double>() -
                              quotedJson["summary"]["capexUsd"].get<double>();
    CHECK(difference == Approx((std::stod(catalogPrice) - 30000.0) * 48));
}

TEST_CASE("a malformed price-book CSV imports nothing and names every bad line", "[cli][pricebook]")
{
    const fs::path dir = testDirectory() / "pricebook-bad";
    fs::create_directories(dir);
    const fs::path book = dir / "quotes.db";
    const fs::path good = dir / "good.csv";
    std::ofstream(good)
        << "vendor,part,unitPrice,currency,date\nAcme,QM9700,30000,USD,2026-01-10\n";
    REQUIRE(aidc("pricebook import '" + book.string() + "' '" + good.string() + "'").exitCode == 0);
    const fs::path bad = dir / "bad.csv";
    std::ofstream(bad) << "vendor,part,unitPrice,currency,date\nAcme,SN5600,50000,USD,2026-01-10\n"
                          "Acme,Q3400,-1,USD,2026-01-10\nAcme,Q3400,10,XYZ,2026-01-10\n";
    const Run run = aidc("pricebook import '" + book.string() + "' '" + bad.string() + "'");
    CHECK(run.exitCode == 3);
    CHECK(run.output.find("bad.csv: line 3") != std::string::npos);
    CHECK(run.output.find("bad.csv: line 4") != std::string::npos);
    // The good first row of the bad file was not imported either: still one quote.
    const Run list = aidc("pricebook list '" + book.string() + "'");
    CHECK(list.output.find("QM9700") != std::string::npos);
    CHECK(list.output.find("SN5600") == std::string::npos);
    CHECK(aidc("pricebook frob '" + book.string() + "'").exitCode == 2);
}

// Issue 17, item 7: per-rack facts from the command line, the same table the GUI shows.
TEST_CASE("racks lists every rack with its power, heat, mass and floor load", "[cli]")
{
    const Run csv = aidc("racks " + kSample + " --csv");
    REQUIRE(csv.exitCode == 0);
    std::istringstream lines(csv.stdoutOnly);
    std::string header;
    std::getline(lines, header);
    for (const char *column : {"Rack", "IT peak (kW)", "IT average (kW)", "Liquid heat (kW)",
                               "Mass (kg)", "Footprint (kPa)", "Cell (kPa)", "Violations"}) {
        INFO(column);
        CHECK(header.find(column) != std::string::npos);
    }
    int racks = 0;
    for (std::string line; std::getline(lines, line);)
        racks += !line.empty() && line != "\r";
    const Run eval = aidc("eval " + kSample + " --format json");
    const nlohmann::json doc = nlohmann::json::parse(eval.stdoutOnly);
    const int expected = doc["summary"]["computeRacks"].get<int>() +
                         doc["summary"]["networkRacks"].get<int>() +
                         doc["summary"]["storageRacks"].get<int>();
    CHECK(racks >= expected);
}

// Issue 23 item 20: each hall against its ratings, the table the GUI's Halls dock shows.
TEST_CASE("halls lists each hall against its power, cooling, floor and area ratings", "[cli]")
{
    const Run csv = aidc("halls " + kSample + " --csv");
    REQUIRE(csv.exitCode == 0);
    std::istringstream lines(csv.stdoutOnly);
    std::string header, row;
    std::getline(lines, header);
    std::getline(lines, row);
    const auto cells = [](const std::string &line) {
        std::vector<std::string> out;
        std::stringstream in(line.substr(0, line.find('\r'))); // RFC 4180 ends lines in CRLF
        for (std::string cell; std::getline(in, cell, ',');)
            out.push_back(cell);
        return out;
    };
    const std::vector<std::string> names = cells(header), values = cells(row);
    REQUIRE(names.size() == values.size());
    const auto value = [&](const std::string &name) {
        const auto at = std::find(names.begin(), names.end(), name);
        REQUIRE(at != names.end());
        return values[std::size_t(at - names.begin())];
    };
    CHECK(value("Hall") == "H1");
    // The sample's hall: 24 x 30 m, 2.5 MW power and cooling, 12 kPa floor (projects/).
    CHECK(value("Power capacity (kW)") == "2500");
    CHECK(value("Cooling capacity (kW)") == "2500");
    CHECK(value("Floor rating (kPa)") == "12");
    CHECK(std::stod(value("Usable area (m2)")) == Approx(0.7 * 24 * 30)); // default 70 %
    // The power solver's hall figures, and the shares worked from them.
    const Run eval = aidc("eval " + kSample + " --format json");
    const nlohmann::json hall = nlohmann::json::parse(eval.stdoutOnly)["power"]["halls"][0];
    const double peakKW = hall["itPowerPeakW"].get<double>() / 1e3;
    CHECK(std::stod(value("IT peak (kW)")) == Approx(peakKW).margin(0.05));
    CHECK(std::stod(value("Power used (%)")) == Approx(100 * peakKW / 2500).margin(0.05));
    CHECK(std::stod(value("Area used (%)")) ==
          Approx(100 * hall["rackAreaM2"].get<double>() / (0.7 * 24 * 30)).margin(0.05));
    // 32 compute + 6 network + 1 storage + 1 management racks (the layout of the text report).
    CHECK(value("Racks") == "40");
    CHECK(value("Compute") == "32");
}

TEST_CASE("assumptions lists the register, sensitivity ranks drivers, bad options are usage errors",
          "[cli][uncertainty]")
{
    const Run register_ = aidc("assumptions " + kSample + " --csv");
    REQUIRE(register_.exitCode == 0);
    CHECK(register_.stdoutOnly.rfind("Id,Assumption,Value,Unit,Class,", 0) == 0);
    CHECK(register_.stdoutOnly.find("/site/electricityUsdPerKWh,Electricity price,0.08,USD/kWh,"
                                    "project,yes") != std::string::npos);
    const Run json = aidc("assumptions " + kSample + " --json");
    REQUIRE(json.exitCode == 0);
    const nlohmann::json list = nlohmann::json::parse(json.stdoutOnly);
    REQUIRE(list.is_array());
    CHECK(list.at(0).at("id") == "/site/electricityUsdPerKWh");

    const Run capex = aidc("sensitivity " + kSample + " --figure capexUsd --top 2 --csv");
    REQUIRE(capex.exitCode == 0);
    // A header and the two largest capex drivers.
    CHECK(std::count(capex.stdoutOnly.begin(), capex.stdoutOnly.end(), '\n') == 3);
    CHECK(capex.stdoutOnly.find("Capex,") != std::string::npos);
    CHECK(capex.stdoutOnly.find("DGX-H100") != std::string::npos);

    CHECK(aidc("sensitivity " + kSample + " --figure speed").exitCode == 2);
    CHECK(aidc("sensitivity " + kSample + " --top -1").exitCode == 2);
    CHECK(aidc("sensitivity " + kSample + " --threads 0").exitCode == 2);
    CHECK(aidc("assumptions " + kSample + " --csv --json").exitCode == 2);
    CHECK(aidc("assumptions /nonexistent.json").exitCode == 3);
}

TEST_CASE("compare prints the difference bands of two designs, it needs two loadable files",
          "[cli][uncertainty]")
{
    const Run same = aidc("compare " + kSample + " " + kSample + " --samples 8 --csv");
    REQUIRE(same.exitCode == 0);
    CHECK(same.stdoutOnly.rfind("Figure,A,B,Unit,B - A P10,", 0) == 0);
    CHECK(same.stdoutOnly.find("Capex,") != std::string::npos);
    CHECK(same.stdoutOnly.find(",equal") != std::string::npos);
    CHECK(aidc("compare " + kSample).exitCode == 2);
    CHECK(aidc("compare " + kSample + " /nonexistent.json").exitCode == 3);
    CHECK(aidc("compare " + kSample + " " + kSample + " --samples 1").exitCode == 2);
}

// Issue 23 item 24: N designs side by side, differences only, by section, exportable.
TEST_CASE("compare --side-by-side puts N designs in one table with their differences",
          "[cli][compare]")
{
    const std::string minimal = std::string(AIDC_SOURCE_DIR) + "/projects/minimal.json";
    const std::string three = " " + kSample + " " + minimal + " " + minimal;
    const Run csv = aidc("compare --side-by-side" + three + " --csv");
    REQUIRE(csv.exitCode == 0);
    // The same file twice is named by its path, so the columns stay apart.
    CHECK(csv.stdoutOnly.rfind("section,item,description,unit,h100-1k-infiniband," + minimal + "," +
                                   minimal + "," + minimal + " - h100-1k-infiniband,",
                               0) == 0);
    // Both samples place 1,016 GPUs (127 DGX H100 and 127 eight-GPU servers): difference 0.
    CHECK(csv.stdoutOnly.find("\r\nfigures,gpus,GPUs placed over all compute pools (layout "
                              "solver).,count,1016,1016,1016,0,0\r\n") != std::string::npos);

    const Run differences =
        aidc("compare --side-by-side" + three + " --csv --differences-only --sections figures");
    REQUIRE(differences.exitCode == 0);
    CHECK(differences.stdoutOnly.find("figures,gpus,") == std::string::npos);
    CHECK(differences.stdoutOnly.find("figures,capexUsd,") != std::string::npos);
    CHECK(differences.stdoutOnly.find("\r\ncapex,") == std::string::npos);
    CHECK(differences.stdoutOnly.find("\r\nbom,") == std::string::npos);
    const Run text = aidc("compare --side-by-side" + three + " --sections capex,bom");
    REQUIRE(text.exitCode == 0);
    CHECK(text.stdoutOnly.find("Accelerators and servers") != std::string::npos);
    CHECK(text.stdoutOnly.find("DGX-H100") != std::string::npos);
    CHECK(text.stdoutOnly.find("capexUsd") == std::string::npos);

    // Bad input: usage errors (2) before any evaluation, an unloadable design an input error.
    CHECK(aidc("compare" + three).exitCode == 2); // three designs need --side-by-side
    CHECK(
        aidc("compare --side-by-side " + kSample + " " + kSample + " --sections power").exitCode ==
        2);
    CHECK(aidc("compare --side-by-side " + kSample + " " + kSample + " --sections ,").exitCode ==
          2);
    CHECK(aidc("compare --side-by-side " + kSample + " " + kSample + " --samples 8").exitCode == 2);
    CHECK(aidc("compare --side-by-side " + kSample + " " + kSample + " --xlsx").exitCode == 2);
    CHECK(aidc("compare " + kSample + " " + kSample + " --differences-only").exitCode == 2);
    CHECK(aidc("compare --side-by-side " + kSample).exitCode == 2);
    CHECK(aidc("compare --side-by-side " + kSample + " /nonexistent.json").exitCode == 3);
    CHECK(aidc("compare --side-by-side - - < '" + kSample + "'").exitCode == 2);
}

// Issue 22: '-' is standard input for a project and standard output for --output.
TEST_CASE("a project can come from standard input and --output - is standard output",
          "[cli][stdio]")
{
    const Run piped = aidc("eval - --format json --output - < '" + kSample + "'");
    REQUIRE(piped.exitCode == 0);
    const nlohmann::json document = nlohmann::json::parse(piped.stdoutOnly);
    CHECK(document["summary"]["gpus"] == 1016);
    CHECK_FALSE(fs::exists(testDirectory() / "-"));
    CHECK_FALSE(fs::exists(fs::current_path() / "-"));
    // A bad document on standard input names it "-" and is an input error.
    const Run bad = aidc("validate - < /dev/null");
    CHECK(bad.exitCode == 3);
    CHECK(bad.output.find("-: ") != std::string::npos);
}

TEST_CASE("report, draw and export netbox: exit codes and bad input", "[cli][bad-input]")
{
    const fs::path dir = fs::temp_directory_path() / "aidc-cli-handoff";
    fs::remove_all(dir);
    fs::create_directories(dir);

    const Run report = aidc("report " + kSample + " --samples 4 --threads 1 --output '" +
                            (dir / "r.html").string() + "'");
    CHECK(report.exitCode == 0);
    CHECK(readFile(dir / "r.html").rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(readFile(dir / "r.html").find("4 Latin-hypercube samples") != std::string::npos);
    const Run plain = aidc("report " + kSample + " --no-uncertainty --output '" +
                           (dir / "plain.html").string() + "'");
    CHECK(plain.exitCode == 0);
    CHECK(readFile(dir / "plain.html").find("Latin-hypercube") == std::string::npos);

    const Run draw = aidc("draw " + kSample + " --out '" + (dir / "drawings").string() + "'");
    CHECK(draw.exitCode == 0);
    CHECK(fs::exists(dir / "drawings"));

    const Run netbox = aidc("export netbox " + kSample + " --out '" + (dir / "nb").string() + "'");
    CHECK(netbox.exitCode == 0);
    CHECK(fs::exists(dir / "nb" / "10-cables.csv"));

    // A file where a directory is wanted: exit 4, the file unchanged.
    const std::string before = readFile(dir / "r.html");
    const Run fileAsDir =
        aidc("export netbox " + kSample + " --out '" + (dir / "r.html").string() + "'");
    CHECK(fileAsDir.exitCode == 4);
    CHECK(fileAsDir.output.find("not a directory") != std::string::npos);
    CHECK(readFile(dir / "r.html") == before);
    CHECK(aidc("draw " + kSample + " --out '" + (dir / "r.html").string() + "'").exitCode == 4);

    // Usage errors: exit 2.
    CHECK(aidc("export csv " + kSample + " --out '" + (dir / "x").string() + "'").exitCode == 2);
    CHECK(aidc("draw " + kSample).exitCode == 2);
    CHECK(aidc("export netbox " + kSample).exitCode == 2);
    CHECK(aidc("report " + kSample + " --no-uncertainty --samples 8").exitCode == 2);
    CHECK(aidc("report " + kSample + " --samples 1").exitCode == 2);
    CHECK(aidc("eval " + kSample + " --bands").exitCode == 2); // --bands needs --format json
    CHECK(aidc("eval " + kSample + " --format json --seed 4").exitCode == 2);

    // A project that does not load: exit 3, nothing written.
    const fs::path bad = writeTemp("bad-handoff.json", "{");
    CHECK(aidc("report '" + bad.string() + "' --output '" + (dir / "bad.html").string() + "'")
              .exitCode == 3);
    CHECK_FALSE(fs::exists(dir / "bad.html"));
    CHECK(aidc("export netbox '" + bad.string() + "' --out '" + (dir / "nb2").string() + "'")
              .exitCode == 3);
    CHECK_FALSE(fs::exists(dir / "nb2"));
    fs::remove_all(dir);
}

TEST_CASE("CSV for a decimal-comma spreadsheet: delimiter and decimal options", "[cli][bad-input]")
{
    const Run plain = aidc("racks " + kSample + " --csv");
    const Run local = aidc("racks " + kSample + " --csv --delimiter ';' --decimal ','");
    REQUIRE(local.exitCode == 0);
    CHECK(local.stdoutOnly.rfind("Rack;Hall;Row;Slot;", 0) == 0);
    // The same rows with ',' for ';' and numbers with a decimal comma: "3.4" -> "3,4".
    CHECK(local.stdoutOnly.find(";3,4;") != std::string::npos);
    CHECK(plain.stdoutOnly.find(",3.4,") != std::string::npos);
    const Run cables = aidc("cables " + kSample + " --csv --delimiter tab");
    CHECK(cables.exitCode == 0);
    CHECK(cables.stdoutOnly.rfind("linkId\tplane\tcopy\t", 0) == 0);

    CHECK(aidc("racks " + kSample + " --csv --decimal ','").exitCode == 2); // ',' twice
    CHECK(aidc("racks " + kSample + " --csv --delimiter '|'").exitCode == 2);
    CHECK(aidc("racks " + kSample + " --delimiter ';'").exitCode == 2); // needs --csv
}

TEST_CASE("profile writes the job load profile as CSV and refuses bad options and a missing job",
          "[cli][bad-input]")
{
    const fs::path dir = fs::temp_directory_path() / "aidc-cli-profile";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path csv = dir / "load.csv";
    // 10 ms: fine enough to catch the sample's 41 ms checkpoint stall.
    const Run run =
        aidc("profile " + kSample + " --resolution 0.01 --output '" + csv.string() + "'");
    CHECK(run.exitCode == 0);
    std::istringstream lines(readFile(csv));
    std::string header, first;
    std::getline(lines, header);
    std::getline(lines, first);
    CHECK(header == "time_s,it_mw,utility_mw,phase\r"); // RFC 4180 line ends
    CHECK(first.rfind("0.000,", 0) == 0);
    const std::string all = readFile(csv);
    CHECK(all.find(",checkpoint") != std::string::npos);
    CHECK(all.find(",restart") != std::string::npos);

    // The figures are in eval's JSON: a restart drop for the sample's job.
    const nlohmann::json result =
        nlohmann::json::parse(aidc("eval " + kSample + " --format json").stdoutOnly);
    REQUIRE(result.contains("loadProfile"));
    CHECK(result["loadProfile"]["events"].size() == 3);

    // Usage errors: exit 2, nothing written.
    const fs::path none = dir / "none.csv";
    CHECK(
        aidc("profile " + kSample + " --resolution 0 --output '" + none.string() + "'").exitCode ==
        2);
    CHECK(aidc("profile " + kSample + " --resolution abc").exitCode == 2);
    CHECK(aidc("profile " + kSample + " --resolution 100000").exitCode == 2); // over a day
    CHECK_FALSE(fs::exists(none));

    // A project without a workload has no profile: exit 3, naming /workload.
    nlohmann::json project = nlohmann::json::parse(readFile(kSample));
    project.erase("workload");
    const fs::path noJob = writeTemp("no-job.json", project.dump());
    const Run refused = aidc("profile '" + noJob.string() + "' --output '" + none.string() + "'");
    CHECK(refused.exitCode == 3);
    CHECK(refused.output.find("/workload") != std::string::npos);
    CHECK_FALSE(fs::exists(none));
    fs::remove_all(dir);
}

// Issue 24: the design search through the command line. Every front member written with
// --projects is a valid project that `aidc eval` reproduces to the digit; bad arguments name
// the option (exit 2); a constraint nothing meets names itself and the closest slack (exit 1);
// shards merge into the unsharded front.
TEST_CASE("optimize writes fronts that eval reproduces and refuses bad arguments",
          "[cli][bad-input]")
{
    const fs::path dir = testDirectory() / "optimize";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string minimal = std::string(AIDC_SOURCE_DIR) + "/projects/minimal.json";
    const std::string space =
        minimal +
        " --vary /compute/pools/0/gpuCount=504,1016,2040 --vary /cooling/type=air,direct-liquid"
        " --vary /power/distribution=48V,800VDC --objectives capex,time-to-train --tie-samples 8";
    const Run run = aidc("optimize " + space + " --explain --projects '" +
                         (dir / "front").string() + "' --json '" + (dir / "front.json").string() +
                         "' --csv '" + (dir / "front.csv").string() + "'");
    REQUIRE(run.exitCode == 0);
    CHECK(run.stdoutOnly.find("exhaustive search, 12 of 12 candidates") != std::string::npos);
    const nlohmann::json front = nlohmann::json::parse(readFile(dir / "front.json"));
    REQUIRE(front["front"].size() >= 2);
    CHECK(front["resolution"]["capex"].get<double>() > 0);
    for (const nlohmann::json &member : front["front"]) {
        const fs::path file = dir / "front" / member["file"].get<std::string>();
        const Run eval = aidc("eval '" + file.string() + "' --format json");
        REQUIRE(eval.exitCode == 0);
        const nlohmann::json result = nlohmann::json::parse(eval.stdoutOnly);
        CHECK(result["summary"]["capexUsd"].get<double>() ==
              member["objectives"]["capex"].get<double>());
        CHECK(result["summary"]["effectiveTimeToTrainDays"].get<double>() ==
              member["objectives"]["time-to-train"].get<double>());
        CHECK_FALSE(member["explain"].empty());
    }
    CHECK(readFile(dir / "front.csv").rfind("id,role,capex (USD)", 0) == 0);

    // The results database gets every front member's whole result; the workbook is a zip.
    REQUIRE(aidc("optimize " + space + " --quiet --db '" + (dir / "front.db").string() +
                 "' --xlsx '" + (dir / "front.xlsx").string() + "'")
                .exitCode == 0);
    CHECK(readFile(dir / "front.xlsx").rfind("PK", 0) == 0);
    sqlite3 *db = nullptr;
    REQUIRE(sqlite3_open_v2((dir / "front.db").string().c_str(), &db, SQLITE_OPEN_READONLY,
                            nullptr) == SQLITE_OK);
    sqlite3_stmt *query = nullptr;
    REQUIRE(sqlite3_prepare_v2(db,
                               "select count(*) from runs where command = 'optimize' and "
                               "status = 'ok'",
                               -1, &query, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(query) == SQLITE_ROW);
    CHECK(sqlite3_column_int64(query, 0) == std::int64_t(front["front"].size()));
    sqlite3_finalize(query);
    sqlite3_close(db);

    // Shards of the same search, merged, give the same front.
    for (const char *shard : {"1/2", "2/2"})
        REQUIRE(aidc("optimize " + space + " --quiet --shard " + shard + " --json '" +
                     (dir / ("part" + std::string(1, shard[0]) + ".json")).string() + "'")
                    .exitCode == 0);
    const Run merged =
        aidc("optimize " + space + " --quiet --merge '" + (dir / "part1.json").string() +
             "' --merge '" + (dir / "part2.json").string() + "' --json -");
    REQUIRE(merged.exitCode == 0);
    const nlohmann::json joined = nlohmann::json::parse(merged.stdoutOnly);
    REQUIRE(joined["front"].size() == front["front"].size());
    for (std::size_t i = 0; i < joined["front"].size(); ++i)
        CHECK(joined["front"][i]["objectives"] == front["front"][i]["objectives"]);
    // Every shard exactly once: a missing one is named (exit 3). Without --quiet, --json -
    // still prints only the JSON.
    const Run half = aidc("optimize " + space + " --merge '" + (dir / "part1.json").string() + "'");
    CHECK(half.exitCode == 3);
    CHECK(half.output.find("shard 2/2 is missing") != std::string::npos);
    CHECK_NOTHROW(nlohmann::json::parse(aidc("optimize " + space + " --json -").stdoutOnly));
    // A front of another search is refused, naming the file.
    const Run otherSearch = aidc("optimize " + minimal +
                                 " --vary /cooling/type=air,immersion --objectives capex "
                                 "--merge '" +
                                 (dir / "part1.json").string() + "'");
    CHECK(otherSearch.exitCode == 3);
    CHECK(otherSearch.output.find("part1.json") != std::string::npos);

    // Nothing feasible: exit 1, the constraint and the closest candidate's miss.
    const Run none = aidc("optimize " + space + " --constraint 'capex<=1e6'");
    CHECK(none.exitCode == 1);
    CHECK(none.output.find("capex<=1e6 is missed by") != std::string::npos);

    // Bad arguments: exit 2 naming the option; nothing written.
    const fs::path unwritten = dir / "unwritten.json";
    const std::string out = " --json '" + unwritten.string() + "'";
    auto refused = [&](const std::string &arguments, const std::string &message) {
        const Run bad = aidc("optimize " + minimal + " " + arguments + out);
        INFO(arguments);
        CHECK(bad.exitCode == 2);
        CHECK(bad.output.find(message) != std::string::npos);
    };
    refused("--vary /compute/pools/0/colour=1,2 --objectives capex", "is not a project field");
    refused("--vary /compute/pools/0/gpuCount=9..1 --objectives capex", "the range is empty");
    refused("--vary /cooling/type=air,immersion --objectives capex,speed",
            "'speed' is not a metric");
    refused("--vary /cooling/type=air,immersion --objectives capex,capex", "given twice");
    refused("--vary /cooling/type=air,immersion --objectives capex --constraint 'capex<=1e9' "
            "--constraint 'capex>=2e9'",
            "contradict each other");
    refused("--vary /cooling/type=air,boiling --objectives capex", "--vary '/cooling/type");
    refused("--objectives capex", "give at least one --vary");
    refused("--vary /cooling/type=air,immersion --objectives capex --phase1 "
            "/compute/pools/0/gpuCount=504,1016",
            "the first phase takes one value");
    refused("--vary /cooling/type=air,immersion --objectives phase1-capex", "needs --phase1");
    refused("--vary /cooling/type=air,immersion --objectives capex --phase1 "
            "/compute/pools/7/gpuCount=504",
            "--phase1");
    refused("--vary /cooling/type=air,immersion --objectives capex --phase1 /cooling/colour=1",
            "--phase1 '/cooling/colour=1'");
    refused("--vary /cooling/type=air,immersion --objectives capex --monotone "
            "/cooling/type=capex+",
            "--monotone '/cooling/type=capex+'");
    refused("--vary /cooling/type=air,immersion --objectives capex --workload /no/such.json=2",
            "--workload '/no/such.json=2'");
    refused("--vary /cooling/type=air,immersion --objectives capex --population 2", "--population");
    CHECK_FALSE(fs::exists(unwritten));
    CHECK(aidc("optimize --list").stdoutOnly.find("usd-per-eflop-hour") != std::string::npos);
    CHECK(aidc("optimize /no/such.json --vary /cooling/type=air --objectives capex").exitCode == 3);
}

TEST_CASE("catalog overlays: the user's folder changes a part, catalog which names each layer, "
          "an explicit catalog reads none, a bad overlay stops with its file named",
          "[cli][catalog][bad-input]")
{
    // The built-in catalog (the source tree's, as for a program run from its build directory)
    // and the user's overlay folder; $AIDC_CATALOG_DIR unset, so overlays are read.
    const fs::path data = testDirectory() / "xdg";
    fs::create_directories(data / "aidc-planner" / "catalogs");
    const fs::path overlay = data / "aidc-planner" / "catalogs" / "50-site.json";
    std::ofstream(overlay, std::ios::binary)
        << R"({"schema": "aidc-catalog", "version": 1, "kind": "switches", "items": [
              {"id": "QM9700", "basePowerW": 760, "source": "[A] hall 2 measurement"}]})";
    auto withOverlays = [&](const std::string &arguments) {
        const fs::path out = testDirectory() / "overlay-out.txt";
        const std::string command = "env -u AIDC_CATALOG_DIR XDG_DATA_HOME='" + data.string() +
                                    "' '" + AIDC_EXE + "' " + arguments + " >'" + out.string() +
                                    "' 2>&1";
        const int status = std::system(command.c_str());
        return Run{WIFEXITED(status) ? WEXITSTATUS(status) : -1, readFile(out), {}};
    };

    const Run which = withOverlays("catalog which QM9700");
    INFO(which.output);
    CHECK(which.exitCode == 0);
    CHECK(which.output.find("switches: defined in (built-in) ") != std::string::npos);
    CHECK(which.output.find("switches: changed by (user) " + overlay.string() + " /items/0") !=
          std::string::npos);
    CHECK(which.output.find("prices: defined in (built-in) ") != std::string::npos);

    // The project's overrides come last.
    const fs::path project = writeTemp(
        "overrides.json",
        minimalProject(R"({"name": "p", "gpu": "H100-SXM", "gpuCount": 8})")
            .insert(
                1, R"("catalogOverrides": {"switches": [{"id": "QM9700", "basePowerW": 700}]}, )"));
    const Run withProject =
        withOverlays("catalog which QM9700 --project '" + project.string() + "'");
    INFO(withProject.output);
    CHECK(withProject.exitCode == 0);
    CHECK(withProject.output.find("switches: changed by (project) " + project.string() +
                                  " /catalogOverrides/switches/0") != std::string::npos);

    // An explicit catalog is the whole catalog.
    const Run explicitCatalog =
        withOverlays("catalog which QM9700 --catalog '" + std::string(AIDC_CATALOG_DIR) + "'");
    CHECK(explicitCatalog.exitCode == 0);
    CHECK(explicitCatalog.output.find("(not read: an explicit catalog") != std::string::npos);
    CHECK(explicitCatalog.output.find("changed by") == std::string::npos);

    CHECK(withOverlays("catalog which NO-SUCH-PART").exitCode == 1);
    CHECK(withOverlays("catalog which QM9700 --catalog ''").exitCode == 3); // empty: no catalog
    CHECK(withOverlays("catalog where QM9700").exitCode == 2);
    CHECK(withOverlays("catalog which").exitCode == 2);

    // A bad overlay stops every command that loads the catalog, naming the file and entry.
    std::ofstream(overlay, std::ios::binary)
        << R"({"schema": "aidc-catalog", "version": 1, "kind": "switches", "items": [
              {"id": "QM9700", "basePowerW": "high"}]})";
    const Run bad = withOverlays("eval '" + kSample + "'");
    CHECK(bad.exitCode == 3);
    CHECK(bad.output.find(overlay.string() + ": /items/0/basePowerW") != std::string::npos);
}

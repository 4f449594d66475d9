// The `aidc` command line as a user meets it: exit codes, messages naming the file and the JSON
// path, and files never half-written (issue 2, "Bad input").

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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

TEST_CASE("version and help exit 0; no command is a usage error", "[cli]")
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

TEST_CASE("eval prints a report; --format json prints the result document", "[cli]")
{
    const Run text = aidc("eval " + kSample);
    REQUIRE(text.exitCode == 0);
    CHECK(text.output.find("GPUs") != std::string::npos);
    CHECK(text.output.find("1,024") != std::string::npos);

    const Run json = aidc("eval " + kSample + " --format json");
    REQUIRE(json.exitCode == 0);
    const nlohmann::json document = nlohmann::json::parse(json.stdoutOnly);
    CHECK(document["schema"] == "aidc-result");
    CHECK(document["version"] == 1);
    CHECK(document["summary"]["gpus"] == 1024);
    CHECK(aidc("eval " + kSample + " --format yaml").exitCode == 2);
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
    CHECK(readFile(target).find("1,024") != std::string::npos);
}

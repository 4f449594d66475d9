// SPDX-License-Identifier: Apache-2.0
// Issue 18, item 4: the bad-input battery. Every class of bad input `aidc` can be handed, each
// asserting the documented exit code, that the message names the file (and the JSON path where
// there is one), and that no output file appears.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

fs::path directory()
{
    static const fs::path dir =
        fs::temp_directory_path() / ("aidc-badinput-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

struct Run
{
    int exitCode = -1;
    std::string output;
};

Run aidc(const std::string &arguments)
{
    const fs::path out = directory() / "out.txt";
    const std::string command = std::string("AIDC_CATALOG_DIR='") + AIDC_CATALOG_DIR + "' '" +
                                AIDC_EXE + "' " + arguments + " >'" + out.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(out, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

fs::path write(const std::string &name, const std::string &contents)
{
    const fs::path path = directory() / name;
    std::ofstream(path, std::ios::binary) << contents;
    return path;
}

std::string project(const std::string &pools, const std::string &extra = "")
{
    return R"({"schema": "aidc-project", "version": 2, "compute": {"pools": [)" + pools + "]}" +
           extra + "}";
}

const std::string kPool = R"({"gpu": "H100-SXM", "gpuCount": 64})";

struct Case
{
    std::string name;
    std::string file;     // written into the test directory ("" = use `path` as given)
    std::string contents; // what the file holds
    std::string path;     // an existing path to hand over instead of a file
    std::string expected; // a fragment the message must contain (file or pointer)
};

} // namespace

TEST_CASE("bad input: clear error, exit code 3, the file named, nothing written",
          "[cli][bad-input]")
{
    std::string deep = R"({"schema": "aidc-project", "version": 2, "x": )";
    deep += std::string(20000, '[') + std::string(20000, ']') + "}";
    const std::vector<Case> cases = {
        {"empty file", "empty.json", "", "", "empty.json"},
        {"truncated", "truncated.json", project(kPool).substr(0, 40), "", "truncated.json"},
        {"not UTF-8", "latin1.json",
         project(R"({"name": "caf)"
                 "\xe9"
                 R"(", "gpu": "H100-SXM", "gpuCount": 8})"),
         "", "latin1.json"},
        {"wrong schema name", "schema.json", R"({"schema": "aidc-catalog", "version": 1})", "",
         "/schema"},
        {"future version", "future.json",
         R"({"schema": "aidc-project", "version": 99, "compute": {"pools": []}})", "", "/version"},
        {"NaN", "nan.json", project(R"({"gpu": "H100-SXM", "gpuCount": NaN})"), "", "nan.json"},
        {"Infinity", "inf.json", project(R"({"gpu": "H100-SXM", "gpuCount": 1e309})"), "",
         "inf.json"},
        {"negative count", "negative.json", project(R"({"gpu": "H100-SXM", "gpuCount": -8})"), "",
         "/compute/pools/0/gpuCount"},
        {"zero count", "zero.json", project(R"({"gpu": "H100-SXM", "gpuCount": 0})"), "",
         "/compute/pools/0/gpuCount"},
        {"beyond the GPU cap", "huge.json", project(R"({"gpu": "H100-SXM", "gpuCount": 2000001})"),
         "", "/compute/pools/0/gpuCount"},
        {"unknown part", "part.json", project(R"({"gpu": "H900", "gpuCount": 8})"), "",
         "/compute/pools/0/gpu"},
        {"duplicate ids", "dup.json",
         project(kPool + "," + R"({"name": "H100-SXM", "gpu": "H100-SXM", "gpuCount": 8})"), "",
         "duplicate pool name"},
        {"duplicate key", "dupkey.json", R"({"schema": "aidc-project", "schema": "aidc-project",
          "version": 2, "compute": {"pools": []}})",
         "", "duplicate key 'schema'"},
        {"unknown key", "unknown.json", project(kPool, R"(, "colour": "red")"), "", "/colour"},
        {"deep nesting", "deep.json", deep, "", "nested deeper than 256 levels"},
        {"byte-order mark is fine but a bad value is not", "bom.json",
         "\xEF\xBB\xBF" + project(R"({"gpu": "H100-SXM", "gpuCount": "many"})"), "",
         "/compute/pools/0/gpuCount"},
        {"directory as file", "", "", directory().string(), "it is a directory"},
        {"missing file", "", "", (directory() / "absent.json").string(), "absent.json"},
    };
    for (const Case &c : cases) {
        INFO(c.name);
        const std::string path = c.file.empty() ? c.path : write(c.file, c.contents).string();
        const fs::path output = directory() / ("report-" + std::to_string(&c - &cases[0]));
        for (const std::string &command : {std::string("validate"), std::string("eval")}) {
            INFO(command);
            const std::string outputOption =
                command == "eval" ? " --output '" + output.string() + "'" : std::string();
            const Run run = aidc(command + " '" + path + "'" + outputOption);
            CHECK(run.exitCode == 3);
            CHECK(run.output.find(c.expected) != std::string::npos);
            if (!c.file.empty())
                CHECK(run.output.find(c.file) != std::string::npos);
            CHECK_FALSE(fs::exists(output));
            CHECK(run.output.find("internal error") == std::string::npos);
        }
    }
}

TEST_CASE("bad input: an unreadable file and a file over the size limit", "[cli][bad-input]")
{
    if (::geteuid() != 0) { // root reads any file
        const fs::path locked = write("locked.json", project(kPool));
        fs::permissions(locked, fs::perms::none);
        const Run run = aidc("validate '" + locked.string() + "'");
        CHECK(run.exitCode == 3);
        CHECK(run.output.find("locked.json") != std::string::npos);
        fs::permissions(locked, fs::perms::owner_all);
    }
    const Run zero = aidc("validate /dev/zero");
    CHECK(zero.exitCode == 3);
    CHECK(zero.output.find("/dev/zero") != std::string::npos);
    CHECK(zero.output.find("larger than 256 MiB") != std::string::npos);
}

// SPDX-License-Identifier: Apache-2.0
// The one atomic-save helper (model/atomicfile.h): replaces content, keeps permissions, and a
// failed save leaves the old file byte-identical and no temporary file behind.

#include "testutil.h"

#include "model/atomicfile.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

using namespace aidc;
namespace fs = std::filesystem;

namespace {

mode_t modeOf(const std::string &path)
{
    struct stat st
    {
    };
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

int entriesIn(const fs::path &dir)
{
    int n = 0;
    for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir))
        ++n;
    return n;
}

} // namespace

TEST_CASE("saving creates a file with exactly the contents", "[atomicfile]")
{
    test::TempDir dir;
    const std::string path = dir.file("new.json");
    const std::string contents = std::string("binary\0safe\r\n✓", 16);
    const SaveResult r = saveFileAtomically(path, contents);
    CHECK(r.ok);
    CHECK(r.error.empty());
    CHECK(test::readFile(path) == contents);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    CHECK(modeOf(path) == (0666 & ~mask));
    CHECK(entriesIn(dir.path()) == 1);
}

TEST_CASE("saving replaces the content and keeps the file's permissions", "[atomicfile]")
{
    test::TempDir dir;
    const std::string path = dir.file("p.json");
    test::writeFile(path, "old content that is longer than the new one");
    fs::permissions(path, fs::perms(0640));
    REQUIRE(saveFileAtomically(path, "new").ok);
    CHECK(test::readFile(path) == "new");
    CHECK(modeOf(path) == 0640);

    fs::permissions(path, fs::perms(0755));
    REQUIRE(saveFileAtomically(path, "").ok);
    CHECK(test::readFile(path).empty());
    CHECK(modeOf(path) == 0755);
    CHECK(entriesIn(dir.path()) == 1);
}

TEST_CASE("a save that cannot happen fails with a message and touches nothing", "[atomicfile]")
{
    test::TempDir dir;
    const std::string old = dir.file("old.json");
    test::writeFile(old, "precious\n");

    SECTION("below a directory that does not exist")
    {
        const std::string path = dir.file("missing/sub/p.json");
        const SaveResult r = saveFileAtomically(path, "x");
        CHECK_FALSE(r.ok);
        CHECK(r.error.rfind(path + ": ", 0) == 0);
        CHECK_FALSE(fs::exists(dir.path() / "missing"));
    }
    SECTION("below a regular file")
    {
        const std::string path = old + "/p.json";
        const SaveResult r = saveFileAtomically(path, "x");
        CHECK_FALSE(r.ok);
        CHECK(r.error.find(path) != std::string::npos);
    }
    SECTION("over a directory")
    {
        fs::create_directory(dir.path() / "folder");
        const std::string path = dir.file("folder");
        const SaveResult r = saveFileAtomically(path, "x");
        CHECK_FALSE(r.ok);
        CHECK(r.error == path + ": cannot save: the path is a directory");
        CHECK(fs::is_directory(path));
    }
    SECTION("in a read-only directory (only meaningful when not root)")
    {
        if (::geteuid() == 0) {
            WARN("running as root: a read-only directory does not stop writes; skipped");
        } else {
            fs::permissions(dir.path(), fs::perms(0555));
            const SaveResult r = saveFileAtomically(old, "overwritten");
            fs::permissions(dir.path(), fs::perms(0755));
            CHECK_FALSE(r.ok);
            CHECK(r.error.find(old) != std::string::npos);
        }
    }
    CHECK(test::readFile(old) == "precious\n");
    CHECK(entriesIn(dir.path()) <= 2); // old.json (+ folder); no temporary files
}

// Issue 18, item 10: --output through a symbolic link replaced the link with a file; a kill
// between creating the temporary file and the rename left ".NAME.XXXXXX" forever.
TEST_CASE("saving through a symbolic link writes the file it points at", "[atomicfile]")
{
    test::TempDir dir;
    const std::string target = dir.file("real.csv");
    const std::string link = dir.file("link.csv");
    REQUIRE(saveFileAtomically(target, "old").ok);
    fs::create_symlink(target, link);
    REQUIRE(saveFileAtomically(link, "new").ok);
    CHECK(fs::is_symlink(link));
    CHECK(test::readFile(target) == "new");
    CHECK(entriesIn(dir.path()) == 2);
}

TEST_CASE("temporaries a killed save left behind are cleaned up by the next save", "[atomicfile]")
{
    test::TempDir dir;
    const std::string target = dir.file("p.json");
    const std::string stale = dir.file(".p.json.Ab3dEf");
    const std::string fresh = dir.file(".p.json.Xy9zQw"); // a save under way elsewhere
    test::writeFile(stale, "partial");
    test::writeFile(fresh, "partial");
    fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(1));
    REQUIRE(saveFileAtomically(target, "{}").ok);
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(fresh)); // younger than ten minutes: not touched
}

// Issue 15, item 6: the cable schedule streams through the same save.
TEST_CASE("a streamed save writes its pieces on commit and nothing without it", "[atomicfile]")
{
    test::TempDir dir;
    const std::string path = dir.file("schedule.csv");
    REQUIRE(saveFileAtomically(path, "old\n").ok);
    {
        AtomicFileWriter writer(path);
        REQUIRE(writer.ok());
        CHECK(writer.write("a,b\r\n"));
        CHECK(entriesIn(dir.path()) == 2); // the target and the temporary beside it
        CHECK(test::readFile(path) == "old\n");
        // destroyed without commit(): the temporary goes, the old file stays
    }
    CHECK(test::readFile(path) == "old\n");
    CHECK(entriesIn(dir.path()) == 1);

    AtomicFileWriter writer(path);
    for (int i = 0; i < 3; ++i)
        CHECK(writer.write("row" + std::to_string(i) + "\r\n"));
    const SaveResult saved = writer.commit();
    CHECK(saved.ok);
    CHECK(test::readFile(path) == "row0\r\nrow1\r\nrow2\r\n");
    CHECK(entriesIn(dir.path()) == 1);

    AtomicFileWriter intoDirectory(dir.path().string());
    CHECK_FALSE(intoDirectory.ok());
    CHECK(intoDirectory.error().find("is a directory") != std::string::npos);
    CHECK_FALSE(intoDirectory.write("x"));
    CHECK_FALSE(intoDirectory.commit().ok);
}

// Issue 18, item 7: a temporary file is readable by its owner only while it is written (an
// export of a design is not for other users of the machine before it is complete).
TEST_CASE("the temporary of a save is its owner's only while it is written",
          "[atomicfile][security]")
{
    test::TempDir dir;
    const std::string path = dir.file("bom.csv");
    AtomicFileWriter writer(path);
    REQUIRE(writer.ok());
    REQUIRE(writer.write("part,count\r\n"));
    std::string temporary;
    for (const auto &entry : fs::directory_iterator(dir.path()))
        temporary = entry.path().string();
    REQUIRE_FALSE(temporary.empty());
    CHECK(fs::path(temporary).filename().string().rfind(".bom.csv.", 0) == 0);
    CHECK(modeOf(temporary) == 0600);
    REQUIRE(writer.commit().ok);
    CHECK(test::readFile(path) == "part,count\r\n");
}

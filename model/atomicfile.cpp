#include "atomicfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aidc {

namespace {

std::string describeErrno(const std::string &what, const std::string &path)
{
    return path + ": " + what + ": " + std::strerror(errno);
}

bool writeAll(int fd, std::string_view data)
{
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data.remove_prefix(std::size_t(n));
    }
    return true;
}

} // namespace

SaveResult saveFileAtomically(const std::string &path, std::string_view contents)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    if (fs::is_directory(target))
        return {false, path + ": cannot save: the path is a directory"};
    fs::path dir = target.parent_path();
    if (dir.empty())
        dir = ".";

    std::string tempName = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(tempName.data());
    if (fd < 0)
        return {false, describeErrno("cannot create a temporary file beside it", path)};

    // Keep the permissions of an existing file; new files get 0644 less the umask.
    struct stat st
    {
    };
    if (::stat(path.c_str(), &st) == 0) {
        ::fchmod(fd, st.st_mode & 07777);
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(fd, 0666 & ~mask);
    }

    if (!writeAll(fd, contents) || ::fsync(fd) != 0) {
        SaveResult failed{false, describeErrno("cannot write", path)};
        ::close(fd);
        ::unlink(tempName.c_str());
        return failed;
    }
    if (::close(fd) != 0) {
        SaveResult failed{false, describeErrno("cannot write", path)};
        ::unlink(tempName.c_str());
        return failed;
    }
    if (::rename(tempName.c_str(), path.c_str()) != 0) {
        SaveResult failed{false, describeErrno("cannot replace the file", path)};
        ::unlink(tempName.c_str());
        return failed;
    }
    // Make the rename itself durable.
    const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return {true, {}};
}

} // namespace aidc

// SPDX-License-Identifier: Apache-2.0
#include "atomicfile.h"

#include <cerrno>
#include <chrono>
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

// Removes temporary files of earlier saves of `target` that a killed process left behind
// (".NAME.XXXXXX", older than ten minutes so that a concurrent save is never touched).
void removeStaleTemporaries(const std::filesystem::path &dir, const std::string &name)
{
    namespace fs = std::filesystem;
    const std::string prefix = "." + name + ".";
    std::error_code ec;
    const auto now = fs::file_time_type::clock::now();
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string entry = it->path().filename().string();
        if (entry.size() != prefix.size() + 6 || entry.rfind(prefix, 0) != 0)
            continue;
        std::error_code timeError;
        const auto written = fs::last_write_time(it->path(), timeError);
        if (!timeError && now - written > std::chrono::minutes(10))
            fs::remove(it->path(), timeError);
    }
}

} // namespace

AtomicFileWriter::AtomicFileWriter(const std::string &path)
    : m_path(path)
{
    namespace fs = std::filesystem;
    fs::path target(path);
    std::error_code ec;
    // Writing through a symbolic link writes the file it points at (the link stays a link).
    if (fs::is_symlink(target, ec)) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (ec) {
            m_error = path + ": cannot follow the symbolic link: " + ec.message();
            return;
        }
        target = resolved;
    }
    if (fs::is_directory(target)) {
        m_error = path + ": cannot save: the path is a directory";
        return;
    }
    fs::path dir = target.parent_path();
    if (dir.empty())
        dir = ".";
    m_targetPath = target.string();
    m_dir = dir.string();
    removeStaleTemporaries(dir, target.filename().string());

    // mkstemp creates the file for the owner only (0600) until it is complete.
    m_tempName = (dir / ("." + target.filename().string() + ".XXXXXX")).string();
    m_fd = ::mkstemp(m_tempName.data());
    if (m_fd < 0)
        m_error = describeErrno("cannot create a temporary file beside it", path);
}

AtomicFileWriter::~AtomicFileWriter()
{
    if (m_fd >= 0) {
        ::close(m_fd);
        ::unlink(m_tempName.c_str());
    }
}

bool AtomicFileWriter::write(std::string_view piece)
{
    if (!ok())
        return false;
    if (!writeAll(m_fd, piece)) {
        m_error = describeErrno("cannot write", m_path);
        return false;
    }
    return true;
}

SaveResult AtomicFileWriter::commit()
{
    if (!ok())
        return {false, m_error};
    const int fd = m_fd;
    m_fd = -1; // from here on this function owns the temporary
    if (::fsync(fd) != 0) {
        m_error = describeErrno("cannot write", m_path);
        ::close(fd);
        ::unlink(m_tempName.c_str());
        return {false, m_error};
    }
    // The finished file keeps the permissions of the file it replaces; a new file gets 0644
    // less the umask.
    struct stat st
    {
    };
    if (::stat(m_targetPath.c_str(), &st) == 0) {
        ::fchmod(fd, st.st_mode & 07777);
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(fd, 0666 & ~mask);
    }
    if (::close(fd) != 0) {
        m_error = describeErrno("cannot write", m_path);
        ::unlink(m_tempName.c_str());
        return {false, m_error};
    }
    if (::rename(m_tempName.c_str(), m_targetPath.c_str()) != 0) {
        m_error = describeErrno("cannot replace the file", m_path);
        ::unlink(m_tempName.c_str());
        return {false, m_error};
    }
    // Make the rename itself durable.
    const int dirFd = ::open(m_dir.c_str(), O_RDONLY | O_DIRECTORY);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return {true, {}};
}

SaveResult saveFileAtomically(const std::string &path, std::string_view contents)
{
    AtomicFileWriter writer(path);
    if (!writer.write(contents))
        return {false, writer.error()};
    return writer.commit();
}

std::string ensureDirectory(const std::string &directory, bool &created)
{
    namespace fs = std::filesystem;
    created = false;
    std::error_code ec;
    if (fs::exists(directory, ec))
        return fs::is_directory(directory, ec) ? std::string()
                                               : directory + ": exists and is not a directory";
    created = fs::create_directories(directory, ec);
    if (ec)
        return directory + ": cannot create the directory (" + ec.message() + ")";
    return {};
}

} // namespace aidc

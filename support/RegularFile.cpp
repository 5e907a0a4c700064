//===- RegularFile.cpp ----------------------------------------------------===//

#include "support/RegularFile.h"

#include <algorithm>
#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;

/// The calls read(2) is given at least: a file that reports size 0 (those
/// under /proc) is still read whole.
constexpr size_t kReadChunkBytes = 64 * 1024;

static std::string systemError(int error) {
  return std::error_code(error, std::generic_category()).message();
}

/// Empty for a regular file, else "not a regular file (a FIFO)".
static std::string whyNotRegular(mode_t mode) {
  if (S_ISREG(mode))
    return "";
  const char *kind = S_ISDIR(mode)    ? "a directory"
                     : S_ISFIFO(mode) ? "a FIFO"
                     : S_ISCHR(mode)  ? "a character device"
                     : S_ISBLK(mode)  ? "a block device"
                     : S_ISSOCK(mode) ? "a socket"
                                      : "of an unknown kind";
  return std::string("not a regular file (") + kind + ")";
}

static FileStamp stampOf(const struct stat &status) {
  FileStamp stamp;
  stamp.device = status.st_dev;
  stamp.inode = status.st_ino;
  stamp.size = status.st_size;
  stamp.modifiedSeconds = status.st_mtim.tv_sec;
  stamp.modifiedNanoseconds = status.st_mtim.tv_nsec;
  stamp.links = status.st_nlink;
  stamp.permissions = status.st_mode & 07777;
  return stamp;
}

std::optional<FileStamp> bufferlens::stampFile(const std::string &path,
                                               std::error_code &error) {
  struct stat status;
  if (::stat(path.c_str(), &status) != 0) {
    error = std::error_code(errno, std::generic_category());
    return std::nullopt;
  }
  error.clear();
  return stampOf(status);
}

std::string bufferlens::describeByteCount(size_t bytes) {
  constexpr size_t kKiB = size_t(1) << 10, kMiB = size_t(1) << 20,
                   kGiB = size_t(1) << 30;
  if (bytes >= kGiB && bytes % kGiB == 0)
    return std::to_string(bytes / kGiB) + " GiB";
  if (bytes >= kMiB && bytes % kMiB == 0)
    return std::to_string(bytes / kMiB) + " MiB";
  if (bytes >= kKiB && bytes % kKiB == 0)
    return std::to_string(bytes / kKiB) + " KiB";
  return std::to_string(bytes) + " bytes";
}

std::string bufferlens::whyNotRegularFile(const std::string &path) {
  struct stat status;
  if (::stat(path.c_str(), &status) != 0)
    return systemError(errno);
  return whyNotRegular(status.st_mode);
}

/// Reads `fd` to its end into `text`; `sizeHint` is the size fstat gave.
static std::string readAll(int fd, size_t sizeHint, size_t limit,
                           std::string &text) {
  while (true) {
    size_t at = text.size();
    if (sizeHint > 0 && at >= sizeHint) {
      // All that fstat announced is read: one more call sees the end, into
      // a buffer of its own, so that the text does not grow (a string
      // doubles its capacity: a large file was held at twice its size).
      char probe[1024];
      ssize_t got = ::read(fd, probe, sizeof(probe));
      if (got < 0) {
        if (errno == EINTR)
          continue;
        return systemError(errno);
      }
      if (got == 0)
        return "";
      if (at + size_t(got) > limit)
        return "larger than the " + describeByteCount(limit) + " limit";
      text.append(probe, size_t(got));
      continue;
    }
    // One call for the whole file as fstat sized it (and one more to see
    // its end), never past one byte over the limit.
    size_t expected = sizeHint + 1 > at ? sizeHint + 1 - at : 0;
    size_t want = std::min(limit + 1 - at, std::max(kReadChunkBytes, expected));
    text.resize(at + want);
    ssize_t got = ::read(fd, &text[at], want);
    if (got < 0) {
      int error = errno;
      text.resize(at);
      if (error == EINTR)
        continue;
      return systemError(error);
    }
    text.resize(at + size_t(got));
    if (got == 0)
      return "";
    if (text.size() > limit)
      return "larger than the " + describeByteCount(limit) + " limit";
  }
}

std::string bufferlens::readRegularFile(const std::string &path, size_t limit,
                                        std::string &text, FileStamp *stamp) {
  text.clear();
  // Looked at before it is opened: opening a device can have effects of
  // its own (a tape rewinds, a terminal becomes the controlling one).
  if (std::string why = whyNotRegularFile(path); !why.empty())
    return why;
  // O_NONBLOCK: should a FIFO take the file's place after the check above,
  // opening it does not wait for a writer (and fstat below refuses it).
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return systemError(errno);
  struct stat status;
  std::string error;
  if (::fstat(fd, &status) != 0)
    error = systemError(errno);
  else if (std::string why = whyNotRegular(status.st_mode); !why.empty())
    error = why;
  else if (uint64_t(status.st_size) > limit)
    error = "larger than the " + describeByteCount(limit) + " limit";
  else
    error = readAll(fd, size_t(status.st_size), limit, text);
  ::close(fd);
  if (!error.empty()) {
    text.clear();
    text.shrink_to_fit();
    return error;
  }
  if (stamp)
    *stamp = stampOf(status);
  return "";
}

//===- WriteFixedFile.cpp -------------------------------------------------===//

#include "cli/WriteFixedFile.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace bufferlens;

static const char kChanged[] =
    "changed while it was being fixed; not rewritten, so the change is kept "
    "(run --fix again)";
static const char kRemoved[] =
    "was removed while it was being fixed; not rewritten";

static std::string systemError(int error) {
  return std::error_code(error, std::generic_category()).message();
}

/// The file `path` names, symlinks resolved, so that the fixed text
/// replaces the target and not the link.
static std::string resolveTarget(const std::string &path, std::string &target) {
  char resolved[PATH_MAX];
  if (::realpath(path.c_str(), resolved)) {
    target = resolved;
    return "";
  }
  return errno == ENOENT ? kRemoved
                         : "cannot find the file to rewrite (" +
                               systemError(errno) + "); not rewritten";
}

/// Empty when `target` still is the file read as `original` with `stamp`,
/// with `now` its current stamp; else why it is not rewritten.
static std::string checkUnchanged(const std::string &target,
                                  std::string_view original,
                                  const FileStamp &stamp, FileStamp &now) {
  std::error_code error;
  std::optional<FileStamp> current = stampFile(target, error);
  if (!current)
    return error == std::errc::no_such_file_or_directory
               ? kRemoved
               : "cannot check that it is unchanged (" + error.message() +
                     "); not rewritten";
  // Another file (a FIFO, say) in its place, or other contents.
  if (!current->sameContentsAs(stamp))
    return kChanged;
  // Same size and time, which a write within the clock's tick (or one that
  // restores the time) keeps: compare the bytes too.
  std::string bytes;
  if (std::string why = readRegularFile(target, original.size(), bytes);
      !why.empty())
    return "cannot check that it is unchanged (" + why + "); not rewritten";
  if (bytes != original)
    return kChanged;
  now = *current;
  return "";
}

/// Writes all of `bytes` at the start of `fd`; 0 or an errno.
static int writeAll(int fd, std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t wrote =
        ::pwrite(fd, bytes.data() + done, bytes.size() - done, off_t(done));
    if (wrote < 0 && errno == EINTR)
      continue;
    if (wrote <= 0)
      return wrote < 0 ? errno : EIO;
    done += size_t(wrote);
  }
  return ::ftruncate(fd, off_t(bytes.size())) == 0 ? 0 : errno;
}

/// Writes `fixed` into the file itself, so that its other hard links see
/// it too. A failed write puts `original` back as well as it can.
static std::string writeInPlace(const std::string &target,
                                std::string_view original, const FileStamp &now,
                                std::string_view fixed) {
  // O_NONBLOCK: a FIFO put in its place since the check must not block.
  int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return "cannot write the fixed text: " + systemError(errno);
  // The file opened is still the one checked, as the check left it.
  struct stat status;
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode) ||
      uint64_t(status.st_dev) != now.device ||
      uint64_t(status.st_ino) != now.inode ||
      uint64_t(status.st_size) != now.size ||
      status.st_mtim.tv_sec != now.modifiedSeconds ||
      status.st_mtim.tv_nsec != now.modifiedNanoseconds) {
    ::close(fd);
    return kChanged;
  }
  std::string error;
  if (int failed = writeAll(fd, fixed)) {
    error = "cannot write the fixed text: " + systemError(failed);
    if (writeAll(fd, original) != 0)
      error += "; the file may be partly written";
  }
  if (::close(fd) != 0 && error.empty())
    error = "cannot write the fixed text: " + systemError(errno);
  return error;
}

/// Writes `fixed` to a new file beside `target` and renames it over
/// `target` once `target` is known to be unchanged.
static std::string replaceBeside(const std::string &target,
                                 std::string_view original,
                                 const FileStamp &stamp,
                                 std::string_view fixed) {
  static const char kSuffix[] = ".bufferlens-fix";
  std::string name = target + ".XXXXXX" + kSuffix;
  std::vector<char> temporary(name.begin(), name.end());
  temporary.push_back('\0');
  int fd = ::mkstemps(temporary.data(), sizeof(kSuffix) - 1);
  if (fd < 0)
    return "cannot write the fixed text beside the file: " + systemError(errno);
  int failed = writeAll(fd, fixed);
  if (!failed && ::fchmod(fd, stamp.permissions) != 0)
    failed = errno;
  if (::close(fd) != 0 && !failed)
    failed = errno;
  std::string error;
  FileStamp now;
  if (failed)
    error =
        "cannot write the fixed text beside the file: " + systemError(failed);
  // Checked last, so that nothing but the rename follows the check.
  else if (std::string why = checkUnchanged(target, original, stamp, now);
           !why.empty())
    error = why;
  else if (::rename(temporary.data(), target.c_str()) != 0)
    error =
        "cannot replace the file with its fixed text: " + systemError(errno);
  if (!error.empty())
    ::unlink(temporary.data());
  return error;
}

std::string bufferlens::writeFixedFile(const std::string &path,
                                       std::string_view original,
                                       const FileStamp &stamp,
                                       std::string_view fixed) {
  std::string target;
  if (std::string why = resolveTarget(path, target); !why.empty())
    return why;
  FileStamp now;
  if (std::string why = checkUnchanged(target, original, stamp, now);
      !why.empty())
    return why;
  // A rename would give this name a new file and leave the other names
  // with the unfixed one.
  if (now.links > 1)
    return writeInPlace(target, original, now, fixed);
  return replaceBeside(target, original, stamp, fixed);
}

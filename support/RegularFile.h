//===- RegularFile.h - Reading a regular file, bounded, never blocking ----===//
//
// Every file BufferLens reads on its own (a `.mlir` input, a settings file)
// is read here. Only regular files are read: opening a FIFO waits for a
// writer, and a FIFO or a device such as /dev/zero never ends, so a
// `*.mlir` FIFO in a tree or `--config /dev/zero` would hang the command
// or fill its memory without a word. What is read is bounded by the
// caller's limit, for a regular file can still grow while it is read, and
// a read error (EIO, EISDIR) is returned as words, never thrown.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SUPPORT_REGULARFILE_H
#define BUFFERLENS_SUPPORT_REGULARFILE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <system_error>

namespace bufferlens {

/// What a file was when it was read: enough to tell, with its bytes, that
/// it has not been changed or replaced since.
struct FileStamp {
  uint64_t device = 0, inode = 0, size = 0;
  int64_t modifiedSeconds = 0, modifiedNanoseconds = 0;
  uint64_t links = 0;       ///< Hard links to it; not part of the identity.
  uint32_t permissions = 0; ///< Its mode's permission bits (07777).

  /// Same file (device and inode), same size and modification time.
  bool sameContentsAs(const FileStamp &other) const {
    return device == other.device && inode == other.inode &&
           size == other.size && modifiedSeconds == other.modifiedSeconds &&
           modifiedNanoseconds == other.modifiedNanoseconds;
  }
};

/// The stamp of `path` (symlinks followed) as it is now, or nullopt with
/// `error` set (std::errc::no_such_file_or_directory when it is gone).
std::optional<FileStamp> stampFile(const std::string &path,
                                   std::error_code &error);

/// "1 GiB", "4 MiB", "1 KiB", "100 bytes": a size in the largest binary
/// unit that holds it exactly, as the messages below (and the inlay hints)
/// print it.
std::string describeByteCount(size_t bytes);

/// Empty when `path` (symlinks followed) is a regular file; otherwise why
/// it cannot be read as one, in a few words: "not a regular file (a
/// FIFO)", or the system's reason ("No such file or directory").
std::string whyNotRegularFile(const std::string &path);

/// Reads the regular file `path` (symlinks followed) whole into `text`, at
/// most `limit` bytes, and its stamp into `stamp` when not null. Never
/// blocks on a FIFO, never reads a device. Returns empty on success, else
/// why in a few words ("not a regular file (a directory)", "larger than the
/// 1 GiB limit", "Input/output error"); `text` is then empty.
std::string readRegularFile(const std::string &path, size_t limit,
                            std::string &text, FileStamp *stamp = nullptr);

} // namespace bufferlens

#endif // BUFFERLENS_SUPPORT_REGULARFILE_H

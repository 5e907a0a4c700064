//===- WriteFixedFile.h - `lint --fix` writing a file's fixed text --------===//
//
// The fixed text is computed from the file as it was read, which can be
// seconds before the fixes are written: what the user saved meanwhile must
// not be overwritten with a text that never saw it. So the file is written
// only if it still holds the bytes that were read, with the same identity
// (device, inode), size and modification time. A symlink is written
// through (its target is fixed, the link stays a link), and a file with
// several hard links is written in place so that every name sees the fix;
// any other file is replaced by a fixed copy renamed over it, so a failed
// write leaves the original whole.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_WRITEFIXEDFILE_H
#define BUFFERLENS_CLI_WRITEFIXEDFILE_H

#include "support/RegularFile.h"

#include <string>
#include <string_view>

namespace bufferlens {

/// Writes `fixed` over the file `path`, which was read as `original` with
/// `stamp`, unless it has changed since. Returns empty when written, else
/// why it was not ("changed while it was being fixed; not rewritten ...").
std::string writeFixedFile(const std::string &path, std::string_view original,
                           const FileStamp &stamp, std::string_view fixed);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_WRITEFIXEDFILE_H

//===- FileCollector.cpp --------------------------------------------------===//

#include "cli/FileCollector.h"
#include "support/RegularFile.h"

#include <algorithm>
#include <filesystem>

using namespace bufferlens;
namespace fs = std::filesystem;

/// Collects `path` when it is a regular file (symlinks followed); else says
/// why it is skipped. A FIFO would block the read and a device never end.
static void collectRegularFile(const std::string &path, CollectedFiles &out) {
  if (std::string why = whyNotRegularFile(path); !why.empty())
    out.problems.push_back(path + ": skipped: " + why);
  else
    out.files.push_back(path);
}

/// Collects the `*.mlir` files under the directory `path`.
static void collectDirectory(const std::string &path, CollectedFiles &out) {
  size_t filesBefore = out.files.size(), problemsBefore = out.problems.size();
  std::error_code ec;
  fs::recursive_directory_iterator it(
      path, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    // An entry's own error (a symlink to nothing) is not the walk's: it
    // must not end the walk and leave the rest of the tree out.
    std::error_code entryError;
    bool isDirectory = it->is_directory(entryError);
    std::string name = it->path().filename().string();
    if (isDirectory && name.size() > 1 && name[0] == '.') {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() == ".mlir" && !isDirectory)
      collectRegularFile(it->path().lexically_normal().string(), out);
  }
  // In path order, as the files are: the walk's order is the file system's.
  std::sort(out.problems.begin() + problemsBefore, out.problems.end());
  if (ec)
    out.problems.push_back(path + ": " + ec.message());
  else if (out.files.size() == filesBefore &&
           out.problems.size() == problemsBefore)
    out.problems.push_back(path + ": no .mlir files in this directory");
}

CollectedFiles bufferlens::collectFiles(const std::vector<std::string> &paths) {
  CollectedFiles out;
  for (const std::string &path : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status))
      out.problems.push_back(path + ": no such file or directory");
    else if (fs::is_directory(status))
      collectDirectory(path, out);
    else
      collectRegularFile(path, out);
  }
  std::sort(out.files.begin(), out.files.end());
  out.files.erase(std::unique(out.files.begin(), out.files.end()),
                  out.files.end());
  return out;
}

std::vector<std::string>
bufferlens::shard(const std::vector<std::string> &files, unsigned index,
                  unsigned count) {
  std::vector<std::string> out;
  for (size_t i = 0; i < files.size(); ++i)
    if (i % count == index - 1)
      out.push_back(files[i]);
  return out;
}

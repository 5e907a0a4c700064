//===- FileCollector.cpp --------------------------------------------------===//

#include "cli/FileCollector.h"

#include <algorithm>
#include <filesystem>

using namespace bufferlens;
namespace fs = std::filesystem;

CollectedFiles bufferlens::collectFiles(const std::vector<std::string> &paths) {
  CollectedFiles out;
  for (const std::string &path : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
      out.problems.push_back(path + ": no such file or directory");
      continue;
    }
    if (!fs::is_directory(status)) {
      out.files.push_back(path);
      continue;
    }
    size_t before = out.files.size();
    fs::recursive_directory_iterator it(
        path, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (it->is_directory(ec) && name.size() > 1 && name[0] == '.') {
        it.disable_recursion_pending();
        continue;
      }
      if (it->path().extension() == ".mlir" && !it->is_directory(ec))
        out.files.push_back(it->path().lexically_normal().string());
    }
    if (ec)
      out.problems.push_back(path + ": " + ec.message());
    else if (out.files.size() == before)
      out.problems.push_back(path + ": no .mlir files in this directory");
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

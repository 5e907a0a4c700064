//===- ConfigCache.cpp ----------------------------------------------------===//

#include "config/ConfigCache.h"

using namespace bufferlens;

std::string ConfigCache::findFor(const std::string &path) {
  // No file's path holds a NUL byte (a URI's %00): cut there, the stat
  // below would find the file of another path and return this one's name.
  if (path.find('\0') != std::string::npos)
    return "";
  // From the directory of `path` up, in time linear in its length
  // (findConfigAbove).
  std::string directory = path;
  size_t slash = directory.rfind('/');
  if (slash == std::string::npos)
    directory = ".";
  else
    directory.resize(slash);
  return findConfigAbove(std::move(directory));
}

ConfigCache::Lookup ConfigCache::forFile(const std::string &path) {
  Lookup out;
  out.file = findFor(path);
  if (out.file.empty())
    return out;
  std::error_code problem;
  std::optional<FileStamp> now = stampFile(out.file, problem);
  if (now) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = files.find(out.file);
    if (it != files.end() && it->second.stamp.sameContentsAs(*now)) {
      out.settings = it->second.settings;
      out.error = it->second.error;
      return out;
    }
  }
  Entry entry;
  auto settings = std::make_shared<AnalysisSettings>();
  if (auto error = readConfigFile(out.file, *settings, &entry.stamp))
    entry.error = *error;
  // The valid settings of a file with mistakes apply; a file that could
  // not be read sets nothing.
  entry.settings = std::move(settings);
  out.settings = entry.settings;
  out.error = entry.error;
  std::lock_guard<std::mutex> lock(mutex);
  files[out.file] = std::move(entry);
  return out;
}

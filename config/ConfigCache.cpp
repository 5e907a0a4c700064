//===- ConfigCache.cpp ----------------------------------------------------===//

#include "config/ConfigCache.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

using namespace bufferlens;

bool ConfigCache::Stamp::operator==(const Stamp &other) const {
  return device == other.device && inode == other.inode && size == other.size &&
         seconds == other.seconds && nanoseconds == other.nanoseconds;
}

static constexpr std::string_view kConfigName = "/.bufferlens.json";

std::string ConfigCache::findFor(const std::string &path) {
  // The directories of `path`, innermost first: one buffer cut back at
  // each '/', so a path of many components costs its length once (a loop
  // of filesystem::path::parent_path was quadratic in them).
  std::string directory = path;
  size_t slash = directory.rfind('/');
  if (slash == std::string::npos)
    directory = ".";
  else
    directory.resize(slash);
  std::string candidate;
  while (true) {
    // Past PATH_MAX no file can be opened: skip the stat that would fail.
    if (directory.size() + kConfigName.size() < PATH_MAX) {
      candidate.assign(directory).append(kConfigName);
      struct stat info;
      if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode))
        return candidate;
    }
    size_t up = directory.rfind('/');
    if (up == std::string::npos || directory.empty())
      return "";
    directory.resize(up); // "/a" becomes "", the root, tried next.
  }
}

ConfigCache::Lookup ConfigCache::forFile(const std::string &path) {
  Lookup out;
  out.file = findFor(path);
  if (out.file.empty())
    return out;
  struct stat info;
  if (::stat(out.file.c_str(), &info) != 0) {
    out.error = out.file + ": cannot read the configuration file";
    return out;
  }
  Stamp stamp{uint64_t(info.st_dev), uint64_t(info.st_ino),
              uint64_t(info.st_size), int64_t(info.st_mtim.tv_sec),
              int64_t(info.st_mtim.tv_nsec)};
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = files.find(out.file);
    if (it != files.end() && it->second.stamp == stamp) {
      out.settings = it->second.settings;
      out.error = it->second.error;
      return out;
    }
  }
  Entry entry;
  entry.stamp = stamp;
  if (stamp.size > kMaxConfigFileBytes) {
    entry.error = out.file + ": the configuration file is larger than " +
                  std::to_string(kMaxConfigFileBytes >> 20) + " MiB; not read";
  } else {
    std::ifstream in(out.file, std::ios::binary);
    std::stringstream text;
    if (in)
      text << in.rdbuf();
    if (!in || in.bad()) {
      entry.error = out.file + ": cannot read the configuration file";
    } else {
      nlohmann::json json = nlohmann::json::parse(text.str(), nullptr,
                                                  /*allow_exceptions=*/false,
                                                  /*ignore_comments=*/true);
      if (json.is_discarded()) {
        entry.error = out.file + ": not valid JSON";
      } else {
        auto settings = std::make_shared<AnalysisSettings>();
        if (auto error = parseAnalysisSettings(json, *settings))
          entry.error = out.file + ": " + *error;
        entry.settings = std::move(settings);
      }
    }
  }
  out.settings = entry.settings;
  out.error = entry.error;
  std::lock_guard<std::mutex> lock(mutex);
  files[out.file] = std::move(entry);
  return out;
}

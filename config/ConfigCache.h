//===- ConfigCache.h - Each `.bufferlens.json` read once per change -------===//
//
// The server needs the settings of a document on every edit. Walking up its
// directories and parsing the nearest `.bufferlens.json` each time cost a
// read and a parse per keystroke (and let a query run under other options
// than its snapshot's). As clangd's config::Provider keeps each config
// file behind a FileCache, this keeps each file's parsed settings and reads
// it again only when it changed on disk (its identity, size or time).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CONFIG_CONFIGCACHE_H
#define BUFFERLENS_CONFIG_CONFIGCACHE_H

#include "config/Config.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace bufferlens {

class ConfigCache {
public:
  struct Lookup {
    /// The settings of the file (only its valid ones; none when it could
    /// not be read); null when there is no file.
    std::shared_ptr<const AnalysisSettings> settings;
    /// The file found; empty when none.
    std::string file;
    /// Non-empty: what is wrong with the file, prefixed with its path.
    std::string error;
  };

  /// The nearest `.bufferlens.json` in the directory of `path` or one of
  /// its ancestors, parsed. Thread-safe.
  Lookup forFile(const std::string &path);

  /// The same file, looked up without the cache (for tests and the CLI).
  static std::string findFor(const std::string &path);

private:
  struct Entry {
    FileStamp stamp;
    std::shared_ptr<const AnalysisSettings> settings;
    std::string error;
  };
  std::mutex mutex;
  std::map<std::string, Entry> files;
};

} // namespace bufferlens

#endif // BUFFERLENS_CONFIG_CONFIGCACHE_H

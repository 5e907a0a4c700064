//===- SettingsFileChecks.h - An open .bufferlens.json checked off-thread -===//
//
// The mistakes of an open `.bufferlens.json` (config/ConfigProblems.h) are
// its diagnostics. Finding them parses the file (up to the 4 MiB the
// settings may take) and looks at the plugin paths it names on disk: work
// the reading thread must not do, or every document's requests would wait
// on each keystroke in a settings file. One worker thread checks the
// latest text of each open file; a check whose file changed or closed
// while it ran publishes nothing, so a closed file's cleared diagnostics
// are never replaced by stale ones.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SETTINGSFILECHECKS_H
#define BUFFERLENS_SERVER_SETTINGSFILECHECKS_H

#include "analysis/model/Model.h"

#include <nlohmann/json.hpp>

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace bufferlens {

class SettingsFileChecks {
public:
  /// The diagnostics of one file's text; runs on the worker.
  using Compute = std::function<nlohmann::json(const std::string &uri,
                                               const std::string &text)>;
  /// Sends them; runs on the worker, only while `version` is the file's
  /// latest text, and holding the lock that close() takes.
  using Publish = std::function<void(const std::string &uri, int64_t version,
                                     nlohmann::json diagnostics)>;

  SettingsFileChecks(Compute compute, Publish publish);
  /// Waits for a running check, drops the pending ones.
  ~SettingsFileChecks();
  SettingsFileChecks(const SettingsFileChecks &) = delete;
  SettingsFileChecks &operator=(const SettingsFileChecks &) = delete;

  /// Checks this text of `uri`, replacing any check of it not yet begun.
  /// Returns at once.
  void check(const std::string &uri, TextRef text, int64_t version);
  /// Once this returns, nothing more is published for `uri` until it is
  /// checked again.
  void close(const std::string &uri);

private:
  struct Job {
    TextRef text;
    int64_t version = 0;
    uint64_t generation = 0;
  };
  void run();

  Compute compute;
  Publish publish;
  std::mutex mutex;
  std::condition_variable wake;
  /// The check each file waits for, and the generation of each open
  /// file's latest text (a check of an older one publishes nothing).
  std::map<std::string, Job> pending;
  std::map<std::string, uint64_t> latest;
  uint64_t nextGeneration = 0;
  bool stopping = false;
  std::thread worker;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SETTINGSFILECHECKS_H

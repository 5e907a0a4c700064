//===- Config.h - `.bufferlens.json` and its overrides --------------------===//
//
// The same settings arrive from three places: the nearest `.bufferlens.json`
// up the directory tree (like `.clang-tidy`), command-line flags, and LSP
// settings. All are JSON objects of one shape:
//
//   {"checks": {"BL301": "off", "BL201": "warning"},
//    "stage": "auto" | "bufferized" | "deallocated",
//    "promoteToStackLimit": 1024,
//    "privateFunctionDynamicOwnership": false,
//    "functionBudget": {"operations": 1000000, "milliseconds": 30000,
//                       "megabytes": 4096},
//    "oneShotBufferize": "bufferize-function-boundaries",
//    "plugins": ["path/to/DialectPlugin.so"],
//    "operations": {"acme.alloc": {"allocates": ["result 0"]}}}
//
// (the last two: config/OperationsConfig.h).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CONFIG_CONFIG_H
#define BUFFERLENS_CONFIG_CONFIG_H

#include "analysis/model/Options.h"
#include "support/RegularFile.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

/// One layer of settings (a `.bufferlens.json`, the client's, the flags'),
/// parsed and typed: what it sets, and nothing it leaves alone, so layers
/// apply in order on top of the defaults.
struct AnalysisSettings {
  struct Check {
    FindingCode code;
    bool enabled = true;
    /// Unset for "on" (enabled at its default severity) and "off".
    std::optional<Severity> severity;
  };
  std::vector<Check> checks;
  std::optional<StageOverride> stage;
  std::optional<uint64_t> promoteToStackLimit;
  std::optional<bool> privateFunctionDynamicOwnership;
  std::optional<bool> reportPassRejectionOfFrees;
  std::optional<std::string> oneShotBufferizeOptions;
  std::optional<uint64_t> budgetOperations;
  std::optional<uint64_t> budgetMilliseconds;
  std::optional<uint64_t> budgetMegabytes;
  /// Dialect plugins, absolute: added to those of the layers below.
  std::vector<std::string> plugins;
  /// Described ops: each replaces the layers' below of the same name.
  OperationDescriptions operations;

  void applyTo(AnalysisOptions &options) const;
};

/// Parses the settings object `json` into `settings`. Returns an error
/// message naming each malformed setting (the valid ones are still kept).
/// Relative plugin paths are taken from `base` (the config file's
/// directory; the working directory when empty).
std::optional<std::string>
parseAnalysisSettings(const nlohmann::json &json, AnalysisSettings &settings,
                      const std::filesystem::path &base = {});

/// Applies the settings in `json` on top of `options`. Returns an error
/// message for a malformed setting (the valid ones are still applied).
std::optional<std::string> applyConfig(const nlohmann::json &json,
                                       AnalysisOptions &options);

/// The longest `oneShotBufferize` option string accepted: upstream's pass
/// has a dozen options.
constexpr size_t kMaxPassOptionsBytes = 4096;

/// Settings are a few hundred bytes: a file thousands of times larger is
/// not one, and is not read into memory.
constexpr size_t kMaxConfigFileBytes = size_t(4) << 20;

/// Reads the config file `file` (a regular file, at most
/// kMaxConfigFileBytes) and parses it into `settings` (its valid settings
/// are kept); an error names the file. `stamp`: the file as it was read.
std::optional<std::string> readConfigFile(const std::string &file,
                                          AnalysisSettings &settings,
                                          FileStamp *stamp = nullptr);

/// Reads and applies a config file; an error names the file.
std::optional<std::string> loadConfigFile(const std::filesystem::path &file,
                                          AnalysisOptions &options);

/// The nearest `.bufferlens.json` in `dir` or one of its ancestors.
std::optional<std::filesystem::path>
findConfigFile(const std::filesystem::path &dir);

/// What a findConfigAbove walk did: the names it built and stat'ed, and
/// the bytes it wrote or scanned doing so.
struct ConfigWalkCost {
  size_t probes = 0;
  size_t bytes = 0;
};

/// The nearest `.bufferlens.json` in `directory` (a path without a
/// trailing '/'; "" is the root) or one of its ancestors, or "". One
/// buffer cut back at each '/': a path costs its length once plus at most
/// one name per ancestor shorter than PATH_MAX (no file in a longer one
/// can be opened), where a loop of filesystem::path::parent_path costs the
/// square of its components. Both the CLI and the server (ConfigCache)
/// look up this way.
std::string findConfigAbove(std::string directory,
                            ConfigWalkCost *cost = nullptr);

/// The settings for `file`: `explicitConfig` when not empty, else the
/// nearest `.bufferlens.json` up from the file's directory, else defaults.
std::optional<std::string> loadOptionsFor(const std::filesystem::path &file,
                                          const std::string &explicitConfig,
                                          AnalysisOptions &options);

/// "off" | "error" | "warning" | "info" | "hint" applied to one code.
std::optional<std::string> setCheck(const std::string &code,
                                    const std::string &setting,
                                    AnalysisOptions &options);

} // namespace bufferlens

#endif // BUFFERLENS_CONFIG_CONFIG_H

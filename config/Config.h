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
//    "functionBudget": {"operations": 1000000, "milliseconds": 30000}}
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CONFIG_CONFIG_H
#define BUFFERLENS_CONFIG_CONFIG_H

#include "analysis/model/Options.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace bufferlens {

/// Applies the settings in `json` on top of `options`. Returns an error
/// message for a malformed setting (the valid ones are still applied).
std::optional<std::string> applyConfig(const nlohmann::json &json,
                                       AnalysisOptions &options);

/// Reads and applies a config file; an error names the file.
std::optional<std::string> loadConfigFile(const std::filesystem::path &file,
                                          AnalysisOptions &options);

/// The nearest `.bufferlens.json` in `dir` or one of its ancestors.
std::optional<std::filesystem::path>
findConfigFile(const std::filesystem::path &dir);

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

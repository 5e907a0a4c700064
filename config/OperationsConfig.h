//===- OperationsConfig.h - "operations" and "plugins" settings -----------===//
//
// The two settings that tell BufferLens about the project's own dialects:
//
//   {"plugins": ["build/lib/AcmePlugin.so"],
//    "operations": {
//      "acme.alloc":  {"allocates": ["result 0"]},
//      "acme.free":   {"frees": ["operand 0"]},
//      "acme.view":   {"aliases": {"result 0": "operand 0"}},
//      "acme.kernel": {"reads": ["operand 0"], "writes": ["operand 1"]}}}
//
// A description is all the op does to memory (an op described as `{}` has
// no memory effects). Parsing is total: any JSON gives a description or
// an error naming the op and the field, never an exception.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CONFIG_OPERATIONSCONFIG_H
#define BUFFERLENS_CONFIG_OPERATIONSCONFIG_H

#include "analysis/model/OperationDescriptions.h"

#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace bufferlens {

/// Takes a mistake in a setting: its message, and the keys below the
/// setting that lead to it (none: the setting itself), so that an editor
/// shows it on the innermost key (config/ConfigProblems.h).
using SettingFail = std::function<void(const std::string &message,
                                       const std::vector<std::string> &below)>;

/// Parses the value of "operations" into `operations`; each mistake goes to
/// `fail` (and the op it is in is left out), the rest are kept.
void parseOperations(const nlohmann::json &value,
                     OperationDescriptions &operations,
                     const SettingFail &fail);

/// Parses the value of "plugins" into absolute paths, relative ones taken
/// from `base`; each mistake goes to `fail`.
void parsePlugins(const nlohmann::json &value,
                  const std::filesystem::path &base,
                  std::vector<std::string> &plugins, const SettingFail &fail);

} // namespace bufferlens

#endif // BUFFERLENS_CONFIG_OPERATIONSCONFIG_H

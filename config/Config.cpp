//===- Config.cpp ---------------------------------------------------------===//

#include "config/Config.h"
#include "analysis/model/FindingCodes.h"
#include "analysis/model/Names.h"
#include "config/ConfigProblems.h"
#include "config/OperationsConfig.h"
#include "support/RegularFile.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <sys/stat.h>

using namespace bufferlens;
namespace fs = std::filesystem;

/// "off" | "on" | a severity, for `code`; an error message otherwise.
static std::optional<std::string> parseCheck(const std::string &code,
                                             const std::string &setting,
                                             AnalysisSettings::Check &check) {
  std::optional<FindingCode> parsed = parseFindingCode(code);
  if (!parsed)
    return "unknown finding code '" + code + "'";
  check.code = *parsed;
  if (setting == "off") {
    check.enabled = false;
    return std::nullopt;
  }
  if (std::optional<Severity> severity = parseSeverity(setting)) {
    check.severity = *severity;
    return std::nullopt;
  }
  if (setting == "on")
    return std::nullopt;
  return "invalid setting '" + setting + "' for " + code +
         ": expected off, on, error, warning, info or hint";
}

std::optional<std::string> bufferlens::setCheck(const std::string &code,
                                                const std::string &setting,
                                                AnalysisOptions &options) {
  AnalysisSettings settings;
  settings.checks.emplace_back();
  if (auto error = parseCheck(code, setting, settings.checks.back()))
    return error;
  settings.applyTo(options);
  return std::nullopt;
}

void AnalysisSettings::applyTo(AnalysisOptions &options) const {
  for (const Check &check : checks) {
    options.enabled[check.code] = check.enabled;
    if (check.severity)
      options.severity[check.code] = *check.severity;
  }
  if (stage)
    options.stage = *stage;
  if (promoteToStackLimit)
    options.promoteToStackLimit = *promoteToStackLimit;
  if (privateFunctionDynamicOwnership)
    options.privateFunctionDynamicOwnership = *privateFunctionDynamicOwnership;
  if (reportPassRejectionOfFrees)
    options.reportPassRejectionOfFrees = *reportPassRejectionOfFrees;
  if (oneShotBufferizeOptions)
    options.oneShotBufferizeOptions = *oneShotBufferizeOptions;
  if (budgetOperations)
    options.functionBudget.maxOperations = *budgetOperations;
  if (budgetMilliseconds)
    options.functionBudget.milliseconds = *budgetMilliseconds;
  if (budgetMegabytes)
    options.functionBudget.megabytes = *budgetMegabytes;
  for (const std::string &plugin : plugins)
    if (std::find(options.dialects.plugins.begin(),
                  options.dialects.plugins.end(),
                  plugin) == options.dialects.plugins.end())
      options.dialects.plugins.push_back(plugin);
  if (!operations.empty()) {
    auto merged = std::make_shared<OperationDescriptions>(
        options.dialects.operations ? *options.dialects.operations
                                    : OperationDescriptions());
    for (const auto &[name, description] : operations)
      (*merged)[name] = description;
    options.dialects.operations = std::move(merged);
  }
}

// {"operations": N, "milliseconds": N, "megabytes": N}; any may be left
// out, 0 is off.
static void parseFunctionBudget(const nlohmann::json &value,
                                AnalysisSettings &settings,
                                const SettingFail &fail) {
  if (!value.is_object()) {
    fail("'functionBudget' must be an object of \"operations\", "
         "\"milliseconds\" and \"megabytes\"",
         {});
    return;
  }
  for (const auto &[key, bound] : value.items()) {
    std::optional<uint64_t> *field =
        key == "operations"     ? &settings.budgetOperations
        : key == "milliseconds" ? &settings.budgetMilliseconds
        : key == "megabytes"    ? &settings.budgetMegabytes
                                : nullptr;
    if (!field)
      fail("unknown setting 'functionBudget." + key + "'", {key});
    else if (!bound.is_number_unsigned())
      fail("'functionBudget." + key + "' must be a non-negative integer",
           {key});
    else
      *field = bound.template get<uint64_t>();
  }
}

void bufferlens::parseAnalysisSettingsLocated(
    const nlohmann::json &json, AnalysisSettings &settings,
    const fs::path &base, std::vector<LocatedSettingProblem> &problems) {
  if (!json.is_object()) {
    problems.push_back({{}, "the configuration must be a JSON object"});
    return;
  }
  // The keys leading to the setting being read, for whoever shows where
  // a mistake is (ConfigProblems.h).
  std::vector<std::string> keys;
  auto fail = [&](const std::string &message) {
    problems.push_back({keys, message});
  };
  // A mistake inside the setting, on the keys below it.
  SettingFail failBelow = [&](const std::string &message,
                              const std::vector<std::string> &below) {
    std::vector<std::string> path = keys;
    path.insert(path.end(), below.begin(), below.end());
    problems.push_back({std::move(path), message});
  };
  for (const auto &[key, value] : json.items()) {
    keys.assign(1, key);
    if (key == "checks") {
      if (!value.is_object()) {
        fail("'checks' must be an object of code to setting");
        continue;
      }
      for (const auto &[code, setting] : value.items()) {
        keys.assign({key, code});
        if (!setting.is_string()) {
          fail("the setting of " + code + " must be a string");
          continue;
        }
        AnalysisSettings::Check check;
        if (auto error = parseCheck(code, setting.get<std::string>(), check))
          fail(*error);
        else
          settings.checks.push_back(check);
      }
    } else if (key == "stage") {
      std::string name = value.is_string() ? value.get<std::string>() : "";
      if (std::optional<StageOverride> stage = parseStageOverride(name))
        settings.stage = *stage;
      else
        fail("'stage' must be \"auto\", \"bufferized\" or \"deallocated\"");
    } else if (key == "promoteToStackLimit") {
      if (value.is_number_unsigned())
        settings.promoteToStackLimit = value.get<uint64_t>();
      else
        fail("'promoteToStackLimit' must be a non-negative integer");
    } else if (key == "privateFunctionDynamicOwnership") {
      if (value.is_boolean())
        settings.privateFunctionDynamicOwnership = value.get<bool>();
      else
        fail("'privateFunctionDynamicOwnership' must be a boolean");
    } else if (key == "functionBudget") {
      parseFunctionBudget(value, settings, failBelow);
    } else if (key == "oneShotBufferize") {
      // Upstream's own pass-option syntax, checked by the pass when the
      // tensor view runs (analysis/tensor/PassOptions.cpp); only its size
      // is bounded here.
      if (value.is_string() &&
          value.get_ref<const std::string &>().size() <= kMaxPassOptionsBytes)
        settings.oneShotBufferizeOptions = value.get<std::string>();
      else
        fail("'oneShotBufferize' must be a string of One-Shot Bufferize "
             "pass options, e.g. \"bufferize-function-boundaries "
             "allow-return-allocs-from-loops\"");
    } else if (key == "operations") {
      parseOperations(value, settings.operations, failBelow);
    } else if (key == "plugins") {
      std::error_code ec;
      fs::path from = base.empty() ? fs::current_path(ec) : base;
      parsePlugins(value, from, settings.plugins, failBelow);
    } else if (key == "reportPassRejectionOfFrees") {
      if (value.is_boolean())
        settings.reportPassRejectionOfFrees = value.get<bool>();
      else
        fail("'reportPassRejectionOfFrees' must be a boolean");
    } else {
      fail("unknown setting '" + key + "'");
    }
  }
}

std::optional<std::string>
bufferlens::parseAnalysisSettings(const nlohmann::json &json,
                                  AnalysisSettings &settings,
                                  const fs::path &base) {
  std::vector<LocatedSettingProblem> problems;
  parseAnalysisSettingsLocated(json, settings, base, problems);
  if (problems.empty())
    return std::nullopt;
  std::string errors;
  for (const LocatedSettingProblem &problem : problems) {
    if (!errors.empty())
      errors += "; ";
    errors += problem.message;
  }
  return errors;
}

std::optional<std::string> bufferlens::applyConfig(const nlohmann::json &json,
                                                   AnalysisOptions &options) {
  AnalysisSettings settings;
  std::optional<std::string> error = parseAnalysisSettings(json, settings);
  settings.applyTo(options);
  return error;
}

std::optional<std::string>
bufferlens::readConfigFile(const std::string &file, AnalysisSettings &settings,
                           FileStamp *stamp) {
  // Read whole first: a stream over a directory or an unreadable file
  // (/proc/self/mem) throws std::ios_base::failure from inside the parser.
  std::string text;
  if (std::string error =
          readRegularFile(file, kMaxConfigFileBytes, text, stamp);
      !error.empty())
    return file + ": cannot read the configuration file: " + error;
  nlohmann::json json = nlohmann::json::parse(text, nullptr,
                                              /*allow_exceptions=*/false,
                                              /*ignore_comments=*/true);
  if (json.is_discarded())
    return file + ": not valid JSON";
  std::error_code ec;
  fs::path directory = fs::absolute(fs::path(file), ec).parent_path();
  if (auto error = parseAnalysisSettings(json, settings, directory))
    return file + ": " + *error;
  return std::nullopt;
}

std::optional<std::string>
bufferlens::loadConfigFile(const fs::path &file, AnalysisOptions &options) {
  AnalysisSettings settings;
  std::optional<std::string> error = readConfigFile(file.string(), settings);
  settings.applyTo(options);
  return error;
}

std::string bufferlens::findConfigAbove(std::string directory,
                                        ConfigWalkCost *cost) {
  static constexpr std::string_view kConfigName = "/.bufferlens.json";
  std::string candidate;
  while (true) {
    if (directory.size() + kConfigName.size() < PATH_MAX) {
      candidate.assign(directory).append(kConfigName);
      if (cost) {
        ++cost->probes;
        cost->bytes += candidate.size();
      }
      struct stat info;
      if (::stat(candidate.c_str(), &info) == 0 && S_ISREG(info.st_mode))
        return candidate;
    }
    size_t up = directory.rfind('/');
    if (cost)
      cost->bytes += directory.size() - (up == std::string::npos ? 0 : up);
    if (up == std::string::npos || directory.empty())
      return "";
    directory.resize(up); // "/a" becomes "", the root, tried next.
  }
}

std::optional<fs::path> bufferlens::findConfigFile(const fs::path &dir) {
  std::error_code ec;
  std::string directory = fs::absolute(dir, ec).string();
  if (ec)
    return std::nullopt;
  // As filesystem::path's `/` joins: "/a/b/" and "/" name no empty
  // component.
  while (!directory.empty() && directory.back() == '/')
    directory.pop_back();
  std::string found = findConfigAbove(std::move(directory));
  if (found.empty())
    return std::nullopt;
  return fs::path(found);
}

std::optional<std::string>
bufferlens::loadOptionsFor(const fs::path &file,
                           const std::string &explicitConfig,
                           AnalysisOptions &options) {
  std::optional<fs::path> config;
  if (!explicitConfig.empty())
    config = explicitConfig;
  else
    config = findConfigFile(file.parent_path().empty() ? fs::path(".")
                                                       : file.parent_path());
  if (!config)
    return std::nullopt;
  return loadConfigFile(*config, options);
}

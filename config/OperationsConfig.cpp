//===- OperationsConfig.cpp -----------------------------------------------===//

#include "config/OperationsConfig.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

using namespace bufferlens;
namespace fs = std::filesystem;

/// More operands or results than any op has; bounds what an index costs.
static constexpr unsigned kMaxIndex = 1u << 16;

/// "result N" or "operand N" (`kind`), N a decimal index; nullopt otherwise.
static std::optional<unsigned> parseIndex(const std::string &text,
                                          const std::string &kind) {
  std::string prefix = kind + " ";
  if (text.compare(0, prefix.size(), prefix) != 0 ||
      text.size() == prefix.size() || text.size() > prefix.size() + 5)
    return std::nullopt;
  unsigned index = 0;
  for (size_t i = prefix.size(); i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9')
      return std::nullopt;
    index = index * 10 + static_cast<unsigned>(text[i] - '0');
  }
  if (index >= kMaxIndex)
    return std::nullopt;
  return index;
}

/// A JSON value as a message quotes it, cut short.
static std::string quote(const nlohmann::json &value) {
  std::string text = value.dump(-1, ' ', /*ensure_ascii=*/true,
                                nlohmann::json::error_handler_t::replace);
  if (text.size() > 40)
    text = text.substr(0, 37) + "...";
  return text;
}

/// Whether `name` is `dialect.op`: a dialect namespace, a dot, an op name.
static bool isOperationName(const std::string &name) {
  size_t dot = name.find('.');
  if (dot == 0 || dot == std::string::npos || dot + 1 == name.size())
    return false;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    bool identifier = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      (c >= '0' && c <= '9') || c == '_' || c == '$' ||
                      (c == '.' && i > dot);
    if (!identifier && i != dot)
      return false;
  }
  return !(name[0] >= '0' && name[0] <= '9');
}

/// A list of "KIND N" into `indices`; false after a mistake.
static bool parseList(const std::string &op, const char *key,
                      const nlohmann::json &value, const std::string &kind,
                      std::vector<unsigned> &indices, const SettingFail &fail) {
  std::string where = "'operations." + op + "." + key + "'";
  if (!value.is_array()) {
    fail(where + " must be a list of \"" + kind + " N\"", {op, key});
    return false;
  }
  for (const nlohmann::json &item : value) {
    std::optional<unsigned> index =
        item.is_string() ? parseIndex(item.get<std::string>(), kind)
                         : std::nullopt;
    if (!index) {
      fail(where + ": " + quote(item) + " is not \"" + kind + " N\"",
           {op, key});
      return false;
    }
    if (std::find(indices.begin(), indices.end(), *index) == indices.end())
      indices.push_back(*index);
  }
  return true;
}

static bool parseDescription(const std::string &op, const nlohmann::json &value,
                             OperationDescription &description,
                             const SettingFail &fail) {
  if (!value.is_object()) {
    fail("'operations." + op +
             "' must be an object of effects (allocates, frees, aliases, "
             "reads, writes)",
         {op});
    return false;
  }
  bool valid = true;
  for (const auto &[key, effect] : value.items()) {
    if (key == "allocates")
      valid &= parseList(op, "allocates", effect, "result",
                         description.allocates, fail);
    else if (key == "frees")
      valid &=
          parseList(op, "frees", effect, "operand", description.frees, fail);
    else if (key == "reads")
      valid &=
          parseList(op, "reads", effect, "operand", description.reads, fail);
    else if (key == "writes")
      valid &=
          parseList(op, "writes", effect, "operand", description.writes, fail);
    else if (key == "aliases") {
      std::string where = "'operations." + op + ".aliases'";
      if (!effect.is_object()) {
        fail(where + " must be an object of \"result N\" to \"operand M\"",
             {op, key});
        valid = false;
        continue;
      }
      for (const auto &[resultText, operandJson] : effect.items()) {
        std::optional<unsigned> result = parseIndex(resultText, "result");
        std::optional<unsigned> operand =
            operandJson.is_string()
                ? parseIndex(operandJson.get<std::string>(), "operand")
                : std::nullopt;
        if (!result) {
          fail(where + ": " + quote(resultText) + " is not \"result N\"",
               {op, key, resultText});
          valid = false;
        } else if (!operand) {
          fail(where + ": " + quote(operandJson) + " is not \"operand N\"",
               {op, key, resultText});
          valid = false;
        } else {
          description.aliases.emplace_back(*result, *operand);
        }
      }
    } else {
      fail("unknown effect '" + key + "' of '" + op +
               "': expected allocates, frees, aliases, reads or writes",
           {op, key});
      valid = false;
    }
  }
  return valid;
}

void bufferlens::parseOperations(const nlohmann::json &value,
                                 OperationDescriptions &operations,
                                 const SettingFail &fail) {
  if (!value.is_object()) {
    fail("'operations' must be an object of operation name to its effects", {});
    return;
  }
  for (const auto &[op, effects] : value.items()) {
    if (!isOperationName(op)) {
      fail("'operations': " + quote(op) +
               " is not an operation name (dialect.op)",
           {op});
      continue;
    }
    OperationDescription description;
    if (parseDescription(op, effects, description, fail))
      operations[op] = std::move(description);
  }
}

void bufferlens::parsePlugins(const nlohmann::json &value, const fs::path &base,
                              std::vector<std::string> &plugins,
                              const SettingFail &fail) {
  if (!value.is_array()) {
    fail("'plugins' must be a list of paths to dialect plugins", {});
    return;
  }
  for (const nlohmann::json &item : value) {
    if (!item.is_string() || item.get<std::string>().empty() ||
        item.get<std::string>().find('\0') != std::string::npos) {
      // A list's items have no key: the mistake is on "plugins".
      fail("'plugins': " + quote(item) + " is not a path", {});
      continue;
    }
    fs::path path(item.get<std::string>());
    if (path.is_relative())
      path = base / path;
    std::string absolute = path.lexically_normal().string();
    if (std::find(plugins.begin(), plugins.end(), absolute) == plugins.end())
      plugins.push_back(absolute);
  }
}

//===- ConfigProblems.cpp -------------------------------------------------===//

#include "config/ConfigProblems.h"

#include <nlohmann/json.hpp>

using namespace bufferlens;

namespace {
/// Reads valid JSON token by token (no value is built): iterative, so a
/// deeply nested file costs no stack.
class KeyScanner {
public:
  KeyScanner(const std::string &text, size_t maxDepth)
      : text(text), maxDepth(maxDepth) {}

  std::map<std::vector<std::string>, std::pair<uint32_t, uint32_t>> run() {
    // keys[d]: the member being read of the d-th open object ("" for an
    // array), so keys is the way to the next key read.
    std::vector<std::string> keys;
    std::vector<char> open;
    bool expectKey = false;
    while (true) {
      skipSpace();
      if (at >= text.size())
        break;
      char c = text[at];
      if (c == '{' || c == '[') {
        open.push_back(c);
        keys.emplace_back();
        expectKey = c == '{';
        ++at;
      } else if (c == '}' || c == ']') {
        if (!open.empty()) {
          open.pop_back();
          keys.pop_back();
        }
        ++at;
      } else if (c == ',') {
        expectKey = !open.empty() && open.back() == '{';
        ++at;
      } else if (c == ':') {
        ++at;
      } else if (c == '"') {
        size_t begin = at;
        skipString();
        if (expectKey && !keys.empty()) {
          expectKey = false;
          keys.back() = decode(begin, at);
          if (keys.size() <= maxDepth)
            ranges[keys] = {static_cast<uint32_t>(begin),
                            static_cast<uint32_t>(at)};
        }
      } else {
        skipScalar();
      }
    }
    return std::move(ranges);
  }

private:
  void skipSpace() {
    while (at < text.size()) {
      char c = text[at];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++at;
      } else if (c == '/' && at + 1 < text.size() && text[at + 1] == '/') {
        size_t end = text.find('\n', at);
        at = end == std::string::npos ? text.size() : end + 1;
      } else if (c == '/' && at + 1 < text.size() && text[at + 1] == '*') {
        size_t end = text.find("*/", at + 2);
        at = end == std::string::npos ? text.size() : end + 2;
      } else {
        return;
      }
    }
  }
  void skipString() {
    ++at; // The opening quote.
    while (at < text.size() && text[at] != '"')
      at += text[at] == '\\' ? 2 : 1;
    at = std::min(at + 1, text.size());
  }
  void skipScalar() {
    ++at; // Whatever it is, it moves on.
    while (at < text.size() &&
           std::string_view(",:[]{}\" \t\r\n/").find(text[at]) ==
               std::string_view::npos)
      ++at;
  }
  std::string decode(size_t begin, size_t end) const {
    nlohmann::json key = nlohmann::json::parse(
        text.substr(begin, end - begin), nullptr, /*allow_exceptions=*/false);
    return key.is_string() ? key.get<std::string>() : std::string();
  }

  const std::string &text;
  size_t maxDepth;
  size_t at = 0;
  std::map<std::vector<std::string>, std::pair<uint32_t, uint32_t>> ranges;
};

/// nlohmann's "[json.exception.parse_error.101] parse error at line 1,
/// column 2: syntax error ..." without what the position says already.
std::string parseErrorMessage(const nlohmann::json::parse_error &error) {
  std::string what = error.what();
  size_t colon = what.find(": ");
  if (colon != std::string::npos)
    what.erase(0, colon + 2);
  return "not valid JSON: " + what;
}
} // namespace

std::map<std::vector<std::string>, std::pair<uint32_t, uint32_t>>
bufferlens::keyRanges(const std::string &text, size_t maxDepth) {
  return KeyScanner(text, maxDepth).run();
}

std::vector<ConfigProblem>
bufferlens::configProblems(const std::string &text,
                           const std::filesystem::path &directory) {
  std::vector<ConfigProblem> out;
  if (text.size() > kMaxConfigFileBytes) {
    // As readConfigFile says it.
    out.push_back({0, 0,
                   "cannot read the configuration file: larger than the " +
                       describeByteCount(kMaxConfigFileBytes) + " limit",
                   true});
    return out;
  }
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/true,
                                 /*ignore_comments=*/true);
  } catch (const nlohmann::json::parse_error &error) {
    // `byte` counts from 1 and is the byte the parser stopped at (one past
    // the text at its end).
    uint32_t end = static_cast<uint32_t>(std::min(error.byte, text.size()));
    uint32_t begin = end > 0 ? end - 1 : 0;
    out.push_back({begin, end, parseErrorMessage(error), true});
    return out;
  }
  AnalysisSettings settings;
  std::vector<LocatedSettingProblem> problems;
  parseAnalysisSettingsLocated(json, settings, directory, problems);
  if (problems.empty())
    return out;
  // Four deep: operations.OP.aliases."result N", the deepest key a
  // mistake can be on.
  auto ranges = keyRanges(text, 4);
  for (LocatedSettingProblem &problem : problems) {
    ConfigProblem located;
    located.message = std::move(problem.message);
    located.fileIgnored = !json.is_object();
    // The innermost key found of those leading to the setting.
    for (size_t n = problem.keys.size(); n > 0; --n) {
      std::vector<std::string> keys(problem.keys.begin(),
                                    problem.keys.begin() + n);
      auto it = ranges.find(keys);
      if (it != ranges.end()) {
        located.begin = it->second.first;
        located.end = it->second.second;
        break;
      }
    }
    out.push_back(std::move(located));
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ConfigProblem &a, const ConfigProblem &b) {
                     return a.begin < b.begin;
                   });
  return out;
}

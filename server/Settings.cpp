//===- Settings.cpp -------------------------------------------------------===//

#include "server/Settings.h"

#include <nlohmann/json.hpp>

#include <limits>

using namespace bufferlens;
using json = nlohmann::json;

ClientSettings bufferlens::parseClientSettings(const json &input,
                                               std::string &problems) {
  ClientSettings out;
  auto problem = [&](const std::string &text) {
    problems += (problems.empty() ? "" : "; ") + text;
  };
  if (!input.is_object()) {
    problem("the settings must be a JSON object");
    return out;
  }
  json settings = input;
  // Takes the server's own setting `name` out of `settings` (the rest are
  // analysis settings): `accept` tells whether its value has the right
  // type, `apply` uses it, `expected` says what it should have been.
  auto take = [&](const char *name, bool (json::*accept)() const,
                  const char *expected, auto apply) {
    auto it = settings.find(name);
    if (it == settings.end())
      return;
    if ((*it.*accept)())
      apply(*it);
    else
      problem("'" + std::string(name) + "' must be " + expected);
    settings.erase(it);
  };
  take("codeDescriptionBaseUrl", &json::is_string, "a string",
       [&](const json &v) { out.codeDescriptionBase = v.get<std::string>(); });
  take("debounceMs", &json::is_number_unsigned, "a non-negative integer",
       [&](const json &v) {
         uint64_t ms = v.get<uint64_t>();
         if (ms > uint64_t(kMaxDebounce.count())) {
           problem("'debounceMs' is at most " +
                   std::to_string(kMaxDebounce.count()) + "; using that");
           ms = kMaxDebounce.count();
         }
         out.debounce = std::chrono::milliseconds(ms);
       });
  take("adaptiveDebounce", &json::is_boolean, "true or false",
       [&](const json &v) { out.adaptiveDebounce = v.get<bool>(); });
  take("progressThresholdBytes", &json::is_number_unsigned,
       "a non-negative integer",
       [&](const json &v) { out.progressThresholdBytes = v.get<uint64_t>(); });
  take("earlyDiagnosticsBytes", &json::is_number_unsigned,
       "a non-negative integer",
       [&](const json &v) { out.earlyDiagnosticsBytes = v.get<uint64_t>(); });
  take("analysisThreads", &json::is_number_unsigned, "a non-negative integer",
       [&](const json &v) {
         uint64_t threads = v.get<uint64_t>();
         out.analysisThreads = unsigned(
             std::min<uint64_t>(threads, std::numeric_limits<unsigned>::max()));
       });
  if (auto error = parseAnalysisSettings(settings, out.analysis))
    problem(*error);
  return out;
}

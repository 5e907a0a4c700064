//===- Settings.h - The client's settings, parsed once into types ---------===//
//
// `initializationOptions` and `workspace/didChangeConfiguration` carry one
// JSON object: the server's own keys (debounce, threads, links...) and the
// analysis settings of `.bufferlens.json`'s shape. The protocol layer
// parses it here, once per message; the service below it only sees these
// types.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SETTINGS_H
#define BUFFERLENS_SERVER_SETTINGS_H

#include "config/Config.h"

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace bufferlens {

/// The longest `debounceMs` honoured: a larger value (up to 2^64 - 1 is
/// valid JSON) would hold every edit back for ever, and values of 2^63 or
/// more wrapped around to no debounce at all.
constexpr std::chrono::milliseconds kMaxDebounce{60000};

/// One settings message: what it sets. The server keys keep their value
/// when a later message leaves them out; the analysis settings of a later
/// message replace the earlier ones as a whole.
struct ClientSettings {
  std::optional<std::string> codeDescriptionBase;
  std::optional<std::chrono::milliseconds> debounce;
  std::optional<bool> adaptiveDebounce;
  std::optional<uint64_t> progressThresholdBytes;
  std::optional<uint64_t> earlyDiagnosticsBytes;
  std::optional<unsigned> analysisThreads;
  AnalysisSettings analysis;
};

/// Parses `json`; `problems` says what was wrong (empty: nothing), and the
/// valid settings are kept.
ClientSettings parseClientSettings(const nlohmann::json &json,
                                   std::string &problems);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SETTINGS_H

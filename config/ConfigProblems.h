//===- ConfigProblems.h - The mistakes of a `.bufferlens.json`, located ---===//
//
// When a `.bufferlens.json` is open in the editor its mistakes are shown in
// it, as clangd shows those of a `.clangd` file: invalid JSON where the
// parser stopped, a setting's mistake on the key that names it. The
// messages are those the analysis gives for the file
// (parseAnalysisSettings), one per mistake.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CONFIG_CONFIGPROBLEMS_H
#define BUFFERLENS_CONFIG_CONFIGPROBLEMS_H

#include "config/Config.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace bufferlens {

struct ConfigProblem {
  /// Byte offsets into the text: the key the mistake is about, the place
  /// the JSON parser stopped, or the text's start when there is neither.
  uint32_t begin = 0, end = 0;
  std::string message;
  /// Whether the whole file is ignored (invalid JSON, too large, not an
  /// object); otherwise its valid settings still apply.
  bool fileIgnored = false;
};

/// The mistakes of `text`, a `.bufferlens.json` in `directory` (relative
/// plugin paths are checked from there), in the order of the text.
std::vector<ConfigProblem>
configProblems(const std::string &text, const std::filesystem::path &directory);

/// parseAnalysisSettings, each mistake apart with the keys leading to the
/// setting it is about (e.g. {"checks", "BL101"}).
struct LocatedSettingProblem {
  std::vector<std::string> keys;
  std::string message;
};
void parseAnalysisSettingsLocated(const nlohmann::json &json,
                                  AnalysisSettings &settings,
                                  const std::filesystem::path &base,
                                  std::vector<LocatedSettingProblem> &problems);

/// The byte range of each object key of `text` (valid JSON, comments
/// allowed) up to `maxDepth` objects deep, by the keys leading to it; a
/// key given twice is at its last place, the one the parser keeps.
std::map<std::vector<std::string>, std::pair<uint32_t, uint32_t>>
keyRanges(const std::string &text, size_t maxDepth);

} // namespace bufferlens

#endif // BUFFERLENS_CONFIG_CONFIGPROBLEMS_H

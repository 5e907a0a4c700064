//===- Names.h - The names users write for severities and stages ----------===//
//
// One spelling for each, read by the command line, `.bufferlens.json`, the
// LSP settings and the `// bufferlens:` directives alike; toString(Severity)
// (Model.h) writes the same names.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_NAMES_H
#define BUFFERLENS_ANALYSIS_MODEL_NAMES_H

#include "analysis/model/Options.h"

#include <optional>
#include <string_view>

namespace bufferlens {

/// The inverse of toString(Severity): "error", "warning", "info", "hint".
std::optional<Severity> parseSeverity(std::string_view name);

/// "auto", "bufferized" or "deallocated".
std::optional<StageOverride> parseStageOverride(std::string_view name);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_NAMES_H

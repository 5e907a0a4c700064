//===- PassOptions.h - Which One-Shot Bufferize the tensor view runs ------===//
//
// The tensor view shows what upstream's `one-shot-bufferize` does with the
// options the user runs it with. They come, most specific first, from the
// file's own lit `// RUN:` line that runs the pass (the file is a test of
// it), from `oneShotBufferize` in the settings, or are
// `bufferize-function-boundaries`.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_PASSOPTIONS_H
#define BUFFERLENS_ANALYSIS_TENSOR_PASSOPTIONS_H

#include "analysis/model/ModelTypes.h"
#include "analysis/model/Options.h"

#include <optional>
#include <string>
#include <string_view>

namespace bufferlens {

struct OneShotPassOptions {
  enum class Origin { Default, Settings, RunLine };
  /// In the pass's syntax, without the options the tensor view sets itself
  /// (test-analysis-only, print-conflicts, dump-alias-sets).
  std::string text;
  Origin origin = Origin::Default;
  /// The RUN line, for Origin::RunLine.
  SourceRange range;
};

/// The options of the first `// RUN:` line of `text` (continuations with a
/// trailing `\` included) that runs `one-shot-bufferize`, as
/// `--one-shot-bufferize`, `--one-shot-bufferize=OPTS` (quoted or not) or
/// `one-shot-bufferize{OPTS}` inside a pass pipeline; nullopt when none
/// does.
std::optional<OneShotPassOptions>
oneShotOptionsOfRunLines(std::string_view text);

/// The options the tensor view runs the pass with for `text` under
/// `options`.
OneShotPassOptions chooseOneShotOptions(std::string_view text,
                                        const AnalysisOptions &options);

/// `text` without the options the tensor view decides itself.
std::string withoutViewOptions(std::string_view text);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_PASSOPTIONS_H

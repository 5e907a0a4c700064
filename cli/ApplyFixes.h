//===- ApplyFixes.h - The fixes of a file's findings, applied to its text -===//
//
// `lint --fix` applies every fix the analyses offer, as `clang-tidy -fix`
// does: each finding's first fix, in document order; a fix with an edit
// that overlaps an edit of a fix already taken is skipped (and counted), so
// two fixes never rewrite the same bytes. The fixed text is analysed again
// and fixed again while that changes it, as `ruff --fix` does, since one
// fix can expose the next (a chain of redundant clones loses one per pass).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_APPLYFIXES_H
#define BUFFERLENS_CLI_APPLYFIXES_H

#include "analysis/model/ModelTypes.h"

#include "llvm/ADT/STLExtras.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bufferlens {

struct AppliedFixes {
  std::string text; ///< The text with the applied fixes' edits.
  size_t applied = 0;
  size_t skipped = 0; ///< Fixes that overlap one applied before them.
};

/// `text` with the first fix of each of `findings` applied. Two edits
/// overlap when their ranges share a byte, or one inserts strictly inside
/// the other's range; insertions at the same offset do not overlap and are
/// applied in the order of their fixes.
AppliedFixes applyFixes(std::string_view text,
                        const std::vector<Finding> &findings);

/// The passes `fixUntilStable` makes at most: a pass that changes the text
/// must be followed by one that finds nothing left to apply.
constexpr unsigned kMaxFixPasses = 10;

/// What one pass's analysis of a candidate text found. `findings` is null
/// when the text could not be analysed, with the reason in `error`.
struct Relint {
  const std::vector<Finding> *findings = nullptr;
  std::string error;
};

struct FixedText {
  std::string text;    ///< The last accepted text (the input when none was).
  size_t applied = 0;  ///< Fixes applied over every pass.
  size_t skipped = 0;  ///< Overlapping fixes of the last pass that applied.
  unsigned passes = 0; ///< Passes that changed the text.
  /// Set when a pass's text could not be analysed or has more MLIR errors
  /// than the input: then nothing is applied (`text` is the input, counts
  /// are 0) and the rejected text's first new MLIR error is in `error`.
  std::string rejection;
  std::optional<Finding> error;
  std::string rejectedText;
};

/// Applies `findings`' fixes to `text`, analyses the result with `relint`
/// and repeats with its findings until a pass applies nothing or
/// kMaxFixPasses passes have run. The last call of `relint` is on the
/// returned text (unless rejected), so its findings are the fixed text's.
FixedText
fixUntilStable(std::string_view text, const std::vector<Finding> &findings,
               llvm::function_ref<Relint(const std::string &)> relint);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_APPLYFIXES_H

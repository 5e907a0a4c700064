//===- ApplyFixes.h - The fixes of a file's findings, applied to its text -===//
//
// `lint --fix` applies every fix the analyses offer, as `clang-tidy -fix`
// does: each finding's first fix, in document order; a fix with an edit
// that overlaps an edit of a fix already taken is skipped (and counted), so
// two fixes never rewrite the same bytes.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_APPLYFIXES_H
#define BUFFERLENS_CLI_APPLYFIXES_H

#include "analysis/model/ModelTypes.h"

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

} // namespace bufferlens

#endif // BUFFERLENS_CLI_APPLYFIXES_H

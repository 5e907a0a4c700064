//===- UnifiedDiff.h - A unified diff of two texts, as `git diff` prints --===//
//
// `lint --fix-dry-run` prints what `--fix` would change as a patch that
// `git apply` and `patch -p1` accept. LLVM has no diff writer (its
// `llvm::DiffFilesWithTolerance` compares numbers, it prints no hunks), so
// this is a small one: lines in common at both ends are set aside, the
// rest is a longest-common-subsequence diff, and hunks carry three lines of
// context, as GNU diff's `-u` format
// (https://www.gnu.org/software/diffutils/manual/html_node/Unified-Format.html).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_UNIFIEDDIFF_H
#define BUFFERLENS_CLI_UNIFIEDDIFF_H

#include <string>
#include <string_view>

namespace bufferlens {

/// The diff from `before` to `after` with `--- a/PATH` and `+++ b/PATH`
/// headers; empty when the texts are equal.
std::string unifiedDiff(std::string_view path, std::string_view before,
                        std::string_view after);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_UNIFIEDDIFF_H

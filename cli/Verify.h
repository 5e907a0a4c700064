//===- Verify.h - `// expected-error {{...}}` checking --------------------===//
//
// `bufferlens lint --verify` checks findings against annotations in the file
// the way `mlir-opt -verify-diagnostics` does: every finding must be
// expected, every expectation met. Kinds: error, warning, remark (info and
// hint findings) and note (related locations). Locations: the annotation's
// own line, `@+N`, `@-N`, `@above`, `@below`. The text must occur in
// "message [CODE]".
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_VERIFY_H
#define BUFFERLENS_CLI_VERIFY_H

#include "cli/Report.h"

#include <string>
#include <vector>

namespace bufferlens {

struct Expectation {
  std::string kind; ///< error | warning | remark | note
  uint32_t line;    ///< 0-based line it expects a finding on.
  std::string text;
  SourceRange annotation; ///< Where the annotation is, for messages.
  bool matched = false;
};

/// Parses the annotations of one file; malformed ones are reported as
/// verification failures in `problems`.
std::vector<Expectation> parseExpectations(const FileReport &report,
                                           std::vector<std::string> &problems);

/// Checks `report` against its annotations. Returns the failure messages,
/// compiler-style, in source order; empty when everything matched.
std::vector<std::string> verifyReport(const FileReport &report);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_VERIFY_H

//===- Baseline.h - A budget of allocations and copies for `lint` ---------===//
//
// `lint --write-baseline FILE` records, per file and function still on
// tensors, how many buffers One-Shot Bufferize allocates and how many
// operands it copies (ide/TensorCounts.cpp); `lint --baseline FILE` fails
// when a function has more of either than recorded, so that CI catches a
// pipeline or upstream change that adds copies. The file is small JSON,
// sorted by path and function, the same bytes for the same counts:
//
//   {"version": 1,
//    "files": {"PATH": {"FUNCTION": {"allocations": N, "copies": N}}}}
//
// PATH is the file's path relative to the current directory, normalized
// (`./a/../b.mlir` is `b.mlir`); FUNCTION its symbol without the @.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_BASELINE_H
#define BUFFERLENS_CLI_BASELINE_H

#include "ide/Features.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bufferlens {

struct BudgetCounts {
  uint64_t allocations = 0, copies = 0;
};
/// Path -> function -> counts.
using Baseline = std::map<std::string, std::map<std::string, BudgetCounts>>;

/// One linted file's counts, as the report had them.
struct FileCounts {
  std::string path; ///< As printed.
  std::vector<TensorCounts> functions;
};

/// A baseline file is refused past this size.
constexpr size_t kMaxBaselineFileBytes = size_t(64) << 20;

/// The key of a path in a baseline: relative to the current directory
/// when under it, normalized, with '/' separators.
std::string baselineKey(const std::string &path);

/// The counts of `files`, those without functions on tensors left out;
/// two functions of one name in a file (in nested modules) are summed.
Baseline baselineOf(const std::vector<FileCounts> &files);

/// Reads `file` into `out`; returns why it cannot, in words ("FILE: not
/// valid JSON"), or empty.
std::string readBaseline(const std::string &file, Baseline &out);
/// Writes `baseline` to `file`; returns why it could not, or empty.
std::string writeBaseline(const std::string &file, const Baseline &baseline);

struct BaselineVerdict {
  /// One line per function and count over its baseline
  /// (`a.mlir: @f: 3 copies, baseline 2`), then the notes.
  std::vector<std::string> lines;
  bool failed = false;
};
/// `files` against `recorded`. A function over its recorded counts fails.
/// One the baseline does not name is a note, and fails as if recorded with
/// none when `strict`. Fewer than recorded, or a recorded function gone,
/// is one note suggesting --write-baseline (`baselineFile` names the file).
/// Files the baseline names but that were not linted are not compared.
BaselineVerdict compareWithBaseline(const Baseline &recorded,
                                    const std::vector<FileCounts> &files,
                                    bool strict,
                                    const std::string &baselineFile);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_BASELINE_H

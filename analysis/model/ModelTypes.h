//===- ModelTypes.h - The vocabulary of the result model ------------------===//
//
// Ranges, ids and findings: the types every part of the result model
// (Model.h and the per-analysis models it includes) is written in.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_MODELTYPES_H
#define BUFFERLENS_ANALYSIS_MODEL_MODELTYPES_H

#include "analysis/model/FindingCode.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bufferlens {

/// A half-open byte range [begin, end) in the document text.
struct SourceRange {
  uint32_t begin = 0;
  uint32_t end = 0;

  bool contains(uint32_t offset) const {
    return begin <= offset && offset < end;
  }
  bool empty() const { return begin == end; }
  friend bool operator==(const SourceRange &a, const SourceRange &b) {
    return a.begin == b.begin && a.end == b.end;
  }
  friend bool operator!=(const SourceRange &a, const SourceRange &b) {
    return !(a == b);
  }
  friend bool operator<(const SourceRange &a, const SourceRange &b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  }
};

enum class Severity { Error, Warning, Info, Hint };

/// Index of an entry in AnalysisResult's tables; -1 means "none".
using ValueId = int32_t;
using BlockId = int32_t;
using OpId = int32_t;
using FunctionId = int32_t;
constexpr int32_t kNone = -1;

struct RelatedLocation {
  SourceRange range;
  std::string message;
};

/// What happens at one step of a finding's path. The SARIF writer turns it
/// into threadFlowLocation kinds (SARIF 2.1.0 section 3.38.8).
enum class PathStepKind {
  Enter,    ///< The function is entered with the buffer (an argument).
  Allocate, ///< The buffer comes into being: an allocation, a definition.
  Branch,   ///< A decision; the message names the condition it needs.
  Loop,     ///< A loop runs one more iteration.
  Call,     ///< Ownership passes through a call (into or out of it).
  Return,   ///< A value leaves a region: yielded into a region result.
  Free,     ///< The buffer is freed.
  Write,    ///< The buffer is written.
  Read,     ///< The buffer is read.
  Use,      ///< The buffer is used: read, written, viewed or passed on.
  Exit,     ///< The path leaves the function or the loop iteration.
};

/// One decision of a path's condition as data, so that a tool can choose
/// inputs that take the path without reading the message: `value
/// predicate constant`, or `value predicate than + constant` when two
/// values are compared. `predicate` is spelt as arith.cmpi's (`eq`, `ne`,
/// `slt`, `sle`, `sgt`, `sge`, `ult`, `ule`, `ugt`, `uge`); an i1 value
/// decided true is `value eq 1`.
struct PathDecision {
  std::string value;
  std::string predicate;
  int64_t constant = 0;
  /// The other value compared with, when `value` is not compared with a
  /// constant; empty otherwise.
  std::string than;
};

/// One key event of a finding's path, in the user's text.
struct PathStep {
  PathStepKind kind = PathStepKind::Branch;
  SourceRange range;
  std::string message;
  /// For a decision: what its message says, as data (every decision the
  /// step's message names, in its order).
  std::vector<PathDecision> decisions = {};
};

struct TextEdit {
  SourceRange range;
  std::string newText;
};

/// A fix a user can apply: every edit refers to the analysed text.
struct Fix {
  std::string title;
  std::vector<TextEdit> edits;
};

/// The `source` of our own findings.
inline constexpr const char *kBufferLensSource = "bufferlens";

/// One diagnostic. `code` is a stable finding code (BL101...) or None for
/// MLIR's own parse and verifier errors, whose `source` is "mlir".
struct Finding {
  FindingCode code = FindingCode::None;
  Severity severity = Severity::Error;
  SourceRange range;
  std::string message;
  std::string source = kBufferLensSource;
  std::vector<RelatedLocation> related;
  /// The path on which the finding happens, as its key events in the order
  /// they happen (the last is the finding's own event); empty when the
  /// analysis that raised it follows no path.
  std::vector<PathStep> path;
  /// The blocks that path enters, in order (the function body's, and those
  /// of the regions it runs), for drawing it; empty when unknown.
  std::vector<BlockId> pathBlocks;
  std::vector<Fix> fixes;
  /// The analysis chose `severity` for this instance, above its code's
  /// default (BL501 inside a loop: a copy per iteration); a severity the
  /// user configured for the code still wins.
  bool ownSeverity = false;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_MODELTYPES_H

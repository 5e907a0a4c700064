//===- CheckerState.h - One path's abstract memory ------------------------===//
//
// The deallocation checker explores paths, so one State is close to a
// concrete execution: every memref value points to exactly one abstract
// object (an allocation, an argument, a global, ...), every i1 is a formula
// over path atoms, integers are constants, pointers (memref.extract_aligned_
// pointer_as_index) or opaque. Precision is lost only when the explorer
// merges paths past its limit (Interpreter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_CHECKERSTATE_H
#define BUFFERLENS_ANALYSIS_CHECKER_CHECKERSTATE_H

#include "analysis/checker/BoolExpr.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bufferlens::checker {

/// The abstract value of one SSA value on one path.
struct AbsValue {
  enum Kind {
    None,    ///< Not tracked (floats, vectors, unknown types).
    Buffer,  ///< A memref: `object` is the object it points into.
    Int,     ///< An integer or index constant `number`.
    Pointer, ///< The aligned pointer of object `object` as an index.
    Opaque,  ///< An integer we know nothing about; `number` identifies it.
    Flag,    ///< An i1: `flag`.
  } kind = None;
  int64_t number = 0;
  /// For Opaque: the value is opaque integer `number` plus `offset`.
  int64_t offset = 0;
  int object = -1;
  /// For Buffer: the view op (memref.subview, memref.view) that offset it
  /// from its allocation, which memref.dealloc must not be given.
  mlir::Operation *offsetView = nullptr;
  Bool flag;
};

/// What the function may do with an object's memory.
enum class ObjectKind {
  Owned,    ///< Heap allocation, clone or call result: must be freed once.
  Argument, ///< Function argument: the caller owns it (function ABI).
  Stack,    ///< memref.alloca: freed by its scope.
  Global,   ///< memref.get_global.
  Unknown,  ///< From an op we do not model: never reported as leaked.
};

struct Object {
  mlir::Value site; ///< The allocation / argument / global value.
  ObjectKind kind = ObjectKind::Unknown;
  bool freed = false;
  mlir::Operation *freedBy = nullptr;
  bool escaped = false; ///< Stored, or passed to an unknown callee.
  /// The op with unknown memory effects that made it escape, if that was
  /// the first escape: a leak it hides is said in a note (Leaks.cpp).
  mlir::Operation *capturedBy = nullptr;
  /// Its memory was read or written, or it was passed to a callee: what a
  /// callee's summary says of its arguments (Summaries.h).
  bool touched = false;
  bool leakReported = false; ///< Already reported at a loop back edge.
  int64_t numElements = -1;  ///< Static element count, -1 if dynamic.
  /// Contents at constant indices ("0", "1,2"), for the small index and i1
  /// arrays the lowering of bufferization.dealloc passes to dealloc_helper.
  std::map<std::string, AbsValue> contents;
};

/// One event of a path that a finding's path report may show
/// (Report.cpp renders the ones of the finding's buffer and the decisions
/// its condition keeps). Plain ids and pointers: a path is copied at every
/// fork, and only the few that a finding reports are ever worded.
struct PathEvent {
  enum Kind : uint8_t {
    Created,   ///< `object` comes into being (or is an argument).
    Decided,   ///< `atom` was decided as `value` at `op` (`split`).
    Iteration, ///< The loop `op` starts iteration `count` (from 1).
    Yielded,   ///< `object` leaves `op`'s region as `result`.
    Freed,     ///< `op` freed `object`.
  } kind = Created;
  /// For Decided: whether `op` took its true side (-1: not yet known).
  int8_t taken = -1;
  bool value = false;
  int object = -1;
  int atom = -1;
  /// For Decided: the `split` that decided it, so that the atoms one
  /// condition decides at once are one step.
  int split = -1;
  int64_t count = 0;
  mlir::Operation *op = nullptr;
  mlir::Value result;
};

/// One path through the function.
struct State {
  std::map<int, Object> objects;
  llvm::DenseMap<mlir::Value, AbsValue> env;
  Assignment assignment;
  /// The atom decisions this path made, in order, for messages.
  std::vector<std::pair<int, bool>> decisions;
  /// What happened on the path, in order, for path reports.
  std::vector<PathEvent> events;
  /// Every block entered, in order, for drawing a finding's path.
  std::vector<mlir::Block *> entered;
  /// Blocks of multi-block regions entered, in order, for messages.
  std::vector<mlir::Block *> trace;
  llvm::DenseMap<mlir::Block *, int> visits;
  /// A hash of the path's state (up to renaming) when it last entered a
  /// loop header as often as allowed: the next entry in the same state
  /// repeats what was followed, and is dropped without a note.
  llvm::DenseMap<mlir::Block *, size_t> keyAt;
  /// Left a loop with a known trip count before its last iteration (past
  /// CheckerLimits::fullUnroll): a later iteration might have freed what
  /// looks leaked, so no leak is reported on this path.
  bool truncated = false;
  /// Findings (Interpreter::findingIds) this path ran into, sorted: the
  /// paths without one decide which decisions its message names.
  std::vector<int> findings;
};

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_CHECKERSTATE_H

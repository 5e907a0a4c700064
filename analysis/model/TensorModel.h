//===- TensorModel.h - What One-Shot Bufferize does with tensors ----------===//
//
// Plain data explaining upstream One-Shot Bufferize
// (https://mlir.llvm.org/docs/Bufferization/, run as
// `--one-shot-bufferize=bufferize-function-boundaries`) on a function that
// still works on tensors, in the user's own ops and values: which tensor
// operands bufferize out of place, where the bufferized function allocates
// and copies, and where each tensor value's buffer comes from.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_MODEL_TENSORMODEL_H
#define BUFFERLENS_ANALYSIS_MODEL_TENSORMODEL_H

#include "analysis/model/ModelTypes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

/// Where the buffer of one tensor value comes from once bufferized.
struct TensorBuffer {
  enum class Kind {
    /// The buffer of an operand, reused (in place): `source`.
    InPlace,
    /// A new allocation made at the defining op (tensor.empty, tensor.pad,
    /// an out-of-place write whose old contents are not read, ...).
    NewAllocation,
    /// A new allocation holding a copy of `source`'s buffer, made at the
    /// defining op because writing `source` in place would conflict.
    Copy,
    /// The caller's buffer (a function argument).
    Argument,
    /// The buffer of another value the op merely forwards or views that the
    /// analysis does not tie to one operand (a block argument of a region).
    Other,
  };
  ValueId value = kNone;
  Kind kind = Kind::Other;
  ValueId source = kNone;
  /// Operand number of `source` at the defining op, or -1.
  int32_t operand = -1;
  /// Bytes of the allocation when its type is static.
  std::optional<uint64_t> bytes;
  /// Why, in words: the conflict upstream found, or what the op does.
  std::string why;
};

/// One out-of-place tensor operand, with the read-after-write conflict that
/// made it so (upstream's `print-conflicts` markers), when it has one.
struct OutOfPlaceOperand {
  OpId op = kNone;
  int32_t operand = -1;
  ValueId value = kNone;
  /// The conflict: the definition whose buffer would be clobbered, the
  /// conflicting write and the read that still needs the old contents.
  /// kNone where the analysis named none (a buffer that is not writable).
  ValueId definition = kNone;
  OpId conflictingWrite = kNone;
  int32_t conflictingWriteOperand = -1;
  OpId read = kNone;
  int32_t readOperand = -1;
  /// The first read, in source order, that needs the old contents once
  /// the write is in place (tensor/LaterRead.h): the same on every run,
  /// unlike `read`. BL501's path and the hover name it. kNone where there
  /// is none such.
  OpId laterRead = kNone;
};

/// Where upstream's ownership-based deallocation, run after bufferization
/// (`--one-shot-bufferize=bufferize-function-boundaries
/// --ownership-based-buffer-deallocation`), lets go of an allocation: at the
/// user's op where it places the `bufferization.dealloc` (the terminator of
/// the block the buffer dies in), or at the return that hands it to the
/// caller.
struct BufferRelease {
  enum class Kind {
    /// Freed unconditionally (the dealloc's condition is `true`).
    Freed,
    /// Freed when the function still owns it at that point: the dealloc's
    /// condition is an ownership indicator decided at run time.
    FreedIfOwned,
    /// Returned: the caller owns it and frees it.
    Returned,
    /// Listed by the dealloc before a return that also returns it, and
    /// retained by that dealloc: freed there unless it is the buffer
    /// returned, which is decided at run time (deallocation returns a clone
    /// of it when the function does not own it).
    FreedUnlessReturned,
  };
  Kind kind = Kind::Freed;
  OpId at = kNone;
  bool operator==(const BufferRelease &other) const {
    return kind == other.kind && at == other.at;
  }
};

/// One `memref.alloc` or `memref.copy` of the bufferized function, at the
/// user's op whose bufferization creates it.
struct BufferizationEffect {
  OpId op = kNone;
  std::string type; ///< The memref type, e.g. memref<4x8xf32>.
  std::optional<uint64_t> bytes;
  /// For an allocation: where deallocation releases it, in the order of
  /// the ops. Empty with `releasesKnown` false when deallocation was not
  /// run (it fails on the function, or is known to crash on it).
  std::vector<BufferRelease> releases;
  bool releasesKnown = false;
};

struct TensorPlan {
  FunctionId function = kNone;
  /// False when One-Shot Bufferize fails on the function: `failures` says
  /// where and why.
  bool bufferized = false;
  struct Failure {
    OpId op = kNone;
    SourceRange range;
    std::string message;
  };
  std::vector<Failure> failures;
  std::vector<OutOfPlaceOperand> outOfPlace;
  std::vector<BufferizationEffect> allocations;
  /// Copies into a new allocation (out-of-place operands), not the copies an
  /// op makes by its nature (tensor.insert_slice into a subview).
  std::vector<BufferizationEffect> copies;
  /// The `bufferization.clone`s ownership-based deallocation adds for a
  /// returned buffer the function does not own (an argument's, or a view of
  /// one): a caller gets buffers it owns. `op` is the user's return;
  /// `releases` is empty. Not One-Shot Bufferize's, so not in its counts.
  struct ReturnClone {
    BufferizationEffect effect;
    /// The clone is made only when an ownership indicator decided at run
    /// time says the function does not own the buffer.
    bool conditional = false;
  };
  std::vector<ReturnClone> returnClones;
  std::vector<TensorBuffer> buffers;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_MODEL_TENSORMODEL_H

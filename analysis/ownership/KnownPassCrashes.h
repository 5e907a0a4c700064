//===- KnownPassCrashes.h - Inputs the upstream pass is known to crash on -===//
//
// MLIR 22's ownership-based deallocation pass reads freed memory on some
// valid inputs. What follows depends on what the allocator did with that
// memory: a crash, or output that frees buffers still in use (executing
// the pipeline's output on generated functions showed both), so neither
// crash isolation nor the pass's output can be trusted there. We recognise
// these inputs before the pass runs, skip the pass on the function, and
// say why (BL204).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_KNOWNPASSCRASHES_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_KNOWNPASSCRASHES_H

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace bufferlens {

struct KnownPassCrash {
  /// The op that triggers the crash (null when none does).
  mlir::Operation *op = nullptr;
  /// Why, in the user's terms, with the upstream issue.
  std::string message;
  /// The op's name (`scf.for`), for pipelineCrashMessage.
  std::string opName;

  explicit operator bool() const { return op != nullptr; }
};

/// The first op in `function` the pass is known to crash on, when run with
/// `privateFunctionDynamicOwnership` as given.
KnownPassCrash findKnownPassCrash(mlir::Operation *function,
                                  bool privateFunctionDynamicOwnership = false);

/// Whether the passes the buffer-deallocation-pipeline runs before the
/// deallocation pass (expand-realloc, canonicalize) could give `function`
/// an op findKnownPassCrash finds, where the pass alone has none. Errs
/// towards yes: the function has a block that is not its region's only
/// one, and an op the pass rebuilds (or a memref.realloc, which
/// expand-realloc turns into an scf.if) with results anywhere, since
/// canonicalization moves ops out of regions and folds away the ops that
/// kept a use in the op's own block.
bool mayCanonicalizeIntoKnownPassCrash(mlir::Operation *function,
                                       bool privateFunctionDynamicOwnership);

/// What to say instead when the op is only there after the passes the
/// buffer-deallocation-pipeline runs first (expand-realloc, canonicalize):
/// the function as written has none, so `message`'s advice (pass the
/// result on as a block argument) would not help. `passAloneHandlesIt`:
/// the ownership pass was seen to accept the function as written.
std::string pipelineCrashMessage(const KnownPassCrash &crash,
                                 bool passAloneHandlesIt);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_KNOWNPASSCRASHES_H

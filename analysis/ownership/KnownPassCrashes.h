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
  /// The op's name (`scf.for`), for canonicalizedCrashMessage.
  std::string opName;

  explicit operator bool() const { return op != nullptr; }
};

/// The first op in `function` the pass is known to crash on, when run with
/// `privateFunctionDynamicOwnership` as given.
KnownPassCrash findKnownPassCrash(mlir::Operation *function,
                                  bool privateFunctionDynamicOwnership = false);

/// What to say instead when the op is only there after the
/// buffer-deallocation-pipeline's canonicalization (the function as
/// written has none, and the pass alone handles it): `message`'s advice
/// to pass the result on as a block argument would not help.
std::string canonicalizedCrashMessage(const KnownPassCrash &crash);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_KNOWNPASSCRASHES_H

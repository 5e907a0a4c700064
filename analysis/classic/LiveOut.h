//===- LiveOut.h - Live-out sets of every block, linear in the nest -------===//
//
// The one question the classic plan asks of liveness (DeallocPlacement.cpp):
// is a value live at the end of a block, as of the IR before the plan
// inserted anything? upstream's mlir::Liveness answers it
// (mlir/lib/Analysis/Liveness.cpp), but builds, for every block, the sets of
// values used and defined by every operation nested in it: a nest of depth d
// costs O(d^2) set insertions before the first query (2,000 nested scf.for
// spent most of the classic analysis there). LiveOutSets computes the same
// live-out sets from each value's uses instead, so its cost is the IR's size
// plus, per value, the blocks between its uses and its definition.
//
// The answers are upstream's, by construction of the same equations
// (test/unit/LiveOutTest.cpp compares them on the corpus and on random
// nests):
//   out(B) = { values defined in B used outside B's region-level block }
//            U  in(S) for every successor S of B
//   in(B)  = (used(B) U out(B)) \ defined(B)
// where used(B) and defined(B) include every operation nested in B. Their
// least solution puts v in out(B) exactly when v is defined at B's own level
// and used in another block of B's region, or when a path of successors
// B -> S1 -> ... -> Sk in B's region reaches a block Sk with a use of v
// nested in it while none of S1..Sk defines v.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_LIVEOUT_H
#define BUFFERLENS_ANALYSIS_CLASSIC_LIVEOUT_H

#include "analysis/classic/Ancestors.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseSet.h"

#include <utility>

namespace bufferlens::classic {

/// The live-out sets of every block nested in an operation, as
/// mlir::Liveness computes them, fixed when constructed.
class LiveOutSets {
public:
  explicit LiveOutSets(mlir::Operation *root);

  /// Whether the block was nested in the root when the sets were computed
  /// (mlir::Liveness::getLiveness(block) != nullptr).
  bool covers(mlir::Block *block) const { return blocks.contains(block); }

  /// mlir::LivenessBlockInfo::isLiveOut.
  bool isLiveOut(mlir::Value value, mlir::Block *block) const {
    return liveOut.contains({block, value});
  }

  /// mlir::LivenessBlockInfo::getEndOperation: the block's terminator when
  /// `value` is live-out, else the last op of `block` at or after `start`
  /// that uses it (through a nested op), with the uses of the moment.
  mlir::Operation *getEndOperation(mlir::Value value, mlir::Operation *start,
                                   mlir::Block *block,
                                   Ancestors &ancestors) const;

  /// How many (block, value) pairs are live-out, over all blocks.
  size_t size() const { return liveOut.size(); }

private:
  llvm::DenseSet<mlir::Block *> blocks;
  llvm::DenseSet<std::pair<mlir::Block *, mlir::Value>> liveOut;
};

} // namespace bufferlens::classic

#endif // BUFFERLENS_ANALYSIS_CLASSIC_LIVEOUT_H

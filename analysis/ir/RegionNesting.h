//===- RegionNesting.h - How deep regions nest in a function --------------===//
//
// Upstream's deallocation passes slow down with the depth of a region nest,
// not only with its size: `mlir-opt --ownership-based-buffer-deallocation`
// on N nested `scf.for` carrying a memref grows with about N², and so do
// the canonicalizations of the deallocation pipeline (in a profile, the
// region-branch patterns MakeRegionBranchOpSuccessorInputsDead and
// RemoveDuplicateSuccessorInputUses; bench/README.md, "Blow-ups"). The
// depth is what bounds the stages that run them.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_REGIONNESTING_H
#define BUFFERLENS_ANALYSIS_IR_REGIONNESTING_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

namespace bufferlens {

/// How many operations with regions enclose the deepest operation inside
/// `root` (`root` itself not counted): 0 for a function whose body holds
/// no region, 1 for a single `scf.for`. Linear in the operations, no
/// recursion over the nest.
inline unsigned regionNestingDepth(mlir::Operation *root) {
  // Pre-order: an operation's parent is numbered before it.
  llvm::DenseMap<mlir::Operation *, unsigned> depth;
  depth[root] = 0;
  unsigned deepest = 0;
  root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (op == root)
      return;
    unsigned parentDepth = depth.lookup(op->getParentOp());
    deepest = std::max(deepest, parentDepth);
    // Only operations with regions hold others.
    if (op->getNumRegions() != 0)
      depth[op] = parentDepth + 1;
  });
  return deepest;
}

/// Regions nested deeper than this in a function are not given to
/// upstream's deallocation passes (OwnershipAnalysis.cpp): measured with
/// `mlir-opt`, the pass adds about a fifth of the file's parse at depth
/// 250 and about twice it at 1,000.
constexpr unsigned kMaxOwnershipNesting = 256;

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_REGIONNESTING_H

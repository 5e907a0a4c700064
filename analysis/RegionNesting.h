//===- RegionNesting.h - How deep regions nest in a function --------------===//
//
// Upstream's pattern-driven rewrites slow down with the depth of a region
// nest, not with its size: `mlir-opt --ownership-based-buffer-deallocation`
// on N nested `scf.for` carrying a memref takes about N² (bench/README.md,
// "Blow-ups"), as do the canonicalizations of the deallocation pipeline
// (the region-branch patterns of mlir/lib/Interfaces/
// ControlFlowInterfaces.cpp walk the enclosing region branches). The
// depth is what bounds the stages that run them.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_REGIONNESTING_H
#define BUFFERLENS_ANALYSIS_REGIONNESTING_H

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
/// upstream's deallocation passes (OwnershipAnalysis.cpp): a depth of 256
/// costs the pass about a tenth of upstream's own parse of the file, 1,000
/// about twice it.
constexpr unsigned kMaxOwnershipNesting = 256;

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_REGIONNESTING_H

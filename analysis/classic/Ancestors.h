//===- Ancestors.h - Ancestor lookups that remember what they climbed -----===//
//
// Region::findAncestorBlockInRegion and Block::findAncestorOpInBlock
// (mlir/lib/IR/Region.cpp, mlir/lib/IR/Block.cpp) climb one level per call
// step: asking them for every use of the values of a nest of depth d costs
// O(d^2) pointer chases (a fifth of the classic analysis on 2,000 nested
// scf.for, after Liveness). The lookups below give the same answers and
// remember, for every block they climbed through, the answer found, so a
// later lookup stops where an earlier one passed.
//
// The answers stay right only while no block or operation moves to another
// region: keep one only across steps that do not move IR.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_ANCESTORS_H
#define BUFFERLENS_ANALYSIS_CLASSIC_ANCESTORS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace bufferlens::classic {

class Ancestors {
public:
  /// region->findAncestorBlockInRegion(*block).
  mlir::Block *blockIn(mlir::Region *region, mlir::Block *block) {
    llvm::SmallVector<mlir::Block *, 8> climbed;
    mlir::Block *found = nullptr;
    for (mlir::Block *current = block;;) {
      if (current->getParent() == region) {
        found = current;
        break;
      }
      auto known = blocks.find({region, current});
      if (known != blocks.end()) {
        found = known->second;
        break;
      }
      climbed.push_back(current);
      mlir::Operation *parent = current->getParentOp();
      if (!parent || !(current = parent->getBlock()))
        break;
    }
    for (mlir::Block *step : climbed)
      blocks[{region, step}] = found;
    return found;
  }

  /// block->findAncestorOpInBlock(*op).
  mlir::Operation *opIn(mlir::Block *block, mlir::Operation *op) {
    if (op->getBlock() == block)
      return op;
    llvm::SmallVector<mlir::Block *, 8> climbed;
    mlir::Operation *found = nullptr;
    for (mlir::Block *current = op->getBlock(); current;) {
      auto known = ops.find({block, current});
      if (known != ops.end()) {
        found = known->second;
        break;
      }
      climbed.push_back(current);
      mlir::Operation *parent = current->getParentOp();
      if (!parent)
        break;
      if (parent->getBlock() == block) {
        found = parent;
        break;
      }
      current = parent->getBlock();
    }
    for (mlir::Block *step : climbed)
      ops[{block, step}] = found;
    return found;
  }

private:
  /// (region, block) -> the block's ancestor in the region, or null.
  llvm::DenseMap<std::pair<mlir::Region *, mlir::Block *>, mlir::Block *>
      blocks;
  /// (block, inner block) -> the op of `block` holding the inner block.
  llvm::DenseMap<std::pair<mlir::Block *, mlir::Block *>, mlir::Operation *>
      ops;
};

} // namespace bufferlens::classic

#endif // BUFFERLENS_ANALYSIS_CLASSIC_ANCESTORS_H

//===- AliasSets.h - Values and alias sets as the alias tests compare them ===//
//
// AliasClosureTest and ViewFlowGraphTest hold our alias sets to upstream's
// BufferViewFlowAnalysis, order included: both walk a function's values
// the same way and compare sets as ordered lists of values.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_TEST_ALIASSETS_H
#define BUFFERLENS_TEST_ALIASSETS_H

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"

#include <vector>

namespace bufferlens::test {

/// A set of values in its iteration order.
using Ordered = std::vector<const void *>;

inline Ordered inOrder(const mlir::BufferViewFlowAnalysis::ValueSetT &set) {
  Ordered out;
  for (mlir::Value v : set)
    out.push_back(v.getAsOpaquePointer());
  return out;
}

/// Every result and block argument under `root`, in program order.
inline std::vector<mlir::Value> valuesOf(mlir::Operation *root) {
  std::vector<mlir::Value> values;
  root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Value v : block.getArguments())
          values.push_back(v);
    for (mlir::Value v : op->getResults())
      values.push_back(v);
  });
  return values;
}

/// Every third memref value under `root`, as findCriticalAliases takes out
/// the critical aliases.
inline llvm::SetVector<mlir::Value> someMemrefs(mlir::Operation *root) {
  llvm::SetVector<mlir::Value> out;
  unsigned k = 0;
  for (mlir::Value v : valuesOf(root))
    if (llvm::isa<mlir::BaseMemRefType>(v.getType()) && k++ % 3 == 1)
      out.insert(v);
  return out;
}

} // namespace bufferlens::test

#endif // BUFFERLENS_TEST_ALIASSETS_H

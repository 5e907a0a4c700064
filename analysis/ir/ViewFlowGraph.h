//===- ViewFlowGraph.h - Upstream's buffer view flow, compactly -----------===//
//
// Upstream's BufferViewFlowAnalysis (mlir/lib/Dialect/Bufferization/
// Transforms/BufferViewFlowAnalysis.cpp) keeps, per value, a
// `SmallPtrSet<Value, 16>` of its immediate dependencies, in two maps (the
// dependencies and their reverse) grown by doubling: about 160 bytes per
// bucket each, 90-117 MB of memory for a moment on a function of 133,000
// values (bench/blowups.py's `select` at 66,666), where this graph takes
// a few MB. Buffer facts and the classic plan read only the dependencies,
// so they build this graph from the IR instead: the same ops read through
// the same interfaces in the same walk, each value's dependencies listed
// in the order its upstream set iterates them (so that a walk over the
// graph visits values in upstream's order), and `remove` as upstream's.
// test/unit/ViewFlowGraphTest.cpp holds it to upstream's analysis.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_VIEWFLOWGRAPH_H
#define BUFFERLENS_ANALYSIS_IR_VIEWFLOWGRAPH_H

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <vector>

namespace bufferlens {

/// The immediate dependencies of BufferViewFlowAnalysis, one node per value
/// that has dependencies or is one, in compressed rows.
class ViewFlowGraph {
public:
  /// What `BufferViewFlowAnalysis(op)` records as dependencies, read from
  /// the IR without building the analysis.
  static ViewFlowGraph build(mlir::Operation *op);
  /// A copy of `flow`'s dependencies as they are now (after any remove).
  static ViewFlowGraph copyOf(const mlir::BufferViewFlowAnalysis &flow);

  unsigned size() const { return values.size(); }
  mlir::Value value(unsigned node) const { return values[node]; }
  /// The node of `value`, if it has one.
  std::optional<unsigned> find(mlir::Value value) const;
  /// The node of `value`, a new one with no dependencies if it had none.
  unsigned nodeOf(mlir::Value value);
  /// The values `node` flows into directly, in the order upstream's set of
  /// its dependencies iterates them.
  llvm::ArrayRef<unsigned> dependencies(unsigned node) const {
    return llvm::ArrayRef<unsigned>(edgeTargets)
        .slice(edgeBegin[node], edgeBegin[node + 1] - edgeBegin[node]);
  }

  /// BufferViewFlowAnalysis::remove: takes `removed` out of every value's
  /// dependencies, leaving them in the order upstream's sets are left in.
  void remove(const llvm::SetVector<mlir::Value> &removed);

private:
  /// Where `node`'s dependencies are in upstream's sets: past 16 a
  /// SmallPtrSet is a hash table, and stays one.
  std::vector<bool> largeSet;

  llvm::DenseMap<mlir::Value, unsigned> node;
  std::vector<mlir::Value> values;
  std::vector<unsigned> edgeBegin{0};
  std::vector<unsigned> edgeTargets;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_VIEWFLOWGRAPH_H

//===- ViewFlowGraph.cpp - Upstream's buffer view flow, compactly ---------===//
//
// build() reads the ops as BufferViewFlowAnalysis::build does in MLIR 22
// (an op's BufferViewFlowOpInterface first, else its view, branch or
// region-branch interface, the last through
// getSuccessorOperandInputMapping, region terminators with their parent, a
// call's every operand into every result), in the same post-order walk, and
// notes each registered (value, dependency) pair in that order. Each
// value's dependencies then go through a `SmallPtrSet<Value, 16>` of its
// own, one value at a time, as they went into upstream's: its iteration
// order is what the graph keeps, inline order up to 16 values and the
// hash table's past that. Only that set is ever held at once, not one per
// value. The terminals and reverse dependencies upstream also records are
// not kept: nothing that reads this graph asks for them.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/ViewFlowGraph.h"

#include "mlir/Dialect/Bufferization/IR/BufferViewFlowOpInterface.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetOperations.h"

#include <utility>

using namespace bufferlens;
using namespace mlir;

using ValueSet = BufferViewFlowAnalysis::ValueSetT;

/// A SmallPtrSet<Value, 16> keeps 16 values inline, in the order they went
/// in; one more makes it a hash table.
static constexpr unsigned kInlineValues = 16;

std::optional<unsigned> ViewFlowGraph::find(Value value) const {
  auto it = node.find(value);
  if (it == node.end())
    return std::nullopt;
  return it->second;
}

unsigned ViewFlowGraph::nodeOf(Value value) {
  auto [it, inserted] = node.try_emplace(value, values.size());
  if (inserted) {
    values.push_back(value);
    edgeBegin.push_back(edgeTargets.size());
    largeSet.push_back(false);
  }
  return it->second;
}

ViewFlowGraph ViewFlowGraph::build(Operation *root) {
  ViewFlowGraph graph;
  // (value, dependency) in the order upstream registers them.
  std::vector<std::pair<unsigned, unsigned>> registered;
  bufferization::RegisterDependenciesFn add = [&](ValueRange from,
                                                  ValueRange to) {
    for (auto [value, dependency] : llvm::zip_equal(from, to)) {
      unsigned source = graph.nodeOf(value);
      registered.push_back({source, graph.nodeOf(dependency)});
    }
  };
  root->walk([&](Operation *op) {
    if (auto flowOp = dyn_cast<bufferization::BufferViewFlowOpInterface>(op)) {
      flowOp.populateDependencies(add);
      return;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(op)) {
      add(view.getViewSource(), view.getViewDest());
      return;
    }
    if (auto branch = dyn_cast<BranchOpInterface>(op)) {
      Block *parent = branch->getBlock();
      for (auto it = parent->succ_begin(), e = parent->succ_end(); it != e;
           ++it) {
        SuccessorOperands operands = branch.getSuccessorOperands(it.getIndex());
        add(operands.getForwardedOperands(),
            (*it)->getArguments().drop_front(
                operands.getProducedOperandCount()));
      }
      return;
    }
    if (auto regionBranch = dyn_cast<RegionBranchOpInterface>(op)) {
      // Every forwarded operand, of the op and of its regions' terminators,
      // into every successor input it reaches; in the mapping's order, as
      // upstream reads the same mapping.
      RegionBranchSuccessorMapping mapping;
      regionBranch.getSuccessorOperandInputMapping(mapping);
      for (const auto &[operand, inputs] : mapping)
        for (Value input : inputs)
          add(operand->get(), input);
      return;
    }
    if (isa<RegionBranchTerminatorOpInterface>(op))
      return; // Read with its parent, above.
    if (isa<CallOpInterface>(op))
      for (Value operand : op->getOperands())
        for (Value result : op->getResults())
          add(operand, result);
  });

  // Each value's registrations together, in their order (a counting sort),
  // then through the value's own set.
  unsigned nodes = graph.values.size();
  std::vector<unsigned> begin(nodes + 1, 0);
  for (auto [source, target] : registered)
    ++begin[source + 1];
  for (unsigned n = 0; n < nodes; ++n)
    begin[n + 1] += begin[n];
  std::vector<unsigned> grouped(registered.size());
  {
    std::vector<unsigned> fill(begin.begin(), begin.end() - 1);
    for (auto [source, target] : registered)
      grouped[fill[source]++] = target;
  }
  registered = {};
  graph.edgeBegin.assign(1, 0);
  graph.edgeTargets.reserve(grouped.size());
  for (unsigned n = 0; n < nodes; ++n) {
    ValueSet set;
    for (unsigned i = begin[n]; i < begin[n + 1]; ++i)
      set.insert(graph.values[grouped[i]]);
    for (Value target : set)
      graph.edgeTargets.push_back(graph.node.find(target)->second);
    graph.edgeBegin.push_back(graph.edgeTargets.size());
    graph.largeSet[n] = set.size() > kInlineValues;
  }
  graph.edgeTargets.shrink_to_fit();
  return graph;
}

ViewFlowGraph ViewFlowGraph::copyOf(const BufferViewFlowAnalysis &flow) {
  ViewFlowGraph graph;
  // The keys first, in the map's order, then each key's dependencies.
  for (const auto &entry : flow)
    graph.nodeOf(entry.first);
  graph.edgeBegin.assign(1, 0);
  unsigned key = 0;
  for (const auto &entry : flow) {
    for (Value to : entry.second) {
      // A dependency seen first here gets its node (and its empty edge
      // list) after the keys.
      auto [it, inserted] = graph.node.try_emplace(to, graph.values.size());
      if (inserted) {
        graph.values.push_back(to);
        graph.largeSet.push_back(false);
      }
      graph.edgeTargets.push_back(it->second);
    }
    graph.edgeBegin.push_back(graph.edgeTargets.size());
    // A set that grew past its inline values and shrank since is still a
    // hash table, which its size no longer shows: remove() after copyOf()
    // is not upstream's for such a set (nothing calls it so).
    graph.largeSet[key++] = entry.second.size() > kInlineValues;
  }
  graph.edgeBegin.resize(graph.values.size() + 1, graph.edgeTargets.size());
  graph.edgeTargets.shrink_to_fit();
  return graph;
}

void ViewFlowGraph::remove(const llvm::SetVector<Value> &removed) {
  // In place: a node's dependencies only shrink, so its new row starts at
  // or before its old one, and is written after the old one is read.
  unsigned written = 0;
  unsigned oldBegin = edgeBegin[0];
  for (unsigned n = 0, e = values.size(); n < e; ++n) {
    unsigned oldEnd = edgeBegin[n + 1];
    llvm::ArrayRef<unsigned> row(edgeTargets.data() + oldBegin,
                                 oldEnd - oldBegin);
    bool touched = llvm::any_of(
        row, [&](unsigned target) { return removed.contains(values[target]); });
    edgeBegin[n] = written;
    if (!touched || largeSet[n]) {
      // A hash table leaves a tombstone where a value was: the others keep
      // their order.
      for (unsigned target : row)
        if (!touched || !removed.contains(values[target]))
          edgeTargets[written++] = target;
    } else {
      // Inline values move as upstream's set_subtract moves them (the last
      // one fills the hole): the same set, built in the same order, is
      // subtracted by the same code.
      ValueSet set;
      for (unsigned target : row)
        set.insert(values[target]);
      llvm::set_subtract(set, removed);
      for (Value target : set)
        edgeTargets[written++] = node.find(target)->second;
    }
    oldBegin = oldEnd;
  }
  edgeBegin[values.size()] = written;
  edgeTargets.resize(written);
}

//===- AliasClosure.h - Questions about whole alias sets, linear ----------===//
//
// Upstream's BufferViewFlowAnalysis::resolve(v) is v and every value its
// `dependencies` reach (mlir/lib/Dialect/Bufferization/Transforms/
// BufferViewFlowAnalysis.cpp). The classic plan asks, per allocation, a
// question about all of them: where their uses are, whether one is freed or
// returned. Asking resolve each time costs the size of every set, and the
// sets overlap: on a chain of N `arith.select`, each over the previous one
// and a new allocation, the allocations' sets hold N^2/2 values in all
// (bench/blowups.py's `select`: 66,666 allocations took minutes and
// gigabytes).
//
// Each of those questions folds a per-value answer with an operation that
// is associative, commutative and idempotent (a nearest common dominator, a
// minimum, an `or`): the answer for v is then the fold of v's own answer
// and those of the values it depends on directly, counted once or several
// times alike. AliasFold computes it once per strongly connected component
// of the dependency graph (loops make cycles: every value of a component
// reaches the others, so they share one answer), successors first, and
// remembers it: a question about every allocation costs the graph's size,
// not the sum of the sets'.
//
// Answers depend on the IR's uses as well: the placement of deallocs adds
// and moves uses while it asks. usersChanged(v) forgets the answers that
// include v, those of the components that reach v's.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CLASSIC_ALIASCLOSURE_H
#define BUFFERLENS_ANALYSIS_CLASSIC_ALIASCLOSURE_H

#include "analysis/FunctionBudget.h"
#include "analysis/ir/ViewFlowGraph.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <utility>
#include <vector>

namespace bufferlens::classic {

/// The dependency graph of one BufferViewFlowAnalysis, in strongly
/// connected components: a ViewFlowGraph built from the IR (its
/// dependencies are upstream's, in upstream's order), or copied out of an
/// analysis on first use (the analysis must not change after that).
class AliasClosure {
public:
  /// Over `graph`, which the closure keeps.
  explicit AliasClosure(ViewFlowGraph graph) : graph(std::move(graph)) {}
  /// Reads `flow` when first asked; `flow` must outlive this closure.
  explicit AliasClosure(const mlir::BufferViewFlowAnalysis &flow)
      : flow(&flow) {}

  /// A closure that no longer needs `flow`.
  static AliasClosure copyOf(const mlir::BufferViewFlowAnalysis &flow) {
    return AliasClosure(ViewFlowGraph::copyOf(flow));
  }

  /// flow.resolve(value): the same values in the same order, as upstream's
  /// walk over the same dependencies, in their sets' order, builds it; for
  /// the questions no fold answers. Its size is counted in visits().
  mlir::BufferViewFlowAnalysis::ValueSetT resolve(mlir::Value value);

  /// The values looked at so far: those of the sets resolve returned, and
  /// per answer a fold computed, the component's values and edges.
  uint64_t visits() const { return visited; }

  /// The uses of `value` changed (an op using it was inserted or moved):
  /// forgets every answer that includes `value`.
  void usersChanged(mlir::Value value);

  // The graph, for AliasFold.
  unsigned componentOf(mlir::Value value);
  llvm::ArrayRef<mlir::Value> members(unsigned component) const {
    return slice(memberValues, memberBegin, component);
  }
  llvm::ArrayRef<unsigned> successors(unsigned component) const {
    return slice(successorIds, successorBegin, component);
  }
  /// How many components there are so far.
  unsigned components() const { return epochs.size(); }
  /// Bumped when the component's answers are forgotten.
  unsigned epoch(unsigned component) const { return epochs[component]; }
  void answered(unsigned component) { answeredNow[component] = true; }
  void count(uint64_t n) { visited += n; }

private:
  template <typename T>
  static llvm::ArrayRef<T> slice(const std::vector<T> &items,
                                 const std::vector<unsigned> &begin,
                                 unsigned i) {
    return llvm::ArrayRef<T>(items).slice(begin[i], begin[i + 1] - begin[i]);
  }
  /// Copies the analysis's dependencies into `graph`, and forgets the
  /// analysis.
  void copyGraph();
  /// The strongly connected components of the graph.
  void buildComponents();

  const mlir::BufferViewFlowAnalysis *flow = nullptr;
  bool componentsBuilt = false;

  /// One node per value: those the analysis saw, then the values asked
  /// about that are neither a key nor a dependency.
  ViewFlowGraph graph;

  // The components, successors first. Component c's values are
  // memberValues[memberBegin[c] .. memberBegin[c + 1]), and so on for its
  // successors and predecessors (the components it reaches, or is reached
  // from, by one edge).
  std::vector<unsigned> componentOfNode;
  std::vector<mlir::Value> memberValues;
  std::vector<unsigned> memberBegin{0};
  std::vector<unsigned> successorIds, successorBegin{0};
  std::vector<unsigned> predecessorIds, predecessorBegin{0};
  std::vector<unsigned> epochs;
  /// Whether some answer of this epoch was computed (if not, none of the
  /// components reaching it has one either: usersChanged stops there).
  std::vector<bool> answeredNow;

  uint64_t visited = 0;
};

/// One question about whole alias sets: `local(v, key)` answers it for one
/// value, `join(into, from)` folds two answers (associative, commutative,
/// idempotent), `identity` is the answer of no value. `key` is what the
/// question depends on besides the set (a region, a block), or null.
template <typename T> class AliasFold {
public:
  using Local = std::function<T(mlir::Value, const void *key)>;
  using Join = std::function<void(T &into, const T &from)>;

  AliasFold(AliasClosure &closure, Local local, Join join, T identity = T())
      : closure(closure), local(std::move(local)), join(std::move(join)),
        identity(std::move(identity)) {}

  /// The fold of `local` over flow.resolve(value). Past the function's
  /// budget, `identity` (what is left of the stage is dropped).
  T get(mlir::Value value, const void *key = nullptr) {
    unsigned root = closure.componentOf(value);
    if (const T *known = lookup(root, key))
      return *known;
    // Depth first over the components, each answered after its successors.
    llvm::SmallVector<std::pair<unsigned, unsigned>> stack{{root, 0}};
    while (!stack.empty()) {
      if (budgetExhausted())
        return identity;
      auto &[component, next] = stack.back();
      llvm::ArrayRef<unsigned> successors = closure.successors(component);
      if (next < successors.size()) {
        unsigned successor = successors[next++];
        if (!lookup(successor, key))
          stack.push_back({successor, 0});
        continue;
      }
      T answer = identity;
      for (mlir::Value member : closure.members(component))
        join(answer, local(member, key));
      for (unsigned successor : successors)
        join(answer, *lookup(successor, key));
      closure.count(closure.members(component).size() + successors.size());
      closure.answered(component);
      store(component, key, std::move(answer));
      stack.pop_back();
    }
    return *lookup(root, key);
  }

private:
  /// An answer, and the epoch of its component it was computed in.
  using Answer = std::pair<unsigned, T>;

  const T *lookup(unsigned component, const void *key) const {
    const Answer *answer = nullptr;
    if (!key) {
      if (component < unkeyedAt.size() && unkeyedAt[component])
        answer = &unkeyed[unkeyedAt[component] - 1];
    } else if (auto it = keyed.find({component, key}); it != keyed.end()) {
      answer = &it->second;
    }
    if (!answer || answer->first != closure.epoch(component))
      return nullptr;
    return &answer->second;
  }

  void store(unsigned component, const void *key, T answer) {
    Answer known{closure.epoch(component), std::move(answer)};
    if (key) {
      keyed[{component, key}] = std::move(known);
      return;
    }
    if (component >= unkeyedAt.size())
      unkeyedAt.resize(std::max<size_t>(component + 1, closure.components()));
    unsigned &at = unkeyedAt[component];
    if (at) {
      unkeyed[at - 1] = std::move(known);
      return;
    }
    unkeyed.push_back(std::move(known));
    at = unkeyed.size();
  }

  AliasClosure &closure;
  Local local;
  Join join;
  T identity;
  /// The answers of the questions with no key: per component, 1 + the
  /// index of its answer in `unkeyed`, or 0. A map of the answers
  /// themselves, grown by doubling, held up to three times their size
  /// while it moved: on a chain of selects the write-dominates-read check
  /// answers every component, and its map was the peak of `lint`
  /// (bench/README.md, "select"). A deque grows without moving.
  std::vector<unsigned> unkeyedAt;
  std::deque<Answer> unkeyed;
  /// The answers of the questions asked per region or block, fewer.
  llvm::DenseMap<std::pair<unsigned, const void *>, Answer> keyed;
};

} // namespace bufferlens::classic

#endif // BUFFERLENS_ANALYSIS_CLASSIC_ALIASCLOSURE_H

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

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace bufferlens::classic {

/// The dependency graph of one BufferViewFlowAnalysis, in strongly
/// connected components. The graph is copied out of the analysis on first
/// use (the analysis must not change after that), or at once by
/// copyOf(), after which the analysis can be dropped: it holds two maps of
/// a `SmallPtrSet<Value, 16>` per value, several times this graph's size,
/// and the checks on the user's function only ask it through here.
class AliasClosure {
public:
  /// Reads `flow` when first asked; `flow` must outlive this closure.
  explicit AliasClosure(const mlir::BufferViewFlowAnalysis &flow)
      : flow(&flow) {}

  /// A closure that no longer needs `flow`.
  static AliasClosure copyOf(const mlir::BufferViewFlowAnalysis &flow) {
    AliasClosure closure(flow);
    closure.copyGraph();
    return closure;
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
  /// Copies the analysis's dependencies into `node`, `values`, `edgeBegin`
  /// and `edgeTargets`, and forgets the analysis.
  void copyGraph();
  /// The strongly connected components of the copied graph.
  void buildComponents();
  /// A node for `value`, with no edges if it is new.
  unsigned nodeOf(mlir::Value value);

  const mlir::BufferViewFlowAnalysis *flow;
  bool componentsBuilt = false;

  // The graph, one node per value: the analysis's keys in its order, then
  // the dependencies that are no key, then the values asked about that are
  // neither. Node n's dependencies, in their set's order, are
  // edgeTargets[edgeBegin[n] .. edgeBegin[n + 1]).
  llvm::DenseMap<mlir::Value, unsigned> node;
  std::vector<mlir::Value> values;
  std::vector<unsigned> edgeBegin{0};
  std::vector<unsigned> edgeTargets;

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
      answers[{component, key}] = {closure.epoch(component), std::move(answer)};
      stack.pop_back();
    }
    return *lookup(root, key);
  }

private:
  const T *lookup(unsigned component, const void *key) const {
    auto it = answers.find({component, key});
    if (it == answers.end() || it->second.first != closure.epoch(component))
      return nullptr;
    return &it->second.second;
  }

  AliasClosure &closure;
  Local local;
  Join join;
  T identity;
  llvm::DenseMap<std::pair<unsigned, const void *>, std::pair<unsigned, T>>
      answers;
};

} // namespace bufferlens::classic

#endif // BUFFERLENS_ANALYSIS_CLASSIC_ALIASCLOSURE_H

//===- Summaries.h - What a callee in the module does to its arguments ----===//
//
// A call is checked against the callee's body when the module holds it,
// instead of the function-boundary ABI (the callee takes no ownership, its
// memref results are fresh and owned): a callee that frees its argument,
// returns it, or returns an ownership flag (the
// `private-function-dynamic-ownership` option of upstream's
// ownership-based buffer deallocation,
// mlir/lib/Dialect/Bufferization/Transforms/OwnershipBasedBufferDeallocation.cpp)
// then neither leaks nor double-frees in its callers' eyes where it does not.
//
// A Summary lists the callee's outcomes: for a set of its exit paths, under
// the condition those paths decided (a formula over the callee's atoms),
// which arguments it freed or let escape, and what each result is (argument
// j or a view of it, a fresh buffer, an i1 formula, ...). At a call, the
// callee's i1-argument atoms are replaced by the caller's operands and its
// other atoms by fresh ones, and the caller's path forks into the outcomes
// whose condition can hold.
//
// Summaries are computed on demand and cached per checked function, which
// visits the call graph bottom-up: a callee is summarised before the call
// that needs it. Recursion is a fixpoint over the cycle: a call into a
// function whose summary is being computed gets its provisional summary,
// first the bottom one (the call never returns: no path goes on), then
// the summary the previous round computed, until a round gives the same
// outcomes (effects and, over the callee's i1 arguments, where each may
// happen); summaries that used a provisional one are not cached. A cycle
// that has not settled after SummaryCache::kMaxRounds rounds, a call into
// a declaration, into a function that does not verify, or into one whose
// exploration lost precision (merged or truncated paths) falls back to
// the ABI assumption.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_SUMMARIES_H
#define BUFFERLENS_ANALYSIS_CHECKER_SUMMARIES_H

#include "analysis/checker/BoolExpr.h"
#include "analysis/checker/Checker.h"
#include "analysis/model/Model.h"

#include "mlir/IR/Operation.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bufferlens {
class SourceIndex;
}

namespace bufferlens::checker {

/// What one result of a callee is on one outcome.
struct ResultSummary {
  enum Kind {
    Other,    ///< Unknown to the caller (a global, an unknown buffer, ...).
    Argument, ///< Argument `index` of the callee, or a view of it.
    Fresh,    ///< A buffer the callee allocated; `index` tells the results
              ///< that are the same buffer apart.
    Global,   ///< A global.
    Flag,     ///< An i1: `flag`, over the callee's atoms.
    Int,      ///< An integer constant `number`.
  } kind = Other;
  int index = -1;
  bool freed = false;                    ///< Fresh: freed before it returned.
  mlir::Operation *offsetView = nullptr; ///< Argument: the view op, if any.
  int64_t number = 0;
  Bool flag;
};

struct Outcome {
  /// When the callee takes one of these paths, over its atoms.
  Bool condition;
  std::set<unsigned> freedArguments;
  std::set<unsigned> escapedArguments;
  /// Arguments whose memory the callee reads or writes (or passes on).
  std::set<unsigned> usedArguments;
  std::vector<ResultSummary> results;
};

struct Summary {
  std::vector<Outcome> outcomes;
  /// Per callee atom: the argument number of an i1 argument atom, or -1.
  std::vector<int> atomArgument;
  std::vector<std::string> atomNames;
};

class SummaryCache {
public:
  SummaryCache(SourceIndex &index, const CheckerLimits &limits)
      : index(index), limits(limits) {}
  /// The summary of `callee`, or null where the ABI assumption applies.
  /// A summary with no outcome is the bottom of a recursive cycle: the call
  /// does not return.
  const Summary *get(mlir::Operation *callee);
  /// Rounds of a recursive cycle's fixpoint before the ABI fallback.
  static constexpr int kMaxRounds = 8;

private:
  SourceIndex &index;
  CheckerLimits limits;
  std::map<mlir::Operation *, std::optional<Summary>> done;
  /// Functions being summarised, outermost first, with their provisional
  /// summaries (what a recursive call into them sees this round).
  std::vector<mlir::Operation *> inProgress;
  std::map<mlir::Operation *, Summary> provisional;
  /// In progress and called recursively this round.
  std::set<mlir::Operation *> recursed;
  /// In progress and depending on a provisional summary: not cached.
  std::set<mlir::Operation *> tainted;
  /// Latest summaries that depend on a provisional one.
  std::map<mlir::Operation *, std::optional<Summary>> uncached;
};

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_SUMMARIES_H

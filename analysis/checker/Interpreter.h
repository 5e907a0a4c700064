//===- Interpreter.h - Path exploration over the CFG and nested regions ---===//
//
// One Interpreter checks one function. The control flow (regions, loops,
// forks, merging) lives in Interpreter.cpp; what each op does to a State in
// Transfer.cpp; frees (BL102, BL104) in Frees.cpp; leaks (BL101) in
// Leaks.cpp, with their fixes in LeakFixes.cpp; use after free (BL103) in
// UseAfterFree.cpp; the wording of findings and paths in Report.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_INTERPRETER_H
#define BUFFERLENS_ANALYSIS_CHECKER_INTERPRETER_H

#include "analysis/checker/Checker.h"
#include "analysis/checker/CheckerState.h"
#include "analysis/checker/IntFacts.h"
#include "analysis/checker/LeakFixes.h"
#include "analysis/checker/Summaries.h"
#include "analysis/model/Model.h"

#include "mlir/Analysis/CFGLoopInfo.h"
#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace bufferlens {
class SourceIndex;
}

namespace bufferlens::checker {

/// Whether the integer set holds for constant dims and symbols (in that
/// order); nullopt if it cannot be evaluated.
std::optional<bool> evaluateIntegerSet(mlir::IntegerSet set,
                                       llvm::ArrayRef<int64_t> operands);

/// `value` as a base value plus a constant, through arith.addi / arith.subi
/// of constants and arith.index_cast (CfLoops.cpp).
std::pair<mlir::Value, int64_t> baseAndOffset(mlir::Value value);

class Interpreter {
public:
  Interpreter(SourceIndex &index, FunctionId fn, const CheckerLimits &limits);
  void run();

private:
  // --- control flow (Interpreter.cpp) ---
  struct Exit {
    State state;
    mlir::Operation *terminator;
  };
  std::vector<Exit> runRegion(mlir::Region &region, State state,
                              llvm::ArrayRef<AbsValue> arguments);
  std::vector<State> runOps(mlir::Block &block, State state);
  /// Runs `op` on one path: a loop run before from the same state is
  /// replayed (LoopReplay.cpp), and the values defined inside the regions
  /// of an op with regions are forgotten once it is done (LiveValues.cpp).
  void step(mlir::Operation &op, State state, std::vector<State> &out);
  void dispatch(mlir::Operation &op, State state, std::vector<State> &out);
  /// The states in which `cond` is true (second = true) and false; the
  /// decisions it makes are events of `at` (the op that branches).
  std::vector<std::pair<State, bool>> split(State state, const Bool &cond,
                                            mlir::Operation *at);
  void runIf(mlir::Operation &op, State state, std::vector<State> &out);
  void runLoop(mlir::Operation &op, State state, std::vector<State> &out);
  void runWhile(mlir::Operation &op, State state, std::vector<State> &out);
  void runOnce(mlir::Operation &op, State state, std::vector<State> &out);
  /// scf.for with integer bounds and a constant step, affine.for with
  /// one-result bound maps (Loops.cpp); false,
  /// with `state` untouched, for any other loop.
  bool runCountedLoop(mlir::Operation &op, State &state,
                      std::vector<State> &out);
  void bindExit(mlir::Operation &op, Exit &exit);
  /// The natural loops of a multi-block region; null for one block
  /// (CfLoops.cpp).
  mlir::CFGLoopInfo *loopsOf(mlir::Region &region);
  /// How many times a path may enter `block` per entry of its innermost
  /// loop (per run of its region when it is in none).
  int64_t entriesAllowed(mlir::Block *block, mlir::CFGLoopInfo *loops);
  int64_t cfLoopEntries(mlir::CFGLoop *loop);
  /// Whether a path that leaves `loop` before it ends may differ after it
  /// from a longer run: it is then truncated (CutLoops.cpp).
  bool cutHides(mlir::Operation &loop);
  bool cutHides(mlir::CFGLoop *loop);
  llvm::DenseMap<const void *, bool> cutHidesCache;
  void runBranches(mlir::Operation &op, State state, const Bool &cond,
                   mlir::Region &thenRegion, mlir::Region &elseRegion,
                   std::vector<State> &out);
  void limit(std::vector<State> &states);
  /// Drops from `state` the values not live-in at `block`, a block of the
  /// function's own region (LiveValues.cpp).
  void forgetDeadValues(mlir::Block *block, State &state);
  /// Drops from `state` the values defined inside the regions of `op`
  /// (LiveValues.cpp): once `op` is done no op can name them.
  void forgetValuesInside(mlir::Operation *op, State &state);
  /// How many ops enclose `op` inside the function (LiveValues.cpp).
  unsigned depthOf(mlir::Operation *op);
  void dedupe(std::vector<State> &states);
  /// The states' keys up to renaming (dedupe's), and whether every state
  /// has one of `previous`: a loop that would run on from them repeats an
  /// iteration already followed.
  std::set<std::string> keysOf(const std::vector<State> &states);
  bool repeats(const std::vector<State> &states,
               const std::set<std::string> &previous);
  bool outOfSteps();
  /// Counts `count` steps at once (work one op does in proportion to its
  /// operands' sizes); true, like outOfSteps, when the budget is spent.
  bool spendSteps(uint64_t count);

  // --- replaying loops (LoopReplay.cpp) ---
  /// What a run of a loop did to one path it ended, relative to the state
  /// it started from.
  struct LoopOutcome {
    std::map<int, Object> objects;
    Assignment assignment;
    std::vector<std::pair<int, bool>> newDecisions;
    std::vector<mlir::Block *> newTrace;
    std::vector<int> findings;
    bool truncated = false;
    /// The values it bound or changed outside the loop (its results, and
    /// the values it read first).
    std::vector<std::pair<mlir::Value, AbsValue>> bound;
  };
  /// The key of running `op` (a loop) from `state`; nullopt for an op
  /// that is not replayed.
  std::optional<std::string> replayKey(mlir::Operation &op, const State &state);
  /// Appends to `out` the paths a run from `state` ended in, if one ran.
  bool replay(const std::string &key, const State &state,
              std::vector<State> &out);
  /// Records the paths `out[first...]` a run from `input` ended in.
  void remember(std::string key, const State &input,
                const std::vector<State> &out, size_t first);
  std::unordered_map<std::string, std::vector<LoopOutcome>> loopOutcomes;
  llvm::DenseMap<mlir::Operation *, unsigned> depths;
  CheckerStats stats;

public:
  const CheckerStats &statistics() const { return stats; }

private:
  // --- transfer functions (Transfer.cpp) ---
  void transfer(mlir::Operation &op, State &state);
  AbsValue valueOf(State &state, mlir::Value value);
  AbsValue freshValue(State &state, mlir::Value value);
  int newObject(State &state, mlir::Value site, ObjectKind kind);
  Bool flagOf(State &state, mlir::Value value);
  Bool compareInts(State &state, llvm::StringRef predicate, const AbsValue &lhs,
                   const AbsValue &rhs, mlir::Value result);
  Bool pointersEqual(State &state, const AbsValue &lhs, const AbsValue &rhs);
  int atom(const std::string &key, const std::string &name);

  // --- integer comparisons (Comparisons.cpp, IntFacts.h) ---
  /// The comparison atom `lhs <base> rhs` (base eq, slt, ult) named by
  /// `result` (negated: the atom is true when `result` is false).
  Bool comparisonAtom(Comparison comparison, mlir::Value result, bool negated);
  /// Folds integer arithmetic with constants (addi, subi, index_cast) into
  /// terms the comparisons understand; false if `op` is not such an op.
  bool foldInteger(mlir::Operation &op, State &state);
  /// The comparison literals `assignment` decides.
  std::vector<IntLiteral> literalsOf(const Assignment &assignment) const;
  /// Whether deciding `atom` as `value` is consistent with `assignment`.
  bool feasible(const Assignment &assignment, int atom, bool value) const;
  int freshAtom(mlir::Value value);
  /// Prints the new comparison atom `atom` of `cmpi` as the trip count it
  /// decides ("%n > 4") when one side is a loop's counter: a constant in
  /// this iteration that no constant op defines.
  void nameByCounter(mlir::Operation &cmpi, State &state, int atom);
  void callee(mlir::Operation &op, State &state);
  void load(mlir::Operation &op, State &state);
  void store(mlir::Operation &op, State &state);

  // --- frees (Frees.cpp) ---
  void free(mlir::Operation &op, State &state, mlir::Value operand);
  void bufferizationDealloc(mlir::Operation &op, State state,
                            std::vector<State> &out);
  void deallocHelper(mlir::Operation &op, State &state);

  // --- leaks (Leaks.cpp) ---
  void checkExit(State &state, mlir::Operation *terminator);
  /// Whether `value` properly dominates the first op of `target`,
  /// remembered.
  bool dominatesLoopHead(mlir::Value value, mlir::Block *target);
  llvm::DenseMap<std::pair<const void *, mlir::Block *>, bool> headDominance;
  void checkBackEdge(State &state, mlir::Block *target,
                     llvm::ArrayRef<AbsValue> carried,
                     mlir::Operation *terminator);
  /// The note for a leak an op with unknown effects may hide
  /// (UnknownEffects.cpp).
  void noteCaptured(const Object &object);
  /// The note for a leak a path that left a loop early does not report.
  void noteTruncated(const Object &object);

  // --- use after free (UseAfterFree.cpp) ---
  void checkUses(mlir::Operation &op, State &state);
  void checkUse(mlir::Operation &op, State &state, mlir::Value operand,
                const char *what);

  // --- reporting (Report.cpp) ---
  std::string pathOf(const State &state, const std::string &end) const;
  std::string conditionsOf(const State &state) const;
  std::string label(mlir::Block *block) const;
  std::string name(mlir::Value value) const;
  SourceRange range(mlir::Operation *op) const;
  SourceRange range(mlir::Value value) const;
  RelatedLocation siteNote(const Object &object) const;
  /// Reports a finding on the path `conditionsOf` was last asked about;
  /// its path report shows the events of `object` and ends with `event`.
  void report(FindingCode code, SourceRange at, std::string message,
              std::vector<RelatedLocation> related, int object = -1,
              std::optional<PathStep> event = std::nullopt,
              mlir::Operation *eventOp = nullptr);
  void recordFree(const Object &object, mlir::Operation *op);
  void note(const std::string &why);
  /// Replaces each message's path-condition placeholder by the decisions
  /// of its first path that the outcome depends on (PathConditions.cpp).
  void finishConditions();
  void recordCompletePath(const State &state);

  SourceIndex &index;
  FunctionId fn;
  CheckerLimits limits;
  mlir::FunctionOpInterface function;
  mlir::DominanceInfo dominance;
  LeakFixer leakFixer;
  /// Computed on the first join of a multi-block function body.
  std::unique_ptr<mlir::Liveness> liveness;
  llvm::DenseMap<mlir::Region *, std::unique_ptr<mlir::CFGLoopInfo>>
      regionLoops;
  /// By loop header: entriesAllowed of the loop's blocks.
  llvm::DenseMap<mlir::Block *, int64_t> loopEntries;
  struct AtomInfo {
    AtomInfo(std::string name) : name(std::move(name)) {}
    std::string name;
    /// The atom holds when the value `name` is false (`cmpi ne` is the
    /// negation of the `eq` atom).
    bool negated = false;
    /// For integer comparisons: what the atom means (IntFacts.h).
    std::optional<Comparison> comparison;
    /// When set, how a decision is printed ("%n > 4"), instead of `name`.
    std::string trueText, falseText;
  };
  std::vector<AtomInfo> atoms;
  std::map<std::string, int> atomKeys;
  int nextObject = 0;
  int64_t nextOpaque = 0;
  size_t steps = 0;
  bool stepsExhausted = false;
  bool precisionNoted = false;
  std::set<std::pair<FindingCode, uint32_t>> reported;
  std::set<std::pair<ValueId, OpId>> freeSites;

  // --- callees in the module (Summaries.cpp) ---
public:
  /// Summary mode: no findings, frees of arguments are followed, and calls
  /// use (and fill) `cache`.
  void summariseWith(SummaryCache *cache);
  /// Calls use (and fill) `cache`; null: a cache of this function's own.
  void useSummaries(SummaryCache *cache) { summaries = cache; }
  /// The outcomes of the function's paths; nullopt if precision was lost.
  std::optional<Summary> summarise();

private:
  /// Applies the callee's summary to a call; false where the ABI applies.
  bool callInModule(mlir::Operation &op, State &state, std::vector<State> &out);
  /// "the call to @f" for a call op, "" for other ops. No line: the call
  /// is a related location, and a line in a message goes stale when the
  /// editor re-analyses only an edited function above it.
  std::string byTheCall(mlir::Operation *op) const;
  SummaryCache *summaries = nullptr;
  std::unique_ptr<SummaryCache> ownSummaries;
  bool quiet = false;
  // Path conditions of messages (PathConditions.cpp): the decisions of the
  // path each finding was first reported on, the complete paths explored.
  struct PendingCondition {
    std::vector<std::pair<int, bool>> decisions;
    Assignment assignment;
    /// For the path report (PathReport.cpp), copied only for the path
    /// that a finding's message names.
    std::vector<PathEvent> events;
    int object = -1;
    mlir::Value site;
    ObjectKind kind = ObjectKind::Unknown;
    std::optional<PathStep> event;
    mlir::Operation *eventOp = nullptr;
    std::vector<mlir::Block *> blocks;
  };
  /// The key events of a pending finding's path, keeping the decisions of
  /// `condition` (PathReport.cpp).
  std::vector<PathStep>
  pathSteps(const PendingCondition &pending,
            const std::vector<std::pair<int, bool>> &condition) const;
  /// How a decision of `atom` reads: "%c is false", "%n > 4".
  std::string decisionText(int atom, bool value) const;
  /// The same decision as data (PathConditions.cpp).
  PathDecision decisionData(int atom, bool value) const;
  /// The SSA value each opaque integer stands for, by its number.
  std::map<int64_t, mlir::Value> opaqueValues;
  int nextSplit = 0;
  mutable std::vector<PendingCondition> pendingConditions;
  mutable State *reportingState = nullptr;
  struct CompletePath {
    Assignment assignment;
    std::vector<int> findings;
  };
  std::vector<CompletePath> completePaths;
  /// Finding ids by (code, location), as State::findings holds them.
  std::map<std::pair<FindingCode, uint32_t>, int> findingIds;
  /// The other paths a finding arose on, each with its message (holding
  /// its own condition placeholder) and related locations: the report
  /// shows the one with the fewest steps.
  struct PathCandidate {
    std::string message;
    std::vector<RelatedLocation> related;
  };
  struct FindingPaths {
    /// The finding's index in the result's findings.
    size_t finding = 0;
    std::vector<PathCandidate> candidates;
  };
  static constexpr size_t kMaxPathCandidates = 16;
  std::map<std::pair<FindingCode, uint32_t>, FindingPaths> findingPaths;
};

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_INTERPRETER_H

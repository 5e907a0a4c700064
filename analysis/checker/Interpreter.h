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

#include "analysis/Model.h"
#include "analysis/checker/Checker.h"
#include "analysis/checker/CheckerState.h"
#include "analysis/checker/LeakFixes.h"
#include "analysis/checker/Summaries.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <optional>
#include <set>
#include <string>
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
  void step(mlir::Operation &op, State state, std::vector<State> &out);
  /// The states in which `cond` is true (second = true) and false.
  std::vector<std::pair<State, bool>> split(State state, const Bool &cond);
  void runIf(mlir::Operation &op, State state, std::vector<State> &out);
  void runLoop(mlir::Operation &op, State state, std::vector<State> &out);
  void runWhile(mlir::Operation &op, State state, std::vector<State> &out);
  void runOnce(mlir::Operation &op, State state, std::vector<State> &out);
  void bindExit(mlir::Operation &op, Exit &exit);
  void runBranches(mlir::Operation &op, State state, const Bool &cond,
                   mlir::Region &thenRegion, mlir::Region &elseRegion,
                   std::vector<State> &out);
  void limit(std::vector<State> &states);
  void dedupe(std::vector<State> &states);
  bool outOfSteps();

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
  int freshAtom(mlir::Value value);
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
  void checkBackEdge(State &state, mlir::Block *target,
                     llvm::ArrayRef<AbsValue> carried,
                     mlir::Operation *terminator);
  /// The note for a leak an op with unknown effects may hide
  /// (UnknownEffects.cpp).
  void noteCaptured(const Object &object);

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
  void report(const char *code, SourceRange at, std::string message,
              std::vector<RelatedLocation> related);
  void recordFree(const Object &object, mlir::Operation *op);
  void note(const std::string &why);

  SourceIndex &index;
  FunctionId fn;
  CheckerLimits limits;
  mlir::FunctionOpInterface function;
  mlir::DominanceInfo dominance;
  LeakFixer leakFixer;
  struct AtomInfo {
    std::string name;
  };
  std::vector<AtomInfo> atoms;
  std::map<std::string, int> atomKeys;
  int nextObject = 0;
  int64_t nextOpaque = 0;
  size_t steps = 0;
  bool stepsExhausted = false;
  bool precisionNoted = false;
  std::set<std::pair<std::string, uint32_t>> reported;
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
  /// "the call to @f [at line N]" for a call op, "" for other ops.
  std::string byTheCall(mlir::Operation *op, bool withLine) const;
  SummaryCache *summaries = nullptr;
  std::unique_ptr<SummaryCache> ownSummaries;
  bool quiet = false;
};

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_INTERPRETER_H

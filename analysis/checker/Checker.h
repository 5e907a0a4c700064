//===- Checker.h - Leaks, double frees, use after free, invalid frees -----===//
//
// The entry point of the deallocation checker (docs/ARCHITECTURE.md): for a
// function whose stage is Deallocated, explore its paths through the CFG and
// nested regions and report BL101 (leak), BL102 (double free), BL103 (use
// after free) and BL104 (free of a buffer the function does not own). Also
// records where each allocation is freed (AnalysisResult::freeSites).
//
// Ranges: a leak is reported at the allocation's value definition (`%0` of
// `%0 = memref.alloc()`), with the exit terminator or back edge as a related
// location; the other findings at the op name of the offending free or use.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_CHECKER_H
#define BUFFERLENS_ANALYSIS_CHECKER_CHECKER_H

#include "analysis/model/Model.h"

namespace bufferlens {

class SourceIndex;

/// Limits of the path exploration; the defaults keep every function fast.
struct CheckerLimits {
  /// Loop bodies run at most this many times on one path (cf loops: a
  /// block is entered at most this many times plus one).
  int loopIterations = 2;
  /// Loops with a constant trip count up to this run exactly that often.
  int fullUnroll = 8;
  /// Paths alive at one program point before the checker merges paths that
  /// agree on memory (and, past the limit again, drops the rest).
  size_t maxPaths = 64;
  /// Ops interpreted per function before the checker gives up.
  size_t maxSteps = 200000;
  /// Replay a loop run before from the same state instead of running it
  /// again (LoopReplay.cpp); off only in the test that shows the findings
  /// are the same either way.
  bool replayLoops = true;
};

/// What one function's check did: counts that depend on the algorithm only,
/// never on the machine, so that tests can bound its work.
struct CheckerStats {
  /// Ops interpreted on some path (each counts against
  /// CheckerLimits::maxSteps).
  size_t steps = 0;
  /// Loops run from a state no earlier run of the same loop started from.
  size_t loopRuns = 0;
  /// Loops not run again: their outcome from the same state was replayed
  /// (LoopReplay.cpp).
  size_t loopReplays = 0;
};

namespace checker {
class SummaryCache;
}

/// `summaries`: the summaries of the module's callees, shared by the
/// functions of one analysis so each callee is summarised once (null: this
/// function's calls compute their own). `stats`, when given, receives what
/// the check did.
void runDeallocationChecker(SourceIndex &index, FunctionId fn,
                            const CheckerLimits &limits = {},
                            checker::SummaryCache *summaries = nullptr,
                            CheckerStats *stats = nullptr);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_CHECKER_CHECKER_H

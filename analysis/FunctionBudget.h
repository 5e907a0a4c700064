//===- FunctionBudget.h - What one function's analysis may cost -*- C++ -*-===//
//
// AnalysisOptions::FunctionBudget, applied. The operation count is known
// before any analysis and bounds time and memory alike on every machine, so
// the same file gives the same findings in CI and in the editor. Time and
// memory are the backstop for what the operation count does not foresee
// (an analysis superlinear on some shape): every stage that runs per
// function (buffer facts, the classic plan, the checker, upstream's
// ownership pass, the BL203 proof, and for tensor functions the release
// step and the analyses of the bufferized copy) runs under a BudgetMeter that
// its hot loops poll, so a pathological function stops at its budget instead of
// when the stage ends, and the other functions are still analysed. A function
// past its budget loses its findings and gets one info finding instead.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H
#define BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Compiler.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bufferlens {

/// The bound of a function's budget that is not a setting of
/// `.bufferlens.json` (AnalysisOptions::FunctionBudget, where the time and
/// the memory are): the same for every document the process analyses. 0
/// turns it off.
struct BudgetBackstops {
  /// Times one stage of one function may poll its meter: a bound on work
  /// that, unlike the clock, is the same on every machine. The tests use
  /// it to stop a function at a known point.
  uint64_t polls = 0;
};
BudgetBackstops &budgetBackstops();

/// What one stage of one function may still spend. The stage's loops ask
/// exhausted() (through budgetExhausted()) and, once it answers true, stop
/// as soon as they can leave consistent state; the caller then drops what
/// the stage found. Asking is cheap enough for any loop: the clock is read
/// every kStride polls and the resident set every kMemoryInterval.
class BudgetMeter {
public:
  using Clock = std::chrono::steady_clock;
  enum class Exceeded { None, Time, Memory, Polls };

  /// No bound: exhausted() stays false.
  BudgetMeter() = default;
  /// `deadline`: when the stage must stop (none: no clock); `maxGrowth`:
  /// bytes the resident set may grow by during the stage (0: unbounded);
  /// `maxPolls`: polls before it is exhausted (0: unbounded).
  BudgetMeter(std::optional<Clock::time_point> deadline, uint64_t maxGrowth,
              uint64_t maxPolls);

  bool exhausted() {
    if (LLVM_UNLIKELY(exceeded != Exceeded::None))
      return true;
    ++polls;
    if (LLVM_LIKELY(polls < nextCheck))
      return false;
    return check();
  }

  Exceeded whyExhausted() const { return exceeded; }

  /// The process's resident set in bytes (0 where it cannot be read); the
  /// tests replace it to grow memory at will.
  using ResidentBytes = uint64_t (*)();
  static ResidentBytes residentBytes;
  static uint64_t readResidentBytes();

private:
  static constexpr uint64_t kStride = 64;
  static constexpr std::chrono::milliseconds kMemoryInterval{5};
  bool check();

  std::optional<Clock::time_point> deadline;
  uint64_t memoryLimit = 0;         // Growth in bytes; 0: unbounded.
  std::optional<uint64_t> baseline; // Resident bytes at the first read.
  uint64_t maxPolls = 0;
  uint64_t polls = 0;
  uint64_t nextCheck = kStride;
  Clock::time_point nextMemoryCheck;
  Exceeded exceeded = Exceeded::None;
};

namespace detail {
inline thread_local BudgetMeter *currentMeter = nullptr;
} // namespace detail

/// Whether the stage running on this thread is past its function's budget
/// (false outside any stage run by FunctionBudgets::run). A stage that sees
/// true stops early; what it leaves is dropped, never reported.
inline bool budgetExhausted() {
  BudgetMeter *meter = detail::currentMeter;
  return meter && meter->exhausted();
}

/// Makes `meter` the one budgetExhausted() asks on this thread while it
/// lives.
class ScopedBudgetMeter {
public:
  explicit ScopedBudgetMeter(BudgetMeter &meter)
      : previous(detail::currentMeter) {
    detail::currentMeter = &meter;
  }
  ~ScopedBudgetMeter() { detail::currentMeter = previous; }
  ScopedBudgetMeter(const ScopedBudgetMeter &) = delete;
  ScopedBudgetMeter &operator=(const ScopedBudgetMeter &) = delete;

private:
  BudgetMeter *previous;
};

class FunctionBudgets {
public:
  using Duration = std::chrono::steady_clock::duration;

  FunctionBudgets(AnalysisResult &result,
                  const AnalysisOptions::FunctionBudget &budget);

  /// False (and the function skipped) when it has more operations than the
  /// budget allows.
  bool fitsOperations(FunctionId fn);

  /// Runs one stage of `fn` under what is left of its budget and charges
  /// its time. False, without running it, for a function already skipped;
  /// false too once the function is past its budget: it is then marked not
  /// analysed, and finish() drops its findings. A stage the meter stopped
  /// left incomplete findings: the ones it added are dropped at once (the
  /// checker's would otherwise go out among the early findings).
  bool run(FunctionId fn, llvm::function_ref<void()> stage);

  /// Adds `took` to the function's time. False once the total is past the
  /// budget: the function is then marked not analysed, and finish() drops
  /// its findings.
  bool charge(FunctionId fn, Duration took);

  /// Marks `fn` past its budget for a stage that ran outside run() (an
  /// upstream pass that cannot poll a meter, timed as a whole:
  /// tensor/PassLimits.h); finish() drops its findings.
  void stopped(FunctionId fn, BudgetMeter::Exceeded why) {
    skipStopped(fn, why);
  }

  /// Drops the coded findings inside every function skipped for its time
  /// or memory (they may come from several stages, interleaved with other
  /// functions'). MLIR's own errors stay, and so do the first `published`
  /// findings (already shown as early findings, and true: their stage
  /// finished).
  void finish(size_t published = 0);

  /// The functions stopped for their time, memory or steps so far, and why,
  /// in the order they were stopped.
  const std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> &
  stoppedFunctions() const {
    return stoppedWhy;
  }

private:
  void skip(FunctionId fn, std::string why);
  void skipStopped(FunctionId fn, BudgetMeter::Exceeded why);

  AnalysisResult &result;
  const AnalysisOptions::FunctionBudget &budget;
  std::vector<Duration> spent;
  std::vector<FunctionId> outOfTime;
  std::vector<std::pair<FunctionId, BudgetMeter::Exceeded>> stoppedWhy;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_FUNCTIONBUDGET_H

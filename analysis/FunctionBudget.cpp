//===- FunctionBudget.cpp -------------------------------------------------===//

#include "analysis/FunctionBudget.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdlib>

#include <fcntl.h>

#include <sys/resource.h>
#include <unistd.h>

using namespace bufferlens;

BudgetBackstops &bufferlens::budgetBackstops() {
  static BudgetBackstops backstops;
  return backstops;
}

BudgetMeter::ResidentBytes BudgetMeter::residentBytes =
    &BudgetMeter::readResidentBytes;

uint64_t BudgetMeter::readResidentBytes() {
  // The current resident set, which falls again when a stage frees what it
  // built (getrusage's peak would not): `resident` of /proc/self/statm, in
  // pages (proc(5)). Read with pread rather than stdio: it is read twice
  // per run of upstream's pass (tensor/PassLimits.cpp), and fopen's buffer
  // and fscanf were a hundredth of linting a tensor module; opening the
  // file for each read was another. The descriptor is opened once and kept:
  // pread at offset 0 reads the current figures, from any thread. It stays
  // the opening process's file, so a child after fork would read its
  // parent's figures; nothing in BufferLens forks (workers are threads).
  static const int fd = ::open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    char text[128];
    ssize_t length = ::pread(fd, text, sizeof(text) - 1, 0);
    if (length > 0) {
      text[length] = '\0';
      char *end = nullptr;
      std::strtoull(text, &end, 10); // size
      char *residentEnd = nullptr;
      unsigned long long resident = std::strtoull(end, &residentEnd, 10);
      if (end != text && residentEnd != end)
        return resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    }
  }
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    return static_cast<uint64_t>(usage.ru_maxrss) * 1024; // Peak, in KiB.
  return 0;
}

BudgetMeter::BudgetMeter(std::optional<Clock::time_point> deadline,
                         uint64_t maxGrowth, uint64_t maxPolls)
    : deadline(deadline), maxPolls(maxPolls) {
  if (maxGrowth) {
    // A stage shorter than kMemoryInterval never reads the resident set:
    // on a document of many small functions one read per stage would cost
    // more than some of the stages.
    memoryLimit = maxGrowth;
    nextMemoryCheck = Clock::now() + kMemoryInterval;
  }
  if (maxPolls)
    nextCheck = std::min(nextCheck, maxPolls);
}

bool BudgetMeter::check() {
  nextCheck = polls + kStride;
  if (maxPolls) {
    if (polls >= maxPolls) {
      exceeded = Exceeded::Polls;
      return true;
    }
    nextCheck = std::min(nextCheck, maxPolls);
  }
  if (!deadline && !memoryLimit)
    return false;
  Clock::time_point now = Clock::now();
  if (deadline && now > *deadline) {
    exceeded = Exceeded::Time;
    return true;
  }
  if (memoryLimit && now >= nextMemoryCheck) {
    nextMemoryCheck = now + kMemoryInterval;
    uint64_t resident = residentBytes();
    if (!baseline) {
      baseline = resident; // The first read: the limit counts from here.
    } else if (resident > *baseline && resident - *baseline > memoryLimit) {
      exceeded = Exceeded::Memory;
      return true;
    }
  }
  return false;
}

FunctionBudgets::FunctionBudgets(AnalysisResult &result,
                                 const AnalysisOptions::FunctionBudget &budget)
    : result(result), budget(budget), spent(result.functions.size()) {}

bool FunctionBudgets::fitsOperations(FunctionId fn) {
  const FunctionEntry &entry = result.functions[fn];
  uint64_t operations = entry.opEnd - entry.opBegin;
  if (!budget.maxOperations || operations <= budget.maxOperations)
    return true;
  skip(fn, "@" + entry.name + " has " + std::to_string(operations) +
               " operations, more than the budget of " +
               std::to_string(budget.maxOperations) +
               " (functionBudget.operations)");
  return false;
}

bool FunctionBudgets::run(FunctionId fn, llvm::function_ref<void()> stage) {
  if (!result.functions[fn].analysed)
    return false;
  auto start = BudgetMeter::Clock::now();
  std::optional<BudgetMeter::Clock::time_point> deadline;
  if (budget.milliseconds)
    deadline =
        start + std::chrono::milliseconds(budget.milliseconds) - spent[fn];
  const BudgetBackstops &backstops = budgetBackstops();
  // The memory bound (functionBudget.megabytes) is far above what a
  // function within the operation budget needs: it stops a blow-up before
  // it takes the machine's memory rather than when the clock runs out (the
  // select chain of bench/blowups.py took 19.7 GiB in 66 s).
  // (A bound too large to count in bytes is no bound.)
  uint64_t maxGrowth =
      budget.megabytes <= (UINT64_MAX >> 20) ? budget.megabytes << 20 : 0;
  BudgetMeter meter(deadline, maxGrowth, backstops.polls);
  size_t findingsBefore = result.findings.size();
  {
    ScopedBudgetMeter scope(meter);
    stage();
  }
  BudgetMeter::Exceeded stopped = meter.whyExhausted();
  if (stopped == BudgetMeter::Exceeded::None)
    return charge(fn, BudgetMeter::Clock::now() - start);
  // Stopped midway: what the stage found may be wrong as well as partial
  // (a leak at the end of a path it did not finish), so none of it stays,
  // nor its notes (the checker's "stopped after N steps").
  result.findings.resize(std::min(findingsBefore, result.findings.size()));
  spent[fn] += BudgetMeter::Clock::now() - start;
  skipStopped(fn, stopped);
  return false;
}

bool FunctionBudgets::charge(FunctionId fn, Duration took) {
  if (!result.functions[fn].analysed)
    return false; // Already skipped: nothing more is charged or reported.
  spent[fn] += took;
  if (!budget.milliseconds)
    return true;
  auto total =
      std::chrono::duration_cast<std::chrono::milliseconds>(spent[fn]).count();
  if (static_cast<uint64_t>(total) <= budget.milliseconds)
    return true;
  skipStopped(fn, BudgetMeter::Exceeded::Time);
  return false;
}

void FunctionBudgets::skipStopped(FunctionId fn, BudgetMeter::Exceeded why) {
  const std::string &name = result.functions[fn].name;
  switch (why) {
  case BudgetMeter::Exceeded::None:
    return;
  case BudgetMeter::Exceeded::Time:
    skip(fn, "@" + name + " took more than " +
                 std::to_string(budget.milliseconds) +
                 " ms (functionBudget.milliseconds); its findings are left "
                 "out");
    break;
  case BudgetMeter::Exceeded::Memory:
    skip(fn, "@" + name + " needed more than " +
                 std::to_string(budget.megabytes) +
                 " MiB of memory in one analysis (functionBudget.megabytes); "
                 "its findings are left out");
    break;
  case BudgetMeter::Exceeded::Polls:
    skip(fn, "@" + name + " needed more than " +
                 std::to_string(budgetBackstops().polls) +
                 " steps in one analysis; its findings are left out");
    break;
  }
  outOfTime.push_back(fn);
  stoppedWhy.emplace_back(fn, why);
}

void FunctionBudgets::finish(size_t published) {
  if (outOfTime.empty())
    return;
  std::vector<SourceRange> dropped;
  for (FunctionId fn : outOfTime)
    dropped.push_back(result.functions[fn].fullRange);
  auto inDropped = [&](const Finding &finding) {
    if (finding.code == FindingCode::None)
      return false; // MLIR's errors and the budget's own note stay.
    return llvm::any_of(dropped, [&](SourceRange range) {
      return range.begin <= finding.range.begin &&
             finding.range.begin < range.end;
    });
  };
  auto from =
      result.findings.begin() + std::min(published, result.findings.size());
  result.findings.erase(std::remove_if(from, result.findings.end(), inDropped),
                        result.findings.end());
  for (FunctionId fn : outOfTime)
    if (fn < (FunctionId)result.ownership.size()) {
      OwnershipFacts &facts = result.ownership[fn];
      facts = OwnershipFacts{};
      facts.function = fn;
      facts.reason = result.functions[fn].notAnalysed;
    }
}

void FunctionBudgets::skip(FunctionId fn, std::string why) {
  FunctionEntry &entry = result.functions[fn];
  entry.analysed = false;
  entry.notAnalysed = why;
  Finding finding;
  finding.severity = Severity::Info;
  finding.range = entry.nameRange;
  finding.message = "not analysed: " + std::move(why);
  result.findings.push_back(std::move(finding));
}

//===- TensorCounts.cpp - What One-Shot Bufferize adds, per function ------===//
//
// Per function that still works on tensors, how many buffers upstream's
// One-Shot Bufferize (`--one-shot-bufferize=bufferize-function-boundaries`)
// allocates in it and how many out-of-place operands it copies, with their
// static sizes: the numbers a budget in CI compares from run to run, so a
// pipeline or upstream change that adds a copy fails the build (`lint
// --baseline`). Read off the stored TensorPlans (analysis/tensor/), which
// `lint`'s findings-only analysis computes too.
//
//===----------------------------------------------------------------------===//

#include "ide/Features.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace bufferlens;

static uint64_t staticBytes(const std::vector<BufferizationEffect> &effects) {
  uint64_t total = 0;
  // An effect of dynamic size adds nothing: its size is not known before
  // the program runs. A sum past 64 bits stays at the largest count.
  for (const BufferizationEffect &effect : effects)
    total = llvm::SaturatingAdd(total, effect.bytes.value_or(0));
  return total;
}

std::vector<TensorCounts> bufferlens::tensorCounts(const Snapshot &snapshot) {
  std::vector<TensorCounts> out;
  for (size_t p = 0; p < snapshot.parts().size(); ++p) {
    const SnapshotPart &part = snapshot.parts()[p];
    const AnalysisResult &result = *part.result;
    size_t first = out.size();
    for (const TensorPlan &plan : result.tensor) {
      if (plan.function < 0 ||
          plan.function >= static_cast<FunctionId>(result.functions.size()))
        continue;
      const FunctionEntry &entry = result.functions[plan.function];
      // A part also holds the functions its own name by symbol; each is
      // counted by the part that owns it.
      if (!part.owns(entry.fullRange, snapshot.isLastPart(p)))
        continue;
      TensorCounts counts;
      counts.function = entry.name;
      counts.range = part.toCurrent(entry.nameRange.empty() ? entry.fullRange
                                                            : entry.nameRange);
      counts.bufferizes = plan.bufferized;
      counts.allocations = plan.allocations.size();
      counts.copies = plan.copies.size();
      counts.allocatedBytes = staticBytes(plan.allocations);
      counts.copiedBytes = staticBytes(plan.copies);
      out.push_back(std::move(counts));
    }
    std::stable_sort(out.begin() + first, out.end(),
                     [](const TensorCounts &a, const TensorCounts &b) {
                       return a.range.begin < b.range.begin;
                     });
  }
  return out;
}

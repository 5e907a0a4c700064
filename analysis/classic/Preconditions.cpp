//===- Preconditions.cpp - BL204: what the classic algorithm cannot do ----===//
//
// BufferDeallocationInternals.md "Requirements": control flow must be visible
// through BranchOpInterface, RegionBranchOpInterface and return-like
// terminators, or the plan would be wrong. Like the old pass, we also reject
// unstructured loops (only scf-style loops get back-edge frees) and
// allocations returning several buffers (BufferDeallocationInternals.md
// "Detection of Buffer Allocations"). Each is reported instead of guessed.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/ClassicAnalysis.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
class PreconditionCheck {
public:
  PreconditionCheck(SourceIndex &index, FunctionId fn) : index(index), fn(fn) {}

  bool run(std::string &reason) {
    Operation *function = index.function(fn);
    function->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != function)
        checkOp(op);
      for (Region &region : op->getRegions())
        checkLoops(region);
    });
    if (!first.empty())
      reason = first;
    return first.empty();
  }

private:
  void report(Operation *op, const std::string &what) {
    std::string message = "classic deallocation cannot analyse " + what;
    if (first.empty())
      first = message;
    OpId id = index.idOf(op);
    SourceRange range = id != kNone ? index.result().ops[id].nameRange
                                    : index.result().functions[fn].nameRange;
    index.result().findings.push_back(
        makeFinding(FindingCode::BL204, range, message));
  }

  void checkOp(Operation *op) {
    std::string name = op->getName().getStringRef().str();
    size_t regions = op->getNumRegions();
    if (((regions == 1 && op->getNumResults() > 0) || regions > 1) &&
        !isa<RegionBranchOpInterface>(op))
      report(op, quoted(name) +
                     ": it has regions but does not implement "
                     "RegionBranchOpInterface, so the buffers flowing "
                     "through it are unknown");
    unsigned heapResults = 0;
    for (Value result : op->getResults())
      if (isa<BaseMemRefType>(result.getType()) &&
          classifyBuffer(result) == BufferKind::HeapAlloc)
        ++heapResults;
    if (heapResults > 1)
      report(op, quoted(name) + ": it allocates " +
                     std::to_string(heapResults) +
                     " buffers at once (allocations with several results "
                     "are not supported)");
  }

  /// Unstructured loops: a branch to a block on the current DFS path.
  void checkLoops(Region &region) {
    if (region.empty())
      return;
    llvm::DenseSet<Block *> done, onPath;
    SmallVector<std::pair<Block *, unsigned>> stack;
    stack.push_back({&region.front(), 0});
    onPath.insert(&region.front());
    while (!stack.empty()) {
      auto &[block, next] = stack.back();
      if (next == block->getNumSuccessors()) {
        onPath.erase(block);
        done.insert(block);
        stack.pop_back();
        continue;
      }
      Block *succ = block->getSuccessor(next++);
      if (onPath.contains(succ)) {
        Operation *branch = block->getTerminator();
        report(branch, "the unstructured loop " + index.labelOf(block) +
                           " -> " + index.labelOf(succ) +
                           ": only structured loops (scf.for, scf.while) "
                           "are supported");
        continue;
      }
      if (done.contains(succ))
        continue;
      onPath.insert(succ);
      stack.push_back({succ, 0});
    }
  }

  SourceIndex &index;
  FunctionId fn;
  std::string first;
};
} // namespace

bool classic::checkClassicPreconditions(SourceIndex &index, FunctionId fn,
                                        std::string &reason) {
  return PreconditionCheck(index, fn).run(reason);
}

void bufferlens::dropDuplicateClassicPreconditions(AnalysisResult &result) {
  auto ours = [](const Finding &f) {
    return f.code == FindingCode::BL204 &&
           f.message.rfind("classic deallocation cannot analyse", 0) == 0;
  };
  std::vector<SourceRange> theirs;
  for (const Finding &finding : result.findings)
    if (finding.code == FindingCode::BL204 && !ours(finding))
      theirs.push_back(finding.range);
  std::vector<Finding> kept;
  kept.reserve(result.findings.size());
  for (Finding &finding : result.findings)
    if (!ours(finding) ||
        std::find(theirs.begin(), theirs.end(), finding.range) == theirs.end())
      kept.push_back(std::move(finding));
  result.findings = std::move(kept);
}

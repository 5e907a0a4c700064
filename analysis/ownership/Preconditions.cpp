//===- Preconditions.cpp --------------------------------------------------===//

#include "analysis/ownership/Preconditions.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace bufferlens;
using namespace mlir;

namespace {
struct Explanation {
  const char *passSays; ///< A prefix of the pass's message.
  const char *weSay;    ///< `{op}` stands for the op's name.
};
} // namespace

// The messages of OwnershipBasedBufferDeallocation.cpp in MLIR 22.
static const Explanation kExplanations[] = {
    {"Only structured control-flow loops are supported",
     "the deallocation pass rejects {fn}: it contains a control-flow loop "
     "made of branches ({loop}); only structured loops (scf.for, scf.while) "
     "are supported"},
    {"No deallocation operations must be present",
     "the deallocation pass rejects `{op}`: the input must not contain "
     "deallocations yet"},
    {"memory free side-effect on MemRef value not supported",
     "the deallocation pass rejects `{op}`: it frees a buffer, and the input "
     "must not contain deallocations yet"},
    {"ops with unknown memory side effects are not supported",
     "the deallocation pass rejects `{op}`: its memory effects are unknown "
     "(it does not implement MemoryEffectOpInterface), so the pass cannot "
     "tell whether it allocates or frees"},
    {"All operations with attached regions need to implement the "
     "RegionBranchOpInterface",
     "the deallocation pass rejects `{op}`: it has regions but does not "
     "implement RegionBranchOpInterface, so the pass cannot follow its "
     "control flow"},
    {"NoTerminator trait is not supported",
     "the deallocation pass rejects `{op}`: its region has no terminator"},
    {"Terminators must implement either BranchOpInterface or "
     "RegionBranchTerminatorOpInterface",
     "the deallocation pass rejects `{op}`: a terminator must implement "
     "exactly one of BranchOpInterface and RegionBranchTerminatorOpInterface"},
    {"BranchOpInterface operations with multiple successors are not "
     "supported",
     "the deallocation pass rejects `{op}`: branches with more than one "
     "successor are supported only for cf.cond_br"},
    {"Terminators with more than one successor are not supported",
     "the deallocation pass rejects `{op}`: terminators with more than one "
     "successor are supported only for cf.cond_br"},
};

static void replaceAll(std::string &s, const std::string &from,
                       const std::string &to) {
  for (size_t at = s.find(from); at != std::string::npos;
       at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// A branch that closes a loop in the function's CFG, found the way the pass
// finds them (a depth-first walk over successors).
static Operation *findLoopBranch(Operation *function, std::string &loop,
                                 const SourceIndex &index) {
  Operation *found = nullptr;
  function->walk([&](Region *region) {
    if (found || region->empty())
      return;
    llvm::SmallPtrSet<Block *, 16> onStack;
    std::function<void(Block *)> visit = [&](Block *block) {
      onStack.insert(block);
      Operation *term = block->empty() ? nullptr : &block->back();
      if (term)
        for (Block *succ : term->getSuccessors()) {
          if (found)
            break;
          if (onStack.contains(succ)) {
            found = term;
            loop = index.labelOf(block) + " -> " + index.labelOf(succ);
            break;
          }
          visit(succ);
        }
      onStack.erase(block);
    };
    visit(&region->front());
  });
  return found;
}

Finding bufferlens::explainRejection(const SourceIndex &index, FunctionId fn,
                                     OpId op, const std::string &message,
                                     SourceRange fallback) {
  Finding finding;
  finding.code = FindingCode::BL204;
  finding.range = op == kNone ? fallback : index.rangeOf(index.op(op));
  finding.message = "the deallocation pass rejects this input: " + message;
  Operation *operation =
      op == kNone ? index.function(fn).getOperation() : index.op(op);
  for (const Explanation &e : kExplanations) {
    if (message.rfind(e.passSays, 0) != 0)
      continue;
    std::string text = e.weSay;
    replaceAll(text, "{op}", operation->getName().getStringRef().str());
    replaceAll(text, "{fn}", "@" + index.result().functions[fn].name);
    if (text.find("{loop}") != std::string::npos) {
      // The pass reports loops at the function; point at the back edge.
      std::string loop;
      if (Operation *branch = findLoopBranch(index.function(fn), loop, index)) {
        finding.range = index.rangeOf(branch);
        finding.related.push_back(
            {index.result().functions[fn].nameRange, "in this function"});
      }
      replaceAll(text, "{loop}", loop.empty() ? "a back edge" : loop);
    }
    finding.message = text;
    break;
  }
  return finding;
}

//===- WriteDominatesRead.cpp - BL401: the bufferization invariant --------===//
//
// BufferDeallocationInternals.md "Requirements": every write to a buffer must
// dominate every read of it (allocation, then writes, then reads). We report a
// write that can reach a read of the same allocation (through any alias)
// without dominating it, like that document's `condBranch` with `partial_write`
// in one branch, but only when that read can see the buffer on a path where no
// write happened (UnwrittenReads.cpp), and the finding names that path. A read
// that sees the buffer only after a write (the allocation and its write in the
// branch that passes it on, One-Shot Bufferize's `scf.if` that writes the
// buffer in each branch yielding it) is not reported. A write nested in a
// loop counts as executed (the document allows filling a buffer in a loop); one
// nested in a conditional region (scf.if) does not.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
struct Access {
  Operation *op;
  Value value;
};

class InvariantCheck {
public:
  InvariantCheck(SourceIndex &index, Operation *function, FunctionFacts &facts)
      : index(index), function(function), aliases(facts.aliases),
        dominators(facts.dominators) {}

  void check(Value allocation) {
    BufferViewFlowAnalysis::ValueSetT group = aliases.resolve(allocation);
    std::optional<UnwrittenReads> unwritten;
    SmallVector<Access> writes, reads;
    llvm::DenseSet<std::pair<Operation *, unsigned>> seen;
    for (Value value : group)
      for (Operation *user : value.getUsers()) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(user);
        if (!effects)
          continue;
        if (effects.getEffectOnValue<MemoryEffects::Write>(value) &&
            seen.insert({user, 1u}).second)
          writes.push_back({user, value});
        if (effects.getEffectOnValue<MemoryEffects::Read>(value) &&
            seen.insert({user, 0u}).second)
          reads.push_back({user, value});
      }
    auto byPosition = [&](const Access &a, const Access &b) {
      return index.idOf(a.op) < index.idOf(b.op);
    };
    llvm::sort(writes, byPosition);
    llvm::sort(reads, byPosition);
    for (const Access &write : writes) {
      SmallVector<Access> offended;
      for (const Access &read : reads)
        if (read.op != write.op && violates(write.op, read.op)) {
          if (!unwritten)
            unwritten = findUnwrittenReads(index, function, allocation, group);
          if (unwritten->count(read.op))
            offended.push_back(read);
        }
      if (!offended.empty())
        report(write, offended, *unwritten, allocation);
    }
  }

private:
  /// Whether `write` reaches `read` without dominating it.
  bool violates(Operation *write, Operation *read) {
    Region *common = write->getParentRegion();
    while (common && !common->isAncestor(read->getParentRegion()))
      common = common->getParentOp()->getParentRegion();
    if (!common)
      return false;
    Operation *w = common->findAncestorOpInRegion(*write);
    Operation *r = common->findAncestorOpInRegion(*read);
    if (!w || !r || w == r || !reaches(w, r))
      return false;
    return !dominators.properlyDominates(w, r) || !alwaysRuns(write, w);
  }

  /// Forward reachability within one region, ignoring loop back edges to
  /// the same block (a read before a write in one block is not reached).
  static bool reaches(Operation *from, Operation *to) {
    Block *a = from->getBlock(), *b = to->getBlock();
    if (a == b)
      return from->isBeforeInBlock(to);
    llvm::SmallPtrSet<Block *, 8> seen;
    SmallVector<Block *> work(a->getSuccessors().begin(),
                              a->getSuccessors().end());
    while (!work.empty()) {
      Block *block = work.pop_back_val();
      if (block == b)
        return true;
      if (seen.insert(block).second)
        work.append(block->getSuccessors().begin(),
                    block->getSuccessors().end());
    }
    return false;
  }

  /// Whether `op` runs whenever its ancestor `top` runs.
  bool alwaysRuns(Operation *op, Operation *top) {
    for (Operation *current = op; current != top;
         current = current->getParentOp()) {
      Operation *parent = current->getParentOp();
      Region *region = current->getParentRegion();
      if (isa<LoopLikeOpInterface>(parent))
        continue;
      if (auto branch = dyn_cast<RegionBranchOpInterface>(parent)) {
        SmallVector<RegionSuccessor> entries;
        branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
        if (entries.size() != 1 || entries.front().getSuccessor() != region)
          return false;
      }
      // Within its region, `current` must lie on every path to an exit.
      Block *block = current->getBlock();
      for (Block &other : *region)
        if (other.getNumSuccessors() == 0 &&
            !dominators.dominates(block, &other))
          return false;
    }
    return true;
  }

  std::string describePath(ArrayRef<BlockId> path) {
    std::vector<std::string> words;
    for (BlockId block : path)
      words.push_back(block == kNone ? "a block"
                                     : describeBlock(index.result(), block));
    std::string out;
    for (const std::string &word : words)
      out += (out.empty() ? "" : " -> ") + word;
    return out;
  }

  /// The path the message names as its key events: the allocation, the
  /// choices of `blocks` (UnwrittenReads' path) that avoid the write, and
  /// the read.
  std::vector<PathStep> pathSteps(Value allocation, ArrayRef<BlockId> blocks,
                                  const Access &read) {
    const AnalysisResult &result = index.result();
    std::vector<PathStep> steps;
    steps.push_back({PathStepKind::Allocate, index.rangeOf(allocation),
                     index.nameOf(allocation) + " is allocated here"});
    for (size_t i = 1; i < blocks.size(); ++i) {
      if (blocks[i] == kNone || blocks[i - 1] == kNone)
        continue;
      Block *from = index.block(blocks[i - 1]);
      Block *to = index.block(blocks[i]);
      Operation *parent = to->getParentOp();
      // Entering one of several regions (an scf.if's else) is a choice.
      if (to->isEntryBlock() && parent != function &&
          parent->getNumRegions() > 1 && !isa<LoopLikeOpInterface>(parent)) {
        std::string condition;
        if (auto ifOp = dyn_cast<scf::IfOp>(parent))
          condition = " (" + index.nameOf(ifOp.getCondition()) +
                      (to->getParent() == &ifOp.getThenRegion() ? " is true)"
                                                                : " is false)");
        steps.push_back(
            {PathStepKind::Branch, index.rangeOf(parent),
             "taking " + describeBlock(result, blocks[i]) + condition});
        continue;
      }
      // So is one successor of several.
      if (from->mightHaveTerminator() && from->getNumSuccessors() > 1 &&
          llvm::is_contained(from->getSuccessors(), to)) {
        std::string condition;
        auto cond = dyn_cast<cf::CondBranchOp>(from->getTerminator());
        if (cond && cond.getTrueDest() != cond.getFalseDest())
          condition = " (" + index.nameOf(cond.getCondition()) +
                      (to == cond.getTrueDest() ? " is true)" : " is false)");
        steps.push_back(
            {PathStepKind::Branch, index.rangeOf(from->getTerminator()),
             "branching to " + describeBlock(result, blocks[i]) + condition});
      }
    }
    steps.push_back(
        {PathStepKind::Read, index.rangeOf(read.op),
         "this read of " + index.nameOf(read.value) + " sees it unwritten"});
    return steps;
  }

  void report(const Access &write, ArrayRef<Access> reads,
              const UnwrittenReads &unwritten, Value allocation) {
    AnalysisResult &result = index.result();
    OpId w = index.idOf(write.op);
    if (w == kNone)
      return;
    std::string name = index.nameOf(write.value);
    std::vector<std::string> readers;
    std::string firstPath;
    Finding finding;
    for (const Access &read : reads) {
      OpId r = index.idOf(read.op);
      if (r == kNone)
        continue;
      std::string where = read.op->getName().getStringRef().str() + " in " +
                          describeBlock(result, result.ops[r].block);
      readers.push_back(where);
      std::string path = describePath(unwritten.lookup(read.op));
      if (firstPath.empty()) {
        firstPath = path;
        finding.path = pathSteps(allocation, unwritten.lookup(read.op), read);
      }
      finding.related.push_back(
          {result.ops[r].nameRange, "this read of " + index.nameOf(read.value) +
                                        " sees it unwritten on " + path});
    }
    finding.code = FindingCode::BL401;
    finding.severity = Severity::Warning;
    finding.range = result.ops[w].nameRange;
    finding.message = "the write to " + name + " (" +
                      write.op->getName().getStringRef().str() + " in " +
                      describeBlock(result, result.ops[w].block) +
                      ") does not dominate its read by " + joinWords(readers) +
                      ", which sees " + name + " unwritten on " + firstPath +
                      ": all writes of a buffer must dominate all of its reads";
    result.findings.push_back(std::move(finding));
  }

  SourceIndex &index;
  Operation *function;
  BufferViewFlowAnalysis &aliases;
  DominanceInfo &dominators;
};
} // namespace

void classic::checkWritesDominateReads(SourceIndex &index, FunctionId fn,
                                       FunctionFacts &facts) {
  Operation *function = index.function(fn);
  InvariantCheck check(index, function, facts);
  function->walk([&](Operation *op) {
    if (op == function || budgetExhausted())
      return; // Past the budget: dropped with the function (Hoisting.cpp).
    for (Value result : op->getResults()) {
      if (!isa<BaseMemRefType>(result.getType()))
        continue;
      BufferKind kind = classifyBuffer(result);
      if (kind == BufferKind::HeapAlloc || kind == BufferKind::StackAlloc)
        check.check(result);
    }
  });
}

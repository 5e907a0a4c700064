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

/// The writes and the reads of an allocation's buffer through its aliases:
/// each op once per kind, with the alias it goes through (of several, the
/// first defined). Past kMaxAccesses, `overflow` and no list: the check
/// then collects them from the alias set itself.
struct Accesses {
  static constexpr size_t kMaxAccesses = 32;
  SmallVector<Access, 2> writes, reads;
  bool overflow = false;
};

class InvariantCheck {
public:
  InvariantCheck(SourceIndex &index, Operation *function, FunctionFacts &facts)
      : index(index), function(function), closure(facts.closure),
        dominators(facts.dominators),
        accessesOf(
            facts.closure,
            [this](Value alias, const void *) { return localAccesses(alias); },
            [this](Accesses &into, const Accesses &from) {
              joinAccesses(into, from);
            }) {}

  void check(Value allocation) {
    // Most allocations' aliases are only written or only read, and few
    // ops access each: the folded lists save resolving the set (on a chain
    // of selects, the sets of all allocations hold N^2/2 values).
    Accesses accesses = accessesOf.get(allocation);
    if (!accesses.overflow &&
        (accesses.writes.empty() || accesses.reads.empty()))
      return;
    std::optional<BufferViewFlowAnalysis::ValueSetT> group;
    if (accesses.overflow) {
      group = closure.resolve(allocation);
      accesses = Accesses();
      llvm::DenseMap<std::pair<Operation *, unsigned>, size_t> seen;
      auto note = [&](SmallVector<Access, 2> &list, unsigned kind,
                      Operation *user, Value value) {
        auto [it, inserted] = seen.try_emplace({user, kind}, list.size());
        if (inserted)
          list.push_back({user, value});
        else if (definedBefore(value, list[it->second].value))
          list[it->second].value = value;
      };
      for (Value value : *group)
        for (Operation *user : value.getUsers()) {
          auto effects = dyn_cast<MemoryEffectOpInterface>(user);
          if (!effects)
            continue;
          if (effects.getEffectOnValue<MemoryEffects::Write>(value))
            note(accesses.writes, 1, user, value);
          if (effects.getEffectOnValue<MemoryEffects::Read>(value))
            note(accesses.reads, 0, user, value);
        }
    }
    SmallVector<Access> writes(accesses.writes.begin(), accesses.writes.end());
    SmallVector<Access> reads(accesses.reads.begin(), accesses.reads.end());
    std::optional<UnwrittenReads> unwritten;
    auto byPosition = [&](const Access &a, const Access &b) {
      return index.idOf(a.op) < index.idOf(b.op);
    };
    llvm::sort(writes, byPosition);
    llvm::sort(reads, byPosition);
    for (const Access &write : writes) {
      SmallVector<Access> offended;
      for (const Access &read : reads)
        if (read.op != write.op && violates(write.op, read.op)) {
          if (!unwritten) {
            if (!group)
              group = closure.resolve(allocation);
            unwritten = findUnwrittenReads(index, function, allocation, *group);
          }
          if (unwritten->count(read.op))
            offended.push_back(read);
        }
      if (!offended.empty())
        report(write, offended, *unwritten, allocation);
    }
  }

private:
  Accesses localAccesses(Value alias) {
    Accesses out;
    for (Operation *user : alias.getUsers()) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      if (!effects)
        continue;
      Accesses one;
      if (effects.getEffectOnValue<MemoryEffects::Write>(alias))
        one.writes.push_back({user, alias});
      if (effects.getEffectOnValue<MemoryEffects::Read>(alias))
        one.reads.push_back({user, alias});
      joinAccesses(out, one);
    }
    return out;
  }

  /// Adds `from`'s accesses to `into`'s: an op already there keeps the
  /// alias defined first (a value's place in the document, not its
  /// pointer, so the wording is the same from run to run).
  /// Whether `a` comes before `b` in the document (a value the index does
  /// not know, last).
  bool definedBefore(Value a, Value b) const {
    return uint32_t(index.idOf(a)) < uint32_t(index.idOf(b));
  }

  void joinAccesses(Accesses &into, const Accesses &from) {
    if (into.overflow)
      return;
    if (from.overflow) {
      into = from;
      return;
    }
    auto add = [&](SmallVector<Access, 2> &list, const Access &access) {
      for (Access &known : list)
        if (known.op == access.op) {
          if (definedBefore(access.value, known.value))
            known.value = access.value;
          return;
        }
      list.push_back(access);
    };
    for (const Access &access : from.writes)
      add(into.writes, access);
    for (const Access &access : from.reads)
      add(into.reads, access);
    if (into.writes.size() + into.reads.size() > Accesses::kMaxAccesses) {
      into = Accesses();
      into.overflow = true;
    }
  }

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
        // The blocks of that path, for Show path and `graph --finding`.
        for (BlockId block : unwritten.lookup(read.op))
          if (block != kNone)
            finding.pathBlocks.push_back(block);
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
  AliasClosure &closure;
  DominanceInfo &dominators;
  AliasFold<Accesses> accessesOf;
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

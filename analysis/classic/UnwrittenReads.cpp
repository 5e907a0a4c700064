//===- UnwrittenReads.cpp - Reads that can see a buffer before any write --===//
//
// BL401's path condition. A write that does not dominate a read is harmless
// when the read can see the buffer only on paths that went through a write:
// the classic `condBranch` (the allocation and its write in one branch, the
// read of the merged block argument after it) and One-Shot Bufferize's
// `scf.if` output (a buffer written in the branch that yields it, or in
// every branch). So the search follows the function's paths from its entry,
// carrying the set of values that hold the buffer while it is still
// unwritten on that path: the allocation puts its result there, views and
// block arguments / region results it flows into join it, and any write to
// the buffer (through any alias) empties it. A read of a value of the set is
// a read of the unwritten buffer, and the blocks walked to it name the path.
//
// Loops: a loop whose body writes the buffer counts as writing it (the
// bufferization invariant allows filling a buffer in a loop); bodies are
// walked once. Ops with regions but no RegionBranchOpInterface run their
// nested ops once, in order. An op with unknown effects on the buffer counts
// as a write (it may initialise it), never as a read: a report needs a read
// that is known to be one.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <set>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
/// Values holding the unwritten buffer on one path, sorted by pointer so
/// that equal sets compare equal; and the blocks the path entered.
struct Point {
  SmallVector<Value, 4> holding;
  std::vector<BlockId> path;

  bool holds(Value value) const { return llvm::is_contained(holding, value); }
  void add(Value value) {
    if (!holds(value)) {
      holding.push_back(value);
      llvm::sort(holding, [](Value a, Value b) {
        return a.getAsOpaquePointer() < b.getAsOpaquePointer();
      });
    }
  }
};

using Exit = std::pair<Operation *, Point>;

class Search {
public:
  Search(SourceIndex &index, Value allocation,
         const BufferViewFlowAnalysis::ValueSetT &group)
      : index(index), allocation(allocation), group(group) {}

  UnwrittenReads run(Operation *function) {
    Region &body = function->getRegion(0);
    if (body.empty())
      return UnwrittenReads();
    Point start;
    start.path.push_back(index.idOf(&body.front()));
    SmallVector<Exit> exits;
    walk(&body.front(), body.front().begin(), start, exits);
    if (abandoned)
      return UnwrittenReads();
    return std::move(found);
  }

private:
  /// Past this many (op, state) visits the search gives up and BL401 says
  /// nothing about the allocation: precision before recall.
  static constexpr unsigned kBudget = 20000;

  bool inGroup(Value value) const { return group.contains(value); }

  /// Whether `op` itself (not its regions) writes the buffer or may, having
  /// unknown effects on it.
  bool writes(Operation *op) const {
    bool touches =
        llvm::any_of(op->getOperands(), [&](Value v) { return inGroup(v); });
    if (!touches)
      return false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return !isa<RegionBranchOpInterface, BranchOpInterface,
                  RegionBranchTerminatorOpInterface>(op) &&
             !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    for (Value v : op->getOperands())
      if (inGroup(v) && effects.getEffectOnValue<MemoryEffects::Write>(v))
        return true;
    return false;
  }

  bool writesInside(Operation *op) const {
    return op
        ->walk([&](Operation *nested) {
          return nested != op && writes(nested) ? WalkResult::interrupt()
                                                : WalkResult::advance();
        })
        .wasInterrupted();
  }

  /// The effects of one op without regions of their own to walk: reads,
  /// writes, the allocation, and aliases it creates.
  void step(Operation *op, Point &p) {
    if (!p.holding.empty())
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
        for (Value v : op->getOperands())
          if (p.holds(v) && effects.getEffectOnValue<MemoryEffects::Read>(v))
            found.try_emplace(op, p.path);
    if (writes(op))
      p.holding.clear();
    if (op == allocation.getDefiningOp()) {
      p.holding.clear();
      p.add(allocation);
      return;
    }
    // Views, casts, selects: results of the group fed by a held value.
    if (llvm::any_of(op->getOperands(), [&](Value v) { return p.holds(v); }))
      for (Value result : op->getResults())
        if (inGroup(result))
          p.add(result);
  }

  void walk(Block *block, Block::iterator it, Point p,
            SmallVectorImpl<Exit> &exits) {
    for (; it != block->end(); ++it) {
      Operation *op = &*it;
      if (abandoned || ++steps > kBudget) {
        abandoned = true;
        return;
      }
      if (!visited.insert(keyOf(op, p)).second)
        return;
      if (auto branch = dyn_cast<RegionBranchOpInterface>(op)) {
        step(op, p);
        for (Point &after : through(branch, p))
          walk(block, std::next(it), after, exits);
        return;
      }
      if (op->getNumRegions() != 0 && !op->hasTrait<OpTrait::IsTerminator>()) {
        // No region semantics known: its nested ops run once, in order,
        // after the op's own effects on its operands (linalg.generic's
        // ins/outs).
        step(op, p);
        op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
          if (nested != op)
            step(nested, p);
        });
        continue;
      }
      step(op, p);
      if (!op->hasTrait<OpTrait::IsTerminator>())
        continue;
      if (auto br = dyn_cast<BranchOpInterface>(op)) {
        for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
          Block *successor = op->getSuccessor(i);
          SuccessorOperands operands = br.getSuccessorOperands(i);
          Point next = p;
          unsigned produced = operands.getProducedOperandCount();
          OperandRange forwarded = operands.getForwardedOperands();
          for (auto [k, v] : llvm::enumerate(forwarded))
            if (p.holds(v) && produced + k < successor->getNumArguments())
              next.add(successor->getArgument(produced + k));
          next.path.push_back(index.idOf(successor));
          walk(successor, successor->begin(), next, exits);
        }
        return;
      }
      exits.push_back({op, p});
      return;
    }
  }

  /// The points after a region op, one per way out of it.
  SmallVector<Point> through(RegionBranchOpInterface branch, const Point &p) {
    SmallVector<Point> after;
    SmallVector<RegionSuccessor> entries;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
    for (const RegionSuccessor &entry : entries)
      enter(branch, entry, branch.getEntrySuccessorOperands(entry), p, after);
    if (isa<LoopLikeOpInterface>(branch.getOperation()) && writesInside(branch))
      for (Point &q : after)
        q.holding.clear();
    return after;
  }

  void enter(RegionBranchOpInterface branch, const RegionSuccessor &successor,
             ValueRange operands, const Point &p,
             SmallVectorImpl<Point> &after) {
    Point next = p;
    ValueRange inputs = successor.getSuccessorInputs();
    for (auto [operand, input] : llvm::zip(operands, inputs))
      if (p.holds(operand))
        next.add(input);
    if (successor.isParent()) {
      after.push_back(std::move(next));
      return;
    }
    Region *region = successor.getSuccessor();
    if (region->empty() || !enteredRegions.insert(keyOf(region, next)).second)
      return;
    next.path.push_back(index.idOf(&region->front()));
    SmallVector<Exit> exits;
    walk(&region->front(), region->front().begin(), next, exits);
    for (Exit &exit : exits) {
      auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(exit.first);
      if (!terminator)
        continue;
      SmallVector<Attribute> constants(terminator->getNumOperands());
      SmallVector<RegionSuccessor> successors;
      terminator.getSuccessorRegions(constants, successors);
      for (const RegionSuccessor &s : successors)
        enter(branch, s, terminator.getSuccessorOperands(s), exit.second,
              after);
    }
  }

  SourceIndex &index;
  Value allocation;
  const BufferViewFlowAnalysis::ValueSetT &group;
  UnwrittenReads found;
  using Key = std::vector<const void *>;
  static Key keyOf(const void *at, const Point &p) {
    Key key{at};
    for (Value v : p.holding)
      key.push_back(v.getAsOpaquePointer());
    return key;
  }
  std::set<Key> visited;
  std::set<Key> enteredRegions;
  unsigned steps = 0;
  bool abandoned = false;
};
} // namespace

UnwrittenReads
classic::findUnwrittenReads(SourceIndex &index, Operation *function,
                            Value allocation,
                            const BufferViewFlowAnalysis::ValueSetT &group) {
  return Search(index, allocation, group).run(function);
}

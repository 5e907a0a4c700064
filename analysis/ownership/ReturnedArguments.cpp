//===- ReturnedArguments.cpp - Which arguments a return can hand back -----===//
//
// See ReturnedArguments.h. A "world" fixes one alternative per choice point
// (a region op's results, a block's arguments, a select) and a value per i1
// atom; a world is evaluated from scratch and forked at the first choice it
// has not fixed yet, so values that come out of the same choice stay
// together: the buffer and the ownership flag an `scf.if` or `scf.for`
// yields as a pair, or the buffer and flag of one predecessor of a block.
// A choice point met again on the same world (a loop) makes the same
// choice; an evaluation deeper than kMaxDepth is "cannot tell", and so is
// anything not modelled: the caller then keeps may-alias.
//
//===----------------------------------------------------------------------===//

#include "analysis/ownership/ReturnedArguments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>

using namespace bufferlens;
using namespace mlir;

namespace {
constexpr int kMaxDepth = 24;
constexpr int kMaxWorlds = 512;

struct Origin {
  enum Kind { Argument, Fresh, Unknown } kind = Unknown;
  Value argument;
};

struct Flag {
  enum Kind { Const, Atom, Unknown } kind = Unknown;
  bool value = false;
  Value atom;
  bool negated = false;
};

Flag constFlag(bool value) {
  Flag flag;
  flag.kind = Flag::Const;
  flag.value = value;
  return flag;
}

struct World {
  std::map<const void *, unsigned> choices;
  std::map<const void *, bool> atoms;
};

/// One way into a choice point: the values it forwards and the i1
/// conditions it requires.
struct Alternative {
  SmallVector<std::pair<Value, bool>, 1> conditions;
  SmallVector<Value> values;
};

/// Evaluates values in one world. An evaluation that meets an unfixed
/// choice stops with `pendingKey` set; one that meets an inconsistent
/// condition stops with `infeasible` set.
class Evaluator {
public:
  explicit Evaluator(World &world) : world(world) {}

  const void *pendingKey = nullptr;
  unsigned pendingCount = 0;
  bool infeasible = false;

  bool stopped() const { return pendingKey || infeasible; }

  Origin origin(Value v, int depth) {
    if (depth > kMaxDepth || stopped())
      return {};
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *block = arg.getOwner();
      if (block->isEntryBlock() &&
          isa<FunctionOpInterface>(block->getParentOp()))
        return {Origin::Argument, v};
    }
    if (Operation *op = v.getDefiningOp()) {
      if (isa<memref::AllocOp, memref::AllocaOp, memref::ReallocOp,
              memref::GetGlobalOp, bufferization::CloneOp, CallOpInterface>(op))
        return {Origin::Fresh, {}};
      if (auto view = dyn_cast<ViewLikeOpInterface>(op))
        return origin(view.getViewSource(), depth + 1);
      if (isa<memref::CastOp, memref::ExtractStridedMetadataOp,
              memref::ReinterpretCastOp>(op))
        return origin(op->getOperand(0), depth + 1);
    }
    std::optional<Value> in = incoming(v, depth);
    if (!in || !*in)
      return {};
    CycleGuard guard(*this, v);
    if (guard.revisited())
      return {};
    hops.push_back({v, *in, chosenConditions});
    return origin(*in, depth + 1);
  }

  /// The hops origin() followed, from the returned value back.
  SmallVector<ReturnHop> hops;

  Flag flag(Value v, int depth) {
    if (depth > kMaxDepth || stopped())
      return {};
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *block = arg.getOwner();
      if (block->isEntryBlock() &&
          isa<FunctionOpInterface>(block->getParentOp()))
        return {Flag::Atom, false, v, false};
    }
    if (Operation *op = v.getDefiningOp()) {
      if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
        if (auto b = dyn_cast<BoolAttr>(constant.getValue()))
          return constFlag(b.getValue());
        if (auto i = dyn_cast<IntegerAttr>(constant.getValue()))
          return constFlag(!i.getValue().isZero());
        return {};
      }
      if (isa<arith::XOrIOp, arith::AndIOp, arith::OrIOp>(op)) {
        Flag a = flag(op->getOperand(0), depth + 1);
        Flag b = flag(op->getOperand(1), depth + 1);
        if (a.kind != Flag::Const)
          std::swap(a, b);
        if (a.kind != Flag::Const)
          return {};
        if (isa<arith::XOrIOp>(op)) {
          if (b.kind == Flag::Const)
            return constFlag(a.value != b.value);
          if (b.kind == Flag::Atom)
            return {Flag::Atom, false, b.atom, b.negated != a.value};
          return {};
        }
        bool isAnd = isa<arith::AndIOp>(op);
        if (a.value != isAnd) // false && x, true || x
          return constFlag(a.value);
        return b;
      }
      if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op))
        return retainedOwnership(dealloc, cast<OpResult>(v).getResultNumber(),
                                 depth);
      if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
        auto lhs = cmp.getLhs()
                       .getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>();
        auto rhs = cmp.getRhs()
                       .getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>();
        if (!lhs || !rhs ||
            (cmp.getPredicate() != arith::CmpIPredicate::eq &&
             cmp.getPredicate() != arith::CmpIPredicate::ne))
          return {};
        Origin a = origin(lhs.getSource(), depth + 1);
        Origin b = origin(rhs.getSource(), depth + 1);
        std::optional<bool> same;
        if (a.kind == Origin::Argument && b.kind == Origin::Argument &&
            a.argument == b.argument)
          same = true;
        else if ((a.kind == Origin::Argument && b.kind == Origin::Fresh) ||
                 (a.kind == Origin::Fresh && b.kind == Origin::Argument))
          same = false;
        if (!same)
          return {};
        bool eq = cmp.getPredicate() == arith::CmpIPredicate::eq;
        return constFlag(eq == *same);
      }
    }
    std::optional<Value> in = incoming(v, depth);
    if (!in || !*in)
      return {};
    CycleGuard guard(*this, v);
    if (guard.revisited())
      return {};
    return flag(*in, depth + 1);
  }

  /// Whether `cond` can be `expected` in this world; fixes atoms.
  bool require(Value cond, bool expected, int depth) {
    Flag f = flag(cond, depth);
    if (stopped())
      return false;
    if (f.kind == Flag::Const)
      return f.value == expected;
    if (f.kind == Flag::Atom) {
      bool value = expected != f.negated;
      auto [it, inserted] =
          world.atoms.try_emplace(f.atom.getAsOpaquePointer(), value);
      return inserted || it->second == value;
    }
    return true;
  }

private:
  /// Whether two buffers are the same: true for one argument twice, false
  /// for an argument and a fresh buffer, nullopt otherwise (two fresh
  /// buffers may be one allocation, two arguments may alias).
  static std::optional<bool> sameBuffer(const Origin &a, const Origin &b) {
    if (a.kind == Origin::Argument && b.kind == Origin::Argument &&
        a.argument == b.argument)
      return true;
    if ((a.kind == Origin::Argument && b.kind == Origin::Fresh) ||
        (a.kind == Origin::Fresh && b.kind == Origin::Argument))
      return false;
    return std::nullopt;
  }

  /// Result `index` of `bufferization.dealloc`: the ownership of retained
  /// value `index` after it, the disjunction over the freed memrefs of
  /// "its condition holds and it aliases the retained value"
  /// (BufferizationOps.td, DeallocOp). A memref that cannot be the retained
  /// buffer, or whose condition is false, adds nothing: a dealloc that
  /// frees nothing, or only fresh buffers, hands back false for an
  /// argument. One possibly-true term is that term; more are not decided.
  Flag retainedOwnership(bufferization::DeallocOp dealloc, unsigned index,
                         int depth) {
    Origin retained = origin(dealloc.getRetained()[index], depth + 1);
    if (stopped())
      return {};
    std::optional<Flag> only;
    for (auto [memref, condition] :
         llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())) {
      Origin freed = origin(memref, depth + 1);
      if (stopped())
        return {};
      std::optional<bool> same = sameBuffer(freed, retained);
      if (same == false)
        continue;
      Flag term = flag(condition, depth + 1);
      if (stopped())
        return {};
      if (term.kind == Flag::Const && !term.value)
        continue;
      if (!same || only)
        return {};
      only = term;
    }
    return only ? *only : constFlag(false);
  }

  /// Marks `v` as being followed back through a choice point. Meeting it
  /// again on the same world means a loop carries it around unchanged: its
  /// value is the one it entered with, which the world that takes the
  /// entry instead already covers, so this world adds nothing.
  class CycleGuard {
  public:
    CycleGuard(Evaluator &evaluator, Value v)
        : evaluator(evaluator), key(v.getAsOpaquePointer()),
          fresh(evaluator.following.insert(key).second) {
      if (!fresh && !evaluator.pendingKey)
        evaluator.infeasible = true;
    }
    ~CycleGuard() {
      if (fresh)
        evaluator.following.erase(key);
    }
    bool revisited() const { return !fresh; }

  private:
    Evaluator &evaluator;
    const void *key;
    bool fresh;
  };
  llvm::SmallPtrSet<const void *, 8> following;
  /// The conditions of the alternative incoming() chose last.
  SmallVector<std::pair<Value, bool>, 1> chosenConditions;

  /// The value `v` (a block argument, region result or select result)
  /// takes in this world: nullopt when stopped, a null Value when not a
  /// choice point or not known.
  std::optional<Value> incoming(Value v, int depth) {
    const void *key = nullptr;
    unsigned position = 0;
    SmallVector<Alternative> alternatives;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *block = arg.getOwner();
      key = block;
      if (!collectBlock(block, arg, position, alternatives))
        return Value();
    } else if (auto select = v.getDefiningOp<arith::SelectOp>()) {
      key = select.getOperation();
      alternatives.push_back(
          {{{select.getCondition(), true}}, {select.getTrueValue()}});
      alternatives.push_back(
          {{{select.getCondition(), false}}, {select.getFalseValue()}});
    } else if (auto branch = v.getDefiningOp<RegionBranchOpInterface>()) {
      key = branch.getOperation();
      position = cast<OpResult>(v).getResultNumber();
      collectResults(branch, alternatives);
    } else {
      return Value();
    }
    if (alternatives.empty())
      return Value();
    auto chosen = world.choices.find(key);
    if (chosen == world.choices.end()) {
      pendingKey = key;
      pendingCount = alternatives.size();
      return std::nullopt;
    }
    const Alternative &alternative = alternatives[chosen->second];
    for (auto [cond, expected] : alternative.conditions)
      if (!require(cond, expected, depth + 1)) {
        if (!pendingKey)
          infeasible = true;
        return std::nullopt;
      }
    chosenConditions = alternative.conditions;
    if (position >= alternative.values.size())
      return Value();
    return alternative.values[position];
  }

  /// A block's predecessors (CFG) or, for a region's entry block, the
  /// parent's entry operands and the region terminators that jump to it.
  bool collectBlock(Block *block, BlockArgument arg, unsigned &position,
                    SmallVectorImpl<Alternative> &out) {
    if (!block->isEntryBlock()) {
      position = arg.getArgNumber();
      for (Block *pred : block->getPredecessors()) {
        auto br = dyn_cast<BranchOpInterface>(pred->getTerminator());
        if (!br)
          return false;
        for (unsigned i = 0, e = br->getNumSuccessors(); i < e; ++i) {
          if (br->getSuccessor(i) != block)
            continue;
          SuccessorOperands operands = br.getSuccessorOperands(i);
          Alternative alternative;
          for (unsigned k = 0; k < block->getNumArguments(); ++k)
            alternative.values.push_back(operands[k]);
          if (auto cond = dyn_cast<cf::CondBranchOp>(br.getOperation()))
            if (cond.getTrueDest() != cond.getFalseDest())
              alternative.conditions.push_back({cond.getCondition(), i == 0});
          out.push_back(std::move(alternative));
        }
      }
      return true;
    }
    auto branch = dyn_cast<RegionBranchOpInterface>(block->getParentOp());
    if (!branch)
      return false;
    Region *region = block->getParent();
    auto addFrom = [&](const RegionSuccessor &successor, ValueRange forwarded) {
      if (successor.getSuccessor() != region)
        return;
      ValueRange inputs = successor.getSuccessorInputs();
      auto found = llvm::find(inputs, arg);
      if (found == inputs.end())
        return;
      position = found - inputs.begin();
      Alternative alternative;
      alternative.values.assign(forwarded.begin(), forwarded.end());
      out.push_back(std::move(alternative));
    };
    SmallVector<RegionSuccessor> entries;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
    for (const RegionSuccessor &entry : entries)
      addFrom(entry, branch.getEntrySuccessorOperands(entry));
    forEachTerminator(branch, [&](RegionBranchTerminatorOpInterface term,
                                  const RegionSuccessor &successor) {
      addFrom(successor, term.getSuccessorOperands(successor));
    });
    return true;
  }

  /// The ways out of a region op into its results: the parent's own entry
  /// (a loop that does not run) and the region terminators returning to it.
  void collectResults(RegionBranchOpInterface branch,
                      SmallVectorImpl<Alternative> &out) {
    SmallVector<RegionSuccessor> entries;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
    for (const RegionSuccessor &entry : entries)
      if (entry.isParent()) {
        Alternative alternative;
        OperandRange forwarded = branch.getEntrySuccessorOperands(entry);
        alternative.values.assign(forwarded.begin(), forwarded.end());
        out.push_back(std::move(alternative));
      }
    auto ifOp = dyn_cast<scf::IfOp>(branch.getOperation());
    forEachTerminator(branch, [&](RegionBranchTerminatorOpInterface term,
                                  const RegionSuccessor &successor) {
      if (!successor.isParent())
        return;
      Alternative alternative;
      OperandRange forwarded = term.getSuccessorOperands(successor);
      alternative.values.assign(forwarded.begin(), forwarded.end());
      if (ifOp)
        alternative.conditions.push_back(
            {ifOp.getCondition(),
             term->getParentRegion() == &ifOp.getThenRegion()});
      out.push_back(std::move(alternative));
    });
  }

  template <typename Fn>
  static void forEachTerminator(RegionBranchOpInterface branch, Fn fn) {
    for (Region &region : branch->getRegions())
      for (Block &block : region) {
        if (block.empty())
          continue;
        auto term =
            dyn_cast<RegionBranchTerminatorOpInterface>(block.getTerminator());
        if (!term)
          continue;
        SmallVector<Attribute> constants(term->getNumOperands());
        SmallVector<RegionSuccessor> successors;
        term.getSuccessorRegions(constants, successors);
        for (const RegionSuccessor &successor : successors)
          fn(term, successor);
      }
  }

  World &world;
};
} // namespace

std::optional<SmallVector<Value>> bufferlens::argumentsReturnedOnSomePath(
    Operation *ret, unsigned operand, bool dynamicOwnership,
    SmallVectorImpl<std::pair<Value, SmallVector<ReturnHop>>> *paths) {
  // The flags follow all the results, one per memref result in order
  // (`updateFunctionSignature` in OwnershipBasedBufferDeallocation.cpp):
  // the flag of `operand` is its rank among the memref operands past them.
  unsigned memrefs = 0, rank = 0;
  for (OpOperand &use : ret->getOpOperands())
    if (isa<BaseMemRefType>(use.get().getType())) {
      rank += use.getOperandNumber() < operand;
      ++memrefs;
    }
  unsigned count = ret->getNumOperands();
  bool flagged =
      dynamicOwnership && memrefs > 0 && count >= 2 * memrefs &&
      llvm::all_of(ret->getOperands().take_back(memrefs),
                   [](Value v) { return v.getType().isSignlessInteger(1); });
  llvm::SetVector<Value> arguments;
  SmallVector<World> work(1);
  int worlds = 0;
  while (!work.empty()) {
    if (++worlds > kMaxWorlds)
      return std::nullopt;
    World world = work.pop_back_val();
    Evaluator evaluator(world);
    Origin origin = evaluator.origin(ret->getOperand(operand), 0);
    Flag flag;
    if (!evaluator.stopped() && origin.kind == Origin::Argument && flagged)
      flag = evaluator.flag(ret->getOperand(count - memrefs + rank), 0);
    if (evaluator.infeasible)
      continue;
    if (evaluator.pendingKey) {
      for (unsigned k = 0; k < evaluator.pendingCount; ++k) {
        World next = world;
        next.choices[evaluator.pendingKey] = k;
        work.push_back(std::move(next));
      }
      continue;
    }
    if (origin.kind == Origin::Unknown)
      return std::nullopt;
    if (origin.kind == Origin::Fresh)
      continue;
    // An i1 the path already decided (the scf.if or branch that chose the
    // argument tests the flag itself) is known on it.
    if (flag.kind == Flag::Atom) {
      auto fixed = world.atoms.find(flag.atom.getAsOpaquePointer());
      if (fixed != world.atoms.end())
        flag = constFlag(fixed->second != flag.negated);
    }
    if (flagged && flag.kind == Flag::Const && !flag.value)
      continue;
    if (arguments.insert(origin.argument) && paths)
      paths->push_back({origin.argument, std::move(evaluator.hops)});
  }
  return SmallVector<Value>(arguments.begin(), arguments.end());
}

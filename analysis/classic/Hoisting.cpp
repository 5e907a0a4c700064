//===- Hoisting.cpp - BL302: how far up an allocation could move ----------===//
//
// BufferDeallocationInternals.md "Movement and Placement of Allocations" (the
// BufferHoisting and BufferLoopHoisting passes): an allocation moves up the
// dominator tree to the nearest common dominator of itself and all its aliases,
// but never above the block defining one of its operands (the dynamic sizes of
// condBranchDynamicType). It leaves a non-loop region op (scf.if) when its
// operands are defined outside it, and a loop when, in addition, all of its
// aliases stay inside the loop.
//
// An operand computed in the allocation's own block by pure ops (no memory
// effects, speculatable, no regions) from values defined further out does
// not pin it: those ops move with it, as upstream's
// `--loop-invariant-code-motion` followed by `--buffer-loop-hoisting` would
// move them. The hint's fix is that move as text: the lines of the operands'
// ops and of the allocation, in their order, go in front of the op of the
// target block that holds the allocation (before the target's terminator
// when the move is up the dominator tree). It is offered only when every
// moved op has its lines to itself, no enclosing op it leaves runs its
// regions in parallel or elsewhere (only scf and affine's sequential control
// flow), and nothing in a loop it leaves frees the buffer or passes it to a
// call (which could keep it).
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>
#include <set>
#include <unordered_map>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
struct HoistResult {
  Block *target = nullptr;
  bool leavesLoop = false;
  Value blockedBy;
  SmallVector<Operation *> leftOps;
  /// The pure ops of the allocation's block computing its operands, in
  /// program order: they move with it.
  SmallVector<Operation *> movedWith;
  /// An op of the allocation's aliases that frees it inside a loop it
  /// leaves (the repaired-frees mode): moving the allocation out would
  /// free it once per iteration.
  bool freedInLeftLoop = false;
  /// An alias is passed to a call inside a loop it leaves: the callee may
  /// keep it, and would then see one buffer where it saw one per iteration.
  bool calledInLeftLoop = false;
};

/// The pure ops in `alloc`'s block that compute its operands (`chain`, in
/// program order), and the values they and `alloc` start from (`leaves`).
static void operandChain(Operation *alloc, SmallVectorImpl<Operation *> &chain,
                         SmallVectorImpl<Value> &leaves) {
  Block *block = alloc->getBlock();
  llvm::SmallPtrSet<Operation *, 8> inChain;
  llvm::SmallPtrSet<Value, 8> seen;
  SmallVector<Value> work(alloc->getOperands().begin(),
                          alloc->getOperands().end());
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    Operation *def = value.getDefiningOp();
    if (def && def->getBlock() == block && def->getNumRegions() == 0 &&
        isPure(def)) {
      if (inChain.insert(def).second)
        work.append(def->getOperands().begin(), def->getOperands().end());
      continue;
    }
    leaves.push_back(value);
  }
  chain.assign(inChain.begin(), inChain.end());
  llvm::sort(chain,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
}

/// The nearest common dominator, in one region, of some blocks; `any` is
/// false for none.
struct CommonDominator {
  bool any = false;
  Block *block = nullptr;
};

/// What an allocation's aliases, together, say of its ops and scopes.
struct AliasUses {
  /// The innermost op holding every alias (its block's parent op is in
  /// it), or null when none does.
  Operation *scope = nullptr;
  bool any = false; // Whether `scope` folds at least one alias.
  /// Whether an op frees an alias, or a call takes one.
  bool freed = false;
  bool called = false;
};

/// The innermost op that holds both `a` and `b` (an op holds itself).
static Operation *commonAncestor(Operation *a, Operation *b) {
  if (!a || !b)
    return nullptr;
  auto depth = [](Operation *op) {
    unsigned d = 0;
    for (; op; op = op->getParentOp())
      ++d;
    return d;
  };
  unsigned da = depth(a), db = depth(b);
  for (; da > db; --da)
    a = a->getParentOp();
  for (; db > da; --db)
    b = b->getParentOp();
  while (a != b) {
    a = a->getParentOp();
    b = b->getParentOp();
  }
  return a;
}

class Hoister {
public:
  explicit Hoister(FunctionFacts &facts)
      : dominators(facts.dominators),
        dominatorOf(
            facts.closure,
            [this](Value alias, const void *region) {
              return localDominator(alias, (Region *)region);
            },
            [this](CommonDominator &into, const CommonDominator &from) {
              joinDominators(into, from);
            }),
        usesOf(facts.closure, localUses, joinUses) {}

  HoistResult hoist(Operation *alloc) {
    HoistResult out;
    Value result = alloc->getResult(0);
    AliasUses uses = usesOf.get(result);
    Block *block = alloc->getBlock();
    SmallVector<Value> leaves;
    operandChain(alloc, out.movedWith, leaves);
    bool pinned = false;
    while (!pinned) {
      Block *upper = commonDominator(block->getParent(), result, alloc);
      // Walk up the dominator tree of this region, but not above the
      // common dominator of the aliases nor above an operand's block.
      while (block != upper && !(pinned = bool(definedIn(leaves, block)))) {
        DominanceInfoNode *node = dominators.getNode(block);
        if (!node || !node->getIDom())
          break;
        block = node->getIDom()->getBlock();
      }
      pinned = pinned || definedIn(leaves, block);
      if (pinned || block != &block->getParent()->front())
        break;
      // Leave the region op holding this region, if allowed.
      Operation *parent = block->getParentOp();
      if (!parent || isa<FunctionOpInterface>(parent))
        break;
      if (llvm::any_of(leaves, [&](Value v) {
            return parent->isAncestor(v.getParentBlock()->getParentOp());
          }))
        break;
      bool loop = isa<LoopLikeOpInterface>(parent);
      // Every alias is in `parent` when it holds their common scope.
      if (loop && !(uses.scope && parent->isAncestor(uses.scope)))
        break;
      // Then so are their uses (a value is used only in the region that
      // defines it): a free or a call of one is in the loop.
      out.leavesLoop |= loop;
      out.freedInLeftLoop |= loop && uses.freed;
      out.calledInLeftLoop |= loop && uses.called;
      out.leftOps.push_back(parent);
      block = parent->getBlock();
    }
    out.target = block;
    if (block == alloc->getBlock()) {
      out.blockedBy = definedIn(leaves, block);
      out.movedWith.clear();
    }
    return out;
  }

private:
  /// A value `alloc` depends on that is defined in `block` (which pins it
  /// there).
  static Value definedIn(ArrayRef<Value> leaves, Block *block) {
    for (Value operand : leaves)
      if (operand.getParentBlock() == block)
        return operand;
    return {};
  }

  static AliasUses localUses(Value alias, const void *) {
    AliasUses uses;
    uses.scope = alias.getParentBlock()->getParentOp();
    uses.any = true;
    for (Operation *user : alias.getUsers()) {
      uses.called |= isa<CallOpInterface>(user);
      auto effects = dyn_cast<MemoryEffectOpInterface>(user);
      uses.freed |=
          effects && effects.getEffectOnValue<MemoryEffects::Free>(alias);
    }
    return uses;
  }

  static void joinUses(AliasUses &into, const AliasUses &from) {
    if (!from.any)
      return;
    into.scope = into.any ? commonAncestor(into.scope, from.scope) : from.scope;
    into.any = true;
    into.freed |= from.freed;
    into.called |= from.called;
  }

  /// The blocks of `region` holding the definition and the uses of
  /// `alias`, joined; a block no path reaches has no place in the dominator
  /// tree (asking for its common dominator crashes), and an alias in one
  /// does not hold the allocation down.
  CommonDominator localDominator(Value alias, Region *region) {
    CommonDominator common;
    auto add = [&](Block *b) {
      if (Block *inRegion = region->findAncestorBlockInRegion(*b))
        if (dominators.isReachableFromEntry(inRegion))
          joinDominators(common, {true, inRegion});
    };
    add(alias.getParentBlock());
    for (Operation *user : alias.getUsers())
      add(user->getBlock());
    return common;
  }

  void joinDominators(CommonDominator &into, const CommonDominator &from) {
    if (!from.any)
      return;
    into.block =
        into.any ? dominators.findNearestCommonDominator(into.block, from.block)
                 : from.block;
    into.any = true;
  }

  /// The nearest common dominator, in `region`, of the blocks defining and
  /// using the allocation's aliases (`result`'s).
  Block *commonDominator(Region *region, Value result, Operation *alloc) {
    Block *common = region->findAncestorBlockInRegion(*alloc->getBlock());
    // Nothing moves out of a block no path reaches.
    if (!common || !dominators.isReachableFromEntry(common))
      return common;
    CommonDominator aliases = dominatorOf.get(result, region);
    return aliases.any
               ? dominators.findNearestCommonDominator(common, aliases.block)
               : common;
  }

  DominanceInfo &dominators;
  AliasFold<CommonDominator> dominatorOf;
  AliasFold<AliasUses> usesOf;
};
} // namespace

// "scf.if and scf.for", or past kListedOps a count: the message stays short
// however deep the nest ("out of 9,999 enclosing scf.if").
static std::string describeLeftOps(ArrayRef<Operation *> ops) {
  constexpr size_t kListedOps = 3;
  std::vector<std::string> names;
  for (Operation *op : ops)
    names.push_back(op->getName().getStringRef().str());
  if (names.size() <= kListedOps)
    return joinWords(names);
  auto count = [](size_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
      if (i && (digits.size() - i) % 3 == 0)
        out += ',';
      out += digits[i];
    }
    return out;
  };
  // Each name once, innermost first, with how often it encloses.
  std::vector<std::pair<std::string, size_t>> kinds;
  for (const std::string &name : names) {
    auto it =
        llvm::find_if(kinds, [&](const auto &k) { return k.first == name; });
    if (it == kinds.end())
      kinds.push_back({name, 1});
    else
      ++it->second;
  }
  std::string out = count(names.size()) + " enclosing ";
  if (kinds.size() == 1)
    return out + kinds.front().first;
  std::vector<std::string> parts;
  for (size_t i = 0; i < kinds.size() && i < kListedOps; ++i)
    parts.push_back(count(kinds[i].second) + " " + kinds[i].first);
  size_t others = 0;
  for (size_t i = kListedOps; i < kinds.size(); ++i)
    others += kinds[i].second;
  if (others)
    parts.push_back(count(others) + " other");
  return out + "operations (" + joinWords(parts) + ")";
}

/// Ops whose regions run in sequence, in the same place as the op itself:
/// an allocation leaving them is still made by the same thread, before the
/// same code. (Out of scf.parallel or scf.forall it would be shared by
/// iterations running at once; out of gpu.launch it would move to the host.)
static bool sequential(Operation *op) {
  return isa<scf::IfOp, scf::ForOp, scf::WhileOp, scf::ExecuteRegionOp,
             scf::IndexSwitchOp, affine::AffineForOp, affine::AffineIfOp>(op);
}

namespace {
/// The values of one function by their spelling, each list in id order:
/// what the renaming of moved values reads of every value of the
/// function, gathered once per function. Gathered again for each
/// allocation with a fix, it made BL302 quadratic (20,000 `scf.if` in
/// sequence, each allocating in both branches, took minutes).
class Spellings {
public:
  Spellings(const AnalysisResult &result, FunctionId function)
      : function(function) {
    const FunctionEntry &entry = result.functions[function];
    for (ValueId id = entry.valueBegin; id < entry.valueEnd; ++id)
      if (result.values[id].function == function)
        byName[result.values[id].name].push_back(id);
  }

  FunctionId of() const { return function; }
  bool taken(const std::string &name) const { return byName.count(name); }
  /// The values of the function spelt `name`, in id order.
  llvm::ArrayRef<ValueId> spelt(const std::string &name) const {
    auto it = byName.find(name);
    if (it == byName.end())
      return {};
    return it->second;
  }

private:
  FunctionId function;
  std::unordered_map<std::string, std::vector<ValueId>> byName;
};
} // namespace

/// The new spellings of the values the fix moves whose names another value
/// of the function spells the same way (sibling regions may each define
/// `%alloc`; moved out of its region, one would redefine the other's
/// name, which MLIR's parser rejects): `%NAME_hoistedK` for the K-th value
/// spelt `%NAME` in the function. Nullopt when such a value is one
/// result of several (`%0#1`), which cannot be renamed alone. `spellings`
/// holds the function's, made on the first call.
static std::optional<std::map<ValueId, std::string>>
namesForMovedValues(SourceIndex &index, ArrayRef<Operation *> moved,
                    std::optional<Spellings> &spellings) {
  const AnalysisResult &result = index.result();
  std::map<ValueId, std::string> renamed;
  std::set<std::string> taken;
  FunctionId function = kNone;
  for (Operation *op : moved)
    for (Value v : op->getResults()) {
      ValueId id = index.idOf(v);
      if (id == kNone)
        continue;
      function = result.values[id].function;
    }
  if (function == kNone)
    return renamed;
  if (!spellings || spellings->of() != function)
    spellings.emplace(result, function);
  for (Operation *op : moved)
    for (Value v : op->getResults()) {
      ValueId id = index.idOf(v);
      if (id == kNone)
        continue;
      const std::string &name = result.values[id].name;
      llvm::ArrayRef<ValueId> alike = spellings->spelt(name);
      if (alike.size() < 2)
        continue;
      if (name.find('#') != std::string::npos)
        return std::nullopt;
      // Numbered by the value's place among those spelt alike, so that the
      // fixes of two of them, applied together, still differ.
      int ordinal = 1 + (llvm::lower_bound(alike, id) - alike.begin());
      std::string fresh = name + "_hoisted" + std::to_string(ordinal);
      while (spellings->taken(fresh) || taken.count(fresh))
        fresh += "_";
      taken.insert(fresh);
      renamed[id] = fresh;
    }
  return renamed;
}

/// The edits of BL302's fix (see the file comment), or nullopt when the
/// move is not safe or the text does not allow it.
static std::optional<std::vector<TextEdit>>
hoistEdits(SourceIndex &index, Operation *alloc, const HoistResult &hoist,
           std::optional<Spellings> &spellings) {
  if (hoist.freedInLeftLoop || hoist.calledInLeftLoop ||
      !llvm::all_of(hoist.leftOps, sequential))
    return std::nullopt;
  const AnalysisResult &result = index.result();
  std::string_view text = result.text();
  Operation *anchor = hoist.target->findAncestorOpInBlock(*alloc);
  if (!anchor) {
    if (hoist.target->empty() ||
        !hoist.target->back().hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    anchor = &hoist.target->back();
  }
  OpId anchorId = index.idOf(anchor);
  if (anchorId == kNone)
    return std::nullopt;
  uint32_t at = result.ops[anchorId].fullRange.begin;
  SmallVector<Operation *> moved(hoist.movedWith.begin(),
                                 hoist.movedWith.end());
  moved.push_back(alloc);
  std::optional<std::map<ValueId, std::string>> renamed =
      namesForMovedValues(index, moved, spellings);
  if (!renamed)
    return std::nullopt;
  // Each use of a renamed value, as a replacement of its spelling.
  std::vector<TextEdit> uses;
  for (const auto &[value, name] : *renamed) {
    const ValueEntry &entry = result.values[value];
    uses.push_back({entry.definition, name});
    for (SourceRange use : entry.uses)
      uses.push_back({use, name});
  }
  llvm::sort(uses, [](const TextEdit &a, const TextEdit &b) {
    return a.range < b.range;
  });
  std::vector<TextEdit> edits;
  std::vector<SourceRange> movedLines;
  TextEdit insertion{{at, at}, ""};
  for (Operation *op : moved) {
    OpId id = index.idOf(op);
    if (id == kNone)
      return std::nullopt;
    SourceRange full = result.ops[id].fullRange;
    std::optional<SourceRange> lines = wholeLines(text, full);
    if (!lines)
      return std::nullopt;
    // The op and a comment after it on its line, without the line's end,
    // with the renamed values spelt anew.
    uint32_t end = lines->end;
    while (end > full.end && (text[end - 1] == '\n' || text[end - 1] == '\r'))
      --end;
    std::string opText;
    uint32_t from = full.begin;
    for (const TextEdit &use : uses)
      if (use.range.begin >= full.begin && use.range.end <= end) {
        opText.append(text.substr(from, use.range.begin - from));
        opText += use.newText;
        from = use.range.end;
      }
    opText.append(text.substr(from, end - from));
    TextEdit line = insertLineBefore(text, at, opText);
    insertion.range = line.range;
    insertion.newText += line.newText;
    edits.push_back({*lines, ""});
    movedLines.push_back(*lines);
  }
  // The uses left where they are name the new spelling.
  for (TextEdit &use : uses)
    if (llvm::none_of(movedLines, [&](SourceRange lines) {
          return lines.begin <= use.range.begin && use.range.end <= lines.end;
        }))
      edits.push_back(std::move(use));
  edits.push_back(std::move(insertion));
  llvm::sort(edits, [](const TextEdit &a, const TextEdit &b) {
    return a.range < b.range;
  });
  return edits;
}

void classic::computeHoisting(SourceIndex &index, FunctionId fn,
                              FunctionFacts &facts, ClassicPlan &plan) {
  AnalysisResult &result = index.result();
  Operation *function = index.function(fn);
  Hoister hoister(facts);
  std::optional<Spellings> spellings;
  function->walk([&](Operation *op) {
    // Each allocation asks for its aliases, as many as the function has
    // values on a chain of selects: past the function's budget, what is
    // left is dropped (FunctionBudget.h).
    if (budgetExhausted())
      return;
    if (op == function || op->getNumResults() != 1 ||
        !isa<BaseMemRefType>(op->getResult(0).getType()) ||
        classifyBuffer(op->getResult(0)) != BufferKind::HeapAlloc)
      return;
    ValueId value = index.idOf(op->getResult(0));
    OpId opId = index.idOf(op);
    if (value == kNone || opId == kNone)
      return;
    HoistResult hoist = hoister.hoist(op);
    ClassicHoist entry;
    entry.allocation = value;
    entry.target = index.idOf(hoist.target);
    entry.leavesLoop = hoist.leavesLoop;
    entry.blockedBy = hoist.blockedBy ? index.idOf(hoist.blockedBy) : kNone;
    plan.hoists.push_back(entry);
    if (hoist.target == op->getBlock() || entry.target == kNone)
      return;
    std::string where = describeBlock(result, entry.target);
    std::string message = result.values[value].name + " can be hoisted ";
    if (hoist.leftOps.empty()) {
      message += "from " + describeBlock(result, result.ops[opId].block) +
                 " to " + where;
    } else {
      message += "out of " + describeLeftOps(hoist.leftOps) + " into " + where;
    }
    std::vector<std::string> with;
    for (Operation *def : hoist.movedWith)
      with.push_back(index.nameOf(def->getResult(0)));
    if (!with.empty())
      message += ", together with the ops defining " + joinWords(with);
    message += ": it dominates all of its aliases' uses from there";
    Finding finding =
        makeFinding(FindingCode::BL302, result.ops[opId].nameRange, message);
    finding.severity = Severity::Hint;
    if (auto edits = hoistEdits(index, op, hoist, spellings))
      finding.fixes.push_back(
          {"Hoist " + result.values[value].name + " into " + where +
               (with.empty() ? "" : ", with " + joinWords(with)),
           std::move(*edits)});
    result.findings.push_back(std::move(finding));
  });
}

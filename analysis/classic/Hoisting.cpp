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
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {
struct HoistResult {
  Block *target = nullptr;
  bool leavesLoop = false;
  Value blockedBy;
  SmallVector<Operation *> leftOps;
};

class Hoister {
public:
  explicit Hoister(FunctionFacts &facts)
      : aliases(facts.aliases), dominators(facts.dominators) {}

  HoistResult hoist(Operation *alloc) {
    HoistResult out;
    Value result = alloc->getResult(0);
    BufferViewFlowAnalysis::ValueSetT set = aliases.resolve(result);
    Block *block = alloc->getBlock();
    bool pinned = false;
    while (!pinned) {
      Block *upper = commonDominator(block->getParent(), set, alloc);
      // Walk up the dominator tree of this region, but not above the
      // common dominator of the aliases nor above an operand's block.
      while (block != upper && !(pinned = bool(definedIn(alloc, block)))) {
        DominanceInfoNode *node = dominators.getNode(block);
        if (!node || !node->getIDom())
          break;
        block = node->getIDom()->getBlock();
      }
      pinned = pinned || definedIn(alloc, block);
      if (pinned || block != &block->getParent()->front())
        break;
      // Leave the region op holding this region, if allowed.
      Operation *parent = block->getParentOp();
      if (!parent || isa<FunctionOpInterface>(parent))
        break;
      if (llvm::any_of(alloc->getOperands(), [&](Value v) {
            return parent->isAncestor(v.getParentBlock()->getParentOp());
          }))
        break;
      bool loop = isa<LoopLikeOpInterface>(parent);
      if (loop && llvm::any_of(set, [&](Value alias) {
            return !parent->isAncestor(alias.getParentBlock()->getParentOp());
          }))
        break;
      out.leavesLoop |= loop;
      out.leftOps.push_back(parent);
      block = parent->getBlock();
    }
    out.target = block;
    if (block == alloc->getBlock())
      out.blockedBy = definedIn(alloc, block);
    return out;
  }

private:
  /// An operand of `alloc` defined in `block` (which pins it there).
  static Value definedIn(Operation *alloc, Block *block) {
    for (Value operand : alloc->getOperands())
      if (operand.getParentBlock() == block)
        return operand;
    return {};
  }

  /// The nearest common dominator, in `region`, of the blocks defining and
  /// using the allocation's aliases.
  Block *commonDominator(Region *region,
                         const BufferViewFlowAnalysis::ValueSetT &set,
                         Operation *alloc) {
    Block *common = region->findAncestorBlockInRegion(*alloc->getBlock());
    // A block no path reaches has no place in the dominator tree (asking
    // for its common dominator crashes): nothing moves out of one, and an
    // alias in one does not hold the allocation down.
    if (!common || !dominators.isReachableFromEntry(common))
      return common;
    auto add = [&](Block *b) {
      if (Block *inRegion = region->findAncestorBlockInRegion(*b))
        if (dominators.isReachableFromEntry(inRegion))
          common = dominators.findNearestCommonDominator(common, inRegion);
    };
    for (Value alias : set) {
      add(alias.getParentBlock());
      for (Operation *user : alias.getUsers())
        add(user->getBlock());
    }
    return common;
  }

  BufferViewFlowAnalysis &aliases;
  DominanceInfo &dominators;
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

void classic::computeHoisting(SourceIndex &index, FunctionId fn,
                              FunctionFacts &facts, ClassicPlan &plan) {
  AnalysisResult &result = index.result();
  Operation *function = index.function(fn);
  Hoister hoister(facts);
  function->walk([&](Operation *op) {
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
    message += ": it dominates all of its aliases' uses from there";
    Finding finding =
        makeFinding(FindingCode::BL302, result.ops[opId].nameRange, message);
    finding.severity = Severity::Hint;
    result.findings.push_back(std::move(finding));
  });
}

//===- LeakFixes.cpp - Where BL101's memref.dealloc is right --------------===//
//
// The rule is in LeakFixes.h. The aliases are followed here rather than
// taken from BufferViewFlowAnalysis, which counts a clone's fresh buffer as
// an alias of its source and would refuse every allocation that is cloned.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/LeakFixes.h"
#include "analysis/checker/MemoryEffects.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <algorithm>

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

LeakFixer::LeakFixer(SourceIndex &index, FunctionOpInterface function,
                     DominanceInfo &dominance)
    : index(index), body(function.getFunctionBody()), dominance(dominance) {}

/// The values of region op `op` a value it forwards may become: its
/// regions' entry arguments and its results (all of them: which one is a
/// question of successors this rule does not need to answer).
static void addRegionValues(Operation *op, llvm::SetVector<Value> &aliases) {
  for (Region &region : op->getRegions())
    if (!region.empty())
      for (BlockArgument arg : region.front().getArguments())
        if (isa<BaseMemRefType>(arg.getType()))
          aliases.insert(arg);
  for (Value result : op->getResults())
    if (isa<BaseMemRefType>(result.getType()))
      aliases.insert(result);
}

/// Whether `use` may free its value, hand it to code that may, or keep it
/// past the function. Adds the values the use makes aliases of it.
static bool consumes(OpOperand &use, llvm::SetVector<Value> &aliases) {
  Operation *user = use.getOwner();
  Value value = use.get();
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (effects && effects.getEffectOnValue<MemoryEffects::Free>(value))
    return true;
  if (isa<CallOpInterface>(user))
    return true;
  if (auto view = dyn_cast<ViewLikeOpInterface>(user);
      view && view.getViewSource() == value) {
    aliases.insert(view.getViewDest());
    return false;
  }
  if (auto branch = dyn_cast<BranchOpInterface>(user)) {
    std::optional<BlockArgument> arg =
        branch.getSuccessorBlockArgument(use.getOperandNumber());
    if (!arg)
      return true;
    aliases.insert(*arg);
    return false;
  }
  if (isa<RegionBranchTerminatorOpInterface>(user)) {
    if (!isa<RegionBranchOpInterface>(user->getParentOp()))
      return true;
    addRegionValues(user->getParentOp(), aliases);
    return false;
  }
  if (isa<RegionBranchOpInterface>(user)) {
    addRegionValues(user, aliases);
    return false;
  }
  // func.return and the like: the caller owns what is returned.
  if (user->hasTrait<OpTrait::IsTerminator>() || !effects)
    return true;
  // Its address as an integer: what is done with it is out of sight.
  if (isa<memref::ExtractAlignedPointerAsIndexOp>(user))
    return true;
  SmallVector<MemoryEffects::EffectInstance> onValue;
  effects.getEffectsOnValue(value, onValue);
  for (const MemoryEffects::EffectInstance &effect : onValue)
    if (!isa<MemoryEffects::Read, MemoryEffects::Write>(effect.getEffect()))
      return true;
  if (onValue.empty() && !effects.hasNoEffect())
    return true; // It has effects, but not on the buffer: it stores it.
  for (Value result : user->getResults()) {
    if (isa<TensorType>(result.getType()))
      return true;
    if (isa<BaseMemRefType>(result.getType()) &&
        !effects.getEffectOnValue<MemoryEffects::Allocate>(result))
      aliases.insert(result);
  }
  return false;
}

void LeakFixer::analyse(Value site, Site &info) {
  info.analysed = true;
  auto result = dyn_cast<OpResult>(site);
  if (!result || !isa<BaseMemRefType>(site.getType()))
    return;
  auto effects = dyn_cast<MemoryEffectOpInterface>(result.getOwner());
  if (!effects)
    return;
  auto allocation = effects.getEffectOnValue<MemoryEffects::Allocate>(site);
  if (!allocation ||
      isa<SideEffects::AutomaticAllocationScopeResource>(
          allocation->getResource()) ||
      !freedByMemrefDealloc(site))
    return;
  ValueId id = index.idOf(site);
  if (id == kNone)
    return;
  const ValueEntry &entry = index.result().values[id];
  if (entry.definition.empty() || entry.name.empty() || entry.name[0] != '%')
    return;
  Region *region = site.getParentRegion();
  llvm::SetVector<Value> aliases;
  aliases.insert(site);
  for (size_t i = 0; i < aliases.size(); ++i) {
    for (OpOperand &use : aliases[i].getUses()) {
      // Before asking the user anything: in IR that does not verify, a use
      // can sit in another function, whose ops may not verify either (a
      // branch with more operands than its successor has arguments).
      Operation *at = region->findAncestorOpInRegion(*use.getOwner());
      if (!at)
        return; // It leaves its region.
      bool consuming = consumes(use, aliases);
      info.uses.push_back({at, consuming});
    }
  }
  info.line = "memref.dealloc " + entry.name + " : " + entry.type;
  info.fixable = true;
}

bool LeakFixer::reaches(Block *from, Block *to) {
  auto it = reachable.find(from);
  if (it == reachable.end()) {
    llvm::DenseSet<Block *> seen;
    SmallVector<Block *> work(from->getSuccessors().begin(),
                              from->getSuccessors().end());
    while (!work.empty()) {
      Block *block = work.pop_back_val();
      if (seen.insert(block).second)
        work.append(block->getSuccessors().begin(),
                    block->getSuccessors().end());
    }
    it = reachable.try_emplace(from, std::move(seen)).first;
  }
  return it->second.contains(to);
}

std::optional<TextEdit> LeakFixer::editAtEnd(const Site &info, Block *block) {
  const AnalysisResult &result = index.result();
  std::string_view text = index.parsed().text();
  Operation *terminator = block->getTerminator();
  OpId op = index.idOf(terminator);
  if (op == kNone)
    return std::nullopt;
  if (!result.ops[op].nameRange.empty())
    return insertLineBefore(text, result.ops[op].nameRange.begin, info.line);
  // An implicit terminator has no text: the line goes after the last op.
  if (&block->front() == terminator)
    return std::nullopt;
  OpId last = index.idOf(terminator->getPrevNode());
  if (last == kNone || result.ops[last].fullRange.empty())
    return std::nullopt;
  return insertLineAfter(text, result.ops[last].fullRange, info.line);
}

bool LeakFixer::isPlace(Value site, Site &info, Block *block) {
  if (auto it = info.edits.find(block); it != info.edits.end())
    return it->second.has_value();
  auto decide = [&]() -> std::optional<TextEdit> {
    if (!block->mightHaveTerminator())
      return std::nullopt;
    Operation *terminator = block->getTerminator();
    if (!dominance.properlyDominates(site, terminator) || reaches(block, block))
      return std::nullopt;
    for (const AliasUse &use : info.uses) {
      Block *at = use.at->getBlock();
      if (use.at == terminator || reaches(block, at))
        return std::nullopt; // Used after the dealloc would run.
      if (use.consuming && (at == block || reaches(at, block)))
        return std::nullopt; // May be gone by the time it runs.
    }
    return editAtEnd(info, block);
  };
  std::optional<TextEdit> edit = decide();
  info.edits[block] = edit;
  return edit.has_value();
}

void LeakFixer::placeInOwnBlock(Value site, Site &info) {
  Block *block = site.getParentBlock();
  if (block->getParent()->hasOneBlock() && isPlace(site, info, block))
    info.places.insert(block);
  else
    info.unfixable = true;
}

void LeakFixer::leakedAtExit(Value site, llvm::ArrayRef<Block *> trace,
                             Operation *terminator) {
  Site &info = sites[site];
  if (info.unfixable)
    return;
  if (!info.analysed)
    analyse(site, info);
  if (!info.fixable) {
    info.unfixable = true;
    return;
  }
  if (site.getParentRegion() != &body)
    return placeInOwnBlock(site, info);
  if (!terminator || terminator->getNumSuccessors() != 0 ||
      terminator->getParentRegion() != &body) {
    info.unfixable = true;
    return;
  }
  for (Block *block : llvm::reverse(trace)) {
    if (block->getParent() != &body || !isPlace(site, info, block))
      continue;
    info.places.insert(block);
    return;
  }
  info.unfixable = true;
}

void LeakFixer::leakedAtBackEdge(Value site) {
  Site &info = sites[site];
  if (info.unfixable)
    return;
  if (!info.analysed)
    analyse(site, info);
  // In the function body the back edge is a cf loop around the
  // allocation's block, which no block of the body can fix alone.
  if (!info.fixable || site.getParentRegion() == &body) {
    info.unfixable = true;
    return;
  }
  placeInOwnBlock(site, info);
}

void LeakFixer::attachFixes() {
  AnalysisResult &result = index.result();
  for (auto &[site, info] : sites) {
    if (info.unfixable || info.places.empty())
      continue;
    // An execution through two chosen blocks would free it twice.
    bool apart = true;
    for (Block *a : info.places)
      for (Block *b : info.places)
        apart = apart && (a == b || !reaches(a, b));
    if (!apart)
      continue;
    SourceRange at = index.rangeOf(site);
    auto finding = std::find_if(
        result.findings.begin(), result.findings.end(), [&](const Finding &f) {
          return f.code == FindingCode::BL101 && f.range == at;
        });
    if (finding == result.findings.end())
      continue;
    Fix fix;
    fix.title = "Insert memref.dealloc " + result.values[index.idOf(site)].name;
    for (Block *block : info.places)
      fix.edits.push_back(*info.edits[block]);
    std::sort(
        fix.edits.begin(), fix.edits.end(),
        [](const TextEdit &a, const TextEdit &b) { return a.range < b.range; });
    finding->fixes.push_back(std::move(fix));
  }
}

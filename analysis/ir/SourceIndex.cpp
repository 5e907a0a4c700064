//===- SourceIndex.cpp ----------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace bufferlens;
using namespace mlir;

SourceIndex::SourceIndex(const ParsedModule &parsed, AnalysisResult &result)
    : module(parsed), out(result), laidOut(parsed.isAdopted()) {
  // Sized up front: growing the tables op by op moved every entry again
  // (at 100k lines, vector<OpEntry> reallocation alone was 2% of a lint).
  size_t opCount = 0, valueCount = 0, blockCount = 0;
  parsed.module()->walk([&](Operation *op) {
    ++opCount;
    valueCount += op->getNumResults();
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        ++blockCount;
        valueCount += block.getNumArguments();
      }
  });
  out.ops.reserve(out.ops.size() + opCount);
  out.values.reserve(out.values.size() + valueCount);
  out.blocks.reserve(out.blocks.size() + blockCount);
  opList.reserve(opCount);
  valueList.reserve(valueCount);
  blockList.reserve(blockCount);
  ops.reserve(opCount);
  values.reserve(valueCount);
  blocks.reserve(blockCount);
  // Top-level functions and functions nested in nested modules alike.
  parsed.module()->walk([&](FunctionOpInterface fn) { indexFunction(fn); });
}

const std::string &SourceIndex::typeName(Type type) {
  auto [it, inserted] = typeNames.try_emplace(type);
  if (inserted) {
    llvm::raw_string_ostream os(it->second);
    type.print(os);
  }
  return it->second;
}

ValueId SourceIndex::addValue(Value value, std::string name, SourceRange def,
                              const SmallVector<llvm::SMRange> *uses,
                              FunctionId fn, BlockId block, OpId definingOp) {
  ValueId id = out.values.size();
  ValueEntry entry;
  entry.name = std::move(name);
  entry.type = typeName(value.getType());
  entry.definition = def;
  if (uses)
    for (llvm::SMRange use : *uses)
      entry.uses.push_back(module.rangeOf(use));
  entry.function = fn;
  entry.block = block;
  entry.definingOp = definingOp;
  entry.isBlockArgument = isa<BlockArgument>(value);
  entry.isMemRef = isa<BaseMemRefType>(value.getType());
  out.values.push_back(std::move(entry));
  values[value] = id;
  valueList.push_back(value);
  return id;
}

void SourceIndex::indexFunction(FunctionOpInterface fn) {
  FunctionId id = out.functions.size();
  functions[fn] = id;
  functionList.push_back(fn);
  FunctionEntry entry;
  entry.analysed = !module.failedVerification(fn);
  // The attribute, not getName(): a function that does not verify may lack
  // it, and getName() dereferences it unchecked.
  if (auto name =
          fn->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    entry.name = name.getValue().str();
  if (laidOut) {
    entry.fullRange = place();
    entry.nameRange = place();
  } else if (const auto *def = module.asmState().getOpDef(fn)) {
    entry.fullRange = module.rangeOf(def->scopeLoc);
    // The symbol name follows the op name: find `@name` in the header.
    std::string_view text = module.text();
    size_t at = text.find("@" + entry.name, entry.fullRange.begin);
    if (at != std::string_view::npos && at < entry.fullRange.end)
      entry.nameRange = {static_cast<uint32_t>(at),
                         static_cast<uint32_t>(at + 1 + entry.name.size())};
    else
      entry.nameRange = module.rangeOf(def->loc);
  }
  bool verified = entry.analysed;
  out.functions.push_back(std::move(entry));

  size_t firstBlock = out.blocks.size();
  out.functions[id].valueBegin = out.values.size();
  out.functions[id].opBegin = out.ops.size();
  for (Region &region : fn->getRegions())
    for (Block &block : region) {
      BlockId b = indexBlock(block, id, kNone);
      out.blocks[b].region = region.getRegionNumber();
      out.functions[id].blocks.push_back(b);
    }

  out.functions[id].valueEnd = out.values.size();
  out.functions[id].opEnd = out.ops.size();
  if (laidOut) {
    out.functions[id].fullRange.end = place().end;
    std::vector<ValueId> used;
    for (auto [value, range] : pendingUses) {
      auto it = values.find(value);
      if (it == values.end())
        continue;
      out.values[it->second].uses.push_back(range);
      used.push_back(it->second);
    }
    pendingUses.clear();
    for (ValueId value : used)
      llvm::sort(out.values[value].uses);
  }

  // Operands and successors last: a use may precede its definition in the
  // text (blocks need not appear in dominance order).
  for (size_t b = firstBlock; b < out.blocks.size(); ++b) {
    Block *block = blockList[b];
    for (Block *succ : block->getSuccessors())
      out.blocks[b].successors.push_back(blocks.lookup(succ));
    for (Operation &op : *block) {
      OpEntry &entry = out.ops[ops.lookup(&op)];
      for (Value operand : op.getOperands()) {
        auto it = values.find(operand);
        entry.operands.push_back(it == values.end() ? kNone : it->second);
      }
      // Interfaces assume what the verifier checks (region and operand
      // counts): an op that does not verify gets only its block edges.
      if (verified)
        indexControlFlow(op, entry);
    }
  }
}

// Edges a graph draws without touching MLIR: forwarded branch operands and
// the RegionBranchOpInterface successors of region ops and their
// terminators.
void SourceIndex::indexControlFlow(Operation &op, OpEntry &entry) {
  auto idOfValue = [&](Value v) {
    auto it = values.find(v);
    return it == values.end() ? kNone : it->second;
  };
  if (auto branch = dyn_cast<BranchOpInterface>(&op))
    for (unsigned s = 0; s < op.getNumSuccessors(); ++s) {
      std::vector<ValueId> forwarded;
      for (Value v : branch.getSuccessorOperands(s).getForwardedOperands())
        forwarded.push_back(idOfValue(v));
      entry.successorOperands.push_back(std::move(forwarded));
    }
  SmallVector<RegionSuccessor> successors;
  if (auto regionOp = dyn_cast<RegionBranchOpInterface>(&op)) {
    regionOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  } else if (auto terminator =
                 dyn_cast<RegionBranchTerminatorOpInterface>(&op)) {
    if (isa_and_nonnull<RegionBranchOpInterface>(op.getParentOp())) {
      SmallVector<Attribute> unknownOperands(op.getNumOperands());
      terminator.getSuccessorRegions(unknownOperands, successors);
    }
  }
  for (const RegionSuccessor &successor : successors) {
    Region *region = successor.getSuccessor();
    if (!region) {
      entry.toParent = true;
      continue;
    }
    if (region->empty())
      continue;
    auto it = blocks.find(&region->front());
    if (it != blocks.end())
      entry.regionSuccessors.push_back(it->second);
  }
}

/// The number after `#` that follows a use of a result group at `use`
/// (`%r#1`), or 0 when there is none: `%r` alone names `%r#0`.
static unsigned resultNumberAt(std::string_view text, SourceRange use) {
  size_t at = use.end;
  if (at + 1 >= text.size() || text[at] != '#' || !llvm::isDigit(text[at + 1]))
    return 0;
  unsigned number = 0;
  for (++at; at < text.size() && llvm::isDigit(text[at]); ++at)
    number = number * 10 + (text[at] - '0');
  return number;
}

BlockId SourceIndex::indexBlock(Block &block, FunctionId fn, OpId parent) {
  BlockId id = out.blocks.size();
  blocks[&block] = id;
  blockList.push_back(&block);
  out.blocks.emplace_back();
  out.blocks[id].function = fn;
  out.blocks[id].parentOp = parent;

  const auto *def = module.asmState().getBlockDef(&block);
  // Unlabelled entry blocks have a definition too, located at the `{`.
  bool labelled = def && def->definition.loc.isValid() &&
                  *def->definition.loc.Start.getPointer() == '^';
  if (laidOut && !block.isEntryBlock()) {
    // Numbered in its region, as the printer numbers it; the uses of a
    // label are not laid out (nothing of an adopted module reads them).
    out.blocks[id].labelRange = place();
    out.blocks[id].label =
        "^bb" + std::to_string(std::distance(block.getParent()->begin(),
                                             Region::iterator(&block)));
  } else if (labelled) {
    out.blocks[id].labelRange = module.rangeOf(def->definition.loc);
    const SourceRange &r = out.blocks[id].labelRange;
    out.blocks[id].label =
        std::string(module.text().substr(r.begin, r.end - r.begin));
    for (llvm::SMRange use : def->definition.uses)
      out.blocks[id].uses.push_back(module.rangeOf(use));
  } else {
    // What the MLIR printer would call it.
    out.blocks[id].label = block.isEntryBlock() ? "^bb0" : "^bb?";
  }

  for (BlockArgument arg : block.getArguments()) {
    SourceRange range;
    const SmallVector<llvm::SMRange> *uses = nullptr;
    std::string name;
    if (def && arg.getArgNumber() < def->arguments.size()) {
      const auto &argDef = def->arguments[arg.getArgNumber()];
      range = module.rangeOf(argDef.loc);
      uses = &argDef.uses;
      name = std::string(
          module.text().substr(range.begin, range.end - range.begin));
    }
    if (laidOut) {
      range = place();
      name = laidOutName();
    }
    if (name.empty())
      name = "%arg" + std::to_string(arg.getArgNumber());
    ValueId v = addValue(arg, name, range, uses, fn, id, parent);
    out.blocks[id].arguments.push_back(v);
  }

  for (Operation &op : block) {
    OpId opId = out.ops.size();
    ops[&op] = opId;
    opList.push_back(&op);
    OpEntry entry;
    entry.name = op.getName().getStringRef().str();
    entry.function = fn;
    entry.block = id;
    const auto *opDef = module.asmState().getOpDef(&op);
    llvm::SmallVector<SourceRange, 2> laidOutResults;
    if (laidOut) {
      for (unsigned r = 0; r < op.getNumResults(); ++r)
        laidOutResults.push_back(place());
      entry.nameRange = place();
      entry.fullRange.begin = laidOutResults.empty()
                                  ? entry.nameRange.begin
                                  : laidOutResults.front().begin;
      for (Value operand : op.getOperands())
        placeUse(operand);
    } else if (opDef) {
      entry.nameRange = module.rangeOf(opDef->loc);
      entry.fullRange = module.rangeOf(opDef->scopeLoc);
      if (!opDef->resultGroups.empty())
        entry.fullRange.begin =
            module.rangeOf(opDef->resultGroups.front().definition.loc).begin;
    }
    recordOrigin(op.getLoc(), entry);
    out.ops.push_back(std::move(entry));
    out.blocks[id].ops.push_back(opId);

    llvm::SmallVector<llvm::SMRange> groupUses;
    for (OpResult result : op.getResults()) {
      std::string name;
      SourceRange range;
      const SmallVector<llvm::SMRange> *uses = nullptr;
      if (opDef) {
        const auto &groups = opDef->resultGroups;
        for (size_t g = 0; g < groups.size(); ++g) {
          unsigned start = groups[g].startIndex;
          unsigned end = g + 1 < groups.size() ? groups[g + 1].startIndex
                                               : op.getNumResults();
          if (result.getResultNumber() < start ||
              result.getResultNumber() >= end)
            continue;
          range = module.rangeOf(groups[g].definition.loc);
          name = std::string(
              module.text().substr(range.begin, range.end - range.begin));
          if (end - start > 1)
            name += "#" + std::to_string(result.getResultNumber() - start);
          uses = &groups[g].definition.uses;
          if (end - start > 1) {
            // The parser records the uses of `%r#0` and `%r#1` on the
            // group `%r`: each result keeps the uses that name it.
            groupUses.clear();
            for (llvm::SMRange use : *uses)
              if (resultNumberAt(module.text(), module.rangeOf(use)) ==
                  result.getResultNumber() - start)
                groupUses.push_back(use);
            uses = &groupUses;
          }
        }
      }
      if (laidOut) {
        range = laidOutResults[result.getResultNumber()];
        name = laidOutName();
      }
      if (name.empty())
        name = "<result " + std::to_string(result.getResultNumber()) + " of " +
               op.getName().getStringRef().str() + ">";
      ValueId v = addValue(result, name, range, uses, fn, id, opId);
      out.ops[opId].results.push_back(v);
    }

    for (Region &region : op.getRegions())
      for (Block &nested : region) {
        BlockId b = indexBlock(nested, fn, opId);
        out.blocks[b].region = region.getRegionNumber();
      }
    if (laidOut)
      out.ops[opId].fullRange.end = place().end;
  }

  return id;
}

void SourceIndex::placeUse(Value value) {
  SourceRange range = place();
  auto it = values.find(value);
  if (it != values.end())
    out.values[it->second].uses.push_back(range);
  else
    pendingUses.emplace_back(value, range);
}

// A rewrite printed with debug locations keeps, on every op it did not
// create from nothing, the location of the user's op: remember it so views
// of the rewritten IR can point back into the user's file.
void SourceIndex::recordOrigin(Location loc, OpEntry &entry) const {
  std::optional<FileLineColLoc> fileLoc = findLocation<FileLineColLoc>(loc);
  if (!fileLoc || fileLoc->getLine() == 0 || !module.rangeOf(loc).empty())
    return;
  entry.originFile = fileLoc->getFilename().str();
  entry.originLine = fileLoc->getLine();
  entry.originColumn = fileLoc->getColumn();
}

std::string SourceIndex::nameOf(Value value) const {
  auto it = values.find(value);
  if (it != values.end())
    return out.values[it->second].name;
  std::string s;
  llvm::raw_string_ostream os(s);
  value.printAsOperand(os, OpPrintingFlags());
  return s;
}

std::string SourceIndex::labelOf(Block *block) const {
  auto it = blocks.find(block);
  return it == blocks.end() ? "^?" : out.blocks[it->second].label;
}

SourceRange SourceIndex::rangeOf(Operation *op) const {
  auto it = ops.find(op);
  if (it != ops.end() && !out.ops[it->second].nameRange.empty())
    return out.ops[it->second].nameRange;
  return module.rangeOf(op->getLoc());
}

SourceRange SourceIndex::rangeOf(Value value) const {
  auto it = values.find(value);
  if (it != values.end() && !out.values[it->second].definition.empty())
    return out.values[it->second].definition;
  if (Operation *def = value.getDefiningOp())
    return rangeOf(def);
  return {};
}

SourceRange SourceIndex::rangeOf(Block *block) const {
  auto it = blocks.find(block);
  return it == blocks.end() ? SourceRange() : out.blocks[it->second].labelRange;
}

OpId SourceIndex::opLocatedAt(Location loc) const {
  if (!isa<FileLineColRange>(loc))
    return kNone;
  OwnLocations &own = *ownLocations;
  std::call_once(own.built, [&] {
    // Every op of the module counts, indexed or not: a location a
    // module-level op shares with an indexed one names neither.
    llvm::DenseMap<Location, Operation *> first;
    auto shared = [&](Location position) {
      own.ops[position] = kNone;
      first[position] = nullptr;
    };
    module.module()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      Location at = op->getLoc();
      if (!isa<FileLineColRange>(at)) {
        // Positions inside a composite location (a user's fused or
        // call-site location) may reappear in what a pass makes.
        at->walk([&](Location inner) {
          if (isa<FileLineColRange>(inner))
            shared(inner);
          return WalkResult::advance();
        });
        return;
      }
      auto [it, inserted] = first.try_emplace(at, op);
      if (inserted) {
        own.ops[at] = idOf(op);
        return;
      }
      // The pre-order walk meets an op before the ops nested in it.
      if (!it->second || !it->second->isProperAncestor(op))
        shared(at);
    });
  });
  auto it = own.ops.find(loc);
  return it == own.ops.end() ? kNone : it->second;
}

ValueId SourceIndex::laidOutValueNamed(llvm::StringRef name) const {
  unsigned id = 0;
  if (!laidOut || !name.consume_front("%v") || name.getAsInteger(10, id) ||
      id >= out.values.size())
    return kNone;
  return static_cast<ValueId>(id);
}

OpId SourceIndex::laidOutOpAt(uint32_t offset) const {
  if (!laidOut)
    return kNone;
  auto it = llvm::partition_point(
      out.ops, [&](const OpEntry &op) { return op.nameRange.begin < offset; });
  if (it == out.ops.end() || it->nameRange.begin != offset)
    return kNone;
  return static_cast<OpId>(it - out.ops.begin());
}

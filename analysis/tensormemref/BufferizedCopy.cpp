//===- BufferizedCopy.cpp -------------------------------------------------===//

#include "analysis/tensormemref/BufferizedCopy.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace bufferlens;
using namespace mlir;

static constexpr llvm::StringLiteral kOrigin = "bufferlens.op.";

/// The user's op every tag in `loc` names, or kNone when they name none
/// or several.
static OpId singleOrigin(const TaggedClone &clone, Location loc) {
  // Most locations are one tag; the walk below is for fused ones.
  if (isa<OpaqueLoc>(loc))
    return clone.originOpOf(loc);
  OpId found = kNone;
  bool several = false;
  loc->walk([&](Location inner) {
    if (!isa<OpaqueLoc>(inner))
      return WalkResult::advance();
    OpId id = clone.originOpOf(inner);
    if (id == kNone || id == found)
      return WalkResult::advance();
    several = found != kNone;
    found = id;
    return several ? WalkResult::interrupt() : WalkResult::advance();
  });
  return several ? kNone : found;
}

OpId bufferlens::copiedOrigin(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  if (!name || !name.getName().getValue().starts_with(kOrigin))
    return kNone;
  unsigned id = 0;
  if (name.getName().getValue().drop_front(kOrigin.size()).getAsInteger(10, id))
    return kNone;
  return static_cast<OpId>(id);
}

OwningOpRef<ModuleOp>
bufferlens::copyBufferizedFunctions(const SourceIndex &index,
                                    const TaggedClone &clone,
                                    llvm::ArrayRef<FunctionId> functions) {
  ModuleOp source = clone.module();
  MLIRContext *context = source->getContext();
  OwningOpRef<ModuleOp> module = cast<ModuleOp>(source->cloneWithoutRegions());
  Block *body = new Block();
  module->getBodyRegion().push_back(body);

  // The functions in the order given, then the stand-ins in the order they
  // are first named, as TaggedClone builds a small module.
  llvm::SmallPtrSet<Operation *, 16> kept;
  llvm::SetVector<StringAttr> named;
  for (FunctionId fn : functions) {
    Operation *copy = clone.lookup(index.function(fn));
    if (!copy)
      continue;
    kept.insert(copy);
    body->push_back(copy->clone());
    if (TaggedClone::SymbolNames uses = TaggedClone::symbolNamesOf(copy))
      named.insert(uses->begin(), uses->end());
  }
  TaggedClone::SymbolMap symbols = TaggedClone::symbolsOf(source);
  for (StringAttr name : named) {
    Operation *symbol = symbols.lookup(name);
    if (symbol && !kept.contains(symbol))
      body->push_back(TaggedClone::standInFor(symbol));
  }

  Location unknown = UnknownLoc::get(context);
  // One location per user op: its bufferization usually makes several
  // ops (an allocation, a copy, the op itself), and uniquing the name
  // again for each was most of this walk.
  llvm::DenseMap<OpId, Location> locationOf;
  module->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(unknown);
    if (isa<ModuleOp>(op))
      return;
    OpId id = singleOrigin(clone, op->getLoc());
    if (id == kNone) {
      op->setLoc(unknown);
      return;
    }
    auto [it, inserted] = locationOf.try_emplace(id, unknown);
    if (inserted)
      it->second =
          NameLoc::get(StringAttr::get(context, kOrigin + std::to_string(id)));
    op->setLoc(it->second);
  });
  return module;
}

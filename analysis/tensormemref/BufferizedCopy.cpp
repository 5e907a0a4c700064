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

namespace {
/// The location type of an op of the copy whose user's op has no position
/// of its own (SourceIndex::opLocatedAt).
struct CopiedOp {};
} // namespace

/// The user's op `loc` names, or kNone when it names none or several.
static OpId singleOrigin(const TaggedClone &clone, Location loc) {
  OpId found = kNone;
  bool several = false;
  clone.forEachOriginOp(loc, [&](OpId id) {
    several = found != kNone && found != id;
    found = id;
    return !several;
  });
  return several ? kNone : found;
}

OpId bufferlens::copiedOrigin(const SourceIndex &user, Location loc) {
  static const TypeID kCopiedOp = TypeID::get<CopiedOp>();
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return opaque.getUnderlyingTypeID() == kCopiedOp
               ? static_cast<OpId>(opaque.getUnderlyingLocation())
               : kNone;
  return user.opLocatedAt(loc);
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
  static const TypeID kCopiedOp = TypeID::get<CopiedOp>();
  // One location per user op: its own position where it names it alone
  // (most ops; nothing to make), else one made for it. Its bufferization
  // usually makes several ops (an allocation, a copy, the op itself), and
  // making a location for each again was most of this walk.
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
    if (inserted) {
      Location own = index.op(id)->getLoc();
      it->second =
          index.opLocatedAt(own) == id
              ? own
              : OpaqueLoc::get(static_cast<uintptr_t>(id), kCopiedOp, unknown);
    }
    op->setLoc(it->second);
  });
  return module;
}

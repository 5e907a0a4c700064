//===- CutLoops.cpp - Which loops a path may leave early exactly ----------===//
//
// Past its bound a path leaves a loop whose trip count it does not know
// (Loops.cpp, CfLoops.cpp, scf.while in Interpreter.cpp). Such a path is
// usually marked truncated: an iteration not followed might free what looks
// leaked, so no leak is reported on it. That costs nothing to say when the
// iterations not followed cannot change what the rest of the path does:
// no op of the loop frees memory, calls, or writes what the checker reads
// back as a value (integers and flags in memory), no op has effects the
// checker does not know, and no value the loop defines is read after it.
// Then the path after the loop is the one every longer run takes, its
// leaks are real, and a condition on the trip count is not one the leak
// depends on ("%a leaks when %p0 is false", not "... and %n <= 2").
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/Interpreter.h"
#include "analysis/checker/MemoryEffects.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::checker;
using namespace mlir;

/// Whether a later run of `op` could change what the path does after its
/// loop: a free, a call, a write of something read back as a value, or
/// effects the checker does not know.
static bool mayMatterLater(Operation &op) {
  if (isa<CallOpInterface, bufferization::DeallocOp>(op) ||
      !freedOperands(op).empty())
    return true;
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      if (isa<MemoryEffects::Free>(effect.getEffect()))
        return true;
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      // Floats written are data; integers, flags and buffers written may
      // be loaded back and branched on, or freed (Transfer.cpp's load).
      auto memref = dyn_cast_or_null<MemRefType>(
          effect.getValue() ? effect.getValue().getType() : Type());
      if (!memref || !isa<FloatType>(memref.getElementType()))
        return true;
    }
  } else if (!op.hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
             !op.hasTrait<OpTrait::IsTerminator>()) {
    return true;
  }
  return false;
}

static bool anyMattersLater(Block &block) {
  bool matters = false;
  block.walk([&](Operation *op) {
    if (mayMatterLater(*op)) {
      matters = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return matters;
}

bool Interpreter::cutHides(Operation &loop) {
  auto [known, inserted] = cutHidesCache.try_emplace(&loop, true);
  if (!inserted)
    return known->second;
  bool hides = !loop.use_empty();
  for (Region &region : loop.getRegions())
    for (Block &block : region)
      hides = hides || anyMattersLater(block);
  return known->second = hides;
}

bool Interpreter::cutHides(CFGLoop *loop) {
  auto [known, inserted] = cutHidesCache.try_emplace(loop, true);
  if (!inserted)
    return known->second;
  bool hides = false;
  Region *region = loop->getHeader()->getParent();
  auto usedOutside = [&](Value value) {
    for (Operation *user : value.getUsers()) {
      Block *at = region->findAncestorBlockInRegion(*user->getBlock());
      if (!at || !loop->contains(at))
        return true;
    }
    return false;
  };
  for (Block *block : loop->getBlocks()) {
    hides = hides || anyMattersLater(*block);
    for (BlockArgument arg : block->getArguments())
      hides = hides || usedOutside(arg);
    for (Operation &op : *block)
      for (Value result : op.getResults())
        hides = hides || usedOutside(result);
  }
  return known->second = hides;
}

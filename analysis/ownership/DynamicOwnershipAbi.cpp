//===- DynamicOwnershipAbi.cpp - The dynamic-ownership ABI, read off the IR
//===//
//
// See DynamicOwnershipAbi.h. A flag is followed forward from the call
// through the ops that combine ownership flags (the pass's `arith.andi`,
// `arith.ori`, `arith.xori`, `arith.select`) and the values that forward it
// (block arguments, region results and iter_args), until one use decides a
// deallocation with it.
//
//===----------------------------------------------------------------------===//

#include "analysis/ownership/DynamicOwnershipAbi.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace bufferlens;
using namespace mlir;

bool bufferlens::hasOwnershipFlagResults(FunctionOpInterface fn) {
  ArrayRef<Type> results = fn.getResultTypes();
  unsigned memrefs = llvm::count_if(
      results, [](Type type) { return isa<BaseMemRefType>(type); });
  if (memrefs == 0 || results.size() < 2 * memrefs)
    return false;
  return llvm::all_of(results.take_back(memrefs),
                      [](Type type) { return type.isSignlessInteger(1); });
}

/// Whether `op`'s regions free or copy a memref: the pass's ownership guard
/// (`scf.if %owned {...} else {clone}`) and the lowering's conditional
/// frees (`scf.if %cond {memref.dealloc}`).
static bool freesOrCopies(Operation *op) {
  WalkResult walk = op->walk([&](Operation *nested) {
    if (nested == op)
      return WalkResult::advance();
    if (isa<bufferization::DeallocOp, bufferization::CloneOp>(nested))
      return WalkResult::interrupt();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const auto &instance : instances)
      if (isa<MemoryEffects::Free, MemoryEffects::Allocate>(
              instance.getEffect()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Adds to `out` the values `use` forwards its operand into: successor
/// block arguments, region arguments or results (RegionBranchOpInterface).
static void forwardedTo(OpOperand &use, SmallVectorImpl<Value> &out) {
  Operation *user = use.getOwner();
  unsigned number = use.getOperandNumber();
  auto addFrom = [&](OperandRange forwarded, ValueRange inputs) {
    if (forwarded.empty())
      return;
    unsigned begin = forwarded.getBeginOperandIndex();
    if (number < begin || number >= begin + forwarded.size())
      return;
    unsigned position = number - begin;
    if (position < inputs.size())
      out.push_back(inputs[position]);
  };
  if (auto branch = dyn_cast<BranchOpInterface>(user)) {
    if (std::optional<BlockArgument> arg =
            branch.getSuccessorBlockArgument(number))
      out.push_back(*arg);
    return;
  }
  if (auto term = dyn_cast<RegionBranchTerminatorOpInterface>(user)) {
    SmallVector<Attribute> constants(term->getNumOperands());
    SmallVector<RegionSuccessor> successors;
    term.getSuccessorRegions(constants, successors);
    for (const RegionSuccessor &successor : successors)
      addFrom(term.getSuccessorOperands(successor),
              successor.getSuccessorInputs());
    return;
  }
  if (auto region = dyn_cast<RegionBranchOpInterface>(user)) {
    SmallVector<RegionSuccessor> entries;
    region.getSuccessorRegions(RegionBranchPoint::parent(), entries);
    for (const RegionSuccessor &entry : entries)
      addFrom(region.getEntrySuccessorOperands(entry),
              entry.getSuccessorInputs());
  }
}

/// Whether the ownership flag `flag` reaches a deallocation decision.
static bool decidesDeallocation(Value flag) {
  SmallVector<Value> work{flag};
  llvm::SmallPtrSet<void *, 8> seen;
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value.getAsOpaquePointer()).second)
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      // An i1 operand of bufferization.dealloc is one of its conditions.
      if (isa<bufferization::DeallocOp>(user))
        return true;
      // The lowering's condition array for its dealloc helper.
      if (auto store = dyn_cast<memref::StoreOp>(user))
        if (store.getValueToStore() == value)
          return true;
      if (isa<cf::CondBranchOp>(user) && use.getOperandNumber() == 0)
        return true;
      if (auto ifOp = dyn_cast<scf::IfOp>(user)) {
        if (freesOrCopies(ifOp))
          return true;
        continue;
      }
      // Handed on to this function's own caller.
      if (user->hasTrait<OpTrait::ReturnLike>() &&
          isa<FunctionOpInterface>(user->getParentOp()))
        return true;
      if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::SelectOp>(
              user)) {
        if (user->getResult(0).getType().isSignlessInteger(1))
          work.push_back(user->getResult(0));
        continue;
      }
      forwardedTo(use, work);
    }
  }
  return false;
}

bool bufferlens::followsDynamicOwnershipAbi(FunctionOpInterface fn) {
  if (!fn.isPrivate() || fn.isExternal() || !hasOwnershipFlagResults(fn))
    return false;
  Operation *table = SymbolTable::getNearestSymbolTable(fn->getParentOp());
  if (!table)
    return false;
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(fn, table);
  if (!uses)
    return false;
  ArrayRef<Type> results = fn.getResultTypes();
  unsigned memrefs = llvm::count_if(
      results, [](Type type) { return isa<BaseMemRefType>(type); });
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<CallOpInterface>(use.getUser());
    if (!call || call->getNumResults() != results.size())
      return false;
    for (Value flag : call->getResults().take_back(memrefs))
      if (!decidesDeallocation(flag))
        return false;
  }
  return true;
}

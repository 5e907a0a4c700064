//===- MemoryEffects.h - Frees and allocations by their declared effects --===//
//
// The checker recognises frees the way upstream's deallocation passes
// recognise allocations: by MemoryEffectOpInterface, not by op name. An op
// frees each memref operand on which it declares MemoryEffects::Free
// (memref.dealloc, memref.realloc, gpu.dealloc, ... : `MemFreeAt<0,
// FullEffect>` in mlir/include/mlir/Dialect/{MemRef,GPU}/IR/*Ops.td of
// llvm-project at llvmorg-22.1.0) and allocates each memref result on which
// it declares MemoryEffects::Allocate (classifyBuffer, BufferFacts.h).
// bufferization.dealloc declares no Free effect on its operands (see
// BufferDeallocationOpInterface in upstream); the checker models it on its
// own (Frees.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_CHECKER_MEMORYEFFECTS_H
#define BUFFERLENS_ANALYSIS_CHECKER_MEMORYEFFECTS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace bufferlens::checker {

/// The memref operands of `op` on which it declares a Free effect, in
/// operand order.
llvm::SmallVector<mlir::Value, 1> freedOperands(mlir::Operation &op);

/// Whether `op` or an op nested in its regions frees memory: a Free effect
/// on a memref operand, or bufferization.dealloc.
bool mayFreeMemory(mlir::Operation &op);

/// Whether the heap allocation made by the op defining `site` is released
/// by memref.dealloc: an allocation of the memref or bufferization dialect
/// (memref.alloc, memref.realloc, bufferization.clone). Memory from another
/// dialect's allocator (gpu.alloc) is released by that dialect's free.
bool freedByMemrefDealloc(mlir::Value site);

} // namespace bufferlens::checker

#endif // BUFFERLENS_ANALYSIS_CHECKER_MEMORYEFFECTS_H

//===- FreeOps.cpp - The op that frees each tracked allocation ------------===//
//
// Allocations are detected by their Allocate effect (BufferFacts), so the
// plan tracks other dialects' allocations too, and each must be freed by the
// op that releases its memory: `memref.dealloc` for the memref and
// bufferization dialects' allocations (checker::freedByMemrefDealloc),
// `gpu.dealloc` for a synchronous `gpu.alloc` (the GPU dialect's pair:
// https://mlir.llvm.org/docs/Dialects/GPU/#gpudealloc-gpudeallocop). The old
// pass only tracked what `memref.dealloc` frees. An allocation for which no
// free op is known (an asynchronous `gpu.alloc`, whose free belongs in its
// chain of tokens, or another dialect's allocator) makes the plan refuse the
// function, with the reason, instead of freeing it with the wrong op.
//
//===----------------------------------------------------------------------===//

#include "analysis/checker/MemoryEffects.h"
#include "analysis/classic/Internal.h"
#include "analysis/ir/DescribedDialects.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace bufferlens;
using namespace mlir;

/// A `gpu.alloc` that a plain `gpu.dealloc` frees: no async token.
static gpu::AllocOp synchronousGpuAlloc(Value buffer) {
  auto alloc = buffer.getDefiningOp<gpu::AllocOp>();
  if (!alloc || alloc.getAsyncToken() || !alloc.getAsyncDependencies().empty())
    return nullptr;
  return alloc;
}

std::string classic::whyNoFreeOp(Value allocation) {
  Operation *op = allocation.getDefiningOp();
  if (!op || checker::freedByMemrefDealloc(allocation) ||
      synchronousGpuAlloc(allocation) || !describedFreeOp(allocation).empty())
    return "";
  std::string name = "`" + op->getName().getStringRef().str() + "`";
  if (isa<gpu::AllocOp>(op))
    return name + " allocates asynchronously: its free would be a "
                  "`gpu.dealloc async` in the same chain of tokens, which "
                  "the classic algorithm does not build";
  return name + " allocates a buffer that `memref.dealloc` does not free, "
                "and the classic algorithm knows no op that does (a "
                "described op of its dialect that only frees its operand 0 "
                "would)";
}

llvm::StringRef classic::freeOpName(Value freed) {
  if (synchronousGpuAlloc(freed))
    return gpu::DeallocOp::getOperationName();
  return memref::DeallocOp::getOperationName();
}

Operation *classic::createFree(OpBuilder &builder, Location loc, Value freed) {
  // An allocation of a described op: the op the configuration describes
  // as freeing it, in generic form (DescribedDialects.h).
  if (std::string free = describedFreeOp(freed); !free.empty()) {
    OperationState state(loc, free);
    state.addOperands(freed);
    return builder.create(state);
  }
  if (synchronousGpuAlloc(freed))
    return gpu::DeallocOp::create(builder, loc, /*asyncToken=*/Type(),
                                  /*asyncDependencies=*/ValueRange(), freed);
  return memref::DeallocOp::create(builder, loc, freed);
}

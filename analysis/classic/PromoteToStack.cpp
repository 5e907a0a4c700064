//===- PromoteToStack.cpp - BL301: allocations that fit on the stack ------===//
//
// BufferDeallocationInternals.md "Conversion from AllocOp to AllocaOp": a
// `memref.alloc` can become a `memref.alloca` when its shape is static, its
// size is at most the limit (default 1 KiB), and neither it nor any alias
// leaves its block (passed to a successor, yielded or returned). We also keep
// allocations inside loops that are not automatic allocation scopes on the
// heap: an alloca there would grow the stack every iteration (scf.for is a
// scope in MLIR 22: its allocas are released per iteration).
//
//===----------------------------------------------------------------------===//

#include "analysis/BufferFacts.h"
#include "analysis/SourceIndex.h"
#include "analysis/classic/Internal.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

/// Why `alloc` cannot live on the stack, or empty when it can.
static std::string whyNotPromotable(memref::AllocOp alloc,
                                    const BufferViewFlowAnalysis &aliases,
                                    uint64_t limit) {
  std::optional<uint64_t> size = staticSizeInBytes(alloc.getType());
  if (!alloc.getType().hasStaticShape())
    return "its size is dynamic";
  if (!size)
    return "its element type has no known size";
  if (*size > limit)
    return "it is " + std::to_string(*size) + " bytes, above the " +
           std::to_string(limit) + "-byte limit";
  for (Operation *parent = alloc->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (parent->hasTrait<OpTrait::AutomaticAllocationScope>())
      break;
    if (isa<LoopLikeOpInterface>(parent))
      return "it is allocated inside " +
             quoted(parent->getName().getStringRef().str()) +
             ", where an alloca would grow the stack every iteration";
  }
  for (Value alias : aliases.resolve(alloc.getResult()))
    for (Operation *user : alias.getUsers())
      if (user->hasTrait<OpTrait::IsTerminator>())
        return "it leaves its block through " +
               quoted(user->getName().getStringRef().str());
  return "";
}

void classic::computePromotion(SourceIndex &index, FunctionId fn,
                               const FunctionFacts &facts, ClassicPlan &plan,
                               uint64_t limitBytes) {
  Operation *function = index.function(fn);
  const BufferViewFlowAnalysis &aliases = facts.aliases;
  function->walk([&](memref::AllocOp alloc) {
    ValueId value = index.idOf(alloc.getResult());
    OpId op = index.idOf(alloc.getOperation());
    if (value == kNone || op == kNone)
      return;
    std::string reason = whyNotPromotable(alloc, aliases, limitBytes);
    plan.promotions.push_back({value, reason.empty(), reason});
    if (!reason.empty())
      return;
    AnalysisResult &result = index.result();
    uint64_t size = *staticSizeInBytes(alloc.getType());
    Finding finding = makeFinding(
        "BL301", result.ops[op].nameRange,
        result.values[value].name +
            " can be promoted to the stack: " + std::to_string(size) +
            " bytes (limit " + std::to_string(limitBytes) +
            "), static shape, and it never leaves its block");
    finding.severity = Severity::Hint;
    finding.fixes.push_back(
        {"Allocate " + result.values[value].name + " on the stack",
         {{result.ops[op].nameRange, "memref.alloca"}}});
    result.findings.push_back(std::move(finding));
  });
}

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
// Allocations and frees are found by their memory effects
// (MemoryEffectOpInterface: `Allocate` on a result, `Free` on an operand), as
// BufferFacts classifies buffers, not by op name: an allocation of another
// dialect (`gpu.alloc`) is explained, not silently skipped, and a buffer some
// op frees (`memref.realloc`, `gpu.dealloc`) stays on the heap, since that
// free of a stack buffer would be invalid.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/BufferFacts.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <functional>
#include <limits>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

/// Whether `op` has an effect `Effect` on `value`.
template <typename Effect> static bool hasEffectOn(Operation *op, Value value) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && effects.getEffectOnValue<Effect>(value).has_value();
}

/// Whether `result` is a heap allocation of its defining op: an `Allocate`
/// effect on it outside the automatic-allocation-scope resource (that one is
/// `memref.alloca`'s).
static bool isHeapAllocation(OpResult result) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(result.getOwner());
  if (!effects || !isa<MemRefType>(result.getType()))
    return false;
  auto allocate = effects.getEffectOnValue<MemoryEffects::Allocate>(result);
  return allocate && !isa<SideEffects::AutomaticAllocationScopeResource>(
                         allocate->getResource());
}

namespace {
/// The first op, in document order, that passes on or frees one of an
/// allocation's aliases: the reason it stays on the heap.
struct FirstEscape {
  OpId order = std::numeric_limits<OpId>::max();
  Operation *user = nullptr;
};
using EscapeFold = AliasFold<FirstEscape>;
} // namespace

/// Why the heap allocation `value` cannot live on the stack, or empty when it
/// can. Of several reasons, the first op's (`escapes`) is given.
static std::string whyNotPromotable(OpResult value, EscapeFold &escapes,
                                    uint64_t limit) {
  Operation *alloc = value.getOwner();
  if (!isa<memref::AllocOp>(alloc))
    return "it is allocated by " +
           quoted(alloc->getName().getStringRef().str()) +
           ", and only a `memref.alloc` can become a `memref.alloca`";
  auto type = cast<MemRefType>(value.getType());
  std::optional<uint64_t> size = staticSizeInBytes(type);
  if (!type.hasStaticShape())
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
  FirstEscape first = escapes.get(value);
  if (!first.user)
    return "";
  if (first.user->hasTrait<OpTrait::IsTerminator>())
    return "it leaves its block through " +
           quoted(first.user->getName().getStringRef().str());
  return "it is freed by " +
         quoted(first.user->getName().getStringRef().str()) +
         ", which must not free a stack buffer";
}

void classic::computePromotion(SourceIndex &index, FunctionId fn,
                               FunctionFacts &facts, ClassicPlan &plan,
                               uint64_t limitBytes) {
  Operation *function = index.function(fn);
  // The aliases are a pointer-keyed set: the first use is chosen by its
  // place in the document, so that the reason is the same from run to run
  // (ops of equal place are the same op).
  auto order = [&](Operation *user) {
    OpId id = index.idOf(user);
    return id == kNone ? std::numeric_limits<OpId>::max() : id;
  };
  EscapeFold escapes(
      facts.closure,
      [&](Value alias, const void *) {
        FirstEscape first;
        for (Operation *user : alias.getUsers())
          if ((user->hasTrait<OpTrait::IsTerminator>() ||
               hasEffectOn<MemoryEffects::Free>(user, alias)) &&
              (!first.user || order(user) < first.order))
            first = {order(user), user};
        return first;
      },
      [](FirstEscape &into, const FirstEscape &from) {
        if (from.user && (!into.user || from.order < into.order))
          into = from;
      });
  // The reasons first, then the findings: their number is known then, and
  // the findings grow once instead of doubling past it (a long function's
  // doubled findings were part of lint's peak: bench/README.md, "select").
  struct Promotable {
    OpResult allocated;
    ValueId value;
    OpId op;
  };
  std::vector<Promotable> promotable;
  function->walk([&](Operation *alloc) {
    if (budgetExhausted())
      return; // Dropped with the function (Hoisting.cpp says why).
    if (alloc == function || alloc->getNumResults() != 1 ||
        !isHeapAllocation(alloc->getResult(0)))
      return;
    OpResult allocated = alloc->getResult(0);
    ValueId value = index.idOf(allocated);
    OpId op = index.idOf(alloc);
    if (value == kNone || op == kNone)
      return;
    std::string reason = whyNotPromotable(allocated, escapes, limitBytes);
    plan.promotions.push_back({value, reason.empty(), reason});
    if (reason.empty())
      promotable.push_back({allocated, value, op});
  });
  AnalysisResult &result = index.result();
  reserveMore(result.findings, promotable.size());
  for (auto [allocated, value, op] : promotable) {
    uint64_t size = *staticSizeInBytes(cast<MemRefType>(allocated.getType()));
    Finding finding = makeFinding(
        FindingCode::BL301, result.ops[op].nameRange,
        result.values[value].name +
            " can be promoted to the stack: " + std::to_string(size) +
            " bytes (limit " + std::to_string(limitBytes) +
            "), static shape, and it never leaves its block");
    finding.severity = Severity::Hint;
    // The op's name range covers the quotes of the generic form
    // (`"memref.alloc"(...)`), where an unquoted name does not parse.
    SourceRange name = result.ops[op].nameRange;
    bool generic = name.end > name.begin && result.text()[name.begin] == '"';
    finding.fixes.push_back(
        {"Allocate " + result.values[value].name + " on the stack",
         {{name, generic ? "\"memref.alloca\"" : "memref.alloca"}}});
    result.findings.push_back(std::move(finding));
  }
}

//===- BufferFacts.cpp ----------------------------------------------------===//

#include "analysis/ir/BufferFacts.h"
#include "analysis/FunctionBudget.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/ir/ViewFlowGraph.h"
#include "analysis/model/Origins.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace bufferlens;
using namespace mlir;

BufferKind bufferlens::classifyBuffer(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (arg.getOwner()->isEntryBlock() && isa<FunctionOpInterface>(parent))
      return BufferKind::FunctionArgument;
    return BufferKind::Merge;
  }
  Operation *op = value.getDefiningOp();
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    if (auto alloc = effects.getEffectOnValue<MemoryEffects::Allocate>(value))
      return isa<SideEffects::AutomaticAllocationScopeResource>(
                 alloc->getResource())
                 ? BufferKind::StackAlloc
                 : BufferKind::HeapAlloc;
  }
  if (isa<memref::GetGlobalOp>(op))
    return BufferKind::Global;
  if (isa<CallOpInterface>(op))
    return BufferKind::CallResult;
  if (isa<ViewLikeOpInterface>(op) || isa<memref::CastOp>(op) ||
      isa<memref::ReinterpretCastOp>(op) ||
      isa<memref::ExtractStridedMetadataOp>(op))
    return BufferKind::View;
  if (isa<RegionBranchOpInterface>(op) ||
      op->getName().getStringRef() == "arith.select")
    return BufferKind::Merge;
  return BufferKind::Unknown;
}

/// a * b into `product`; false when it overflows 64 bits.
static bool multiply(uint64_t a, uint64_t b, uint64_t &product) {
  bool overflowed = false;
  product = llvm::SaturatingMultiply(a, b, &overflowed);
  return !overflowed;
}

std::optional<uint64_t> bufferlens::staticElementCount(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasStaticShape())
    return std::nullopt;
  // Not ShapedType::getNumElements: a shape the parser accepts can hold
  // more elements than an int64_t counts (`tensor<9223372036854775807x2xf32>`).
  uint64_t count = 1;
  for (int64_t dim : shaped.getShape())
    if (!multiply(count, static_cast<uint64_t>(dim), count))
      return std::nullopt;
  return count;
}

std::optional<uint64_t> bufferlens::staticSizeInBytes(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !isa<MemRefType, RankedTensorType>(shaped))
    return std::nullopt;
  std::optional<uint64_t> elements = staticElementCount(shaped);
  if (!elements)
    return std::nullopt;
  Type element = shaped.getElementType();
  std::optional<uint64_t> bits;
  if (element.isIntOrIndexOrFloat())
    bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  else if (auto complex = dyn_cast<ComplexType>(element);
           complex && complex.getElementType().isIntOrFloat())
    bits = 2 * complex.getElementType().getIntOrFloatBitWidth();
  else if (auto vector = dyn_cast<VectorType>(element);
           vector && !vector.isScalable() &&
           vector.getElementType().isIntOrFloat())
    if (std::optional<uint64_t> lanes = staticElementCount(vector)) {
      uint64_t width = vector.getElementType().getIntOrFloatBitWidth();
      if (uint64_t product; multiply(*lanes, width, product))
        bits = product;
    }
  uint64_t bytes;
  if (!bits || !multiply(*elements, *bits / 8 + (*bits % 8 != 0), bytes))
    return std::nullopt;
  return bytes;
}

static bool isRoot(BufferKind kind) {
  return kind == BufferKind::HeapAlloc || kind == BufferKind::StackAlloc ||
         kind == BufferKind::Global || kind == BufferKind::CallResult ||
         kind == BufferKind::FunctionArgument || kind == BufferKind::Unknown;
}

// Both tables are built in time linear in the flow graph (plus what they
// hold): resolving each value's aliases, or walking back from each value
// to its origins, was quadratic in a chain of N block arguments (2,000
// blocks: 0.7 s; 20,000: over a minute).
void bufferlens::computeBufferFacts(SourceIndex &index, FunctionId fn) {
  AnalysisResult &result = index.result();
  FunctionOpInterface function = index.function(fn);
  llvm::DenseMap<Value, llvm::SmallVector<Value, 2>> dependents, sources;
  {
    // Upstream's dependencies, from a graph built for them: the analysis
    // itself took 90-117 MB for a moment on a long function
    // (ViewFlowGraph.h). What is computed below does not depend on the
    // order of the edges.
    ViewFlowGraph flow = ViewFlowGraph::build(function);
    for (unsigned n = 0, e = flow.size(); n < e; ++n)
      for (unsigned target : flow.dependencies(n)) {
        Value from = flow.value(n), to = flow.value(target);
        dependents[from].push_back(to);
        sources[to].push_back(from);
      }
  }
  auto isTableMemRef = [&](Value v) {
    return isa<BaseMemRefType>(v.getType()) && index.idOf(v) != kNone;
  };

  // The memref values of the tables `value` flows into, walking on through
  // the values that are not (a pointer extracted from a memref, say).
  auto flowsInto = [&](Value value) {
    std::vector<ValueId> ids;
    llvm::SmallVector<Value> work{value};
    llvm::DenseSet<Value> seen{value};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Value to : dependents.lookup(v)) {
        if (isTableMemRef(to)) {
          ids.push_back(index.idOf(to));
          continue;
        }
        if (seen.insert(to).second)
          work.push_back(to);
      }
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  };

  // Origins walk the flow backwards and stop at roots. A call result is one:
  // under the function-boundary ABI the callee returns a buffer of its own,
  // although the flow analysis lets every result of a call depend on what
  // the call was passed (resolveReverse would go on into the operands).
  // The least fixpoint of origins(v) = the union over v's sources s of {s}
  // for a memref root s and origins(s) otherwise, by a worklist: each
  // value is revisited only when the origins of one of its sources grew.
  auto isStop = [&](Value v) {
    return isa<BaseMemRefType>(v.getType()) && isRoot(classifyBuffer(v));
  };
  // A value with more than kMaxStoredOrigins roots defers its list
  // (Origins.h): so does every value it flows into, whose roots hold its
  // own. A chain of selects gave each of its values the allocations before
  // it, N^2/2 ids in all.
  llvm::DenseMap<Value, std::vector<ValueId>> origins;
  llvm::DenseSet<Value> deferred;
  std::vector<Value> worklist;
  llvm::DenseSet<Value> queued;
  for (const auto &[to, froms] : sources)
    if (!isStop(to) && queued.insert(to).second)
      worklist.push_back(to);
  std::vector<ValueId> grown;
  while (!worklist.empty() && !budgetExhausted()) {
    Value v = worklist.back();
    worklist.pop_back();
    queued.erase(v);
    if (deferred.contains(v))
      continue; // Deferred stays deferred: origins only grow.
    grown.clear();
    bool defer = false;
    for (Value source : sources.lookup(v)) {
      if (isStop(source)) {
        if (ValueId id = index.idOf(source); id != kNone)
          grown.push_back(id);
        continue;
      }
      if ((defer = deferred.contains(source)))
        break;
      auto it = origins.find(source);
      if (it != origins.end())
        grown.insert(grown.end(), it->second.begin(), it->second.end());
    }
    if (!defer) {
      std::sort(grown.begin(), grown.end());
      grown.erase(std::unique(grown.begin(), grown.end()), grown.end());
      defer = grown.size() > kMaxStoredOrigins;
    }
    if (defer) {
      deferred.insert(v);
      origins.erase(v);
      for (Value to : dependents.lookup(v))
        if (!isStop(to) && queued.insert(to).second)
          worklist.push_back(to);
      continue;
    }
    std::vector<ValueId> &known = origins[v];
    if (grown.size() == known.size())
      continue; // Origins only grow: the same size is the same set.
    known = grown;
    for (Value to : dependents.lookup(v))
      if (!isStop(to) && queued.insert(to).second)
        worklist.push_back(to);
  }

  // A deferred list (Origins.h): the roots and the memref values of the
  // tables `value` comes from directly, walking back through the values
  // that are not, as the fixpoint above does.
  auto directSources = [&](Value value) {
    std::vector<ValueId> ids;
    llvm::SmallVector<Value> work{value};
    llvm::DenseSet<Value> seen{value};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (Value source : sources.lookup(v)) {
        if (isStop(source)) {
          if (ValueId id = index.idOf(source); id != kNone)
            ids.push_back(id);
          continue;
        }
        if (isTableMemRef(source)) {
          ids.push_back(encodeSource(index.idOf(source)));
          continue;
        }
        if (seen.insert(source).second)
          work.push_back(source);
      }
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    ids.insert(ids.begin(), kDeferredOrigins);
    return ids;
  };

  const FunctionEntry &entry = result.functions[fn];
  // Room for the function's facts at once (or twice the capacity, as
  // push_back grows): a long function's facts doubled past their number
  // were part of lint's peak memory (bench/README.md, "select"). Nothing
  // moves when reserveBufferFacts made room for every function first.
  size_t needed = result.buffers.size();
  for (ValueId v = entry.valueBegin; v < entry.valueEnd; ++v)
    needed += result.values[v].isMemRef;
  if (needed > result.buffers.capacity())
    result.buffers.reserve(std::max(needed, 2 * result.buffers.capacity()));
  for (ValueId v = entry.valueBegin; v < entry.valueEnd; ++v) {
    if (!result.values[v].isMemRef)
      continue;
    Value value = index.value(v);
    BufferFact fact;
    fact.value = v;
    fact.kind = classifyBuffer(value);
    fact.staticSizeBytes = staticSizeInBytes(value.getType());
    fact.flowsInto = flowsInto(value);
    if (isRoot(fact.kind))
      fact.origins = {static_cast<ValueId>(v)};
    else if (deferred.contains(value))
      fact.origins = directSources(value);
    else if (auto it = origins.find(value); it != origins.end())
      fact.origins = std::move(it->second); // Read once: not held twice.
    result.values[v].buffer = result.buffers.size();
    result.buffers.push_back(std::move(fact));
  }
}

// A function that already frees a memref is past deallocation. A free
// marked `bufferization.manual_deallocation` does not count: the ownership
// pass leaves such allocations and frees to the user and runs on the rest
// (the attribute's description in BufferizationBase.td, MLIR 22), so a
// function whose only frees carry it is still the pass's input.
bool bufferlens::freesMemory(FunctionOpInterface fn) {
  bool frees = false;
  // bufferization.dealloc declares no Free effect on its operands, but it
  // is the deallocation the upstream pass inserts.
  fn->walk([&](Operation *op) {
    if (isa<bufferization::DeallocOp>(op)) {
      frees = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (frees)
    return true;
  fn->walk([&](MemoryEffectOpInterface op) {
    if (op->hasAttr(bufferization::BufferizationDialect::kManualDeallocation))
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> effects;
    op.getEffects(effects);
    for (const auto &effect : effects)
      if (isa<MemoryEffects::Free>(effect.getEffect()) &&
          (!effect.getValue() ||
           isa<BaseMemRefType>(effect.getValue().getType()))) {
        frees = true;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return frees;
}

void bufferlens::reserveBufferFacts(AnalysisResult &result,
                                    const std::vector<char> &analyse) {
  size_t needed = result.buffers.size();
  for (FunctionId fn = 0; fn < (FunctionId)analyse.size(); ++fn) {
    if (!analyse[fn])
      continue;
    const FunctionEntry &entry = result.functions[fn];
    for (ValueId v = entry.valueBegin; v < entry.valueEnd; ++v)
      needed += result.values[v].isMemRef;
  }
  result.buffers.reserve(needed);
}

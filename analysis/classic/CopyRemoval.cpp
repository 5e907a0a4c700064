//===- CopyRemoval.cpp - BL305: copies the copy removal drops -------------===//
//
// The post phase of MLIR's buffer placement ("Buffer Deallocation -
// Internals", and llvm-project's mlir/lib/Transforms/CopyRemoval.cpp until
// clones replaced copies) removes a `memref.copy` together with the
// allocation and the free that exist only for it, in one of two ways:
//
// - reusing the source: the copy's target is a new allocation and its source
//   is freed after the copy (Bufferization.md's `dynamic_allocation`): the
//   source serves as the target;
// - reusing the target: a new buffer is written, copied into another buffer
//   and freed (the `reuseTarget` example): what wrote the new buffer writes
//   the target instead.
//
// The conditions are CopyRemoval.cpp's (the allocation, the copy and the
// free in one block; no use of the reused value between its definition and
// the copy, none of the freed one between the copy and the free), plus the
// one its review found missing: nothing that may alias the reused buffer
// is read, written or freed in the window the rewrite moves it into. May
// alias is decided on upstream's BufferViewFlowAnalysis: two buffers that
// trace back to different allocations of this function never alias; any
// buffer that comes from outside (a function or block argument, a call's
// result, a global) may alias any other buffer from outside.
//
// One exception keeps the pattern of both upstream examples: an elementwise
// linalg op (parallel loops, identity maps) that writes the new buffer may
// read another buffer from outside of the target's type. Were that buffer
// the target itself, each iteration would read an element before writing
// that same element, so the result is the same.
//
// Only `memref.copy`: `linalg.copy` also casts element types, and neither
// One-Shot Bufferize nor buffer-results-to-out-params emits it by default.
// Where anything is unclear (an op of unknown effects, a view of the freed
// buffer, different types), there is no finding.
//
// The fix is the removal as text: the allocation's, the copy's and the
// free's lines go and the uses of the dropped buffer name the reused one.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferViewFlowAnalysis.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <algorithm>
#include <memory>

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

namespace {

/// Which buffers of one function may be the same memory.
class MayAlias {
public:
  explicit MayAlias(Operation *function) : flow(function) {}

  /// The values `value` may be a view of or equal to, forwards.
  BufferViewFlowAnalysis::ValueSetT aliases(Value value) const {
    return flow.resolve(value);
  }

  /// Whether `a` and `b` trace back to a common buffer.
  bool shareRoot(Value a, Value b) const {
    const Roots &ra = roots(a), &rb = roots(b);
    return llvm::any_of(ra.all, [&](Value r) { return rb.all.contains(r); });
  }

  bool mayAlias(Value a, Value b) const {
    const Roots &ra = roots(a), &rb = roots(b);
    if (llvm::any_of(ra.all, [&](Value r) { return rb.all.contains(r); }))
      return true;
    // A fresh allocation of this function is no argument's buffer; a call's
    // result or a global may be any buffer.
    return ra.unknown || rb.unknown || (ra.fromOutside && rb.fromOutside);
  }

private:
  struct Roots {
    llvm::SmallPtrSet<Value, 4> all;
    bool fromOutside = false; ///< An argument of the function.
    bool unknown = false;     ///< Anything else not allocated here.
  };

  /// Remembered: a window asks about the same operands again and again.
  const Roots &roots(Value value) const {
    std::unique_ptr<Roots> &slot = rootsOf[value];
    if (slot)
      return *slot;
    slot = std::make_unique<Roots>(); // Stays put when the map grows.
    Roots &out = *slot;
    for (Value v : flow.resolveReverse(value)) {
      if (!flow.mayBeTerminalBuffer(v))
        continue;
      out.all.insert(v);
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner()->isEntryBlock() &&
            isa<FunctionOpInterface>(arg.getOwner()->getParentOp()))
          out.fromOutside = true;
        else
          out.unknown = true;
        continue;
      }
      auto effects = dyn_cast<MemoryEffectOpInterface>(v.getDefiningOp());
      if (!effects || !effects.getEffectOnValue<MemoryEffects::Allocate>(v))
        out.unknown = true;
    }
    if (out.all.empty())
      out.unknown = true;
    return out;
  }

  BufferViewFlowAnalysis flow;
  mutable llvm::DenseMap<Value, std::unique_ptr<Roots>> rootsOf;
};

/// One copy that can go, and what goes with it.
struct Removal {
  memref::CopyOp copy;
  Operation *allocation = nullptr; ///< Of the dropped buffer.
  Operation *free = nullptr;       ///< The free that goes with the copy.
  Value dropped;                   ///< Its uses become `kept`.
  Value kept;
  bool reusesSource = false;
};

} // namespace

/// The single op freeing `value` if it is a `memref.dealloc`, else null.
static memref::DeallocOp onlyDealloc(Value value) {
  Operation *found = nullptr;
  for (Operation *user : value.getUsers()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects || !effects.getEffectOnValue<MemoryEffects::Free>(value))
      continue;
    if (found)
      return nullptr;
    found = user;
  }
  return dyn_cast_or_null<memref::DeallocOp>(found);
}

/// Whether `op` is strictly between `first` and `last`, ops of one block.
static bool isBetween(Operation *op, Operation *first, Operation *last) {
  return first->isBeforeInBlock(op) && op->isBeforeInBlock(last);
}

/// Whether iteration i of `op` reads and writes element i of each operand
/// only: parallel loops, every indexing map the identity.
static bool isIdentityElementwise(linalg::LinalgOp op) {
  return op.hasPureBufferSemantics() &&
         op.getNumLoops() == op.getNumParallelLoops() &&
         llvm::all_of(op.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); });
}

/// Whether `user` of a buffer makes an alias BufferViewFlowAnalysis does
/// not follow: a tensor (`bufferization.to_tensor`) or an address.
static bool capturesBuffer(Operation *user) {
  if (isa<bufferization::ToTensorOp, memref::ExtractAlignedPointerAsIndexOp>(
          user))
    return true;
  return llvm::any_of(user->getResultTypes(), [](Type type) {
    return isa<TensorType>(type) || isa<LLVM::LLVMPointerType>(type);
  });
}

/// Whether the copy's target is a fresh allocation the source can stand for.
static std::optional<Removal> reuseSource(memref::CopyOp copy,
                                          const MayAlias &alias) {
  Value source = copy.getSource(), target = copy.getTarget();
  Block *block = copy->getBlock();
  auto targetAlloc = target.getDefiningOp<memref::AllocOp>();
  auto sourceAlloc = source.getDefiningOp<memref::AllocOp>();
  memref::DeallocOp free = onlyDealloc(source);
  if (!targetAlloc || !sourceAlloc || !free ||
      targetAlloc->getBlock() != block || free->getBlock() != block ||
      !copy->isBeforeInBlock(free))
    return std::nullopt;
  // The source must keep the alignment the target promised.
  if (targetAlloc.getAlignment() &&
      sourceAlloc.getAlignment().value_or(0) < *targetAlloc.getAlignment())
    return std::nullopt;
  // The target is not touched before the copy (users in later blocks run
  // after the whole block).
  for (Operation *user : target.getUsers()) {
    Operation *at = block->findAncestorOpInBlock(*user);
    if (user != copy && at && !copy->isBeforeInBlock(at))
      return std::nullopt;
  }
  // Nothing may see the source after the copy but its free: no use, of it
  // or of a view of it, later in the block or in another one; and it must
  // not escape through an op whose effects are unknown.
  for (Value view : alias.aliases(source)) {
    for (Operation *user : view.getUsers()) {
      if (user == copy.getOperation() || user == free.getOperation())
        continue;
      Operation *at = block->findAncestorOpInBlock(*user);
      if (!at || copy->isBeforeInBlock(at))
        return std::nullopt;
      if (capturesBuffer(user) ||
          (!isa<MemoryEffectOpInterface>(user) &&
           !user->hasTrait<OpTrait::HasRecursiveMemoryEffects>()))
        return std::nullopt;
    }
  }
  return Removal{copy, targetAlloc, free, target, source, true};
}

/// Whether an op of the window, `op`, may touch `target`'s memory (false
/// for ops that touch only `temporary`, which the rewrite renames).
static bool touchesTarget(Operation *op, Value temporary, Value target,
                          const MayAlias &alias) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  bool writesTemporary =
      linalgOp && llvm::is_contained(linalgOp.getDpsInits(), temporary);
  for (const MemoryEffects::EffectInstance &effect : instances) {
    if (isa<MemoryEffects::Allocate>(effect.getEffect()))
      continue;
    Value value = effect.getValue();
    if (!value)
      return isa<SideEffects::DefaultResource>(effect.getResource());
    if (!isa<BaseMemRefType>(value.getType()))
      return true;
    if (value == temporary || !alias.mayAlias(value, target))
      continue;
    // An elementwise writer of the temporary reading a buffer that is the
    // target only if the caller passes one buffer twice: reading element i
    // before writing element i, it computes the same either way.
    bool elementwiseRead =
        writesTemporary && isa<MemoryEffects::Read>(effect.getEffect()) &&
        isIdentityElementwise(linalgOp) &&
        llvm::is_contained(linalgOp.getDpsInputs(), value) &&
        value.getType() == target.getType() && !alias.shareRoot(value, target);
    if (!elementwiseRead)
      return true;
  }
  return false;
}

/// Whether the copy's source is a fresh buffer whose writers can write the
/// target instead.
static std::optional<Removal> reuseTarget(memref::CopyOp copy,
                                          const MayAlias &alias,
                                          DominanceInfo &dominance,
                                          ArrayRef<Operation *> captures) {
  Value source = copy.getSource(), target = copy.getTarget();
  Block *block = copy->getBlock();
  auto sourceAlloc = source.getDefiningOp<memref::AllocOp>();
  memref::DeallocOp free = onlyDealloc(source);
  if (!sourceAlloc || !free || sourceAlloc->getBlock() != block ||
      free->getBlock() != block || !copy->isBeforeInBlock(free) ||
      !dominance.properlyDominates(target, sourceAlloc))
    return std::nullopt;
  // The source has no view or other alias, and every use of it is in the
  // window between its allocation and the copy, the copy or the free.
  BufferViewFlowAnalysis::ValueSetT views = alias.aliases(source);
  if (views.size() != 1 || !views.contains(source))
    return std::nullopt;
  for (Operation *user : source.getUsers()) {
    if (user == copy.getOperation() || user == free.getOperation())
      continue;
    Operation *at = block->findAncestorOpInBlock(*user);
    if (!at || !isBetween(at, sourceAlloc, copy) || capturesBuffer(user))
      return std::nullopt;
  }
  // A tensor or an address of what may be the target reads it where the
  // effects below do not show (`tensor.extract` has none).
  for (Operation *op : captures)
    for (Value operand : op->getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          alias.mayAlias(operand, target))
        return std::nullopt;
  // No access in the window to anything that may be the target: the
  // rewrite writes the target there.
  for (Operation *op = sourceAlloc->getNextNode(); op != copy;
       op = op->getNextNode()) {
    WalkResult walk = op->walk([&](Operation *nested) {
      return touchesTarget(nested, source, target, alias)
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return std::nullopt;
  }
  return Removal{copy, sourceAlloc, free, source, target, false};
}

/// The fix's edits: the three lines go, `dropped`'s uses name `kept`; or
/// nullopt when the text does not allow it (an op sharing its line, a use
/// not written as the value's name, a name that is not `%name`).
static std::optional<std::vector<TextEdit>> removalEdits(SourceIndex &index,
                                                         const Removal &r) {
  const AnalysisResult &result = index.result();
  std::string_view text = index.parsed().text();
  memref::CopyOp copy = r.copy;
  std::vector<TextEdit> edits;
  std::vector<SourceRange> deleted;
  for (Operation *op : {r.allocation, copy.getOperation(), r.free}) {
    OpId id = index.idOf(op);
    if (id == kNone)
      return std::nullopt;
    std::optional<SourceRange> lines =
        wholeLines(text, result.ops[id].fullRange);
    if (!lines)
      return std::nullopt;
    deleted.push_back(*lines);
    edits.push_back({*lines, ""});
  }
  ValueId droppedId = index.idOf(r.dropped), keptId = index.idOf(r.kept);
  if (droppedId == kNone || keptId == kNone)
    return std::nullopt;
  const std::string &keptName = result.values[keptId].name;
  const ValueEntry &dropped = result.values[droppedId];
  if (keptName.size() < 2 || keptName[0] != '%' ||
      keptName.find('#') != std::string::npos)
    return std::nullopt;
  if (!classic::renameWrittenUses(
          text, r.dropped, dropped, keptName, deleted,
          [&](Operation *owner) {
            return owner == copy.getOperation() || owner == r.allocation ||
                   owner == r.free;
          },
          edits))
    return std::nullopt;
  std::sort(
      edits.begin(), edits.end(),
      [](const TextEdit &a, const TextEdit &b) { return a.range < b.range; });
  for (size_t i = 1; i < edits.size(); ++i)
    if (edits[i].range.begin < edits[i - 1].range.end)
      return std::nullopt;
  return edits;
}

static void report(SourceIndex &index, const Removal &r) {
  AnalysisResult &result = index.result();
  memref::CopyOp copy = r.copy;
  OpId copyId = index.idOf(copy.getOperation());
  if (copyId == kNone)
    return;
  std::string source = index.nameOf(copy.getSource());
  std::string target = index.nameOf(copy.getTarget());
  std::string dropped = index.nameOf(r.dropped);
  std::string kept = index.nameOf(r.kept);
  std::string message =
      "the copy of " + source + " into " + target + " is redundant: " +
      (r.reusesSource
           ? target + " is a new buffer and " + source +
                 " is freed after the copy with no other use after it, so " +
                 source + " can be used in place of " + target
           : source +
                 " is a new buffer, written, copied and freed, and "
                 "nothing in between can see " +
                 target + " written earlier, so " + target +
                 " can be written in place of " + source);
  Finding finding = makeFinding(
      FindingCode::BL305, result.ops[copyId].nameRange, std::move(message));
  finding.severity = Severity::Warning;
  if (OpId id = index.idOf(r.allocation); id != kNone)
    finding.related.push_back(
        {result.ops[id].nameRange,
         "this allocation of " + dropped + " goes away with the copy"});
  if (OpId id = index.idOf(r.free); id != kNone)
    finding.related.push_back(
        {result.ops[id].nameRange,
         "this free of " + source + " goes away with the copy"});
  if (auto edits = removalEdits(index, r))
    finding.fixes.push_back(
        {"Remove redundant copy: use " + kept + " in place of " + dropped,
         std::move(*edits)});
  result.findings.push_back(std::move(finding));
}

/// Whether the user frees `removal`'s buffers by hand: the deallocation
/// pass leaves such an allocation alone, so the kept buffer would not be
/// freed where the dropped one would have been.
static bool freedByHand(const Removal &removal) {
  auto byHand = [](Operation *op) {
    return op && op->hasAttr(
                     bufferization::BufferizationDialect::kManualDeallocation);
  };
  return byHand(removal.allocation) || byHand(removal.free) ||
         byHand(removal.kept.getDefiningOp()) ||
         byHand(removal.dropped.getDefiningOp());
}

void classic::findRedundantCopies(SourceIndex &index, FunctionId fn) {
  FunctionOpInterface function = index.function(fn);
  SmallVector<memref::CopyOp> copies;
  function->walk([&](memref::CopyOp copy) {
    if (copy.getSource().getType() == copy.getTarget().getType() &&
        onlyDealloc(copy.getSource()))
      copies.push_back(copy);
  });
  if (copies.empty())
    return;
  MayAlias alias(function);
  DominanceInfo dominance(function);
  SmallVector<Operation *> captures;
  function->walk([&](Operation *op) {
    if (capturesBuffer(op))
      captures.push_back(op);
  });
  llvm::SmallPtrSet<Operation *, 8> removed;
  for (memref::CopyOp copy : copies) {
    std::optional<Removal> removal = reuseSource(copy, alias);
    if (!removal)
      removal = reuseTarget(copy, alias, dominance, captures);
    // Two removals sharing an op would each assume the other's op stays.
    if (!removal || freedByHand(*removal) ||
        removed.contains(removal->allocation) ||
        removed.contains(removal->free))
      continue;
    removed.insert(removal->allocation);
    removed.insert(removal->free);
    report(index, *removal);
  }
}

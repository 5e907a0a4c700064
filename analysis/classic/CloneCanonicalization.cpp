//===- CloneCanonicalization.cpp - BL304: clones canonicalization folds ---===//
//
// Seed "Clone Canonicalization": a `bufferization.clone` whose result or
// source is freed in the clone's own block, with no other free in between,
// is redundant: the canonicalizer uses the source instead of the clone and
// drops that dealloc. The conditions are those of upstream's clone
// canonicalization pattern (one dealloc each at most, not both freed in the
// same block, no free between the clone and the dealloc).
//
//===----------------------------------------------------------------------===//

#include "analysis/SourceIndex.h"
#include "analysis/classic/Internal.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace bufferlens;
using namespace bufferlens::classic;
using namespace mlir;

/// The single op freeing `value`: null when none, nullopt when several.
static std::optional<Operation *> findDealloc(Value value) {
  Operation *found = nullptr;
  for (Operation *user : value.getUsers()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(user);
    if (!effects || !effects.getEffectOnValue<MemoryEffects::Free>(value))
      continue;
    if (found)
      return std::nullopt;
    found = user;
  }
  return found;
}

void classic::findRedundantClones(SourceIndex &index, FunctionId fn) {
  AnalysisResult &result = index.result();
  index.function(fn)->walk([&](bufferization::CloneOp clone) {
    OpId cloneId = index.idOf(clone.getOperation());
    if (cloneId == kNone || clone.use_empty())
      return;
    Value source = clone.getInput();
    if (source.getType() != clone.getType() &&
        !memref::CastOp::areCastCompatible(source.getType(), clone.getType()))
      return;
    Value canonical = source;
    while (auto view = dyn_cast_or_null<ViewLikeOpInterface>(
               canonical.getDefiningOp())) {
      if (canonical != view.getViewDest())
        break;
      canonical = view.getViewSource();
    }
    std::optional<Operation *> cloneDealloc = findDealloc(clone.getOutput());
    std::optional<Operation *> sourceDealloc = findDealloc(canonical);
    if (!cloneDealloc || !sourceDealloc)
      return;
    if (*cloneDealloc && *sourceDealloc &&
        (*cloneDealloc)->getBlock() == (*sourceDealloc)->getBlock())
      return;
    Block *block = clone->getBlock();
    Operation *redundant = nullptr;
    bool ofClone = false;
    if (*cloneDealloc && (*cloneDealloc)->getBlock() == block) {
      redundant = *cloneDealloc;
      ofClone = true;
    } else if (*sourceDealloc && (*sourceDealloc)->getBlock() == block) {
      redundant = *sourceDealloc;
    }
    if (!redundant)
      return;
    for (Operation *pos = clone->getNextNode(); pos != redundant;
         pos = pos->getNextNode()) {
      if (!pos)
        return;
      auto effects = dyn_cast<MemoryEffectOpInterface>(pos);
      if (effects && effects.hasEffect<MemoryEffects::Free>())
        return;
    }
    OpId deallocId = index.idOf(redundant);
    std::string cloneName = index.nameOf(clone.getOutput());
    std::string sourceName = index.nameOf(source);
    std::string freed = ofClone ? cloneName : sourceName;
    Finding finding = makeFinding(
        "BL304", result.ops[cloneId].nameRange,
        cloneName + " is a redundant clone of " + sourceName + ": " + freed +
            " is freed in the same block, so canonicalization uses " +
            sourceName + " in place of " + cloneName +
            " and drops the clone and that dealloc");
    finding.severity = Severity::Warning;
    if (deallocId != kNone)
      finding.related.push_back(
          {result.ops[deallocId].nameRange,
           "this free of " + freed + " goes away with the clone"});
    result.findings.push_back(std::move(finding));
  });
}

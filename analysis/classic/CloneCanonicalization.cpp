//===- CloneCanonicalization.cpp - BL304: clones canonicalization folds ---===//
//
// BufferDeallocationInternals.md "Clone Canonicalization": a
// `bufferization.clone` whose result or source is freed in the clone's own
// block, with no other free in between, is redundant: the canonicalizer uses
// the source instead of the clone and drops that dealloc. The conditions are
// those of upstream's clone canonicalization pattern (one dealloc each at most,
// not both freed in the same block, no free between the clone and the dealloc).
//
// The fix is that rewrite as text: the clone's line and the redundant
// dealloc's line go, and every use of the clone names the source instead.
// When the clone changes the type, upstream inserts a `memref.cast` of the
// source in its place; the fix does the same by renaming the clone op,
// whose syntax `%src : T1 to T2` is memref.cast's. The fix is offered only
// when that text exists: the redundant free is a `memref.dealloc`, both ops
// have their lines to themselves (blanks and a trailing comment aside),
// the source has a name in the source text, and every use of the clone is
// written there. Then the result is upstream's rewrite, which verifies.
//
//===----------------------------------------------------------------------===//

#include "analysis/classic/Internal.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <algorithm>

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

/// The edits of the fix that folds `clone` with its redundant dealloc, or
/// nullopt when the text does not allow it (see the file comment).
static std::optional<std::vector<TextEdit>>
foldingEdits(SourceIndex &index, bufferization::CloneOp clone,
             Operation *redundant) {
  const AnalysisResult &result = index.result();
  std::string_view text = index.parsed().text();
  OpId cloneOp = index.idOf(clone.getOperation());
  OpId deallocOp = index.idOf(redundant);
  ValueId cloneValue = index.idOf(clone.getOutput());
  ValueId sourceValue = index.idOf(clone.getInput());
  if (!isa<memref::DeallocOp>(redundant) || cloneOp == kNone ||
      deallocOp == kNone || cloneValue == kNone || sourceValue == kNone)
    return std::nullopt;
  const std::string &sourceName = result.values[sourceValue].name;
  const ValueEntry &cloned = result.values[cloneValue];
  if (sourceName.empty() || sourceName[0] != '%')
    return std::nullopt;
  std::optional<SourceRange> freeLines =
      wholeLines(text, result.ops[deallocOp].fullRange);
  if (!freeLines)
    return std::nullopt;
  std::vector<TextEdit> edits = {{*freeLines, ""}};

  if (clone.getInput().getType() == clone.getType()) {
    std::optional<SourceRange> cloneLines =
        wholeLines(text, result.ops[cloneOp].fullRange);
    if (!cloneLines || cloneLines->end > freeLines->begin)
      return std::nullopt;
    edits.push_back({*cloneLines, ""});
  } else {
    SourceRange name = result.ops[cloneOp].nameRange;
    if (llvm::StringRef(text.substr(name.begin, name.end - name.begin)) !=
        bufferization::CloneOp::getOperationName())
      return std::nullopt; // The generic form: no cast in that syntax.
    edits.push_back({name, memref::CastOp::getOperationName().str()});
    std::sort(
        edits.begin(), edits.end(),
        [](const TextEdit &a, const TextEdit &b) { return a.range < b.range; });
    return edits;
  }

  // Every use but the one in the deleted dealloc must be in the text.
  if (!classic::renameWrittenUses(
          text, clone.getOutput(), cloned, sourceName, {*freeLines},
          [&](Operation *owner) { return owner == redundant; }, edits))
    return std::nullopt;
  std::sort(
      edits.begin(), edits.end(),
      [](const TextEdit &a, const TextEdit &b) { return a.range < b.range; });
  return edits;
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
        FindingCode::BL304, result.ops[cloneId].nameRange,
        cloneName + " is a redundant clone of " + sourceName + ": " + freed +
            " is freed in the same block, so canonicalization uses " +
            sourceName + " in place of " + cloneName +
            " and drops the clone and that dealloc");
    finding.severity = Severity::Warning;
    if (deallocId != kNone)
      finding.related.push_back(
          {result.ops[deallocId].nameRange,
           "this free of " + freed + " goes away with the clone"});
    if (auto edits = foldingEdits(index, clone, redundant))
      finding.fixes.push_back({"Remove redundant clone/dealloc pair: use " +
                                   sourceName + " in place of " + cloneName,
                               std::move(*edits)});
    result.findings.push_back(std::move(finding));
  });
}

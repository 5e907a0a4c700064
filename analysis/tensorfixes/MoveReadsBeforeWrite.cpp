//===- MoveReadsBeforeWrite.cpp - BL501: read the old value first ---------===//
//
// One-Shot Bufferize copies a written tensor when the tensor is read after
// the write (a read-after-write conflict: the read needs the old contents,
// https://mlir.llvm.org/docs/Bufferization/, "Out-of-place bufferization").
// When the reads can run before the write, the conflict is gone. Ops with
// no memory effects on tensors are values: moving one up within its block,
// when everything it uses is already defined there, computes the same.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TextEdits.h"
#include "analysis/tensorfixes/Candidates.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace bufferlens;
using namespace bufferlens::tensorfixes;
using namespace mlir;

/// Whether every value `op` uses from outside itself (its operands and
/// those of the ops in its regions) is available before `point`.
static bool usesAvailableBefore(Operation *op, Operation *point,
                                llvm::ArrayRef<Operation *> movedBefore) {
  WalkResult walk = op->walk([&](Operation *inner) {
    for (Value operand : inner->getOperands()) {
      Operation *scope =
          isa<BlockArgument>(operand)
              ? cast<BlockArgument>(operand).getOwner()->getParentOp()
              : operand.getDefiningOp();
      if (inner != op && scope && op->isAncestor(scope))
        continue; // Defined inside `op`: moves with it.
      if (!availableBefore(operand, point, movedBefore))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

std::optional<Candidate>
tensorfixes::moveReadsBeforeWrite(const SourceIndex &index,
                                  const OutOfPlaceOperand &written) {
  const AnalysisResult &result = index.result();
  Operation *write = index.op(written.op);
  if (written.operand < 0 ||
      written.operand >= (int32_t)write->getNumOperands())
    return std::nullopt;
  Value tensor = write->getOperand(written.operand);
  Block *block = write->getBlock();

  // The ops of the write's block, after it, that use the tensor.
  llvm::SetVector<Operation *> reads;
  for (OpOperand &use : tensor.getUses()) {
    Operation *at = block->findAncestorOpInBlock(*use.getOwner());
    if (!at)
      return std::nullopt; // A use in another block: not moved here.
    if (at == write || at->isBeforeInBlock(write))
      continue;
    reads.insert(at);
  }
  if (reads.empty())
    return std::nullopt;
  std::vector<Operation *> ordered(reads.begin(), reads.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });

  std::string_view text = result.text();
  OpId writeId = index.idOf(write);
  std::optional<SourceRange> writeLines =
      wholeLines(text, result.ops[writeId].fullRange);
  if (!writeLines)
    return std::nullopt;
  Candidate candidate;
  candidate.code = FindingCode::BL501;
  candidate.op = written.op;
  std::string moved;
  std::vector<Operation *> placed;
  std::vector<TextEdit> removals;
  std::string names;
  for (Operation *read : ordered) {
    OpId id = index.idOf(read);
    if (id == kNone || read->hasTrait<OpTrait::IsTerminator>() ||
        !isMemoryEffectFree(read) || !usesAvailableBefore(read, write, placed))
      return std::nullopt;
    std::optional<SourceRange> lines =
        wholeLines(text, result.ops[id].fullRange);
    if (!lines)
      return std::nullopt;
    moved += text.substr(lines->begin, lines->end - lines->begin);
    removals.push_back({*lines, ""});
    placed.push_back(read);
    names += (names.empty() ? "`" : ", `") + result.ops[id].name + "`";
  }
  candidate.fix.edits.push_back(
      {{writeLines->begin, writeLines->begin}, std::move(moved)});
  llvm::append_range(candidate.fix.edits, removals);
  ValueId tensorId = index.idOf(tensor);
  std::string tensorName = tensorId == kNone
                               ? std::string("the tensor")
                               : "`" + result.values[tensorId].name + "`";
  candidate.fix.title = "Read " + tensorName + " before `" +
                        result.ops[writeId].name + "` writes it (move " +
                        names + " up): the write then needs no copy";
  return candidate;
}

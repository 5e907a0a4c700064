//===- Candidates.h - Edits that might remove a copy or an allocation -----===//
//
// Each candidate is an edit that keeps what the program computes; whether
// it removes the copy or the allocation is for the re-analysis to show
// (Reanalysis.h). A candidate is only proposed where its text edit is
// exact: whole lines moved, or one op's text replaced.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSORFIXES_CANDIDATES_H
#define BUFFERLENS_ANALYSIS_TENSORFIXES_CANDIDATES_H

#include "analysis/model/Model.h"
#include "analysis/model/TensorModel.h"

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace bufferlens {

class SourceIndex;

namespace tensorfixes {

/// A fix of the finding of `code` at op `op` (its name range), not yet
/// verified.
struct Candidate {
  FindingCode code = FindingCode::None;
  OpId op = kNone;
  Fix fix;
};

/// BL501 at a write that is out of place because its operand is read
/// after it: the reads of the operand after the write, moved (whole lines,
/// in their order) to just before it. Only when every such read is an op
/// of the write's block with no memory effects whose operands are all
/// defined before the write: ops on tensors are values, so running them
/// earlier computes the same.
std::optional<Candidate> moveReadsBeforeWrite(const SourceIndex &index,
                                              const OutOfPlaceOperand &write);

/// BL502 at a `tensor.empty` whose only use chain (destination operands
/// of ops that do not read it) ends as the source of a
/// `tensor.insert_slice`: the `tensor.empty` becomes a
/// `tensor.extract_slice` of that insert's destination at the same
/// offsets, sizes and strides, so the computation writes into the
/// destination directly. This is the rewrite of upstream's
/// `--eliminate-empty-tensors`
/// (mlir/lib/Dialect/Bufferization/Transforms/EmptyTensorElimination.cpp),
/// made in the user's text; the destination and the slice's operands must
/// be defined before the `tensor.empty`. A chain that ends as the source of
/// a `bufferization.materialize_in_destination` into a tensor of the same
/// type starts from that destination instead (the first op's init names
/// it) and the `tensor.empty` is deleted: the pass's rewrite for that op.
std::optional<Candidate> emptyIntoDestination(const SourceIndex &index,
                                              OpId empty);

/// Whether `value` may be used right before `point`: defined in a block
/// that holds `point` (or an op holding it) before it, or by one of
/// `movedBefore`, ops that are put before `point` ahead of the user.
bool availableBefore(mlir::Value value, mlir::Operation *point,
                     llvm::ArrayRef<mlir::Operation *> movedBefore = {});

/// `text` with `edits` (ranges in `text`, not overlapping) applied.
std::string applyEdits(std::string_view text,
                       const std::vector<TextEdit> &edits);

} // namespace tensorfixes
} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSORFIXES_CANDIDATES_H

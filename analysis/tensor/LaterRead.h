//===- LaterRead.h - The read that makes an in-place write conflict -*- C++
//-*-===//
//
// Upstream's `print-conflicts` names one read for each out-of-place
// operand, the first conflict its analysis meets, which depends on the
// order of pointer-keyed sets and can change between two runs on the same
// text. BL501's path and the hover of a copied tensor name this read
// instead: the first in source order that needs the old contents, the
// same on every run.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_LATERREAD_H
#define BUFFERLENS_ANALYSIS_TENSOR_LATERREAD_H

namespace bufferlens {

class SourceIndex;
struct TensorPlan;

namespace tensor {

/// Sets OutOfPlaceOperand::laterRead of each of `plan`'s out-of-place
/// operands: the first user of the operand's value, in source order, that
/// the write properly dominates (it always runs after the write) and that
/// One-Shot Bufferize's interface says bufferizes to a memory read of it.
/// A call is never named: whether the callee reads its argument is known
/// only to the analysis of the whole module, and outside it upstream
/// assumes a read, which would name a call that may not read.
void findLaterReads(const SourceIndex &index, TensorPlan &plan);

} // namespace tensor
} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_LATERREAD_H

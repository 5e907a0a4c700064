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

#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/IR/Dominance.h"

namespace bufferlens {

class SourceIndex;

namespace tensor {

/// Asks One-Shot Bufferize's interfaces about the user's function; built
/// once per function, and only when a question is asked (its state
/// visits every tensor value of the function).
class LaterReads {
public:
  explicit LaterReads(mlir::Operation *function);

  /// The read that needs the old contents of `value` once `write` has
  /// written its buffer in place: the first user of `value`, in source
  /// order, that `write` properly dominates (it always runs after the
  /// write) and that bufferizes to a memory read of it. Null when there is
  /// none. A call is never named: whether the callee reads its argument is
  /// known only to the analysis of the whole module, and outside it
  /// upstream assumes a read, which would name a call that may not read.
  mlir::Operation *first(const SourceIndex &index, mlir::Operation *write,
                         mlir::Value value);

private:
  static mlir::bufferization::OneShotBufferizationOptions boundaryOptions();

  mlir::DominanceInfo dominance;
  mlir::bufferization::OneShotBufferizationOptions options;
  /// A OneShotAnalysisState, not the base AnalysisState: upstream's
  /// interface models (func.call's among them) take the state they are
  /// given for one. It holds a reference to `options`: declared after it.
  mlir::bufferization::OneShotAnalysisState state;
};

} // namespace tensor
} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_LATERREAD_H

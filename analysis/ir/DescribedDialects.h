//===- DescribedDialects.h - The project's ops, as the configuration says -===//
//
// An op of a dialect MLIR has not loaded is unregistered: no interface
// says what it does, so the checker, the classic plan and the ownership
// pass treat it as an op of unknown effects (the pass rejects its function).
// For the ops described in the configuration (model/OperationDescriptions.h),
// this loads a stand-in dialect for each of their namespaces that allows
// unknown ops and types (so the generic form parses as before) and answers
// MLIR's interface lookup for them (`Dialect::getRegisteredInterfaceForOp`, the
// fallback MLIR gives a dialect for the ops it does not register, as upstream's
// test dialect does for `test.unregistered_side_effect_op`):
// MemoryEffectOpInterface (Allocate on `allocates`, Free on `frees`, Read
// and Write, nothing else), ViewLikeOpInterface for an op with one alias
// and BufferViewFlowOpInterface for all of its aliases. Every analysis asks
// those interfaces, upstream's passes included, so none of them needs to
// know about descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_DESCRIBEDDIALECTS_H
#define BUFFERLENS_ANALYSIS_IR_DESCRIBEDDIALECTS_H

#include "analysis/model/OperationDescriptions.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace bufferlens {

/// Loads a stand-in dialect in `context` for each namespace of
/// `operations` that no loaded or registered dialect has (a dialect with a
/// plugin speaks for itself). Call before parsing.
void loadDescribedDialects(
    mlir::MLIRContext &context,
    const std::shared_ptr<const OperationDescriptions> &operations);

/// The description `op` is analysed by, if any.
const OperationDescription *descriptionOf(mlir::Operation *op);

/// The described op that frees what the described op defining `allocation`
/// allocates: the one op of the same dialect described as freeing its
/// operand 0 and doing nothing else. Empty when there is none, or several.
std::string describedFreeOp(mlir::Value allocation);

/// Checks `op` and the ops nested in it against their descriptions: each
/// operand or result named exists and is a memref (a view's too). Emits an
/// error at each op that does not match; such an op gets no interface, and
/// the function holding it is not analysed.
mlir::LogicalResult verifyDescribedOps(mlir::Operation *op);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_DESCRIBEDDIALECTS_H

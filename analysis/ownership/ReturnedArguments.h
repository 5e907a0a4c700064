//===- ReturnedArguments.h - Which arguments a return can hand back -------===//
//
// BL105 asks whether a function past deallocation returns one of its
// arguments (the caller would then own a buffer it already owns). May-alias
// says yes for exactly the code the ownership-based deallocation pass
// generates for a function returning its argument:
//
//   %r = scf.if %false { scf.yield %arg0 } else { bufferization.clone %arg0 }
//
// and for the ownership-guarded variants its pipeline lowers to (`scf.if
// %owned { yield %v } else { clone %v }`, where %owned is false exactly when
// %v is an argument). This decides it on the paths instead: it enumerates
// the choices the function makes (which branch of an scf.if / cf.cond_br /
// arith.select, which predecessor of a block, whether a loop ran), keeps the
// combinations whose conditions are consistent (constants, i1 arguments and
// their negations, pointer comparisons of distinct buffers, and the
// ownership flags that travel with each value), and returns the arguments
// the returned value is on at least one of them.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_RETURNEDARGUMENTS_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_RETURNEDARGUMENTS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace bufferlens {

/// The arguments of the enclosing function that operand `operand` of the
/// return-like op `ret` is on some consistent path, or nullopt when that
/// cannot be decided (the caller then falls back to may-alias). With
/// `dynamicOwnership` (private functions under
/// `private-function-dynamic-ownership`, whose results end with one i1
/// ownership flag per memref result, in the order of the memref results),
/// an argument returned with a flag that is false on that path is not
/// counted: the caller does not own it.
/// One hop of the value a return hands back, from a choice point's result
/// (`to`: a block argument, region result or select) to the value the
/// path's choice forwards into it (`from`), with the i1 conditions that
/// choice needs (value, expected).
struct ReturnHop {
  mlir::Value to, from;
  llvm::SmallVector<std::pair<mlir::Value, bool>, 1> conditions;
};

/// `paths`, when given, receives for each argument returned the hops of the
/// first consistent path that returns it, from the return back to it.
std::optional<llvm::SmallVector<mlir::Value>> argumentsReturnedOnSomePath(
    mlir::Operation *ret, unsigned operand, bool dynamicOwnership,
    llvm::SmallVectorImpl<std::pair<mlir::Value, llvm::SmallVector<ReturnHop>>>
        *paths = nullptr);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_RETURNEDARGUMENTS_H

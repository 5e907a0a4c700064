//===- DynamicOwnershipAbi.h - The dynamic-ownership ABI, read off the IR -===//
//
// Under `ownership-based-buffer-deallocation{private-function-dynamic-
// ownership=true}` a private function returns, after its results, one i1
// per memref result: whether the caller owns that buffer
// (OwnershipBasedBufferDeallocation.md, "Function boundary ABI";
// `updateFunctionSignature` in OwnershipBasedBufferDeallocation.cpp appends
// them). A function may then return its argument with a false flag, and
// its callers free the result only when the flag says so.
//
// The IR shows whether a module follows that ABI, without the setting: a
// private function (so every call is in this module) whose results end
// with one i1 per memref result, only ever called, and whose every
// call hands each flag on to a deallocation decision: a
// `bufferization.dealloc` condition, the branch of an `scf.if` that frees or
// copies, a conditional branch, the condition arrays the lowering stores
// for its helper, or a return (passing it on). A call that drops a flag
// breaks the ABI, and the function is then held to the static one.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_DYNAMICOWNERSHIPABI_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_DYNAMICOWNERSHIPABI_H

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace bufferlens {

/// Whether `fn`'s results end with one i1 per memref result (at least one
/// memref result): the signature the dynamic-ownership ABI gives a private
/// function.
bool hasOwnershipFlagResults(mlir::FunctionOpInterface fn);

/// Whether `fn` follows the dynamic-ownership ABI as its module shows it:
/// private, with a body, ownership flag results, every use of its symbol a
/// call, and every call handing every flag on to a deallocation decision.
bool followsDynamicOwnershipAbi(mlir::FunctionOpInterface fn);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_DYNAMICOWNERSHIPABI_H

//===- LoweredAliasChecks.h - What lowering a dealloc compares
//-------------===//
//
// BL203 names the buffers whose base pointers the buffer-deallocation-
// pipeline compares at run time. Those comparisons are made by its
// lowering of `bufferization.dealloc` (bufferization-lower-deallocations,
// then cse and canonicalize), which costs more than all the passes before
// it. What it compares is decided by the simplified dealloc it starts from,
// so BL203 reads them there and never lowers.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_LOWEREDALIASCHECKS_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_LOWEREDALIASCHECKS_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "llvm/ADT/SmallVector.h"

namespace bufferlens {

/// The values whose base pointers the pipeline's lowering of `dealloc` (the
/// output of buffer-deallocation-simplification) still extracts once cse and
/// canonicalize have run, in the order the lowering extracts them; empty
/// when it compares none. From upstream's DeallocOpConversion
/// (mlir/lib/Dialect/Bufferization/Transforms/LowerDeallocations.cpp):
/// - no memref: no comparison;
/// - one memref, nothing retained: `scf.if %cond { memref.dealloc }`;
/// - one memref and retained values: the memref's pointer against each
///   retained one's (`arith.cmpi ne`); a pair cse makes the same value
///   folds away, and with it the comparison;
/// - more memrefs: every memref's and retained value's pointer is stored
///   for the helper function, which compares them all.
llvm::SmallVector<mlir::Value>
comparedByLowering(mlir::bufferization::DeallocOp dealloc);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_LOWEREDALIASCHECKS_H

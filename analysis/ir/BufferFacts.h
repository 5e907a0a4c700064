//===- BufferFacts.h - Allocation kinds, sizes and alias sets -------------===//
//
// Implements BufferDeallocationInternals.md's "Detection of Buffer
// Allocations": an op applying MemoryEffects::Allocate to a memref result
// allocates on the heap unless the effect's resource is
// AutomaticAllocationScopeResource (the stack). Aliases come from upstream's
// BufferViewFlowAnalysis so they agree with what the deallocation passes see.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_BUFFERFACTS_H
#define BUFFERLENS_ANALYSIS_IR_BUFFERFACTS_H

#include "analysis/model/Model.h"

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <optional>
#include <vector>

namespace bufferlens {

class SourceIndex;

BufferKind classifyBuffer(mlir::Value value);
/// The elements of a shaped type of static shape; none when dynamic or
/// when the count overflows 64 bits.
std::optional<uint64_t> staticElementCount(mlir::Type type);
/// The bytes of a static memref or ranked tensor (index elements count 64
/// bits); none when dynamic, of another element type, or past 64 bits.
std::optional<uint64_t> staticSizeInBytes(mlir::Type type);

/// Whether `fn` already frees memory (`memref.dealloc`, a Free effect on a
/// memref, or `bufferization.dealloc`): it is past deallocation. Frees
/// marked `bufferization.manual_deallocation` are the user's, left alone by
/// the deallocation pass, and do not count.
bool freesMemory(mlir::FunctionOpInterface fn);

/// Adds a BufferFact for every memref value of function `fn`.
void computeBufferFacts(SourceIndex &index, FunctionId fn);

/// Makes room in `result.buffers` for the facts of every function whose
/// `analyse` entry is set, before the first computeBufferFacts: each call
/// then adds its facts without moving the others. Reserved one function
/// at a time, a long function's facts followed by a short one's took
/// twice their size (bench/README.md, "select").
void reserveBufferFacts(AnalysisResult &result,
                        const std::vector<char> &analyse);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_BUFFERFACTS_H

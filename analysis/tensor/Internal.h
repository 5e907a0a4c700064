//===- Internal.h - What the steps of the tensor analysis share -----------===//

#ifndef BUFFERLENS_ANALYSIS_TENSOR_INTERNAL_H
#define BUFFERLENS_ANALYSIS_TENSOR_INTERNAL_H

#include "analysis/model/Model.h"
#include "analysis/model/Options.h"
#include "analysis/tensor/PassLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

class SourceIndex;
class TaggedClone;

namespace tensor {

class OneShotHalves;

/// What `--one-shot-bufferize` options we run (TensorAnalysis.h).
enum class PassMode { AnalysisOnly, Bufferize };

/// One error the pass reported, in the user's terms.
struct PassError {
  FunctionId function = kNone; ///< kNone: not in one function (the module).
  OpId op = kNone;
  SourceRange range;
  std::string message;
};

/// Runs upstream's one-shot-bufferize pass on `copy` (FailureIsolation.cpp);
/// false with `errors` filled when it fails.
/// Runs upstream's one-shot-bufferize on `clone` with `passOptions` (its
/// own syntax; valid, see invalidOneShotOptions) in `mode`.
bool runOneShotBufferize(const SourceIndex &index, const TaggedClone &clone,
                         PassMode mode, llvm::StringRef passOptions,
                         std::vector<PassError> &errors);

/// The analysis half of one-shot-bufferize (OneShotHalves.h) on `clone`,
/// as runOneShotBufferize in AnalysisOnly mode; `halves` keeps what it
/// decided for bufferizeWithHalves.
bool analyseWithHalves(const SourceIndex &index, const TaggedClone &clone,
                       OneShotHalves &halves, llvm::StringRef passOptions,
                       std::vector<PassError> &errors);
/// The other half on the copy analyseWithHalves analysed (its markers taken
/// off), as runOneShotBufferize in Bufferize mode.
bool bufferizeWithHalves(const SourceIndex &index, const TaggedClone &clone,
                         OneShotHalves &halves, llvm::StringRef passOptions,
                         std::vector<PassError> &errors);

/// One run of the pass (PassLimits.cpp): under crash recovery, timed.
struct GuardedRun {
  bool succeeded = false;
  bool crashed = false;
  int retCode = 0; ///< CrashRecoveryContext's: 128 + the signal.
  uint64_t milliseconds = 0;
  uint64_t grewBytes = 0; ///< Resident set growth over the run.
};
/// Runs `body` (true: it succeeded) under crash recovery; `annotating`
/// runs take turns.
GuardedRun runGuarded(llvm::function_ref<bool()> body, bool annotating);
/// What `run` exceeded of the limits in force on this thread (PassLimits.h).
std::optional<TensorPassLimits::Exceeded> exceededLimits(const GuardedRun &run);
/// After a run of `clone` that crashed or exceeded the limits: the
/// functions that do so alone, as `errors` (false), or true when the run
/// stands (too slow together but not alone).
bool isolateCulprits(const SourceIndex &index, const TaggedClone &clone,
                     PassMode mode, llvm::StringRef passOptions,
                     const GuardedRun &run, std::vector<PassError> &errors);

/// Why the pass refuses `passOptions`, or nullopt when it accepts them.
std::optional<std::string> invalidOneShotOptions(llvm::StringRef passOptions);

/// `tensor<4x8xf32>, 128 bytes` or `tensor<?xf32>`.
std::string typeAndBytes(mlir::Type shaped);

/// NotWritable.cpp: whether upstream put `o` out of place with no conflict
/// (the buffer may not be written), and why, e.g. "a buffer One-Shot
/// Bufferize may not write (`%t` is a function argument marked
/// `bufferization.writable = false`)".
bool namesNoConflict(const OutOfPlaceOperand &o);
std::string notWritableWhy(const SourceIndex &index, ValueId value);

/// Step 1 (InPlaceDecisions.cpp): the out-of-place operands and their
/// conflicts, read off the copy the analysis-only run annotated.
void readInPlaceDecisions(const SourceIndex &index, const TaggedClone &clone,
                          llvm::ArrayRef<FunctionId> functions,
                          std::map<FunctionId, TensorPlan> &plans);

/// Step 2 (BufferizedEffects.cpp): the `memref.alloc`s and the copies into
/// them of the bufferized copy, at the user's ops that caused them.
/// A `memref.alloc` of the bufferized copy and the effect step 2 made of
/// it: plans[function].allocations[effect].
struct AllocationSite {
  FunctionId function = kNone;
  size_t effect = 0;
  mlir::Operation *allocation = nullptr;
};

void readBufferizedEffects(const SourceIndex &index, const TaggedClone &clone,
                           llvm::ArrayRef<FunctionId> functions,
                           std::map<FunctionId, TensorPlan> &plans,
                           std::vector<AllocationSite> &sites);

/// Runs ownership-based deallocation on the bufferized copy and fills the
/// releases of the allocations at `sites` and the clones it adds at the
/// returns of `functions`.
void readReleases(const SourceIndex &index, const TaggedClone &clone,
                  llvm::ArrayRef<FunctionId> functions,
                  llvm::ArrayRef<AllocationSite> sites,
                  const AnalysisOptions &options,
                  std::map<FunctionId, TensorPlan> &plans);

/// A tensor result of a function's op and the operand whose buffer it
/// takes (BufferizableOpInterface's getAliasingOpOperands), if any.
struct ResultAliasing {
  OpId op = kNone;
  ValueId value = kNone;
  int32_t operand = -1; ///< -1: it aliases no tensor operand.
  ValueId source = kNone;
};

/// Step 3, first half (TensorBuffers.cpp): the aliasing of every tensor
/// result of `fn`'s ops, in op order, read off `clone` before it is
/// bufferized; nullopt when the copy lacks the function.
std::optional<std::vector<ResultAliasing>>
readResultAliasing(const SourceIndex &index, const TaggedClone &clone,
                   FunctionId fn);

/// Step 3 (TensorBuffers.cpp): where each tensor value's buffer comes from,
/// from the two steps above and the ops' aliasing.
void explainTensorBuffers(const SourceIndex &index,
                          llvm::ArrayRef<ResultAliasing> aliasing,
                          TensorPlan &plan);

/// The attributes of a copy before the analysis-only run writes its
/// markers (AnalysisMarkers.cpp), put back so the same copy can then be
/// bufferized as a fresh one would be.
class AttributesBefore {
public:
  explicit AttributesBefore(mlir::ModuleOp copy);
  /// Puts every op's attributes back as they were.
  void restore();

private:
  std::vector<std::pair<mlir::Operation *, mlir::DictionaryAttr>> discardable;
  struct FunctionAttributes {
    mlir::Operation *function;
    mlir::ArrayAttr arguments, results;
  };
  std::vector<FunctionAttributes> functions;
};

/// Step 4 (TensorFindings.cpp): BL501, BL502 and BL503 of one plan.
void reportTensorFindings(SourceIndex &index, const TensorPlan &plan);
/// BL503 of one plan the pass failed on, as reportTensorFindings words them.
std::vector<Finding> failureFindings(const TensorPlan &plan);

} // namespace tensor
} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_TENSOR_INTERNAL_H

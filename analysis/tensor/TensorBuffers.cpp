//===- TensorBuffers.cpp - Step 3: where each tensor's buffer comes from --===//
//
// What the hover says about a tensor value. A result bufferizes onto the
// buffer of the operand it aliases (BufferizableOpInterface's
// getAliasingOpOperands: the DPS init of linalg ops, the destination of
// tensor.insert / insert_slice, the init of a loop's iter_arg) when that
// operand is in place; onto a copy of it, or a new buffer when the old
// contents are not read, when it is out of place; results that alias no
// operand get a new buffer where bufferization allocates one (tensor.empty,
// tensor.pad) and otherwise the buffer the op returns (a call).
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/ownership/TaggedClone.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

/// "`%t` (operand #1 of `tensor.insert`)".
static std::string operandText(const AnalysisResult &result, ValueId value,
                               OpId op, int32_t operand) {
  std::string text =
      value != kNone ? "`" + result.values[value].name + "`" : "the operand";
  return text + " (operand #" + std::to_string(operand) + " of `" +
         result.ops[op].name + "`)";
}

std::optional<std::vector<ResultAliasing>>
tensor::readResultAliasing(const SourceIndex &index, const TaggedClone &clone,
                           FunctionId fn) {
  Operation *function = index.function(fn);
  Operation *copy = clone.lookup(function);
  if (!copy)
    return std::nullopt;
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  // Aliasing is a property of each op's interface, not of the decisions:
  // a fresh state over the (unchanged) analysed copy answers it.
  bufferization::OneShotAnalysisState state(copy, options);
  std::vector<ResultAliasing> aliasing;
  function->walk([&](Operation *original) {
    OpId id = index.idOf(original);
    Operation *op = clone.lookup(original);
    if (id == kNone || !op || original == function)
      return;
    for (OpResult result : op->getResults()) {
      if (!isa<TensorType>(result.getType()))
        continue;
      ResultAliasing entry;
      entry.op = id;
      entry.value = index.idOf(original->getResult(result.getResultNumber()));
      if (entry.value == kNone)
        continue;
      for (const bufferization::AliasingOpOperand &alias :
           state.getAliasingOpOperands(result))
        if (isa<TensorType>(alias.opOperand->get().getType())) {
          entry.operand = alias.opOperand->getOperandNumber();
          entry.source = index.idOf(original->getOperand(entry.operand));
          break;
        }
      aliasing.push_back(entry);
    }
  });
  return aliasing;
}

void tensor::explainTensorBuffers(const SourceIndex &index,
                                  llvm::ArrayRef<ResultAliasing> aliasing,
                                  TensorPlan &plan) {
  const AnalysisResult &result = index.result();
  Operation *function = index.function(plan.function);
  for (BlockArgument arg : cast<FunctionOpInterface>(function).getArguments())
    if (isa<TensorType>(arg.getType())) {
      TensorBuffer buffer;
      buffer.value = index.idOf(arg);
      buffer.kind = TensorBuffer::Kind::Argument;
      buffer.why = "the caller's buffer (bufferize-function-boundaries: a "
                   "tensor argument becomes a memref argument)";
      plan.buffers.push_back(std::move(buffer));
    }

  for (const ResultAliasing &entry : aliasing) {
    OpId id = entry.op;
    unsigned allocs = llvm::count_if(plan.allocations,
                                     [&](const auto &e) { return e.op == id; });
    unsigned copies =
        llvm::count_if(plan.copies, [&](const auto &e) { return e.op == id; });
    TensorBuffer buffer;
    buffer.value = entry.value;
    if (entry.operand >= 0) {
      int32_t number = entry.operand;
      buffer.operand = number;
      buffer.source = entry.source;
      const OutOfPlaceOperand *outOfPlace = nullptr;
      for (const OutOfPlaceOperand &o : plan.outOfPlace)
        if (o.op == id && o.operand == number)
          outOfPlace = &o;
      std::string what = operandText(result, buffer.source, id, number);
      if (!outOfPlace) {
        buffer.kind = TensorBuffer::Kind::InPlace;
        buffer.why = "in place: the buffer of " + what;
      } else if (copies > 0) {
        buffer.kind = TensorBuffer::Kind::Copy;
        buffer.why = "a copy of the buffer of " + what +
                     ", made here: the operand is bufferized out of place";
        // The read BL501's path names (LaterRead.h), the same on every
        // run; upstream's own when there is none such (a read through an
        // alias, in another branch).
        OpId readId = outOfPlace->laterRead != kNone ? outOfPlace->laterRead
                                                     : outOfPlace->read;
        if (readId != kNone)
          buffer.why += " because `" + result.ops[readId].name +
                        "` still reads the old contents after this write";
        else if (namesNoConflict(*outOfPlace))
          buffer.why += " because the write would go to " +
                        notWritableWhy(index, outOfPlace->value);
      } else {
        buffer.kind = TensorBuffer::Kind::NewAllocation;
        buffer.why = "a new allocation here: " + what +
                     " is bufferized out of place and its old contents "
                     "are not read, so nothing is copied";
      }
    } else if (allocs > 0) {
      buffer.kind = TensorBuffer::Kind::NewAllocation;
      buffer.why = "a new allocation here (`" + result.ops[id].name +
                   "` bufferizes to `memref.alloc`)";
    } else {
      buffer.kind = TensorBuffer::Kind::Other;
      buffer.why = "the buffer `" + result.ops[id].name +
                   "` produces (no allocation here)";
    }
    if (buffer.kind == TensorBuffer::Kind::NewAllocation ||
        buffer.kind == TensorBuffer::Kind::Copy)
      for (const BufferizationEffect &e : plan.allocations)
        if (e.op == id) {
          buffer.bytes = e.bytes;
          break;
        }
    plan.buffers.push_back(std::move(buffer));
  }
}

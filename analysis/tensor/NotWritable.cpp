//===- NotWritable.cpp - Why an out-of-place operand had no conflict ------===//
//
// One-Shot Bufferize also puts an operand out of place when the write
// would go to a buffer it may not write, with no conflict to name
// (`print-conflicts` prints none): a function argument marked
// `bufferization.writable = false` (or any argument, where function
// boundaries are not bufferized), a constant (a read-only global), and
// the other buffers its `isWritable` refuses. BL501's path and the hover
// say so instead of naming a later read that does not exist.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/SourceIndex.h"
#include "analysis/tensor/Internal.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace bufferlens;
using namespace mlir;

bool tensor::namesNoConflict(const OutOfPlaceOperand &o) {
  return o.definition == kNone && o.conflictingWrite == kNone &&
         o.read == kNone && o.laterRead == kNone;
}

std::string tensor::notWritableWhy(const SourceIndex &index, ValueId value) {
  std::string why = "a buffer One-Shot Bufferize may not write";
  if (value == kNone)
    return why + " (it names no conflict)";
  Value v = index.value(value);
  std::string name = "`" + index.result().values[value].name + "`";
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto fn = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    if (fn && arg.getOwner()->isEntryBlock()) {
      if (auto writable = fn.getArgAttrOfType<BoolAttr>(
              arg.getArgNumber(),
              bufferization::BufferizationDialect::kWritableAttrName);
          writable && !writable.getValue())
        return why + " (" + name + " is a function argument marked `" +
               bufferization::BufferizationDialect::kWritableAttrName.str() +
               " = false`)";
      return why + " (" + name +
             " is a function argument: without "
             "`bufferize-function-boundaries`, arguments are not written)";
    }
  }
  if (auto toTensor = v.getDefiningOp<bufferization::ToTensorOp>();
      toTensor && !toTensor.getWritable())
    return why + " (" + name +
           " comes from `bufferization.to_tensor` without `writable`)";
  if (v.getDefiningOp<arith::ConstantOp>())
    return why + " (" + name + " is a constant: a read-only global)";
  return why + " (it names no conflict)";
}

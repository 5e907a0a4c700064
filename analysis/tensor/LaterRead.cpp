//===- LaterRead.cpp ------------------------------------------------------===//

#include "analysis/tensor/LaterRead.h"
#include "analysis/ir/SourceIndex.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Interfaces/CallInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

bufferization::OneShotBufferizationOptions LaterReads::boundaryOptions() {
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  return options;
}

LaterReads::LaterReads(Operation *function)
    : dominance(function), options(boundaryOptions()),
      state(function, options) {}

Operation *LaterReads::first(const SourceIndex &index, Operation *write,
                             Value value) {
  Operation *first = nullptr;
  OpId firstId = kNone;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<CallOpInterface>(user) || !dominance.properlyDominates(write, user))
      continue;
    auto bufferizable = dyn_cast<bufferization::BufferizableOpInterface>(user);
    if (!bufferizable || !bufferizable.bufferizesToMemoryRead(use, state))
      continue;
    OpId id = index.idOf(user);
    if (id != kNone && (firstId == kNone || id < firstId)) {
      first = user;
      firstId = id;
    }
  }
  return first;
}

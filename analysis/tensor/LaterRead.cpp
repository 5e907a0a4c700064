//===- LaterRead.cpp ------------------------------------------------------===//

#include "analysis/tensor/LaterRead.h"
#include "analysis/ir/SourceIndex.h"
#include "analysis/model/TensorModel.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"

#include <optional>

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

namespace {
/// What the question needs of the function, built once and only when an
/// operand is asked about (the state visits every tensor value).
struct Queries {
  explicit Queries(Operation *function)
      : dominance(function), options(boundaryOptions()),
        state(function, options) {}
  static bufferization::OneShotBufferizationOptions boundaryOptions() {
    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    return options;
  }
  DominanceInfo dominance;
  bufferization::OneShotBufferizationOptions options;
  /// A OneShotAnalysisState, not the base AnalysisState: upstream's
  /// interface models (func.call's among them) take the state they are
  /// given for one. It holds a reference to `options`: declared after it.
  bufferization::OneShotAnalysisState state;
};
} // namespace

static OpId firstRead(const SourceIndex &index, Operation *write, Value value,
                      Queries &queries) {
  OpId first = kNone;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<CallOpInterface>(user) ||
        !queries.dominance.properlyDominates(write, user))
      continue;
    auto bufferizable = dyn_cast<bufferization::BufferizableOpInterface>(user);
    if (!bufferizable ||
        !bufferizable.bufferizesToMemoryRead(use, queries.state))
      continue;
    OpId id = index.idOf(user);
    if (id != kNone && (first == kNone || id < first))
      first = id;
  }
  return first;
}

void tensor::findLaterReads(const SourceIndex &index, TensorPlan &plan) {
  std::optional<Queries> queries;
  for (OutOfPlaceOperand &o : plan.outOfPlace) {
    if (o.value == kNone || o.op == kNone)
      continue;
    if (!queries)
      queries.emplace(index.function(plan.function));
    o.laterRead =
        firstRead(index, index.op(o.op), index.value(o.value), *queries);
  }
}

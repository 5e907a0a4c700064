//===- AnalysisMarkers.cpp - Take the analysis-only run's markers off -----===//
//
// One copy serves both runs of One-Shot Bufferize (TensorAnalysis.cpp): the
// analysis-only run changes no op, operand or block, it only writes
// attributes (upstream OneShotAnalysis.cpp: `__inplace_operands_attr__` on
// every op with tensor operands, annotateOpsWithBufferizationMarkers, and
// the "C_<n>[...]" unit attributes of each conflict, annotateConflict;
// OneShotModuleBufferize.cpp: `__equivalent_func_args__` on returns and the
// `bufferization.access` argument attribute of each function,
// annotateEquivalentReturnBbArg and annotateFuncArgAccess). Putting every
// op's attributes back as they were leaves the IR a fresh copy would be,
// so the bufferizing run decides what it decides on a fresh copy
// (test/unit/TensorMarkersTest.cpp prints both).
//
//===----------------------------------------------------------------------===//

#include "analysis/tensor/Internal.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace bufferlens;
using namespace bufferlens::tensor;
using namespace mlir;

AttributesBefore::AttributesBefore(ModuleOp copy) {
  copy->walk([&](Operation *op) {
    // Discardable attributes (all of them for an op without properties):
    // the markers are discardable.
    discardable.emplace_back(op, op->getRawDictionaryAttrs());
    // A function's argument attributes are inherent (properties of
    // func.func): `bufferization.access` goes there.
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      functions.push_back(
          {op, function.getArgAttrsAttr(), function.getResAttrsAttr()});
  });
}

void AttributesBefore::restore() {
  for (auto [op, attributes] : discardable)
    if (op->getRawDictionaryAttrs() != attributes)
      op->setDiscardableAttrs(attributes);
  for (const FunctionAttributes &before : functions) {
    auto function = cast<FunctionOpInterface>(before.function);
    if (function.getArgAttrsAttr() != before.arguments) {
      if (before.arguments)
        function.setArgAttrsAttr(before.arguments);
      else
        function.removeArgAttrsAttr();
    }
    if (function.getResAttrsAttr() != before.results) {
      if (before.results)
        function.setResAttrsAttr(before.results);
      else
        function.removeResAttrsAttr();
    }
  }
}

//===- IsolatedFunction.cpp -----------------------------------------------===//

#include "analysis/ownership/IsolatedFunction.h"
#include "analysis/ir/SymbolRefs.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SetVector.h"

using namespace bufferlens;
using namespace mlir;

IsolatedFunction::IsolatedFunction(Operation *function, ModuleOp whole,
                                   const TaggedClone::SymbolMap &symbols)
    : function(function) {
  if (function->getParentOp() != whole.getOperation())
    return;
  llvm::SetVector<Operation *> named;
  auto refs = symbolRefsIn(function);
  if (!refs)
    return; // Unknown symbol uses: leave it where every name resolves.
  for (SymbolRefAttr ref : *refs) {
    Operation *op = symbols.lookup(ref.getRootReference());
    if (!op || !ref.getNestedReferences().empty())
      return;
    if (op != function)
      named.insert(op);
  }
  // The module's own attributes (data layout, ...) stay, as in the batches.
  alone = cast<ModuleOp>(whole->cloneWithoutRegions());
  Block *body = new Block();
  alone->getBodyRegion().push_back(body);
  for (Operation *op : named)
    body->push_back(TaggedClone::standInFor(op)); // As the BL203 batches.
  home = function->getBlock();
  next = function->getNextNode();
  function->moveBefore(body, body->end());
}

IsolatedFunction::~IsolatedFunction() {
  if (!alone)
    return;
  if (next)
    function->moveBefore(next);
  else
    function->moveBefore(home, home->end());
}

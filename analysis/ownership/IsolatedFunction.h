//===- IsolatedFunction.h - A function alone in a module, for a pass ------===//
//
// Upstream's ownership-based deallocation pass looks up the callee of every
// call in a SymbolTableCollection of its own, which builds the symbol table
// of the whole enclosing module on each run. We run the pass once per
// function, on the one tagged copy of the module: each function with a call
// paid for every function of the module, quadratic in the document
// (bench/README.md, sixth round: 4x the lines of calls took 10x the time).
//
// IsolatedFunction moves (does not copy) a top-level function of the copy
// into a module of its own, beside private declarations of the functions it
// names and copies of the other symbols it names (globals), and moves it
// back to its place when destroyed. The pass sees what it saw in the whole
// module, as the BL203 batches do (TaggedClone's batch constructor).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_ISOLATEDFUNCTION_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_ISOLATEDFUNCTION_H

#include "analysis/ownership/TaggedClone.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace bufferlens {

class IsolatedFunction {
public:
  /// Moves `function` (a top-level op of `whole`, whose top-level symbols
  /// are `symbols`) into a module of its own, when every symbol it names is
  /// a top-level one of `whole`; otherwise leaves it (isolated() false).
  IsolatedFunction(mlir::Operation *function, mlir::ModuleOp whole,
                   const TaggedClone::SymbolMap &symbols);
  /// Moves the function back before the op that followed it.
  ~IsolatedFunction();
  IsolatedFunction(const IsolatedFunction &) = delete;
  IsolatedFunction &operator=(const IsolatedFunction &) = delete;

  bool isolated() const { return static_cast<bool>(alone); }

private:
  mlir::Operation *function;
  mlir::Block *home = nullptr;
  mlir::Operation *next = nullptr;
  mlir::OwningOpRef<mlir::ModuleOp> alone;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_ISOLATEDFUNCTION_H

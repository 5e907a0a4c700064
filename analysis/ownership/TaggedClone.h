//===- TaggedClone.h - A copy of the module that remembers the original ---===//
//
// The upstream passes rewrite IR in place: they append block arguments,
// rebuild region ops with extra results, wrap operands in base-buffer
// extractions. To explain their result in the user's terms we run them on
// a copy whose ops' locations name them: the file position the parser gave
// an op alone (SourceIndex::opLocatedAt), kept, or else an opaque location
// holding its op id. So every value the pass leaves (or rebuilds from an
// original op) maps back to the user's.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_OWNERSHIP_TAGGEDCLONE_H
#define BUFFERLENS_ANALYSIS_OWNERSHIP_TAGGEDCLONE_H

#include "analysis/model/Model.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace bufferlens {

class SourceIndex;

class TaggedClone {
public:
  explicit TaggedClone(const SourceIndex &index);
  /// A module holding only `functions` (tagged), private declarations of
  /// the functions they refer to and the other symbols they use: a small
  /// module keeps the module-wide passes (canonicalize) linear in size.
  /// The user's module's top-level symbols by name (built once for all
  /// batches; not an mlir::SymbolTable, which asserts on redefinitions).
  using SymbolMap = llvm::DenseMap<mlir::StringAttr, mlir::Operation *>;
  static SymbolMap symbolsOf(mlir::ModuleOp module);
  /// What stands in a small module for a symbol its functions name: a
  /// function as a private declaration (its body is not analysed there),
  /// any other symbol (a global) whole.
  static mlir::Operation *standInFor(mlir::Operation *symbol);
  TaggedClone(const SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
              const SymbolMap &symbols);
  /// The root names of the symbols one function uses
  /// (SymbolTable::getSymbolUses), or nullopt when MLIR cannot list them.
  using SymbolNames = std::optional<llvm::SmallVector<mlir::StringAttr>>;
  static SymbolNames symbolNamesOf(mlir::Operation *function);
  /// The same, given the names each of `functions` uses (`names[i]` for
  /// `functions[i]`), for callers that list them once for several copies:
  /// the listing walks every op and attribute of a function.
  TaggedClone(const SourceIndex &index, llvm::ArrayRef<FunctionId> functions,
              const SymbolMap &symbols, llvm::ArrayRef<SymbolNames> names);

  ~TaggedClone();
  TaggedClone(const TaggedClone &) = delete;
  TaggedClone &operator=(const TaggedClone &) = delete;

  mlir::ModuleOp module() const { return copy.get(); }
  /// The copy is left undestroyed: a pass crashed in it, mid-rewrite, and
  /// its IR cannot be trusted to come apart cleanly (tensor/PassLimits.h).
  void leakModule() const { leaked = true; }
  /// False when a function of a batch has symbol uses MLIR cannot list:
  /// the batch may then lack a symbol the whole copy has.
  bool namesEverySymbol() const { return everySymbolNamed; }

  mlir::Operation *lookup(mlir::Operation *original) const {
    return mapping.lookupOrNull(original);
  }
  mlir::Block *lookup(mlir::Block *original) const {
    return mapping.lookupOrNull(original);
  }
  /// The user's block a block of the copy stands for, or null.
  mlir::Block *originalBlockOf(mlir::Block *copy) const;

  /// The user's value a value of the copy stands for, or kNone for values
  /// the passes created.
  ValueId originOf(mlir::Value copy) const;
  /// For the i1 the pass appended beside a memref block argument, region
  /// result or call result: that memref.
  std::optional<ValueId> ownedBy(mlir::Value copy) const;
  /// The user's op a location of the copy names (the first, when a pass
  /// fused several).
  OpId originOpOf(mlir::Location loc) const;
  /// Calls `each` with every user's op `loc` names, outermost first, while
  /// it returns true.
  void forEachOriginOp(mlir::Location loc,
                       llvm::function_ref<bool(OpId)> each) const;

private:
  const SourceIndex &index;
  mlir::OwningOpRef<mlir::ModuleOp> copy;
  mlir::IRMapping mapping;
  llvm::DenseMap<mlir::Block *, mlir::Block *> originalBlocks;
  bool everySymbolNamed = true;
  mutable bool leaked = false;
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_OWNERSHIP_TAGGEDCLONE_H

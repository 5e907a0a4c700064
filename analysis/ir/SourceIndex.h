//===- SourceIndex.h - MLIR objects <-> the result model's tables ---------===//
//
// Fills the function, block, op and value tables of an AnalysisResult from
// the IR and its AsmParserState, and remembers which IR object each entry
// came from so the analyses can report in the user's own names and ranges.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_SOURCEINDEX_H
#define BUFFERLENS_ANALYSIS_IR_SOURCEINDEX_H

#include "analysis/ir/ParsedModule.h"
#include "analysis/model/Model.h"

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <mutex>

namespace bufferlens {

class SourceIndex {
public:
  /// Indexes every function of `parsed` into `result`.
  SourceIndex(const ParsedModule &parsed, AnalysisResult &result);

  const ParsedModule &parsed() const { return module; }
  AnalysisResult &result() { return out; }
  const AnalysisResult &result() const { return out; }

  /// kNone for objects outside the indexed functions.
  ValueId idOf(mlir::Value value) const { return find(values, value); }
  OpId idOf(mlir::Operation *op) const { return find(ops, op); }
  BlockId idOf(mlir::Block *block) const { return find(blocks, block); }
  FunctionId functionIdOf(mlir::Operation *fn) const {
    return find(functions, fn);
  }

  mlir::Value value(ValueId id) const { return valueList[id]; }
  mlir::Operation *op(OpId id) const { return opList[id]; }
  mlir::Block *block(BlockId id) const { return blockList[id]; }
  mlir::FunctionOpInterface function(FunctionId id) const {
    return functionList[id];
  }

  /// The user's name of a value (%0, %arg1), or a description for values
  /// the source does not name.
  std::string nameOf(mlir::Value value) const;
  std::string labelOf(mlir::Block *block) const;
  /// The op's name range; the function's range for ops without one.
  SourceRange rangeOf(mlir::Operation *op) const;
  SourceRange rangeOf(mlir::Value value) const;
  SourceRange rangeOf(mlir::Block *block) const;

  /// The op of the index whose own location `loc` is, when that location
  /// names it alone: a file position (what the parser gives each op) that
  /// no other op of the module has, except ops nested in it (the
  /// terminator scf.for's parser adds at the loop's own position when the
  /// text leaves it out). kNone
  /// otherwise. A copy of the module keeps these locations, and so do the
  /// ops passes make from an op, which is how TaggedClone maps most of
  /// them back without a location of its own. Thread-safe; built on first
  /// use.
  OpId opLocatedAt(mlir::Location loc) const;

  /// The value of an adopted module's index a name of its layout names
  /// (`%v<id>`, laidOutName), or kNone.
  ValueId laidOutValueNamed(llvm::StringRef name) const;
  /// The op of an adopted module's index whose name is laid out at
  /// `offset`, or kNone: ops are laid out in the order of their ids.
  OpId laidOutOpAt(uint32_t offset) const;

private:
  template <typename Map, typename Key>
  static int32_t find(const Map &map, const Key &key) {
    auto it = map.find(key);
    return it == map.end() ? kNone : it->second;
  }
  void indexFunction(mlir::FunctionOpInterface fn);
  BlockId indexBlock(mlir::Block &block, FunctionId fn, OpId parent);
  void indexControlFlow(mlir::Operation &op, OpEntry &entry);
  void recordOrigin(mlir::Location loc, OpEntry &entry) const;
  const std::string &typeName(mlir::Type type);
  ValueId addValue(mlir::Value value, std::string name, SourceRange def,
                   const llvm::SmallVector<llvm::SMRange> *uses, FunctionId fn,
                   BlockId block, OpId definingOp);

  /// The next position of an adopted module's layout (ParsedModule::adopt):
  /// one line each, in the order a printer writes the objects, so that an
  /// op's range holds its operands' uses and its regions, as in a text.
  SourceRange place() {
    SourceRange at{cursor, cursor + 1};
    ++cursor;
    return at;
  }
  /// Uses laid out before their value was indexed (a block may use what a
  /// later block defines), added once the function is indexed.
  void placeUse(mlir::Value value);
  /// The name of the next value of an adopted module: `%v` and its id,
  /// unique in the document as the messages' names must be.
  std::string laidOutName() const {
    return "%v" + std::to_string(out.values.size());
  }

  const ParsedModule &module;
  AnalysisResult &out;
  const bool laidOut;
  uint32_t cursor = 0;
  std::vector<std::pair<mlir::Value, SourceRange>> pendingUses;
  llvm::DenseMap<mlir::Value, ValueId> values;
  llvm::DenseMap<mlir::Operation *, OpId> ops;
  llvm::DenseMap<mlir::Block *, BlockId> blocks;
  llvm::DenseMap<mlir::Operation *, FunctionId> functions;
  std::vector<mlir::Value> valueList;
  std::vector<mlir::Operation *> opList;
  std::vector<mlir::Block *> blockList;
  std::vector<mlir::FunctionOpInterface> functionList;
  /// Printed types: a document spells the same few types thousands of
  /// times, and printing them was a twentieth of its analysis.
  llvm::DenseMap<mlir::Type, std::string> typeNames;
  /// opLocatedAt's table (kNone for a shared location). Behind a pointer,
  /// so that the index stays movable.
  struct OwnLocations {
    std::once_flag built;
    llvm::DenseMap<mlir::Location, OpId> ops;
  };
  std::unique_ptr<OwnLocations> ownLocations = std::make_unique<OwnLocations>();
};

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_SOURCEINDEX_H

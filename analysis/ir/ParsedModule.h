//===- ParsedModule.h - One document parsed with its source locations -----===//
//
// Parses a source buffer the way mlir-opt does, but keeps the
// AsmParserState (exact ranges of every op, block, argument, definition and
// use) and turns MLIR's diagnostics into findings instead of printing them.
// Verification is per top-level operation so that one broken function does
// not hide the facts of the others.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_IR_PARSEDMODULE_H
#define BUFFERLENS_ANALYSIS_IR_PARSEDMODULE_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/Model.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <string>
#include <vector>

namespace bufferlens {

class ParsedModule {
public:
  /// Parses `text` in `context`. Parse and verifier errors are appended to
  /// `diagnostics`; the result is null only if nothing could be parsed.
  /// A parse error inside one top-level op costs that op alone: it stays an
  /// error finding and the op is left out of the module (text() holds it
  /// blanked); the other ops are parsed and analysed.
  static std::unique_ptr<ParsedModule> parse(std::string_view text,
                                             std::string_view bufferName,
                                             mlir::MLIRContext &context,
                                             std::vector<Finding> &diagnostics);

  /// A module built in memory rather than parsed from text (the tensor
  /// view's bufferized copies, tensormemref/BufferizedCopy.h). It has no
  /// parser state: SourceIndex gives each of its ops, values, uses and
  /// blocks a position of its own, in the order a printer would write
  /// them, and text() is as many empty lines as there can be positions,
  /// so every range is inside it and each position is a line of its own.
  /// Nothing is verified: such a module is what a verified pipeline left.
  static std::unique_ptr<ParsedModule>
  adopt(mlir::OwningOpRef<mlir::ModuleOp> module, std::string_view bufferName);
  /// Whether this module was adopted rather than parsed.
  bool isAdopted() const { return adopted; }

  mlir::ModuleOp module() const { return moduleOp.get(); }
  /// Empty after releaseParserState().
  const mlir::AsmParserState &asmState() const { return state; }
  /// Frees the AsmParserState once nothing will read it again (a
  /// SourceIndex reads it only while it is built): the ranges of every
  /// op, block, definition and use were about as large as the IR itself,
  /// and held until the analysis ended they were the largest part of its
  /// peak memory on a long function (bench/README.md, "select").
  void releaseParserState() { state = mlir::AsmParserState(); }
  std::string_view text() const { return sourceText; }
  const LineIndex &lines() const { return lineIndex; }

  /// Whether `op` (or the top-level op holding it) failed to verify.
  bool failedVerification(mlir::Operation *op) const;

  uint32_t offsetOf(llvm::SMLoc loc) const;
  SourceRange rangeOf(llvm::SMRange range) const;
  /// The source range an MLIR location points at, widened to the token
  /// there; empty range at 0 when the location is not in this buffer.
  SourceRange rangeOf(mlir::Location loc) const;

private:
  ParsedModule(std::string_view text, std::string_view bufferName);
  /// Parses `sourceText` into `block` afresh; false on a parse error.
  bool parseOnce(mlir::MLIRContext &context, mlir::Block &block);

  std::string sourceText;
  LineIndex lineIndex;
  std::string bufferName;
  llvm::SourceMgr sourceMgr;
  mlir::AsmParserState state;
  mlir::OwningOpRef<mlir::ModuleOp> moduleOp;
  llvm::DenseSet<mlir::Operation *> invalidTopLevelOps;
  bool adopted = false;
};

/// The range of the MLIR token starting at `offset` (an identifier, op name,
/// SSA name, block label or string literal); at least one character.
SourceRange tokenRangeAt(std::string_view text, uint32_t offset);

/// The first location of kind `Loc` in `loc`, in pre-order (names, call
/// sites, fused and opaque locations wrap others).
template <typename Loc> std::optional<Loc> findLocation(mlir::Location loc) {
  // Most locations are the kind asked for themselves; the generic walk
  // costs far more than the check (it was a fifteenth of an analysis).
  if (auto direct = llvm::dyn_cast<Loc>(loc))
    return direct;
  if (Loc found = loc->findInstanceOf<Loc>())
    return found;
  return std::nullopt;
}

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_IR_PARSEDMODULE_H

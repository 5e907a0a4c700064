//===- TopLevelSplit.h - A document cut at its top-level operations -------===//
//
// A lexical pass (no parsing) that finds the top-level operations of a
// document: those directly in the file, or directly in the body of a lone
// `module { ... }`. It is used to localise a crash to one operation and to
// analyse a document without the operations that crash. Comments, strings
// and brackets are respected; anything it cannot cut confidently stays in
// one piece.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_ANALYSIS_PARTS_TOPLEVELSPLIT_H
#define BUFFERLENS_ANALYSIS_PARTS_TOPLEVELSPLIT_H

#include "analysis/model/Model.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bufferlens {

struct TopLevelChunk {
  /// From the first character of the op to the end of its last line.
  SourceRange range;
  /// Attribute/type aliases (`#map = ...`) and bodyless symbols (function
  /// declarations, globals; isBodylessSymbol) every chunk may need: kept
  /// whenever a subset of the chunks is analysed.
  bool shared = false;
};

/// The top-level operations of `text`, in order. Empty when the text has
/// none that could be cut out (e.g. unbalanced brackets).
std::vector<TopLevelChunk> splitTopLevel(std::string_view text);

/// splitTopLevel(newText), given that `oldChunks` is
/// splitTopLevel(oldText): when the two texts differ only inside one
/// operation that is not the last, only that operation is scanned again
/// (an edit of a large document costs what the edited operation does).
std::vector<TopLevelChunk>
splitTopLevelAfterEdit(std::string_view oldText,
                       const std::vector<TopLevelChunk> &oldChunks,
                       std::string_view newText);

/// That fast path alone: splitTopLevel(newText) when the edit stays inside
/// one operation and only it had to be scanned again, nothing otherwise.
std::optional<std::vector<TopLevelChunk>>
splitAfterEditInOneOperation(std::string_view oldText,
                             const std::vector<TopLevelChunk> &oldChunks,
                             std::string_view newText);

/// `text` with the code in `ranges` replaced by spaces (line breaks kept),
/// so every other byte keeps its offset, line and column. Own-line
/// comments and `// bufferlens:` directives after code stay, so the
/// document's directives stay where they are.
std::string blankOperations(std::string_view text,
                            const std::vector<SourceRange> &ranges);

/// `text` without the code blankOperations would blank: it is removed
/// rather than replaced, except where more text follows on its line (there
/// it is blanked, so that text keeps its column). Line breaks, comments and
/// directives stay, so every kept byte keeps its line and column, and its
/// offset moves back by the bytes removed before it. Parsing the text of
/// one operation then costs what that operation does, not the document.
struct CompactedText {
  std::string text;
  /// The bytes removed before `documentOffset` (a kept byte's offset, or
  /// the end): its offset in `text` is documentOffset - removedBefore.
  uint32_t removedBefore(uint32_t documentOffset) const;

  /// (document offset just past a removed stretch, bytes removed up to
  /// there), in order.
  std::vector<std::pair<uint32_t, uint32_t>> removals;
};
/// `ranges` sorted and disjoint.
CompactedText compactOperations(std::string_view text,
                                const std::vector<SourceRange> &ranges);

/// Every `@name` and `@"quoted name"` (as `quoted name`) in `text`, and
/// every generic-form definition `sym_name = "name"`, outside comments and
/// other strings: lexically, a definition or a reference alike. Nested
/// references (`@a::@b`) give both names. Quoted names are decoded as MLIR
/// reads them (`@"fo\6F"` is `foo`), so a name is the same however it is
/// spelled.
std::vector<std::string> symbolNames(std::string_view text);

/// Whether the top-level op `op` defines a symbol and has no region (a
/// function declaration, a memref.global). Such ops are `shared`: every
/// part keeps them, so what calls one function is not tied to everything
/// else that calls it (parts, incremental edits), and they have no body
/// for an analysis to crash in.
bool isBodylessSymbol(std::string_view op);

} // namespace bufferlens

#endif // BUFFERLENS_ANALYSIS_PARTS_TOPLEVELSPLIT_H

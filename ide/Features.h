//===- Features.h - Editor features as views of one Snapshot --------------===//
//
// Each feature reads the stored analysis of a document version and returns
// plain data in byte offsets; none knows JSON. Most only read; the graph
// (Graph.cpp) and the refactors (Refactors.cpp) also analyse a rewrite of
// the document's text, under crash isolation. ToProtocol.h turns the
// answers into LSP shapes. One file per feature.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_FEATURES_H
#define BUFFERLENS_IDE_FEATURES_H

#include "analysis/model/Options.h"
#include "analysis/rewrite/Rewrite.h"
#include "ide/LateTensorFixes.h"
#include "ide/Snapshot.h"
#include "viz/FunctionGraph.h"
#include "viz/Render.h"

#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

// Hover.cpp
struct HoverInfo {
  std::string markdown;
  SourceRange range;
};
std::optional<HoverInfo> hoverAt(const Snapshot &snapshot, uint32_t offset);

// InlayHints.cpp
struct InlayHintInfo {
  uint32_t offset; ///< The hint is shown before this byte.
  std::string label;
  std::string tooltip;
};
/// The hints whose position lies in `range`.
std::vector<InlayHintInfo> inlayHints(const Snapshot &snapshot,
                                      SourceRange range);

// CodeActions.cpp
struct CodeActionInfo {
  std::string title;
  std::string kind; ///< "quickfix", "refactor.rewrite"...
  std::vector<TextEdit> edits;
  /// The finding the action fixes.
  std::optional<Finding> finding;
  bool preferred = false;
  /// A refactoring whose edit is computed on `codeAction/resolve`: the
  /// function it rewrites, and for BL303's multi-buffering the allocation
  /// (a byte offset in the version it is offered for).
  std::optional<std::string> resolveFunction;
  std::optional<uint32_t> resolveAllocation;
  /// A "Show path" action, which edits nothing: the offset of the finding
  /// whose path the client's graph draws (GraphQuery::finding).
  std::optional<uint32_t> showPathAt;
};
/// Fixes of the findings that intersect `range`, and for each of them
/// with a path to draw, "Show path (N steps)" (kind "info", as clangd's
/// actions that only show something). `late`: fixes computed after the
/// snapshot (LateTensorFixes.h) for the findings it left without theirs.
std::vector<CodeActionInfo> codeActions(const Snapshot &snapshot,
                                        SourceRange range,
                                        const LateFixes *late = nullptr);

// Refactors.cpp
/// "Apply the buffer-deallocation-pipeline" to the function at `range`, and
/// "Multi-buffer %x" for the BL303 hints `range` touches (without edits:
/// see resolveRefactor).
std::vector<CodeActionInfo> refactorActions(const Snapshot &snapshot,
                                            SourceRange range);
/// The edit that replaces `function` with the pipeline's output (with
/// `allocation`: with upstream's multi-buffering of the allocation at that
/// offset); nullopt and `error` when the rewrite fails or the function is
/// gone.
std::optional<std::vector<TextEdit>>
resolveRefactor(const Snapshot &snapshot, const std::string &function,
                std::optional<uint32_t> allocation,
                const std::string &bufferName, const AnalysisOptions &options,
                std::string &error);

// XRefs.cpp
std::optional<SourceRange> definitionAt(const Snapshot &snapshot,
                                        uint32_t offset);
std::vector<SourceRange> referencesAt(const Snapshot &snapshot, uint32_t offset,
                                      bool includeDeclaration);
struct HighlightInfo {
  enum Kind { Text = 1, Read = 2, Write = 3 };
  SourceRange range;
  Kind kind;
};
std::vector<HighlightInfo> highlightsAt(const Snapshot &snapshot,
                                        uint32_t offset);

// DocumentSymbols.cpp
struct SymbolInfo {
  std::string name;
  std::string detail;
  enum Kind { Function, Block } kind;
  SourceRange range;
  SourceRange selectionRange;
  std::vector<SymbolInfo> children;
};
std::vector<SymbolInfo> documentSymbols(const Snapshot &snapshot);

// CodeLens.cpp
struct CodeLensInfo {
  SourceRange range;    ///< The function's name.
  std::string title;    ///< "3 buffers · 1 critical alias · ...",
                        ///< "2 allocations · 1 copy"
  std::string function; ///< Its name, without the @.
};
/// One lens per function with memrefs, in document order; on a function
/// that still works on tensors, what One-Shot Bufferize makes of it ("2
/// allocations · 1 copy", "bufferization fails").
std::vector<CodeLensInfo> codeLenses(const Snapshot &snapshot);

// TensorCounts.cpp
/// What One-Shot Bufferize adds to one function that still works on
/// tensors (analysis/model/TensorModel.h's TensorPlan, counted).
struct TensorCounts {
  std::string function; ///< Its name, without the @.
  SourceRange range;    ///< The function's name.
  /// `memref.alloc`s, and copies of out-of-place operands into them.
  size_t allocations = 0, copies = 0;
  /// Their static sizes, summed; one of dynamic size adds nothing.
  uint64_t allocatedBytes = 0, copiedBytes = 0;
  /// False when One-Shot Bufferize fails on it (BL503): no counts then.
  bool bufferizes = false;
};
/// One entry per function that still works on tensors, in document order.
std::vector<TensorCounts> tensorCounts(const Snapshot &snapshot);

// OwnershipAt.cpp
struct OwnershipRangeInfo {
  SourceRange range;
  /// definition | live | alias-use | ownership-transfer | freed |
  /// critical-alias
  std::string kind;
  std::string message;
};
struct OwnershipAtInfo {
  std::optional<std::string> value;
  std::vector<OwnershipRangeInfo> ranges;
};
OwnershipAtInfo ownershipAt(const Snapshot &snapshot, uint32_t offset);

// SemanticTokens.cpp
/// The legend's token types, in its order (semanticTokenTypeNames).
enum class SemanticTokenType : uint8_t {
  Function, ///< @symbol
  Variable, ///< %ssa
  Label,    ///< ^block
  Type,     ///< f32, memref<...>, !dialect.type
  Keyword,  ///< any other bare identifier (to, step, dense, true...)
  Comment,
  String,
  Number,
  Macro,     ///< an operation name (memref.alloc, "memref.alloc")
  Decorator, ///< #attribute alias or dialect attribute
};
/// The legend's modifiers: bit i is semanticTokenModifierNames()[i].
enum SemanticTokenModifier : uint32_t {
  TokenDeclaration = 1u << 0,
  TokenDefinition = 1u << 1,
  TokenOwned = 1u << 2,
  TokenBorrowed = 1u << 3,
  TokenFreed = 1u << 4,
  TokenCriticalAlias = 1u << 5,
  /// Tensor values (One-Shot Bufferize's plan, TensorModel.h): the buffer is
  /// a new allocation at the defining op, or a copy made there.
  TokenAllocated = 1u << 6,
  TokenCopied = 1u << 7,
};
const std::vector<std::string> &semanticTokenTypeNames();
const std::vector<std::string> &semanticTokenModifierNames();
struct SemanticTokenInfo {
  SourceRange range; ///< Never empty, never across a line end.
  SemanticTokenType type;
  uint32_t modifiers = 0;
};
/// The tokens of the document (of `range` only, when given: those that
/// intersect it), in document order, none overlapping.
std::vector<SemanticTokenInfo>
semanticTokens(const Snapshot &snapshot,
               std::optional<SourceRange> range = std::nullopt);

// Graph.cpp
struct GraphQuery {
  std::optional<std::string> function; ///< By name, or:
  std::optional<uint32_t> offset;      ///< the one containing the offset.
  std::string stage;                   ///< input|classic|ownership|pipeline
  viz::GraphFormat format = viz::GraphFormat::Svg;
  /// The `#range=` links' columns in UTF-8 bytes (a session that
  /// negotiated utf-8) instead of UTF-16 code units.
  bool utf8Columns = false;
  /// How much of a large function is drawn.
  viz::GraphLimits limits;
  /// A stage whose passes reject another function of the document still
  /// draws this one (the editor); false: the rewrite fails as a whole, as
  /// `graph --stage` reports it.
  bool keepRejectedFunctions = true;
  /// A finding's path to draw (its `pathBlocks`), on the input stage.
  std::vector<BlockId> path;
  /// Instead of `function` and `offset`: the finding with a path whose
  /// range holds this offset; its function is drawn with `path` its blocks
  /// (the editor's `graph --finding`).
  std::optional<uint32_t> finding;
};
struct GraphAnswer {
  std::string function;
  std::string content;
  std::vector<std::string> functions; ///< Every function, in source order.
  std::string error;                  ///< Non-empty: no drawing.
  /// The error is the stage's rewrite of the whole document failing, not
  /// something of this function.
  bool rewriteFailed = false;
};
/// Draws with viz/; the stages other than `input` run the upstream passes
/// on the function's text (what the graph shows), under crash recovery.
GraphAnswer graphOf(const Snapshot &snapshot, const GraphQuery &query,
                    const std::string &bufferName,
                    const AnalysisOptions &options);
/// The graphs of several functions by name (`query.function` and
/// `query.offset` are ignored), in the order given, the stage's rewrite
/// made once per snapshot part (`graph --all`, a directory).
std::vector<GraphAnswer> graphsOf(const Snapshot &snapshot,
                                  const std::vector<std::string> &functions,
                                  const GraphQuery &query,
                                  const std::string &bufferName,
                                  const AnalysisOptions &options);
std::vector<std::string> functionNames(const Snapshot &snapshot);

// RewriteFeature.cpp
struct RewritePreview {
  std::string text;
  std::string error; ///< Non-empty: no preview.
};
/// The document rewritten by `request` (bufferlens/rewrite), under crash
/// recovery; functions the passes reject are kept as written and named in
/// a comment at the top.
RewritePreview rewritePreview(const Snapshot &snapshot, RewriteRequest request,
                              const std::string &bufferName,
                              const AnalysisOptions &options);

// The innermost op of function `fn` (kNone: of every function) whose text
// contains `range` (bufferlens/ownershipAt's uses).
OpId opContaining(const AnalysisResult &result, FunctionId fn,
                  SourceRange range);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_FEATURES_H

//===- ToProtocol.h - Plain results to LSP 3.17 JSON ----------------------===//
//
// The only place that turns byte offsets into LSP positions (UTF-16 code
// units by default, bytes when UTF-8 was negotiated) and the features'
// plain answers into protocol shapes. analysis/ knows no JSON.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_TOPROTOCOL_H
#define BUFFERLENS_SERVER_TOPROTOCOL_H

#include "server/Features.h"
#include "server/Protocol.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace bufferlens {

enum class PositionEncoding { Utf16, Utf8 };

struct ProtocolContext {
  PositionEncoding encoding = PositionEncoding::Utf16;
  /// Diagnostics link to `codeDescriptionBase + "#bl101"`.
  std::string codeDescriptionBase;
  /// What the client declared in textDocument.publishDiagnostics
  /// (`relatedInformation`, `codeDescriptionSupport`). Without the first,
  /// each related location is a line of the message instead, as clangd
  /// folds its notes; without the second, no link is sent.
  bool relatedInformation = true;
  bool codeDescription = true;
  /// The client fills in what nearly every diagnostic would repeat (it
  /// declares `experimental.bufferlens.compactDiagnostics` among its
  /// capabilities, as our VS Code extension does): a
  /// diagnostic without `source` is "bufferlens"'s, and a code's link is
  /// `codeDescriptionBase + "#" + lowercase(code)`, the base being the one
  /// the initialize result names. They were 14-17% of a large file's
  /// publishDiagnostics, which every edit resends and the client parses.
  bool compact = false;
  /// How many threads may write one large publishDiagnostics message: the
  /// `analysisThreads` setting (0: one per core).
  unsigned threads = 0;
};

nlohmann::json toPosition(const LineIndex &lines, uint32_t offset,
                          PositionEncoding encoding);
nlohmann::json toRange(const LineIndex &lines, SourceRange range,
                       PositionEncoding encoding);
/// The byte offset of an LSP Position. Positions past a line's end clamp
/// to it (as the spec asks), lines past the last one to the text's end.
uint32_t fromPosition(const LineIndex &lines, lsp::Position position,
                      PositionEncoding encoding);
/// The same without an index of the text: the line breaks before the
/// position are counted (an edit's position is converted once, and
/// indexing a large text for it cost more than the rest of the edit).
/// Nothing when the line is past the last one.
std::optional<uint32_t> offsetOfPosition(std::string_view text,
                                         lsp::Position position,
                                         PositionEncoding encoding);

nlohmann::json toDiagnostic(const Snapshot &snapshot, const Finding &finding,
                            const ProtocolContext &context);
nlohmann::json toPublishDiagnostics(const Snapshot &snapshot,
                                    const ProtocolContext &context);
/// The whole `textDocument/publishDiagnostics` notification as JSON text,
/// written directly: a large file has tens of thousands of findings, and
/// building them as JSON objects first took most of an edit's time. Equal
/// (as JSON) to the notification with toPublishDiagnostics' params.
std::string publishDiagnosticsMessage(const Snapshot &snapshot,
                                      const ProtocolContext &context);

nlohmann::json toHover(const Snapshot &snapshot, const HoverInfo &hover,
                       const ProtocolContext &context);
nlohmann::json toInlayHint(const Snapshot &snapshot, const InlayHintInfo &hint,
                           const ProtocolContext &context);
nlohmann::json toCodeAction(const Snapshot &snapshot,
                            const CodeActionInfo &action,
                            const ProtocolContext &context);
nlohmann::json toLocation(const Snapshot &snapshot, SourceRange range,
                          const ProtocolContext &context);
nlohmann::json toHighlight(const Snapshot &snapshot,
                           const HighlightInfo &highlight,
                           const ProtocolContext &context);
nlohmann::json toDocumentSymbol(const Snapshot &snapshot,
                                const SymbolInfo &symbol,
                                const ProtocolContext &context);
/// A CodeLens whose command opens the placement graph at its function
/// (the VS Code extension's `bufferlens.showGraph`, with `{uri, function,
/// position}`).
nlohmann::json toCodeLens(const Snapshot &snapshot, const CodeLensInfo &lens,
                          const ProtocolContext &context);
nlohmann::json toOwnershipAt(const Snapshot &snapshot,
                             const OwnershipAtInfo &info,
                             const ProtocolContext &context);

/// semanticTokensProvider.legend: the token types and modifiers, in the
/// order of SemanticTokenType and SemanticTokenModifier.
nlohmann::json semanticTokensLegend();
/// LSP's integer array: per token its line and start column relative to
/// the previous token's, its length (columns and lengths in `encoding`),
/// type and modifier bits.
std::vector<uint32_t>
encodeSemanticTokens(const LineIndex &lines,
                     const std::vector<SemanticTokenInfo> &tokens,
                     PositionEncoding encoding);
/// `{"resultId": ..., "data": [...]}` as JSON text.
std::string semanticTokensText(const std::string &resultId,
                               const std::vector<uint32_t> &data);
/// The one edit that turns `before` into `after`: their common prefix and
/// suffix of whole tokens kept, the middle replaced (as clangd's
/// diffTokens, llvm-project clang-tools-extra/clangd/SemanticHighlighting.cpp).
/// None when they are equal.
struct SemanticTokensEdit {
  uint32_t start = 0;
  uint32_t deleteCount = 0;
  std::vector<uint32_t> data;
};
std::vector<SemanticTokensEdit>
diffSemanticTokens(const std::vector<uint32_t> &before,
                   const std::vector<uint32_t> &after);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_TOPROTOCOL_H

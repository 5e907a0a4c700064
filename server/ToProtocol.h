//===- ToProtocol.h - Plain results to LSP 3.17 JSON ----------------------===//
//
// The features' plain answers (ide/Features.h) as protocol shapes: the
// only JSON the features' data becomes. Offsets become positions through
// ide/SourceCode.h.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_TOPROTOCOL_H
#define BUFFERLENS_SERVER_TOPROTOCOL_H

#include "ide/Features.h"
#include "server/Protocol.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace bufferlens {

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
nlohmann::json toDiagnostic(const Snapshot &snapshot, const Finding &finding,
                            const ProtocolContext &context);
nlohmann::json toPublishDiagnostics(const Snapshot &snapshot,
                                    const ProtocolContext &context);
/// The whole `textDocument/publishDiagnostics` notification as JSON text,
/// written directly: a large file has tens of thousands of findings, and
/// building them as JSON objects first took most of an edit's time. It is
/// the one diagnostics encoder: toDiagnostic and toPublishDiagnostics parse
/// what it writes.
std::string publishDiagnosticsMessage(const Snapshot &snapshot,
                                      const ProtocolContext &context);

nlohmann::json toHover(const Snapshot &snapshot, const HoverInfo &hover,
                       const ProtocolContext &context);
nlohmann::json toInlayHint(const Snapshot &snapshot, const InlayHintInfo &hint,
                           const ProtocolContext &context);
/// A fix's edit; a refactoring's `data` for codeAction/resolve; a "Show
/// path" action's command (the VS Code extension's `bufferlens.showPath`,
/// with `{uri, position}`: the finding's start, for bufferlens/graph's
/// `finding`).
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

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_TOPROTOCOL_H

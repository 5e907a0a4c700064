//===- Protocol.h - The LSP 3.17 params the server reads, typed -----------===//
//
// One struct per params object a handler receives, each with an nlohmann
// `from_json` that checks its shape: a malformed field is rejected here,
// once, with the InvalidParams message the client sees ("'position' must be
// a Position"). What needs the document's text to be checked (a position
// past the last line, a range that ends before it starts) is checked where
// the text is known (DocumentService.h).
//
// Modelled on clangd's and mlir-lsp-server's Protocol.h
// (llvm-project clang-tools-extra/clangd/Protocol.h,
// mlir/lib/Tools/lsp-server-support/Protocol.h).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_PROTOCOL_H
#define BUFFERLENS_SERVER_PROTOCOL_H

#include "analysis/rewrite/Rewrite.h"
#include "ide/SourceCode.h"
#include "viz/Render.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

/// JSON-RPC and LSP error codes.
namespace ErrorCode {
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int InternalError = -32603;
constexpr int ServerNotInitialized = -32002;
constexpr int RequestFailed = -32803;
constexpr int ServerCancelled = -32802;
constexpr int ContentModified = -32801;
constexpr int RequestCancelled = -32800;
} // namespace ErrorCode

/// Thrown by `from_json` below; the protocol layer answers InvalidParams
/// with `message` (a notification logs it).
struct InvalidParamsError {
  std::string message;
};

namespace lsp {

/// An LSP Position whose fields are integers in [0, 2^32); its meaning
/// (which line, which column) depends on the text.
/// Positions and ranges are ide/SourceCode.h's: the protocol only parses
/// them.
using Position = TextPosition;
/// A structurally valid Position, or none.
std::optional<Position> parsePosition(const nlohmann::json &value);

using Range = TextPositionRange;
std::optional<Range> parseRange(const nlohmann::json &value);

struct InitializeParams {
  /// The client offers `utf-8` in general.positionEncodings.
  bool utf8 = false;
  /// window.workDoneProgress.
  bool workDoneProgress = false;
  /// textDocument.publishDiagnostics.relatedInformation and
  /// .codeDescriptionSupport.
  bool relatedInformation = false;
  bool codeDescription = false;
  /// experimental.bufferlens.compactDiagnostics: the client fills in our
  /// diagnostics' source and code links (ProtocolContext::compact).
  bool compactDiagnostics = false;
  /// initializationOptions, unwrapped from a `bufferlens` section.
  std::optional<nlohmann::json> settings;
};
void from_json(const nlohmann::json &value, InitializeParams &params);

struct DidOpenParams {
  std::string uri;
  std::string text;
  int64_t version = 0;
};
void from_json(const nlohmann::json &value, DidOpenParams &params);

/// One entry of didChange's contentChanges. Kept lenient: an edit that
/// cannot be applied loses the document (README.md) rather than being
/// dropped as invalid params, so nothing here is rejected.
struct ContentChange {
  /// Absent when the change has no string `text`.
  std::optional<std::string> text;
  /// The change has a `range` member (an incremental edit).
  bool hasRange = false;
  /// Its range when structurally valid.
  std::optional<Range> range;
  /// The range as sent, for the message that reports it.
  std::string rangeText;
};

struct DidChangeParams {
  std::string uri;
  std::optional<int64_t> version;
  std::vector<ContentChange> changes;
};
void from_json(const nlohmann::json &value, DidChangeParams &params);

/// didClose, didSave, documentSymbol: `textDocument.uri`.
struct TextDocumentParams {
  std::string uri;
};
void from_json(const nlohmann::json &value, TextDocumentParams &params);

struct DidChangeConfigurationParams {
  /// The section's object (unwrapped from `bufferlens` when nested).
  nlohmann::json settings;
};
void from_json(const nlohmann::json &value,
               DidChangeConfigurationParams &params);

/// hover, definition, documentHighlight.
struct TextDocumentPositionParams {
  std::string uri;
  Position position;
};
void from_json(const nlohmann::json &value, TextDocumentPositionParams &params);

struct ReferenceParams {
  std::string uri;
  Position position;
  bool includeDeclaration = false;
};
void from_json(const nlohmann::json &value, ReferenceParams &params);

struct InlayHintParams {
  std::string uri;
  Range range;
};
void from_json(const nlohmann::json &value, InlayHintParams &params);

/// textDocument/semanticTokens/full.
struct SemanticTokensParams {
  std::string uri;
};
void from_json(const nlohmann::json &value, SemanticTokensParams &params);

/// textDocument/semanticTokens/range.
struct SemanticTokensRangeParams {
  std::string uri;
  Range range;
};
void from_json(const nlohmann::json &value, SemanticTokensRangeParams &params);

/// textDocument/semanticTokens/full/delta.
struct SemanticTokensDeltaParams {
  std::string uri;
  std::string previousResultId;
};
void from_json(const nlohmann::json &value, SemanticTokensDeltaParams &params);

struct CodeActionParams {
  std::string uri;
  Range range;
  /// context.only; none: every kind.
  std::optional<std::vector<std::string>> only;
};
void from_json(const nlohmann::json &value, CodeActionParams &params);

/// codeAction/resolve: a refactoring offered by textDocument/codeAction.
struct CodeActionResolveParams {
  std::string title;
  std::string kind = "refactor.rewrite";
  std::string uri;      ///< data.uri
  std::string function; ///< data.function
  int64_t version = 0;  ///< data.version: the version it was offered for.
  /// data.allocation: BL303's refactor, the byte offset of the allocation
  /// in that version.
  std::optional<uint32_t> allocation;
};
void from_json(const nlohmann::json &value, CodeActionResolveParams &params);

/// bufferlens/ownershipAt: `{uri, position}`.
struct OwnershipAtParams {
  std::string uri;
  Position position;
};
void from_json(const nlohmann::json &value, OwnershipAtParams &params);

/// bufferlens/graph; absent fields take `bufferlens graph`'s defaults.
struct GraphParams {
  std::string uri;
  std::string stage = "input"; ///< input | classic | ownership | pipeline
  std::string format = "dot";  ///< dot | svg, as sent
  viz::GraphFormat graphFormat = viz::GraphFormat::Dot;
  std::optional<std::string> function;
  /// Read only when `function` is absent.
  std::optional<Position> position;
  /// A position in a finding with a path: its function, the path drawn
  /// (`graph --finding`); instead of `function` and `position`, on the
  /// input stage only.
  std::optional<Position> finding;
};
void from_json(const nlohmann::json &value, GraphParams &params);

/// bufferlens/rewrite.
struct RewriteParams {
  std::string uri;
  /// `strategy` (classic | ownership | multiBuffer) and `stage` (ownership |
  /// simplified | lowered, the default); for multiBuffer, `factor`
  /// (default 2).
  RewriteRequest request;
  /// multiBuffer: a position in the allocation to rewrite (required).
  std::optional<Position> position;
};
void from_json(const nlohmann::json &value, RewriteParams &params);

/// initialized, shutdown: params are not read.
struct NoParams {};
inline void from_json(const nlohmann::json &, NoParams &) {}

struct CancelParams {
  nlohmann::json id;
};
void from_json(const nlohmann::json &value, CancelParams &params);

} // namespace lsp
} // namespace bufferlens

#endif // BUFFERLENS_SERVER_PROTOCOL_H

//===- DocumentService.h - Documents, settings and features, without JSON-RPC //
//
// The middle layer, in the role of clangd's ClangdServer (llvm-project
// clang-tools-extra/clangd/ClangdServer.h): it owns the open documents'
// drafts, the settings (the client's and each file's `.bufferlens.json`),
// the debounce bookkeeping and the Scheduler, and offers every feature as
// a plain call that answers through a callback, on the snapshot of the
// document's current text. Published diagnostics and other events go out
// through DocumentCallbacks, which the protocol layer (LSPServer)
// implements.
//
// Positions arrive as LSP line/character pairs in the negotiated encoding;
// the service turns them into byte offsets against the snapshot it answers
// from, since only then is the text they point into known.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_DOCUMENTSERVICE_H
#define BUFFERLENS_SERVER_DOCUMENTSERVICE_H

#include "server/Debounce.h"
#include "server/Features.h"
#include "server/Protocol.h"
#include "server/ToProtocol.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

class Logger;
class Scheduler;
struct AnalysisOptions;

struct ServerConfig {
  unsigned workers = 2;
  /// Where diagnostics' code links point (the README's finding codes).
  std::string codeDescriptionBase;
  /// How long an edit waits for the next one (`debounceMs`,
  /// `adaptiveDebounce`).
  DebouncePolicy debounce;
  /// Analyses of texts at least this long report $/progress.
  size_t progressThresholdBytes = 1 << 20;
  /// A document's first analysis publishes its early findings (MLIR's and
  /// the checker's errors) before the rest when its text is at least this
  /// long: about 1,500 lines, past which the analysis takes tens of
  /// milliseconds and the errors are worth having first.
  size_t earlyDiagnosticsBytes = 64 << 10;
  /// Threads one document's whole analysis may use (parts analysed in
  /// parallel, analysis/parts/Partition.h); 0: one per core.
  unsigned analysisThreads = 0;
};

/// Why a call has no answer: an LSP error code (ErrorCode) and its message.
struct ServiceError {
  int code;
  std::string message;
};

/// A feature's answer, or the error in its place. `snapshot` is the
/// version the answer's byte offsets refer to.
template <typename T> struct Answer {
  std::optional<ServiceError> error;
  SnapshotRef snapshot;
  T value{};
};
template <typename T> using Callback = std::function<void(Answer<T>)>;
/// Asked before the work starts: true when the answer is no longer wanted.
using IsCancelled = std::function<bool()>;

/// What the service tells the protocol layer; called from any thread.
class DocumentCallbacks {
public:
  virtual ~DocumentCallbacks() = default;
  /// The latest analysis of a document, to publish.
  virtual void onDiagnostics(const SnapshotRef &snapshot) = 0;
  /// A closed document: its diagnostics are cleared.
  virtual void onDocumentClosed(const std::string &uri) = 0;
  /// An edit could not be applied: the document's text is dropped until
  /// its whole text comes (README.md); `message` says why.
  virtual void onDocumentLost(const std::string &uri,
                              const std::string &message) = 0;
  /// An analysis of a text of `bytes` bytes, at least the
  /// `progressThresholdBytes` setting, starts or ends.
  virtual void onAnalysisActivity(const std::string &uri, bool begin,
                                  size_t bytes) = 0;
  /// Settings from `origin` had mistakes (said once, when they came).
  virtual void onSettingsProblems(const std::string &origin,
                                  const std::string &problems) = 0;
};

class DocumentService {
public:
  DocumentService(ServerConfig config, DocumentCallbacks &callbacks,
                  Logger &log);
  ~DocumentService();
  /// Stops the workers: once it returns, no callback runs. Only the
  /// destructor may follow. The owner calls it while its own pointer to
  /// the service is still set, because the callbacks it receives during
  /// the stop (a last publish, a last answer) read the service's settings.
  void stop();

  // Settings.
  void setPositionEncoding(PositionEncoding encoding);
  /// What the client's initialize declared it shows, and whether it fills
  /// in what compact diagnostics leave out (ProtocolContext).
  void setDiagnosticSupport(bool relatedInformation, bool codeDescription,
                            bool compact);
  /// Takes the server's own settings out of `settings`, keeps the rest for
  /// the analyses (a later call replaces them as a whole) and analyses the
  /// open documents again under them.
  void applySettings(nlohmann::json settings, const std::string &origin);
  ServerConfig config() const;
  /// Encoding and code links, as of now.
  ProtocolContext protocolContext() const;
  /// The analysis options of `uri`: its `.bufferlens.json`, then the
  /// client's settings.
  AnalysisOptions optionsFor(const std::string &uri) const;

  // Documents.
  void didOpen(const std::string &uri, std::string text, int64_t version);
  /// Applies `changes` in order; throws InvalidParamsError when the
  /// document is not open.
  void didChange(const std::string &uri, std::optional<int64_t> version,
                 const std::vector<lsp::ContentChange> &changes);
  void didClose(const std::string &uri);
  void didSave(const std::string &uri);

  // Features, answered on the snapshot of the document's current text.
  void hover(const std::string &uri, lsp::Position position,
             IsCancelled cancelled, Callback<std::optional<HoverInfo>> done);
  void inlayHints(const std::string &uri, lsp::Range range,
                  IsCancelled cancelled,
                  Callback<std::vector<InlayHintInfo>> done);
  /// Quick fixes and refactorings at `range`, of the kinds in `only` (a
  /// kind or a sub-kind of one; none: every kind).
  void codeActions(const std::string &uri, lsp::Range range,
                   std::optional<std::vector<std::string>> only,
                   IsCancelled cancelled,
                   Callback<std::vector<CodeActionInfo>> done);
  /// The edits of a refactoring offered for `version` of the document;
  /// ContentModified when the document changed since.
  void resolveRefactoring(const std::string &uri, const std::string &function,
                          std::optional<uint32_t> allocation, int64_t version,
                          IsCancelled cancelled,
                          Callback<std::vector<TextEdit>> done);
  void definition(const std::string &uri, lsp::Position position,
                  IsCancelled cancelled,
                  Callback<std::optional<SourceRange>> done);
  void references(const std::string &uri, lsp::Position position,
                  bool includeDeclaration, IsCancelled cancelled,
                  Callback<std::vector<SourceRange>> done);
  void highlights(const std::string &uri, lsp::Position position,
                  IsCancelled cancelled,
                  Callback<std::vector<HighlightInfo>> done);
  /// The semantic tokens of the document, or of `range` only.
  void semanticTokens(const std::string &uri, std::optional<lsp::Range> range,
                      IsCancelled cancelled,
                      Callback<std::vector<SemanticTokenInfo>> done);
  void codeLenses(const std::string &uri, IsCancelled cancelled,
                  Callback<std::vector<CodeLensInfo>> done);
  void documentSymbols(const std::string &uri, IsCancelled cancelled,
                       Callback<std::vector<SymbolInfo>> done);
  void ownershipAt(const std::string &uri, lsp::Position position,
                   IsCancelled cancelled, Callback<OwnershipAtInfo> done);
  /// The graph of `query.function`, or of the function at `position`.
  void graph(const std::string &uri, GraphQuery query,
             std::optional<lsp::Position> position, IsCancelled cancelled,
             Callback<GraphAnswer> done);
  /// The pipeline preview: the document rewritten by `request` (for the
  /// multi-buffer rewrite, of the allocation at `position`).
  void rewrite(const std::string &uri, RewriteRequest request,
               std::optional<lsp::Position> position, IsCancelled cancelled,
               Callback<std::string> done);

private:
  /// Runs `compute` on the snapshot of the document's current text (on a
  /// worker once it is analysed) and answers `done` with what it returns
  /// or the ServiceError it throws. A query that looks only at `reach`
  /// may be answered, while a large document's first analysis runs, from
  /// a snapshot of the operations there (Scheduler::withCurrent).
  template <typename T, typename Compute>
  void answer(const std::string &uri, IsCancelled cancelled, Callback<T> done,
              Compute compute, std::optional<lsp::Range> reach = std::nullopt);
  uint32_t offsetOf(const Snapshot &snapshot, lsp::Position position) const;
  /// Throws InvalidParams when the range ends before it starts.
  SourceRange rangeOf(const Snapshot &snapshot, lsp::Range range) const;
  SnapshotRef analyze(const TextRef &text, const std::string &uri,
                      const AnalysisOptions &options, int64_t version,
                      SnapshotRef previous,
                      const std::function<void(SnapshotRef)> &early);
  /// Scheduler::AnalyzeReach: analyzeReach (IncrementalAnalysis.h), logged.
  SnapshotRef analyzeReach(const TextRef &text, const std::string &uri,
                           const AnalysisOptions &options, int64_t version,
                           SourceRange reach);
  /// The offsets an incremental edit's range covers in `text`, or none
  /// when it is not a range of it (the rule is in README.md).
  std::optional<SourceRange> editRange(const std::string &text,
                                       const std::optional<lsp::Range> &range,
                                       PositionEncoding encoding) const;
  /// After an edit that cannot be applied: drops the document's text and
  /// tells the client.
  void loseDocument(const std::string &uri, const std::string &problem);

  DocumentCallbacks &callbacks;
  Logger &log;

  /// Read on workers, written on the reading thread.
  mutable std::mutex settingsMutex;
  ServerConfig serverConfig;
  PositionEncoding encoding = PositionEncoding::Utf16;
  bool clientRelatedInformation = true;
  bool clientCodeDescription = true;
  bool clientFillsDiagnostics = false;
  nlohmann::json clientSettings = nlohmann::json::object();
  /// How long each open document's last analysis took (for the debounce).
  std::map<std::string, std::chrono::milliseconds> lastAnalysis;

  struct Draft {
    TextRef text;
    int64_t version = 0;
    /// An edit could not be applied: `text` is empty and incremental
    /// edits are ignored until a whole text comes.
    bool lost = false;
    /// When the document was last opened or edited (for the debounce).
    std::chrono::steady_clock::time_point lastEdit;
  };
  /// Used on the reading thread only.
  std::map<std::string, Draft> drafts;

  std::unique_ptr<Scheduler> scheduler;
};

/// file:///a%20b/c.mlir -> /a b/c.mlir; empty for other schemes.
std::string pathOfUri(const std::string &uri);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_DOCUMENTSERVICE_H

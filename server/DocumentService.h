//===- DocumentService.h - Documents, settings and features, without JSON-RPC //
//
// The middle layer, in the role of clangd's ClangdServer (llvm-project
// clang-tools-extra/clangd/ClangdServer.h): it receives each open
// document's whole text (the protocol layer applies the client's edits,
// server/DraftStore.h), owns the settings (the client's, typed, and each
// file's `.bufferlens.json`, cached), the debounce bookkeeping and the
// Scheduler, and offers every feature of ide/ as a plain call that answers
// through a callback, on the snapshot of the document's current text and
// under the options that snapshot was analysed with. Published diagnostics
// and other events go out through DocumentCallbacks, which the protocol
// layer (LSPServer) implements. It knows no JSON.
//
// Positions arrive as line/character pairs in the negotiated encoding;
// the service turns them into byte offsets against the snapshot it answers
// from, since only then is the text they point into known.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_DOCUMENTSERVICE_H
#define BUFFERLENS_SERVER_DOCUMENTSERVICE_H

#include "config/ConfigCache.h"
#include "ide/Features.h"
#include "ide/SourceCode.h"
#include "server/Debounce.h"
#include "server/QueryWorker.h"
#include "server/Settings.h"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
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
  /// `serve --load-dialect-plugin`: added to every document's plugins.
  std::vector<std::string> dialectPlugins;
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
  /// An analysis of a text of `bytes` bytes, at least the
  /// `progressThresholdBytes` setting, starts or ends.
  virtual void onAnalysisActivity(const std::string &uri, bool begin,
                                  size_t bytes) = 0;
  /// A `.bufferlens.json` had mistakes (said once per change of the file;
  /// `origin` is its path) or could not be read.
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
  PositionEncoding positionEncoding() const;
  /// Applies the client's settings (a later call replaces the analysis
  /// settings as a whole, and the server settings it names) and analyses
  /// the open documents again under them.
  void applySettings(const ClientSettings &settings);
  ServerConfig config() const;
  /// Whether the `.bufferlens.json` at `path` is open in the editor: its
  /// mistakes are then shown in it, not as messages.
  void setSettingsFileOpen(const std::string &path, bool open);
  /// A `.bufferlens.json` was saved: the open documents are analysed again
  /// (each under its own nearest file, read again if it changed on disk).
  void settingsFileSaved();
  /// The analysis options of `uri`: its `.bufferlens.json` (read once per
  /// change on disk), then the client's settings. Thread-safe.
  AnalysisOptions optionsFor(const std::string &uri);

  // Documents, as whole texts.
  /// A document opened with `text`: analysed at once.
  void openDocument(const std::string &uri, TextRef text, int64_t version);
  /// The document's new text after an edit: analysed after the debounce.
  void updateDocument(const std::string &uri, TextRef text, int64_t version);
  /// Stops analysing the document; with `closed`, its diagnostics are
  /// cleared (DocumentCallbacks::onDocumentClosed), otherwise (a lost
  /// text) the caller tells the client.
  void removeDocument(const std::string &uri, bool closed = true);
  /// Analyses a pending edit now.
  void saveDocument(const std::string &uri);

  // Features, answered on the snapshot of the document's current text.
  void hover(const std::string &uri, TextPosition position,
             IsCancelled cancelled, Callback<std::optional<HoverInfo>> done);
  void inlayHints(const std::string &uri, TextPositionRange range,
                  IsCancelled cancelled,
                  Callback<std::vector<InlayHintInfo>> done);
  /// Quick fixes and refactorings at `range`, of the kinds in `only` (a
  /// kind or a sub-kind of one; none: every kind).
  void codeActions(const std::string &uri, TextPositionRange range,
                   std::optional<std::vector<std::string>> only,
                   IsCancelled cancelled,
                   Callback<std::vector<CodeActionInfo>> done);
  /// The edits of a refactoring offered for `version` of the document;
  /// ContentModified when the document changed since.
  void resolveRefactoring(const std::string &uri, const std::string &function,
                          std::optional<uint32_t> allocation, int64_t version,
                          IsCancelled cancelled,
                          Callback<std::vector<TextEdit>> done);
  void definition(const std::string &uri, TextPosition position,
                  IsCancelled cancelled,
                  Callback<std::optional<SourceRange>> done);
  void references(const std::string &uri, TextPosition position,
                  bool includeDeclaration, IsCancelled cancelled,
                  Callback<std::vector<SourceRange>> done);
  void highlights(const std::string &uri, TextPosition position,
                  IsCancelled cancelled,
                  Callback<std::vector<HighlightInfo>> done);
  /// The semantic tokens of the document, or of `range` only.
  void semanticTokens(const std::string &uri,
                      std::optional<TextPositionRange> range,
                      IsCancelled cancelled,
                      Callback<std::vector<SemanticTokenInfo>> done);
  void codeLenses(const std::string &uri, IsCancelled cancelled,
                  Callback<std::vector<CodeLensInfo>> done);
  void documentSymbols(const std::string &uri, IsCancelled cancelled,
                       Callback<std::vector<SymbolInfo>> done);
  void ownershipAt(const std::string &uri, TextPosition position,
                   IsCancelled cancelled, Callback<OwnershipAtInfo> done);
  /// The graph of `query.function`, or of the function at `position`.
  /// `finding`: the finding with a path at that position, drawn with its
  /// path (GraphQuery::finding).
  void graph(const std::string &uri, GraphQuery query,
             std::optional<TextPosition> position,
             std::optional<TextPosition> finding, IsCancelled cancelled,
             Callback<GraphAnswer> done);
  /// The pipeline preview: the document rewritten by `request` (for the
  /// multi-buffer rewrite, of the allocation at `position`).
  void rewrite(const std::string &uri, RewriteRequest request,
               std::optional<TextPosition> position, IsCancelled cancelled,
               Callback<std::string> done);

private:
  /// optionsFor(uri), to be called by the document's worker.
  std::function<AnalysisOptions()> resolverFor(const std::string &uri);
  /// Runs `compute` on the snapshot of the document's current text (on a
  /// worker once it is analysed) and answers `done` with what it returns
  /// or the ServiceError it throws. A query that looks only at `reach`
  /// may be answered, while a large document's first analysis runs, from
  /// a snapshot of the operations there (Scheduler::withCurrent).
  template <typename T, typename Compute>
  void answer(const std::string &uri, IsCancelled cancelled, Callback<T> done,
              Compute compute,
              std::optional<TextPositionRange> reach = std::nullopt);
  uint32_t offsetOf(const Snapshot &snapshot, TextPosition position) const;
  /// Throws InvalidParams when the range ends before it starts.
  SourceRange rangeOf(const Snapshot &snapshot, TextPositionRange range) const;
  SnapshotRef analyze(const TextRef &text, const std::string &uri,
                      const AnalysisOptions &options, int64_t version,
                      SnapshotRef previous,
                      const std::function<void(SnapshotRef)> &early);
  /// The tensor fixes of the findings `at` touches in `snapshot` that
  /// its analysis left out (LateTensorFixes.h), from the cache or computed
  /// now (then logged and kept for the snapshot). Runs on `queries`.
  LateFixes lateFixesFor(const std::string &uri, const SnapshotRef &snapshot,
                         SourceRange at);
  /// Those already known, and whether they are all the ones `at` needs.
  LateFixes cachedLateFixes(const std::string &uri, const Snapshot &snapshot,
                            SourceRange at, bool &complete);
  /// Scheduler::AnalyzeReach: analyzeReach (IncrementalAnalysis.h), logged.
  SnapshotRef analyzeReach(const TextRef &text, const std::string &uri,
                           const AnalysisOptions &options, int64_t version,
                           SourceRange reach);
  DocumentCallbacks &callbacks;
  Logger &log;

  /// Read on workers, written on the reading thread.
  mutable std::mutex settingsMutex;
  ServerConfig serverConfig;
  PositionEncoding encoding = PositionEncoding::Utf16;
  AnalysisSettings clientSettings;
  /// How long each open document's last analysis took (for the debounce).
  std::map<std::string, std::chrono::milliseconds> lastAnalysis;

  /// The `.bufferlens.json` files open in the editor (settingsMutex).
  std::set<std::string> openSettingsFiles;
  /// Each `.bufferlens.json`, parsed once per change on disk.
  ConfigCache configs;
  /// The last problem reported of each configuration file (said once).
  std::map<std::string, std::string> configProblems;
  /// The dialect plugins' load failures said so far (once each).
  std::set<std::string> pluginProblemsSaid;

  struct Document {
    size_t bytes = 0;
    /// When the document was last opened or edited (for the debounce).
    std::chrono::steady_clock::time_point lastEdit;
  };
  /// Used on the reading thread only.
  std::map<std::string, Document> documents;

  /// The tensor fixes computed for each document's latest snapshot asked
  /// about (one version each: an edit makes them stale).
  struct LateFixCache {
    std::weak_ptr<const Snapshot> snapshot;
    LateFixes fixes;
  };
  std::mutex lateFixesMutex;
  std::map<std::string, LateFixCache> lateFixes;

  /// Stopped after the scheduler, whose last answers may still post to it.
  std::unique_ptr<QueryWorker> queries;
  std::unique_ptr<Scheduler> scheduler;
};

/// file:///a%20b/c.mlir -> /a b/c.mlir; empty for other schemes.
std::string pathOfUri(const std::string &uri);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_DOCUMENTSERVICE_H

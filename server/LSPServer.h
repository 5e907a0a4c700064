//===- LSPServer.h - JSON-RPC 2.0 / LSP 3.17 protocol handling ------------===//
//
// The protocol layer, in the role of clangd's ClangdLSPServer
// (llvm-project clang-tools-extra/clangd/ClangdLSPServer.h): message
// validation, the lifecycle, cancellation and error codes, and a method
// table that binds each method to a handler of typed params (Protocol.h,
// as clangd's LSPBinder does). Handlers only convert: params into plain
// calls of the DocumentService, its answers into JSON (ToProtocol.h).
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_LSPSERVER_H
#define BUFFERLENS_SERVER_LSPSERVER_H

#include "server/DocumentService.h"
#include "server/DraftStore.h"
#include "server/Framing.h"
#include "server/Protocol.h"
#include "server/SemanticTokensProtocol.h"
#include "server/SettingsFileChecks.h"
#include "server/ToProtocol.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace bufferlens {

class Logger;
class Transport;

class LSPServer : private DocumentCallbacks {
public:
  LSPServer(Transport &transport, Logger &log, ServerConfig config);
  ~LSPServer() override;

  /// Serves until `exit` or the end of input; returns the exit code (0
  /// after shutdown + exit, 1 otherwise, as the spec asks).
  int run();

  class Reply;
  using ReplyRef = std::shared_ptr<Reply>;

private:
  // The method table.
  using RequestHandler =
      std::function<void(const nlohmann::json &, const ReplyRef &)>;
  using NotificationHandler = std::function<void(const nlohmann::json &)>;
  template <typename Params>
  void bindRequest(const char *method,
                   void (LSPServer::*handler)(const Params &,
                                              const ReplyRef &));
  template <typename Params>
  void bindNotification(const char *method,
                        void (LSPServer::*handler)(const Params &));
  std::map<std::string, RequestHandler> requests;
  std::map<std::string, NotificationHandler> notifications;

  void onFrame(FrameEvent event);
  void onMessage(const nlohmann::json &message);
  void onRequest(const nlohmann::json &id, const std::string &method,
                 const nlohmann::json &params);
  void onNotification(const std::string &method, const nlohmann::json &params);
  void onResponse(const nlohmann::json &message);

  void send(const nlohmann::json &message);
  void sendError(const nlohmann::json &id, int code,
                 const std::string &message);
  void notify(const std::string &method, nlohmann::json params);

  /// The service's answer to `reply`, shaped by `toJson(snapshot, value,
  /// context)`, or its error.
  template <typename T, typename ToJson>
  Callback<T> replyWith(const ReplyRef &reply, ToJson toJson);

  // Requests.
  void onInitialize(const lsp::InitializeParams &params, const ReplyRef &reply);
  void onShutdown(const lsp::NoParams &, const ReplyRef &reply);
  void onHover(const lsp::TextDocumentPositionParams &params,
               const ReplyRef &reply);
  void onInlayHint(const lsp::InlayHintParams &params, const ReplyRef &reply);
  void onCodeAction(const lsp::CodeActionParams &params, const ReplyRef &reply);
  void onCodeActionResolve(const lsp::CodeActionResolveParams &params,
                           const ReplyRef &reply);
  void onDefinition(const lsp::TextDocumentPositionParams &params,
                    const ReplyRef &reply);
  void onReferences(const lsp::ReferenceParams &params, const ReplyRef &reply);
  void onDocumentHighlight(const lsp::TextDocumentPositionParams &params,
                           const ReplyRef &reply);
  void onDocumentSymbol(const lsp::TextDocumentParams &params,
                        const ReplyRef &reply);
  void onCodeLens(const lsp::TextDocumentParams &params, const ReplyRef &reply);
  void onSemanticTokensFull(const lsp::SemanticTokensParams &params,
                            const ReplyRef &reply);
  void onSemanticTokensRange(const lsp::SemanticTokensRangeParams &params,
                             const ReplyRef &reply);
  void onSemanticTokensDelta(const lsp::SemanticTokensDeltaParams &params,
                             const ReplyRef &reply);
  /// The document's full tokens, remembered as the ones the client now
  /// has; with `previousId` the result the client had: the edits from it
  /// when it is the one remembered, else the whole array.
  void answerSemanticTokens(const std::string &uri,
                            std::optional<std::string> previousId,
                            const ReplyRef &reply);
  void onOwnershipAt(const lsp::OwnershipAtParams &params,
                     const ReplyRef &reply);
  void onGraph(const lsp::GraphParams &params, const ReplyRef &reply);
  void onRewrite(const lsp::RewriteParams &params, const ReplyRef &reply);

  // Notifications.
  void onInitialized(const lsp::NoParams &) {}
  void onCancelRequest(const lsp::CancelParams &params);
  void onDidOpen(const lsp::DidOpenParams &params);
  void onDidChange(const lsp::DidChangeParams &params);
  void onDidClose(const lsp::TextDocumentParams &params);
  void onDidSave(const lsp::TextDocumentParams &params);
  void
  onDidChangeConfiguration(const lsp::DidChangeConfigurationParams &params);

  // DocumentCallbacks.
  void onDiagnostics(const SnapshotRef &snapshot) override;
  void onDocumentClosed(const std::string &uri) override;
  /// An edit could not be applied: the document's text is dropped until
  /// its whole text comes (README.md); `message` says why.
  void loseDocument(const std::string &uri, const std::string &message);
  void onAnalysisActivity(const std::string &uri, bool begin,
                          size_t bytes) override;
  void onSettingsProblems(const std::string &origin,
                          const std::string &problems) override;
  /// Parses a settings message and hands it to the service; mistakes are
  /// logged and shown once.
  void applySettings(const nlohmann::json &settings, const std::string &origin);
  /// How the client wants diagnostics and positions, as of now.
  ProtocolContext protocolContext() const;
  /// Has the mistakes of the open `.bufferlens.json` `uri` published in it
  /// (off this thread: settingsChecks).
  void publishSettingsFileProblems(const std::string &uri);
  /// The diagnostics of a `.bufferlens.json`'s text (on settingsChecks'
  /// worker).
  nlohmann::json settingsFileDiagnostics(const std::string &uri,
                                         const std::string &text) const;

  Transport &transport;
  Logger &log;
  std::unique_ptr<DocumentService> service;
  /// What the client has of each open document (the reading thread's).
  DraftStore drafts;
  /// The open documents that are `.bufferlens.json` files, not MLIR: their
  /// mistakes are their diagnostics, their requests answer nothing (the
  /// reading thread's).
  std::set<std::string> settingsFiles;

  /// The client's capabilities and presentation choices (initialize).
  mutable std::mutex clientMutex;
  PositionEncoding encoding = PositionEncoding::Utf16;
  bool clientRelatedInformation = true;
  bool clientCodeDescription = true;
  bool clientFillsDiagnostics = false;

  enum class State { Uninitialized, Running, ShutDown, Exited };
  State state = State::Uninitialized;
  int exitCode = 1;

  std::mutex pendingMutex;
  std::map<std::string, std::weak_ptr<Reply>> pending;
  friend class Reply;

  // Work-done progress of long analyses.
  struct Progress {
    std::string token;
    bool created = false; ///< The client answered the create request.
    bool begun = false;
    bool ended = false;
  };
  std::mutex progressMutex;
  bool clientSupportsProgress = false;
  std::map<std::string, Progress> progress; ///< By request id we sent.
  std::map<std::string, std::string> progressByUri;
  int nextRequestId = 0;

  // The last full semantic tokens sent per document, for /full/delta.
  struct SentTokens {
    std::string resultId;
    std::vector<uint32_t> data;
  };
  std::mutex semanticTokensMutex;
  std::map<std::string, SentTokens> sentTokens;
  uint64_t tokenResults = 0;

  /// Checks the open `.bufferlens.json` files. Last, so it is destroyed
  /// first: its worker publishes through the members above.
  SettingsFileChecks settingsChecks{
      [this](const std::string &uri, const std::string &text) {
        return settingsFileDiagnostics(uri, text);
      },
      [this](const std::string &uri, int64_t version,
             nlohmann::json diagnostics) {
        notify("textDocument/publishDiagnostics",
               {{"uri", uri},
                {"version", version},
                {"diagnostics", std::move(diagnostics)}});
      }};
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_LSPSERVER_H

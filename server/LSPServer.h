//===- LSPServer.h - JSON-RPC 2.0 / LSP 3.17 protocol handling ------------===//
//
// Protocol only: message validation and dispatch, the lifecycle, document
// drafts (full and incremental sync), settings, cancellation and error
// codes. Analyses go to the Scheduler; answers are built by the features
// (Features.h) from the snapshot of the document version a request is
// about, and shaped by ToProtocol.h.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_LSPSERVER_H
#define BUFFERLENS_SERVER_LSPSERVER_H

#include "server/Debounce.h"
#include "server/Framing.h"
#include "server/ToProtocol.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace bufferlens {

class Logger;
class Scheduler;
class Transport;
struct AnalysisOptions;

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

struct ServerConfig {
  unsigned workers = 2;
  /// Where diagnostics' code links point (the README's finding codes).
  std::string codeDescriptionBase;
  /// How long an edit waits for the next one (`debounceMs`,
  /// `adaptiveDebounce`).
  DebouncePolicy debounce;
  /// Analyses of texts at least this long report $/progress.
  size_t progressThresholdBytes = 1 << 20;
  /// Threads one document's whole analysis may use (parts analysed in
  /// parallel, analysis/Partition.h); 0: one per core.
  unsigned analysisThreads = 0;
};

class LSPServer {
public:
  LSPServer(Transport &transport, Logger &log, ServerConfig config);
  ~LSPServer();

  /// Serves until `exit` or the end of input; returns the exit code (0
  /// after shutdown + exit, 1 otherwise, as the spec asks).
  int run();

  class Reply;
  using ReplyRef = std::shared_ptr<Reply>;

private:
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
  void showMessage(int type, const std::string &message);

  // Lifecycle.
  void initialize(const ReplyRef &reply, const nlohmann::json &params);

  // Documents and settings.
  void didOpen(const nlohmann::json &params);
  void didChange(const nlohmann::json &params);
  void didClose(const nlohmann::json &params);
  /// The offsets an incremental edit's range covers in `text`, or none
  /// when it is not a range of it (the rule is in README.md).
  static std::optional<SourceRange> editRange(const std::string &text,
                                              const nlohmann::json &range,
                                              PositionEncoding encoding);
  /// After an edit that cannot be applied: drops the document's text and
  /// tells the client.
  void loseDocument(const std::string &uri, const std::string &problem);
  void didSave(const nlohmann::json &params);
  void didChangeConfiguration(const nlohmann::json &params);
  /// Takes the server's own settings out of `settings`, keeps the rest for
  /// the analyses.
  void applySettings(nlohmann::json settings, const std::string &origin);
  AnalysisOptions optionsFor(const std::string &uri);

  /// Runs `answer` on the snapshot of the document's current text (on a
  /// worker once it is analysed) and replies with what it returns.
  using Answer =
      std::function<nlohmann::json(const Snapshot &, const ProtocolContext &)>;
  void withDocument(const ReplyRef &reply, const std::string &uri,
                    Answer answer);
  void dispatchFeature(const ReplyRef &reply, const std::string &method,
                       const nlohmann::json &params);
  void rewrite(const ReplyRef &reply, const nlohmann::json &params);
  void resolveCodeAction(const ReplyRef &reply, const nlohmann::json &params);
  void graph(const ReplyRef &reply, const nlohmann::json &params);

  // Work-done progress of long analyses.
  void onAnalysisActivity(const std::string &uri, bool begin, size_t bytes);

  Transport &transport;
  Logger &log;
  ServerConfig config;
  std::unique_ptr<Scheduler> scheduler;

  enum class State { Uninitialized, Running, ShutDown, Exited };
  State state = State::Uninitialized;
  int exitCode = 1;

  /// Read on workers, written on the reading thread.
  std::mutex settingsMutex;
  ProtocolContext context;
  nlohmann::json clientSettings = nlohmann::json::object();
  bool clientSupportsProgress = false;

  struct Draft {
    std::string text;
    int64_t version = 0;
    /// An edit could not be applied: `text` is empty and incremental
    /// edits are ignored until a whole text comes.
    bool lost = false;
    /// When the document was last opened or edited (for the debounce).
    std::chrono::steady_clock::time_point lastEdit;
  };
  std::map<std::string, Draft> drafts;
  /// How long each open document's last analysis took (for the debounce).
  std::map<std::string, std::chrono::milliseconds> lastAnalysis;

  std::mutex pendingMutex;
  std::map<std::string, std::weak_ptr<Reply>> pending;
  friend class Reply;

  struct Progress {
    std::string token;
    bool created = false; ///< The client answered the create request.
    bool begun = false;
    bool ended = false;
  };
  std::mutex progressMutex;
  std::map<std::string, Progress> progress; ///< By request id we sent.
  std::map<std::string, std::string> progressByUri;
  int nextRequestId = 0;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_LSPSERVER_H

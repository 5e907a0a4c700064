//===- LSPServer.cpp ------------------------------------------------------===//

#include "server/LSPServer.h"
#include "config/ConfigProblems.h"
#include "server/Logger.h"
#include "server/MessageJson.h"
#include "server/Transport.h"

#include "Version.h"

#include <atomic>
#include <filesystem>

using namespace bufferlens;
using json = nlohmann::json;

//===----------------------------------------------------------------------===//
// Replies
//===----------------------------------------------------------------------===//

/// Answers one request exactly once: the first of result, error or
/// cancellation wins, from whichever thread.
class LSPServer::Reply {
public:
  Reply(LSPServer &server, json id) : server(server), id(std::move(id)) {}
  ~Reply() {
    if (!done.exchange(true))
      server.sendError(id, ErrorCode::InternalError,
                       "the request was dropped without an answer");
  }
  void result(json value) {
    if (finish())
      server.send(
          {{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(value)}});
  }
  void error(int code, const std::string &message) {
    if (finish())
      server.sendError(id, code, message);
  }
  /// A result already written as JSON text (a large array, written
  /// without building it as JSON values first).
  void resultText(const std::string &resultJson) {
    if (finish())
      server.transport.send("{\"jsonrpc\":\"2.0\",\"id\":" + id.dump() +
                            ",\"result\":" + resultJson + "}");
  }
  bool answered() const { return done; }

private:
  bool finish() {
    if (done.exchange(true))
      return false;
    std::lock_guard<std::mutex> lock(server.pendingMutex);
    server.pending.erase(id.dump());
    return true;
  }
  LSPServer &server;
  json id;
  std::atomic<bool> done{false};
};

static const json &member(const json &object, const char *key) {
  static const json null;
  if (!object.is_object() || !object.contains(key))
    return null;
  return object[key];
}

//===----------------------------------------------------------------------===//
// The method table
//===----------------------------------------------------------------------===//

template <typename Params>
void LSPServer::bindRequest(const char *method,
                            void (LSPServer::*handler)(const Params &,
                                                       const ReplyRef &)) {
  requests[method] = [this, handler](const json &raw, const ReplyRef &reply) {
    // Throws InvalidParamsError (Protocol.h) for a malformed field.
    (this->*handler)(raw.get<Params>(), reply);
  };
}

template <typename Params>
void LSPServer::bindNotification(const char *method,
                                 void (LSPServer::*handler)(const Params &)) {
  notifications[method] = [this, handler](const json &raw) {
    (this->*handler)(raw.get<Params>());
  };
}

LSPServer::LSPServer(Transport &transport, Logger &log, ServerConfig config)
    : transport(transport), log(log),
      service(std::make_unique<DocumentService>(
          std::move(config), static_cast<DocumentCallbacks &>(*this), log)) {
  bindRequest("initialize", &LSPServer::onInitialize);
  bindRequest("shutdown", &LSPServer::onShutdown);
  bindRequest("textDocument/hover", &LSPServer::onHover);
  bindRequest("textDocument/inlayHint", &LSPServer::onInlayHint);
  bindRequest("textDocument/codeAction", &LSPServer::onCodeAction);
  bindRequest("codeAction/resolve", &LSPServer::onCodeActionResolve);
  bindRequest("textDocument/definition", &LSPServer::onDefinition);
  bindRequest("textDocument/references", &LSPServer::onReferences);
  bindRequest("textDocument/documentHighlight",
              &LSPServer::onDocumentHighlight);
  bindRequest("textDocument/documentSymbol", &LSPServer::onDocumentSymbol);
  bindRequest("textDocument/codeLens", &LSPServer::onCodeLens);
  bindRequest("textDocument/semanticTokens/full",
              &LSPServer::onSemanticTokensFull);
  bindRequest("textDocument/semanticTokens/range",
              &LSPServer::onSemanticTokensRange);
  bindRequest("textDocument/semanticTokens/full/delta",
              &LSPServer::onSemanticTokensDelta);
  bindRequest("bufferlens/ownershipAt", &LSPServer::onOwnershipAt);
  bindRequest("bufferlens/graph", &LSPServer::onGraph);
  bindRequest("bufferlens/rewrite", &LSPServer::onRewrite);

  bindNotification("initialized", &LSPServer::onInitialized);
  bindNotification("$/cancelRequest", &LSPServer::onCancelRequest);
  bindNotification("textDocument/didOpen", &LSPServer::onDidOpen);
  bindNotification("textDocument/didChange", &LSPServer::onDidChange);
  bindNotification("textDocument/didClose", &LSPServer::onDidClose);
  bindNotification("textDocument/didSave", &LSPServer::onDidSave);
  bindNotification("workspace/didChangeConfiguration",
                   &LSPServer::onDidChangeConfiguration);
}

LSPServer::~LSPServer() {
  // Workers may still call back into us, and those callbacks read the
  // service's settings through `service`: stop them while it is set
  // (unique_ptr::reset clears the pointer before deleting the service).
  service->stop();
  service.reset();
}

//===----------------------------------------------------------------------===//
// The read loop
//===----------------------------------------------------------------------===//

int LSPServer::run() {
  transport.run([this](FrameEvent event) { onFrame(std::move(event)); });
  if (state != State::Exited)
    log.log("input ended without an exit notification");
  return state == State::Exited ? exitCode : 1;
}

void LSPServer::send(const json &message) {
  // Replace rather than throw on invalid UTF-8 (MLIR messages quote the
  // user's bytes).
  transport.send(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

void LSPServer::sendError(const json &id, int code,
                          const std::string &message) {
  send({{"jsonrpc", "2.0"},
        {"id", id},
        {"error", {{"code", code}, {"message", message}}}});
}

void LSPServer::notify(const std::string &method, json params) {
  send({{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
}

static bool validId(const json &id);

void LSPServer::onFrame(FrameEvent event) {
  switch (event.kind) {
  case FrameEvent::BadHeader:
    log.log("dropped a frame: " + event.detail);
    return;
  case FrameEvent::Oversized:
    log.log("dropped a frame: " + event.detail);
    sendError(peekMessageId(event.body), ErrorCode::InvalidRequest,
              event.detail);
    return;
  case FrameEvent::Message:
    break;
  }
  ParsedMessage parsed = parseMessage(event.body);
  if (parsed.status == ParsedMessage::NotJson) {
    log.log("parse error in a message of " + std::to_string(event.body.size()) +
            " bytes");
    sendError(nullptr, ErrorCode::ParseError,
              "the message is not valid JSON (or not valid UTF-8)");
    return;
  }
  if (parsed.status == ParsedMessage::TooDeep) {
    const json &id = member(parsed.value, "id");
    std::string problem = "the message nests deeper than " +
                          std::to_string(kMaxMessageDepth) + " levels";
    log.log("dropped a message: " + problem);
    sendError(validId(id) ? id : json(nullptr), ErrorCode::InvalidRequest,
              problem);
    return;
  }
  onMessage(parsed.value);
}

static bool validId(const json &id) {
  return id.is_string() || id.is_number_integer();
}

void LSPServer::onMessage(const json &message) {
  if (!message.is_object()) {
    sendError(nullptr, ErrorCode::InvalidRequest,
              "a message must be a JSON object (batches are not used by LSP)");
    return;
  }
  const json &id = member(message, "id");
  bool hasId = message.contains("id");
  if (member(message, "jsonrpc") != "2.0") {
    sendError(hasId && validId(id) ? id : json(nullptr),
              ErrorCode::InvalidRequest, "'jsonrpc' must be \"2.0\"");
    return;
  }
  if (!message.contains("method")) {
    if (hasId && (message.contains("result") || message.contains("error"))) {
      onResponse(message);
      return;
    }
    sendError(hasId && validId(id) ? id : json(nullptr),
              ErrorCode::InvalidRequest, "'method' is missing");
    return;
  }
  const json &method = message["method"];
  if (!method.is_string() || (hasId && !validId(id))) {
    sendError(hasId && validId(id) ? id : json(nullptr),
              ErrorCode::InvalidRequest,
              !method.is_string() ? "'method' must be a string"
                                  : "'id' must be an integer or a string");
    return;
  }
  json params = member(message, "params");
  if (!params.is_null() && !params.is_object() && !params.is_array()) {
    if (hasId)
      sendError(id, ErrorCode::InvalidRequest,
                "'params' must be an object or an array");
    return;
  }
  if (hasId)
    onRequest(id, method.get<std::string>(), params);
  else
    onNotification(method.get<std::string>(), params);
}

//===----------------------------------------------------------------------===//
// Requests
//===----------------------------------------------------------------------===//

void LSPServer::onRequest(const json &id, const std::string &method,
                          const json &params) {
  auto reply = std::make_shared<Reply>(*this, id);
  {
    std::lock_guard<std::mutex> lock(pendingMutex);
    pending[id.dump()] = reply;
  }
  if (state == State::Uninitialized && method != "initialize") {
    reply->error(ErrorCode::ServerNotInitialized,
                 "the server is not initialized yet");
    return;
  }
  if (state == State::ShutDown) {
    reply->error(ErrorCode::InvalidRequest,
                 "the server is shut down; only 'exit' is accepted");
    return;
  }
  if (method == "initialize" && state != State::Uninitialized) {
    reply->error(ErrorCode::InvalidRequest,
                 "'initialize' was already received");
    return;
  }
  auto handler = requests.find(method);
  if (handler == requests.end()) {
    reply->error(ErrorCode::MethodNotFound, "unknown method '" + method + "'");
    return;
  }
  // A `.bufferlens.json` has no MLIR to hover or colour: every request
  // about it answers null (which each of them allows).
  if (const json &document = member(params, "textDocument");
      document.is_object() && member(document, "uri").is_string() &&
      settingsFiles.count(member(document, "uri").get<std::string>())) {
    reply->result(nullptr);
    return;
  }
  try {
    handler->second(params, reply);
  } catch (const InvalidParamsError &error) {
    reply->error(ErrorCode::InvalidParams, error.message);
  } catch (const std::exception &error) {
    reply->error(ErrorCode::InternalError, error.what());
  }
}

template <typename T, typename ToJson>
Callback<T> LSPServer::replyWith(const ReplyRef &reply, ToJson toJson) {
  return [this, reply, toJson](Answer<T> answer) {
    if (answer.error) {
      reply->error(answer.error->code, answer.error->message);
      return;
    }
    try {
      reply->result(toJson(*answer.snapshot, answer.value, protocolContext()));
    } catch (const std::exception &problem) {
      reply->error(ErrorCode::InternalError, problem.what());
    }
  };
}

/// A request's work is skipped once it was answered (cancelled).
static IsCancelled cancelledOf(const LSPServer::ReplyRef &reply) {
  return [reply] { return reply->answered(); };
}

void LSPServer::onInitialize(const lsp::InitializeParams &params,
                             const ReplyRef &reply) {
  {
    std::lock_guard<std::mutex> lock(clientMutex);
    encoding = params.utf8 ? PositionEncoding::Utf8 : PositionEncoding::Utf16;
    clientRelatedInformation = params.relatedInformation;
    clientCodeDescription = params.codeDescription;
    clientFillsDiagnostics = params.compactDiagnostics;
  }
  service->setPositionEncoding(params.utf8 ? PositionEncoding::Utf8
                                           : PositionEncoding::Utf16);
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    clientSupportsProgress = params.workDoneProgress;
  }
  if (params.settings)
    applySettings(*params.settings, "initializationOptions");

  state = State::Running;
  json result = {
      {"capabilities",
       {{"positionEncoding", params.utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync",
         {{"openClose", true},
          {"change", 2},
          {"save", {{"includeText", false}}}}},
        {"hoverProvider", true},
        {"inlayHintProvider", true},
        {"codeActionProvider",
         {{"codeActionKinds", {"quickfix", "refactor.rewrite", "info"}},
          {"resolveProvider", true}}},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentHighlightProvider", true},
        {"documentSymbolProvider", true},
        {"codeLensProvider", {{"resolveProvider", false}}},
        {"semanticTokensProvider",
         {{"legend", semanticTokensLegend()},
          {"full", {{"delta", true}}},
          {"range", true}}},
        {"experimental",
         {{"bufferlens",
           {{"ownershipAt", true}, {"graph", true}, {"rewrite", true}}}}}}},
      {"serverInfo",
       {{"name", "bufferlens"}, {"version", BUFFERLENS_VERSION}}}};
  // A client that declares compactDiagnostics forms the code links from
  // this (ProtocolContext::compact).
  result["capabilities"]["experimental"]["bufferlens"]["codeDescriptionBase"] =
      protocolContext().codeDescriptionBase;
  reply->result(std::move(result));
}

void LSPServer::onShutdown(const lsp::NoParams &, const ReplyRef &reply) {
  state = State::ShutDown;
  reply->result(nullptr);
}

void LSPServer::onHover(const lsp::TextDocumentPositionParams &params,
                        const ReplyRef &reply) {
  service->hover(params.uri, params.position, cancelledOf(reply),
                 replyWith<std::optional<HoverInfo>>(
                     reply,
                     [](const Snapshot &s, const std::optional<HoverInfo> &h,
                        const ProtocolContext &c) -> json {
                       return h ? toHover(s, *h, c) : json(nullptr);
                     }));
}

void LSPServer::onInlayHint(const lsp::InlayHintParams &params,
                            const ReplyRef &reply) {
  service->inlayHints(
      params.uri, params.range, cancelledOf(reply),
      replyWith<std::vector<InlayHintInfo>>(
          reply, [](const Snapshot &s, const std::vector<InlayHintInfo> &hints,
                    const ProtocolContext &c) {
            json out = json::array();
            for (const InlayHintInfo &hint : hints)
              out.push_back(toInlayHint(s, hint, c));
            return out;
          }));
}

void LSPServer::onCodeAction(const lsp::CodeActionParams &params,
                             const ReplyRef &reply) {
  service->codeActions(params.uri, params.range, params.only,
                       cancelledOf(reply),
                       replyWith<std::vector<CodeActionInfo>>(
                           reply, [](const Snapshot &s,
                                     const std::vector<CodeActionInfo> &actions,
                                     const ProtocolContext &c) {
                             json out = json::array();
                             for (const CodeActionInfo &action : actions)
                               out.push_back(toCodeAction(s, action, c));
                             return out;
                           }));
}

void LSPServer::onCodeActionResolve(const lsp::CodeActionResolveParams &params,
                                    const ReplyRef &reply) {
  service->resolveRefactoring(
      params.uri, params.function, params.allocation, params.version,
      cancelledOf(reply),
      replyWith<std::vector<TextEdit>>(
          reply, [params](const Snapshot &s, const std::vector<TextEdit> &edits,
                          const ProtocolContext &c) {
            CodeActionInfo action;
            action.title = params.title;
            action.kind = params.kind;
            action.edits = edits;
            return toCodeAction(s, action, c);
          }));
}

void LSPServer::onDefinition(const lsp::TextDocumentPositionParams &params,
                             const ReplyRef &reply) {
  service->definition(
      params.uri, params.position, cancelledOf(reply),
      replyWith<std::optional<SourceRange>>(
          reply,
          [](const Snapshot &s, const std::optional<SourceRange> &range,
             const ProtocolContext &c) -> json {
            return range ? toLocation(s, *range, c) : json(nullptr);
          }));
}

void LSPServer::onReferences(const lsp::ReferenceParams &params,
                             const ReplyRef &reply) {
  service->references(
      params.uri, params.position, params.includeDeclaration,
      cancelledOf(reply),
      replyWith<std::vector<SourceRange>>(
          reply, [](const Snapshot &s, const std::vector<SourceRange> &ranges,
                    const ProtocolContext &c) {
            json out = json::array();
            for (SourceRange range : ranges)
              out.push_back(toLocation(s, range, c));
            return out;
          }));
}

void LSPServer::onDocumentHighlight(
    const lsp::TextDocumentPositionParams &params, const ReplyRef &reply) {
  service->highlights(
      params.uri, params.position, cancelledOf(reply),
      replyWith<std::vector<HighlightInfo>>(
          reply, [](const Snapshot &s, const std::vector<HighlightInfo> &found,
                    const ProtocolContext &c) {
            json out = json::array();
            for (const HighlightInfo &h : found)
              out.push_back(toHighlight(s, h, c));
            return out;
          }));
}

void LSPServer::onDocumentSymbol(const lsp::TextDocumentParams &params,
                                 const ReplyRef &reply) {
  service->documentSymbols(
      params.uri, cancelledOf(reply),
      replyWith<std::vector<SymbolInfo>>(
          reply, [](const Snapshot &s, const std::vector<SymbolInfo> &symbols,
                    const ProtocolContext &c) {
            json out = json::array();
            for (const SymbolInfo &symbol : symbols)
              out.push_back(toDocumentSymbol(s, symbol, c));
            return out;
          }));
}

void LSPServer::onCodeLens(const lsp::TextDocumentParams &params,
                           const ReplyRef &reply) {
  service->codeLenses(
      params.uri, cancelledOf(reply),
      replyWith<std::vector<CodeLensInfo>>(
          reply, [](const Snapshot &s, const std::vector<CodeLensInfo> &lenses,
                    const ProtocolContext &c) {
            json out = json::array();
            for (const CodeLensInfo &lens : lenses)
              out.push_back(toCodeLens(s, lens, c));
            return out;
          }));
}

void LSPServer::answerSemanticTokens(const std::string &uri,
                                     std::optional<std::string> previousId,
                                     const ReplyRef &reply) {
  service->semanticTokens(
      uri, std::nullopt, cancelledOf(reply),
      [this, reply, previousId](Answer<std::vector<SemanticTokenInfo>> answer) {
        if (answer.error) {
          reply->error(answer.error->code, answer.error->message);
          return;
        }
        try {
          const Snapshot &s = *answer.snapshot;
          std::vector<uint32_t> data = encodeSemanticTokens(
              s.lines(), answer.value, protocolContext().encoding);
          std::vector<uint32_t> before;
          bool known = false;
          std::string resultId;
          {
            std::lock_guard<std::mutex> lock(semanticTokensMutex);
            SentTokens &sent = sentTokens[s.uri()];
            if (previousId && sent.resultId == *previousId) {
              before = std::move(sent.data);
              known = true;
            }
            // Per document version, and unique: the same version analysed
            // again under other settings may have other modifiers.
            resultId = std::to_string(s.version()) + "." +
                       std::to_string(++tokenResults);
            sent = {resultId, data};
          }
          // A full request, or a previous result the server does not
          // know: the whole array, as LSP allows.
          if (!known) {
            reply->resultText(semanticTokensText(resultId, data));
            return;
          }
          json edits = json::array();
          for (const SemanticTokensEdit &edit :
               diffSemanticTokens(before, data))
            edits.push_back({{"start", edit.start},
                             {"deleteCount", edit.deleteCount},
                             {"data", edit.data}});
          reply->result({{"resultId", resultId}, {"edits", std::move(edits)}});
        } catch (const std::exception &problem) {
          reply->error(ErrorCode::InternalError, problem.what());
        }
      });
}

void LSPServer::onSemanticTokensFull(const lsp::SemanticTokensParams &params,
                                     const ReplyRef &reply) {
  answerSemanticTokens(params.uri, std::nullopt, reply);
}

void LSPServer::onSemanticTokensRange(
    const lsp::SemanticTokensRangeParams &params, const ReplyRef &reply) {
  service->semanticTokens(
      params.uri, params.range, cancelledOf(reply),
      replyWith<std::vector<SemanticTokenInfo>>(
          reply,
          [](const Snapshot &s, const std::vector<SemanticTokenInfo> &tokens,
             const ProtocolContext &c) {
            return json{
                {"data", encodeSemanticTokens(s.lines(), tokens, c.encoding)}};
          }));
}

void LSPServer::onSemanticTokensDelta(
    const lsp::SemanticTokensDeltaParams &params, const ReplyRef &reply) {
  answerSemanticTokens(params.uri, params.previousResultId, reply);
}

void LSPServer::onOwnershipAt(const lsp::OwnershipAtParams &params,
                              const ReplyRef &reply) {
  service->ownershipAt(
      params.uri, params.position, cancelledOf(reply),
      replyWith<OwnershipAtInfo>(
          reply,
          [](const Snapshot &s, const OwnershipAtInfo &info,
             const ProtocolContext &c) { return toOwnershipAt(s, info, c); }));
}

void LSPServer::onGraph(const lsp::GraphParams &params, const ReplyRef &reply) {
  GraphQuery query;
  query.function = params.function;
  query.stage = params.stage;
  query.format = params.graphFormat;
  service->graph(params.uri, query, params.position, params.finding,
                 cancelledOf(reply),
                 replyWith<GraphAnswer>(
                     reply, [params](const Snapshot &, const GraphAnswer &graph,
                                     const ProtocolContext &) {
                       return json{{"function", graph.function},
                                   {"stage", params.stage},
                                   {"format", params.format},
                                   {"content", graph.content},
                                   {"functions", graph.functions}};
                     }));
}

void LSPServer::onRewrite(const lsp::RewriteParams &params,
                          const ReplyRef &reply) {
  service->rewrite(
      params.uri, params.request, params.position, cancelledOf(reply),
      replyWith<std::string>(
          reply, [](const Snapshot &, const std::string &text,
                    const ProtocolContext &) { return json{{"text", text}}; }));
}

void LSPServer::onResponse(const json &message) {
  // Answers to our requests: only progress tokens are ever asked for.
  std::string id = message["id"].dump();
  std::vector<json> toSend;
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    auto it = progress.find(id);
    if (it == progress.end())
      return;
    Progress &p = it->second;
    if (message.contains("error")) {
      progress.erase(it);
      return;
    }
    p.created = true;
    p.begun = true;
    toSend.push_back({{"token", p.token},
                      {"value",
                       {{"kind", "begin"},
                        {"title", "BufferLens"},
                        {"message", "analysing"}}}});
    if (p.ended) {
      toSend.push_back({{"token", p.token}, {"value", {{"kind", "end"}}}});
      progress.erase(it);
    }
  }
  for (json &params : toSend)
    notify("$/progress", std::move(params));
}

//===----------------------------------------------------------------------===//
// Notifications
//===----------------------------------------------------------------------===//

void LSPServer::onNotification(const std::string &method, const json &params) {
  if (method == "exit") {
    exitCode = state == State::ShutDown ? 0 : 1;
    state = State::Exited;
    transport.stop();
    return;
  }
  if (state == State::Uninitialized || state == State::ShutDown) {
    log.log(
        "dropped notification '" + method + "' (" +
        (state == State::ShutDown ? "after shutdown" : "before initialize") +
        ")");
    return;
  }
  auto handler = notifications.find(method);
  if (handler == notifications.end()) {
    if (method.rfind("$/", 0) != 0)
      log.log("ignored unknown notification '" + method + "'");
    return;
  }
  try {
    handler->second(params);
  } catch (const InvalidParamsError &error) {
    log.log("ignored '" + method + "': " + error.message);
  } catch (const std::exception &error) {
    log.log("ignored '" + method + "': " + error.what());
  }
}

void LSPServer::onCancelRequest(const lsp::CancelParams &params) {
  std::shared_ptr<Reply> reply;
  {
    std::lock_guard<std::mutex> lock(pendingMutex);
    auto it = pending.find(params.id.dump());
    if (it != pending.end())
      reply = it->second.lock();
  }
  if (reply)
    reply->error(ErrorCode::RequestCancelled, "the request was cancelled");
}

/// The path of `uri` if it names a `.bufferlens.json`; empty otherwise.
static std::string settingsFilePath(const std::string &uri) {
  static constexpr std::string_view name = "/.bufferlens.json";
  std::string path = pathOfUri(uri);
  if (path.size() < name.size() ||
      path.compare(path.size() - name.size(), name.size(), name) != 0)
    return "";
  return path;
}

void LSPServer::onDidOpen(const lsp::DidOpenParams &params) {
  drafts.open(params.uri, params.text, params.version);
  const DraftStore::Draft &draft = *drafts.find(params.uri);
  if (std::string path = settingsFilePath(params.uri); !path.empty()) {
    settingsFiles.insert(params.uri);
    service->setSettingsFileOpen(path, true);
    publishSettingsFileProblems(params.uri);
    return;
  }
  service->openDocument(params.uri, draft.text, draft.version);
}

void LSPServer::publishSettingsFileProblems(const std::string &uri) {
  const DraftStore::Draft *draft = drafts.find(uri);
  if (!draft || draft->lost)
    return;
  settingsChecks.check(uri, draft->text, draft->version);
}

json LSPServer::settingsFileDiagnostics(const std::string &uri,
                                        const std::string &text) const {
  PositionEncoding positions;
  {
    std::lock_guard<std::mutex> lock(clientMutex);
    positions = encoding;
  }
  std::filesystem::path directory =
      std::filesystem::path(settingsFilePath(uri)).parent_path();
  LineIndex lines(text);
  json diagnostics = json::array();
  for (const ConfigProblem &problem : configProblems(text, directory))
    diagnostics.push_back(
        {{"range", toRange(lines, {problem.begin, problem.end}, positions)},
         // Ignored whole, the file is an error; a mistake in it leaves
         // its other settings applied, as a warning does.
         {"severity", problem.fileIgnored ? 1 : 2},
         {"source", "bufferlens"},
         {"message", problem.message}});
  return diagnostics;
}

void LSPServer::onDidChange(const lsp::DidChangeParams &params) {
  PositionEncoding positions;
  {
    std::lock_guard<std::mutex> lock(clientMutex);
    positions = encoding;
  }
  DraftStore::Change change =
      drafts.change(params.uri, params.version, params.changes, positions);
  switch (change.kind) {
  case DraftStore::Change::Updated: {
    if (settingsFiles.count(params.uri)) {
      publishSettingsFileProblems(params.uri);
      return;
    }
    const DraftStore::Draft &draft = *drafts.find(params.uri);
    service->updateDocument(params.uri, draft.text, draft.version);
    return;
  }
  case DraftStore::Change::Lost:
    loseDocument(params.uri, change.problem);
    return;
  case DraftStore::Change::StillLost:
    log.log("ignored an edit of " + params.uri +
            ": waiting for its whole text");
    return;
  }
}

void LSPServer::onDidClose(const lsp::TextDocumentParams &params) {
  {
    std::lock_guard<std::mutex> lock(semanticTokensMutex);
    sentTokens.erase(params.uri);
  }
  drafts.close(params.uri);
  if (settingsFiles.erase(params.uri)) {
    service->setSettingsFileOpen(settingsFilePath(params.uri), false);
    settingsChecks.close(params.uri); // No check publishes after this...
    onDocumentClosed(params.uri);     // ...that its mistakes are gone.
    return;
  }
  service->removeDocument(params.uri);
}

void LSPServer::onDidSave(const lsp::TextDocumentParams &params) {
  if (settingsFiles.count(params.uri)) {
    // What it says on disk applies now, not at the next edit.
    service->settingsFileSaved();
    return;
  }
  service->saveDocument(params.uri);
}

void LSPServer::applySettings(const json &settings, const std::string &origin) {
  std::string problems;
  ClientSettings parsed = parseClientSettings(settings, problems);
  if (!problems.empty()) {
    log.log(origin + ": " + problems);
    onSettingsProblems(origin, problems);
  }
  service->applySettings(parsed);
}

ProtocolContext LSPServer::protocolContext() const {
  ServerConfig config = service->config();
  std::lock_guard<std::mutex> lock(clientMutex);
  ProtocolContext context;
  context.encoding = encoding;
  context.codeDescriptionBase = config.codeDescriptionBase;
  context.threads = config.analysisThreads;
  context.relatedInformation = clientRelatedInformation;
  context.codeDescription = clientCodeDescription;
  context.compact = clientFillsDiagnostics;
  return context;
}

void LSPServer::onDidChangeConfiguration(
    const lsp::DidChangeConfigurationParams &params) {
  applySettings(params.settings, "workspace/didChangeConfiguration");
}

//===----------------------------------------------------------------------===//
// What the service tells the client
//===----------------------------------------------------------------------===//

void LSPServer::onDiagnostics(const SnapshotRef &snapshot) {
  ProtocolContext context = protocolContext();
  auto start = std::chrono::steady_clock::now();
  std::string message = publishDiagnosticsMessage(*snapshot, context);
  auto built = std::chrono::steady_clock::now();
  transport.send(message);
  auto sent = std::chrono::steady_clock::now();
  auto ms = [](auto d) {
    return std::to_string(
        std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
  };
  log.log("published " + snapshot->uri() + " version " +
          std::to_string(snapshot->version()) + ": built in " +
          ms(built - start) + " ms, sent in " + ms(sent - built) + " ms");
}

void LSPServer::onDocumentClosed(const std::string &uri) {
  notify("textDocument/publishDiagnostics",
         {{"uri", uri}, {"diagnostics", json::array()}});
}

void LSPServer::loseDocument(const std::string &uri,
                             const std::string &problem) {
  // The text the client has can no longer be known: rather than analyse
  // another one (clangd's ClangdLSPServer::onDocumentDidChange also drops
  // the document), the document is forgotten until its whole text comes.
  std::string message =
      "BufferLens lost this document's text: " + problem +
      ". Edits are ignored until the whole text is sent again (reopen the "
      "document).";
  log.log(uri + ": " + message);
  service->removeDocument(uri, /*closed=*/false);
  notify("window/logMessage", {{"type", 1}, {"message", uri + ": " + message}});
  json zero = {{"line", 0}, {"character", 0}};
  notify("textDocument/publishDiagnostics",
         {{"uri", uri},
          {"diagnostics",
           {{{"range", {{"start", zero}, {"end", zero}}},
             {"severity", 1},
             {"source", "bufferlens"},
             {"message", message}}}}});
}

void LSPServer::onSettingsProblems(const std::string &origin,
                                   const std::string &problems) {
  notify("window/showMessage",
         {{"type", 2},
          {"message", "BufferLens settings (" + origin + "): " + problems}});
}

void LSPServer::onAnalysisActivity(const std::string &uri, bool begin,
                                   size_t bytes) {
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    if (!clientSupportsProgress)
      return;
  }
  json toSend;
  bool request = false;
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    if (begin) {
      int n = ++nextRequestId;
      std::string id = "bufferlens-progress-" + std::to_string(n);
      Progress p;
      p.token = "bufferlens/analysis/" + std::to_string(n);
      progress[json(id).dump()] = p;
      progressByUri[uri] = json(id).dump();
      toSend = {{"jsonrpc", "2.0"},
                {"id", id},
                {"method", "window/workDoneProgress/create"},
                {"params", {{"token", p.token}}}};
      request = true;
    } else {
      auto byUri = progressByUri.find(uri);
      if (byUri == progressByUri.end())
        return;
      auto it = progress.find(byUri->second);
      progressByUri.erase(byUri);
      if (it == progress.end())
        return;
      if (!it->second.begun) {
        it->second.ended = true; // Ends once the client created it.
        return;
      }
      toSend = {{"token", it->second.token}, {"value", {{"kind", "end"}}}};
      progress.erase(it);
    }
  }
  if (request)
    send(toSend);
  else
    notify("$/progress", std::move(toSend));
}

//===----------------------------------------------------------------------===//

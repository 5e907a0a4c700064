//===- LSPServer.cpp ------------------------------------------------------===//

#include "server/LSPServer.h"
#include "analysis/FindingCodes.h"
#include "analysis/Rewrite.h"
#include "analysis/StageRewrite.h"
#include "config/Config.h"
#include "server/BinaryText.h"
#include "server/CrashIsolation.h"
#include "server/IncrementalAnalysis.h"
#include "server/Logger.h"
#include "server/MessageJson.h"
#include "server/Scheduler.h"
#include "server/Transport.h"

#include "Version.h"

#include <atomic>
#include <cctype>
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

namespace {
/// Thrown by the parameter readers; becomes an InvalidParams error.
struct InvalidParams {
  std::string message;
};
/// Thrown by a feature that cannot answer; becomes RequestFailed.
struct RequestFailed {
  std::string message;
};
/// Thrown when a request names a version that is no longer current.
struct ContentModifiedError {};

const json &member(const json &object, const char *key) {
  static const json null;
  if (!object.is_object() || !object.contains(key))
    return null;
  return object[key];
}

std::string requireString(const json &object, const char *key) {
  const json &value = member(object, key);
  if (!value.is_string())
    throw InvalidParams{std::string("'") + key + "' must be a string"};
  return value.get<std::string>();
}

const json &requireObject(const json &object, const char *key) {
  const json &value = member(object, key);
  if (!value.is_object())
    throw InvalidParams{std::string("'") + key + "' must be an object"};
  return value;
}

std::string documentUri(const json &params) {
  return requireString(requireObject(params, "textDocument"), "uri");
}

uint32_t requirePosition(const Snapshot &snapshot, const json &params,
                         const ProtocolContext &context,
                         const char *key = "position") {
  std::optional<uint32_t> offset =
      fromPosition(snapshot.lines(), member(params, key), context.encoding);
  if (!offset)
    throw InvalidParams{std::string("'") + key + "' must be a Position"};
  return *offset;
}

/// file:///a%20b/c.mlir -> /a b/c.mlir; empty for other schemes.
std::string pathOfUri(const std::string &uri) {
  const std::string prefix = "file://";
  if (uri.compare(0, prefix.size(), prefix) != 0)
    return "";
  std::string path;
  for (size_t i = prefix.size(); i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uri[i + 1]) &&
        std::isxdigit(uri[i + 2])) {
      path += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      path += uri[i];
    }
  }
  return path;
}
} // namespace

//===----------------------------------------------------------------------===//
// Construction and the read loop
//===----------------------------------------------------------------------===//

LSPServer::LSPServer(Transport &transport, Logger &log, ServerConfig config)
    : transport(transport), log(log), config(std::move(config)) {
  context.codeDescriptionBase = this->config.codeDescriptionBase;
  scheduler = std::make_unique<Scheduler>(
      this->config.workers,
      [this](const std::string &text, const std::string &uri,
             const AnalysisOptions &options, int64_t version,
             SnapshotRef previous) {
        if (size_t nul = findNulByte(text); nul != std::string::npos) {
          // The rule `lint` follows too (server/BinaryText.h).
          AnalysisResult refused;
          refused.text = text;
          refused.parseFailed = true;
          Finding finding;
          finding.range = {uint32_t(nul), uint32_t(nul + 1)};
          finding.message = std::string(kBinaryTextReason);
          refused.findings.push_back(std::move(finding));
          return std::make_shared<const Snapshot>(std::move(refused), uri,
                                                  version);
        }
        std::string path = pathOfUri(uri);
        auto start = std::chrono::steady_clock::now();
        unsigned threads;
        {
          std::lock_guard<std::mutex> lock(settingsMutex);
          threads = this->config.analysisThreads;
        }
        VersionAnalysis analysis =
            analyzeVersion(previous, text, uri, path.empty() ? uri : path,
                           options, version, threads);
        auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)
                      .count();
        {
          std::lock_guard<std::mutex> lock(settingsMutex);
          // The next edit will likely cost what this one did; a no-op edit
          // (nothing re-analysed) says nothing about that.
          if (analysis.how.rfind("nothing", 0) != 0)
            lastAnalysis[uri] = std::chrono::milliseconds(ms);
        }
        this->log.log("analysed " + uri + " version " +
                      std::to_string(version) + ": " + analysis.how + " in " +
                      std::to_string(ms) + " ms");
        return analysis.snapshot;
      },
      [this](SnapshotRef snapshot) {
        ProtocolContext ctx;
        {
          std::lock_guard<std::mutex> lock(settingsMutex);
          ctx = context;
          ctx.threads = this->config.analysisThreads;
        }
        auto start = std::chrono::steady_clock::now();
        std::string message = publishDiagnosticsMessage(*snapshot, ctx);
        auto built = std::chrono::steady_clock::now();
        this->transport.send(message);
        auto sent = std::chrono::steady_clock::now();
        auto ms = [](auto d) {
          return std::to_string(
              std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
        };
        this->log.log("published " + snapshot->uri() + " version " +
                      std::to_string(snapshot->version()) + ": built in " +
                      ms(built - start) + " ms, sent in " + ms(sent - built) +
                      " ms");
      },
      [this](const std::string &uri, bool begin, size_t bytes) {
        onAnalysisActivity(uri, begin, bytes);
      },
      log);
}

LSPServer::~LSPServer() {
  // Workers may still call back into us: stop them first.
  scheduler.reset();
}

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

void LSPServer::showMessage(int type, const std::string &message) {
  notify("window/showMessage", {{"type", type}, {"message", message}});
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
  try {
    if (method == "initialize") {
      if (state != State::Uninitialized) {
        reply->error(ErrorCode::InvalidRequest,
                     "'initialize' was already received");
        return;
      }
      initialize(reply, params);
      return;
    }
    if (method == "shutdown") {
      state = State::ShutDown;
      reply->result(nullptr);
      return;
    }
    dispatchFeature(reply, method, params);
  } catch (const InvalidParams &error) {
    reply->error(ErrorCode::InvalidParams, error.message);
  } catch (const std::exception &error) {
    reply->error(ErrorCode::InternalError, error.what());
  }
}

void LSPServer::initialize(const ReplyRef &reply, const json &params) {
  if (!params.is_object())
    throw InvalidParams{"'initialize' needs InitializeParams"};
  const json &capabilities = member(params, "capabilities");
  PositionEncoding encoding = PositionEncoding::Utf16;
  const json &offered =
      member(member(capabilities, "general"), "positionEncodings");
  if (offered.is_array())
    for (const json &name : offered)
      if (name == "utf-8") {
        encoding = PositionEncoding::Utf8;
        break;
      }
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    context.encoding = encoding;
    clientSupportsProgress =
        member(member(capabilities, "window"), "workDoneProgress") == true;
  }
  // Either the settings object itself or, like didChangeConfiguration's,
  // nested under the section name.
  const json &options = member(params, "initializationOptions");
  const json &section = member(options, "bufferlens");
  if (options.is_object())
    applySettings(section.is_object() ? section : options,
                  "initializationOptions");

  state = State::Running;
  bool graph = true, rewrite = true;
  json result = {
      {"capabilities",
       {{"positionEncoding",
         encoding == PositionEncoding::Utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync",
         {{"openClose", true},
          {"change", 2},
          {"save", {{"includeText", false}}}}},
        {"hoverProvider", true},
        {"inlayHintProvider", true},
        {"codeActionProvider",
         {{"codeActionKinds", {"quickfix", "refactor.rewrite"}},
          {"resolveProvider", true}}},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentHighlightProvider", true},
        {"documentSymbolProvider", true},
        {"experimental",
         {{"bufferlens",
           {{"ownershipAt", true}, {"graph", graph}, {"rewrite", rewrite}}}}}}},
      {"serverInfo",
       {{"name", "bufferlens"}, {"version", BUFFERLENS_VERSION}}}};
  reply->result(std::move(result));
}

void LSPServer::withDocument(const ReplyRef &reply, const std::string &uri,
                             Answer answer) {
  scheduler->withCurrent(
      uri, [this, reply, uri, answer](SnapshotRef snapshot, QueryError error) {
        if (reply->answered())
          return;
        if (error == QueryError::ContentModified) {
          reply->error(ErrorCode::ContentModified,
                       "the document changed before the answer was ready");
          return;
        }
        if (error == QueryError::NotOpen || !snapshot) {
          reply->error(ErrorCode::InvalidParams,
                       "the document is not open: " + uri);
          return;
        }
        ProtocolContext ctx;
        {
          std::lock_guard<std::mutex> lock(settingsMutex);
          ctx = context;
        }
        try {
          reply->result(answer(*snapshot, ctx));
        } catch (const InvalidParams &problem) {
          reply->error(ErrorCode::InvalidParams, problem.message);
        } catch (const RequestFailed &problem) {
          reply->error(ErrorCode::RequestFailed, problem.message);
        } catch (const ContentModifiedError &) {
          reply->error(ErrorCode::ContentModified,
                       "the document changed since the action was offered");
        } catch (const std::exception &problem) {
          reply->error(ErrorCode::InternalError, problem.what());
        }
      });
}

void LSPServer::dispatchFeature(const ReplyRef &reply,
                                const std::string &method, const json &params) {
  if (method == "textDocument/hover") {
    withDocument(reply, documentUri(params),
                 [params](const Snapshot &s, const ProtocolContext &c) -> json {
                   auto hover = hoverAt(s, requirePosition(s, params, c));
                   return hover ? toHover(s, *hover, c) : json(nullptr);
                 });
  } else if (method == "textDocument/inlayHint") {
    withDocument(reply, documentUri(params),
                 [params](const Snapshot &s, const ProtocolContext &c) {
                   auto range = fromRange(s.lines(), member(params, "range"),
                                          c.encoding);
                   if (!range)
                     throw InvalidParams{"'range' must be a Range"};
                   json out = json::array();
                   for (const InlayHintInfo &hint : inlayHints(s, *range))
                     out.push_back(toInlayHint(s, hint, c));
                   return out;
                 });
  } else if (method == "textDocument/codeAction") {
    withDocument(
        reply, documentUri(params),
        [params](const Snapshot &s, const ProtocolContext &c) {
          auto range =
              fromRange(s.lines(), member(params, "range"), c.encoding);
          if (!range)
            throw InvalidParams{"'range' must be a Range"};
          const json &only = member(member(params, "context"), "only");
          json out = json::array();
          std::vector<CodeActionInfo> actions = codeActions(s, *range);
          for (CodeActionInfo &refactor : refactorActions(s, *range))
            actions.push_back(std::move(refactor));
          for (const CodeActionInfo &action : actions) {
            bool wanted = !only.is_array();
            if (only.is_array())
              for (const json &kind : only)
                if (kind.is_string() &&
                    (action.kind == kind.get<std::string>() ||
                     action.kind.rfind(kind.get<std::string>() + ".", 0) == 0))
                  wanted = true;
            if (wanted)
              out.push_back(toCodeAction(s, action, c));
          }
          return out;
        });
  } else if (method == "codeAction/resolve") {
    resolveCodeAction(reply, params);
  } else if (method == "textDocument/definition") {
    withDocument(reply, documentUri(params),
                 [params](const Snapshot &s, const ProtocolContext &c) -> json {
                   auto range = definitionAt(s, requirePosition(s, params, c));
                   return range ? toLocation(s, *range, c) : json(nullptr);
                 });
  } else if (method == "textDocument/references") {
    withDocument(
        reply, documentUri(params),
        [params](const Snapshot &s, const ProtocolContext &c) {
          bool includeDeclaration =
              member(member(params, "context"), "includeDeclaration") == true;
          json out = json::array();
          for (SourceRange range : referencesAt(
                   s, requirePosition(s, params, c), includeDeclaration))
            out.push_back(toLocation(s, range, c));
          return out;
        });
  } else if (method == "textDocument/documentHighlight") {
    withDocument(reply, documentUri(params),
                 [params](const Snapshot &s, const ProtocolContext &c) {
                   json out = json::array();
                   for (const HighlightInfo &h :
                        highlightsAt(s, requirePosition(s, params, c)))
                     out.push_back(toHighlight(s, h, c));
                   return out;
                 });
  } else if (method == "textDocument/documentSymbol") {
    withDocument(reply, documentUri(params),
                 [](const Snapshot &s, const ProtocolContext &c) {
                   json out = json::array();
                   for (const SymbolInfo &symbol : documentSymbols(s))
                     out.push_back(toDocumentSymbol(s, symbol, c));
                   return out;
                 });
  } else if (method == "bufferlens/ownershipAt") {
    withDocument(reply, requireString(params, "uri"),
                 [params](const Snapshot &s, const ProtocolContext &c) {
                   return toOwnershipAt(
                       s, ownershipAt(s, requirePosition(s, params, c)), c);
                 });
  } else if (method == "bufferlens/graph") {
    graph(reply, params);
  } else if (method == "bufferlens/rewrite") {
    rewrite(reply, params);
  } else {
    reply->error(ErrorCode::MethodNotFound, "unknown method '" + method + "'");
  }
}

void LSPServer::graph(const ReplyRef &reply, const json &params) {
  std::string uri = requireString(params, "uri");
  GraphQuery query;
  // Absent: the defaults of `bufferlens graph`.
  query.stage = member(params, "stage").is_null()
                    ? "input"
                    : requireString(params, "stage");
  if (!parseViewStage(query.stage))
    throw InvalidParams{"'stage' must be \"input\", \"classic\", "
                        "\"ownership\" or \"pipeline\""};
  std::string format = member(params, "format").is_null()
                           ? "dot"
                           : requireString(params, "format");
  if (format == "dot")
    query.format = viz::GraphFormat::Dot;
  else if (format == "svg")
    query.format = viz::GraphFormat::Svg;
  else
    throw InvalidParams{"'format' must be \"dot\" or \"svg\""};
  const json &function = member(params, "function");
  if (function.is_string())
    query.function = function.get<std::string>();
  else if (!function.is_null())
    throw InvalidParams{"'function' must be a string"};
  json position = member(params, "position");
  if (!query.function && position.is_null())
    throw InvalidParams{"'function' or 'position' is needed"};
  withDocument(reply, uri,
               [this, uri, query, position, format](const Snapshot &s,
                                                    const ProtocolContext &c) {
                 GraphQuery q = query;
                 q.utf8Columns = c.encoding == PositionEncoding::Utf8;
                 if (!q.function) {
                   q.offset = fromPosition(s.lines(), position, c.encoding);
                   if (!q.offset)
                     throw InvalidParams{"'position' must be a Position"};
                 }
                 std::string path = pathOfUri(uri);
                 GraphAnswer answer =
                     graphOf(s, q, path.empty() ? uri : path, optionsFor(uri));
                 if (!answer.error.empty())
                   throw RequestFailed{answer.error};
                 return json{{"function", answer.function},
                             {"stage", q.stage},
                             {"format", format},
                             {"content", answer.content},
                             {"functions", answer.functions}};
               });
}

void LSPServer::resolveCodeAction(const ReplyRef &reply, const json &params) {
  const json &data = member(params, "data");
  if (!data.is_object())
    throw InvalidParams{"only actions with 'data' need resolving"};
  std::string uri = requireString(data, "uri");
  std::string function = requireString(data, "function");
  const json &version = member(data, "version");
  if (!version.is_number_integer())
    throw InvalidParams{"'data.version' must be an integer"};
  int64_t wanted = version.get<int64_t>();
  withDocument(reply, uri,
               [this, uri, function, wanted,
                params](const Snapshot &s, const ProtocolContext &c) -> json {
                 if (s.version() != wanted)
                   throw ContentModifiedError{};
                 std::string path = pathOfUri(uri);
                 std::string error;
                 auto edits =
                     resolveRefactor(s, function, path.empty() ? uri : path,
                                     optionsFor(uri), error);
                 if (!edits)
                   throw RequestFailed{error};
                 CodeActionInfo action;
                 action.title = params.value("title", "");
                 action.kind = params.value("kind", "refactor.rewrite");
                 action.edits = std::move(*edits);
                 return toCodeAction(s, action, c);
               });
}

void LSPServer::rewrite(const ReplyRef &reply, const json &params) {
  std::string uri = requireString(params, "uri");
  RewriteRequest request;
  std::string strategy = requireString(params, "strategy");
  if (strategy == "classic")
    request.strategy = RewriteStrategy::Classic;
  else if (strategy == "ownership")
    request.strategy = RewriteStrategy::Ownership;
  else
    throw InvalidParams{"'strategy' must be \"classic\" or \"ownership\""};
  const json &stage = member(params, "stage");
  if (stage == "ownership")
    request.stage = OwnershipStage::Ownership;
  else if (stage == "simplified")
    request.stage = OwnershipStage::Simplified;
  else if (stage == "lowered" || stage.is_null())
    request.stage = OwnershipStage::Lowered;
  else
    throw InvalidParams{"'stage' must be \"ownership\", \"simplified\" or "
                        "\"lowered\""};
  // A preview shows what it can: functions the passes reject stay as
  // written, named in a comment at the top.
  request.keepRejectedFunctions = true;
  withDocument(
      reply, uri,
      [this, uri, request](const Snapshot &s, const ProtocolContext &) {
        AnalysisOptions options = optionsFor(uri);
        std::string path = pathOfUri(uri);
        RewriteOutput out;
        int retCode = 0;
        if (!runIsolated(
                [&] {
                  out = rewriteDocument(s.text(), path.empty() ? uri : path,
                                        request, options);
                },
                retCode))
          throw RequestFailed{"the rewrite crashed (" + describeCrash(retCode) +
                              ")"};
        if (!out.succeeded) {
          std::string message = "the rewrite failed";
          if (!out.diagnostics.empty()) {
            const Finding &first = out.diagnostics.front();
            message += ": ";
            if (!first.range.empty()) {
              LineColumn at = s.lines().toByteColumn(first.range.begin);
              message += std::to_string(at.line + 1) + ":" +
                         std::to_string(at.column + 1) + ": ";
            }
            message += first.message;
          }
          throw RequestFailed{message};
        }
        std::string header;
        for (const std::string &name : out.keptAsWritten)
          header += "// @" + name +
                    " is left as written: the deallocation passes reject it "
                    "(it already frees memory, or breaks a precondition)\n";
        return json{{"text", header + out.text}};
      });
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

void LSPServer::onAnalysisActivity(const std::string &uri, bool begin,
                                   size_t bytes) {
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    if (!clientSupportsProgress || bytes < config.progressThresholdBytes)
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
  try {
    if (method == "initialized")
      return;
    if (method == "$/cancelRequest") {
      const json &id = member(params, "id");
      std::shared_ptr<Reply> reply;
      {
        std::lock_guard<std::mutex> lock(pendingMutex);
        auto it = pending.find(id.dump());
        if (it != pending.end())
          reply = it->second.lock();
      }
      if (reply)
        reply->error(ErrorCode::RequestCancelled, "the request was cancelled");
      return;
    }
    if (method == "textDocument/didOpen")
      didOpen(params);
    else if (method == "textDocument/didChange")
      didChange(params);
    else if (method == "textDocument/didClose")
      didClose(params);
    else if (method == "textDocument/didSave")
      didSave(params);
    else if (method == "workspace/didChangeConfiguration")
      didChangeConfiguration(params);
    else if (method.rfind("$/", 0) != 0)
      log.log("ignored unknown notification '" + method + "'");
  } catch (const InvalidParams &error) {
    log.log("ignored '" + method + "': " + error.message);
  } catch (const std::exception &error) {
    log.log("ignored '" + method + "': " + error.what());
  }
}

void LSPServer::didOpen(const json &params) {
  const json &document = requireObject(params, "textDocument");
  std::string uri = requireString(document, "uri");
  std::string text = requireString(document, "text");
  const json &version = member(document, "version");
  Draft &draft = drafts[uri];
  draft.text = text;
  draft.lost = false;
  {
    // An analysis that finished after the last close may have left one.
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  draft.version = version.is_number_integer() ? version.get<int64_t>() : 0;
  draft.lastEdit = std::chrono::steady_clock::now();
  scheduler->update(uri, std::move(text), draft.version, optionsFor(uri),
                    std::chrono::milliseconds(0));
}

void LSPServer::didChange(const json &params) {
  const json &document = requireObject(params, "textDocument");
  std::string uri = requireString(document, "uri");
  auto it = drafts.find(uri);
  if (it == drafts.end())
    throw InvalidParams{"didChange for a document that is not open: " + uri};
  const json &changes = member(params, "contentChanges");
  if (!changes.is_array())
    throw InvalidParams{"'contentChanges' must be an array"};
  PositionEncoding encoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    encoding = context.encoding;
  }
  std::string text = it->second.text;
  bool wasLost = it->second.lost, lost = wasLost;
  std::string problem;
  for (const json &change : changes) {
    const json &newText = member(change, "text");
    if (newText.is_string() && !change.contains("range")) {
      text = newText.get<std::string>(); // The whole text: in sync again.
      lost = false;
      continue;
    }
    if (lost)
      continue;
    std::optional<SourceRange> range;
    if (newText.is_string())
      range = editRange(text, change["range"], encoding);
    if (!range) {
      problem = newText.is_string()
                    ? "an edit's range " + change["range"].dump() +
                          " is not a range of the text"
                    : "an edit has no 'text'";
      lost = true;
      text.clear();
      continue;
    }
    text.replace(range->begin, range->end - range->begin,
                 newText.get<std::string>());
  }
  const json &version = member(document, "version");
  it->second.text = text;
  it->second.lost = lost;
  it->second.version =
      version.is_number_integer() ? version.get<int64_t>() : it->second.version;
  if (lost) {
    if (!wasLost)
      loseDocument(uri, problem);
    else
      log.log("ignored an edit of " + uri + ": waiting for its whole text");
    return;
  }
  auto now = std::chrono::steady_clock::now();
  std::chrono::milliseconds debounce;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    auto last = lastAnalysis.find(uri);
    debounce = config.debounce.delay(
        now, it->second.lastEdit,
        last != lastAnalysis.end()
            ? std::optional<std::chrono::milliseconds>(last->second)
            : std::nullopt);
  }
  it->second.lastEdit = now;
  scheduler->update(uri, std::move(text), it->second.version, optionsFor(uri),
                    debounce);
}

std::optional<SourceRange> LSPServer::editRange(const std::string &text,
                                                const json &range,
                                                PositionEncoding encoding) {
  // LSP: a character past the end of its line means the line's end
  // (fromPosition clamps it). A line past the last one is no position of
  // the text (as in clangd's positionToOffset).
  LineIndex lines(text);
  for (const char *key : {"start", "end"}) {
    const json &line = member(member(range, key), "line");
    if (!line.is_number_integer() || line.get<int64_t>() < 0 ||
        line.get<int64_t>() >= int64_t(lines.lineCount()))
      return std::nullopt;
  }
  return fromRange(lines, range, encoding);
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
  scheduler->remove(uri);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
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

void LSPServer::didClose(const json &params) {
  std::string uri = documentUri(params);
  drafts.erase(uri);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  scheduler->remove(uri);
  notify("textDocument/publishDiagnostics",
         {{"uri", uri}, {"diagnostics", json::array()}});
}

void LSPServer::didSave(const json &params) {
  scheduler->flush(documentUri(params));
}

void LSPServer::didChangeConfiguration(const json &params) {
  const json &settings = member(params, "settings");
  if (!settings.is_object())
    throw InvalidParams{"'settings' must be an object"};
  // VS Code sends the section's object; other clients nest it under the
  // section name.
  applySettings(settings.contains("bufferlens") &&
                        settings["bufferlens"].is_object()
                    ? settings["bufferlens"]
                    : settings,
                "workspace/didChangeConfiguration");
  for (const std::string &uri : scheduler->openDocuments())
    scheduler->reconfigure(uri, optionsFor(uri));
}

void LSPServer::applySettings(json settings, const std::string &origin) {
  std::string problems;
  auto problem = [&](const std::string &text) {
    problems += (problems.empty() ? "" : "; ") + text;
  };
  std::lock_guard<std::mutex> lock(settingsMutex);
  // Takes the server's own setting `name` out of `settings` (the rest are
  // analysis options): `accept` tells whether its value has the right type,
  // `apply` uses it, `expected` says what it should have been.
  auto take = [&](const char *name, bool (json::*accept)() const,
                  const char *expected, auto apply) {
    if (!settings.contains(name))
      return;
    const json &value = settings[name];
    if ((value.*accept)())
      apply(value);
    else
      problem("'" + std::string(name) + "' must be " + expected);
    settings.erase(name);
  };
  take("codeDescriptionBaseUrl", &json::is_string, "a string",
       [&](const json &v) {
         context.codeDescriptionBase = v.get<std::string>();
       });
  take("debounceMs", &json::is_number_unsigned, "a non-negative integer",
       [&](const json &v) {
         config.debounce.max = std::chrono::milliseconds(v.get<uint64_t>());
       });
  take("adaptiveDebounce", &json::is_boolean, "true or false",
       [&](const json &v) { config.debounce.adaptive = v.get<bool>(); });
  take("progressThresholdBytes", &json::is_number_unsigned,
       "a non-negative integer", [&](const json &v) {
         config.progressThresholdBytes = v.get<uint64_t>();
       });
  take("analysisThreads", &json::is_number_unsigned, "a non-negative integer",
       [&](const json &v) { config.analysisThreads = v.get<unsigned>(); });
  // Validate now, so the user hears about mistakes once.
  AnalysisOptions probe;
  if (auto error = applyConfig(settings, probe))
    problem(*error);
  // A later message replaces the earlier settings as a whole.
  clientSettings = std::move(settings);
  if (!problems.empty()) {
    log.log(origin + ": " + problems);
    notify("window/showMessage",
           {{"type", 2},
            {"message", "BufferLens settings (" + origin + "): " + problems}});
  }
}

AnalysisOptions LSPServer::optionsFor(const std::string &uri) {
  AnalysisOptions options;
  std::string path = pathOfUri(uri);
  if (!path.empty())
    if (auto error = loadOptionsFor(path, /*explicitConfig=*/"", options))
      log.log(*error);
  json settings;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    settings = clientSettings;
  }
  applyConfig(settings, options); // Problems were reported when set.
  return options;
}

//===- DocumentService.cpp ------------------------------------------------===//

#include "server/DocumentService.h"
#include "config/Config.h"
#include "server/BinaryText.h"
#include "server/IncrementalAnalysis.h"
#include "server/Logger.h"
#include "server/Scheduler.h"

#include <cctype>

using namespace bufferlens;
using json = nlohmann::json;

std::string bufferlens::pathOfUri(const std::string &uri) {
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

/// The name MLIR diagnostics and `.bufferlens.json` lookups use for `uri`.
static std::string bufferNameOf(const std::string &uri) {
  std::string path = pathOfUri(uri);
  return path.empty() ? uri : path;
}

//===----------------------------------------------------------------------===//
// Construction and analyses
//===----------------------------------------------------------------------===//

DocumentService::DocumentService(ServerConfig config,
                                 DocumentCallbacks &callbacks, Logger &log)
    : callbacks(callbacks), log(log), serverConfig(std::move(config)) {
  scheduler = std::make_unique<Scheduler>(
      serverConfig.workers,
      [this](const TextRef &text, const std::string &uri,
             const AnalysisOptions &options, int64_t version,
             SnapshotRef previous, const Scheduler::OnPublish &early) {
        return analyze(text, uri, options, version, std::move(previous), early);
      },
      [this](SnapshotRef snapshot) { this->callbacks.onDiagnostics(snapshot); },
      [this](const std::string &uri, bool begin, size_t bytes) {
        {
          std::lock_guard<std::mutex> lock(settingsMutex);
          if (bytes < serverConfig.progressThresholdBytes)
            return;
        }
        this->callbacks.onAnalysisActivity(uri, begin, bytes);
      },
      log,
      [this](const TextRef &text, const std::string &uri,
             const AnalysisOptions &options, int64_t version,
             SourceRange reach) {
        return analyzeReach(text, uri, options, version, reach);
      });
}

DocumentService::~DocumentService() { stop(); }

void DocumentService::stop() {
  // Workers may still call back into us: stop them first.
  scheduler.reset();
}

SnapshotRef
DocumentService::analyze(const TextRef &shared, const std::string &uri,
                         const AnalysisOptions &options, int64_t version,
                         SnapshotRef previous,
                         const std::function<void(SnapshotRef)> &early) {
  const std::string &text = *shared;
  if (size_t nul = findNulByte(text); nul != std::string::npos) {
    // The rule `lint` follows too (server/BinaryText.h).
    AnalysisResult refused;
    refused.sharedText = shared;
    refused.parseFailed = true;
    Finding finding;
    finding.range = {uint32_t(nul), uint32_t(nul + 1)};
    finding.message = std::string(kBinaryTextReason);
    refused.findings.push_back(std::move(finding));
    return std::make_shared<const Snapshot>(std::move(refused), uri, version);
  }
  auto start = std::chrono::steady_clock::now();
  unsigned threads;
  size_t earlyBytes;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    threads = serverConfig.analysisThreads;
    earlyBytes = serverConfig.earlyDiagnosticsBytes;
  }
  EarlySnapshotHook earlyHook;
  if (early && text.size() >= earlyBytes)
    earlyHook = [&](SnapshotRef snapshot) {
      auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
      log.log("early findings of " + uri + " version " +
              std::to_string(version) + " after " + std::to_string(ms) + " ms");
      early(std::move(snapshot));
    };
  VersionAnalysis analysis =
      analyzeVersion(previous, shared, uri, bufferNameOf(uri), options, version,
                     threads, earlyHook);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - start)
                .count();
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    // The next edit will likely cost what this one did; a no-op edit
    // (nothing re-analysed) says nothing about that.
    if (analysis.analysed != VersionAnalysis::Analysed::Nothing)
      lastAnalysis[uri] = std::chrono::milliseconds(ms);
  }
  log.log("analysed " + uri + " version " + std::to_string(version) + ": " +
          analysis.how + " in " + std::to_string(ms) + " ms");
  return analysis.snapshot;
}

SnapshotRef DocumentService::analyzeReach(const TextRef &text,
                                          const std::string &uri,
                                          const AnalysisOptions &options,
                                          int64_t version, SourceRange reach) {
  if (findNulByte(*text) != std::string::npos)
    return nullptr; // The whole analysis refuses it (server/BinaryText.h).
  auto start = std::chrono::steady_clock::now();
  std::string how;
  SnapshotRef snapshot = bufferlens::analyzeReach(text, uri, bufferNameOf(uri),
                                                  options, version, reach, how);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - start)
                .count();
  log.log(std::string(snapshot ? "answering" : "not answering") + " from " +
          uri + " version " + std::to_string(version) + " at " +
          std::to_string(reach.begin) + "-" + std::to_string(reach.end) +
          " before its analysis ends: " + how + " (" + std::to_string(ms) +
          " ms)");
  return snapshot;
}

//===----------------------------------------------------------------------===//
// Settings
//===----------------------------------------------------------------------===//

void DocumentService::setPositionEncoding(PositionEncoding value) {
  std::lock_guard<std::mutex> lock(settingsMutex);
  encoding = value;
}

void DocumentService::setDiagnosticSupport(bool relatedInformation,
                                           bool codeDescription, bool compact) {
  std::lock_guard<std::mutex> lock(settingsMutex);
  clientRelatedInformation = relatedInformation;
  clientCodeDescription = codeDescription;
  clientFillsDiagnostics = compact;
}

ServerConfig DocumentService::config() const {
  std::lock_guard<std::mutex> lock(settingsMutex);
  return serverConfig;
}

ProtocolContext DocumentService::protocolContext() const {
  std::lock_guard<std::mutex> lock(settingsMutex);
  ProtocolContext context;
  context.encoding = encoding;
  context.codeDescriptionBase = serverConfig.codeDescriptionBase;
  context.threads = serverConfig.analysisThreads;
  context.relatedInformation = clientRelatedInformation;
  context.codeDescription = clientCodeDescription;
  context.compact = clientFillsDiagnostics;
  return context;
}

void DocumentService::applySettings(json settings, const std::string &origin) {
  std::string problems;
  auto problem = [&](const std::string &text) {
    problems += (problems.empty() ? "" : "; ") + text;
  };
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    // Takes the server's own setting `name` out of `settings` (the rest
    // are analysis options): `accept` tells whether its value has the
    // right type, `apply` uses it, `expected` says what it should have
    // been.
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
    ServerConfig &config = serverConfig;
    take("codeDescriptionBaseUrl", &json::is_string, "a string",
         [&](const json &v) {
           config.codeDescriptionBase = v.get<std::string>();
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
    take("earlyDiagnosticsBytes", &json::is_number_unsigned,
         "a non-negative integer", [&](const json &v) {
           config.earlyDiagnosticsBytes = v.get<uint64_t>();
         });
    take("analysisThreads", &json::is_number_unsigned, "a non-negative integer",
         [&](const json &v) { config.analysisThreads = v.get<unsigned>(); });
    // Validate now, so the user hears about mistakes once.
    AnalysisOptions probe;
    if (auto error = applyConfig(settings, probe))
      problem(*error);
    // A later message replaces the earlier settings as a whole.
    clientSettings = std::move(settings);
  }
  if (!problems.empty()) {
    log.log(origin + ": " + problems);
    callbacks.onSettingsProblems(origin, problems);
  }
  for (const std::string &uri : scheduler->openDocuments())
    scheduler->reconfigure(uri, optionsFor(uri));
}

AnalysisOptions DocumentService::optionsFor(const std::string &uri) const {
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

//===----------------------------------------------------------------------===//
// Documents
//===----------------------------------------------------------------------===//

void DocumentService::didOpen(const std::string &uri, std::string text,
                              int64_t version) {
  Draft &draft = drafts[uri];
  draft.text = std::make_shared<const std::string>(std::move(text));
  draft.lost = false;
  {
    // An analysis that finished after the last close may have left one.
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  draft.version = version;
  draft.lastEdit = std::chrono::steady_clock::now();
  scheduler->update(uri, draft.text, draft.version, optionsFor(uri),
                    std::chrono::milliseconds(0));
}

void DocumentService::didChange(
    const std::string &uri, std::optional<int64_t> version,
    const std::vector<lsp::ContentChange> &changes) {
  auto it = drafts.find(uri);
  if (it == drafts.end())
    throw InvalidParamsError{"didChange for a document that is not open: " +
                             uri};
  Draft &draft = it->second;
  PositionEncoding positionEncoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    positionEncoding = encoding;
  }
  // Edits build the next text from the current one; only a text an edit
  // changed is copied (one pass per edit: the bytes before it, its text,
  // the bytes after it).
  std::optional<std::string> edited;
  auto current = [&]() -> const std::string & {
    return edited ? *edited : *draft.text;
  };
  bool wasLost = draft.lost, lost = wasLost;
  std::string problem;
  for (const lsp::ContentChange &change : changes) {
    if (change.text && !change.hasRange) {
      edited = *change.text; // The whole text: in sync again.
      lost = false;
      continue;
    }
    if (lost)
      continue;
    std::optional<SourceRange> range;
    if (change.text)
      range = editRange(current(), change.range, positionEncoding);
    if (!range) {
      problem = change.text ? "an edit's range " + change.rangeText +
                                  " is not a range of the text"
                            : "an edit has no 'text'";
      lost = true;
      edited.emplace();
      continue;
    }
    const std::string &before = current();
    std::string next;
    next.reserve(before.size() - (range->end - range->begin) +
                 change.text->size());
    next.append(before, 0, range->begin);
    next.append(*change.text);
    next.append(before, range->end);
    edited = std::move(next);
  }
  if (edited)
    draft.text = std::make_shared<const std::string>(std::move(*edited));
  draft.lost = lost;
  if (version)
    draft.version = *version;
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
    debounce = serverConfig.debounce.delay(
        now, draft.lastEdit,
        last != lastAnalysis.end()
            ? std::optional<std::chrono::milliseconds>(last->second)
            : std::nullopt);
  }
  draft.lastEdit = now;
  scheduler->update(uri, draft.text, draft.version, optionsFor(uri), debounce);
}

std::optional<SourceRange>
DocumentService::editRange(const std::string &text,
                           const std::optional<lsp::Range> &range,
                           PositionEncoding positionEncoding) const {
  if (!range)
    return std::nullopt;
  // LSP: a character past the end of its line means the line's end
  // (offsetOf clamps it). A line past the last one is no position of the
  // text (as in clangd's positionToOffset).
  std::optional<uint32_t> begin =
      offsetOfPosition(text, range->start, positionEncoding);
  std::optional<uint32_t> end =
      offsetOfPosition(text, range->end, positionEncoding);
  if (!begin || !end || *end < *begin)
    return std::nullopt;
  return SourceRange{*begin, *end};
}

void DocumentService::loseDocument(const std::string &uri,
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
  callbacks.onDocumentLost(uri, message);
}

void DocumentService::didClose(const std::string &uri) {
  drafts.erase(uri);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  scheduler->remove(uri);
  callbacks.onDocumentClosed(uri);
}

void DocumentService::didSave(const std::string &uri) { scheduler->flush(uri); }

//===----------------------------------------------------------------------===//
// Features
//===----------------------------------------------------------------------===//

namespace {
/// Thrown inside a feature's computation; becomes its answer's error.
struct Failure {
  ServiceError error;
};
[[noreturn]] void fail(int code, std::string message) {
  throw Failure{{code, std::move(message)}};
}
} // namespace

template <typename T, typename Compute>
void DocumentService::answer(const std::string &uri, IsCancelled cancelled,
                             Callback<T> done, Compute compute,
                             std::optional<lsp::Range> reach) {
  Scheduler::Reach reachIn;
  auto draft = drafts.find(uri);
  size_t reachBytes;
  PositionEncoding positionEncoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    reachBytes = serverConfig.earlyDiagnosticsBytes;
    positionEncoding = encoding;
  }
  // Below the size where diagnostics come in two steps the whole analysis
  // is as quick as analysing the reach alone.
  if (reach && draft != drafts.end() && draft->second.text &&
      draft->second.text->size() >= reachBytes)
    // Called under the scheduler's lock: it takes no lock of ours.
    reachIn = [positionEncoding, range = *reach](
                  std::string_view text,
                  const LineIndex *lines) -> std::optional<SourceRange> {
      auto offset = [&](lsp::Position position) {
        if (lines)
          return fromPosition(*lines, position, positionEncoding);
        // As fromPosition: a line past the last one is the text's end.
        return offsetOfPosition(text, position, positionEncoding)
            .value_or(static_cast<uint32_t>(text.size()));
      };
      uint32_t begin = offset(range.start), end = offset(range.end);
      if (end < begin)
        return std::nullopt;
      return SourceRange{begin, end};
    };
  scheduler->withCurrent(
      uri,
      [uri, cancelled = std::move(cancelled), done = std::move(done),
       compute = std::move(compute)](SnapshotRef snapshot, QueryError error) {
        if (cancelled && cancelled())
          return;
        Answer<T> out;
        out.snapshot = snapshot;
        if (error == QueryError::ContentModified) {
          out.error = {ErrorCode::ContentModified,
                       "the document changed before the answer was ready"};
        } else if (error == QueryError::NotOpen || !snapshot) {
          out.error = {ErrorCode::InvalidParams,
                       "the document is not open: " + uri};
        } else {
          try {
            out.value = compute(*snapshot);
          } catch (const Failure &failure) {
            out.error = failure.error;
          } catch (const std::exception &problem) {
            out.error = {ErrorCode::InternalError, problem.what()};
          }
        }
        done(std::move(out));
      },
      std::move(reachIn));
}

uint32_t DocumentService::offsetOf(const Snapshot &snapshot,
                                   lsp::Position position) const {
  PositionEncoding positionEncoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    positionEncoding = encoding;
  }
  return fromPosition(snapshot.lines(), position, positionEncoding);
}

SourceRange DocumentService::rangeOf(const Snapshot &snapshot,
                                     lsp::Range range) const {
  uint32_t begin = offsetOf(snapshot, range.start);
  uint32_t end = offsetOf(snapshot, range.end);
  if (end < begin)
    fail(ErrorCode::InvalidParams, "'range' must be a Range");
  return {begin, end};
}

void DocumentService::hover(const std::string &uri, lsp::Position position,
                            IsCancelled cancelled,
                            Callback<std::optional<HoverInfo>> done) {
  answer(
      uri, std::move(cancelled), std::move(done),
      [this, position](const Snapshot &s) {
        return hoverAt(s, offsetOf(s, position));
      },
      lsp::Range{position, position});
}

void DocumentService::inlayHints(const std::string &uri, lsp::Range range,
                                 IsCancelled cancelled,
                                 Callback<std::vector<InlayHintInfo>> done) {
  answer(
      uri, std::move(cancelled), std::move(done),
      [this, range](const Snapshot &s) {
        return bufferlens::inlayHints(s, rangeOf(s, range));
      },
      range);
}

/// Whether an action of `kind` was asked for by `only` (LSP: a kind asks
/// for its sub-kinds too).
static bool wantedKind(const std::string &kind,
                       const std::optional<std::vector<std::string>> &only) {
  if (!only)
    return true;
  for (const std::string &wanted : *only)
    if (kind == wanted || kind.rfind(wanted + ".", 0) == 0)
      return true;
  return false;
}

void DocumentService::codeActions(const std::string &uri, lsp::Range range,
                                  std::optional<std::vector<std::string>> only,
                                  IsCancelled cancelled,
                                  Callback<std::vector<CodeActionInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, range, only](const Snapshot &s) {
           SourceRange at = rangeOf(s, range);
           std::vector<CodeActionInfo> actions = bufferlens::codeActions(s, at);
           for (CodeActionInfo &refactor : refactorActions(s, at))
             actions.push_back(std::move(refactor));
           std::vector<CodeActionInfo> out;
           for (CodeActionInfo &action : actions)
             if (wantedKind(action.kind, only))
               out.push_back(std::move(action));
           return out;
         });
}

void DocumentService::resolveRefactoring(const std::string &uri,
                                         const std::string &function,
                                         std::optional<uint32_t> allocation,
                                         int64_t version, IsCancelled cancelled,
                                         Callback<std::vector<TextEdit>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, uri, function, allocation, version](const Snapshot &s) {
           if (s.version() != version)
             fail(ErrorCode::ContentModified,
                  "the document changed since the action was offered");
           std::string error;
           auto edits =
               resolveRefactor(s, function, allocation, bufferNameOf(uri),
                               optionsFor(uri), error);
           if (!edits)
             fail(ErrorCode::RequestFailed, error);
           return std::move(*edits);
         });
}

void DocumentService::definition(const std::string &uri, lsp::Position position,
                                 IsCancelled cancelled,
                                 Callback<std::optional<SourceRange>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position](const Snapshot &s) {
           return definitionAt(s, offsetOf(s, position));
         });
}

void DocumentService::references(const std::string &uri, lsp::Position position,
                                 bool includeDeclaration, IsCancelled cancelled,
                                 Callback<std::vector<SourceRange>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position, includeDeclaration](const Snapshot &s) {
           return referencesAt(s, offsetOf(s, position), includeDeclaration);
         });
}

void DocumentService::highlights(const std::string &uri, lsp::Position position,
                                 IsCancelled cancelled,
                                 Callback<std::vector<HighlightInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position](const Snapshot &s) {
           return highlightsAt(s, offsetOf(s, position));
         });
}

void DocumentService::semanticTokens(
    const std::string &uri, std::optional<lsp::Range> range,
    IsCancelled cancelled, Callback<std::vector<SemanticTokenInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, range](const Snapshot &s) {
           if (!range)
             return bufferlens::semanticTokens(s);
           return bufferlens::semanticTokens(s, rangeOf(s, *range));
         });
}

void DocumentService::codeLenses(const std::string &uri, IsCancelled cancelled,
                                 Callback<std::vector<CodeLensInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [](const Snapshot &s) { return bufferlens::codeLenses(s); });
}

void DocumentService::documentSymbols(const std::string &uri,
                                      IsCancelled cancelled,
                                      Callback<std::vector<SymbolInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [](const Snapshot &s) { return bufferlens::documentSymbols(s); });
}

void DocumentService::ownershipAt(const std::string &uri,
                                  lsp::Position position, IsCancelled cancelled,
                                  Callback<OwnershipAtInfo> done) {
  answer(
      uri, std::move(cancelled), std::move(done),
      [this, position](const Snapshot &s) {
        return bufferlens::ownershipAt(s, offsetOf(s, position));
      },
      lsp::Range{position, position});
}

void DocumentService::graph(const std::string &uri, GraphQuery query,
                            std::optional<lsp::Position> position,
                            IsCancelled cancelled, Callback<GraphAnswer> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, uri, query, position](const Snapshot &s) {
           GraphQuery q = query;
           q.utf8Columns = protocolContext().encoding == PositionEncoding::Utf8;
           if (!q.function && position)
             q.offset = offsetOf(s, *position);
           GraphAnswer answer =
               graphOf(s, q, bufferNameOf(uri), optionsFor(uri));
           if (!answer.error.empty())
             fail(ErrorCode::RequestFailed, answer.error);
           return answer;
         });
}

void DocumentService::rewrite(const std::string &uri, RewriteRequest request,
                              std::optional<lsp::Position> position,
                              IsCancelled cancelled,
                              Callback<std::string> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, uri, request, position](const Snapshot &s) {
           RewriteRequest at = request;
           if (position)
             at.allocation = offsetOf(s, *position);
           RewritePreview preview =
               rewritePreview(s, at, bufferNameOf(uri), optionsFor(uri));
           if (!preview.error.empty())
             fail(ErrorCode::RequestFailed, preview.error);
           return std::move(preview.text);
         });
}

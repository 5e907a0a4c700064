//===- DocumentService.cpp ------------------------------------------------===//

#include "server/DocumentService.h"
#include "config/Config.h"
#include "ide/DialectPlugins.h"
#include "ide/IncrementalAnalysis.h"
#include "server/Logger.h"
#include "server/Protocol.h"
#include "server/Scheduler.h"

#include <algorithm>
#include <cctype>

using namespace bufferlens;

std::string bufferlens::pathOfUri(const std::string &uri) {
  const std::string prefix = "file://";
  if (uri.compare(0, prefix.size(), prefix) != 0)
    return "";
  std::string path;
  path.reserve(uri.size() - prefix.size());
  for (size_t i = prefix.size(); i < uri.size(); ++i) {
    // (unsigned char: isxdigit of a negative char is undefined.)
    if (uri[i] == '%' && i + 2 < uri.size() &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
      char byte =
          static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      // %00 names no file (a path ends at its first NUL byte).
      if (byte == '\0')
        return "";
      path += byte;
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
    : callbacks(callbacks), log(log), serverConfig(std::move(config)),
      queries(std::make_unique<QueryWorker>()) {
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
  // Workers may still call back into us: stop them first. The scheduler's
  // last answers may still hand work to `queries`.
  scheduler.reset();
  queries.reset();
}

SnapshotRef
DocumentService::analyze(const TextRef &shared, const std::string &uri,
                         const AnalysisOptions &options, int64_t version,
                         SnapshotRef previous,
                         const std::function<void(SnapshotRef)> &early) {
  const std::string &text = *shared;
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

PositionEncoding DocumentService::positionEncoding() const {
  std::lock_guard<std::mutex> lock(settingsMutex);
  return encoding;
}

ServerConfig DocumentService::config() const {
  std::lock_guard<std::mutex> lock(settingsMutex);
  return serverConfig;
}

void DocumentService::applySettings(const ClientSettings &settings) {
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    ServerConfig &config = serverConfig;
    if (settings.codeDescriptionBase)
      config.codeDescriptionBase = *settings.codeDescriptionBase;
    if (settings.debounce)
      config.debounce.max = *settings.debounce;
    if (settings.adaptiveDebounce)
      config.debounce.adaptive = *settings.adaptiveDebounce;
    if (settings.progressThresholdBytes)
      config.progressThresholdBytes = *settings.progressThresholdBytes;
    if (settings.earlyDiagnosticsBytes)
      config.earlyDiagnosticsBytes = *settings.earlyDiagnosticsBytes;
    if (settings.analysisThreads)
      config.analysisThreads = *settings.analysisThreads;
    // A later message replaces the earlier settings as a whole.
    clientSettings = settings.analysis;
  }
  for (const std::string &uri : scheduler->openDocuments())
    scheduler->reconfigure(uri, resolverFor(uri));
}

void DocumentService::setSettingsFileOpen(const std::string &path, bool open) {
  std::lock_guard<std::mutex> lock(settingsMutex);
  if (open)
    openSettingsFiles.insert(path);
  else
    openSettingsFiles.erase(path);
}

void DocumentService::settingsFileSaved() {
  for (const std::string &uri : scheduler->openDocuments())
    scheduler->reconfigure(uri, resolverFor(uri));
}

AnalysisOptions DocumentService::optionsFor(const std::string &uri) {
  AnalysisOptions options;
  std::string path = pathOfUri(uri);
  if (!path.empty()) {
    ConfigCache::Lookup config = configs.forFile(path);
    if (config.settings)
      config.settings->applyTo(options);
    // Said once per problem of a file, not on every keystroke.
    std::string problem;
    bool shown;
    {
      std::lock_guard<std::mutex> lock(settingsMutex);
      std::string &last = configProblems[config.file];
      if (last != config.error) {
        last = config.error;
        problem = config.error;
      }
      // Open in the editor, the file shows its mistakes itself.
      shown = openSettingsFiles.count(config.file) == 0;
    }
    if (!problem.empty())
      log.log(problem);
    if (!problem.empty() && shown) {
      // The error names the file first; the origin says it already.
      std::string prefix = config.file + ": ";
      if (problem.rfind(prefix, 0) == 0)
        problem.erase(0, prefix.size());
      callbacks.onSettingsProblems(config.file, problem);
    }
  }
  std::vector<std::string> pluginProblems;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    clientSettings.applyTo(options);
    for (const std::string &plugin : serverConfig.dialectPlugins)
      if (std::find(options.dialects.plugins.begin(),
                    options.dialects.plugins.end(),
                    plugin) == options.dialects.plugins.end())
        options.dialects.plugins.push_back(plugin);
  }
  // A plugin that does not load is said once; the analysis goes on
  // without its dialects (their ops then get the parse error that says
  // how to load them).
  for (std::string &problem : loadDialectPlugins(options.dialects.plugins)) {
    std::lock_guard<std::mutex> lock(settingsMutex);
    if (!pluginProblemsSaid.insert(problem).second)
      continue;
    log.log(problem);
    callbacks.onSettingsProblems("dialect plugins", problem);
  }
  // Proven by analysing again, and shown only as code actions: tried when
  // a client asks for those (codeActions), not before every publish.
  options.tensorFixes = false;
  return options;
}

std::function<AnalysisOptions()>
DocumentService::resolverFor(const std::string &uri) {
  // Run by the document's worker, never by the thread reading the client's
  // messages: another document's request does not wait for this lookup.
  return [this, uri] { return optionsFor(uri); };
}

//===----------------------------------------------------------------------===//
// Documents
//===----------------------------------------------------------------------===//

void DocumentService::openDocument(const std::string &uri, TextRef text,
                                   int64_t version) {
  Document &document = documents[uri];
  document.bytes = text->size();
  document.lastEdit = std::chrono::steady_clock::now();
  {
    // An analysis that finished after the last close may have left one.
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  scheduler->update(uri, std::move(text), version, resolverFor(uri),
                    std::chrono::milliseconds(0));
}

void DocumentService::updateDocument(const std::string &uri, TextRef text,
                                     int64_t version) {
  Document &document = documents[uri];
  document.bytes = text->size();
  auto now = std::chrono::steady_clock::now();
  std::chrono::milliseconds debounce;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    auto last = lastAnalysis.find(uri);
    debounce = serverConfig.debounce.delay(
        now, document.lastEdit,
        last != lastAnalysis.end()
            ? std::optional<std::chrono::milliseconds>(last->second)
            : std::nullopt);
  }
  document.lastEdit = now;
  scheduler->update(uri, std::move(text), version, resolverFor(uri), debounce);
}

void DocumentService::removeDocument(const std::string &uri, bool closed) {
  documents.erase(uri);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    lastAnalysis.erase(uri);
  }
  scheduler->remove(uri);
  {
    std::lock_guard<std::mutex> lock(lateFixesMutex);
    lateFixes.erase(uri);
  }
  if (closed)
    callbacks.onDocumentClosed(uri);
}

void DocumentService::saveDocument(const std::string &uri) {
  scheduler->flush(uri);
}

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
                             std::optional<TextPositionRange> reach) {
  Scheduler::Reach reachIn;
  auto document = documents.find(uri);
  size_t reachBytes;
  PositionEncoding positionEncoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    reachBytes = serverConfig.earlyDiagnosticsBytes;
    positionEncoding = encoding;
  }
  // Below the size where diagnostics come in two steps the whole analysis
  // is as quick as analysing the reach alone.
  if (reach && document != documents.end() &&
      document->second.bytes >= reachBytes)
    // Called under the scheduler's lock: it takes no lock of ours.
    reachIn = [positionEncoding, range = *reach](
                  std::string_view text,
                  const LineIndex *lines) -> std::optional<SourceRange> {
      auto offset = [&](TextPosition position) {
        if (lines)
          return bufferlens::offsetOf(*lines, position, positionEncoding);
        // As offsetOf: a line past the last one is the text's end.
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
                                   TextPosition position) const {
  PositionEncoding positionEncoding;
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    positionEncoding = encoding;
  }
  return bufferlens::offsetOf(snapshot.lines(), position, positionEncoding);
}

SourceRange DocumentService::rangeOf(const Snapshot &snapshot,
                                     TextPositionRange range) const {
  uint32_t begin = offsetOf(snapshot, range.start);
  uint32_t end = offsetOf(snapshot, range.end);
  if (end < begin)
    fail(ErrorCode::InvalidParams, "'range' must be a Range");
  return {begin, end};
}

void DocumentService::hover(const std::string &uri, TextPosition position,
                            IsCancelled cancelled,
                            Callback<std::optional<HoverInfo>> done) {
  answer(
      uri, std::move(cancelled), std::move(done),
      [this, position](const Snapshot &s) {
        return hoverAt(s, offsetOf(s, position));
      },
      TextPositionRange{position, position});
}

void DocumentService::inlayHints(const std::string &uri,
                                 TextPositionRange range, IsCancelled cancelled,
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

/// The actions at `at` with the fixes in `late`, of the kinds in `only`.
static std::vector<CodeActionInfo>
actionsAt(const Snapshot &snapshot, SourceRange at, const LateFixes &late,
          const std::optional<std::vector<std::string>> &only) {
  std::vector<CodeActionInfo> actions =
      bufferlens::codeActions(snapshot, at, &late);
  for (CodeActionInfo &refactor : refactorActions(snapshot, at))
    actions.push_back(std::move(refactor));
  std::vector<CodeActionInfo> out;
  for (CodeActionInfo &action : actions)
    if (wantedKind(action.kind, only))
      out.push_back(std::move(action));
  return out;
}

LateFixes DocumentService::cachedLateFixes(const std::string &uri,
                                           const Snapshot &snapshot,
                                           SourceRange at, bool &complete) {
  std::vector<FindingKey> wanted = findingsWithoutTheirFixes(snapshot, at);
  LateFixes out;
  complete = true;
  if (wanted.empty())
    return out;
  std::lock_guard<std::mutex> lock(lateFixesMutex);
  auto cached = lateFixes.find(uri);
  bool current = cached != lateFixes.end() &&
                 cached->second.snapshot.lock().get() == &snapshot;
  for (const FindingKey &key : wanted) {
    auto found =
        current ? cached->second.fixes.find(key) : LateFixes::const_iterator();
    if (!current || found == cached->second.fixes.end()) {
      complete = false;
      continue;
    }
    out.insert(*found);
  }
  return out;
}

LateFixes DocumentService::lateFixesFor(const std::string &uri,
                                        const SnapshotRef &snapshot,
                                        SourceRange at) {
  bool complete;
  LateFixes known = cachedLateFixes(uri, *snapshot, at, complete);
  if (complete)
    return known;
  LateFixesRequest request;
  request.bufferName = bufferNameOf(uri);
  {
    std::lock_guard<std::mutex> lock(settingsMutex);
    // As the queries that say where they look (answer): below this size
    // the whole analysis is as quick as the reach's.
    request.reachOnly =
        snapshot->text().size() >= serverConfig.earlyDiagnosticsBytes;
    request.threads = serverConfig.analysisThreads;
  }
  auto start = std::chrono::steady_clock::now();
  std::string how;
  LateFixes fixes = computeLateFixes(*snapshot, at, request, how);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                std::chrono::steady_clock::now() - start)
                .count();
  size_t found = 0;
  for (const auto &[key, list] : fixes)
    found += !list.empty();
  log.log("tensor fixes of " + uri + " version " +
          std::to_string(snapshot->version()) + ": " + std::to_string(found) +
          " of " + std::to_string(fixes.size()) + " findings fixed, from " +
          how + " in " + std::to_string(ms) + " ms");
  std::lock_guard<std::mutex> lock(lateFixesMutex);
  LateFixCache &cache = lateFixes[uri];
  if (cache.snapshot.lock() != snapshot)
    cache = {snapshot, {}};
  for (auto &[key, list] : fixes)
    cache.fixes[key] = list;
  return fixes;
}

namespace {
/// A code action query's first step, on the thread that has the snapshot.
struct ActionsOrLater {
  SourceRange at;
  /// The answer, unless `later`.
  std::vector<CodeActionInfo> actions;
  /// Tensor fixes must be computed first (off this thread).
  bool later = false;
};
} // namespace

void DocumentService::codeActions(const std::string &uri,
                                  TextPositionRange range,
                                  std::optional<std::vector<std::string>> only,
                                  IsCancelled cancelled,
                                  Callback<std::vector<CodeActionInfo>> done) {
  bool wantsFixes = wantedKind("quickfix", only);
  auto second = [this, uri, only, cancelled,
                 done](Answer<ActionsOrLater> first) mutable {
    Answer<std::vector<CodeActionInfo>> out;
    out.snapshot = first.snapshot;
    out.error = std::move(first.error);
    if (out.error || !first.value.later) {
      out.value = std::move(first.value.actions);
      done(std::move(out));
      return;
    }
    // Proving a tensor fix analyses again: not on the thread that reads
    // the client's messages, which may be this one.
    queries->post([this, uri, only, cancelled = std::move(cancelled),
                   done = std::move(done), out = std::move(out),
                   at = first.value.at](bool stopping) mutable {
      if (cancelled && cancelled())
        return;
      if (stopping) {
        out.error = {ErrorCode::RequestFailed, "the server is stopping"};
        done(std::move(out));
        return;
      }
      try {
        LateFixes late = lateFixesFor(uri, out.snapshot, at);
        out.value = actionsAt(*out.snapshot, at, late, only);
      } catch (const std::exception &problem) {
        out.error = {ErrorCode::InternalError, problem.what()};
      }
      done(std::move(out));
    });
  };
  answer<ActionsOrLater>(
      uri, std::move(cancelled), std::move(second),
      [this, uri, range, only, wantsFixes](const Snapshot &s) {
        ActionsOrLater out;
        out.at = rangeOf(s, range);
        bool complete = true;
        LateFixes late;
        if (wantsFixes)
          late = cachedLateFixes(uri, s, out.at, complete);
        out.later = !complete;
        if (complete)
          out.actions = actionsAt(s, out.at, late, only);
        return out;
      });
}

void DocumentService::resolveRefactoring(const std::string &uri,
                                         const std::string &function,
                                         std::optional<uint32_t> allocation,
                                         int64_t version, IsCancelled cancelled,
                                         Callback<std::vector<TextEdit>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [uri, function, allocation, version](const Snapshot &s) {
           if (s.version() != version)
             fail(ErrorCode::ContentModified,
                  "the document changed since the action was offered");
           std::string error;
           auto edits = resolveRefactor(s, function, allocation,
                                        bufferNameOf(uri), s.options(), error);
           if (!edits)
             fail(ErrorCode::RequestFailed, error);
           return std::move(*edits);
         });
}

void DocumentService::definition(const std::string &uri, TextPosition position,
                                 IsCancelled cancelled,
                                 Callback<std::optional<SourceRange>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position](const Snapshot &s) {
           return definitionAt(s, offsetOf(s, position));
         });
}

void DocumentService::references(const std::string &uri, TextPosition position,
                                 bool includeDeclaration, IsCancelled cancelled,
                                 Callback<std::vector<SourceRange>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position, includeDeclaration](const Snapshot &s) {
           return referencesAt(s, offsetOf(s, position), includeDeclaration);
         });
}

void DocumentService::highlights(const std::string &uri, TextPosition position,
                                 IsCancelled cancelled,
                                 Callback<std::vector<HighlightInfo>> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, position](const Snapshot &s) {
           return highlightsAt(s, offsetOf(s, position));
         });
}

void DocumentService::semanticTokens(
    const std::string &uri, std::optional<TextPositionRange> range,
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

void DocumentService::ownershipAt(const std::string &uri, TextPosition position,
                                  IsCancelled cancelled,
                                  Callback<OwnershipAtInfo> done) {
  answer(
      uri, std::move(cancelled), std::move(done),
      [this, position](const Snapshot &s) {
        return bufferlens::ownershipAt(s, offsetOf(s, position));
      },
      TextPositionRange{position, position});
}

void DocumentService::graph(const std::string &uri, GraphQuery query,
                            std::optional<TextPosition> position,
                            std::optional<TextPosition> finding,
                            IsCancelled cancelled, Callback<GraphAnswer> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, uri, query, position, finding](const Snapshot &s) {
           GraphQuery q = query;
           q.utf8Columns = positionEncoding() == PositionEncoding::Utf8;
           if (finding)
             q.finding = offsetOf(s, *finding);
           else if (!q.function && position)
             q.offset = offsetOf(s, *position);
           GraphAnswer answer = graphOf(s, q, bufferNameOf(uri), s.options());
           if (!answer.error.empty())
             fail(ErrorCode::RequestFailed, answer.error);
           return answer;
         });
}

void DocumentService::rewrite(const std::string &uri, RewriteRequest request,
                              std::optional<TextPosition> position,
                              IsCancelled cancelled,
                              Callback<std::string> done) {
  answer(uri, std::move(cancelled), std::move(done),
         [this, uri, request, position](const Snapshot &s) {
           RewriteRequest at = request;
           if (position)
             at.allocation = offsetOf(s, *position);
           RewritePreview preview =
               rewritePreview(s, at, bufferNameOf(uri), s.options());
           if (!preview.error.empty())
             fail(ErrorCode::RequestFailed, preview.error);
           return std::move(preview.text);
         });
}

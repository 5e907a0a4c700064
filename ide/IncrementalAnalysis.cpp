//===- IncrementalAnalysis.cpp --------------------------------------------===//

#include "ide/IncrementalAnalysis.h"
#include "ide/BinaryText.h"
#include "ide/CrashIsolation.h"

#include "analysis/parts/Partition.h"
#include "analysis/parts/StageTies.h"
#include "analysis/parts/TopLevelSplit.h"
#include "support/PartThreads.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

using namespace bufferlens;

/// A new snapshot that remembers the options it was analysed under
/// (Snapshot::options), so that every query of it runs under them.
template <typename... Args>
static std::shared_ptr<const Snapshot>
makeSnapshot(const AnalysisOptions &options, Args &&...args) {
  auto snapshot = std::make_shared<Snapshot>(std::forward<Args>(args)...);
  snapshot->setOptions(std::make_shared<const AnalysisOptions>(options));
  return snapshot;
}

static std::string_view slice(std::string_view text, SourceRange range) {
  return text.substr(range.begin, range.end - range.begin);
}

/// The lines of `text` from each `marker` to the end of its line, in order.
static std::vector<std::string_view> linesFrom(std::string_view text,
                                               std::string_view marker) {
  std::vector<std::string_view> out;
  for (size_t at = text.find(marker); at != std::string_view::npos;
       at = text.find(marker, at + 1)) {
    size_t end = text.find('\n', at);
    out.push_back(text.substr(
        at, end == std::string_view::npos ? std::string_view::npos : end - at));
  }
  return out;
}

/// Whether any of `names` (symbolNames of the operation at `op`) may be
/// named outside `op` in `text`. Names are found lexically: a name spelled
/// without escapes is its own text, so a name whose text appears nowhere
/// else is named nowhere else that way; searching for it is far cheaper
/// than listing every operation's names (a function's own name is among
/// its names, so nearly every edit asks). A spelling with escapes
/// (`@"fo\6F"` is `foo`) holds a backslash: the lines that hold one are
/// read as symbolNames reads them (an MLIR string ends on its line).
static bool namedElsewhere(std::string_view text, SourceRange op,
                           const std::vector<std::string> &names) {
  const std::string_view pieces[] = {text.substr(0, op.begin),
                                     text.substr(op.end)};
  for (const std::string &name : names) {
    if (name.empty())
      return true;
    std::boyer_moore_horspool_searcher searcher(name.begin(), name.end());
    for (std::string_view piece : pieces)
      if (std::search(piece.begin(), piece.end(), searcher) != piece.end())
        return true;
  }
  for (std::string_view piece : pieces)
    for (size_t at = piece.find('\\'); at != std::string_view::npos;) {
      size_t begin = piece.rfind('\n', at);
      begin = begin == std::string_view::npos ? 0 : begin + 1;
      size_t end = std::min(piece.find('\n', at), piece.size());
      for (const std::string &spelled :
           symbolNames(piece.substr(begin, end - begin)))
        if (std::find(names.begin(), names.end(), spelled) != names.end())
          return true;
      at = piece.find('\\', end);
    }
  return false;
}

namespace {
/// Gathers the early findings of every part of a whole analysis; the last
/// part to report hands them to the hook as one snapshot. Parts whose
/// findings hold MLIR errors are not published: analyzeParts then analyses
/// the document whole (kWholeDocumentPart), and that one is.
class EarlyParts {
public:
  EarlyParts(const EarlySnapshotHook &hook, TextRef text, std::string uri,
             int64_t version, const std::vector<PartPlan> &plans,
             const std::vector<TopLevelChunk> &chunks)
      : hook(hook), text(std::move(text)), uri(std::move(uri)),
        version(version), chunks(chunks), found(plans.size()),
        missing(plans.size()) {
    for (const PartPlan &plan : plans)
      covers.push_back(plan.covers);
  }

  /// The analysis hook of `part` (an index of the plans, or
  /// kWholeDocumentPart); null when there is nothing to publish to.
  EarlyFindingsHook forPart(size_t part) {
    if (!hook)
      return nullptr;
    return [this, part](std::vector<Finding> findings) {
      report(part, std::move(findings));
    };
  }

private:
  void report(size_t part, std::vector<Finding> findings) {
    std::vector<SnapshotPart> parts;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (published)
        return;
      if (part == kWholeDocumentPart) {
        parts.resize(1);
        parts[0].covers = {0, static_cast<uint32_t>(text->size())};
        parts[0].result = resultOf(std::move(findings));
      } else {
        if (hasMlirErrors(findings))
          failed = true;
        found[part] = std::move(findings);
        if (--missing || failed)
          return;
        parts.resize(found.size());
        for (size_t p = 0; p < found.size(); ++p) {
          parts[p].covers = covers[p];
          parts[p].result = resultOf(std::move(found[p]));
        }
      }
      published = true;
    }
    hook(std::make_shared<const Snapshot>(text, std::move(parts), uri, version,
                                          chunks));
  }

  std::shared_ptr<const AnalysisResult>
  resultOf(std::vector<Finding> findings) const {
    AnalysisResult result;
    result.sharedText = text;
    result.findings = std::move(findings);
    return std::make_shared<AnalysisResult>(std::move(result));
  }

  const EarlySnapshotHook &hook;
  TextRef text;
  std::string uri;
  int64_t version;
  const std::vector<TopLevelChunk> &chunks;
  std::vector<SourceRange> covers;
  std::mutex mutex;
  std::vector<std::vector<Finding>> found;
  size_t missing;
  bool failed = false;
  bool published = false;
};
} // namespace

namespace {
/// Operations analysed without the code of the others.
struct AloneAnalysis {
  std::shared_ptr<const AnalysisResult> result;
  /// Per analysed range: this version's offset = the result's + delta.
  std::vector<int64_t> delta;
  /// What was removed (CompactedText, without its text).
  CompactedText compacted;

  int64_t removedBefore(uint32_t documentOffset) const {
    return compacted.removedBefore(documentOffset);
  }
};
} // namespace

namespace {
/// The operations to analyse again and the others, each in document order.
struct FreshAndOthers {
  std::vector<SourceRange> fresh, others;
  size_t freshBytes = 0, allBytes = 0;

  /// Analysing the fresh ones alone then costs about what analysing the
  /// whole document does.
  bool mostOfTheDocument() const { return freshBytes * 2 > allBytes; }
};
} // namespace

/// `ops` split at `indexes` (sorted, unique): those are fresh.
static FreshAndOthers pick(const std::vector<SourceRange> &ops,
                           const std::vector<size_t> &indexes) {
  FreshAndOthers out;
  for (size_t i = 0, next = 0; i < ops.size(); ++i) {
    size_t bytes = ops[i].end - ops[i].begin;
    out.allBytes += bytes;
    if (next < indexes.size() && indexes[next] == i) {
      ++next;
      out.fresh.push_back(ops[i]);
      out.freshBytes += bytes;
    } else {
      out.others.push_back(ops[i]);
    }
  }
  return out;
}

/// The analysis of the operations at `fresh` (sorted ranges of `text`)
/// with the code of `others` removed; none, with `why` set, when it may
/// not equal a whole-document analysis of them.
static std::optional<AloneAnalysis>
analyseAlone(std::string_view text, const std::vector<SourceRange> &fresh,
             const std::vector<SourceRange> &others,
             const std::string &bufferName, const AnalysisOptions &options,
             const char *&why) {
  // Without the other operations' code, not with it blanked: at 100k lines
  // copying and lexing the blanked text cost more than analysing the
  // operation. Each fresh range keeps its lines and columns and moves back
  // by the bytes removed before it (its part's delta).
  CompactedText compact = compactOperations(text, others);
  AloneAnalysis out;
  for (const SourceRange &range : fresh)
    out.delta.push_back(compact.removedBefore(range.begin));
  AnalysisResult alone = analyzeIsolated(
      std::make_shared<const std::string>(std::move(compact.text)), bufferName,
      options);
  if (hasMlirErrors(alone)) {
    why = "MLIR rejects the operation";
    return std::nullopt;
  }
  auto inFreshRange = [&](const Finding &finding) {
    for (size_t f = 0; f < fresh.size(); ++f) {
      int64_t at = finding.range.begin + out.delta[f];
      if (fresh[f].begin <= at && at < fresh[f].end)
        return true;
    }
    return false;
  };
  if (!std::all_of(alone.findings.begin(), alone.findings.end(),
                   inFreshRange)) {
    why = "the operation alone has findings elsewhere";
    return std::nullopt;
  }
  out.result = std::make_shared<AnalysisResult>(std::move(alone));
  out.compacted = std::move(compact);
  return out;
}

/// A snapshot of `text` refused by the text-admission rule (BinaryText.h):
/// one error at its first NUL byte, nothing analysed.
static SnapshotRef refusedSnapshot(TextRef text, size_t nul,
                                   const std::string &uri, int64_t version,
                                   const AnalysisOptions &options) {
  AnalysisResult refused;
  refused.sharedText = std::move(text);
  refused.parseFailed = true;
  Finding finding;
  finding.range = {uint32_t(nul), uint32_t(nul + 1)};
  finding.message = std::string(kBinaryTextReason);
  refused.findings.push_back(std::move(finding));
  return makeSnapshot(options, std::move(refused), uri, version);
}

/// The names of a findings-only snapshot's parts: none (nothing sorted).
static std::shared_ptr<const std::vector<NameOccurrence>> noNames() {
  static const auto empty =
      std::make_shared<const std::vector<NameOccurrence>>();
  return empty;
}

/// What a findings-only snapshot reads of a part's result: its findings,
/// and the functions and tensor plans `tensorCounts` reads. The model and
/// the part's own copy of the text (blanked outside the part) are freed;
/// `text` is the document's, at the same offsets.
static AnalysisResult findingsOnlyResult(AnalysisResult result,
                                         const TextRef &text) {
  AnalysisResult kept;
  kept.sharedText = text;
  kept.functions = std::move(result.functions);
  kept.findings = std::move(result.findings);
  kept.tensor = std::move(result.tensor);
  kept.parseFailed = result.parseFailed;
  return kept;
}

WholeAnalysis bufferlens::analyzeWhole(TextRef textRef,
                                       const AnalysisOptions &options,
                                       const WholeRequest &request) {
  const std::string &text = *textRef;
  const std::string &uri = request.uri;
  const std::string &bufferName =
      request.bufferName.empty() ? request.uri : request.bufferName;
  WholeAnalysis out;
  if (size_t nul = findNulByte(text); nul != std::string::npos) {
    out.snapshot =
        refusedSnapshot(std::move(textRef), nul, uri, request.version, options);
    out.refused = true;
    out.how = "refused: " + std::string(kBinaryTextReason);
    return out;
  }
  unsigned threads = request.threads;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(kMaxOpenParts, threads);
  // Split once: the plan and the snapshot both need it.
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  bool oneAtATime = threads == 1 && request.findingsOnly &&
                    request.sequentialPartBytes &&
                    text.size() > 2 * request.sequentialPartBytes;
  unsigned maxParts =
      oneAtATime
          ? static_cast<unsigned>(std::min(
                kMaxSequentialParts, text.size() / request.sequentialPartBytes))
          : threads;
  std::vector<PartPlan> plans = canAnalyseInParts(options) && !request.onePiece
                                    ? planParts(text, chunks, maxParts)
                                    : std::vector<PartPlan>{};
  // Parts analysed one after another save memory only when each holds
  // little of the others: where symbols tie most operations into every
  // part, they would analyse the document several times over.
  if (oneAtATime && !plans.empty()) {
    size_t analysed = 0;
    for (const PartPlan &plan : plans) {
      analysed += text.size();
      for (const SourceRange &blank : plan.blanked)
        analysed -= blank.end - blank.begin;
    }
    if (analysed > text.size() + text.size() / 2)
      plans.clear();
  }
  // A part may not see the ops that make every function deallocated
  // (StageTies.h): it is told.
  AnalysisOptions partOptions =
      plans.size() < 2 ? options : optionsForPieceOf(text, options);
  bool isolate = request.crashes == CrashPolicy::IsolateCulprits;
  std::atomic<int> crash{0};
  // One part's analysis under the request's crash policy.
  auto analyse = [&](TextRef partText, const EarlyFindingsHook &early) {
    if (isolate)
      return analyzeIsolated(std::move(partText), bufferName, partOptions,
                             early);
    AnalysisResult result;
    int retCode = 0;
    if (!analyzeSafely(std::move(partText), bufferName, partOptions, result,
                       retCode))
      crash = retCode ? retCode : 1;
    return result;
  };
  auto crashed = [&] {
    if (!crash)
      return false;
    out.crash = crash;
    out.how = "crashed (" + describeCrash(crash) + ")";
    return true;
  };
  if (plans.size() < 2) {
    std::vector<PartPlan> one = {{{0, static_cast<uint32_t>(text.size())}, {}}};
    EarlyParts earlyParts(request.early, textRef, uri, request.version, one,
                          chunks);
    AnalysisResult result = analyse(textRef, earlyParts.forPart(0));
    if (crashed())
      return out;
    if (request.findingsOnly) {
      std::vector<SnapshotPart> parts(1);
      parts[0].covers = one[0].covers;
      parts[0].result = std::make_shared<AnalysisResult>(std::move(result));
      parts[0].names = noNames();
      out.snapshot = makeSnapshot(options, std::move(textRef), std::move(parts),
                                  uri, request.version, std::move(chunks));
    } else {
      out.snapshot = makeSnapshot(options, std::move(result), uri,
                                  request.version, std::move(chunks));
    }
    out.how = "whole document";
    return out;
  }
  std::thread::id caller = std::this_thread::get_id();
  EarlyParts earlyParts(request.early, textRef, uri, request.version, plans,
                        chunks);
  std::vector<AnalysisResult> results = analyzeParts(
      text, plans,
      [&](std::string_view partText, size_t part) {
        // Threads of our own need their own stack for crash recovery.
        std::optional<AlternateSignalStack> stack;
        if (std::this_thread::get_id() != caller)
          stack.emplace();
        AnalysisResult result =
            analyse(std::make_shared<const std::string>(partText),
                    earlyParts.forPart(part));
        // Dropped as soon as the part ends, not when the last one does.
        return request.findingsOnly
                   ? findingsOnlyResult(std::move(result), textRef)
                   : result;
      },
      oneAtATime);
  if (crashed())
    return out;
  // Each part's names are sorted on the part threads: done by the
  // snapshot, it was one thread's work on the way to publishing.
  std::vector<SnapshotPart> parts(plans.size());
  for (size_t p = 0; p < plans.size(); ++p) {
    parts[p].result = std::make_shared<AnalysisResult>(std::move(results[p]));
    parts[p].covers = plans[p].covers;
    if (request.findingsOnly)
      parts[p].names = noNames();
  }
  if (!request.findingsOnly)
    runOnPartThreads(parts.size(), [&](size_t p) {
      try {
        parts[p].names = sortedNamesOf(*parts[p].result);
      } catch (...) {
        // (std::bad_alloc) The snapshot tries again for the parts without.
      }
    });
  out.how =
      plans.size() == 1
          ? "whole document (in one piece: MLIR reports errors)"
          : "whole document in " + std::to_string(plans.size()) + " parts";
  // analyzeParts falls back to one part without blanking, so the split of
  // the text still holds.
  out.snapshot = makeSnapshot(options, std::move(textRef), std::move(parts),
                              uri, request.version, std::move(chunks));
  return out;
}

/// The server's whole analysis of a version: crashes narrowed to their
/// operations.
static VersionAnalysis whole(TextRef textRef, const std::string &uri,
                             const std::string &bufferName,
                             const AnalysisOptions &options, int64_t version,
                             unsigned threads, const EarlySnapshotHook &early) {
  WholeRequest request;
  request.uri = uri;
  request.bufferName = bufferName;
  request.version = version;
  request.threads = threads;
  request.early = early;
  WholeAnalysis analysis = analyzeWhole(std::move(textRef), options, request);
  return {std::move(analysis.snapshot),
          VersionAnalysis::Analysed::WholeDocument, std::move(analysis.how)};
}

VersionAnalysis bufferlens::analyzeVersion(
    const SnapshotRef &previous, TextRef textRef, const std::string &uri,
    const std::string &bufferName, const AnalysisOptions &options,
    int64_t version, unsigned threads, const EarlySnapshotHook &early) {
  const std::string &text = *textRef;
  auto redo = [&](const char *why) {
    VersionAnalysis out = whole(std::move(textRef), uri, bufferName, options,
                                version, threads, early);
    out.how += std::string(" (") + why + ")";
    return out;
  };
  if (size_t nul = findNulByte(text); nul != std::string::npos)
    return {refusedSnapshot(std::move(textRef), nul, uri, version, options),
            VersionAnalysis::Analysed::WholeDocument,
            "refused: " + std::string(kBinaryTextReason)};
  if (!previous)
    return whole(std::move(textRef), uri, bufferName, options, version, threads,
                 early);
  if (options.privateFunctionDynamicOwnership)
    return redo("privateFunctionDynamicOwnership rewrites callers");
  // An edit that adds or removes the ops making every function deallocated
  // (StageTies.h) changes the stage of functions it did not touch.
  if (options.stage == StageOverride::Auto &&
      mentionsDeallocationArtefact(text) !=
          mentionsDeallocationArtefact(previous->text()))
    return redo("the edit changes whether the module is deallocated");
  if (previous->parts().size() >= kMaxSnapshotParts)
    return redo("many reused parts");
  // With MLIR errors the document is analysed whole (see hasMlirErrors).
  for (const SnapshotPart &part : previous->parts())
    if (hasMlirErrors(*part.result))
      return redo("the previous version has MLIR errors");

  const std::string &oldText = previous->text();
  const std::vector<TopLevelChunk> &oldChunks = previous->chunks();
  std::vector<TopLevelChunk> chunks =
      splitTopLevelAfterEdit(oldText, oldChunks, text);
  if (chunks.empty() || chunks.size() != oldChunks.size())
    return redo("top-level operations added, removed or not cut");
  // The text around the operations (module header, closing brace, leading
  // comments) must not change either.
  if (slice(oldText, {0, oldChunks.front().range.begin}) !=
          slice(text, {0, chunks.front().range.begin}) ||
      slice(oldText, {oldChunks.back().range.end,
                      static_cast<uint32_t>(oldText.size())}) !=
          slice(text,
                {chunks.back().range.end, static_cast<uint32_t>(text.size())}))
    return redo("text around the operations changed");
  // Nor the text between them (e.g. the header of a second module).
  for (size_t i = 0; i + 1 < chunks.size(); ++i)
    if (slice(oldText,
              {oldChunks[i].range.end, oldChunks[i + 1].range.begin}) !=
        slice(text, {chunks[i].range.end, chunks[i + 1].range.begin}))
      return redo("text between the operations changed");
  size_t changed = chunks.size();
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].shared != oldChunks[i].shared)
      return redo("an operation changed kind");
    if (slice(text, chunks[i].range) == slice(oldText, oldChunks[i].range))
      continue;
    if (changed != chunks.size() || chunks[i].shared)
      return redo(chunks[i].shared ? "an alias or declaration changed"
                                   : "more than one operation changed");
    changed = i;
  }
  if (changed == chunks.size()) {
    // Nothing changed: the same analysis holds (e.g. whitespace between
    // operations is part of them, so this is a true no-op edit).
    std::vector<SnapshotPart> parts = previous->parts();
    return {makeSnapshot(options, std::move(textRef), std::move(parts), uri,
                         version, std::move(chunks)),
            VersionAnalysis::Analysed::Nothing, "nothing (same text)"};
  }
  SourceRange newRange = chunks[changed].range;
  SourceRange oldRange = oldChunks[changed].range;
  int64_t growth = static_cast<int64_t>(newRange.end) - oldRange.end;
  std::string_view newOp = slice(text, newRange);
  std::string_view oldOp = slice(oldText, oldRange);
  // The operations to analyse again: the changed one, and when it names
  // symbols (now or before the edit), every operation tied to it by them
  // (callees, callers, globals): their findings may depend on it.
  std::vector<SourceRange> ops, shared;
  size_t changedOp = 0;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].shared) {
      shared.push_back(chunks[i].range);
      continue;
    }
    if (i == changed)
      changedOp = ops.size();
    ops.push_back(chunks[i].range);
  }
  // A `// bufferlens:` directive may act beyond its operation (the file's
  // stage, the next line): when one changes, everything may change.
  if (linesFrom(newOp, "// bufferlens:") != linesFrom(oldOp, "// bufferlens:"))
    return redo("a bufferlens directive changed");
  // Nor may a lit RUN line: the first that runs One-Shot Bufferize sets the
  // tensor view's options for the whole file (analysis/tensor/PassOptions.h).
  if (linesFrom(newOp, "RUN:") != linesFrom(oldOp, "RUN:"))
    return redo("a RUN line changed");
  std::vector<std::string> newNames = symbolNames(newOp);
  std::vector<std::string> oldNames = symbolNames(oldOp);
  std::vector<size_t> tied{changedOp};
  // Outside the operation the two texts are the same bytes: names the edit
  // kept need one search.
  if (namedElsewhere(text, newRange, newNames) ||
      (oldNames != newNames && namedElsewhere(oldText, oldRange, oldNames)))
    tied = tiedOperations(text, ops, changedOp, oldNames, shared);
  FreshAndOthers picked = pick(ops, tied);
  const std::vector<SourceRange> &fresh = picked.fresh; // in order
  const std::vector<SourceRange> &others = picked.others;
  if (fresh.size() > 1 && picked.mostOfTheDocument())
    return redo("the edit ties to most of the document by symbols");
  if (previous->parts().size() + 2 * fresh.size() > kMaxSnapshotParts)
    return redo("many reused parts");

  const char *why = nullptr;
  std::optional<AloneAnalysis> alone = analyseAlone(
      text, fresh, others, bufferName, optionsForPieceOf(text, options), why);
  if (!alone)
    return redo(why);
  const std::vector<int64_t> &freshDelta = alone->delta;

  // The previous parts for the text between the fresh ranges (shifted by
  // the edit's growth after the changed operation), and one part per
  // fresh range, all sharing the new result.
  const std::shared_ptr<const AnalysisResult> &result = alone->result;
  const std::vector<SnapshotPart> &old = previous->parts();
  std::vector<SnapshotPart> parts;
  auto reuse = [&](uint32_t begin, uint32_t end) {
    // [begin, end) of this version, wholly before or after the edit.
    int64_t shift = begin >= newRange.end ? growth : 0;
    uint32_t oldBegin = static_cast<uint32_t>(begin - shift);
    uint32_t oldEnd = static_cast<uint32_t>(end - shift);
    // The document's end offset goes to whichever part ends up last
    // (SnapshotPart::owns), so empty pieces are never kept.
    for (size_t p = 0; p < old.size(); ++p) {
      SnapshotPart piece = old[p];
      piece.covers.begin = std::max(old[p].covers.begin, oldBegin);
      piece.covers.end = std::min(old[p].covers.end, oldEnd);
      if (piece.covers.begin >= piece.covers.end)
        continue;
      piece.covers.begin = static_cast<uint32_t>(piece.covers.begin + shift);
      piece.covers.end = static_cast<uint32_t>(piece.covers.end + shift);
      piece.delta += shift;
      parts.push_back(std::move(piece));
    }
  };
  uint32_t at = 0;
  for (size_t f = 0; f < fresh.size(); ++f) {
    const SourceRange &range = fresh[f];
    reuse(at, range.begin);
    SnapshotPart part;
    part.result = result;
    part.covers = range;
    part.delta = freshDelta[f];
    parts.push_back(std::move(part));
    at = range.end;
  }
  reuse(at, static_cast<uint32_t>(text.size()));

  std::string how = "one top-level operation (" + std::to_string(changed + 1) +
                    " of " + std::to_string(chunks.size()) + ")";
  if (fresh.size() > 1)
    how +=
        " and " + std::to_string(fresh.size() - 1) + " tied to it by symbols";
  return {makeSnapshot(options, std::move(textRef), std::move(parts), uri,
                       version, std::move(chunks)),
          VersionAnalysis::Analysed::Parts, how};
}

SnapshotRef bufferlens::analyzeReach(TextRef textRef, const std::string &uri,
                                     const std::string &bufferName,
                                     const AnalysisOptions &options,
                                     int64_t version, SourceRange reach,
                                     std::string &how) {
  const std::string &text = *textRef;
  auto none = [&](const char *why) -> SnapshotRef {
    how = why;
    return nullptr;
  };
  if (findNulByte(text) != std::string::npos)
    return none("the whole analysis refuses binary text");
  if (options.privateFunctionDynamicOwnership)
    return none("privateFunctionDynamicOwnership rewrites callers");
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
  if (chunks.empty())
    return none("no top-level operations");
  // Closed ranges: an empty reach (a position) touches the operation it is
  // in or at the end of.
  auto touches = [&](SourceRange range) {
    return reach.begin <= range.end && range.begin <= reach.end;
  };
  std::vector<SourceRange> ops, shared;
  std::vector<size_t> targets;
  for (const TopLevelChunk &chunk : chunks) {
    if (chunk.shared) {
      // A declaration or alias is kept in every analysis, but its text is
      // answered for by no fresh part.
      if (touches(chunk.range))
        return none("it touches a declaration or alias");
      shared.push_back(chunk.range);
      continue;
    }
    if (touches(chunk.range))
      targets.push_back(ops.size());
    ops.push_back(chunk.range);
  }
  if (targets.empty())
    return none("it touches no top-level operation");
  if (targets.size() > kMaxReachOperations)
    return none("it touches many operations");
  // The touched operations and, when they name symbols named elsewhere,
  // those tied to them (as an edit's, analyzeVersion).
  std::vector<size_t> tied;
  for (size_t target : targets) {
    std::string_view op = slice(text, ops[target]);
    std::vector<size_t> more{target};
    if (namedElsewhere(text, ops[target], symbolNames(op)))
      more = tiedOperations(text, ops, target, {}, shared);
    tied.insert(tied.end(), more.begin(), more.end());
  }
  std::sort(tied.begin(), tied.end());
  tied.erase(std::unique(tied.begin(), tied.end()), tied.end());
  FreshAndOthers picked = pick(ops, tied);
  const std::vector<SourceRange> &fresh = picked.fresh;
  const std::vector<SourceRange> &others = picked.others;
  // Worth it only while cheaper than the whole analysis it overtakes.
  if (picked.mostOfTheDocument())
    return none("it ties to most of the document by symbols");
  const char *why = nullptr;
  std::optional<AloneAnalysis> alone = analyseAlone(
      text, fresh, others, bufferName, optionsForPieceOf(text, options), why);
  if (!alone)
    return none(why);

  // The text between the other operations comes from the result, moved
  // by the bytes removed before it; the other operations get empty parts.
  auto blank = std::make_shared<AnalysisResult>();
  blank->sharedText = textRef;
  std::shared_ptr<const AnalysisResult> empty = std::move(blank);
  std::vector<SnapshotPart> parts;
  auto add = [&](std::shared_ptr<const AnalysisResult> result,
                 SourceRange covers) {
    if (covers.begin >= covers.end)
      return;
    SnapshotPart part;
    part.delta = result == empty ? 0 : alone->removedBefore(covers.begin);
    part.result = std::move(result);
    part.covers = covers;
    parts.push_back(std::move(part));
  };
  uint32_t at = 0;
  for (const SourceRange &other : others) {
    add(alone->result, {at, other.begin});
    add(empty, other);
    at = other.end;
  }
  add(alone->result, {at, static_cast<uint32_t>(text.size())});
  how = std::to_string(targets.size()) + " of " +
        std::to_string(chunks.size()) + " top-level operations";
  if (fresh.size() > targets.size())
    how += " and " + std::to_string(fresh.size() - targets.size()) +
           " tied to them by symbols";
  return makeSnapshot(options, std::move(textRef), std::move(parts), uri,
                      version, std::move(chunks), std::move(others));
}

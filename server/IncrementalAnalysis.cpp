//===- IncrementalAnalysis.cpp --------------------------------------------===//

#include "server/IncrementalAnalysis.h"
#include "server/CrashIsolation.h"

#include "analysis/Partition.h"

#include <algorithm>
#include <optional>
#include <thread>

using namespace bufferlens;

static std::string_view slice(std::string_view text, SourceRange range) {
  return text.substr(range.begin, range.end - range.begin);
}

/// The whole document, cut into parts analysed in parallel when it is large
/// (analysis/Partition.h); each part becomes a part of the snapshot.
static VersionAnalysis whole(std::string text, const std::string &uri,
                             const std::string &bufferName,
                             const AnalysisOptions &options, int64_t version,
                             unsigned threads) {
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<PartPlan> plans =
      options.privateFunctionDynamicOwnership
          ? std::vector<PartPlan>{}
          : planParts(text, std::min(kMaxOpenParts, threads));
  if (plans.size() < 2) {
    AnalysisResult result = analyzeIsolated(text, bufferName, options);
    return {std::make_shared<const Snapshot>(std::move(result), uri, version),
            "whole document"};
  }
  std::thread::id caller = std::this_thread::get_id();
  std::vector<AnalysisResult> results =
      analyzeParts(text, plans, [&](std::string_view partText) {
        // Threads of our own need their own stack for crash recovery.
        std::optional<AlternateSignalStack> stack;
        if (std::this_thread::get_id() != caller)
          stack.emplace();
        return analyzeIsolated(partText, bufferName, options);
      });
  std::vector<SnapshotPart> parts;
  for (size_t p = 0; p < plans.size(); ++p) {
    SnapshotPart part;
    part.result = std::make_shared<const AnalysisResult>(std::move(results[p]));
    part.covers = plans[p].covers;
    parts.push_back(std::move(part));
  }
  std::string how =
      "whole document in " + std::to_string(plans.size()) + " parts";
  return {std::make_shared<const Snapshot>(std::move(text), std::move(parts),
                                           uri, version),
          how};
}

VersionAnalysis bufferlens::analyzeVersion(const SnapshotRef &previous,
                                           std::string text,
                                           const std::string &uri,
                                           const std::string &bufferName,
                                           const AnalysisOptions &options,
                                           int64_t version, unsigned threads) {
  auto redo = [&](const char *why) {
    VersionAnalysis out =
        whole(std::move(text), uri, bufferName, options, version, threads);
    out.how += std::string(" (") + why + ")";
    return out;
  };
  if (!previous)
    return whole(std::move(text), uri, bufferName, options, version, threads);
  if (options.privateFunctionDynamicOwnership)
    return redo("privateFunctionDynamicOwnership rewrites callers");
  if (previous->parts().size() >= kMaxSnapshotParts)
    return redo("many reused parts");
  for (const SnapshotPart &part : previous->parts())
    if (part.result->parseFailed)
      return redo("the previous version did not parse");

  const std::string &oldText = previous->text();
  const std::vector<TopLevelChunk> &oldChunks = previous->chunks();
  std::vector<TopLevelChunk> chunks = splitTopLevel(text);
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
  size_t changed = chunks.size();
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (chunks[i].shared != oldChunks[i].shared)
      return redo("an operation changed kind");
    if (slice(text, chunks[i].range) == slice(oldText, oldChunks[i].range))
      continue;
    if (changed != chunks.size() || chunks[i].shared)
      return redo(chunks[i].shared ? "an alias changed"
                                   : "more than one operation changed");
    changed = i;
  }
  if (changed == chunks.size()) {
    // Nothing changed: the same analysis holds (e.g. whitespace between
    // operations is part of them, so this is a true no-op edit).
    std::vector<SnapshotPart> parts = previous->parts();
    return {std::make_shared<const Snapshot>(std::move(text), std::move(parts),
                                             uri, version),
            "nothing (same text)"};
  }
  SourceRange newRange = chunks[changed].range;
  SourceRange oldRange = oldChunks[changed].range;
  std::string_view newOp = slice(text, newRange);
  std::string_view oldOp = slice(oldText, oldRange);
  size_t newBody = newOp.find('{'), oldBody = oldOp.find('{');
  if (newBody == std::string_view::npos || oldBody == std::string_view::npos ||
      newOp.substr(0, newBody) != oldOp.substr(0, oldBody) ||
      !symbolNames(newOp.substr(newBody)).empty() ||
      !symbolNames(oldOp.substr(oldBody)).empty())
    return redo("the header changed or the body names a symbol");

  std::vector<SourceRange> others;
  for (size_t i = 0; i < chunks.size(); ++i)
    if (i != changed && !chunks[i].shared)
      others.push_back(chunks[i].range);
  AnalysisResult alone =
      analyzeIsolated(blankOperations(text, others), bufferName, options);
  if (alone.parseFailed)
    return redo("the operation does not parse alone");
  for (const Finding &finding : alone.findings)
    if (!(newRange.begin <= finding.range.begin &&
          finding.range.begin < newRange.end))
      return redo("the operation alone has findings elsewhere");

  // The previous parts, cut around the changed operation and shifted after
  // it; the new part in between.
  int64_t growth = static_cast<int64_t>(newRange.end) - oldRange.end;
  std::vector<SnapshotPart> parts;
  for (const SnapshotPart &old : previous->parts()) {
    SnapshotPart before = old;
    before.covers.end = std::min(old.covers.end, oldRange.begin);
    if (before.covers.begin < before.covers.end)
      parts.push_back(before);
  }
  SnapshotPart fresh;
  fresh.result = std::make_shared<const AnalysisResult>(std::move(alone));
  fresh.covers = newRange;
  parts.push_back(fresh);
  for (const SnapshotPart &old : previous->parts()) {
    SnapshotPart after = old;
    after.covers.begin = std::max(old.covers.begin, oldRange.end);
    if (after.covers.begin >= after.covers.end &&
        !(after.covers.begin == after.covers.end &&
          &old == &previous->parts().back()))
      continue;
    after.covers.begin = static_cast<uint32_t>(after.covers.begin + growth);
    after.covers.end = static_cast<uint32_t>(after.covers.end + growth);
    after.delta += growth;
    parts.push_back(after);
  }
  std::string how = "one top-level operation (" + std::to_string(changed + 1) +
                    " of " + std::to_string(chunks.size()) + ")";
  return {std::make_shared<const Snapshot>(std::move(text), std::move(parts),
                                           uri, version),
          how};
}

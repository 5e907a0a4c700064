//===- Snapshot.h - One analysed version of a document --------------------===//
//
// The analysis of one document version plus the lookup tables every
// feature shares (line index, a sorted index of value and block ranges).
// Immutable once built and shared between threads; built on the worker that
// analysed the version, so queries only look things up.
//
// A snapshot is made of parts: a whole-document analysis is one part; after
// an edit inside one top-level operation (IncrementalAnalysis.h) the
// snapshot reuses the previous parts for the untouched text, shifted by the
// edit's length change, and adds a part analysed for the changed operation
// alone. Each part keeps its own AnalysisResult (ids are per part); its
// ranges map to this version's text by adding the part's delta.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_SNAPSHOT_H
#define BUFFERLENS_IDE_SNAPSHOT_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/Model.h"
#include "analysis/model/NameIndex.h"
#include "analysis/model/Options.h"
#include "analysis/parts/TopLevelSplit.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bufferlens {

struct SnapshotPart {
  std::shared_ptr<const AnalysisResult> result;
  /// The names of `result` (values, blocks, op names), sorted by range, in
  /// the result's offsets. Made once per result and shared by every part
  /// cut from it, so a snapshot that reuses parts sorts nothing again.
  std::shared_ptr<const std::vector<NameOccurrence>> names;
  /// The text of this version the part answers for: [begin, end), the last
  /// part also for the offset at the very end.
  SourceRange covers;
  /// This version's offset = the result's offset + delta.
  int64_t delta = 0;

  uint32_t toCurrent(uint32_t offset) const {
    return static_cast<uint32_t>(offset + delta);
  }
  SourceRange toCurrent(SourceRange range) const {
    return {toCurrent(range.begin), toCurrent(range.end)};
  }
  uint32_t toResult(uint32_t offset) const {
    return static_cast<uint32_t>(offset - delta);
  }
  /// Whether a range of the result (in the result's offsets) belongs here.
  bool owns(SourceRange resultRange, bool isLast) const;
};

/// What a source range names (analysis/model/NameIndex.h), in this version's
/// offsets; `id` indexes the tables of part `part`.
struct Occurrence : NameOccurrence {
  int32_t part;
};

/// A finding of a part, without copying it: its ranges in this version's
/// offsets are its own plus `delta`.
struct FindingRef {
  const Finding *finding;
  int64_t delta;

  SourceRange toCurrent(SourceRange range) const {
    return {static_cast<uint32_t>(range.begin + delta),
            static_cast<uint32_t>(range.end + delta)};
  }
};

/// The names of `result` (values, blocks, op names) sorted by range, in
/// its own offsets: SnapshotPart::names. A snapshot makes the missing ones
/// itself; callers holding several fresh parts can make them in parallel.
std::shared_ptr<const std::vector<NameOccurrence>>
sortedNamesOf(const AnalysisResult &result);

class Snapshot {
public:
  /// A whole-document analysis of `result.text()`; `chunks` as below.
  Snapshot(AnalysisResult result, std::string uri, int64_t version,
           std::optional<std::vector<TopLevelChunk>> chunks = std::nullopt);
  /// `text`, made of `parts` (sorted, covering the text); `chunks` is
  /// splitTopLevel(text) when the caller already made it. `unanalysed`
  /// (sorted) is text whose parts were not analysed (empty results): the
  /// snapshot answers only elsewhere (answersFor).
  Snapshot(TextRef text, std::vector<SnapshotPart> parts, std::string uri,
           int64_t version,
           std::optional<std::vector<TopLevelChunk>> chunks = std::nullopt,
           std::vector<SourceRange> unanalysed = {});
  Snapshot(std::string text, std::vector<SnapshotPart> parts, std::string uri,
           int64_t version,
           std::optional<std::vector<TopLevelChunk>> chunks = std::nullopt)
      : Snapshot(std::make_shared<const std::string>(std::move(text)),
                 std::move(parts), std::move(uri), version, std::move(chunks)) {
  }
  Snapshot(const Snapshot &) = delete;
  Snapshot &operator=(const Snapshot &) = delete;

  const std::string &text() const { return *documentText; }
  const TextRef &sharedText() const { return documentText; }
  const LineIndex &lines() const { return lineIndex; }
  const std::string &uri() const { return documentUri; }
  int64_t version() const { return documentVersion; }
  const std::vector<SnapshotPart> &parts() const { return partList; }
  const std::vector<TopLevelChunk> &chunks() const { return chunkList; }
  bool isLastPart(size_t index) const { return index + 1 == partList.size(); }

  /// Every finding, in this version's offsets, in document order.
  std::vector<Finding> findings() const;
  /// The same findings in the same order, as references into the parts
  /// (what publishing all of them needs, without copying every string).
  std::vector<FindingRef> findingRefs() const;

  /// Whether every part was analysed: the findings are the document's.
  bool complete() const { return unanalysedRanges.empty(); }
  /// Whether what a query of `reach` sees (names, hints, findings) is what
  /// the document's whole analysis has there: it touches no unanalysed
  /// text, ends included.
  bool answersFor(SourceRange reach) const;

  /// The options the snapshot was analysed under: a query that analyses
  /// again (a rewrite, a graph's stage) uses them, so that it agrees with
  /// what the snapshot shows. Defaults for a snapshot made without.
  const AnalysisOptions &options() const;
  /// Set once, by whoever makes the snapshot, before it is shared.
  void setOptions(std::shared_ptr<const AnalysisOptions> options) {
    analysisOptions = std::move(options);
  }

  /// The name under a cursor at `offset` (nameAt's rule), if any.
  std::optional<Occurrence> occurrenceAt(uint32_t offset) const;

private:
  void index(std::optional<std::vector<TopLevelChunk>> chunks);
  std::optional<Occurrence> occurrenceIn(size_t part, uint32_t offset) const;

  TextRef documentText;
  LineIndex lineIndex;
  std::string documentUri;
  int64_t documentVersion;
  std::vector<SnapshotPart> partList;
  std::vector<TopLevelChunk> chunkList;
  std::vector<SourceRange> unanalysedRanges;
  std::shared_ptr<const AnalysisOptions> analysisOptions;
};

using SnapshotRef = std::shared_ptr<const Snapshot>;

/// A copy of `finding` with every range moved by `delta`.
Finding shifted(const Finding &finding, int64_t delta);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_SNAPSHOT_H

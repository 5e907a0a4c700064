//===- Snapshot.h - One analysed version of a document --------------------===//
//
// The AnalysisResult of one document version plus the lookup tables every
// feature shares (line index, a sorted index of value and block ranges).
// Immutable once built and shared between threads; built on the worker that
// analysed the version, so queries only look things up.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SNAPSHOT_H
#define BUFFERLENS_SERVER_SNAPSHOT_H

#include "analysis/LineIndex.h"
#include "analysis/Model.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bufferlens {

/// What a source range names.
struct Occurrence {
  enum Kind { ValueDef, ValueUse, BlockLabel, BlockUse, OpName };
  SourceRange range;
  Kind kind;
  int32_t id; ///< ValueId, BlockId or OpId.
};

class Snapshot {
public:
  Snapshot(AnalysisResult result, std::string uri, int64_t version);
  Snapshot(const Snapshot &) = delete;
  Snapshot &operator=(const Snapshot &) = delete;

  const AnalysisResult &result() const { return analysis; }
  const LineIndex &lines() const { return lineIndex; }
  const std::string &uri() const { return documentUri; }
  int64_t version() const { return documentVersion; }

  /// The occurrence whose range contains `offset` (the innermost), or null.
  /// A cursor just after a name (offset == end) also finds it.
  const Occurrence *occurrenceAt(uint32_t offset) const;

private:
  AnalysisResult analysis;
  LineIndex lineIndex;
  std::string documentUri;
  int64_t documentVersion;
  std::vector<Occurrence> occurrences; ///< Sorted by range.
};

using SnapshotRef = std::shared_ptr<const Snapshot>;

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SNAPSHOT_H

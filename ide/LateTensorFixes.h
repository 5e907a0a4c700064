//===- LateTensorFixes.h - The tensor view's quick fixes, on demand -------===//
//
// Proving a tensor fix (analysis/tensorfixes/) runs the tensor analysis
// twice more per candidate: on a document of tensor programs it cost the
// server's open about as much as the rest of the tensor view, for
// diagnostics that never show a fix. The server therefore analyses with
// AnalysisOptions::tensorFixes off and asks for the fixes only when a
// client asks for the code actions of a range, as clangd computes its
// tweaks: the operations the range touches are analysed again with the
// fixes tried (analyzeReach, as an edit's are; the whole document when the
// reach cannot be analysed alone), and the fixes found there are those of
// the snapshot's findings with the same code and range.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_LATETENSORFIXES_H
#define BUFFERLENS_IDE_LATETENSORFIXES_H

#include "ide/Snapshot.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace bufferlens {

/// A finding of one snapshot, by its code and range in the snapshot's
/// offsets.
struct FindingKey {
  FindingCode code;
  SourceRange range;

  bool operator<(const FindingKey &other) const {
    return std::tie(code, range.begin, range.end) <
           std::tie(other.code, other.range.begin, other.range.end);
  }
};

/// The fixes of findings, computed after their snapshot; a finding that
/// was looked at and has no fix maps to an empty list.
using LateFixes = std::map<FindingKey, std::vector<Fix>>;

/// The findings of `snapshot` that `range` touches whose fixes the
/// snapshot left out: BL501 and BL502, when it was analysed with
/// AnalysisOptions::tensorFixes off. Empty otherwise.
std::vector<FindingKey> findingsWithoutTheirFixes(const Snapshot &snapshot,
                                                  SourceRange range);

struct LateFixesRequest {
  /// The name MLIR's diagnostics use for the document.
  std::string bufferName;
  /// Analyse only the operations the range touches when they can be
  /// analysed alone; otherwise (or when they cannot) the whole document,
  /// which gives exactly the fixes its whole analysis gives.
  bool reachOnly = false;
  /// Threads a whole analysis may use (WholeRequest::threads).
  unsigned threads = 0;
};

/// The fixes of findingsWithoutTheirFixes(snapshot, range), by finding;
/// when the whole document was analysed, of every BL501 and BL502 of the
/// snapshot. `how` says what was analysed, for the log.
LateFixes computeLateFixes(const Snapshot &snapshot, SourceRange range,
                           const LateFixesRequest &request, std::string &how);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_LATETENSORFIXES_H

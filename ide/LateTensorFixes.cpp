//===- LateTensorFixes.cpp ------------------------------------------------===//

#include "ide/LateTensorFixes.h"
#include "ide/IncrementalAnalysis.h"

using namespace bufferlens;

/// The codes whose fixes analysis/tensorfixes/ proves.
static bool fixedByReanalysis(FindingCode code) {
  return code == FindingCode::BL501 || code == FindingCode::BL502;
}

/// Closed ranges, as the code actions take them: an empty range (a cursor)
/// touches the finding it is at either end of.
static bool touches(SourceRange a, SourceRange b) {
  return a.begin <= b.end && b.begin <= a.end;
}

std::vector<FindingKey>
bufferlens::findingsWithoutTheirFixes(const Snapshot &snapshot,
                                      SourceRange range) {
  std::vector<FindingKey> out;
  if (snapshot.options().tensorFixes)
    return out;
  for (const FindingRef &ref : snapshot.findingRefs()) {
    const Finding &finding = *ref.finding;
    if (!fixedByReanalysis(finding.code))
      continue;
    SourceRange at = ref.toCurrent(finding.range);
    if (touches(at, range))
      out.push_back({finding.code, at});
  }
  return out;
}

/// A snapshot of the same text and version as `snapshot`, analysed under
/// its options with the tensor fixes tried: of the operations `range`
/// touches when `reachOnly` and they can be analysed alone, else whole.
/// `whole` says which.
static SnapshotRef analysedWithFixes(const Snapshot &snapshot,
                                     SourceRange range,
                                     const LateFixesRequest &request,
                                     std::string &how, bool &whole) {
  AnalysisOptions options = snapshot.options();
  options.tensorFixes = true;
  if (request.reachOnly) {
    std::string why;
    if (SnapshotRef reach = analyzeReach(snapshot.sharedText(), snapshot.uri(),
                                         request.bufferName, options,
                                         snapshot.version(), range, why)) {
      how = why;
      whole = false;
      return reach;
    }
    how = "the whole document (" + why + ")";
  } else {
    how = "the whole document";
  }
  whole = true;
  WholeRequest document;
  document.uri = snapshot.uri();
  document.bufferName = request.bufferName;
  document.version = snapshot.version();
  document.threads = request.threads;
  // Only the findings are read.
  document.findingsOnly = true;
  return analyzeWhole(snapshot.sharedText(), options, document).snapshot;
}

LateFixes bufferlens::computeLateFixes(const Snapshot &snapshot,
                                       SourceRange range,
                                       const LateFixesRequest &request,
                                       std::string &how) {
  LateFixes out;
  for (const FindingKey &key : findingsWithoutTheirFixes(snapshot, range))
    out[key];
  if (out.empty()) {
    how = "nothing";
    return out;
  }
  bool whole = false;
  SnapshotRef fixed = analysedWithFixes(snapshot, range, request, how, whole);
  if (!fixed)
    return out;
  for (const FindingRef &ref : fixed->findingRefs()) {
    const Finding &finding = *ref.finding;
    if (!fixedByReanalysis(finding.code))
      continue;
    FindingKey key{finding.code, ref.toCurrent(finding.range)};
    // A whole analysis tried every fix its document gets: all are kept,
    // so the next ranges asked about need no analysis. A reach's are kept
    // for the range only, as another reach would try them again.
    auto found = whole ? out.try_emplace(key).first : out.find(key);
    if (found == out.end() || !found->second.empty() || finding.fixes.empty())
      continue;
    found->second =
        ref.delta ? shifted(finding, ref.delta).fixes : finding.fixes;
  }
  return out;
}

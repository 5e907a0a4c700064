//===- TakeFindings.cpp ---------------------------------------------------===//

#include "ide/TakeFindings.h"

#include <map>

using namespace bufferlens;

/// Whether `snapshot`'s results are seen by nobody but `snapshot`, which
/// nobody else holds either.
static bool heldAlone(const SnapshotRef &snapshot) {
  if (snapshot.use_count() != 1)
    return false;
  // A result may be shared by several parts of the same snapshot.
  std::map<const AnalysisResult *, long> uses;
  for (const SnapshotPart &part : snapshot->parts())
    ++uses[part.result.get()];
  for (const SnapshotPart &part : snapshot->parts())
    if (part.result.use_count() != uses[part.result.get()])
      return false;
  return true;
}

std::vector<Finding> bufferlens::takeFindings(SnapshotRef snapshot) {
  if (!snapshot)
    return {};
  std::vector<FindingRef> refs = snapshot->findingRefs();
  std::vector<Finding> out;
  out.reserve(refs.size());
  if (!heldAlone(snapshot)) {
    for (const FindingRef &ref : refs)
      out.push_back(ref.delta ? shifted(*ref.finding, ref.delta)
                              : *ref.finding);
    return out;
  }
  for (const FindingRef &ref : refs) {
    // Defined: the result was made non-const, and no one else can see it
    // change (held alone, and released below).
    Finding &finding = const_cast<Finding &>(*ref.finding);
    if (ref.delta) {
      out.push_back(shifted(finding, ref.delta));
      finding = Finding(); // One finding at a time is held twice.
    } else {
      out.push_back(std::move(finding));
    }
  }
  return out;
}

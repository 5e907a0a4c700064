//===- TakeFindings.h - A snapshot's findings, without a second copy ------===//
//
// `lint` prints a file's findings once its analysis is over and keeps
// nothing else of the snapshot: copying them (Snapshot::findings) while
// the snapshot lives held every finding twice, over 1 GiB at 400,000
// findings. This moves them out instead when the caller holds the only
// reference to the snapshot and its results.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_TAKEFINDINGS_H
#define BUFFERLENS_IDE_TAKEFINDINGS_H

#include "ide/Snapshot.h"

#include <vector>

namespace bufferlens {

/// Snapshot::findings() of `snapshot`, which is released. When nothing else
/// holds it or any of its parts' results, each finding is moved out of its
/// result (the results are made as non-const objects: IncrementalAnalysis
/// and Snapshot create them so); otherwise each is copied.
std::vector<Finding> takeFindings(SnapshotRef snapshot);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_TAKEFINDINGS_H

//===- IncrementalAnalysis.h - Re-analyse only the edited operation -------===//
//
// An edit inside one top-level operation (a function) re-parses and
// re-analyses that operation, plus, when it names symbols (now or before
// the edit), the operations tied to it by them (callees, callers, globals:
// analysis/parts/Partition.h): the document is analysed without the code
// of every other operation (compactOperations: line breaks, comments and
// directives stay, so lines and columns are the document's, and each fresh
// part's delta maps its offsets back), and the new snapshot reuses the
// previous snapshot's results for the rest, shifted by the edit's length
// change. The analyses of one function look only at what it names, so the
// answer equals a whole-document analysis; where that is not certain the
// whole document is analysed instead (in parallel parts):
//
// - the operations are not the same list as before (added, removed,
//   reordered, unbalanced brackets), more than one changed, or an alias;
// - the edit ties to most of the document by symbols;
// - `privateFunctionDynamicOwnership` (it rewrites callers of private
//   functions), a settings change, the first analysis, a parse error in the
//   operation, or a snapshot already made of many reused parts.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_INCREMENTALANALYSIS_H
#define BUFFERLENS_IDE_INCREMENTALANALYSIS_H

#include "analysis/model/Options.h"
#include "ide/Snapshot.h"

#include <functional>
#include <string>

namespace bufferlens {

struct VersionAnalysis {
  /// What was analysed to make the snapshot.
  enum class Analysed {
    Nothing,       ///< The text did not change: the previous snapshot.
    WholeDocument, ///< Every operation (in one or several parts).
    Parts,         ///< The edited operation and those tied to it.
  };
  SnapshotRef snapshot;
  Analysed analysed = Analysed::WholeDocument;
  /// How it was made, for the log: "whole document" or "one top-level
  /// operation (1 of N)".
  std::string how;
};

/// Receives a snapshot holding only the early findings of a whole analysis
/// (analysis/Analyzer.h EarlyFindingsHook) of every part, on one of the
/// analysing threads, before the analysis ends. It is for publishing only:
/// its parts have no tables.
using EarlySnapshotHook = std::function<void(SnapshotRef)>;

/// What happens when MLIR crashes on a document (CrashIsolation.h).
enum class CrashPolicy {
  /// The top-level operations that crash are found and reported as errors
  /// of their own; the rest is analysed (the server).
  IsolateCulprits,
  /// The document fails as a whole: WholeAnalysis::crash is set and there
  /// is no snapshot (`lint`, which reports such a file as not linted).
  FailDocument,
};

struct WholeRequest {
  std::string uri;
  /// The name MLIR's diagnostics use; empty: `uri`.
  std::string bufferName;
  int64_t version = 0;
  /// Threads the parts may use (0: one per core); at most kMaxOpenParts.
  unsigned threads = 0;
  CrashPolicy crashes = CrashPolicy::IsolateCulprits;
  /// The model in one part, whatever the text's size (the graphs of
  /// `lint --graphs` need a function's whole model in one result).
  bool onePiece = false;
  /// Only the findings are read: the parts' names are not indexed (the
  /// snapshot then names nothing under a cursor).
  bool findingsOnly = false;
  /// Findings only, on one thread: a text of more than twice this many
  /// bytes (0: never) is cut into parts of about this size (at most
  /// kMaxSequentialParts) analysed one after another, so that one part's
  /// IR and model are held at a time rather than the document's. The
  /// findings are those of the whole (parts never change them).
  size_t sequentialPartBytes = 0;
  EarlySnapshotHook early;
};

/// Past this many parts, each part's copy of the text (blanked outside
/// it) and its line index cost more time than its smaller IR saves memory.
constexpr size_t kMaxSequentialParts = 8;

struct WholeAnalysis {
  /// Null only when the document crashed under CrashPolicy::FailDocument.
  SnapshotRef snapshot;
  /// What was analysed, for the log.
  std::string how;
  /// The crash's signal or exit code (FailDocument); 0: none.
  int crash = 0;
  /// The text was refused (BinaryText.h): the snapshot holds one error at
  /// its first NUL byte and nothing else.
  bool refused = false;
};

/// The one whole-document analysis both front ends run (`lint` and the
/// server's first analysis of a text): the text-admission rule, then the
/// text cut into parts analysed in parallel when it is large
/// (analysis/parts/Partition.h), each under crash recovery.
WholeAnalysis analyzeWhole(TextRef text, const AnalysisOptions &options,
                           const WholeRequest &request);

/// The snapshot of `text`; `previous` (null: analyse everything) is the
/// last snapshot of the same document under the same options. A whole
/// analysis uses up to `threads` threads (0: one per core, at most
/// kMaxOpenParts), and calls `early` (if set) at most once.
VersionAnalysis analyzeVersion(const SnapshotRef &previous, TextRef text,
                               const std::string &uri,
                               const std::string &bufferName,
                               const AnalysisOptions &options, int64_t version,
                               unsigned threads = 0,
                               const EarlySnapshotHook &early = nullptr);
inline VersionAnalysis
analyzeVersion(const SnapshotRef &previous, std::string text,
               const std::string &uri, const std::string &bufferName,
               const AnalysisOptions &options, int64_t version,
               unsigned threads = 0, const EarlySnapshotHook &early = nullptr) {
  return analyzeVersion(previous,
                        std::make_shared<const std::string>(std::move(text)),
                        uri, bufferName, options, version, threads, early);
}

/// A snapshot that answers for `reach` of `text` (Snapshot::answersFor)
/// long before a whole analysis would: the top-level operations `reach`
/// touches, and those tied to them by symbols, analysed without the code
/// of the others, as an edit's are (so what it answers there equals a
/// whole-document analysis); the other operations are not analysed. For
/// queries while a document's first analysis runs. Null, with `how` saying
/// why, when that is not sure or not worth it: `reach` touches no
/// operation, a declaration or alias, or more than kMaxReachOperations;
/// the operations tie to most of the document; MLIR rejects them;
/// `privateFunctionDynamicOwnership`. Otherwise `how` says what was
/// analysed.
SnapshotRef analyzeReach(TextRef text, const std::string &uri,
                         const std::string &bufferName,
                         const AnalysisOptions &options, int64_t version,
                         SourceRange reach, std::string &how);

/// The most top-level operations a reach may touch (about a screenful of
/// small functions, for inlay hints).
constexpr size_t kMaxReachOperations = 16;

/// A document opened whole is analysed in at most this many parts, one per
/// core.
constexpr unsigned kMaxOpenParts = 8;

/// Snapshots reuse at most this many parts before a whole analysis (each
/// part keeps its own copy of the text).
constexpr size_t kMaxSnapshotParts = kMaxOpenParts + 8;

} // namespace bufferlens

#endif // BUFFERLENS_IDE_INCREMENTALANALYSIS_H

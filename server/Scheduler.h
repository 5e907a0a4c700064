//===- Scheduler.h - Per-document analyses on a worker pool ---------------===//
//
// Each open document has a text generation (bumped by every edit) and an
// analysis generation (bumped by edits and by setting changes). Analyses
// run on worker threads, at most one per document at a time, after a
// debounce delay for edits; a newer generation supersedes an older one (the
// older result is not published). Queries wait for the analysis of the
// text they were asked about; when the text changes first they fail with
// ContentModified.
//
// Running analyses cannot be interrupted (MLIR has no cancellation points);
// a superseded one finishes and is dropped.
//
// A query that says where it looks (its reach) does not wait for a
// document's whole analysis: one more thread analyses the operations it
// reaches alone (IncrementalAnalysis.h analyzeReach) and answers from that,
// the way clangd answers from a stale preamble rather than wait. Such
// snapshots answer queries only; they are never published nor reused by an
// edit's analysis.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SCHEDULER_H
#define BUFFERLENS_SERVER_SCHEDULER_H

#include "analysis/model/Options.h"
#include "ide/Snapshot.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace bufferlens {

class Logger;

/// Why a query got no snapshot.
enum class QueryError { None, ContentModified, NotOpen };

class Scheduler {
public:
  using Clock = std::chrono::steady_clock;
  /// Runs on a worker for each published (latest) snapshot.
  using OnPublish = std::function<void(SnapshotRef)>;
  /// Runs on a worker when an analysis starts or ends, for progress.
  using OnActivity =
      std::function<void(const std::string &uri, bool begin, size_t textBytes)>;
  /// `previous` is the document's last snapshot if it was analysed with
  /// the same options (null otherwise): the analysis may reuse it. `early`
  /// is set for a document's first analysis only: a snapshot of the
  /// findings known early (IncrementalAnalysis.h EarlySnapshotHook) given
  /// to it is published at once, unless the document changed meanwhile.
  /// (A first analysis here is one before any publish of the document.)
  /// Later analyses publish once: an early set would take back, until the
  /// analysis ends, the warnings the client already shows.
  using Analyze =
      std::function<SnapshotRef(const TextRef &text, const std::string &uri,
                                const AnalysisOptions &options, int64_t version,
                                SnapshotRef previous, const OnPublish &early)>;
  using Callback = std::function<void(SnapshotRef, QueryError)>;
  /// Where a query looks in a text, given the text's line index when one
  /// is at hand (a snapshot's) and null otherwise (the text is then read
  /// up to the query's positions, not indexed whole); none when its
  /// positions are not in the text (it then waits for the whole analysis,
  /// which says so). Called under the scheduler's lock: it must take no
  /// lock of its own.
  using Reach = std::function<std::optional<SourceRange>(
      std::string_view text, const LineIndex *lines)>;
  /// A snapshot answering for `reach` of `text` alone, or null
  /// (analyzeReach).
  using AnalyzeReach = std::function<SnapshotRef(
      const TextRef &text, const std::string &uri,
      const AnalysisOptions &options, int64_t version, SourceRange reach)>;

  /// The options of a document, worked out on a worker just before its
  /// analysis (its `.bufferlens.json` lookup may stat many directories or
  /// parse a large file: on the thread that reads the client's messages it
  /// would hold up every other document's requests).
  using ResolveOptions = std::function<AnalysisOptions()>;

  /// Without `analyzeReach` every query waits for the whole analysis.
  Scheduler(unsigned workers, Analyze analyze, OnPublish publish,
            OnActivity activity, Logger &log,
            AnalyzeReach analyzeReach = nullptr);
  ~Scheduler();

  /// New text for `uri` (opening it if needed). `debounce` zero analyses as
  /// soon as a worker is free.
  void update(const std::string &uri, TextRef text, int64_t version,
              AnalysisOptions options, Clock::duration debounce);
  /// As above, the options worked out by `resolve` on a worker when the
  /// document's turn comes (a later update's `resolve` replaces it).
  void update(const std::string &uri, TextRef text, int64_t version,
              ResolveOptions resolve, Clock::duration debounce);
  /// Same text, new options (settings changed): analysed again now.
  void reconfigure(const std::string &uri, AnalysisOptions options);
  void reconfigure(const std::string &uri, ResolveOptions resolve);
  /// Analyse the pending edit now instead of after the debounce (save).
  void flush(const std::string &uri);
  /// Forgets `uri`. Once it returns, no snapshot of it is being published
  /// or will be.
  void remove(const std::string &uri);
  std::vector<std::string> openDocuments() const;

  /// Calls `callback` with the snapshot of the document's current text,
  /// now if it is ready, else on the worker that finishes it. With `reach`,
  /// while the document's first analysis (or its first under new options)
  /// runs, a snapshot answering for the reach only (Snapshot::answersFor)
  /// may come instead, sooner.
  void withCurrent(const std::string &uri, Callback callback,
                   Reach reach = nullptr);
  /// The latest snapshot, whatever its version (null if none yet).
  SnapshotRef latest(const std::string &uri) const;

private:
  struct Waiter {
    uint64_t textGeneration;
    Callback callback;
  };
  /// A query to answer from a snapshot of its reach.
  struct ReachQuery {
    std::string uri;
    uint64_t instance;
    uint64_t textGeneration;
    Reach reach;
    Callback callback;
  };
  struct Document {
    uint64_t instance = 0; ///< Distinguishes a reopened document.
    TextRef text;
    int64_t version = 0;
    AnalysisOptions options;
    /// Set until a worker works out the options of the latest update.
    ResolveOptions resolve;
    /// A worker is running `resolve` (taken from the field above).
    bool resolving = false;
    /// Reach queries that came while the options were being worked out:
    /// a reach analysed under other options would answer wrongly.
    std::vector<ReachQuery> deferredReach;
    uint64_t textGeneration = 0;
    uint64_t generation = 0;
    /// The generation the last stored snapshot was analysed at.
    uint64_t analysedGeneration = 0;
    uint64_t analysedTextGeneration = 0;
    /// The generation at which the options last changed.
    uint64_t optionsGeneration = 0;
    SnapshotRef snapshot;
    /// Whether the client was sent a snapshot of this document.
    bool published = false;
    bool pending = false;
    bool running = false;
    Clock::time_point due;
    std::vector<Waiter> waiters;
    /// Snapshots of the current text made for reach queries, newest last.
    std::vector<SnapshotRef> reachSnapshots;
  };

  void workerLoop();
  void reachLoop();
  /// Whether a query of `doc` would wait for an analysis that reuses
  /// nothing (a first one, or the first under new options).
  static bool waitsForWholeAnalysis(const Document &doc);
  /// A reach snapshot of `doc` answering for `reach`; under the lock.
  static SnapshotRef reachSnapshotFor(const Document &doc, const Reach &reach);
  /// Answers `query` from the current snapshot if there is one, else waits
  /// for it; under the lock. Returns the callback to run after unlocking
  /// (empty if it now waits).
  std::function<void()> answerOrWait(ReachQuery &query);
  /// Fails the waiters whose text is gone; under the lock.
  static std::vector<Waiter> takeStaleWaiters(Document &doc);
  /// Whether `doc.options` are those of its latest update.
  static bool optionsKnown(const Document &doc) {
    return !doc.resolve && !doc.resolving;
  }
  /// Runs `doc`'s resolver outside the lock and stores its options;
  /// `lock` is held on entry and on return.
  void resolveOptions(std::unique_lock<std::mutex> &lock,
                      const std::string &uri, Document &doc);

  Analyze analyze;
  OnPublish publish;
  OnActivity activity;
  Logger &log;
  mutable std::mutex mutex;
  std::mutex publishMutex;
  std::condition_variable wake;
  std::map<std::string, Document> documents;
  bool stopping = false;
  uint64_t counter = 0; ///< Source of instances and generations.
  std::vector<std::thread> threads;

  AnalyzeReach analyzeReach;
  std::condition_variable reachWake;
  std::deque<ReachQuery> reachQueries;
  std::thread reachThread;
  /// Reach snapshots kept per document (each a few functions' analysis).
  static constexpr size_t kMaxReachSnapshots = 4;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SCHEDULER_H

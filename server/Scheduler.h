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
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_SCHEDULER_H
#define BUFFERLENS_SERVER_SCHEDULER_H

#include "analysis/model/Options.h"
#include "server/Snapshot.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <string>
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

  Scheduler(unsigned workers, Analyze analyze, OnPublish publish,
            OnActivity activity, Logger &log);
  ~Scheduler();

  /// New text for `uri` (opening it if needed). `debounce` zero analyses as
  /// soon as a worker is free.
  void update(const std::string &uri, TextRef text, int64_t version,
              AnalysisOptions options, Clock::duration debounce);
  /// Same text, new options (settings changed): analysed again now.
  void reconfigure(const std::string &uri, AnalysisOptions options);
  /// Analyse the pending edit now instead of after the debounce (save).
  void flush(const std::string &uri);
  /// Forgets `uri`. Once it returns, no snapshot of it is being published
  /// or will be.
  void remove(const std::string &uri);
  std::vector<std::string> openDocuments() const;

  /// Calls `callback` with the snapshot of the document's current text,
  /// now if it is ready, else on the worker that finishes it.
  void withCurrent(const std::string &uri, Callback callback);
  /// The latest snapshot, whatever its version (null if none yet).
  SnapshotRef latest(const std::string &uri) const;

private:
  struct Waiter {
    uint64_t textGeneration;
    Callback callback;
  };
  struct Document {
    uint64_t instance = 0; ///< Distinguishes a reopened document.
    TextRef text;
    int64_t version = 0;
    AnalysisOptions options;
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
  };

  void workerLoop();
  /// Fails the waiters whose text is gone; under the lock.
  static std::vector<Waiter> takeStaleWaiters(Document &doc);

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
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_SCHEDULER_H

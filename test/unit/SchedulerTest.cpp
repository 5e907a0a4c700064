//===- SchedulerTest.cpp - What the workers publish, and when -------------===//

#include "server/Scheduler.h"
#include "server/Logger.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>
#include <optional>

using namespace bufferlens;

namespace {
const char *kUri = "file:///a.mlir";

SnapshotRef analyzeText(const TextRef &text, const std::string &uri,
                        const AnalysisOptions &, int64_t version, SnapshotRef) {
  AnalysisResult result;
  result.sharedText = text;
  return std::make_shared<const Snapshot>(std::move(result), uri, version);
}

// A publish that has started when the document is removed must be over
// before remove() returns: the server sends its empty publishDiagnostics
// right after (LSPServer::didClose, loseDocument), and the client must not
// get the stale findings after it.
TEST(SchedulerTest, PublishInProgressEndsBeforeRemoveReturns) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  bool publishing = false, removed = false, publishEnded = false;
  bool endedAfterRemove = false;
  Scheduler scheduler(
      1, analyzeText,
      [&](SnapshotRef) {
        std::unique_lock<std::mutex> lock(m);
        publishing = true;
        changed.notify_all();
        // Leaves remove() the time to return, if it does not wait for us.
        changed.wait_for(lock, std::chrono::milliseconds(500),
                         [&] { return removed; });
        endedAfterRemove = removed;
        publishEnded = true;
        changed.notify_all();
      },
      nullptr, log);
  scheduler.update(kUri, std::make_shared<const std::string>("text"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] { return publishing; });
  }
  scheduler.remove(kUri);
  {
    std::unique_lock<std::mutex> lock(m);
    removed = true;
    changed.notify_all();
    changed.wait(lock, [&] { return publishEnded; });
  }
  EXPECT_FALSE(endedAfterRemove);
  EXPECT_EQ(scheduler.latest(kUri), nullptr);
}

// An analysis that ends after its document was removed publishes nothing.
TEST(SchedulerTest, AnalysisEndingAfterRemoveIsNotPublished) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  bool analysing = false, release = false, analysisEnded = false;
  int published = 0;
  std::optional<Scheduler> scheduler;
  scheduler.emplace(
      1,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version,
          SnapshotRef previous) {
        std::unique_lock<std::mutex> lock(m);
        analysing = true;
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        return analyzeText(text, uri, options, version, previous);
      },
      [&](SnapshotRef) {
        std::lock_guard<std::mutex> lock(m);
        ++published;
      },
      [&](const std::string &, bool begin, size_t) {
        if (begin)
          return;
        std::lock_guard<std::mutex> lock(m);
        analysisEnded = true;
        changed.notify_all();
      },
      log);
  scheduler->update(kUri, std::make_shared<const std::string>("text"), 1,
                    AnalysisOptions(), Scheduler::Clock::duration::zero());
  {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] { return analysing; });
  }
  scheduler->remove(kUri);
  {
    std::unique_lock<std::mutex> lock(m);
    release = true;
    changed.notify_all();
    changed.wait(lock, [&] { return analysisEnded; });
  }
  // The worker is past the analysis; the destructor joins it, so whatever
  // it would publish is published before the count is read.
  scheduler.reset();
  EXPECT_EQ(published, 0);
}
} // namespace

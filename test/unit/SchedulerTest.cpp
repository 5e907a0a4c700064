//===- SchedulerTest.cpp - What the workers publish, and when -------------===//

#include "server/Scheduler.h"
#include "server/Logger.h"

#include <gtest/gtest.h>

#include <utility>

#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

using namespace bufferlens;

namespace {
const char *kUri = "file:///a.mlir";

SnapshotRef analyzeText(const TextRef &text, const std::string &uri,
                        const AnalysisOptions &, int64_t version, SnapshotRef,
                        const Scheduler::OnPublish &) {
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
          const AnalysisOptions &options, int64_t version, SnapshotRef previous,
          const Scheduler::OnPublish &early) {
        std::unique_lock<std::mutex> lock(m);
        analysing = true;
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        return analyzeText(text, uri, options, version, previous, early);
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
// A document's first analysis may publish early findings: they go out
// before the complete snapshot of the same version. Later analyses get no
// early hook (an early set would take back the warnings already shown),
// and an early snapshot of a text edited meanwhile is not published.
TEST(SchedulerTest, EarlyPublishOnlyForTheFirstAnalysisOfTheCurrentText) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  std::vector<std::string> events;
  std::vector<bool> hooks;
  bool editDuringSecond = false;
  Scheduler *self = nullptr;
  Scheduler scheduler(
      1,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version, SnapshotRef previous,
          const Scheduler::OnPublish &early) {
        {
          std::lock_guard<std::mutex> lock(m);
          hooks.push_back(static_cast<bool>(early));
        }
        if (early) {
          if (std::exchange(editDuringSecond, false))
            self->update(kUri, std::make_shared<const std::string>("newer"),
                         version + 1, AnalysisOptions(),
                         Scheduler::Clock::duration::zero());
          AnalysisResult partial;
          partial.sharedText = text;
          early(std::make_shared<const Snapshot>(std::move(partial), uri,
                                                 version));
        }
        return analyzeText(text, uri, options, version, previous, early);
      },
      [&](SnapshotRef snapshot) {
        std::lock_guard<std::mutex> lock(m);
        events.push_back(*snapshot->text().data() == 'n'
                             ? "newer " + std::to_string(snapshot->version())
                             : "v" + std::to_string(snapshot->version()));
        changed.notify_all();
      },
      nullptr, log);
  self = &scheduler;
  auto waitFor = [&](size_t count) {
    std::unique_lock<std::mutex> lock(m);
    ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(30),
                                 [&] { return events.size() >= count; }));
  };
  scheduler.update(kUri, std::make_shared<const std::string>("text"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  waitFor(2);
  scheduler.update(kUri, std::make_shared<const std::string>("text2"), 2,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  waitFor(3);
  {
    std::lock_guard<std::mutex> lock(m);
    EXPECT_EQ(events, (std::vector<std::string>{"v1", "v1", "v2"}));
    EXPECT_EQ(hooks, (std::vector<bool>{true, false}));
  }

  // A reopened document whose first analysis is edited while it runs:
  // neither its early nor its complete snapshot is published, and the
  // analysis of the newer text is still a first one.
  scheduler.remove(kUri);
  {
    std::lock_guard<std::mutex> lock(m);
    events.clear();
    editDuringSecond = true;
  }
  scheduler.update(kUri, std::make_shared<const std::string>("text"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  waitFor(2);
  std::lock_guard<std::mutex> lock(m);
  EXPECT_EQ(events, (std::vector<std::string>{"newer 2", "newer 2"}));
}

// While a document's first analysis runs, a query with a reach is answered
// from a snapshot of its reach, which later queries reaching the same text
// reuse; a query without one waits. Once the whole analysis is stored it
// answers every query. Where no reach snapshot can be made, the query
// waits for the whole analysis.
TEST(SchedulerTest, ReachQueriesAreAnsweredBeforeTheFirstAnalysisEnds) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  bool release = false;
  int reachAnalyses = 0;
  std::vector<SnapshotRef> answers;
  SnapshotRef reachMade;
  const char *kOther = "file:///b.mlir";
  Scheduler scheduler(
      1,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version, SnapshotRef previous,
          const Scheduler::OnPublish &early) {
        std::unique_lock<std::mutex> lock(m);
        changed.wait(lock, [&] { return release; });
        return analyzeText(text, uri, options, version, previous, early);
      },
      nullptr, nullptr, log,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version,
          SourceRange) -> SnapshotRef {
        std::lock_guard<std::mutex> lock(m);
        ++reachAnalyses;
        changed.notify_all();
        if (uri == kOther)
          return nullptr;
        reachMade = analyzeText(text, uri, options, version, nullptr, nullptr);
        return reachMade;
      });
  auto record = [&](SnapshotRef snapshot, QueryError error) {
    std::lock_guard<std::mutex> lock(m);
    EXPECT_EQ(error, QueryError::None);
    answers.push_back(snapshot);
    changed.notify_all();
  };
  auto waitFor = [&](size_t count) {
    std::unique_lock<std::mutex> lock(m);
    ASSERT_TRUE(changed.wait_for(lock, std::chrono::seconds(30),
                                 [&] { return answers.size() >= count; }));
  };
  Scheduler::Reach atStart = [](std::string_view, const LineIndex *) {
    return std::optional<SourceRange>(SourceRange{0, 0});
  };
  scheduler.update(kUri, std::make_shared<const std::string>("text"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  scheduler.withCurrent(kUri, record, atStart);
  waitFor(1);
  // Again: the same snapshot, made once. Without a reach: no answer yet.
  scheduler.withCurrent(kUri, record, atStart);
  scheduler.withCurrent(kUri, record);
  {
    std::lock_guard<std::mutex> lock(m);
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(answers[0], reachMade);
    EXPECT_EQ(answers[1], reachMade);
    EXPECT_EQ(reachAnalyses, 1);
    release = true;
    changed.notify_all();
  }
  waitFor(3);
  SnapshotRef whole = scheduler.latest(kUri);
  ASSERT_TRUE(whole);
  EXPECT_NE(whole, reachMade);
  scheduler.withCurrent(kUri, record, atStart);
  {
    std::lock_guard<std::mutex> lock(m);
    ASSERT_EQ(answers.size(), 4u);
    EXPECT_EQ(answers[2], whole);
    EXPECT_EQ(answers[3], whole);
    EXPECT_EQ(reachAnalyses, 1);
    release = false;
  }

  // No reach snapshot for this one: it waits for the whole analysis.
  scheduler.update(kOther, std::make_shared<const std::string>("other"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  scheduler.withCurrent(kOther, record, atStart);
  {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] { return reachAnalyses == 2; });
    EXPECT_EQ(answers.size(), 4u);
    release = true;
    changed.notify_all();
  }
  waitFor(5);
  std::lock_guard<std::mutex> lock(m);
  EXPECT_EQ(answers[4], scheduler.latest(kOther));
}

} // namespace

// A document's options (its `.bufferlens.json` lookup) are worked out on a
// worker: update() does not run them, and while one document's lookup is
// slow another document's edit is analysed and its queries answered.
TEST(SchedulerTest, OptionsAreResolvedOnAWorkerWithoutHoldingUpOthers) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  bool resolving = false, release = false, resolvedOnCaller = false;
  std::map<std::string, int64_t> publishedVersion;
  std::map<std::string, uint64_t> analysedLimit;
  std::thread::id caller = std::this_thread::get_id();
  Scheduler scheduler(
      2,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version, SnapshotRef previous,
          const Scheduler::OnPublish &early) {
        {
          std::lock_guard<std::mutex> lock(m);
          analysedLimit[uri] = options.promoteToStackLimit;
        }
        return analyzeText(text, uri, options, version, previous, early);
      },
      [&](SnapshotRef snapshot) {
        std::lock_guard<std::mutex> lock(m);
        publishedVersion[snapshot->uri()] = snapshot->version();
        changed.notify_all();
      },
      nullptr, log);
  const std::string other = "file:///other.mlir";
  auto published = [&](const std::string &uri, int64_t version) {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] {
      auto it = publishedVersion.find(uri);
      return it != publishedVersion.end() && it->second == version;
    });
  };
  scheduler.update(other, std::make_shared<const std::string>("b"), 1,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  published(other, 1);

  scheduler.update(
      kUri, std::make_shared<const std::string>("a"), 1,
      [&] {
        std::unique_lock<std::mutex> lock(m);
        if (std::this_thread::get_id() == caller) {
          resolvedOnCaller = true; // Would block the caller for ever.
        } else {
          resolving = true;
          changed.notify_all();
          changed.wait(lock, [&] { return release; });
        }
        AnalysisOptions options;
        options.promoteToStackLimit = 7;
        return options;
      },
      Scheduler::Clock::duration::zero());
  EXPECT_FALSE(resolvedOnCaller);
  {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] { return resolving; });
  }
  // The other document answers at once and its edit is analysed.
  bool answered = false;
  scheduler.withCurrent(other, [&](SnapshotRef snapshot, QueryError error) {
    answered = snapshot && error == QueryError::None;
  });
  EXPECT_TRUE(answered);
  scheduler.update(other, std::make_shared<const std::string>("b2"), 2,
                   AnalysisOptions(), Scheduler::Clock::duration::zero());
  published(other, 2);
  {
    std::lock_guard<std::mutex> lock(m);
    EXPECT_EQ(publishedVersion.count(kUri), 0u);
    release = true;
    changed.notify_all();
  }
  published(kUri, 1);
  std::lock_guard<std::mutex> lock(m);
  EXPECT_EQ(analysedLimit[kUri], 7u);
}

// An edit that comes while the options of the previous one are being
// worked out replaces them: the analysis runs under the newest options.
TEST(SchedulerTest, ANewerUpdatesOptionsReplaceThoseBeingResolved) {
  Logger log;
  std::mutex m;
  std::condition_variable changed;
  bool resolving = false, release = false;
  std::vector<std::pair<int64_t, uint64_t>> analysed; // version, limit
  int64_t lastPublished = 0;
  Scheduler scheduler(
      1,
      [&](const TextRef &text, const std::string &uri,
          const AnalysisOptions &options, int64_t version, SnapshotRef previous,
          const Scheduler::OnPublish &early) {
        {
          std::lock_guard<std::mutex> lock(m);
          analysed.emplace_back(version, options.promoteToStackLimit);
        }
        return analyzeText(text, uri, options, version, previous, early);
      },
      [&](SnapshotRef snapshot) {
        std::lock_guard<std::mutex> lock(m);
        lastPublished = snapshot->version();
        changed.notify_all();
      },
      nullptr, log);
  scheduler.update(
      kUri, std::make_shared<const std::string>("a"), 1,
      [&] {
        std::unique_lock<std::mutex> lock(m);
        resolving = true;
        changed.notify_all();
        changed.wait(lock, [&] { return release; });
        AnalysisOptions options;
        options.promoteToStackLimit = 1;
        return options;
      },
      Scheduler::Clock::duration::zero());
  {
    std::unique_lock<std::mutex> lock(m);
    changed.wait(lock, [&] { return resolving; });
  }
  scheduler.update(
      kUri, std::make_shared<const std::string>("a2"), 2,
      [] {
        AnalysisOptions options;
        options.promoteToStackLimit = 2;
        return options;
      },
      Scheduler::Clock::duration::zero());
  std::unique_lock<std::mutex> lock(m);
  release = true;
  changed.notify_all();
  changed.wait(lock, [&] { return lastPublished == 2; });
  EXPECT_EQ(analysed, (std::vector<std::pair<int64_t, uint64_t>>{{2, 2}}));
}

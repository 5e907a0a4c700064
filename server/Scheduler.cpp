//===- Scheduler.cpp ------------------------------------------------------===//

#include "server/Scheduler.h"
#include "ide/CrashIsolation.h"
#include "server/Logger.h"

#include <algorithm>

using namespace bufferlens;

// Whether an analysis under `a` may be reused under `b`.
static bool sameOptions(const AnalysisOptions &a, const AnalysisOptions &b) {
  return a.enabled == b.enabled && a.severity == b.severity &&
         a.stage == b.stage && a.promoteToStackLimit == b.promoteToStackLimit &&
         a.privateFunctionDynamicOwnership ==
             b.privateFunctionDynamicOwnership &&
         a.reportPassRejectionOfFrees == b.reportPassRejectionOfFrees &&
         a.oneShotBufferizeOptions == b.oneShotBufferizeOptions &&
         a.dialects == b.dialects &&
         a.functionBudget.maxOperations == b.functionBudget.maxOperations &&
         a.functionBudget.milliseconds == b.functionBudget.milliseconds &&
         a.functionBudget.megabytes == b.functionBudget.megabytes;
}

Scheduler::Scheduler(unsigned workers, Analyze analyze, OnPublish publish,
                     OnActivity activity, Logger &log,
                     AnalyzeReach analyzeReach)
    : analyze(std::move(analyze)), publish(std::move(publish)),
      activity(std::move(activity)), log(log),
      analyzeReach(std::move(analyzeReach)) {
  for (unsigned i = 0; i < std::max(1u, workers); ++i)
    threads.emplace_back([this] { workerLoop(); });
  if (this->analyzeReach)
    reachThread = std::thread([this] { reachLoop(); });
}

Scheduler::~Scheduler() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  reachWake.notify_all();
  for (std::thread &thread : threads)
    thread.join();
  if (reachThread.joinable())
    reachThread.join();
}

std::vector<Scheduler::Waiter> Scheduler::takeStaleWaiters(Document &doc) {
  std::vector<Waiter> stale;
  auto keep = std::stable_partition(
      doc.waiters.begin(), doc.waiters.end(),
      [&](const Waiter &w) { return w.textGeneration == doc.textGeneration; });
  std::move(keep, doc.waiters.end(), std::back_inserter(stale));
  doc.waiters.erase(keep, doc.waiters.end());
  return stale;
}

void Scheduler::update(const std::string &uri, TextRef text, int64_t version,
                       AnalysisOptions options, Clock::duration debounce) {
  update(
      uri, std::move(text), version,
      [options = std::move(options)] { return options; }, debounce);
}

void Scheduler::update(const std::string &uri, TextRef text, int64_t version,
                       ResolveOptions resolve, Clock::duration debounce) {
  std::vector<Waiter> stale;
  std::vector<ReachQuery> staleReach;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = documents.try_emplace(uri);
    Document &doc = it->second;
    if (inserted)
      doc.instance = ++counter;
    doc.text = std::move(text);
    doc.version = version;
    doc.textGeneration = ++counter;
    doc.generation = doc.textGeneration;
    // The options generation moves when the resolved options differ
    // (resolveOptions); a new document has none to reuse.
    if (inserted)
      doc.optionsGeneration = doc.generation;
    doc.resolve = std::move(resolve);
    doc.pending = true;
    doc.due = Clock::now() + debounce;
    doc.reachSnapshots.clear();
    stale = takeStaleWaiters(doc);
    // Every deferred reach query was asked of an older text.
    staleReach = std::move(doc.deferredReach);
    doc.deferredReach.clear();
  }
  wake.notify_all();
  for (Waiter &waiter : stale)
    waiter.callback(nullptr, QueryError::ContentModified);
  for (ReachQuery &query : staleReach)
    query.callback(nullptr, QueryError::ContentModified);
}

void Scheduler::reconfigure(const std::string &uri, AnalysisOptions options) {
  reconfigure(uri, [options = std::move(options)] { return options; });
}

void Scheduler::reconfigure(const std::string &uri, ResolveOptions resolve) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    it->second.resolve = std::move(resolve);
    it->second.reachSnapshots.clear(); // Made under the old options.
    it->second.generation = ++counter;
    // The settings changed: nothing analysed before is reused, even if
    // the options come out the same.
    it->second.optionsGeneration = it->second.generation;
    it->second.pending = true;
    it->second.due = Clock::now();
  }
  wake.notify_all();
}

void Scheduler::resolveOptions(std::unique_lock<std::mutex> &lock,
                               const std::string &uri, Document &doc) {
  ResolveOptions resolve = std::move(doc.resolve);
  doc.resolve = nullptr;
  doc.resolving = true;
  doc.running = true; // No other worker takes the document meanwhile.
  uint64_t instance = doc.instance;
  lock.unlock();
  AnalysisOptions options = resolve();
  resolve = nullptr;
  lock.lock();
  auto it = documents.find(uri);
  if (it == documents.end() || it->second.instance != instance)
    return; // Closed (or closed and reopened) meanwhile.
  Document &current = it->second;
  current.resolving = false;
  current.running = false;
  // A newer update's options are worked out next instead.
  if (current.resolve)
    return;
  if (!sameOptions(current.options, options))
    current.optionsGeneration = current.generation;
  current.options = std::move(options);
  for (ReachQuery &query : current.deferredReach)
    reachQueries.push_back(std::move(query));
  if (!current.deferredReach.empty())
    reachWake.notify_one();
  current.deferredReach.clear();
}

void Scheduler::flush(const std::string &uri) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end() || !it->second.pending)
      return;
    it->second.due = Clock::now();
  }
  wake.notify_all();
}

void Scheduler::remove(const std::string &uri) {
  std::vector<Waiter> waiters;
  std::vector<ReachQuery> deferred;
  {
    // A worker publishes under publishMutex after checking that the
    // document still holds its snapshot: taking it here first means that a
    // publish in progress ends before remove() returns, and none starts
    // after, so the caller's last word (an empty publishDiagnostics) is the
    // last one the client gets.
    std::lock_guard<std::mutex> publishing(publishMutex);
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end())
      return;
    waiters = std::move(it->second.waiters);
    deferred = std::move(it->second.deferredReach);
    documents.erase(it);
  }
  for (Waiter &waiter : waiters)
    waiter.callback(nullptr, QueryError::NotOpen);
  for (ReachQuery &query : deferred)
    query.callback(nullptr, QueryError::NotOpen);
}

std::vector<std::string> Scheduler::openDocuments() const {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<std::string> uris;
  for (const auto &entry : documents)
    uris.push_back(entry.first);
  return uris;
}

bool Scheduler::waitsForWholeAnalysis(const Document &doc) {
  return !doc.snapshot || doc.analysedGeneration < doc.optionsGeneration;
}

SnapshotRef Scheduler::reachSnapshotFor(const Document &doc,
                                        const Reach &reach) {
  for (auto it = doc.reachSnapshots.rbegin(); it != doc.reachSnapshots.rend();
       ++it) {
    std::optional<SourceRange> range = reach((*it)->text(), &(*it)->lines());
    if (!range)
      return nullptr;
    if ((*it)->answersFor(*range))
      return *it;
  }
  return nullptr;
}

void Scheduler::withCurrent(const std::string &uri, Callback callback,
                            Reach reach) {
  SnapshotRef ready;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = documents.find(uri);
    if (it == documents.end()) {
      ready = nullptr;
    } else {
      Document &doc = it->second;
      // A snapshot of the current text answers, even if a settings change
      // is being applied: the positions are the same.
      if (doc.snapshot && doc.analysedTextGeneration == doc.textGeneration) {
        ready = doc.snapshot;
      } else if (reach && analyzeReach && !optionsKnown(doc)) {
        doc.deferredReach.push_back({uri, doc.instance, doc.textGeneration,
                                     std::move(reach), std::move(callback)});
        return;
      } else if (reach && analyzeReach && waitsForWholeAnalysis(doc)) {
        ready = reachSnapshotFor(doc, reach);
        if (!ready) {
          reachQueries.push_back({uri, doc.instance, doc.textGeneration,
                                  std::move(reach), std::move(callback)});
          reachWake.notify_one();
          return;
        }
      } else {
        doc.waiters.push_back({doc.textGeneration, std::move(callback)});
        return;
      }
    }
  }
  callback(ready, ready ? QueryError::None : QueryError::NotOpen);
}

std::function<void()> Scheduler::answerOrWait(ReachQuery &query) {
  auto it = documents.find(query.uri);
  Callback callback = std::move(query.callback);
  if (it == documents.end() || it->second.instance != query.instance)
    return [callback] { callback(nullptr, QueryError::NotOpen); };
  Document &doc = it->second;
  if (doc.textGeneration != query.textGeneration)
    return [callback] { callback(nullptr, QueryError::ContentModified); };
  if (doc.snapshot && doc.analysedTextGeneration == doc.textGeneration)
    return [callback, snapshot = doc.snapshot] {
      callback(snapshot, QueryError::None);
    };
  doc.waiters.push_back({doc.textGeneration, std::move(callback)});
  return nullptr;
}

void Scheduler::reachLoop() {
  AlternateSignalStack altStack;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    reachWake.wait(lock, [&] { return stopping || !reachQueries.empty(); });
    if (stopping)
      return;
    ReachQuery query = std::move(reachQueries.front());
    reachQueries.pop_front();
    std::function<void()> reply;
    auto it = documents.find(query.uri);
    bool current = it != documents.end() &&
                   it->second.instance == query.instance &&
                   it->second.textGeneration == query.textGeneration;
    SnapshotRef ready;
    if (current && !optionsKnown(it->second)) {
      // Settings changed since it was asked: asked again once known.
      it->second.deferredReach.push_back(std::move(query));
      continue;
    }
    if (current && waitsForWholeAnalysis(it->second) &&
        !(ready = reachSnapshotFor(it->second, query.reach))) {
      // Analysed outside the lock: the document may change or go, and the
      // whole analysis may end, meanwhile.
      Document &doc = it->second;
      TextRef text = doc.text;
      AnalysisOptions options = doc.options;
      int64_t version = doc.version;
      lock.unlock();
      std::optional<SourceRange> range = query.reach(*text, nullptr);
      SnapshotRef made =
          range ? analyzeReach(text, query.uri, options, version, *range)
                : nullptr;
      if (made && !made->answersFor(*range))
        made = nullptr;
      lock.lock();
      it = documents.find(query.uri);
      if (made && it != documents.end() &&
          it->second.instance == query.instance &&
          it->second.textGeneration == query.textGeneration &&
          waitsForWholeAnalysis(it->second)) {
        std::vector<SnapshotRef> &kept = it->second.reachSnapshots;
        if (kept.size() == kMaxReachSnapshots)
          kept.erase(kept.begin());
        kept.push_back(made);
        ready = made;
      }
    }
    if (ready)
      reply = [callback = std::move(query.callback), ready] {
        callback(ready, QueryError::None);
      };
    else
      reply = answerOrWait(query);
    if (reply) {
      lock.unlock();
      reply();
      lock.lock();
    }
  }
}

SnapshotRef Scheduler::latest(const std::string &uri) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = documents.find(uri);
  return it == documents.end() ? nullptr : it->second.snapshot;
}

void Scheduler::workerLoop() {
  AlternateSignalStack altStack;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    if (stopping)
      return;
    // The ready document that has waited longest.
    Document *next = nullptr;
    std::string nextUri;
    Clock::time_point now = Clock::now();
    std::optional<Clock::time_point> earliest;
    for (auto &[uri, doc] : documents) {
      if (!doc.pending || doc.running)
        continue;
      if (doc.due <= now) {
        if (!next || doc.due < next->due) {
          next = &doc;
          nextUri = uri;
        }
      } else if (!earliest || doc.due < *earliest) {
        earliest = doc.due;
      }
    }
    if (!next) {
      if (earliest)
        wake.wait_until(lock, *earliest);
      else
        wake.wait(lock);
      continue;
    }

    Document &doc = *next;
    if (doc.resolve) {
      resolveOptions(lock, nextUri, doc);
      continue; // Analysed on the next turn, under the options found.
    }
    doc.running = true;
    doc.pending = false;
    uint64_t instance = doc.instance, generation = doc.generation,
             textGeneration = doc.textGeneration;
    TextRef text = doc.text;
    int64_t version = doc.version;
    AnalysisOptions options = doc.options;
    SnapshotRef previous =
        doc.snapshot && doc.analysedGeneration >= doc.optionsGeneration
            ? doc.snapshot
            : nullptr;
    OnPublish early;
    if (!doc.published && publish)
      early = [this, uri = nextUri, instance,
               generation](SnapshotRef snapshot) {
        std::lock_guard<std::mutex> publishing(publishMutex);
        {
          std::lock_guard<std::mutex> check(mutex);
          auto it = documents.find(uri);
          if (it == documents.end() || it->second.instance != instance ||
              it->second.generation != generation || it->second.published)
            return; // Closed, edited, or published meanwhile.
          it->second.published = true;
        }
        publish(snapshot);
      };
    lock.unlock();

    if (activity)
      activity(nextUri, true, text->size());
    SnapshotRef snapshot =
        analyze(text, nextUri, options, version, previous, early);
    previous.reset();
    if (activity)
      activity(nextUri, false, text->size());

    lock.lock();
    auto it = documents.find(nextUri);
    if (it == documents.end() || it->second.instance != instance)
      continue; // Closed (or closed and reopened) meanwhile.
    Document &current = it->second;
    current.running = false;
    if (generation < current.analysedGeneration)
      continue;
    current.snapshot = snapshot;
    current.analysedGeneration = generation;
    current.analysedTextGeneration = textGeneration;
    if (!waitsForWholeAnalysis(current))
      current.reachSnapshots.clear(); // The whole analysis answers now.
    bool latest = generation == current.generation;
    std::vector<Waiter> ready;
    auto split = std::stable_partition(
        current.waiters.begin(), current.waiters.end(),
        [&](const Waiter &w) { return w.textGeneration != textGeneration; });
    std::move(split, current.waiters.end(), std::back_inserter(ready));
    current.waiters.erase(split, current.waiters.end());
    wake.notify_all(); // The document may have a newer edit waiting.
    lock.unlock();
    for (Waiter &waiter : ready)
      waiter.callback(snapshot, QueryError::None);
    if (latest && publish) {
      // Another worker may have stored a newer snapshot meanwhile: publish
      // only what is still the document's latest, one at a time.
      std::lock_guard<std::mutex> publishing(publishMutex);
      bool stillLatest;
      {
        std::lock_guard<std::mutex> check(mutex);
        auto again = documents.find(nextUri);
        stillLatest =
            again != documents.end() && again->second.snapshot == snapshot;
        if (stillLatest)
          again->second.published = true;
      }
      if (stillLatest)
        publish(snapshot);
    }
    lock.lock();
  }
}

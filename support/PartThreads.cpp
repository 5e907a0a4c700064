//===- PartThreads.cpp ----------------------------------------------------===//

#include "support/PartThreads.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace bufferlens;

namespace {
/// One call of runOnPartThreads: whoever joins takes task indices until
/// none are left. Shared, so a thread that picks it up late (after the
/// caller returned) finds nothing left to take and touches nothing freed.
struct Job {
  std::function<void(size_t)> task;
  size_t count = 0;
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable finished;
  size_t helping = 0; ///< Threads other than the caller inside work().

  void work() {
    for (size_t i; (i = next.fetch_add(1)) < count;)
      task(i);
  }
};

class Threads {
public:
  void run(size_t count, const std::function<void(size_t)> &task) {
    auto job = std::make_shared<Job>();
    job->task = task;
    job->count = count;
    size_t helpers = count - 1;
    {
      std::lock_guard<std::mutex> lock(mutex);
      // Enough threads for this call; if the system has no more, those
      // there are (and the caller) do the work. Nor may a failure to queue
      // (std::bad_alloc) escape once one helper is queued: this frame,
      // which `task` refers to, would be gone while it runs. The caller
      // takes whatever the queued helpers do not.
      while (threads.size() < helpers) {
        try {
          threads.emplace_back([this] { loop(); });
        } catch (...) {
          break;
        }
      }
      for (size_t i = 0; i < helpers; ++i) {
        try {
          queue.push_back(job);
        } catch (...) {
          break;
        }
      }
    }
    wake.notify_all();
    job->work();
    // Every index is taken; wait for the helpers still running theirs.
    std::unique_lock<std::mutex> lock(job->mutex);
    job->finished.wait(lock, [&] { return job->helping == 0; });
  }

private:
  void loop() {
    while (true) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [&] { return !queue.empty(); });
        job = std::move(queue.front());
        queue.pop_front();
      }
      {
        std::lock_guard<std::mutex> lock(job->mutex);
        if (job->next.load() >= job->count)
          continue; // Nothing left: the caller may be gone already.
        ++job->helping;
      }
      job->work();
      std::lock_guard<std::mutex> lock(job->mutex);
      if (--job->helping == 0)
        job->finished.notify_all();
    }
  }

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::shared_ptr<Job>> queue;
  std::vector<std::thread> threads;
};
} // namespace

void bufferlens::runOnPartThreads(size_t count,
                                  const std::function<void(size_t)> &task) {
  if (count == 0)
    return;
  // Never destroyed: its threads wait for work until the process exits.
  static Threads *threads = new Threads();
  threads->run(count, task);
}

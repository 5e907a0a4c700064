//===- QueryWorker.h - One thread for queries that analyse again ----------===//
//
// Most queries only read a snapshot and are answered on whichever thread
// has it (Scheduler::withCurrent), often the one reading the client's
// messages. A query that analyses part of a document again (the tensor
// view's quick fixes, LateTensorFixes.h) would hold up every other request
// there for the length of an analysis; it runs here instead, in the order
// the queries came. The thread has an alternate signal stack, so that the
// analysis's crash recovery works as on the Scheduler's workers.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_QUERYWORKER_H
#define BUFFERLENS_SERVER_QUERYWORKER_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace bufferlens {

class QueryWorker {
public:
  /// Runs on the worker; `stopping` is true for jobs still waiting when the
  /// worker stops, which should then only answer that they were not done.
  using Job = std::function<void(bool stopping)>;

  QueryWorker();
  /// Runs the job in progress to its end, then every waiting job with
  /// `stopping` set.
  ~QueryWorker();
  QueryWorker(const QueryWorker &) = delete;
  QueryWorker &operator=(const QueryWorker &) = delete;

  /// Queues `job`; returns at once.
  void post(Job job);

private:
  void run();

  std::mutex mutex;
  std::condition_variable wake;
  std::deque<Job> jobs;
  bool stopping = false;
  std::thread worker;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_QUERYWORKER_H

//===- QueryWorker.cpp ----------------------------------------------------===//

#include "server/QueryWorker.h"
#include "ide/CrashIsolation.h"

using namespace bufferlens;

QueryWorker::QueryWorker() {
  worker = std::thread([this] { run(); });
}

QueryWorker::~QueryWorker() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  worker.join();
  for (Job &job : jobs)
    job(true);
}

void QueryWorker::post(Job job) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    jobs.push_back(std::move(job));
  }
  wake.notify_one();
}

void QueryWorker::run() {
  AlternateSignalStack stack;
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    wake.wait(lock, [this] { return stopping || !jobs.empty(); });
    if (stopping)
      return;
    Job job = std::move(jobs.front());
    jobs.pop_front();
    lock.unlock();
    job(false);
    lock.lock();
  }
}

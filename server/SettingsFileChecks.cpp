//===- SettingsFileChecks.cpp ---------------------------------------------===//

#include "server/SettingsFileChecks.h"

#include <algorithm>

using namespace bufferlens;

SettingsFileChecks::SettingsFileChecks(Compute compute, Publish publish)
    : compute(std::move(compute)), publish(std::move(publish)) {
  worker = std::thread([this] { run(); });
}

SettingsFileChecks::~SettingsFileChecks() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  worker.join();
}

void SettingsFileChecks::check(const std::string &uri, TextRef text,
                               int64_t version) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    uint64_t generation = ++nextGeneration;
    latest[uri] = generation;
    pending[uri] = {std::move(text), version, generation};
  }
  wake.notify_one();
}

void SettingsFileChecks::close(const std::string &uri) {
  std::lock_guard<std::mutex> lock(mutex);
  latest.erase(uri);
  pending.erase(uri);
}

void SettingsFileChecks::run() {
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    wake.wait(lock, [this] { return stopping || !pending.empty(); });
    if (stopping)
      return;
    // The oldest request first, so a file edited without pause does not
    // hold back the others.
    auto first = std::min_element(
        pending.begin(), pending.end(), [](const auto &a, const auto &b) {
          return a.second.generation < b.second.generation;
        });
    std::string uri = first->first;
    Job job = std::move(first->second);
    pending.erase(first);
    lock.unlock();
    nlohmann::json diagnostics = compute(uri, *job.text);
    lock.lock();
    auto current = latest.find(uri);
    if (!stopping && current != latest.end() &&
        current->second == job.generation)
      publish(uri, job.version, std::move(diagnostics));
  }
}

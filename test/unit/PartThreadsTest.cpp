//===- PartThreadsTest.cpp - Running a document's parts at once -----------===//

#include "support/PartThreads.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

using namespace bufferlens;

TEST(PartThreadsTest, EveryTaskRunsOnce) {
  for (size_t count : {1u, 2u, 7u, 64u}) {
    std::vector<std::atomic<int>> runs(count);
    runOnPartThreads(count, [&](size_t i) { ++runs[i]; });
    for (size_t i = 0; i < count; ++i)
      EXPECT_EQ(runs[i].load(), 1) << i << " of " << count;
  }
}

TEST(PartThreadsTest, OneTaskRunsOnTheCaller) {
  std::thread::id ranOn;
  runOnPartThreads(1, [&](size_t) { ranOn = std::this_thread::get_id(); });
  EXPECT_EQ(ranOn, std::this_thread::get_id());
}

TEST(PartThreadsTest, CallersAtOnceShareTheThreads) {
  // Documents analysed on several workers at once: each call still runs
  // all of its own tasks and only those.
  std::vector<std::thread> callers;
  std::vector<std::vector<std::atomic<int>>> runs(6);
  for (auto &r : runs)
    r = std::vector<std::atomic<int>>(20);
  for (size_t c = 0; c < runs.size(); ++c)
    callers.emplace_back([&, c] {
      for (int round = 0; round < 10; ++round)
        runOnPartThreads(20, [&](size_t i) { ++runs[c][i]; });
    });
  for (std::thread &t : callers)
    t.join();
  for (size_t c = 0; c < runs.size(); ++c)
    for (size_t i = 0; i < 20; ++i)
      EXPECT_EQ(runs[c][i].load(), 10) << "caller " << c << " task " << i;
}

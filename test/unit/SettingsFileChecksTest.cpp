//===- SettingsFileChecksTest.cpp - Settings files checked off-thread -----===//

#include "server/SettingsFileChecks.h"

#include <gtest/gtest.h>

#include <future>
#include <vector>

using namespace bufferlens;

namespace {

/// A check that waits until the test lets it finish, so the test decides
/// what happens while it runs.
struct Gate {
  std::promise<void> entered, release;
  std::shared_future<void> released = release.get_future().share();
};

struct Published {
  std::mutex mutex;
  std::vector<std::pair<std::string, int64_t>> calls;
  std::condition_variable changed;
  void add(const std::string &uri, int64_t version) {
    std::lock_guard<std::mutex> lock(mutex);
    calls.emplace_back(uri, version);
    changed.notify_all();
  }
  void waitFor(size_t count) {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return calls.size() >= count; });
  }
  std::vector<std::pair<std::string, int64_t>> get() {
    std::lock_guard<std::mutex> lock(mutex);
    return calls;
  }
};

TextRef text(const std::string &s) {
  return std::make_shared<const std::string>(s);
}

/// A check that holds at `gate` for a text starting with "slow", and
/// records each publish in `published`.
SettingsFileChecks gatedChecks(Gate &gate, Published &published) {
  return SettingsFileChecks(
      [&gate](const std::string &uri, const std::string &body) {
        if (body.rfind("slow", 0) == 0) {
          gate.entered.set_value();
          gate.released.wait();
        }
        return nlohmann::json::array({uri + ":" + body});
      },
      [&published](const std::string &uri, int64_t version, nlohmann::json) {
        published.add(uri, version);
      });
}

// check() returns while the check runs: the reading thread goes on.
TEST(SettingsFileChecksTest, CheckReturnsBeforeTheCheckEnds) {
  Gate gate;
  Published published;
  SettingsFileChecks checks = gatedChecks(gate, published);
  checks.check("a", text("slow"), 1);
  gate.entered.get_future().wait();     // The worker is inside the check...
  EXPECT_TRUE(published.get().empty()); // ...and this thread is not.
  gate.release.set_value();
  published.waitFor(1);
  EXPECT_EQ(published.get(),
            (std::vector<std::pair<std::string, int64_t>>{{"a", 1}}));
}

// A check of a text the file no longer has publishes nothing; the latest
// text's does. A check of a file closed while it ran publishes nothing.
TEST(SettingsFileChecksTest, StaleAndClosedChecksPublishNothing) {
  Gate gate;
  Published published;
  SettingsFileChecks checks = gatedChecks(gate, published);
  checks.check("a", text("slow"), 1);
  gate.entered.get_future().wait();
  checks.check("a", text("v2"), 2); // Supersedes version 1 while it runs.
  checks.check("b", text("slow2"), 7);
  checks.close("b"); // Closed before its check began: never checked.
  gate.release.set_value();
  checks.check("c", text("c1"), 1);
  published.waitFor(2);
  // Let the worker drain: a last check whose publish marks the end.
  checks.check("end", text("end"), 1);
  published.waitFor(3);
  EXPECT_EQ(published.get(), (std::vector<std::pair<std::string, int64_t>>{
                                 {"a", 2}, {"c", 1}, {"end", 1}}));
}

TEST(SettingsFileChecksTest, AFileClosedWhileItsCheckRunsGetsNothing) {
  Gate gate;
  Published published;
  SettingsFileChecks checks = gatedChecks(gate, published);
  checks.check("a", text("slow"), 1);
  gate.entered.get_future().wait();
  checks.close("a");
  gate.release.set_value();
  checks.check("end", text("end"), 1);
  published.waitFor(1);
  EXPECT_EQ(published.get(),
            (std::vector<std::pair<std::string, int64_t>>{{"end", 1}}));
}

} // namespace

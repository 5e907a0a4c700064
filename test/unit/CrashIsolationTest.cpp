//===- CrashIsolationTest.cpp ---------------------------------------------===//

#include "ide/CrashIsolation.h"

#include <gtest/gtest.h>

#include <csignal>
#include <memory>
#include <string>
#include <thread>

using namespace bufferlens;

namespace {

// A crash recovered on a worker thread (with its alternate signal stack, as
// the scheduler's workers have) leaves the thread usable: it allocates and
// recovers from a second crash. Under ThreadSanitizer this also checks that
// the jump out of the signal handler is seen (an unseen one leaves TSan
// believing the thread is still inside the handler: every later allocation
// is then reported as a signal-unsafe call).
TEST(CrashIsolationTest, ThreadIsUsableAfterARecoveredCrash) {
  enableCrashRecovery();
  std::thread worker([] {
    AlternateSignalStack altStack;
    for (int round = 0; round < 2; ++round) {
      int retCode = 0;
      bool ok = runIsolated([] { std::raise(SIGSEGV); }, retCode);
      EXPECT_FALSE(ok);
      EXPECT_EQ(describeCrash(retCode), "segmentation fault");
      auto text = std::make_unique<std::string>(4096, 'x');
      EXPECT_EQ(text->size(), 4096u);
    }
    int retCode = 0;
    EXPECT_TRUE(runIsolated([] {}, retCode));
  });
  worker.join();
}

} // namespace

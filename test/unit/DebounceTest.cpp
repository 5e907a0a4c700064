//===- DebounceTest.cpp - When an edit is analysed ------------------------===//

#include "server/Debounce.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using std::chrono::milliseconds;

namespace {
const DebouncePolicy::Clock::time_point t0{};

TEST(DebounceTest, WindowIsTheLastAnalysisWhenShorter) {
  DebouncePolicy policy{milliseconds(50), /*adaptive=*/true};
  EXPECT_EQ(policy.window(std::nullopt), milliseconds(50));
  EXPECT_EQ(policy.window(milliseconds(7)), milliseconds(7));
  EXPECT_EQ(policy.window(milliseconds(400)), milliseconds(50));
}

TEST(DebounceTest, FixedWindowIgnoresTheLastAnalysis) {
  DebouncePolicy policy{milliseconds(50), /*adaptive=*/false};
  EXPECT_EQ(policy.window(milliseconds(7)), milliseconds(50));
}

TEST(DebounceTest, EditAfterAQuietSpellIsAnalysedAtOnce) {
  DebouncePolicy policy{milliseconds(50), /*adaptive=*/true};
  // 30 ms after the previous edit, the last analysis took 20 ms.
  EXPECT_EQ(policy.delay(t0 + milliseconds(30), t0, milliseconds(20)),
            milliseconds(0));
  // Exactly one window later counts as quiet.
  EXPECT_EQ(policy.delay(t0 + milliseconds(50), t0, std::nullopt),
            milliseconds(0));
}

TEST(DebounceTest, EditWithinABurstWaitsTheWindow) {
  DebouncePolicy policy{milliseconds(50), /*adaptive=*/true};
  EXPECT_EQ(policy.delay(t0 + milliseconds(10), t0, milliseconds(20)),
            milliseconds(20));
  EXPECT_EQ(policy.delay(t0 + milliseconds(49), t0, std::nullopt),
            milliseconds(50));
  DebouncePolicy fixed{milliseconds(3600000), /*adaptive=*/false};
  EXPECT_EQ(fixed.delay(t0 + milliseconds(5000), t0, milliseconds(3)),
            milliseconds(3600000));
}

TEST(DebounceTest, ZeroWindowNeverWaits) {
  DebouncePolicy policy{milliseconds(0), /*adaptive=*/true};
  EXPECT_EQ(policy.delay(t0, t0, milliseconds(20)), milliseconds(0));
}
} // namespace

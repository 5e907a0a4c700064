//===- Debounce.cpp -------------------------------------------------------===//

#include "server/Debounce.h"

#include <algorithm>

using namespace bufferlens;
using std::chrono::milliseconds;

milliseconds
DebouncePolicy::window(std::optional<milliseconds> lastAnalysis) const {
  if (adaptive && lastAnalysis)
    return std::min(max, *lastAnalysis);
  return max;
}

milliseconds
DebouncePolicy::delay(Clock::time_point now, Clock::time_point previousEdit,
                      std::optional<milliseconds> lastAnalysis) const {
  milliseconds wait = window(lastAnalysis);
  // A quiet spell as long as the window: this edit starts a burst.
  if (now - previousEdit >= wait)
    return milliseconds(0);
  return wait;
}

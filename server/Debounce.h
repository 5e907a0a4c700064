//===- Debounce.h - How long an edit waits before it is analysed ----------===//
//
// Edits come in bursts (one didChange per keystroke). Waiting a little
// before analysing lets a burst cost one analysis instead of one per
// keystroke; waiting when no burst is under way only delays the answer.
// So, as a debounce with a leading edge:
// - an edit that comes after a quiet spell (no edit of the document for a
//   whole window) is analysed at once;
// - an edit that comes within the window of the previous one waits the
//   window, and a newer edit supersedes it.
// The window is `debounceMs`, or, adaptively (as clangd's DebouncePolicy
// does), as long as the document's last analysis took when that is
// shorter: a wait longer than the work it might save is not worth it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_DEBOUNCE_H
#define BUFFERLENS_SERVER_DEBOUNCE_H

#include <chrono>
#include <optional>

namespace bufferlens {

struct DebouncePolicy {
  using Clock = std::chrono::steady_clock;

  /// The longest an edit waits.
  std::chrono::milliseconds max{50};
  /// Shorten the window to the last analysis' duration.
  bool adaptive = true;

  /// The window for a document whose last analysis took `lastAnalysis`
  /// (unknown before its first analysis ends).
  std::chrono::milliseconds
  window(std::optional<std::chrono::milliseconds> lastAnalysis) const;

  /// How long an edit arriving at `now` waits; `previousEdit` is when the
  /// document was last edited or opened.
  std::chrono::milliseconds
  delay(Clock::time_point now, Clock::time_point previousEdit,
        std::optional<std::chrono::milliseconds> lastAnalysis) const;
};

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_DEBOUNCE_H

//===- Framing.h - JSON-RPC `Content-Length` frames -----------------------===//
//
// LSP's base protocol wraps each JSON message in HTTP-like headers. The
// parser is fed raw bytes as they arrive and hands back complete bodies or
// the reason a frame was dropped. It never throws and never buffers more
// than the configured cap: an oversized body is skipped as it streams by,
// but for its first kOversizedPeekBytes (where a request's `id` usually
// is), which come with the Oversized event.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_FRAMING_H
#define BUFFERLENS_SERVER_FRAMING_H

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace bufferlens {

struct FrameEvent {
  enum Kind {
    Message,   ///< `body` holds one complete message.
    BadHeader, ///< A header block without a usable Content-Length.
    Oversized, ///< The body exceeds the cap; it is being skipped.
  };
  Kind kind;
  std::string body;   ///< For Message; for Oversized, the body's start.
  std::string detail; ///< For the errors: what was wrong.
};

class FrameParser {
public:
  explicit FrameParser(size_t maxMessageBytes)
      : maxMessageBytes(maxMessageBytes) {}

  /// Consumes `bytes`; complete frames and errors are queued in order.
  void feed(std::string_view bytes);
  bool hasEvent() const { return !events.empty(); }
  FrameEvent nextEvent();

  /// Headers longer than this without a blank line are garbage.
  static constexpr size_t kMaxHeaderBytes = 8192;
  /// How much of an oversized body is kept to find its `id`.
  static constexpr size_t kOversizedPeekBytes = 4096;

private:
  void parseBuffered();
  /// Drops bytes up to the next plausible header start.
  void resync(size_t from);

  size_t maxMessageBytes;
  std::string buffer;
  /// Body bytes still expected for the current frame (when in a body).
  size_t bodyRemaining = 0;
  bool inBody = false;
  bool skippingBody = false;
  /// Oversized body bytes still to keep before its event is queued.
  size_t peekRemaining = 0;
  std::string oversizedDetail;
  std::deque<FrameEvent> events;
};

/// `Content-Length: N\r\n\r\n` + body.
std::string frameMessage(std::string_view body);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_FRAMING_H

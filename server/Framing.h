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
  /// Spare capacity after each message body: the JSON parser reads up to
  /// 64 bytes past the end of its input (MessageJson.cpp), and parses a
  /// body with this much room where it is instead of copying it.
  static constexpr size_t kBodySlack = 64;

private:
  /// Parses the header block at the start of `text`, queueing its event
  /// or entering its body. Returns how many bytes of `text` it used: 0 when
  /// the block is not complete yet (and not too long to ever be), so that
  /// no byte is looked at more than a bounded number of times.
  size_t parseHeaderBlock(std::string_view text, size_t searchFrom);
  /// Consumes body bytes (kept, peeked or skipped); returns how many.
  size_t consumeBody(std::string_view bytes);

  size_t maxMessageBytes;
  /// An incomplete header block (at most kMaxHeaderBytes + 4 bytes): bytes
  /// of a feed are parsed where they are, only a block cut by the end of a
  /// feed is kept here until the next.
  std::string pending;
  /// Where the search for the blank line in `pending` resumes.
  size_t pendingSearched = 0;
  /// The current body (or an oversized body's start).
  std::string body;
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
/// That header alone: a transport writes it and then the body, so a large
/// body (a publishDiagnostics of megabytes) is not copied to be framed.
std::string frameHeader(size_t bodyBytes);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_FRAMING_H

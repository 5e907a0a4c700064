//===- FramingTest.cpp - Content-Length frames, good and bad --------------===//

#include "server/Framing.h"

#include <gtest/gtest.h>

using namespace bufferlens;

static std::vector<FrameEvent>
feedAll(FrameParser &parser, std::string_view bytes, size_t chunk = 0) {
  if (chunk == 0)
    parser.feed(bytes);
  else
    for (size_t i = 0; i < bytes.size(); i += chunk)
      parser.feed(bytes.substr(i, chunk));
  std::vector<FrameEvent> events;
  while (parser.hasEvent())
    events.push_back(parser.nextEvent());
  return events;
}

TEST(FramingTest, SplitsFramesWhateverTheChunking) {
  std::string stream = frameMessage("{\"a\":1}") +
                       "Content-Type: application/vscode-jsonrpc\r\n"
                       "content-length:  2 \r\n\r\n[]" +
                       frameMessage("{}");
  for (size_t chunk : {0, 1, 3, 7}) {
    FrameParser parser(1024);
    std::vector<FrameEvent> events = feedAll(parser, stream, chunk);
    ASSERT_EQ(events.size(), 3u) << chunk;
    EXPECT_EQ(events[0].body, "{\"a\":1}");
    EXPECT_EQ(events[1].body, "[]");
    EXPECT_EQ(events[2].body, "{}");
    for (const FrameEvent &e : events)
      EXPECT_EQ(e.kind, FrameEvent::Message);
  }
}

TEST(FramingTest, MissingOrInvalidLengthIsDroppedAndParsingResumes) {
  FrameParser parser(1024);
  std::vector<FrameEvent> events =
      feedAll(parser, "Content-Type: x\r\n\r\nContent-Length: 1x\r\n\r\n" +
                          frameMessage("{}"));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, FrameEvent::BadHeader);
  EXPECT_EQ(events[0].detail, "missing Content-Length header");
  EXPECT_EQ(events[1].kind, FrameEvent::BadHeader);
  EXPECT_EQ(events[1].detail, "invalid Content-Length '1x'");
  EXPECT_EQ(events[2].body, "{}");
}

TEST(FramingTest, ShortLengthResynchronisesOnTheNextHeader) {
  FrameParser parser(1024);
  // The first frame claims 3 bytes of a 7-byte body; the leftover "1}}" is
  // garbage in front of the next header.
  std::vector<FrameEvent> events = feedAll(
      parser, "Content-Length: 3\r\n\r\n{\"a\":1}" + frameMessage("[1]"));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].body, "{\"a");
  EXPECT_EQ(events[1].kind, FrameEvent::BadHeader);
  EXPECT_EQ(events[2].body, "[1]");
}

TEST(FramingTest, OversizedBodiesAreSkippedNotBuffered) {
  FrameParser parser(4);
  std::vector<FrameEvent> events =
      feedAll(parser, frameMessage("0123456789") + frameMessage("[]"), 2);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].kind, FrameEvent::Oversized);
  EXPECT_EQ(events[0].detail,
            "message of 10 bytes exceeds the limit of 4 bytes");
  EXPECT_EQ(events[1].body, "[]");
}

TEST(FramingTest, OversizedBodyStartComesWithTheEvent) {
  // Whatever the chunking: the first kOversizedPeekBytes of the body, and
  // the next frame intact.
  std::string body = "{\"id\":7," + std::string(10000, ' ') + "}";
  for (size_t chunk : {0, 1, 100, 5000}) {
    FrameParser parser(64);
    std::vector<FrameEvent> events =
        feedAll(parser, frameMessage(body) + frameMessage("[]"), chunk);
    ASSERT_EQ(events.size(), 2u) << chunk;
    EXPECT_EQ(events[0].kind, FrameEvent::Oversized);
    EXPECT_EQ(events[0].body, body.substr(0, FrameParser::kOversizedPeekBytes));
    EXPECT_EQ(events[1].body, "[]");
  }
}

TEST(FramingTest, EndlessHeaderIsCutOff) {
  FrameParser parser(1024);
  std::vector<FrameEvent> events =
      feedAll(parser, std::string(FrameParser::kMaxHeaderBytes + 10, 'x'));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, FrameEvent::BadHeader);
  // And the parser still works afterwards.
  events = feedAll(parser, frameMessage("{}"));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].body, "{}");
}

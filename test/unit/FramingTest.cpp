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

TEST(FramingTest, ManyFramesInOneReadComeOutInOrder) {
  // One read holding 20,000 frames of varying size, the header of one more
  // cut at its end: each frame is taken where it lies (the parser used to
  // copy the rest of the read and recurse once per frame: quadratic time,
  // and a stack as deep as the frames were many).
  std::string stream;
  std::vector<std::string> bodies;
  for (int i = 0; i < 20000; ++i) {
    bodies.push_back("{\"id\":" + std::to_string(i) + "}");
    stream += frameMessage(bodies.back());
  }
  std::string last = frameMessage("[]");
  stream += last.substr(0, 10);
  FrameParser parser(1024);
  std::vector<FrameEvent> events = feedAll(parser, stream);
  ASSERT_EQ(events.size(), bodies.size());
  for (size_t i = 0; i < bodies.size(); ++i) {
    ASSERT_EQ(events[i].kind, FrameEvent::Message) << i;
    ASSERT_EQ(events[i].body, bodies[i]) << i;
  }
  events = feedAll(parser, last.substr(10));
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].body, "[]");
}

TEST(FramingTest, HeaderCutAnywhereAcrossReads) {
  // A header block and body split at every byte boundary into two reads,
  // with garbage and a bad block before it.
  std::string good = frameMessage("{\"a\":[1,2]}");
  std::string stream = "xx\r\n\r\nContent-Length: 1x\r\n\r\n" + good;
  for (size_t cut = 0; cut <= stream.size(); ++cut) {
    FrameParser parser(1024);
    parser.feed(std::string_view(stream).substr(0, cut));
    parser.feed(std::string_view(stream).substr(cut));
    std::vector<FrameEvent> events;
    while (parser.hasEvent())
      events.push_back(parser.nextEvent());
    ASSERT_EQ(events.size(), 3u) << cut;
    EXPECT_EQ(events[0].kind, FrameEvent::BadHeader) << cut;
    EXPECT_EQ(events[0].detail, "malformed header line") << cut;
    EXPECT_EQ(events[1].detail, "invalid Content-Length '1x'") << cut;
    EXPECT_EQ(events[2].body, "{\"a\":[1,2]}") << cut;
  }
}

TEST(FramingTest, LongGarbageBeforeAFrameInOneRead) {
  // Garbage longer than a header may be, then a frame, in one read: one
  // error, the frame intact.
  std::string stream =
      std::string(3 * FrameParser::kMaxHeaderBytes, 'x') + frameMessage("{}");
  for (size_t chunk : {0, 1000, 8197}) {
    FrameParser parser(1024);
    std::vector<FrameEvent> events = feedAll(parser, stream, chunk);
    ASSERT_GE(events.size(), 2u) << chunk;
    for (size_t i = 0; i + 1 < events.size(); ++i)
      EXPECT_EQ(events[i].kind, FrameEvent::BadHeader) << chunk;
    EXPECT_EQ(events.back().body, "{}") << chunk;
  }
}

//===- MessageJsonTest.cpp - Depth-bounded parsing and id peeking ---------===//

#include "server/MessageJson.h"

#include "server/Framing.h"

#include <gtest/gtest.h>

using namespace bufferlens;
using json = nlohmann::json;

static std::string nested(int levels) {
  // A message object around `levels - 1` nested arrays.
  return "{\"id\":1,\"params\":" + std::string(levels - 1, '[') +
         std::string(levels - 1, ']') + "}";
}

TEST(MessageJsonTest, DepthIsBoundedAtParseTime) {
  ParsedMessage ok = parseMessage(nested(4), 4);
  EXPECT_EQ(ok.status, ParsedMessage::Ok);
  EXPECT_EQ(ok.value, json::parse(nested(4)));

  ParsedMessage deep = parseMessage(nested(5), 4);
  EXPECT_EQ(deep.status, ParsedMessage::TooDeep);
  // The rest of the message survives; the container past the bound is
  // left out.
  EXPECT_EQ(deep.value, json::parse(R"({"id":1,"params":[[[]]]})"));
}

TEST(MessageJsonTest, VeryDeepInputNeitherRecursesNorKeepsTheDeepPart) {
  std::string body = "{\"params\":" + std::string(1000000, '[') +
                     std::string(1000000, ']') + ",\"id\":\"late\"}";
  ParsedMessage deep = parseMessage(body);
  EXPECT_EQ(deep.status, ParsedMessage::TooDeep);
  EXPECT_EQ(deep.value["id"], "late");
  // Unbalanced: not JSON, and no recursion either.
  EXPECT_EQ(parseMessage(std::string(1000000, '{')).status,
            ParsedMessage::NotJson);
}

TEST(MessageJsonTest, NotJson) {
  ParsedMessage bad = parseMessage("{\"id\": 1,");
  EXPECT_EQ(bad.status, ParsedMessage::NotJson);
  EXPECT_TRUE(bad.value.is_null());
}

TEST(MessageJsonTest, PeeksTheTopLevelIdOfAPrefix) {
  EXPECT_EQ(peekMessageId("{\"jsonrpc\":\"2.0\",\"id\":42,\"params\":{\"te"),
            json(42));
  EXPECT_EQ(peekMessageId("{\"id\":\"a\\\"b\",\"params\":[[[["), json("a\"b"));
  // Not the id of a nested object; not a complete value; not an id's type.
  EXPECT_TRUE(peekMessageId("{\"params\":{\"id\":3},\"x\":").is_null());
  EXPECT_TRUE(peekMessageId("{\"params\":{\"id\":3}}").is_null());
  EXPECT_TRUE(peekMessageId("{\"id\":\"unterminat").is_null());
  EXPECT_TRUE(peekMessageId("{\"id\":[1],\"method\":\"m\"}").is_null());
  EXPECT_TRUE(peekMessageId("{\"id\":1.5}").is_null());
  EXPECT_TRUE(peekMessageId("[{\"id\":1}]").is_null());
  EXPECT_TRUE(peekMessageId("").is_null());
  // A number the prefix may have cut is not trusted.
  EXPECT_TRUE(peekMessageId("{\"id\":4").is_null());
  EXPECT_EQ(peekMessageId("{\"id\":42,"), json(42));
  // An id after a deep member is still found, without recursion.
  EXPECT_EQ(peekMessageId("{\"params\":" + std::string(100000, '[') +
                          std::string(100000, ']') + ",\"id\":9}"),
            json(9));
}

// Well-formed messages take the fast parser; what it builds must be what
// nlohmann's parser builds, value and type, for every kind of value.
TEST(MessageJsonTest, FastParseBuildsWhatNlohmannBuilds) {
  std::string body =
      R"({"jsonrpc":"2.0","id":7,"method":"textDocument/didOpen",)"
      R"("params":{"textDocument":{"uri":"file:///a%20b.mlir","version":-3,)"
      R"("text":"func.func @f() {\n  \"x\\\" \u00e9 \ud83d\ude00\treturn\n}"},)"
      R"("big":18446744073709551615,"neg":-9223372036854775808,)"
      R"("real":1.5e-3,"whole":2.0,"flags":[true,false,null,[],{}],)"
      R"("twice":1,"twice":2}})";
  ParsedMessage fast = parseMessage(body);
  ASSERT_EQ(fast.status, ParsedMessage::Ok);
  EXPECT_TRUE(fast.fast);
  json expected = json::parse(body);
  EXPECT_EQ(fast.value, expected);
  EXPECT_EQ(fast.value.dump(), expected.dump());
  const json &params = fast.value["params"];
  EXPECT_EQ(params["twice"], 2);
  EXPECT_TRUE(fast.value["id"].is_number_unsigned());
  EXPECT_TRUE(params["textDocument"]["version"].is_number_integer());
  EXPECT_TRUE(params["whole"].is_number_float());
  EXPECT_EQ(params["textDocument"]["text"].get<std::string>(),
            "func.func @f() {\n  \"x\\\" \xC3\xA9 \xF0\x9F\x98\x80\treturn\n}");
}

// What simdjson refuses goes to the careful parser, which answers as
// before: numbers past 64 bits, invalid UTF-8, and a message just at the
// depth bound (simdjson's bound is one level less).
TEST(MessageJsonTest, WhatTheFastParserRefusesIsParsedAsBefore) {
  ParsedMessage huge = parseMessage(R"({"id":1,"n":123456789012345678901234})");
  ASSERT_EQ(huge.status, ParsedMessage::Ok);
  EXPECT_FALSE(huge.fast);
  EXPECT_EQ(huge.value,
            json::parse(R"({"id":1,"n":123456789012345678901234})"));
  EXPECT_EQ(parseMessage("{\"id\":1,\"method\":\"\xC3\x28\"}").status,
            ParsedMessage::NotJson);
  ParsedMessage atBound = parseMessage(nested(kMaxMessageDepth));
  EXPECT_EQ(atBound.status, ParsedMessage::Ok);
  EXPECT_FALSE(atBound.fast);
  EXPECT_TRUE(parseMessage(nested(kMaxMessageDepth - 1)).fast);
  EXPECT_EQ(atBound.value, json::parse(nested(kMaxMessageDepth)));
  EXPECT_EQ(parseMessage(nested(kMaxMessageDepth + 1)).status,
            ParsedMessage::TooDeep);
}

// A message of several megabytes (a didOpen) keeps its text exactly, and
// the next small message still parses (the parser's buffers were let go).
TEST(MessageJsonTest, LargeTextSurvivesAndTheParserIsReusable) {
  std::string text;
  for (int i = 0; text.size() < 3 * kKeptParserCapacity; ++i)
    text += "  %" + std::to_string(i) + " = memref.alloc() : memref<4xf32>\n";
  std::string body = json{{"id", 1}, {"params", {{"text", text}}}}.dump();
  body.reserve(body.size() + FrameParser::kBodySlack);
  ParsedMessage large = parseMessage(body);
  ASSERT_EQ(large.status, ParsedMessage::Ok);
  EXPECT_TRUE(large.fast);
  EXPECT_EQ(large.value["params"]["text"].get<std::string>(), text);
  ParsedMessage small = parseMessage(R"({"id":2})");
  EXPECT_TRUE(small.fast);
  EXPECT_EQ(small.value, json::parse(R"({"id":2})"));
}

//===- MessageJsonTest.cpp - Depth-bounded parsing and id peeking ---------===//

#include "server/MessageJson.h"

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

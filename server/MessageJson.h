//===- MessageJson.h - Parsing a JSON-RPC body without trusting it -------===//
//
// A client decides how deep a message nests. nlohmann::json parses
// iteratively, but copying, comparing and printing a value recurse once
// per level, so a 100,000-deep `params` would overflow the stack wherever
// it is next touched. Containers nested deeper than a bound are refused
// while parsing (through the parser callback), and the rest of the message
// is kept so that its `id` can still be answered.
//
// Well-formed messages within the bound are parsed with simdjson (a
// string of megabytes in milliseconds) and converted; the rest, with
// nlohmann's parser as described, so errors are reported as before.
//
// An oversized message is never parsed: its first bytes are searched for
// its `id` with the SAX interface, which stops at the truncated end.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_SERVER_MESSAGEJSON_H
#define BUFFERLENS_SERVER_MESSAGEJSON_H

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace bufferlens {

/// Containers may nest this deep in a message (LSP's own nest fewer than
/// ten levels; settings objects a few more).
constexpr int kMaxMessageDepth = 256;

struct ParsedMessage {
  enum Status { Ok, NotJson, TooDeep } status = Ok;
  /// The message; for TooDeep, with the containers past the bound left out.
  nlohmann::json value;
  /// Parsed by simdjson; false when nlohmann's parser decided.
  bool fast = false;
};

/// Messages up to this size keep the parser's buffers between calls.
constexpr size_t kKeptParserCapacity = size_t(1) << 20;

/// Parses one message body. A body with FrameParser::kBodySlack bytes of
/// spare capacity is parsed where it is.
ParsedMessage parseMessage(const std::string &body,
                           int maxDepth = kMaxMessageDepth);

/// The top-level `"id"` of the JSON object `prefix` begins, when it is a
/// string or an integer and complete within `prefix`; null otherwise.
nlohmann::json peekMessageId(std::string_view prefix);

} // namespace bufferlens

#endif // BUFFERLENS_SERVER_MESSAGEJSON_H

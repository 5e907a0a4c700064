//===- MessageJson.cpp ----------------------------------------------------===//

#include "server/MessageJson.h"

#include "server/Framing.h"

#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <optional>

using namespace bufferlens;
using json = nlohmann::json;

static_assert(FrameParser::kBodySlack >= simdjson::SIMDJSON_PADDING,
              "message bodies must have room for simdjson's padding");

namespace {
/// simdjson's document as the nlohmann::json the server works with. The
/// recursion is bounded by the parser's maximum depth.
json toJson(simdjson::dom::element element) {
  using simdjson::dom::element_type;
  switch (element.type()) {
  case element_type::ARRAY: {
    json out = json::array();
    simdjson::dom::array items;
    if (element.get_array().get(items) == simdjson::SUCCESS)
      for (simdjson::dom::element item : items)
        out.push_back(toJson(item));
    return out;
  }
  case element_type::OBJECT: {
    json out = json::object();
    simdjson::dom::object members;
    // Assignment in order: a repeated key keeps its last value, as
    // nlohmann's own parser does.
    if (element.get_object().get(members) == simdjson::SUCCESS)
      for (simdjson::dom::key_value_pair member : members)
        out[std::string(member.key)] = toJson(member.value);
    return out;
  }
  case element_type::INT64: {
    // nlohmann reads a non-negative integer as unsigned.
    int64_t value = element.get_int64().value_unsafe();
    return value >= 0 ? json(static_cast<uint64_t>(value)) : json(value);
  }
  case element_type::UINT64:
    return json(element.get_uint64().value_unsafe());
  case element_type::DOUBLE:
    return json(element.get_double().value_unsafe());
  case element_type::STRING:
    return json(std::string(element.get_string().value_unsafe()));
  case element_type::BOOL:
    return json(element.get_bool().value_unsafe());
  case element_type::NULL_VALUE:
    break;
  }
  return json(nullptr);
}

/// Parses a well-formed message within `maxDepth` levels, or returns
/// nothing. nlohmann's parser reads a string one character at a time: a
/// didOpen of 40 MB took a second before its analysis could start, and
/// simdjson parses it in tens of milliseconds.
std::optional<json> parseFast(const std::string &body, int maxDepth) {
  thread_local simdjson::dom::parser parser;
  // One level fewer than the bound: a message at the bound goes to the
  // careful parser, which decides exactly as before.
  if (parser.max_depth() != size_t(maxDepth - 1) &&
      parser.allocate(std::max<size_t>(body.size(), 4096),
                      size_t(std::max(maxDepth - 1, 1))) != simdjson::SUCCESS)
    return std::nullopt;
  simdjson::dom::element root;
  // The body's spare capacity is the padding; without it, simdjson copies.
  bool parsed = parser.parse(body).get(root) == simdjson::SUCCESS;
  std::optional<json> out;
  if (parsed)
    out = toJson(root);
  // The parser keeps buffers the size of the largest input: not those of
  // a whole document.
  if (parser.capacity() > kKeptParserCapacity)
    parser = simdjson::dom::parser();
  return out;
}
} // namespace

ParsedMessage bufferlens::parseMessage(const std::string &body, int maxDepth) {
  ParsedMessage out;
  if (std::optional<json> value = parseFast(body, maxDepth)) {
    out.value = std::move(*value);
    out.fast = true;
    return out;
  }
  // Anything simdjson refuses (not JSON, too deep, numbers past 64 bits)
  // is parsed as before, which keeps the id of a message too deep.
  // `depth` is the number of containers around the event: a container that
  // starts at depth `maxDepth` would be the (maxDepth + 1)-th level.
  json::parser_callback_t bound = [&](int depth, json::parse_event_t event,
                                      json &) {
    if ((event == json::parse_event_t::object_start ||
         event == json::parse_event_t::array_start) &&
        depth >= maxDepth) {
      out.status = ParsedMessage::TooDeep;
      return false;
    }
    return true;
  };
  out.value = json::parse(body.begin(), body.end(), bound,
                          /*allow_exceptions=*/false);
  if (out.value.is_discarded()) {
    out.status = ParsedMessage::NotJson;
    out.value = nullptr;
  }
  return out;
}

namespace {
/// Records the value of the top-level object's "id" member, and stops
/// reading when it has it (or when the text ends, as a prefix does).
class IdFinder : public nlohmann::json_sax<json> {
public:
  json id;

  bool null() override { return scalar(json()); }
  bool boolean(bool) override { return scalar(json()); }
  bool number_integer(number_integer_t value) override { return scalar(value); }
  bool number_unsigned(number_unsigned_t value) override {
    return scalar(value);
  }
  bool number_float(number_float_t, const string_t &) override {
    return scalar(json());
  }
  bool string(string_t &value) override { return scalar(value); }
  bool binary(binary_t &) override { return scalar(json()); }
  bool start_object(std::size_t) override { return open(); }
  bool start_array(std::size_t) override {
    // A top-level array (a batch) has no id of its own.
    return depth > 0 && open();
  }
  bool key(string_t &name) override {
    idNext = depth == 1 && name == "id";
    return true;
  }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string &,
                   const nlohmann::detail::exception &) override {
    return false;
  }

private:
  bool open() {
    ++depth;
    idNext = false;
    return true;
  }
  bool close() {
    --depth;
    idNext = false;
    return true;
  }
  bool scalar(json value) {
    if (idNext && depth == 1) {
      id = std::move(value);
      return false; // Found: nothing else is needed.
    }
    idNext = false;
    return true;
  }
  int depth = 0;
  bool idNext = false;
};
} // namespace

json bufferlens::peekMessageId(std::string_view prefix) {
  // A number at the very end may have been cut (`"id": 4` of 42): it does
  // not count. (An object cannot end in a digit, so nothing whole is lost.)
  while (!prefix.empty() &&
         (std::isdigit(static_cast<unsigned char>(prefix.back())) ||
          prefix.back() == '-'))
    prefix.remove_suffix(1);
  IdFinder finder;
  json::sax_parse(prefix.begin(), prefix.end(), &finder,
                  json::input_format_t::json, /*strict=*/false);
  if (finder.id.is_string() || finder.id.is_number_integer())
    return finder.id;
  return nullptr;
}

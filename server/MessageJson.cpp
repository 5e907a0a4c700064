//===- MessageJson.cpp ----------------------------------------------------===//

#include "server/MessageJson.h"

#include <cctype>

using namespace bufferlens;
using json = nlohmann::json;

ParsedMessage bufferlens::parseMessage(std::string_view body, int maxDepth) {
  ParsedMessage out;
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

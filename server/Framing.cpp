//===- Framing.cpp --------------------------------------------------------===//

#include "server/Framing.h"

#include <algorithm>
#include <cctype>
#include <optional>

using namespace bufferlens;

static constexpr std::string_view kContentLength = "content-length:";

static std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return out;
}

FrameEvent FrameParser::nextEvent() {
  FrameEvent event = std::move(events.front());
  events.pop_front();
  return event;
}

void FrameParser::feed(std::string_view bytes) {
  while (!bytes.empty()) {
    if (skippingBody && peekRemaining > 0) {
      size_t take = std::min(peekRemaining, bytes.size());
      buffer.append(bytes.substr(0, take));
      peekRemaining -= take;
      bodyRemaining -= take;
      bytes.remove_prefix(take);
      if (peekRemaining == 0) {
        events.push_back({FrameEvent::Oversized, std::move(buffer),
                          std::move(oversizedDetail)});
        buffer.clear();
        skippingBody = bodyRemaining > 0;
      }
      continue;
    }
    if (skippingBody) {
      size_t skip = std::min(bodyRemaining, bytes.size());
      bodyRemaining -= skip;
      bytes.remove_prefix(skip);
      if (bodyRemaining == 0)
        skippingBody = false;
      continue;
    }
    if (inBody) {
      size_t take = std::min(bodyRemaining, bytes.size());
      buffer.append(bytes.substr(0, take));
      bodyRemaining -= take;
      bytes.remove_prefix(take);
      if (bodyRemaining == 0) {
        inBody = false;
        events.push_back({FrameEvent::Message, std::move(buffer), ""});
        buffer.clear();
      }
      continue;
    }
    buffer.append(bytes);
    bytes = {};
    parseBuffered();
    // parseBuffered leaves a pending body start in `buffer`; feed it back.
    if (inBody || skippingBody) {
      std::string rest = std::move(buffer);
      buffer.clear();
      feed(rest);
    }
  }
}

void FrameParser::resync(size_t from) {
  std::string lowered = lower(buffer);
  size_t next = lowered.find(kContentLength, from);
  buffer.erase(0, next == std::string::npos ? buffer.size() : next);
}

void FrameParser::parseBuffered() {
  while (!inBody && !skippingBody) {
    size_t end = buffer.find("\r\n\r\n");
    if (end == std::string::npos) {
      if (buffer.size() > kMaxHeaderBytes) {
        events.push_back({FrameEvent::BadHeader, "",
                          "header block longer than " +
                              std::to_string(kMaxHeaderBytes) + " bytes"});
        resync(1);
        continue;
      }
      return;
    }
    std::string header = buffer.substr(0, end);
    std::optional<size_t> length;
    std::string problem;
    size_t lineBegin = 0;
    while (lineBegin <= header.size()) {
      size_t lineEnd = header.find("\r\n", lineBegin);
      if (lineEnd == std::string::npos)
        lineEnd = header.size();
      std::string line = header.substr(lineBegin, lineEnd - lineBegin);
      lineBegin = lineEnd + 2;
      std::string lowered = lower(line);
      if (lowered.rfind(kContentLength, 0) == 0) {
        std::string digits = line.substr(kContentLength.size());
        digits.erase(0, digits.find_first_not_of(" \t"));
        digits.erase(digits.find_last_not_of(" \t") + 1);
        if (digits.empty() || digits.size() > 18 ||
            !std::all_of(digits.begin(), digits.end(),
                         [](unsigned char c) { return std::isdigit(c); })) {
          problem = "invalid Content-Length '" + digits + "'";
          break;
        }
        length = std::stoull(digits);
      } else if (line.find(':') == std::string::npos) {
        problem = "malformed header line";
        break;
      }
    }
    if (problem.empty() && !length)
      problem = "missing Content-Length header";
    if (!problem.empty()) {
      events.push_back({FrameEvent::BadHeader, "", problem});
      // The bytes before the blank line are lost; look for the next frame
      // inside them too, in case a short body left us mid-stream.
      std::string lowered = lower(header);
      size_t next = lowered.find(kContentLength, 1);
      if (next != std::string::npos)
        buffer.erase(0, next);
      else
        buffer.erase(0, end + 4);
      continue;
    }
    buffer.erase(0, end + 4);
    bodyRemaining = *length;
    if (*length > maxMessageBytes) {
      // Queued once the body's first bytes are here (feed()).
      oversizedDetail = "message of " + std::to_string(*length) +
                        " bytes exceeds the limit of " +
                        std::to_string(maxMessageBytes) + " bytes";
      peekRemaining = std::min(*length, kOversizedPeekBytes);
      skippingBody = true;
    } else if (*length == 0) {
      events.push_back({FrameEvent::Message, "", ""});
    } else {
      inBody = true;
    }
    return;
  }
}

std::string bufferlens::frameMessage(std::string_view body) {
  std::string out =
      "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
  out.append(body);
  return out;
}

//===- Framing.cpp --------------------------------------------------------===//

#include "server/Framing.h"

#include <algorithm>
#include <cctype>
#include <optional>

using namespace bufferlens;

static constexpr std::string_view kContentLength = "content-length:";

static char lowerChar(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The offset of the next `Content-Length:` (any case) in `text` at or after
// `from`, or npos.
static size_t findContentLength(std::string_view text, size_t from) {
  if (from >= text.size())
    return std::string_view::npos;
  auto it = std::search(text.begin() + from, text.end(), kContentLength.begin(),
                        kContentLength.end(),
                        [](char a, char b) { return lowerChar(a) == b; });
  return it == text.end() ? std::string_view::npos
                          : static_cast<size_t>(it - text.begin());
}

// How many of the last bytes of `text` are the start of a
// `Content-Length:` (any case) cut by the end of a read.
static size_t cutContentLength(std::string_view text) {
  for (size_t k = std::min(text.size(), kContentLength.size() - 1); k > 0; --k)
    if (std::equal(text.end() - k, text.end(), kContentLength.begin(),
                   [](char a, char b) { return lowerChar(a) == b; }))
      return k;
  return 0;
}

static bool startsWithContentLength(std::string_view line) {
  return line.size() >= kContentLength.size() &&
         findContentLength(line.substr(0, kContentLength.size()), 0) == 0;
}

FrameEvent FrameParser::nextEvent() {
  FrameEvent event = std::move(events.front());
  events.pop_front();
  return event;
}

// Every byte is handled once where it arrived, but for a header block cut
// by the end of a feed (copied to `pending`, at most kMaxHeaderBytes + 4
// bytes) and the bytes of a bad header block searched for the next
// `Content-Length:`. Feeding many frames at once is linear in their size.
void FrameParser::feed(std::string_view bytes) {
  while (!bytes.empty()) {
    if (inBody || skippingBody) {
      bytes.remove_prefix(consumeBody(bytes));
      continue;
    }
    if (pending.empty()) {
      size_t used = parseHeaderBlock(bytes, 0);
      if (used == 0) {
        pending.assign(bytes);
        pendingSearched = pending.size() < 3 ? 0 : pending.size() - 3;
        return;
      }
      bytes.remove_prefix(used);
      continue;
    }
    // Complete the pending block with as many bytes as a block may have.
    size_t old = pending.size();
    size_t take = std::min(
        bytes.size(), kMaxHeaderBytes + 5 - std::min(old, kMaxHeaderBytes + 4));
    pending.append(bytes.substr(0, take));
    size_t used = parseHeaderBlock(pending, pendingSearched);
    if (used == 0) {
      bytes.remove_prefix(take);
      pendingSearched = pending.size() < 3 ? 0 : pending.size() - 3;
      continue;
    }
    if (used >= old) {
      bytes.remove_prefix(used - old);
      pending.clear();
    } else {
      // Resynchronised inside the old bytes: the new ones are read again.
      pending.resize(old);
      pending.erase(0, used);
    }
    pendingSearched = 0;
  }
}

size_t FrameParser::consumeBody(std::string_view bytes) {
  if (skippingBody && peekRemaining > 0) {
    size_t take = std::min(peekRemaining, bytes.size());
    body.append(bytes.substr(0, take));
    peekRemaining -= take;
    bodyRemaining -= take;
    if (peekRemaining == 0) {
      events.push_back(
          {FrameEvent::Oversized, std::move(body), std::move(oversizedDetail)});
      body.clear();
      skippingBody = bodyRemaining > 0;
    }
    return take;
  }
  if (skippingBody) {
    size_t skip = std::min(bodyRemaining, bytes.size());
    bodyRemaining -= skip;
    if (bodyRemaining == 0)
      skippingBody = false;
    return skip;
  }
  size_t take = std::min(bodyRemaining, bytes.size());
  if (body.empty() && take == bodyRemaining) {
    // The whole body is here: one copy.
    std::string whole;
    whole.reserve(take + kBodySlack);
    whole.append(bytes.substr(0, take));
    events.push_back({FrameEvent::Message, std::move(whole), ""});
  } else {
    // One allocation for the whole body, not a doubling per feed: a
    // 40 MB didOpen arrives in thousands of reads.
    if (body.empty())
      body.reserve(bodyRemaining + kBodySlack);
    body.append(bytes.substr(0, take));
    if (take == bodyRemaining) {
      events.push_back({FrameEvent::Message, std::move(body), ""});
      body.clear();
    }
  }
  bodyRemaining -= take;
  if (bodyRemaining == 0)
    inBody = false;
  return take;
}

size_t FrameParser::parseHeaderBlock(std::string_view text, size_t searchFrom) {
  // A block longer than the cap is garbage: its blank line is not looked
  // for past it.
  std::string_view window = text.substr(0, kMaxHeaderBytes + 4);
  size_t end = window.find("\r\n\r\n", std::min(searchFrom, window.size()));
  if (end == std::string_view::npos) {
    if (text.size() <= kMaxHeaderBytes)
      return 0;
    events.push_back({FrameEvent::BadHeader, "",
                      "header block longer than " +
                          std::to_string(kMaxHeaderBytes) + " bytes"});
    size_t next = findContentLength(text, 1);
    if (next != std::string_view::npos)
      return next;
    // The next header may start in the last bytes, cut by the read.
    return text.size() - cutContentLength(text);
  }
  std::string_view header = text.substr(0, end);
  std::optional<size_t> length;
  std::string problem;
  size_t lineBegin = 0;
  while (lineBegin <= header.size()) {
    size_t lineEnd = header.find("\r\n", lineBegin);
    if (lineEnd == std::string_view::npos)
      lineEnd = header.size();
    std::string_view line = header.substr(lineBegin, lineEnd - lineBegin);
    lineBegin = lineEnd + 2;
    if (startsWithContentLength(line)) {
      std::string_view digits = line.substr(kContentLength.size());
      size_t first = digits.find_first_not_of(" \t");
      digits = first == std::string_view::npos ? std::string_view()
                                               : digits.substr(first);
      digits = digits.substr(0, digits.find_last_not_of(" \t") + 1);
      if (digits.empty() || digits.size() > 18 ||
          !std::all_of(digits.begin(), digits.end(),
                       [](unsigned char c) { return std::isdigit(c); })) {
        problem = "invalid Content-Length '" + std::string(digits) + "'";
        break;
      }
      length = std::stoull(std::string(digits));
    } else if (line.find(':') == std::string_view::npos) {
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
    size_t next = findContentLength(header, 1);
    return next != std::string_view::npos ? next : end + 4;
  }
  bodyRemaining = *length;
  if (*length > maxMessageBytes) {
    // Queued once the body's first bytes are here (consumeBody()).
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
  return end + 4;
}

std::string bufferlens::frameHeader(size_t bodyBytes) {
  return "Content-Length: " + std::to_string(bodyBytes) + "\r\n\r\n";
}

std::string bufferlens::frameMessage(std::string_view body) {
  std::string out = frameHeader(body.size());
  out.append(body);
  return out;
}

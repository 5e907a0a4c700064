//===- ToProtocol.cpp -----------------------------------------------------===//

#include "server/ToProtocol.h"
#include "analysis/model/FindingCodes.h"
#include "analysis/model/LineIndex.h"
#include "support/PartThreads.h"

#include "llvm/ADT/ArrayRef.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <thread>

using namespace bufferlens;
using json = nlohmann::json;

json bufferlens::toPosition(const LineIndex &lines, uint32_t offset,
                            PositionEncoding encoding) {
  LineColumn at = encoding == PositionEncoding::Utf8
                      ? lines.toByteColumn(offset)
                      : lines.toUtf16Column(offset);
  return {{"line", at.line}, {"character", at.column}};
}

json bufferlens::toRange(const LineIndex &lines, SourceRange range,
                         PositionEncoding encoding) {
  return {{"start", toPosition(lines, range.begin, encoding)},
          {"end", toPosition(lines, range.end, encoding)}};
}

uint32_t bufferlens::fromPosition(const LineIndex &lines,
                                  lsp::Position position,
                                  PositionEncoding encoding) {
  LineColumn at{position.line, position.character};
  return encoding == PositionEncoding::Utf8 ? lines.fromByteColumn(at)
                                            : lines.fromUtf16Column(at);
}

std::optional<uint32_t>
bufferlens::offsetOfPosition(std::string_view text, lsp::Position position,
                             PositionEncoding encoding) {
  size_t lineStart = 0;
  for (uint32_t line = 0; line < position.line; ++line) {
    const void *lineBreak = lineStart < text.size()
                                ? std::memchr(text.data() + lineStart, '\n',
                                              text.size() - lineStart)
                                : nullptr;
    if (!lineBreak)
      return std::nullopt;
    lineStart = static_cast<const char *>(lineBreak) - text.data() + 1;
  }
  size_t lineEnd = std::min(text.find('\n', lineStart), text.size());
  // An index of that one line converts its column as the whole one would.
  LineIndex line(text.substr(lineStart, lineEnd - lineStart));
  return static_cast<uint32_t>(
      lineStart + fromPosition(line, {0, position.character}, encoding));
}

static int toLspSeverity(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return 1;
  case Severity::Warning:
    return 2;
  case Severity::Info:
    return 3;
  case Severity::Hint:
    return 4;
  }
  return 1;
}

static std::string lowercase(std::string text) {
  for (char &c : text)
    c = std::tolower(static_cast<unsigned char>(c));
  return text;
}

/// `message` followed by one line per related location, "line N: its
/// message", for a client that does not show related information; `moved`
/// gives a related range's place in this version.
template <typename Moved>
static std::string withRelatedLines(const Finding &finding,
                                    const LineIndex &lines, Moved moved) {
  std::string message = finding.message;
  for (const RelatedLocation &location : finding.related)
    message += "\nline " +
               std::to_string(
                   lines.toByteColumn(moved(location.range).begin).line + 1) +
               ": " + location.message;
  return message;
}

/// What ProtocolContext::compact leaves for the client to fill in.
static bool sendsSource(const Finding &finding,
                        const ProtocolContext &context) {
  return !context.compact || finding.source != kBufferLensSource;
}

static bool sendsCodeLink(const ProtocolContext &context) {
  return context.codeDescription && !context.compact &&
         !context.codeDescriptionBase.empty();
}

json bufferlens::toDiagnostic(const Snapshot &snapshot, const Finding &finding,
                              const ProtocolContext &context) {
  const LineIndex &lines = snapshot.lines();
  bool foldRelated = !context.relatedInformation && !finding.related.empty();
  json diagnostic = {{"range", toRange(lines, finding.range, context.encoding)},
                     {"severity", toLspSeverity(finding.severity)}};
  if (sendsSource(finding, context))
    diagnostic["source"] = finding.source;
  diagnostic["message"] =
      foldRelated ? withRelatedLines(finding, lines,
                                     [](SourceRange range) { return range; })
                  : finding.message;
  if (finding.code != FindingCode::None) {
    diagnostic["code"] = codeName(finding.code);
    if (sendsCodeLink(context))
      diagnostic["codeDescription"] = {
          {"href", context.codeDescriptionBase + "#" +
                       lowercase(std::string(codeName(finding.code)))}};
    // A redundant clone is code the user can delete.
    if (finding.code == FindingCode::BL304)
      diagnostic["tags"] = json::array({1});
  }
  if (!finding.related.empty() && context.relatedInformation) {
    json related = json::array();
    for (const RelatedLocation &location : finding.related)
      related.push_back(
          {{"location", toLocation(snapshot, location.range, context)},
           {"message", location.message}});
    diagnostic["relatedInformation"] = std::move(related);
  }
  return diagnostic;
}

json bufferlens::toPublishDiagnostics(const Snapshot &snapshot,
                                      const ProtocolContext &context) {
  json diagnostics = json::array();
  for (const Finding &finding : snapshot.findings())
    diagnostics.push_back(toDiagnostic(snapshot, finding, context));
  return {{"uri", snapshot.uri()},
          {"version", snapshot.version()},
          {"diagnostics", std::move(diagnostics)}};
}

json bufferlens::toHover(const Snapshot &snapshot, const HoverInfo &hover,
                         const ProtocolContext &context) {
  return {{"contents", {{"kind", "markdown"}, {"value", hover.markdown}}},
          {"range", toRange(snapshot.lines(), hover.range, context.encoding)}};
}

json bufferlens::toInlayHint(const Snapshot &snapshot,
                             const InlayHintInfo &hint,
                             const ProtocolContext &context) {
  json out = {
      {"position", toPosition(snapshot.lines(), hint.offset, context.encoding)},
      {"label", hint.label},
      {"paddingLeft", true},
      {"paddingRight", true}};
  if (!hint.tooltip.empty())
    out["tooltip"] = {{"kind", "markdown"}, {"value", hint.tooltip}};
  return out;
}

json bufferlens::toCodeAction(const Snapshot &snapshot,
                              const CodeActionInfo &action,
                              const ProtocolContext &context) {
  json edits = json::array();
  for (const TextEdit &edit : action.edits)
    edits.push_back(
        {{"range", toRange(snapshot.lines(), edit.range, context.encoding)},
         {"newText", edit.newText}});
  json out = {{"title", action.title}, {"kind", action.kind}};
  if (action.resolveFunction) {
    // The edit comes with codeAction/resolve, for this version only.
    out["data"] = {{"uri", snapshot.uri()},
                   {"version", snapshot.version()},
                   {"function", *action.resolveFunction}};
    if (action.resolveAllocation)
      out["data"]["allocation"] = *action.resolveAllocation;
  } else {
    out["edit"] = {{"changes", {{snapshot.uri(), std::move(edits)}}}};
  }
  if (action.finding)
    out["diagnostics"] =
        json::array({toDiagnostic(snapshot, *action.finding, context)});
  if (action.preferred)
    out["isPreferred"] = true;
  return out;
}

json bufferlens::toLocation(const Snapshot &snapshot, SourceRange range,
                            const ProtocolContext &context) {
  return {{"uri", snapshot.uri()},
          {"range", toRange(snapshot.lines(), range, context.encoding)}};
}

json bufferlens::toHighlight(const Snapshot &snapshot,
                             const HighlightInfo &highlight,
                             const ProtocolContext &context) {
  return {
      {"range", toRange(snapshot.lines(), highlight.range, context.encoding)},
      {"kind", static_cast<int>(highlight.kind)}};
}

json bufferlens::toDocumentSymbol(const Snapshot &snapshot,
                                  const SymbolInfo &symbol,
                                  const ProtocolContext &context) {
  // SymbolKind: 12 Function; blocks are containers of ops: 3 Namespace.
  json out = {
      {"name", symbol.name},
      {"detail", symbol.detail},
      {"kind", symbol.kind == SymbolInfo::Function ? 12 : 3},
      {"range", toRange(snapshot.lines(), symbol.range, context.encoding)},
      {"selectionRange",
       toRange(snapshot.lines(), symbol.selectionRange, context.encoding)}};
  json children = json::array();
  for (const SymbolInfo &child : symbol.children)
    children.push_back(toDocumentSymbol(snapshot, child, context));
  out["children"] = std::move(children);
  return out;
}

json bufferlens::toCodeLens(const Snapshot &snapshot, const CodeLensInfo &lens,
                            const ProtocolContext &context) {
  json range = toRange(snapshot.lines(), lens.range, context.encoding);
  json argument = {{"uri", snapshot.uri()},
                   {"function", lens.function},
                   {"position", range["start"]}};
  return {{"range", range},
          {"command",
           {{"title", lens.title},
            {"command", "bufferlens.showGraph"},
            {"arguments", json::array({std::move(argument)})}}}};
}

json bufferlens::toOwnershipAt(const Snapshot &snapshot,
                               const OwnershipAtInfo &info,
                               const ProtocolContext &context) {
  json ranges = json::array();
  for (const OwnershipRangeInfo &range : info.ranges) {
    json entry = {
        {"range", toRange(snapshot.lines(), range.range, context.encoding)},
        {"kind", range.kind}};
    if (!range.message.empty())
      entry["message"] = range.message;
    ranges.push_back(std::move(entry));
  }
  return {{"value", info.value ? json(*info.value) : json(nullptr)},
          {"ranges", std::move(ranges)}};
}

//===----------------------------------------------------------------------===//
// The publishDiagnostics notification, written directly.
//===----------------------------------------------------------------------===//

namespace {
class JsonWriter {
public:
  std::string out;

  /// Appends `text` as a JSON string; false (with `out` unusable) when
  /// `text` is not valid UTF-8, which the caller then sends through
  /// nlohmann's replacement instead. Validating here saves a second pass
  /// over every message.
  bool string(std::string_view text) {
    out += '"';
    if (!stringBody(text))
      return false;
    out += '"';
    return true;
  }
  /// The same without the quotes.
  bool stringBody(std::string_view text) {
    // Runs of characters that need no escape are appended at once.
    size_t run = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      unsigned char c = text[i];
      if (c >= 0x80) {
        size_t len = utf8SequenceLength(text, i);
        if (len == 0)
          return false;
        i += len - 1;
        continue;
      }
      if (c >= 0x20 && c != '"' && c != '\\')
        continue;
      out.append(text.data() + run, i - run);
      run = i + 1;
      switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default: {
        static const char hex[] = "0123456789abcdef";
        out += "\\u00";
        out += hex[c >> 4];
        out += hex[c & 15];
      }
      }
    }
    out.append(text.data() + run, text.size() - run);
    return true;
  }
  void number(int64_t value) {
    char digits[24];
    out.append(digits,
               std::to_chars(digits, digits + sizeof digits, value).ptr);
  }
  void position(const LineIndex &lines, uint32_t offset,
                PositionEncoding encoding) {
    LineColumn at = encoding == PositionEncoding::Utf8
                        ? lines.toByteColumn(offset)
                        : lines.toUtf16Column(offset);
    out += "{\"line\":";
    number(at.line);
    out += ",\"character\":";
    number(at.column);
    out += '}';
  }
  void range(const LineIndex &lines, SourceRange range,
             PositionEncoding encoding) {
    out += "{\"start\":";
    position(lines, range.begin, encoding);
    out += ",\"end\":";
    position(lines, range.end, encoding);
    out += '}';
  }
};

} // namespace

namespace {
/// Appends `findings` as diagnostics to `w.out`, comma separated; false if
/// one of them holds invalid UTF-8 (the caller then lets nlohmann replace
/// it). `uriJson` is the document's URI as a JSON string, `baseJson` the
/// codeDescription base escaped for one (without quotes).
bool writeDiagnostics(JsonWriter &w, llvm::ArrayRef<FindingRef> findings,
                      const LineIndex &lines, const ProtocolContext &context,
                      std::string_view uriJson, std::string_view baseJson) {
  for (size_t i = 0; i < findings.size(); ++i) {
    const FindingRef &ref = findings[i];
    const Finding &f = *ref.finding;
    if (i)
      w.out += ',';
    w.out += "{\"range\":";
    w.range(lines, ref.toCurrent(f.range), context.encoding);
    w.out += ",\"severity\":";
    w.number(toLspSeverity(f.severity));
    if (sendsSource(f, context)) {
      w.out += ",\"source\":";
      if (!w.string(f.source))
        return false;
    }
    w.out += ",\"message\":";
    if (context.relatedInformation || f.related.empty()) {
      if (!w.string(f.message))
        return false;
    } else if (!w.string(withRelatedLines(f, lines, [&](SourceRange range) {
                 return ref.toCurrent(range);
               }))) {
      return false;
    }
    if (f.code != FindingCode::None) {
      w.out += ",\"code\":";
      if (!w.string(codeName(f.code)))
        return false;
      if (sendsCodeLink(context)) {
        w.out += ",\"codeDescription\":{\"href\":\"";
        w.out += baseJson;
        w.out += '#';
        w.stringBody(lowercase(std::string(codeName(f.code))));
        w.out += "\"}";
      }
      if (f.code == FindingCode::BL304)
        w.out += ",\"tags\":[1]";
    }
    if (!f.related.empty() && context.relatedInformation) {
      w.out += ",\"relatedInformation\":[";
      for (size_t r = 0; r < f.related.size(); ++r) {
        if (r)
          w.out += ',';
        w.out += "{\"location\":{\"uri\":";
        w.out += uriJson;
        w.out += ",\"range\":";
        w.range(lines, ref.toCurrent(f.related[r].range), context.encoding);
        w.out += "},\"message\":";
        if (!w.string(f.related[r].message))
          return false;
        w.out += '}';
      }
      w.out += ']';
    }
    w.out += '}';
  }
  return true;
}

/// Below twice this many findings one thread writes them all; above, one
/// slice per thread (ProtocolContext::threads) goes to the part threads (at
/// 100k lines, 11 MB took one thread 20-26 ms on the way to the client, two
/// slices 11-14 ms).
constexpr size_t kFindingsPerSlice = 2048;
} // namespace

std::string
bufferlens::publishDiagnosticsMessage(const Snapshot &snapshot,
                                      const ProtocolContext &context) {
  std::vector<FindingRef> findings = snapshot.findingRefs();
  auto replaced = [&] {
    // Rare: let nlohmann replace the invalid bytes.
    json message = {{"jsonrpc", "2.0"},
                    {"method", "textDocument/publishDiagnostics"},
                    {"params", toPublishDiagnostics(snapshot, context)}};
    return message.dump(-1, ' ', false, json::error_handler_t::replace);
  };
  JsonWriter uri, base;
  if (!uri.string(snapshot.uri()) ||
      !base.stringBody(context.codeDescriptionBase))
    return replaced();

  unsigned threads = context.threads
                         ? context.threads
                         : std::max(1u, std::thread::hardware_concurrency());
  size_t slices =
      std::clamp<size_t>(findings.size() / kFindingsPerSlice, 1, threads);
  size_t perSlice =
      (findings.size() + slices - 1) / std::max<size_t>(slices, 1);
  // The message is the first slice's text: it starts with the head and
  // has room for the others, so no slice of megabytes is copied twice.
  JsonWriter head;
  head.out += "{\"jsonrpc\":\"2.0\",\"method\":"
              "\"textDocument/publishDiagnostics\",\"params\":{\"uri\":";
  head.out += uri.out;
  head.out += ",\"version\":";
  head.number(snapshot.version());
  head.out += ",\"diagnostics\":[";
  constexpr size_t kBytesPerDiagnostic = 512;
  std::vector<JsonWriter> written(slices);
  std::vector<char> plain(slices, 1);
  auto write = [&](size_t k) {
    size_t begin = std::min(findings.size(), k * perSlice);
    size_t end = std::min(findings.size(), begin + perSlice);
    // A writer of its own: neighbours in `written` share a cache line, and
    // every append writes the string's length (one thread was faster).
    JsonWriter local;
    if (k == 0) {
      local.out.reserve(head.out.size() + 3 +
                        findings.size() * (kBytesPerDiagnostic + 1));
      local.out += head.out;
    } else {
      local.out.reserve((end - begin) * kBytesPerDiagnostic);
    }
    plain[k] = writeDiagnostics(
        local, llvm::ArrayRef<FindingRef>(findings).slice(begin, end - begin),
        snapshot.lines(), context, uri.out, base.out);
    written[k] = std::move(local);
  };
  if (slices == 1)
    write(0);
  else
    runOnPartThreads(slices, [&](size_t k) {
      try {
        write(k);
      } catch (...) {
        plain[k] = 0; // (std::bad_alloc) The nlohmann path says so.
      }
    });
  if (std::find(plain.begin(), plain.end(), 0) != plain.end())
    return replaced();

  std::string &message = written.front().out;
  bool empty = message.size() == head.out.size();
  for (size_t k = 1; k < written.size(); ++k) {
    if (written[k].out.empty())
      continue;
    if (!empty)
      message += ',';
    empty = false;
    message += written[k].out;
  }
  message += "]}}";
  return std::move(message);
}

json bufferlens::semanticTokensLegend() {
  return {{"tokenTypes", semanticTokenTypeNames()},
          {"tokenModifiers", semanticTokenModifierNames()}};
}

std::vector<uint32_t>
bufferlens::encodeSemanticTokens(const LineIndex &lines,
                                 const std::vector<SemanticTokenInfo> &tokens,
                                 PositionEncoding encoding) {
  std::vector<uint32_t> out;
  out.reserve(tokens.size() * 5);
  LineColumn previous;
  for (const SemanticTokenInfo &token : tokens) {
    // Tokens never cross a line end: both ends are on the same line.
    LineColumn begin = encoding == PositionEncoding::Utf8
                           ? lines.toByteColumn(token.range.begin)
                           : lines.toUtf16Column(token.range.begin);
    LineColumn end = encoding == PositionEncoding::Utf8
                         ? lines.toByteColumn(token.range.end)
                         : lines.toUtf16Column(token.range.end);
    out.push_back(begin.line - previous.line);
    out.push_back(begin.line == previous.line ? begin.column - previous.column
                                              : begin.column);
    out.push_back(end.column - begin.column);
    out.push_back(static_cast<uint32_t>(token.type));
    out.push_back(token.modifiers);
    previous = begin;
  }
  return out;
}

std::string bufferlens::semanticTokensText(const std::string &resultId,
                                           const std::vector<uint32_t> &data) {
  std::string out = "{\"resultId\":" + json(resultId).dump() + ",\"data\":[";
  out.reserve(out.size() + data.size() * 4 + 2);
  char buffer[16];
  for (size_t i = 0; i < data.size(); ++i) {
    if (i)
      out += ',';
    auto written = std::to_chars(buffer, buffer + sizeof buffer, data[i]);
    out.append(buffer, written.ptr);
  }
  out += "]}";
  return out;
}

std::vector<SemanticTokensEdit>
bufferlens::diffSemanticTokens(const std::vector<uint32_t> &before,
                               const std::vector<uint32_t> &after) {
  if (before == after)
    return {};
  // Whole tokens of five integers each.
  size_t prefix = 0;
  size_t shorter = std::min(before.size(), after.size()) / 5;
  auto same = [&](size_t i, size_t j) {
    return std::equal(before.begin() + i * 5, before.begin() + i * 5 + 5,
                      after.begin() + j * 5);
  };
  while (prefix < shorter && same(prefix, prefix))
    ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix &&
         same(before.size() / 5 - 1 - suffix, after.size() / 5 - 1 - suffix))
    ++suffix;
  SemanticTokensEdit edit;
  edit.start = static_cast<uint32_t>(prefix * 5);
  edit.deleteCount =
      static_cast<uint32_t>(before.size() - (prefix + suffix) * 5);
  edit.data.assign(after.begin() + prefix * 5,
                   after.end() - static_cast<ptrdiff_t>(suffix * 5));
  return {std::move(edit)};
}

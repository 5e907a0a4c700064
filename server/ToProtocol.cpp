//===- ToProtocol.cpp -----------------------------------------------------===//

#include "server/ToProtocol.h"
#include "analysis/model/FindingCodes.h"
#include "analysis/model/LineIndex.h"
#include "analysis/model/PathNotes.h"
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
  TextPosition at = positionOf(lines, offset, encoding);
  return {{"line", at.line}, {"character", at.character}};
}

json bufferlens::toRange(const LineIndex &lines, SourceRange range,
                         PositionEncoding encoding) {
  return {{"start", toPosition(lines, range.begin, encoding)},
          {"end", toPosition(lines, range.end, encoding)}};
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
  for (const RelatedLocation &location : notesOf(finding))
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
  if (action.showPathAt) {
    // No edit: the client's command asks bufferlens/graph for the finding.
    out["command"] = {
        {"title", action.title},
        {"command", "bufferlens.showPath"},
        {"arguments",
         json::array(
             {{{"uri", snapshot.uri()},
               {"position", toPosition(snapshot.lines(), *action.showPathAt,
                                       context.encoding)}}})}};
  } else if (action.resolveFunction) {
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

  /// Appends `text` as a JSON string. Text that is not valid UTF-8 (rare:
  /// a message quoting the user's bytes) is written as nlohmann's
  /// replacement writes it (U+FFFD for each bad sequence); validating here
  /// saves a second pass over every message.
  void string(std::string_view text) {
    out += '"';
    stringBody(text);
    out += '"';
  }
  /// The same without the quotes.
  void stringBody(std::string_view text) {
    size_t start = out.size();
    if (validBody(text))
      return;
    out.resize(start);
    std::string replaced =
        json(std::string(text))
            .dump(-1, ' ', false, json::error_handler_t::replace);
    out.append(replaced, 1, replaced.size() - 2);
  }

private:
  /// Appends `text`'s escaped body; false at the first invalid sequence.
  bool validBody(std::string_view text) {
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

public:
  void number(int64_t value) {
    char digits[24];
    out.append(digits,
               std::to_chars(digits, digits + sizeof digits, value).ptr);
  }
  void position(const LineIndex &lines, uint32_t offset,
                PositionEncoding encoding) {
    TextPosition at = positionOf(lines, offset, encoding);
    out += "{\"line\":";
    number(at.line);
    out += ",\"character\":";
    number(at.character);
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
/// Appends `findings` as diagnostics to `w.out`, comma separated: the one
/// encoder of diagnostics (toDiagnostic parses what it writes). `uriJson`
/// is the document's URI as a JSON string, `baseJson` the codeDescription
/// base escaped for one (without quotes).
void writeDiagnostics(JsonWriter &w, llvm::ArrayRef<FindingRef> findings,
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
      w.string(f.source);
    }
    // The path's numbered steps, then the related locations no step has.
    std::vector<RelatedLocation> notes =
        f.path.empty() ? std::vector<RelatedLocation>() : notesOf(f);
    const std::vector<RelatedLocation> &related =
        f.path.empty() ? f.related : notes;
    w.out += ",\"message\":";
    if (context.relatedInformation || related.empty())
      w.string(f.message);
    else
      w.string(withRelatedLines(
          f, lines, [&](SourceRange range) { return ref.toCurrent(range); }));
    if (f.code != FindingCode::None) {
      w.out += ",\"code\":";
      w.string(codeName(f.code));
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
    if (!related.empty() && context.relatedInformation) {
      w.out += ",\"relatedInformation\":[";
      for (size_t r = 0; r < related.size(); ++r) {
        if (r)
          w.out += ',';
        w.out += "{\"location\":{\"uri\":";
        w.out += uriJson;
        w.out += ",\"range\":";
        w.range(lines, ref.toCurrent(related[r].range), context.encoding);
        w.out += "},\"message\":";
        w.string(related[r].message);
        w.out += '}';
      }
      w.out += ']';
    }
    w.out += '}';
  }
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
  JsonWriter uri, base;
  uri.string(snapshot.uri());
  base.stringBody(context.codeDescriptionBase);

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
  std::vector<char> done(slices, 0);
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
    writeDiagnostics(
        local, llvm::ArrayRef<FindingRef>(findings).slice(begin, end - begin),
        snapshot.lines(), context, uri.out, base.out);
    written[k] = std::move(local);
    done[k] = 1;
  };
  if (slices == 1)
    write(0);
  else
    runOnPartThreads(slices, [&](size_t k) {
      try {
        write(k);
      } catch (...) {
        // (std::bad_alloc) Written again below, where it may throw.
      }
    });
  for (size_t k = 0; k < slices; ++k)
    if (!done[k])
      write(k);

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

json bufferlens::toDiagnostic(const Snapshot &snapshot, const Finding &finding,
                              const ProtocolContext &context) {
  JsonWriter uri, base, out;
  uri.string(snapshot.uri());
  base.stringBody(context.codeDescriptionBase);
  FindingRef ref{&finding, 0};
  writeDiagnostics(out, llvm::ArrayRef<FindingRef>(ref), snapshot.lines(),
                   context, uri.out, base.out);
  return json::parse(out.out);
}

json bufferlens::toPublishDiagnostics(const Snapshot &snapshot,
                                      const ProtocolContext &context) {
  return json::parse(publishDiagnosticsMessage(snapshot, context))["params"];
}

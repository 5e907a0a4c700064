//===- JsonOutput.cpp - Machine-readable findings -------------------------===//
//
// {"version": 1,
//  "findings": [{"file", "code", "severity", "source", "message",
//                "line", "column", "endLine", "endColumn",   (1-based, bytes)
//                "range": {"start": {"line", "character"}, "end": ...},
//                                              (0-based LSP, UTF-16)
//                "related": [{"file", "line", "column", "range", "message"}],
//                "fixes": [{"title", "edits": [{"range", "newText"}]}],
//                "path": [{"file", "line", "column", "range", "kind",
//                          "message"}]}],   (the key events, in order)
//  "functions": [{"file", "function", "allocations", "copies",
//                 "allocatedBytes", "copiedBytes", "bufferizes"}],
//                         (per function still on tensors, in file order:
//                          what One-Shot Bufferize adds to it)
//  "problems": [{"file", "message"}],
//  "summary": {"files", "errors", "warnings", "others"}}

#include "analysis/model/PathNotes.h"
#include "cli/Report.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

using namespace bufferlens;
using json = nlohmann::ordered_json;

static json lspRange(const FileReport &report, SourceRange range) {
  LineColumn begin = report.lines->toUtf16Column(range.begin);
  LineColumn end = report.lines->toUtf16Column(range.end);
  return {{"start", {{"line", begin.line}, {"character", begin.column}}},
          {"end", {{"line", end.line}, {"character", end.column}}}};
}

namespace {
/// Writes `value` as nlohmann's dump with indent 2 would inside a container
/// `depth` levels deep: every line after the first indented by 2 * depth
/// spaces, and the first too when `indentFirst` (an array element). A dump
/// has no raw line breaks inside strings (they are escaped), so its line
/// breaks are all layout.
void writeNested(std::ostream &os, const json &value, int depth,
                 bool indentFirst) {
  // Replace, not throw: a message may quote a symbol whose escapes decode
  // to bytes that are not UTF-8.
  std::string text =
      value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string indent(2 * depth, ' ');
  if (indentFirst)
    os << indent;
  size_t from = 0;
  for (size_t at; (at = text.find('\n', from)) != std::string::npos;
       from = at + 1)
    os.write(text.data() + from, at + 1 - from) << indent;
  os.write(text.data() + from, text.size() - from);
}

/// A top-level member holding an array whose elements `forEach` produces,
/// one at a time: a 100k-line module has tens of thousands of findings,
/// and one tree of them all, copied into the envelope and then dumped,
/// cost more than the analyses that found them.
void writeArrayMember(
    std::ostream &os, const char *key,
    const std::function<void(const std::function<void(const json &)> &)>
        &forEach) {
  os << "  \"" << key << "\": [";
  bool first = true;
  forEach([&](const json &element) {
    os << (first ? "\n" : ",\n");
    first = false;
    writeNested(os, element, 2, /*indentFirst=*/true);
  });
  os << (first ? "]" : "\n  ]");
}

json findingJson(const FileReport &report, const Finding &finding) {
  CompilerPosition begin = compilerPosition(report, finding.range.begin);
  CompilerPosition end = compilerPosition(report, finding.range.end);
  // Where a related location or a path step is: file, line, column, range.
  auto location = [&](const SourceRange &range) {
    CompilerPosition at = compilerPosition(report, range.begin);
    return json{{"file", report.path},
                {"line", at.line},
                {"column", at.column},
                {"range", lspRange(report, range)}};
  };
  json related = json::array();
  for (const RelatedLocation &r : finding.related) {
    json entry = location(r.range);
    entry["message"] = r.message;
    related.push_back(std::move(entry));
  }
  json path = json::array();
  for (const PathStep &step : finding.path) {
    json entry = location(step.range);
    entry["kind"] = toString(step.kind);
    entry["message"] = step.message;
    if (!step.decisions.empty()) {
      json decisions = json::array();
      for (const PathDecision &decision : step.decisions) {
        json d = {{"value", decision.value},
                  {"predicate", decision.predicate},
                  {"constant", decision.constant}};
        if (!decision.than.empty())
          d["than"] = decision.than;
        decisions.push_back(std::move(d));
      }
      entry["decisions"] = std::move(decisions);
    }
    path.push_back(std::move(entry));
  }
  json fixes = json::array();
  for (const Fix &fix : finding.fixes) {
    json edits = json::array();
    for (const TextEdit &edit : fix.edits)
      edits.push_back(
          {{"range", lspRange(report, edit.range)}, {"newText", edit.newText}});
    fixes.push_back({{"title", fix.title}, {"edits", std::move(edits)}});
  }
  return {{"file", report.path},
          {"code", std::string(codeName(finding.code))},
          {"severity", toString(finding.severity)},
          {"source", finding.source},
          {"message", finding.message},
          {"line", begin.line},
          {"column", begin.column},
          {"endLine", end.line},
          {"endColumn", end.column},
          {"range", lspRange(report, finding.range)},
          {"related", std::move(related)},
          {"fixes", std::move(fixes)},
          {"path", std::move(path)}};
}
} // namespace

/// The same bytes as building the whole document and dumping it with
/// indent 2 (test/lit/cli/formats.test compares them), written a finding
/// at a time.
namespace {
/// The document of the comment above, a file at a time: the findings
/// array is written as files come; the functions (a few numbers each), the
/// problems (a line per unreadable file) and the summary at the end.
class JsonWriter : public ReportWriter {
public:
  explicit JsonWriter(std::ostream &os) : os(os) {
    os << "{\n  \"version\": 1,\n  \"findings\": [";
  }
  void file(const FileReport &report) override {
    if (!report.ioError.empty()) {
      problems.push_back({{"file", report.path}, {"message", report.ioError}});
      return;
    }
    for (const TensorCounts &counts : report.functions)
      functions.push_back({{"file", report.path},
                           {"function", counts.function},
                           {"allocations", counts.allocations},
                           {"copies", counts.copies},
                           {"allocatedBytes", counts.allocatedBytes},
                           {"copiedBytes", counts.copiedBytes},
                           {"bufferizes", counts.bufferizes}});
    for (const Finding &finding : report.findings) {
      os << (first ? "\n" : ",\n");
      first = false;
      writeNested(os, findingJson(report, finding), 2, /*indentFirst=*/true);
    }
  }
  void finish(const ReportSummary &summary) override {
    os << (first ? "]" : "\n  ]");
    os << ",\n";
    writeArrayMember(os, "functions", [&](const auto &emit) {
      for (const json &counts : functions)
        emit(counts);
    });
    os << ",\n";
    writeArrayMember(os, "problems", [&](const auto &emit) {
      for (const json &problem : problems)
        emit(problem);
    });
    json summaryJson = {{"files", summary.files},
                        {"errors", summary.errors},
                        {"warnings", summary.warnings},
                        {"others", summary.others}};
    os << ",\n  \"summary\": ";
    writeNested(os, summaryJson, 1, /*indentFirst=*/false);
    os << "\n}\n";
  }

private:
  std::ostream &os;
  bool first = true;
  std::vector<json> functions;
  std::vector<json> problems;
};
} // namespace

std::unique_ptr<ReportWriter> bufferlens::makeJsonWriter(std::ostream &os) {
  return std::make_unique<JsonWriter>(os);
}

void bufferlens::writeJson(std::ostream &os,
                           const std::vector<FileReport> &reports) {
  JsonWriter writer(os);
  for (const FileReport &report : reports)
    writer.file(report);
  writer.finish(summarize(reports));
}

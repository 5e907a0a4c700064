//===- JsonOutput.cpp - Machine-readable findings -------------------------===//
//
// {"version": 1,
//  "findings": [{"file", "code", "severity", "source", "message",
//                "line", "column", "endLine", "endColumn",   (1-based, bytes)
//                "range": {"start": {"line", "character"}, "end": ...},
//                                              (0-based LSP, UTF-16)
//                "related": [{"file", "line", "column", "range", "message"}],
//                "fixes": [{"title", "edits": [{"range", "newText"}]}]}],
//  "problems": [{"file", "message"}],
//  "summary": {"files", "errors", "warnings", "others"}}

#include "cli/Report.h"

#include <nlohmann/json.hpp>

#include <ostream>

using namespace bufferlens;
using json = nlohmann::ordered_json;

static json lspRange(const FileReport &report, SourceRange range) {
  LineColumn begin = report.lines->toUtf16Column(range.begin);
  LineColumn end = report.lines->toUtf16Column(range.end);
  return {{"start", {{"line", begin.line}, {"character", begin.column}}},
          {"end", {{"line", end.line}, {"character", end.column}}}};
}

void bufferlens::writeJson(std::ostream &os,
                           const std::vector<FileReport> &reports) {
  json findings = json::array();
  json problems = json::array();
  for (const FileReport &report : reports) {
    if (!report.ioError.empty()) {
      problems.push_back({{"file", report.path}, {"message", report.ioError}});
      continue;
    }
    for (const Finding &finding : report.findings) {
      CompilerPosition begin = compilerPosition(report, finding.range.begin);
      CompilerPosition end = compilerPosition(report, finding.range.end);
      json related = json::array();
      for (const RelatedLocation &r : finding.related) {
        CompilerPosition at = compilerPosition(report, r.range.begin);
        related.push_back({{"file", report.path},
                           {"line", at.line},
                           {"column", at.column},
                           {"range", lspRange(report, r.range)},
                           {"message", r.message}});
      }
      json fixes = json::array();
      for (const Fix &fix : finding.fixes) {
        json edits = json::array();
        for (const TextEdit &edit : fix.edits)
          edits.push_back({{"range", lspRange(report, edit.range)},
                           {"newText", edit.newText}});
        fixes.push_back({{"title", fix.title}, {"edits", edits}});
      }
      findings.push_back({{"file", report.path},
                          {"code", std::string(codeName(finding.code))},
                          {"severity", toString(finding.severity)},
                          {"source", finding.source},
                          {"message", finding.message},
                          {"line", begin.line},
                          {"column", begin.column},
                          {"endLine", end.line},
                          {"endColumn", end.column},
                          {"range", lspRange(report, finding.range)},
                          {"related", related},
                          {"fixes", fixes}});
    }
  }
  ReportSummary summary = summarize(reports);
  json out = {{"version", 1},
              {"findings", findings},
              {"problems", problems},
              {"summary",
               {{"files", summary.files},
                {"errors", summary.errors},
                {"warnings", summary.warnings},
                {"others", summary.others}}}};
  // Replace, not throw: a message may quote a symbol whose escapes decode
  // to bytes that are not UTF-8.
  os << out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
     << "\n";
}

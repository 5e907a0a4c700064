//===- SarifOutput.cpp - SARIF 2.1.0 for code scanning --------------------===//
//
// One run with one rule per finding code (plus "mlir" for MLIR's own parse
// and verifier errors); results point at 1-based lines and UTF-16 columns,
// the column kind GitHub code scanning assumes. A finding's path is its
// codeFlows: one threadFlow whose locations are the path's key events.

#include "Version.h"
#include "analysis/model/FindingCodes.h"
#include "cli/Report.h"

#include <nlohmann/json.hpp>

#include <ostream>

using namespace bufferlens;
using json = nlohmann::ordered_json;

static const char *sarifLevel(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  default:
    return "note";
  }
}

static json region(const FileReport &report, SourceRange range) {
  LineColumn begin = report.lines->toUtf16Column(range.begin);
  LineColumn end = report.lines->toUtf16Column(range.end);
  return {{"startLine", begin.line + 1},
          {"startColumn", begin.column + 1},
          {"endLine", end.line + 1},
          {"endColumn", end.column + 1}};
}

static json location(const FileReport &report, SourceRange range) {
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", report.path}}},
            {"region", region(report, range)}}}};
}

// A step's kinds among SARIF 2.1.0's well-known threadFlowLocation kinds
// (section 3.38.8); the finding's own event, the path's last, is "danger".
static json sarifKinds(PathStepKind kind, bool last) {
  json kinds = json::array();
  switch (kind) {
  case PathStepKind::Enter:
    kinds.push_back("enter");
    break;
  case PathStepKind::Allocate:
    kinds.push_back("acquire");
    kinds.push_back("memory");
    break;
  case PathStepKind::Branch:
  case PathStepKind::Loop:
    kinds.push_back("branch");
    break;
  case PathStepKind::Call:
    kinds.push_back("call");
    break;
  case PathStepKind::Return:
    kinds.push_back("return");
    break;
  case PathStepKind::Free:
    kinds.push_back("release");
    kinds.push_back("memory");
    break;
  case PathStepKind::Write:
  case PathStepKind::Read:
  case PathStepKind::Use:
    kinds.push_back("memory");
    break;
  case PathStepKind::Exit:
    kinds.push_back("exit");
    break;
  }
  if (last)
    kinds.push_back("danger");
  return kinds;
}

// One codeFlow with one threadFlow: the one path the finding's message
// names, as its key events.
static json codeFlows(const FileReport &report, const Finding &finding) {
  json locations = json::array();
  for (size_t i = 0; i < finding.path.size(); ++i) {
    const PathStep &step = finding.path[i];
    json at = location(report, step.range);
    at["message"] = {{"text", step.message}};
    locations.push_back(
        {{"location", std::move(at)},
         {"kinds", sarifKinds(step.kind, i + 1 == finding.path.size())},
         {"executionOrder", i + 1}});
  }
  return json::array(
      {{{"threadFlows",
         json::array({{{"locations", std::move(locations)}}})}}});
}

void bufferlens::writeSarif(std::ostream &os,
                            const std::vector<FileReport> &reports) {
  json rules = json::array();
  std::vector<std::string> ruleIds;
  for (const FindingCodeInfo &info : allFindingCodes()) {
    ruleIds.emplace_back(info.name);
    rules.push_back({{"id", std::string(info.name)},
                     {"name", std::string(info.title)},
                     {"shortDescription", {{"text", std::string(info.title)}}},
                     {"fullDescription", {{"text", std::string(info.help)}}},
                     {"help", {{"text", std::string(info.help)}}},
                     {"defaultConfiguration",
                      {{"level", sarifLevel(info.defaultSeverity)}}}});
  }
  ruleIds.emplace_back("mlir");
  rules.push_back(
      {{"id", "mlir"},
       {"name", "mlir diagnostic"},
       {"shortDescription", {{"text", "MLIR parse or verifier error"}}},
       {"fullDescription",
        {{"text", "The file does not parse or verify as MLIR."}}},
       {"help", {{"text", "Fix the IR so that mlir-opt accepts it."}}},
       {"defaultConfiguration", {{"level", "error"}}}});

  json results = json::array();
  json notifications = json::array();
  for (const FileReport &report : reports) {
    if (!report.ioError.empty()) {
      notifications.push_back(
          {{"level", "error"},
           {"message", {{"text", report.path + ": " + report.ioError}}}});
      continue;
    }
    for (const Finding &finding : report.findings) {
      std::string ruleId = finding.code == FindingCode::None
                               ? "mlir"
                               : std::string(codeName(finding.code));
      size_t ruleIndex =
          std::find(ruleIds.begin(), ruleIds.end(), ruleId) - ruleIds.begin();
      json related = json::array();
      for (size_t i = 0; i < finding.related.size(); ++i) {
        json loc = location(report, finding.related[i].range);
        loc["id"] = i + 1;
        loc["message"] = {{"text", finding.related[i].message}};
        related.push_back(std::move(loc));
      }
      json result = {
          {"ruleId", ruleId},
          {"ruleIndex", ruleIndex},
          {"level", sarifLevel(finding.severity)},
          {"message", {{"text", finding.message}}},
          {"locations", json::array({location(report, finding.range)})}};
      if (!related.empty())
        result["relatedLocations"] = std::move(related);
      if (!finding.path.empty())
        result["codeFlows"] = codeFlows(report, finding);
      results.push_back(std::move(result));
    }
  }

  json run = {{"tool",
               {{"driver",
                 {{"name", "BufferLens"},
                  {"version", BUFFERLENS_VERSION},
                  {"rules", std::move(rules)}}}}},
              {"columnKind", "utf16CodeUnits"},
              {"results", std::move(results)}};
  if (!notifications.empty())
    run["invocations"] = json::array(
        {{{"executionSuccessful", false},
          {"toolExecutionNotifications", std::move(notifications)}}});
  json sarif = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", json::array({std::move(run)})}};
  // Replace, not throw: a message may quote a symbol whose escapes decode
  // to bytes that are not UTF-8.
  os << sarif.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
     << "\n";
}

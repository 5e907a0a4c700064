//===- Verify.cpp ---------------------------------------------------------===//

#include "cli/Verify.h"

#include <regex>

using namespace bufferlens;

static std::string locationPrefix(const FileReport &report, uint32_t offset) {
  CompilerPosition position = compilerPosition(report, offset);
  return report.path + ":" + std::to_string(position.line) + ":" +
         std::to_string(position.column) + ": ";
}

std::vector<Expectation>
bufferlens::parseExpectations(const FileReport &report,
                              std::vector<std::string> &problems) {
  static const std::regex annotation(
      R"(expected-(error|warning|remark|note)\s*(@[+-]?[0-9]+|@above|@below)?\s*\{\{(.*?)\}\})");
  std::vector<Expectation> out;
  const LineIndex &lines = *report.lines;
  for (uint32_t line = 0; line < lines.lineCount(); ++line) {
    std::string text(lines.lineText(line));
    size_t comment = text.find("//");
    if (comment == std::string::npos)
      continue;
    auto begin =
        std::sregex_iterator(text.begin() + comment, text.end(), annotation);
    for (auto it = begin; it != std::sregex_iterator(); ++it) {
      const std::smatch &m = *it;
      uint32_t start = lines.lineStart(line) + comment + m.position(0);
      Expectation e{m[1].str(),
                    line,
                    m[3].str(),
                    {start, static_cast<uint32_t>(start + m.length(0))}};
      std::string offset = m[2].str();
      if (offset == "@above") {
        e.line = line - 1;
      } else if (offset == "@below") {
        e.line = line + 1;
      } else if (!offset.empty()) {
        long delta = std::stol(offset.substr(1));
        long target = (offset[1] == '+' || offset[1] == '-')
                          ? static_cast<long>(line) + delta
                          : delta - 1; // @N: an absolute 1-based line.
        if (target < 0 || target >= static_cast<long>(lines.lineCount())) {
          problems.push_back(locationPrefix(report, start) +
                             "error: expected diagnostic line is outside "
                             "the file");
          continue;
        }
        e.line = target;
      }
      if (e.line >= lines.lineCount() && offset == "@above") {
        problems.push_back(locationPrefix(report, start) +
                           "error: @above on the first line");
        continue;
      }
      out.push_back(std::move(e));
    }
  }
  return out;
}

static const char *expectationKind(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  default:
    return "remark";
  }
}

std::vector<std::string> bufferlens::verifyReport(const FileReport &report) {
  std::vector<std::string> failures;
  std::vector<Expectation> expected = parseExpectations(report, failures);

  // Each finding consumes the first unmatched expectation of its kind on its
  // line whose text it contains.
  auto consume = [&](const char *kind, SourceRange range,
                     const std::string &message) {
    uint32_t line = report.lines->toByteColumn(range.begin).line;
    for (Expectation &e : expected)
      if (!e.matched && e.kind == kind && e.line == line &&
          message.find(e.text) != std::string::npos) {
        e.matched = true;
        return;
      }
    failures.push_back(locationPrefix(report, range.begin) +
                       "error: unexpected " + kind + ": " + message);
  };
  for (const Finding &finding : report.findings) {
    std::string message = finding.message;
    if (finding.code != FindingCode::None)
      message += " [" + std::string(codeName(finding.code)) + "]";
    consume(expectationKind(finding.severity), finding.range, message);
    for (const RelatedLocation &related : finding.related)
      consume("note", related.range, related.message);
  }
  for (const Expectation &e : expected)
    if (!e.matched)
      failures.push_back(locationPrefix(report, e.annotation.begin) +
                         "error: expected " + e.kind + " \"" + e.text +
                         "\" was not produced");
  return failures;
}

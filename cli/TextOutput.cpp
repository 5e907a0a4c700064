//===- TextOutput.cpp - Compiler-style diagnostics ------------------------===//
//
//   file:line:col: error: message [BL102]
//     line of source
//     ^~~~~~
//   file:line:col: note: related message
//

#include "cli/Report.h"

#include <ostream>

using namespace bufferlens;

CompilerPosition bufferlens::compilerPosition(const FileReport &report,
                                              uint32_t offset) {
  LineColumn position = report.lines->toByteColumn(offset);
  return {position.line + 1, position.column + 1};
}

ReportSummary bufferlens::summarize(const std::vector<FileReport> &reports) {
  ReportSummary summary;
  for (const FileReport &report : reports) {
    ++summary.files;
    if (!report.ioError.empty())
      ++summary.ioErrors;
    for (const Finding &finding : report.findings) {
      if (finding.severity == Severity::Error)
        ++summary.errors;
      else if (finding.severity == Severity::Warning)
        ++summary.warnings;
      else
        ++summary.others;
    }
  }
  return summary;
}

static void writeSnippet(std::ostream &os, const FileReport &report,
                         SourceRange range) {
  LineColumn begin = report.lines->toByteColumn(range.begin);
  std::string_view line = report.lines->lineText(begin.line);
  os << line << "\n";
  uint32_t lineEnd = report.lines->lineStart(begin.line) + line.size();
  uint32_t end = std::min(std::max(range.end, range.begin + 1), lineEnd);
  std::string marker;
  for (uint32_t i = 0; i < begin.column; ++i)
    marker += line[i] == '\t' ? '\t' : ' ';
  marker += '^';
  for (uint32_t i = range.begin + 1; i < end; ++i)
    marker += '~';
  os << marker << "\n";
}

static void writeLocated(std::ostream &os, const FileReport &report,
                         SourceRange range, const char *kind,
                         const std::string &message, const std::string &code) {
  CompilerPosition position = compilerPosition(report, range.begin);
  os << report.path << ":" << position.line << ":" << position.column << ": "
     << kind << ": " << message;
  if (!code.empty())
    os << " [" << code << "]";
  os << "\n";
  writeSnippet(os, report, range);
}

void bufferlens::writeText(std::ostream &os,
                           const std::vector<FileReport> &reports) {
  for (const FileReport &report : reports) {
    if (!report.ioError.empty())
      continue; // Reported on stderr by the driver.
    for (const Finding &finding : report.findings) {
      writeLocated(os, report, finding.range, toString(finding.severity),
                   finding.message, finding.code);
      for (const RelatedLocation &related : finding.related)
        writeLocated(os, report, related.range, "note", related.message, "");
    }
  }
}

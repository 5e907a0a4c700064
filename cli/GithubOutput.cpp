//===- GithubOutput.cpp - GitHub Actions workflow commands ----------------===//
//
// One `::error file=...,line=...,col=...,endLine=...,endColumn=...,
// title=...::message` line per finding; GitHub shows them as annotations on
// the pull request. Related locations become notices of their own.

#include "analysis/model/PathNotes.h"
#include "cli/Report.h"

#include <ostream>

using namespace bufferlens;

// The escaping GitHub's runner applies to workflow command data and
// properties (actions/toolkit, command.ts).
static std::string escapeData(const std::string &s) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

static std::string escapeProperty(const std::string &s) {
  std::string out;
  for (char c : escapeData(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

static const char *command(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  default:
    return "notice";
  }
}

static void writeCommand(std::ostream &os, const FileReport &report,
                         const char *kind, SourceRange range,
                         const std::string &title, const std::string &message) {
  CompilerPosition begin = compilerPosition(report, range.begin);
  CompilerPosition end = compilerPosition(report, range.end);
  os << "::" << kind << " file=" << escapeProperty(report.path)
     << ",line=" << begin.line << ",col=" << begin.column
     << ",endLine=" << end.line << ",endColumn=" << end.column
     << ",title=" << escapeProperty(title) << "::" << escapeData(message)
     << "\n";
}

namespace {
class GithubWriter : public ReportWriter {
public:
  explicit GithubWriter(std::ostream &os) : os(os) {}
  void file(const FileReport &report) override {
    if (!report.ioError.empty()) {
      os << "::error file=" << escapeProperty(report.path)
         << ",title=bufferlens::" << escapeData(report.ioError) << "\n";
      return;
    }
    for (const Finding &finding : report.findings) {
      std::string title = finding.code == FindingCode::None
                              ? "mlir"
                              : std::string(codeName(finding.code));
      writeCommand(os, report, command(finding.severity), finding.range, title,
                   finding.message);
      for (const RelatedLocation &note : notesOf(finding))
        writeCommand(os, report, "notice", note.range, title + " note",
                     note.message);
    }
  }
  void finish(const ReportSummary &) override {}

private:
  std::ostream &os;
};
} // namespace

std::unique_ptr<ReportWriter> bufferlens::makeGithubWriter(std::ostream &os) {
  return std::make_unique<GithubWriter>(os);
}

void bufferlens::writeGithub(std::ostream &os,
                             const std::vector<FileReport> &reports) {
  GithubWriter writer(os);
  for (const FileReport &report : reports)
    writer.file(report);
}

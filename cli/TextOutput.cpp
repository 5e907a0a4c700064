//===- TextOutput.cpp - Compiler-style diagnostics ------------------------===//
//
//   file:line:col: error: message [BL102]
//     line of source
//     ^~~~~~
//   file:line:col: note: related message
//
// A finding with a path has its steps as numbered notes first
// ("note: 1. %a is allocated here"), then the related locations no step
// points at (PathNotes.h).
//
// A source line longer than kSnippetBytes is shown cut around the caret:
//     ...%5 = memref.alloc() : memref<8xf32> %6 = memref.al...
//        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
//

#include "analysis/model/PathNotes.h"
#include "cli/Report.h"

#include <algorithm>
#include <ostream>
#include <string>

using namespace bufferlens;

CompilerPosition bufferlens::compilerPosition(const FileReport &report,
                                              uint32_t offset) {
  LineColumn position = report.lines->toByteColumn(offset);
  return {position.line + 1, position.column + 1};
}

void bufferlens::addToSummary(ReportSummary &summary,
                              const FileReport &report) {
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

ReportSummary bufferlens::summarize(const std::vector<FileReport> &reports) {
  ReportSummary summary;
  for (const FileReport &report : reports)
    addToSummary(summary, report);
  return summary;
}

// A line longer than this is shown as a window of this many bytes around
// the start of the range, "..." marking what is cut: a finding on a 10 MB
// generated line prints ~kSnippetBytes, not the line (once per finding,
// quadratic in the line's length). rustc cuts long lines the same way.
static constexpr uint32_t kSnippetBytes = 160;
// How much of the window lies before the caret.
static constexpr uint32_t kSnippetLead = 40;

static bool isContinuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// Both write into a string that goes to the stream once per file: a
// stream insertion per piece was a third of a 10k-line lint's output time.
static void writeSnippet(std::string &out, const FileReport &report,
                         SourceRange range) {
  LineColumn begin = report.lines->toByteColumn(range.begin);
  std::string_view line = report.lines->lineText(begin.line);
  uint32_t lineStart = report.lines->lineStart(begin.line);
  uint32_t column = std::min<uint32_t>(begin.column, line.size());
  // The window [from, to) of the line, cut at UTF-8 sequence boundaries.
  uint32_t from = 0, to = line.size();
  if (line.size() > kSnippetBytes) {
    from = column > kSnippetLead ? column - kSnippetLead : 0;
    while (from > 0 && isContinuationByte(line[from]))
      --from;
    to = std::min<uint32_t>(line.size(), from + kSnippetBytes);
    while (to < line.size() && isContinuationByte(line[to]))
      ++to;
  }
  std::string_view cutBefore = from > 0 ? "..." : "";
  out += cutBefore;
  out += line.substr(from, to - from);
  out += to < line.size() ? "...\n" : "\n";
  out.append(cutBefore.size(), ' ');
  for (uint32_t i = from; i < column; ++i)
    out += line[i] == '\t' ? '\t' : ' ';
  out += '^';
  uint32_t end = std::min(std::max(range.end, range.begin + 1), lineStart + to);
  if (end > range.begin + 1)
    out.append(end - range.begin - 1, '~');
  out += '\n';
}

static void writeLocated(std::string &out, const FileReport &report,
                         SourceRange range, const char *kind,
                         const std::string &message, std::string_view code) {
  CompilerPosition position = compilerPosition(report, range.begin);
  out += report.path;
  out += ':';
  out += std::to_string(position.line);
  out += ':';
  out += std::to_string(position.column);
  out += ": ";
  out += kind;
  out += ": ";
  out += message;
  if (!code.empty()) {
    out += " [";
    out += code;
    out += ']';
  }
  out += '\n';
  writeSnippet(out, report, range);
}

namespace {
class TextWriter : public ReportWriter {
public:
  explicit TextWriter(std::ostream &os) : os(os) {}
  void file(const FileReport &report) override {
    if (!report.ioError.empty())
      return; // Reported on stderr by the driver.
    out.clear();
    for (const Finding &finding : report.findings) {
      writeLocated(out, report, finding.range, toString(finding.severity),
                   finding.message, codeName(finding.code));
      for (const RelatedLocation &note : notesOf(finding))
        writeLocated(out, report, note.range, "note", note.message, "");
    }
    os.write(out.data(), static_cast<std::streamsize>(out.size()));
  }
  void finish(const ReportSummary &) override {}

private:
  std::ostream &os;
  std::string out;
};
} // namespace

std::unique_ptr<ReportWriter> bufferlens::makeTextWriter(std::ostream &os) {
  return std::make_unique<TextWriter>(os);
}

void bufferlens::writeText(std::ostream &os,
                           const std::vector<FileReport> &reports) {
  TextWriter writer(os);
  for (const FileReport &report : reports)
    writer.file(report);
}

//===- Report.h - What `bufferlens lint` found in each file ---------------===//

#ifndef BUFFERLENS_CLI_REPORT_H
#define BUFFERLENS_CLI_REPORT_H

#include "analysis/model/LineIndex.h"
#include "analysis/model/Model.h"
#include "ide/Features.h"

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace bufferlens {

struct FileReport {
  std::string path; ///< As the user named it (or as found under a directory).
  /// Set when the file could not be linted (unreadable, binary, ...).
  std::string ioError;
  std::string text;
  std::vector<Finding> findings;
  std::unique_ptr<LineIndex> lines; ///< Over `text`; null on ioError.
  /// What One-Shot Bufferize adds to each function still on tensors
  /// (`--format json`'s "functions", `--baseline`).
  std::vector<TensorCounts> functions;
};

enum class OutputFormat { Text, Json, Sarif, Github };

struct ReportSummary {
  size_t files = 0, errors = 0, warnings = 0, others = 0, ioErrors = 0;
};
ReportSummary summarize(const std::vector<FileReport> &reports);
/// Counts `report` into `summary`.
void addToSummary(ReportSummary &summary, const FileReport &report);

/// Writes reports a file at a time, in the order given, each as soon as it
/// is known: a run that is killed or stopped has printed every file before
/// the one it was on, and a printed file's text and findings can be freed.
/// The bytes are those of the whole-run writers below.
class ReportWriter {
public:
  virtual ~ReportWriter() = default;
  virtual void file(const FileReport &report) = 0;
  /// After the last file; `summary` counts them all.
  virtual void finish(const ReportSummary &summary) = 0;
};
std::unique_ptr<ReportWriter> makeTextWriter(std::ostream &os);
std::unique_ptr<ReportWriter> makeJsonWriter(std::ostream &os);
std::unique_ptr<ReportWriter> makeGithubWriter(std::ostream &os);

void writeText(std::ostream &os, const std::vector<FileReport> &reports);
void writeJson(std::ostream &os, const std::vector<FileReport> &reports);
void writeSarif(std::ostream &os, const std::vector<FileReport> &reports);
void writeGithub(std::ostream &os, const std::vector<FileReport> &reports);

/// 1-based line and byte column, as compilers print them.
struct CompilerPosition {
  uint32_t line, column;
};
CompilerPosition compilerPosition(const FileReport &report, uint32_t offset);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_REPORT_H

//===- LintCommand.cpp - `bufferlens lint` --------------------------------===//

#include "analysis/Analyzer.h"
#include "analysis/FunctionBudget.h"
#include "analysis/parts/Partition.h"
#include "cli/ApplyFixes.h"
#include "cli/Baseline.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/FileCollector.h"
#include "cli/GraphExport.h"
#include "cli/LintWorkers.h"
#include "cli/Report.h"
#include "cli/SourceFile.h"
#include "cli/UnifiedDiff.h"
#include "cli/Verify.h"
#include "cli/WriteFixedFile.h"
#include "config/Config.h"
#include "ide/CrashIsolation.h"
#include "ide/IncrementalAnalysis.h"
#include "ide/TakeFindings.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

using namespace bufferlens;

namespace cl = llvm::cl;

namespace {
struct LintArgs {
  std::vector<std::string> paths;
  OutputFormat format = OutputFormat::Text;
  unsigned jobs = 0;
  unsigned shardIndex = 1, shardCount = 1;
  bool werror = false, verify = false;
  std::vector<std::pair<std::string, bool>> toggles; // code, enabled
  std::string configFile;
  std::optional<StageOverride> stage;
  std::string graphsDir;
  enum class FixMode { None, Apply, DryRun } fix = FixMode::None;
  std::string baselineFile, writeBaselineFile;
  bool baselineStrict = false;
};

/// What `--fix` did to one file.
struct FileFixes {
  size_t applied = 0, skipped = 0;
  std::string original; ///< The text as read, when fixes changed it.
  FileStamp stamp;      ///< The file as read, to see it unchanged on writing.
  /// Set when the fixed text has MLIR errors the original has not: the
  /// file keeps its text and findings.
  std::string rejection;
};
} // namespace

static cl::list<std::string> inputPaths(cl::Positional, cl::desc("<PATH...>"),
                                        cl::sub(lintCommand()),
                                        cl::cat(optionCategory()));
static cl::opt<OutputFormat> outputFormat(
    "format", cl::desc("output format (default: text)"),
    cl::value_desc("FORMAT"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "one line per finding"),
               clEnumValN(OutputFormat::Json, "json", "a JSON document"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0"),
               clEnumValN(OutputFormat::Github, "github",
                          "GitHub Actions workflow commands")),
    cl::init(OutputFormat::Text), cl::sub(lintCommand()),
    cl::cat(optionCategory()));
static cl::opt<unsigned>
    jobCount("jobs",
             cl::desc("workers: files, and parts of large files, analysed in "
                      "parallel (default: all cores; at most 8 per file)"),
             cl::value_desc("N"), cl::init(0), cl::sub(lintCommand()),
             cl::cat(optionCategory()));
static cl::alias jobCountShort("j", cl::desc("alias for --jobs"),
                               cl::aliasopt(jobCount),
                               cl::cat(optionCategory()));
static cl::opt<std::string>
    shardOption("shard",
                cl::desc("lint only the I-th of N slices of the sorted file "
                         "list"),
                cl::value_desc("I/N"), cl::sub(lintCommand()),
                cl::cat(optionCategory()));
static cl::opt<bool> werrorFlag("werror",
                                cl::desc("exit 1 on findings of any severity"),
                                cl::sub(lintCommand()),
                                cl::cat(optionCategory()));
static cl::list<std::string> enabledCodes(
    "enable",
    cl::desc("enable a finding code (repeatable; comma lists allowed)"),
    cl::value_desc("CODE"), cl::CommaSeparated, cl::sub(lintCommand()),
    cl::cat(optionCategory()));
static cl::list<std::string>
    disabledCodes("disable",
                  cl::desc("disable a finding code (repeatable; comma lists "
                           "allowed)"),
                  cl::value_desc("CODE"), cl::CommaSeparated,
                  cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<StageOverride> stageOverride(
    "stage", cl::desc("override the per-function stage"),
    cl::values(clEnumValN(StageOverride::Auto, "auto",
                          "per function, from its IR (the default)"),
               clEnumValN(StageOverride::Bufferized, "bufferized",
                          "bufferized IR that frees nothing yet"),
               clEnumValN(StageOverride::Deallocated, "deallocated",
                          "IR past the deallocation passes")),
    cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<bool>
    verifyFlag("verify",
               cl::desc("check `// expected-error {{...}}` annotations instead "
                        "of printing findings"),
               cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<std::string> graphsDirectory(
    "graphs",
    cl::desc("also write each function's graph as SVG into DIR "
             "(FILE-STEM.FUNCTION.input.svg; see `graph --help`)"),
    cl::value_desc("DIR"), cl::sub(lintCommand()), cl::cat(optionCategory()));

static cl::opt<bool> fixFlag(
    "fix",
    cl::desc("apply the fixes of the findings in place, then lint the fixed "
             "files (a fixed text that does not verify is not written)"),
    cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<bool> fixDryRunFlag(
    "fix-dry-run",
    cl::desc("print what --fix would change as a unified diff; write nothing"),
    cl::sub(lintCommand()), cl::cat(optionCategory()));

static cl::opt<std::string> baselineOption(
    "baseline",
    cl::desc("fail when a function still on tensors has more allocations or "
             "copies under One-Shot Bufferize than FILE records"),
    cl::value_desc("FILE"), cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<bool> baselineStrictFlag(
    "baseline-strict",
    cl::desc("with --baseline: a function the baseline does not name fails "
             "when it allocates or copies at all"),
    cl::sub(lintCommand()), cl::cat(optionCategory()));
static cl::opt<std::string> writeBaselineOption(
    "write-baseline",
    cl::desc("record each function's allocations and copies under One-Shot "
             "Bufferize in FILE, for --baseline"),
    cl::value_desc("FILE"), cl::sub(lintCommand()), cl::cat(optionCategory()));

// The function budget's poll backstop (FunctionBudget.h): a stage stops
// after N polls of its meter, at the same point on every machine, which
// the clock cannot promise. For tests that stop one stage of one function;
// hidden, as it is no setting a user needs.
static cl::opt<uint64_t> budgetSteps(
    "budget-steps",
    cl::desc("stop a function's analysis stage after N polls of its budget"),
    cl::value_desc("N"), cl::init(0), cl::Hidden, cl::sub(lintCommand()));

static bool parseUnsigned(const std::string &s, unsigned &out) {
  if (s.empty() || s.size() > 6 ||
      s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = std::stoul(s);
  return true;
}

/// The parsed command line as LintArgs; returns an error message, or empty
/// on success.
static std::string lintArgsFromCommandLine(LintArgs &out) {
  out.paths.assign(inputPaths.begin(), inputPaths.end());
  if (out.paths.empty())
    return "no input files";
  out.format = outputFormat;
  if (jobCount.getNumOccurrences() && jobCount == 0)
    return "--jobs needs a positive number";
  out.jobs = jobCount;
  if (shardOption.getNumOccurrences()) {
    const std::string &value = shardOption;
    size_t slash = value.find('/');
    if (slash == std::string::npos ||
        !parseUnsigned(value.substr(0, slash), out.shardIndex) ||
        !parseUnsigned(value.substr(slash + 1), out.shardCount) ||
        out.shardCount == 0 || out.shardIndex == 0 ||
        out.shardIndex > out.shardCount)
      return "--shard needs I/N with 1 <= I <= N";
  }
  out.werror = werrorFlag;
  out.verify = verifyFlag;
  // --enable and --disable apply in the order given: the later one wins.
  std::vector<std::tuple<unsigned, std::string, bool>> toggles;
  for (size_t i = 0; i < enabledCodes.size(); ++i)
    toggles.emplace_back(enabledCodes.getPosition(i), enabledCodes[i], true);
  for (size_t i = 0; i < disabledCodes.size(); ++i)
    toggles.emplace_back(disabledCodes.getPosition(i), disabledCodes[i], false);
  llvm::sort(toggles);
  for (const auto &[position, code, enabled] : toggles)
    if (!code.empty())
      out.toggles.emplace_back(code, enabled);
  out.configFile = configFileOption();
  if (stageOverride.getNumOccurrences())
    out.stage = stageOverride;
  if (graphsDirectory.getNumOccurrences() && graphsDirectory.empty())
    return "--graphs needs a directory";
  out.graphsDir = graphsDirectory;
  if (fixFlag && fixDryRunFlag)
    return "--fix and --fix-dry-run are exclusive";
  if ((fixFlag || fixDryRunFlag) && out.verify)
    return "--verify checks the text as written: it takes no --fix";
  if (fixFlag)
    out.fix = LintArgs::FixMode::Apply;
  else if (fixDryRunFlag)
    out.fix = LintArgs::FixMode::DryRun;
  if (baselineOption.getNumOccurrences() && baselineOption.empty())
    return "--baseline needs a file";
  if (writeBaselineOption.getNumOccurrences() && writeBaselineOption.empty())
    return "--write-baseline needs a file";
  out.baselineFile = baselineOption;
  out.writeBaselineFile = writeBaselineOption;
  out.baselineStrict = baselineStrictFlag;
  if (out.baselineStrict && out.baselineFile.empty())
    return "--baseline-strict needs --baseline FILE";
  if (!out.baselineFile.empty() && !out.writeBaselineFile.empty())
    return "--baseline and --write-baseline are exclusive";
  if (out.verify &&
      !(out.baselineFile.empty() && out.writeBaselineFile.empty()))
    return "--verify checks annotations: it takes no --baseline or "
           "--write-baseline";
  return "";
}

// Settings for one file: config file, then command-line overrides.
static std::string optionsFor(const std::string &file, const LintArgs &args,
                              AnalysisOptions &options) {
  if (auto error = commandOptionsFor(file, args.configFile, options))
    return *error;
  for (const auto &[code, enabled] : args.toggles)
    if (auto error = setCheck(code, enabled ? "on" : "off", options))
      return *error;
  if (args.stage)
    options.stage = *args.stage;
  return "";
}

/// Set when a file's analysis crashed: its memory is leaked on purpose
/// (ide/CrashIsolation.h), so the process ends without running static
/// destructors over state the crash may have left half-built, and without
/// LeakSanitizer's exit-time check reporting that memory under sanitizers.
static std::atomic<bool> anAnalysisCrashed{false};

/// The part size of a file linted on one thread (WholeRequest): parts of
/// 2 MiB kept the peak of a 10 MB file of small functions within 2x that of
/// upstream's deallocation pass, for 10% more CPU time.
constexpr size_t kSequentialPartBytes = size_t(2) << 20;

/// `threads`: how many workers this file may use; a large file is cut into
/// that many parts analysed in parallel (analysis/parts/Partition.h).
static void lintText(const std::string &path, const std::string &graphStem,
                     const LintArgs &args, unsigned threads,
                     FileReport &report) {
  AnalysisOptions options;
  if (std::string error = optionsFor(path, args, options); !error.empty()) {
    report.ioError = error;
    return;
  }
  // Only JSON prints fixes, and only --fix applies them.
  if (args.fix == LintArgs::FixMode::None && args.format != OutputFormat::Json)
    options.tensorFixes = false;
  // The server's whole analysis (ide/IncrementalAnalysis.h), except that a
  // crash (a stack overflow on deep nesting, an abort inside MLIR) fails
  // this file only: it is reported as its error, the others are linted.
  WholeRequest request;
  request.uri = path;
  request.threads = threads;
  request.crashes = CrashPolicy::FailDocument;
  // The graphs need the whole document's model in one piece; otherwise
  // only the findings are printed.
  request.onePiece = !args.graphsDir.empty();
  request.findingsOnly = !request.onePiece;
  // On one thread, a large file is analysed a part at a time: its peak
  // memory is then about one part's IR and model, not the file's
  // (bench/README.md, "manyfindings").
  request.sequentialPartBytes = kSequentialPartBytes;
  if (request.findingsOnly)
    options.explanations = false;
  // The text is moved into the analysis, not copied, and copied back once
  // the analysis has freed its IR: a large file's text held twice was part
  // of the peak memory (bench/README.md, "select").
  TextRef shared = std::make_shared<const std::string>(std::move(report.text));
  WholeAnalysis analysis = analyzeWhole(shared, options, request);
  report.text = *shared;
  shared.reset();
  if (analysis.crash) {
    anAnalysisCrashed = true;
    report.ioError = "the analysis crashed (" + describeCrash(analysis.crash) +
                     "); this file is not linted";
    report.findings.clear();
    return;
  }
  if (request.onePiece && !analysis.refused)
    for (const std::string &problem :
         exportInputGraphs(*analysis.snapshot->parts()[0].result, path,
                           graphStem, args.graphsDir, viz::GraphFormat::Svg))
      report.ioError += (report.ioError.empty() ? "" : "; ") + problem;
  // Findings-only analyses keep the tensor plans (Analyzer.cpp runs the
  // tensor analysis whatever `explanations` says): the counts are theirs.
  report.functions = tensorCounts(*analysis.snapshot);
  // Moved out, not copied: the rest of the snapshot goes with it.
  report.findings = takeFindings(std::move(analysis.snapshot));
  report.lines = std::make_unique<LineIndex>(report.text);
}

static void lintOne(const std::string &path, const std::string &graphStem,
                    const LintArgs &args, unsigned threads, FileReport &report,
                    FileFixes &fixes) {
  report.path = path;
  if (!readSourceFile(path, report.text, report.ioError, &fixes.stamp))
    return;
  lintText(path, graphStem, args, threads, report);
  if (args.fix == LintArgs::FixMode::None || !report.ioError.empty())
    return;
  // The printed findings and the exit code are the fixed text's; each
  // pass's analysis re-parses and re-verifies it with MLIR.
  FileReport fixed;
  FixedText result = fixUntilStable(
      report.text, report.findings, [&](const std::string &text) {
        fixed = FileReport();
        fixed.path = path;
        fixed.text = text;
        lintText(path, graphStem, args, threads, fixed);
        if (!fixed.ioError.empty())
          return Relint{nullptr,
                        "the fixed text could not be linted: " + fixed.ioError};
        return Relint{&fixed.findings, ""};
      });
  if (!result.rejection.empty()) {
    fixes.rejection = result.rejection;
    if (result.error) {
      CompilerPosition at = compilerPosition(fixed, result.error->range.begin);
      fixes.rejection += " (line " + std::to_string(at.line) + ": " +
                         result.error->message + ")";
    }
    fixes.rejection += "; the fixes are not applied";
    return;
  }
  fixes.applied = result.applied;
  fixes.skipped = result.skipped;
  if (result.passes == 0)
    return;
  fixes.original = std::move(report.text);
  report = std::move(fixed);
}

static int lintFiles();
static int finishLint(const LintArgs &args, const ReportSummary &summary,
                      bool ioProblem);
static int applyBaseline(const LintArgs &args, const Baseline &recorded,
                         const std::vector<FileCounts> &counted, int code);

int bufferlens::runLint() {
  int code = lintFiles();
  if (anAnalysisCrashed) {
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    std::_Exit(code);
  }
  return code;
}

static int lintFiles() {
  LintArgs args;
  if (std::string error = lintArgsFromCommandLine(args); !error.empty())
    return usageError(lintCommand(), error);
  budgetBackstops().polls = budgetSteps;
  // A baseline that cannot be used is said before any file is linted.
  Baseline recorded;
  if (!args.baselineFile.empty())
    if (std::string error = readBaseline(args.baselineFile, recorded);
        !error.empty()) {
      std::cerr << "bufferlens lint: error: " << error << "\n";
      return 2;
    }
  bool budget = !args.baselineFile.empty() || !args.writeBaselineFile.empty();
  // Each linted file's counts, kept (a few numbers per function) after its
  // report is printed and freed.
  std::vector<FileCounts> counted;

  CollectedFiles collected = collectFiles(args.paths);
  for (const std::string &problem : collected.problems)
    std::cerr << "bufferlens lint: " << problem << "\n";
  std::vector<std::string> files =
      shard(collected.files, args.shardIndex, args.shardCount);

  std::vector<FileReport> reports(files.size());
  std::vector<FileFixes> fixes(files.size());
  std::vector<std::string> graphStems = uniqueGraphStems(files);
  LintWorkers workers = planLintWorkers(args.jobs, files.size());
  // Each file's findings are printed as soon as the files before it are
  // (text, JSON, GitHub; not SARIF, one document, nor the fix and verify
  // modes, which print after every file is done): a run killed or stopped
  // on a file keeps what the others found, and a printed file's memory is
  // freed.
  std::unique_ptr<ReportWriter> stream;
  if (args.fix == LintArgs::FixMode::None && !args.verify) {
    if (args.format == OutputFormat::Text)
      stream = makeTextWriter(std::cout);
    else if (args.format == OutputFormat::Json)
      stream = makeJsonWriter(std::cout);
    else if (args.format == OutputFormat::Github)
      stream = makeGithubWriter(std::cout);
  }
  std::mutex doneMutex;
  std::condition_variable doneChanged;
  std::vector<char> done(files.size(), 0);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    AlternateSignalStack altStack; // Where a stack overflow is caught.
    for (size_t i; (i = next++) < files.size();) {
      lintOne(files[i], graphStems[i], args, workers.threadsPerFile, reports[i],
              fixes[i]);
      std::lock_guard<std::mutex> lock(doneMutex);
      done[i] = 1;
      doneChanged.notify_all();
    }
  };
  // Every analysis runs on a thread of ours, with a large stack (the main
  // thread's cannot grow past its limit) and under crash recovery.
  enableCrashRecovery();
  useLargeThreadStacks();
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < workers.fileWorkers; ++t)
    threads.emplace_back(worker);
  if (stream) {
    bool ioProblem = !collected.problems.empty();
    ReportSummary summary;
    for (size_t i = 0; i < files.size(); ++i) {
      {
        std::unique_lock<std::mutex> lock(doneMutex);
        doneChanged.wait(lock, [&] { return done[i] != 0; });
      }
      FileReport &report = reports[i];
      stream->file(report);
      std::cout.flush();
      if (!report.ioError.empty()) {
        std::cerr << report.path << ": error: " << report.ioError << "\n";
        ioProblem = true;
      }
      addToSummary(summary, report);
      if (budget && report.ioError.empty())
        counted.push_back({report.path, std::move(report.functions)});
      report = FileReport(); // Printed: its text and findings go.
    }
    for (std::thread &t : threads)
      t.join();
    stream->finish(summary);
    std::cout.flush();
    return applyBaseline(args, recorded, counted,
                         finishLint(args, summary, ioProblem));
  }
  for (std::thread &t : threads)
    t.join();

  bool ioProblem = !collected.problems.empty();
  size_t fixesApplied = 0, fixesSkipped = 0, filesFixed = 0;
  std::map<std::pair<uint64_t, uint64_t>, std::string> filesWritten;
  for (size_t i = 0; i < files.size(); ++i) {
    if (!fixes[i].rejection.empty()) {
      std::cerr << reports[i].path << ": error: " << fixes[i].rejection << "\n";
      ioProblem = true;
    }
    if (fixes[i].original.empty() && fixes[i].applied == 0) {
      fixesSkipped += fixes[i].skipped;
      continue;
    }
    if (args.fix == LintArgs::FixMode::Apply) {
      // Two names of one file (a symlink and its target, two hard links)
      // are written once: the second write would find the file changed.
      std::pair<uint64_t, uint64_t> identity{fixes[i].stamp.device,
                                             fixes[i].stamp.inode};
      if (auto it = filesWritten.find(identity); it != filesWritten.end()) {
        std::cerr << files[i] << ": note: the same file as " << it->second
                  << ", fixed there\n";
        continue;
      }
      if (std::string error = writeFixedFile(files[i], fixes[i].original,
                                             fixes[i].stamp, reports[i].text);
          !error.empty()) {
        reports[i].ioError = error;
        continue;
      }
      filesWritten.emplace(identity, files[i]);
    }
    fixesApplied += fixes[i].applied;
    fixesSkipped += fixes[i].skipped;
    ++filesFixed;
  }
  for (const FileReport &report : reports)
    if (!report.ioError.empty()) {
      std::cerr << report.path << ": error: " << report.ioError << "\n";
      ioProblem = true;
    }
  if (args.fix != LintArgs::FixMode::None) {
    std::cerr << fixesApplied << " fix" << (fixesApplied == 1 ? "" : "es")
              << (args.fix == LintArgs::FixMode::DryRun ? " would be" : "")
              << " applied in " << filesFixed << " file"
              << (filesFixed == 1 ? "" : "s");
    if (fixesSkipped)
      std::cerr << ", " << fixesSkipped << " skipped (overlapping a fix "
                << "applied before)";
    std::cerr << "\n";
  }

  if (args.verify) {
    size_t failed = 0;
    for (const FileReport &report : reports) {
      if (!report.ioError.empty())
        continue;
      std::vector<std::string> failures = verifyReport(report);
      for (const std::string &failure : failures)
        std::cout << failure << "\n";
      failed += !failures.empty();
    }
    if (ioProblem)
      return 2;
    return failed ? 1 : 0;
  }

  // The dry run prints only the patch, so that it can be applied as it is.
  if (args.fix == LintArgs::FixMode::DryRun) {
    for (size_t i = 0; i < files.size(); ++i)
      if (!fixes[i].original.empty())
        std::cout << unifiedDiff(files[i], fixes[i].original, reports[i].text);
  } else {
    switch (args.format) {
    case OutputFormat::Text:
      writeText(std::cout, reports);
      break;
    case OutputFormat::Json:
      writeJson(std::cout, reports);
      break;
    case OutputFormat::Sarif:
      writeSarif(std::cout, reports);
      break;
    case OutputFormat::Github:
      writeGithub(std::cout, reports);
      break;
    }
  }
  std::cout.flush();

  if (budget)
    for (const FileReport &report : reports)
      if (report.ioError.empty())
        counted.push_back({report.path, report.functions});
  return applyBaseline(args, recorded, counted,
                       finishLint(args, summarize(reports), ioProblem));
}

/// --write-baseline and --baseline, once every file's findings are out:
/// `code` is lint's exit code so far.
static int applyBaseline(const LintArgs &args, const Baseline &recorded,
                         const std::vector<FileCounts> &counted, int code) {
  if (!args.writeBaselineFile.empty()) {
    if (std::string error =
            writeBaseline(args.writeBaselineFile, baselineOf(counted));
        !error.empty()) {
      std::cerr << "bufferlens lint: error: " << error << "\n";
      return 2;
    }
    return code;
  }
  if (args.baselineFile.empty())
    return code;
  BaselineVerdict verdict = compareWithBaseline(
      recorded, counted, args.baselineStrict, args.baselineFile);
  for (const std::string &line : verdict.lines)
    std::cerr << line << "\n";
  return verdict.failed ? std::max(code, 1) : code;
}

/// The summary line and the exit code.
static int finishLint(const LintArgs &args, const ReportSummary &summary,
                      bool ioProblem) {
  if (args.format == OutputFormat::Text)
    std::cerr << summary.files << " file" << (summary.files == 1 ? "" : "s")
              << " linted: " << summary.errors << " error"
              << (summary.errors == 1 ? "" : "s") << ", " << summary.warnings
              << " warning" << (summary.warnings == 1 ? "" : "s") << ", "
              << summary.others << " other finding"
              << (summary.others == 1 ? "" : "s") << "\n";
  // A dialect plugin that did not load is an I/O problem: the files were
  // linted without its dialects.
  if (ioProblem || pluginFailed())
    return 2;
  if (summary.errors || (args.werror && summary.warnings + summary.others))
    return 1;
  return 0;
}

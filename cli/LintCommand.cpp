//===- LintCommand.cpp - `bufferlens lint` --------------------------------===//

#include "analysis/Analyzer.h"
#include "analysis/Partition.h"
#include "cli/Commands.h"
#include "cli/FileCollector.h"
#include "cli/GraphExport.h"
#include "cli/Report.h"
#include "cli/SourceFile.h"
#include "cli/Verify.h"
#include "config/Config.h"
#include "server/CrashIsolation.h"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

using namespace bufferlens;

static const char *kLintUsage = R"(usage: bufferlens lint PATH... [options]

Lints .mlir files (directories are searched recursively) for buffer
ownership problems.

options:
  --format text|json|sarif|github   output format (default: text)
  --jobs N          workers: files, and parts of large files, analysed in
                    parallel (default: all cores)
  --shard I/N       lint only the I-th of N slices of the sorted file list
  --werror          exit 1 on findings of any severity
  --enable CODE     enable a finding code (repeatable; comma lists allowed)
  --disable CODE    disable a finding code (repeatable; comma lists allowed)
  --config FILE     settings file (default: nearest .bufferlens.json)
  --stage auto|bufferized|deallocated   override the per-function stage
  --verify          check `// expected-error {{...}}` annotations instead
                    of printing findings
  --graphs DIR      also write each function's graph as SVG into DIR
                    (FILE-STEM.FUNCTION.input.svg; see `graph --help`)

exit codes: 0 no error findings, 1 error findings (any with --werror, or a
failed --verify), 2 usage or I/O error, or a file whose analysis crashed
(every other file is still linted)
)";

namespace {
struct LintArgs {
  std::vector<std::string> paths;
  OutputFormat format = OutputFormat::Text;
  unsigned jobs = 0;
  unsigned shardIndex = 1, shardCount = 1;
  bool werror = false, verify = false;
  std::vector<std::pair<std::string, bool>> toggles; // code, enabled
  std::string configFile;
  std::string stage;
  std::string graphsDir;
};
} // namespace

static bool parseUnsigned(const std::string &s, unsigned &out) {
  if (s.empty() || s.size() > 6 ||
      s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  out = std::stoul(s);
  return true;
}

// Returns an error message, or empty on success.
static std::string parseLintArgs(const std::vector<std::string> &args,
                                 LintArgs &out) {
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    std::string value;
    bool hasInlineValue = false;
    if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
      value = arg.substr(arg.find('=') + 1);
      arg = arg.substr(0, arg.find('='));
      hasInlineValue = true;
    }
    auto takeValue = [&]() -> bool {
      if (hasInlineValue)
        return true;
      if (i + 1 >= args.size())
        return false;
      value = args[++i];
      return true;
    };
    if (arg == "--werror") {
      out.werror = true;
    } else if (arg == "--verify") {
      out.verify = true;
    } else if (arg == "--format") {
      if (!takeValue())
        return "--format needs a value";
      if (value == "text")
        out.format = OutputFormat::Text;
      else if (value == "json")
        out.format = OutputFormat::Json;
      else if (value == "sarif")
        out.format = OutputFormat::Sarif;
      else if (value == "github")
        out.format = OutputFormat::Github;
      else
        return "unknown format '" + value +
               "': expected text, json, sarif or github";
    } else if (arg == "--jobs" || arg == "-j") {
      if (!takeValue() || !parseUnsigned(value, out.jobs) || out.jobs == 0)
        return "--jobs needs a positive number";
    } else if (arg == "--shard") {
      size_t slash = value.find('/');
      if (!takeValue() || (slash = value.find('/')) == std::string::npos ||
          !parseUnsigned(value.substr(0, slash), out.shardIndex) ||
          !parseUnsigned(value.substr(slash + 1), out.shardCount) ||
          out.shardCount == 0 || out.shardIndex == 0 ||
          out.shardIndex > out.shardCount)
        return "--shard needs I/N with 1 <= I <= N";
    } else if (arg == "--enable" || arg == "--disable") {
      if (!takeValue())
        return arg + " needs a finding code";
      std::stringstream codes(value);
      for (std::string code; std::getline(codes, code, ',');)
        if (!code.empty())
          out.toggles.emplace_back(code, arg == "--enable");
    } else if (arg == "--config") {
      if (!takeValue())
        return "--config needs a file";
      out.configFile = value;
    } else if (arg == "--stage") {
      if (!takeValue() ||
          (value != "auto" && value != "bufferized" && value != "deallocated"))
        return "--stage needs auto, bufferized or deallocated";
      out.stage = value;
    } else if (arg == "--graphs") {
      if (!takeValue() || value.empty())
        return "--graphs needs a directory";
      out.graphsDir = value;
    } else if (arg == "--help" || arg == "-h") {
      return "help";
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option '" + args[i] + "'";
    } else {
      out.paths.push_back(arg);
    }
  }
  if (out.paths.empty())
    return "no input files";
  return "";
}

// Settings for one file: config file, then command-line overrides.
static std::string optionsFor(const std::string &file, const LintArgs &args,
                              AnalysisOptions &options) {
  if (auto error = loadOptionsFor(file, args.configFile, options))
    return *error;
  for (const auto &[code, enabled] : args.toggles)
    if (auto error = setCheck(code, enabled ? "on" : "off", options))
      return *error;
  if (!args.stage.empty())
    options.stage = args.stage == "auto"         ? StageOverride::Auto
                    : args.stage == "bufferized" ? StageOverride::Bufferized
                                                 : StageOverride::Deallocated;
  return "";
}

/// `threads`: how many workers this file may use; a large file is cut into
/// that many parts analysed in parallel (analysis/Partition.h).
static void lintOne(const std::string &path, const std::string &graphStem,
                    const LintArgs &args, unsigned threads,
                    FileReport &report) {
  report.path = path;
  if (!readSourceFile(path, report.text, report.ioError))
    return;
  AnalysisOptions options;
  if (std::string error = optionsFor(path, args, options); !error.empty()) {
    report.ioError = error;
    return;
  }
  // A crash (a stack overflow on deep nesting, an abort inside MLIR) costs
  // this file only: it is reported as its error, the others are linted.
  std::atomic<int> crash{0};
  auto analyse = [&](std::string_view text) {
    AnalysisResult result;
    int retCode = 0;
    if (!analyzeSafely(text, path, options, result, retCode))
      crash = retCode ? retCode : 1;
    return result;
  };
  auto crashed = [&] {
    if (!crash)
      return false;
    report.ioError = "the analysis crashed (" + describeCrash(crash) +
                     "); this file is not linted";
    report.findings.clear();
    return true;
  };
  if (!args.graphsDir.empty()) {
    // The graphs need the whole document's model in one piece.
    AnalysisResult result = analyse(report.text);
    if (crashed())
      return;
    for (const std::string &problem : exportInputGraphs(
             result, path, graphStem, args.graphsDir, viz::GraphFormat::Svg))
      report.ioError += (report.ioError.empty() ? "" : "; ") + problem;
    report.findings = std::move(result.findings);
  } else {
    options.explanations = false; // Only the findings are printed.
    std::vector<PartPlan> plans =
        canAnalyseInParts(options)
            ? planParts(report.text, threads)
            : std::vector<PartPlan>{{{0, uint32_t(report.text.size())}, {}}};
    std::thread::id caller = std::this_thread::get_id();
    std::vector<AnalysisResult> results =
        analyzeParts(report.text, plans, [&](std::string_view text) {
          // Part threads need their own stack for crash recovery.
          std::optional<AlternateSignalStack> stack;
          if (std::this_thread::get_id() != caller)
            stack.emplace();
          return analyse(text);
        });
    if (crashed())
      return;
    report.findings = mergeFindings(plans, results);
  }
  report.lines = std::make_unique<LineIndex>(report.text);
}

int bufferlens::runLint(const std::vector<std::string> &rawArgs) {
  LintArgs args;
  std::string error = parseLintArgs(rawArgs, args);
  if (error == "help") {
    std::cout << kLintUsage;
    return 0;
  }
  if (!error.empty()) {
    std::cerr << "bufferlens lint: " << error << "\n" << kLintUsage;
    return 2;
  }

  CollectedFiles collected = collectFiles(args.paths);
  for (const std::string &problem : collected.problems)
    std::cerr << "bufferlens lint: " << problem << "\n";
  std::vector<std::string> files =
      shard(collected.files, args.shardIndex, args.shardCount);

  std::vector<FileReport> reports(files.size());
  std::vector<std::string> graphStems = uniqueGraphStems(files);
  unsigned jobs =
      args.jobs ? args.jobs : std::max(1u, std::thread::hardware_concurrency());
  // Fewer files than jobs: the spare workers analyse parts of the files.
  unsigned threadsPerFile =
      std::max<unsigned>(1, jobs / std::max<size_t>(1, files.size()));
  jobs = std::min<unsigned>(jobs, std::max<size_t>(1, files.size()));
  std::atomic<size_t> next{0};
  auto worker = [&] {
    AlternateSignalStack altStack; // Where a stack overflow is caught.
    for (size_t i; (i = next++) < files.size();)
      lintOne(files[i], graphStems[i], args, threadsPerFile, reports[i]);
  };
  // Every analysis runs on a thread of ours, with a large stack (the main
  // thread's cannot grow past its limit) and under crash recovery.
  enableCrashRecovery();
  useLargeThreadStacks();
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t)
    threads.emplace_back(worker);
  for (std::thread &t : threads)
    t.join();

  bool ioProblem = !collected.problems.empty();
  for (const FileReport &report : reports)
    if (!report.ioError.empty()) {
      std::cerr << report.path << ": error: " << report.ioError << "\n";
      ioProblem = true;
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
  std::cout.flush();

  ReportSummary summary = summarize(reports);
  if (args.format == OutputFormat::Text)
    std::cerr << summary.files << " file" << (summary.files == 1 ? "" : "s")
              << " linted: " << summary.errors << " error"
              << (summary.errors == 1 ? "" : "s") << ", " << summary.warnings
              << " warning" << (summary.warnings == 1 ? "" : "s") << ", "
              << summary.others << " other finding"
              << (summary.others == 1 ? "" : "s") << "\n";
  if (ioProblem)
    return 2;
  if (summary.errors || (args.werror && summary.warnings + summary.others))
    return 1;
  return 0;
}

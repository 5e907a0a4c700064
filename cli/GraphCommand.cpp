//===- GraphCommand.cpp - `bufferlens graph` ------------------------------===//
//
// Control-flow graphs with alloc / clone / dealloc placement as DOT, SVG or
// PNG. The `input` stage draws the user's IR with the analyses' findings.
// The classic / ownership / pipeline stages draw the analysis of the
// rewritten module (our classic plan applied, the upstream ownership pass,
// the whole buffer-deallocation-pipeline), its ops linked back to the
// user's ranges through the locations the rewrite prints. `--origin` draws
// a module rewritten elsewhere (e.g. by `mlir-opt
// --buffer-deallocation-pipeline --mlir-print-debuginfo`) the same way.
//
//===----------------------------------------------------------------------===//

#include "analysis/rewrite/StageRewrite.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/FileCollector.h"
#include "cli/GraphExport.h"
#include "cli/SourceFile.h"
#include "config/Config.h"
#include "ide/CrashIsolation.h"
#include "ide/Features.h"
#include "ide/IncrementalAnalysis.h"
#include "viz/Graph.h"

#include "llvm/ADT/STLExtras.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

using namespace bufferlens;
namespace fs = std::filesystem;

namespace {
struct GraphArgs {
  std::string input, function, stage = "input", output, origin, configFile;
  bool all = false;
  viz::GraphFormat format = viz::GraphFormat::Dot;
  viz::GraphLimits limits;
  /// --finding LINE:COL, 1-based.
  std::optional<std::pair<unsigned, unsigned>> finding;
};

} // namespace

namespace cl = llvm::cl;

static cl::opt<std::string> inputPath(cl::Positional, cl::desc("<FILE|DIR>"),
                                      cl::sub(graphCommand()),
                                      cl::cat(optionCategory()));
static cl::opt<std::string>
    functionName("function", cl::desc("the function to draw (without @)"),
                 cl::value_desc("NAME"), cl::sub(graphCommand()),
                 cl::cat(optionCategory()));
static cl::opt<bool>
    allFunctions("all", cl::desc("every function; OUT is then a directory"),
                 cl::sub(graphCommand()), cl::cat(optionCategory()));
static cl::opt<std::string> stageName(
    "stage",
    cl::desc("which IR to draw: input (the file as written, the default), "
             "classic, ownership or pipeline"),
    cl::value_desc("STAGE"), cl::init("input"), cl::sub(graphCommand()),
    cl::cat(optionCategory()));
static cl::opt<viz::GraphFormat> graphFormat(
    "format", cl::desc("output format (default: dot)"),
    cl::value_desc("FORMAT"),
    cl::values(clEnumValN(viz::GraphFormat::Dot, "dot", "Graphviz DOT"),
               clEnumValN(viz::GraphFormat::Svg, "svg", "SVG"),
               clEnumValN(viz::GraphFormat::Png, "png", "PNG")),
    cl::init(viz::GraphFormat::Dot), cl::sub(graphCommand()),
    cl::cat(optionCategory()));
static cl::opt<std::string> outputPath(
    "o",
    cl::desc("output file (`-` or omitted: standard output); a directory "
             "for --all or a DIR input, one file per graph named "
             "FILE-STEM.FUNCTION.STAGE.EXT"),
    cl::value_desc("OUT"), cl::sub(graphCommand()), cl::cat(optionCategory()));
static cl::alias outputPathLong("output", cl::desc("alias for -o"),
                                cl::aliasopt(outputPath),
                                cl::cat(optionCategory()));
static cl::opt<std::string> originPath(
    "origin",
    cl::desc("FILE is a rewrite of ORIGINAL printed with debug locations: "
             "links in the graph point into ORIGINAL"),
    cl::value_desc("ORIGINAL"), cl::sub(graphCommand()),
    cl::cat(optionCategory()));
static cl::opt<std::string> findingAt(
    "finding",
    cl::desc("draw the path of the finding at LINE:COL: its blocks and edges "
             "highlighted and numbered, the rest faded"),
    cl::value_desc("LINE:COL"), cl::sub(graphCommand()),
    cl::cat(optionCategory()));
static cl::opt<size_t> maxRows(
    "max-rows",
    cl::desc("op rows per block before the middle is elided (default 40)"),
    cl::value_desc("N"), cl::init(viz::GraphLimits().maxRowsPerBlock),
    cl::sub(graphCommand()), cl::cat(optionCategory()));
static cl::opt<size_t> maxBlocks(
    "max-blocks",
    cl::desc("blocks drawn before the rest is left out (default 1000)"),
    cl::value_desc("N"), cl::init(viz::GraphLimits().maxBlocks),
    cl::sub(graphCommand()), cl::cat(optionCategory()));

/// The parsed command line as GraphArgs; returns an error message, or
/// empty on success.
static std::string graphArgsFromCommandLine(GraphArgs &out) {
  out.input = inputPath;
  if (out.input.empty())
    return "no input file";
  out.all = allFunctions;
  out.function = functionName;
  if (functionName.getNumOccurrences() && out.function.empty())
    return "--function needs a name";
  if (!out.function.empty() && out.function[0] == '@')
    out.function.erase(0, 1);
  out.stage = stageName;
  if (!parseViewStage(out.stage))
    return "--stage needs input, classic, ownership or pipeline";
  out.format = graphFormat;
  out.output = outputPath;
  out.origin = originPath;
  out.configFile = configFileOption();
  if (maxRows == 0 || maxRows > 999999)
    return "--max-rows needs a positive number";
  if (maxBlocks == 0 || maxBlocks > 999999)
    return "--max-blocks needs a positive number";
  out.limits.maxRowsPerBlock = maxRows;
  out.limits.maxBlocks = maxBlocks;
  if (out.all && !out.function.empty())
    return "--function and --all exclude each other";
  if (findingAt.getNumOccurrences()) {
    unsigned line = 0, column = 0;
    char rest = 0;
    if (std::sscanf(findingAt.c_str(), "%u:%u%c", &line, &column, &rest) != 2 ||
        line == 0 || column == 0)
      return "--finding needs LINE:COL";
    if (out.all || !out.function.empty() || out.stage != "input")
      return "--finding draws the finding's function as written: no "
             "--function, --all or --stage";
    out.finding = {line, column};
  }
  if (!out.origin.empty() && !stageName.getNumOccurrences())
    out.stage = "rewritten";
  return "";
}

static int fail(const std::string &message) {
  std::cerr << "bufferlens graph: " << message << "\n";
  return 2;
}

int bufferlens::runGraph() {
  GraphArgs args;
  if (std::string error = graphArgsFromCommandLine(args); !error.empty())
    return usageError(graphCommand(), error);
  bool inputIsDir = fs::is_directory(args.input);
  bool toDirectory = args.all || inputIsDir;
  if (toDirectory && (args.output.empty() || args.output == "-"))
    return fail("-o DIR is needed for several graphs");
  if (inputIsDir && !args.origin.empty())
    return fail("--origin applies to one FILE, not a directory");
  if (inputIsDir && args.finding)
    return fail("--finding applies to one FILE, not a directory");

  CollectedFiles collected = collectFiles({args.input});
  for (const std::string &problem : collected.problems)
    std::cerr << "bufferlens graph: " << problem << "\n";
  if (!collected.problems.empty())
    return 2;

  int status = 0;
  std::string originText;
  if (!args.origin.empty()) {
    std::string error;
    if (!readSourceFile(args.origin, originText, error))
      return fail(args.origin + ": " + error);
  }

  viz::GraphOptions graphOptions;
  graphOptions.stage = args.stage;
  graphOptions.limits = args.limits;
  GraphQuery query;
  query.stage = args.stage;
  query.format = args.format;
  query.limits = args.limits;
  query.keepRejectedFunctions = false;
  for (const std::string &file : collected.files) {
    std::string text, error;
    // The rule every command follows (ide/BinaryText.h).
    if (!readSourceFile(file, text, error))
      return fail(file + ": " + error);
    AnalysisOptions options;
    if (auto configError = commandOptionsFor(file, args.configFile, options))
      return fail(*configError);
    // The graph feature of the editor (ide/Graph.cpp) on the server's whole
    // analysis, in one piece: a graph draws one result's model.
    WholeRequest request;
    request.uri = file;
    request.onePiece = true;
    WholeAnalysis analysis;
    runOnAnalysisThread([&] {
      analysis = analyzeWhole(std::make_shared<const std::string>(text),
                              options, request);
    });
    const Snapshot &snapshot = *analysis.snapshot;
    const AnalysisResult &result = *snapshot.parts()[0].result;
    if (result.parseFailed) {
      std::cerr << file << ": error: the file does not parse; no graph\n";
      for (const Finding &f : result.findings)
        std::cerr << file << ": " << f.message << "\n";
      status = 1;
      continue;
    }
    // --origin draws FILE as a rewrite of ORIGINAL made elsewhere.
    std::unique_ptr<AnalysisResult> original;
    std::unique_ptr<viz::OriginMap> origins;
    if (!args.origin.empty()) {
      AnalysisOptions originOptions;
      if (auto configError =
              commandOptionsFor(args.origin, args.configFile, originOptions))
        return fail(*configError);
      runOnAnalysisThread([&] {
        original = std::make_unique<AnalysisResult>(
            analyzeIsolated(originText, args.origin, originOptions));
      });
      origins =
          std::make_unique<viz::OriginMap>(*original, args.origin, result);
    }

    std::vector<std::string> functions;
    if (args.finding) {
      // The finding whose range holds LINE:COL and has a path; its function
      // is the one drawn.
      const LineIndex &lines = snapshot.lines();
      if (args.finding->first > lines.lineCount())
        return fail(file + ": --finding is outside the file");
      uint32_t offset = lines.fromByteColumn(
          {args.finding->first - 1, args.finding->second - 1});
      const Finding *found = nullptr;
      for (const Finding &f : result.findings)
        if (!f.pathBlocks.empty() && f.range.contains(offset) &&
            f.pathBlocks.front() != kNone) {
          found = &f;
          break;
        }
      if (!found)
        return fail(file + ": no finding with a path at " + findingAt);
      FunctionId fn = result.blocks[found->pathBlocks.front()].function;
      functions.push_back(result.functions[fn].name);
      query.path = found->pathBlocks;
    } else if (!args.function.empty()) {
      if (viz::findFunction(result, args.function) == kNone) {
        if (inputIsDir)
          continue;
        return fail(file + ": no function @" + args.function);
      }
      functions.push_back(args.function);
    } else if (args.all || inputIsDir || result.functions.size() == 1) {
      functions = functionNames(snapshot);
    } else {
      return fail(file + " has " + std::to_string(result.functions.size()) +
                  " functions: choose one with --function NAME, or --all");
    }

    std::vector<GraphAnswer> answers;
    if (origins) {
      for (const std::string &name : functions) {
        viz::Rendered out =
            viz::renderStageGraph(result, viz::findFunction(result, name),
                                  *origins, args.format, graphOptions);
        GraphAnswer answer;
        answer.function = name;
        answer.error = out.error;
        answer.content = std::move(out.bytes);
        answers.push_back(std::move(answer));
      }
    } else {
      runOnAnalysisThread([&] {
        answers = graphsOf(snapshot, functions, query, file, options);
      });
    }
    if (!answers.empty() && answers[0].rewriteFailed) {
      // A directory is drawn as a batch: a file that already frees memory
      // may have no stage to draw (the deallocation passes reject most
      // existing frees), which is expected there and not an error of the
      // batch. Asked for by name, the same file is still an error.
      auto freeing = llvm::find_if(result.functions, [](const auto &f) {
        return f.analysed && f.stage == Stage::Deallocated;
      });
      if (inputIsDir && freeing != result.functions.end()) {
        std::cerr << file << ": note: no " << args.stage << " graph: @"
                  << freeing->name << " already frees memory ("
                  << answers[0].error << ")\n";
        continue;
      }
      // The same for a file still on tensors: the deallocation passes run
      // after One-Shot Bufferize, and its input graph shows what that does.
      if (inputIsDir && !result.tensor.empty()) {
        std::cerr << file << ": note: no " << args.stage << " graph: @"
                  << result.functions[result.tensor.front().function].name
                  << " is still on tensors; its input graph shows what "
                     "One-Shot Bufferize does ("
                  << answers[0].error << ")\n";
        continue;
      }
      std::cerr << file << ": error: " << answers[0].error << "\n";
      status = 1;
      continue;
    }

    if (toDirectory) {
      std::error_code ec;
      fs::create_directories(args.output, ec);
      if (ec)
        return fail(args.output +
                    ": cannot create the directory: " + ec.message());
    }
    std::string stem = inputIsDir ? fs::path(file)
                                        .lexically_relative(args.input)
                                        .replace_extension()
                                        .string()
                                  : fs::path(file).stem().string();
    for (GraphAnswer &out : answers) {
      // In a batch, a function still on tensors has no stage graph, which
      // is expected there (its input graph is the one to draw).
      if (!out.error.empty() && inputIsDir && args.stage != "input") {
        FunctionId id = viz::findFunction(result, out.function);
        if (id != kNone && result.tensorPlan(id)) {
          std::cerr << file << ": note: " << out.error << "\n";
          continue;
        }
      }
      if (!out.error.empty())
        return fail(file + ": @" + out.function + ": " + out.error);
      if (!toDirectory && (args.output.empty() || args.output == "-")) {
        std::cout << out.content;
        std::cout.flush();
        continue;
      }
      fs::path path = toDirectory ? fs::path(args.output) /
                                        graphFileName(stem, out.function,
                                                      args.stage, args.format)
                                  : fs::path(args.output);
      if (std::string error = writeGraphFile(path.string(), out.content);
          !error.empty())
        return fail(path.string() + ": cannot write the file: " + error);
    }
  }
  return status;
}

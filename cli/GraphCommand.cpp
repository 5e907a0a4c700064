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

#include "analysis/Analyzer.h"
#include "analysis/Rewrite.h"
#include "analysis/classic/ClassicRewrite.h"
#include "cli/Commands.h"
#include "cli/FileCollector.h"
#include "cli/GraphExport.h"
#include "config/Config.h"
#include "viz/Graph.h"

#include "llvm/ADT/STLExtras.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

using namespace bufferlens;
namespace fs = std::filesystem;

static const char *kGraphUsage =
    R"(usage: bufferlens graph FILE|DIR [options] --format dot|svg|png -o OUT

Draws each function's control-flow graph with allocation, clone and
deallocation placement and the findings at the ops they concern.

options:
  --function NAME   the function to draw (without @)
  --all             every function; OUT is then a directory
  --stage input|classic|ownership|pipeline
                    which IR to draw (default: input, the file as written)
  --format dot|svg|png   output format (default: dot)
  -o OUT            output file (`-` or omitted: standard output); a
                    directory for --all or a DIR input, one file per graph
                    named FILE-STEM.FUNCTION.STAGE.EXT
  --origin ORIGINAL FILE is a rewrite of ORIGINAL printed with debug
                    locations: links in the graph point into ORIGINAL
  --config FILE     settings file (default: nearest .bufferlens.json)
  --max-rows N      op rows per block before the middle is elided (40)
  --max-blocks N    blocks drawn before the rest is left out (1000)

exit codes: 0 graphs written, 1 a file does not parse or its rewrite
failed, 2 usage, I/O or rendering error
)";

namespace {
struct GraphArgs {
  std::string input, function, stage = "input", output, origin, configFile;
  bool all = false;
  viz::GraphFormat format = viz::GraphFormat::Dot;
  viz::GraphLimits limits;
};

/// What one run renders: the analysis to draw and, for rewrites, the map
/// back to the user's file.
struct Drawable {
  std::string path;
  AnalysisResult result;
  std::unique_ptr<AnalysisResult> original;
  std::unique_ptr<viz::OriginMap> origins;
};
} // namespace

static bool readFile(const std::string &path, std::string &text) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return !in.bad();
}

static bool parseCount(const std::string &s, size_t &out) {
  if (s.empty() || s.size() > 6 ||
      s.find_first_not_of("0123456789") != std::string::npos ||
      std::stoul(s) == 0)
    return false;
  out = std::stoul(s);
  return true;
}

static std::string parseGraphArgs(const std::vector<std::string> &args,
                                  GraphArgs &out) {
  bool stageGiven = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    auto value = [&](std::string &into) {
      if (i + 1 >= args.size())
        return false;
      into = args[++i];
      return true;
    };
    std::string v;
    if (arg == "--help" || arg == "-h")
      return "help";
    if (arg == "--all") {
      out.all = true;
    } else if (arg == "--function") {
      if (!value(out.function) || out.function.empty())
        return "--function needs a name";
      if (out.function[0] == '@')
        out.function.erase(0, 1);
    } else if (arg == "--stage") {
      if (!value(out.stage) ||
          (out.stage != "input" && out.stage != "classic" &&
           out.stage != "ownership" && out.stage != "pipeline"))
        return "--stage needs input, classic, ownership or pipeline";
      stageGiven = true;
    } else if (arg == "--format") {
      if (!value(v) || !viz::parseGraphFormat(v))
        return "--format needs dot, svg or png";
      out.format = *viz::parseGraphFormat(v);
    } else if (arg == "-o" || arg == "--output") {
      if (!value(out.output))
        return "-o needs a path";
    } else if (arg == "--origin") {
      if (!value(out.origin))
        return "--origin needs a file";
    } else if (arg == "--config") {
      if (!value(out.configFile))
        return "--config needs a file";
    } else if (arg == "--max-rows") {
      if (!value(v) || !parseCount(v, out.limits.maxRowsPerBlock))
        return "--max-rows needs a positive number";
    } else if (arg == "--max-blocks") {
      if (!value(v) || !parseCount(v, out.limits.maxBlocks))
        return "--max-blocks needs a positive number";
    } else if (arg.size() > 1 && arg[0] == '-') {
      return "unknown option '" + arg + "'";
    } else if (out.input.empty()) {
      out.input = arg;
    } else {
      return "one FILE or DIR only (unexpected '" + arg + "')";
    }
  }
  if (out.input.empty())
    return "no input file";
  if (out.all && !out.function.empty())
    return "--function and --all exclude each other";
  if (!out.origin.empty() && !stageGiven)
    out.stage = "rewritten";
  return "";
}

static std::string loadOptions(const std::string &file,
                               const std::string &configFile,
                               AnalysisOptions &options) {
  std::optional<fs::path> config;
  if (!configFile.empty())
    config = configFile;
  else
    config = findConfigFile(fs::path(file).parent_path().empty()
                                ? fs::path(".")
                                : fs::path(file).parent_path());
  if (config)
    if (auto error = loadConfigFile(*config, options))
      return *error;
  return "";
}

/// `s` with the characters that are not safe in a file name replaced by `_`.
static std::string safeInFileName(std::string s) {
  for (char &c : s)
    if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        c != '.')
      c = '_';
  return s;
}

std::string bufferlens::graphFileName(const std::string &sourceStem,
                                      const std::string &function,
                                      const std::string &stage,
                                      viz::GraphFormat format) {
  return safeInFileName(sourceStem) + "." + safeInFileName(function) + "." +
         stage + "." + viz::toString(format);
}

static bool writeBytes(const fs::path &path, const std::string &bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  return bool(out);
}

std::vector<std::string>
bufferlens::uniqueGraphStems(const std::vector<std::string> &files) {
  std::map<std::string, size_t> stemCount;
  for (const std::string &file : files)
    ++stemCount[fs::path(file).stem().string()];
  std::vector<std::string> stems;
  std::set<std::string> taken;
  for (const std::string &file : files) {
    std::string stem = fs::path(file).stem().string();
    if (stemCount[stem] > 1)
      stem = fs::path(file).lexically_normal().replace_extension().string();
    // Different paths can still read the same once made safe for a file
    // name ("a/b_x" and "a_b/x"): compare them as graphFileName writes them.
    std::string base = stem;
    for (int n = 2; !taken.insert(safeInFileName(stem)).second; ++n)
      stem = base + "-" + std::to_string(n);
    stems.push_back(stem);
  }
  return stems;
}

std::vector<std::string> bufferlens::exportInputGraphs(
    const AnalysisResult &result, const std::string &sourcePath,
    const std::string &stem, const std::string &dir, viz::GraphFormat format) {
  std::vector<std::string> problems;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec)
    return {dir + ": cannot create the directory: " + ec.message()};
  viz::GraphOptions options;
  for (FunctionId fn = 0; fn < (FunctionId)result.functions.size(); ++fn) {
    viz::Rendered out = viz::renderGraph(result, fn, format, options);
    fs::path path =
        fs::path(dir) /
        graphFileName(stem, result.functions[fn].name, "input", format);
    if (!out.ok())
      problems.push_back(sourcePath + ": @" + result.functions[fn].name + ": " +
                         out.error);
    else if (!writeBytes(path, out.bytes))
      problems.push_back(path.string() + ": cannot write the file");
  }
  return problems;
}

// The user's module as a stage rewrites it, printed with the locations of
// the user's file where the rewrite keeps them.
static bool rewriteForStage(const std::string &stage, const std::string &text,
                            const std::string &path,
                            const AnalysisOptions &options, std::string &out,
                            std::string &error) {
  if (stage == "classic") {
    std::vector<std::string> notes;
    std::optional<std::string> printed =
        rewriteClassic(text, path, options, error, notes);
    if (!printed)
      return false;
    out = std::move(*printed);
    return true;
  }
  RewriteRequest request;
  request.strategy = RewriteStrategy::Ownership;
  request.stage = stage == "ownership" ? OwnershipStage::Ownership
                                       : OwnershipStage::Lowered;
  request.withLocations = true;
  RewriteOutput rewrite = rewriteDocument(text, path, request, options);
  if (!rewrite.succeeded) {
    error = "the " + stage + " rewrite failed" +
            (rewrite.diagnostics.empty()
                 ? std::string()
                 : ": " + rewrite.diagnostics.front().message);
    return false;
  }
  out = std::move(rewrite.text);
  return true;
}

static int fail(const std::string &message) {
  std::cerr << "bufferlens graph: " << message << "\n";
  return 2;
}

int bufferlens::runGraph(const std::vector<std::string> &rawArgs) {
  GraphArgs args;
  std::string error = parseGraphArgs(rawArgs, args);
  if (error == "help") {
    std::cout << kGraphUsage;
    return 0;
  }
  if (!error.empty()) {
    std::cerr << "bufferlens graph: " << error << "\n" << kGraphUsage;
    return 2;
  }
  bool inputIsDir = fs::is_directory(args.input);
  bool toDirectory = args.all || inputIsDir;
  if (toDirectory && (args.output.empty() || args.output == "-"))
    return fail("-o DIR is needed for several graphs");
  if (inputIsDir && !args.origin.empty())
    return fail("--origin applies to one FILE, not a directory");

  CollectedFiles collected = collectFiles({args.input});
  for (const std::string &problem : collected.problems)
    std::cerr << "bufferlens graph: " << problem << "\n";
  if (!collected.problems.empty())
    return 2;

  int status = 0;
  std::string originText;
  if (!args.origin.empty() && !readFile(args.origin, originText))
    return fail(args.origin + ": cannot read the file");

  viz::GraphOptions graphOptions;
  graphOptions.stage = args.stage;
  graphOptions.limits = args.limits;
  for (const std::string &file : collected.files) {
    std::string text;
    if (!readFile(file, text))
      return fail(file + ": cannot read the file");
    AnalysisOptions options;
    if (std::string e = loadOptions(file, args.configFile, options); !e.empty())
      return fail(e);
    Drawable d;
    d.path = file;
    d.result = analyzeDocument(text, file, options);
    if (d.result.parseFailed) {
      std::cerr << file << ": error: the file does not parse; no graph\n";
      for (const Finding &f : d.result.findings)
        std::cerr << file << ": " << f.message << "\n";
      status = 1;
      continue;
    }
    if (args.origin.empty() && args.stage != "input") {
      std::string rewritten, why;
      if (!rewriteForStage(args.stage, text, file, options, rewritten, why)) {
        // A directory is drawn as a batch: a file that already frees memory
        // may have no stage to draw (the deallocation passes reject most
        // existing frees), which is expected there and not an error of the
        // batch. Asked for by name, the same file is still an error.
        auto freeing = llvm::find_if(d.result.functions, [](const auto &f) {
          return f.analysed && f.stage == Stage::Deallocated;
        });
        if (inputIsDir && freeing != d.result.functions.end()) {
          std::cerr << file << ": note: no " << args.stage << " graph: @"
                    << freeing->name << " already frees memory (" << why
                    << ")\n";
          continue;
        }
        std::cerr << file << ": error: " << why << "\n";
        status = 1;
        continue;
      }
      d.original = std::make_unique<AnalysisResult>(std::move(d.result));
      // Another name than the user's, so the locations naming the user's
      // file are recorded as origins.
      d.result =
          analyzeDocument(rewritten, file + " (" + args.stage + ")", options);
      d.origins = std::make_unique<viz::OriginMap>(*d.original, file, d.result);
    } else if (!args.origin.empty()) {
      AnalysisOptions originOptions;
      if (std::string e =
              loadOptions(args.origin, args.configFile, originOptions);
          !e.empty())
        return fail(e);
      d.original = std::make_unique<AnalysisResult>(
          analyzeDocument(originText, args.origin, originOptions));
      d.origins =
          std::make_unique<viz::OriginMap>(*d.original, args.origin, d.result);
    }

    std::vector<FunctionId> functions;
    if (!args.function.empty()) {
      FunctionId fn = viz::findFunction(d.result, args.function);
      if (fn == kNone) {
        if (inputIsDir)
          continue;
        return fail(file + ": no function @" + args.function);
      }
      functions.push_back(fn);
    } else if (args.all || inputIsDir) {
      for (FunctionId fn = 0; fn < (FunctionId)d.result.functions.size(); ++fn)
        functions.push_back(fn);
    } else if (d.result.functions.size() == 1) {
      functions.push_back(0);
    } else {
      return fail(file + " has " + std::to_string(d.result.functions.size()) +
                  " functions: choose one with --function NAME, or --all");
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
    for (FunctionId fn : functions) {
      viz::Rendered out =
          d.origins ? viz::renderStageGraph(d.result, fn, *d.origins,
                                            args.format, graphOptions)
                    : viz::renderGraph(d.result, fn, args.format, graphOptions);
      if (!out.ok())
        return fail(file + ": @" + d.result.functions[fn].name + ": " +
                    out.error);
      if (!toDirectory && (args.output.empty() || args.output == "-")) {
        std::cout << out.bytes;
        std::cout.flush();
        continue;
      }
      fs::path path = toDirectory
                          ? fs::path(args.output) /
                                graphFileName(stem, d.result.functions[fn].name,
                                              args.stage, args.format)
                          : fs::path(args.output);
      if (!writeBytes(path, out.bytes))
        return fail(path.string() + ": cannot write the file");
    }
  }
  return status;
}

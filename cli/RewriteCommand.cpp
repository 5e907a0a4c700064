//===- RewriteCommand.cpp - `bufferlens rewrite` --------------------------===//
//
// Prints the module with a deallocation strategy's placement applied, for
// reading the plan as IR and for differential tests against upstream
// tools. `classic` applies our classic BufferDeallocation plan; `ownership`
// runs the upstream passes up to `--stage` (analysis/ownership/Pipeline.h).

#include "analysis/classic/ClassicRewrite.h"
#include "analysis/model/LineIndex.h"
#include "analysis/rewrite/Rewrite.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/SourceFile.h"
#include "config/Config.h"

#include <iostream>

using namespace bufferlens;

namespace cl = llvm::cl;

enum class Strategy { None, Classic, Ownership };

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<FILE>"),
                                      cl::sub(rewriteCommand()),
                                      cl::cat(optionCategory()));
static cl::opt<Strategy> strategy(
    "strategy", cl::desc("the deallocation strategy to apply (required)"),
    cl::value_desc("STRATEGY"),
    cl::values(clEnumValN(Strategy::Classic, "classic",
                          "our classic BufferDeallocation plan"),
               clEnumValN(Strategy::Ownership, "ownership",
                          "upstream's ownership-based passes, by --stage")),
    cl::init(Strategy::None), cl::sub(rewriteCommand()),
    cl::cat(optionCategory()));
static cl::opt<OwnershipStage> ownershipStage(
    "stage", cl::desc("how far the ownership strategy goes"),
    cl::value_desc("STAGE"),
    cl::values(
        clEnumValN(OwnershipStage::Ownership, "ownership",
                   "as mlir-opt --ownership-based-buffer-deallocation"),
        clEnumValN(OwnershipStage::Simplified, "simplified",
                   "then --canonicalize --buffer-deallocation-simplification "
                   "--canonicalize"),
        clEnumValN(OwnershipStage::Lowered, "lowered",
                   "--buffer-deallocation-pipeline (the default)")),
    cl::init(OwnershipStage::Lowered), cl::sub(rewriteCommand()),
    cl::cat(optionCategory()));

int bufferlens::runRewrite() {
  const std::string &file = inputFile;
  const std::string &configFile = configFileOption();
  if (strategy == Strategy::None)
    return usageError(rewriteCommand(),
                      "--strategy must be classic or ownership");
  if (file.empty())
    return usageError(rewriteCommand(), "no FILE given");
  if (strategy == Strategy::Classic && ownershipStage.getNumOccurrences())
    return usageError(rewriteCommand(),
                      "--stage applies to --strategy ownership only");

  std::string text, readError;
  if (!readSourceFile(file, text, readError)) {
    std::cerr << file << ": error: " << readError << "\n";
    return 2;
  }
  AnalysisOptions options;
  if (auto configError = loadOptionsFor(file, configFile, options)) {
    std::cerr << *configError << "\n";
    return 2;
  }

  if (strategy == Strategy::Ownership) {
    RewriteRequest request;
    request.strategy = RewriteStrategy::Ownership;
    request.stage = ownershipStage;
    RewriteOutput out = rewriteDocument(text, file, request, options);
    if (!out.succeeded) {
      LineIndex lines(text);
      for (const Finding &diag : out.diagnostics) {
        LineColumn at = lines.toByteColumn(diag.range.begin);
        std::cerr << file << ":" << at.line + 1 << ":" << at.column + 1
                  << ": error: " << diag.message << "\n";
      }
      if (out.diagnostics.empty())
        std::cerr << file << ": error: the deallocation pipeline failed\n";
      return 1;
    }
    std::cout << out.text;
    return 0;
  }

  std::string error;
  std::vector<std::string> notes;
  std::optional<std::string> out =
      rewriteClassic(text, file, options, error, notes);
  if (!out) {
    std::cerr << file << ": error: " << error << "\n";
    return 1;
  }
  for (const std::string &note : notes)
    std::cerr << file << ": note: " << note << "\n";
  std::cout << *out;
  return 0;
}

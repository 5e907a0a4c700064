//===- RewriteCommand.cpp - `bufferlens rewrite` --------------------------===//
//
// Prints the module with a deallocation strategy's placement applied, for
// reading the plan as IR and for differential tests against upstream
// tools. `classic` applies our classic BufferDeallocation plan; `ownership`
// runs the upstream passes up to `--stage` (analysis/ownership/Pipeline.h).
// `multi-buffer` is BL303's refactor: upstream's memref::multiBuffer on the
// allocation at `--at LINE:COL` (analysis/rewrite/MultiBuffer.h).

#include "analysis/model/LineIndex.h"
#include "analysis/rewrite/ClassicRewrite.h"
#include "analysis/rewrite/Rewrite.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/SourceFile.h"
#include "config/Config.h"

#include <iostream>

using namespace bufferlens;

namespace cl = llvm::cl;

enum class Strategy { None, Classic, Ownership, MultiBuffer };

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<FILE>"),
                                      cl::sub(rewriteCommand()),
                                      cl::cat(optionCategory()));
static cl::opt<Strategy> strategy(
    "strategy", cl::desc("the deallocation strategy to apply (required)"),
    cl::value_desc("STRATEGY"),
    cl::values(clEnumValN(Strategy::Classic, "classic",
                          "our classic BufferDeallocation plan"),
               clEnumValN(Strategy::Ownership, "ownership",
                          "upstream's ownership-based passes, by --stage"),
               clEnumValN(Strategy::MultiBuffer, "multi-buffer",
                          "upstream's memref::multiBuffer on the "
                          "allocation at --at (BL303)")),
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

static cl::opt<std::string> allocationAt(
    "at",
    cl::desc("multi-buffer: the memref.alloc at this 1-based line and "
             "byte column (as lint prints BL303's)"),
    cl::value_desc("LINE:COL"), cl::sub(rewriteCommand()),
    cl::cat(optionCategory()));
static cl::opt<unsigned>
    factor("factor", cl::desc("multi-buffer: how many slices (default 2)"),
           cl::value_desc("N"), cl::init(2), cl::sub(rewriteCommand()),
           cl::cat(optionCategory()));

/// `LINE:COL` (1-based) as a byte offset in `text`, if it is one.
static std::optional<uint32_t> offsetAt(const std::string &text,
                                        llvm::StringRef at) {
  auto [lineText, columnText] = at.split(':');
  unsigned line = 0, column = 0;
  if (lineText.getAsInteger(10, line) || columnText.getAsInteger(10, column) ||
      line == 0 || column == 0)
    return std::nullopt;
  LineIndex lines(text);
  if (line > lines.lineCount())
    return std::nullopt;
  return lines.fromByteColumn({line - 1, column - 1});
}

int bufferlens::runRewrite() {
  const std::string &file = inputFile;
  const std::string &configFile = configFileOption();
  if (strategy == Strategy::None)
    return usageError(rewriteCommand(),
                      "--strategy must be classic, ownership or multi-buffer");
  if (file.empty())
    return usageError(rewriteCommand(), "no FILE given");
  if (strategy != Strategy::Ownership && ownershipStage.getNumOccurrences())
    return usageError(rewriteCommand(),
                      "--stage applies to --strategy ownership only");
  if (strategy != Strategy::MultiBuffer &&
      (allocationAt.getNumOccurrences() || factor.getNumOccurrences()))
    return usageError(
        rewriteCommand(),
        "--at and --factor apply to --strategy multi-buffer only");
  if (strategy == Strategy::MultiBuffer && allocationAt.empty())
    return usageError(rewriteCommand(), "--strategy multi-buffer needs --at");
  if (strategy == Strategy::MultiBuffer && factor < 1)
    return usageError(rewriteCommand(), "--factor must be at least 1");

  std::string text, readError;
  if (!readSourceFile(file, text, readError)) {
    std::cerr << file << ": error: " << readError << "\n";
    return 2;
  }
  AnalysisOptions options;
  if (auto configError = commandOptionsFor(file, configFile, options)) {
    std::cerr << *configError << "\n";
    return 2;
  }

  if (strategy == Strategy::Ownership || strategy == Strategy::MultiBuffer) {
    RewriteRequest request;
    request.strategy = strategy == Strategy::Ownership
                           ? RewriteStrategy::Ownership
                           : RewriteStrategy::MultiBuffer;
    request.stage = ownershipStage;
    if (strategy == Strategy::MultiBuffer) {
      request.allocation = offsetAt(text, allocationAt);
      if (!request.allocation)
        return usageError(rewriteCommand(),
                          "--at must be LINE:COL in " + file + ", 1-based");
      request.factor = factor;
    }
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

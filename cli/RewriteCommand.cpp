//===- RewriteCommand.cpp - `bufferlens rewrite` --------------------------===//
//
// Prints the module with a deallocation strategy's placement applied, for
// reading the plan as IR and for differential tests against upstream
// tools. `classic` applies our classic BufferDeallocation plan; `ownership`
// runs the upstream passes up to `--stage` (analysis/ownership/Pipeline.h).

#include "analysis/LineIndex.h"
#include "analysis/Rewrite.h"
#include "analysis/classic/ClassicRewrite.h"
#include "cli/Commands.h"
#include "cli/SourceFile.h"
#include "config/Config.h"

#include <iostream>

using namespace bufferlens;

static const char *kRewriteUsage =
    "usage: bufferlens rewrite --strategy classic|ownership "
    "[--stage ownership|simplified|lowered] [--config FILE] FILE\n"
    "\n"
    "Prints FILE's module with the deallocation strategy's clones and frees\n"
    "inserted (to stdout). `classic`: the classic BufferDeallocation plan\n"
    "(critical aliases cloned, deallocs at the common post-dominator).\n"
    "`ownership`: the upstream passes, by --stage: `ownership` (as mlir-opt\n"
    "--ownership-based-buffer-deallocation), `simplified` (then\n"
    "--canonicalize --buffer-deallocation-simplification --canonicalize) or\n"
    "`lowered` (the default: --buffer-deallocation-pipeline).\n";

int bufferlens::runRewrite(const std::vector<std::string> &args) {
  std::string strategy, stage, file, configFile;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kRewriteUsage;
      return 0;
    }
    auto value = [&](std::string &out) {
      if (i + 1 >= args.size())
        return false;
      out = args[++i];
      return true;
    };
    bool ok = true;
    if (arg == "--strategy")
      ok = value(strategy);
    else if (arg.rfind("--strategy=", 0) == 0)
      strategy = arg.substr(11);
    else if (arg == "--stage")
      ok = value(stage);
    else if (arg.rfind("--stage=", 0) == 0)
      stage = arg.substr(8);
    else if (arg == "--config")
      ok = value(configFile);
    else if (file.empty() && !arg.empty() && arg[0] != '-')
      file = arg;
    else
      ok = false;
    if (!ok) {
      std::cerr << "bufferlens rewrite: unexpected argument '" << arg << "'\n"
                << kRewriteUsage;
      return 2;
    }
  }
  if (strategy != "classic" && strategy != "ownership") {
    std::cerr << "bufferlens rewrite: --strategy must be classic or "
                 "ownership\n"
              << kRewriteUsage;
    return 2;
  }
  if (file.empty()) {
    std::cerr << "bufferlens rewrite: no FILE given\n" << kRewriteUsage;
    return 2;
  }
  if (!stage.empty() && stage != "ownership" && stage != "simplified" &&
      stage != "lowered") {
    std::cerr << "bufferlens rewrite: --stage must be ownership, simplified "
                 "or lowered\n";
    return 2;
  }
  if (strategy == "classic" && !stage.empty()) {
    std::cerr << "bufferlens rewrite: --stage applies to --strategy "
                 "ownership only\n";
    return 2;
  }

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

  if (strategy == "ownership") {
    RewriteRequest request;
    request.strategy = RewriteStrategy::Ownership;
    request.stage = stage == "ownership"    ? OwnershipStage::Ownership
                    : stage == "simplified" ? OwnershipStage::Simplified
                                            : OwnershipStage::Lowered;
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

//===- RewriteCommand.cpp - `bufferlens rewrite` --------------------------===//
//
// Prints the module with a deallocation strategy's placement applied, for
// reading the plan as IR and for differential tests against upstream
// tools. `classic` applies our classic BufferDeallocation plan.

#include "analysis/classic/ClassicRewrite.h"
#include "cli/Commands.h"
#include "config/Config.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace bufferlens;

static const char *kRewriteUsage =
    "usage: bufferlens rewrite --strategy classic|ownership "
    "[--stage ownership|simplified|lowered] [--config FILE] FILE\n"
    "\n"
    "Prints FILE's module with the deallocation strategy's clones and frees\n"
    "inserted (to stdout). `classic`: the classic BufferDeallocation plan\n"
    "(critical aliases cloned, deallocs at the common post-dominator).\n"
    "`--stage` selects a stage of the ownership pipeline.\n";

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
      std::cerr << "bufferlens rewrite: unexpected argument '" << arg
                << "'\n"
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
  if (strategy == "ownership") {
    std::cerr << "bufferlens rewrite: --strategy ownership is not "
                 "implemented yet\n";
    return 2;
  }
  if (!stage.empty()) {
    std::cerr << "bufferlens rewrite: --stage applies to --strategy "
                 "ownership only\n";
    return 2;
  }

  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::cerr << file << ": error: cannot read the file\n";
    return 2;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();

  AnalysisOptions options;
  std::filesystem::path dir = std::filesystem::path(file).parent_path();
  std::optional<std::filesystem::path> config =
      configFile.empty() ? findConfigFile(dir.empty() ? "." : dir)
                         : std::optional<std::filesystem::path>(configFile);
  if (config)
    if (auto error = loadConfigFile(*config, options)) {
      std::cerr << *error << "\n";
      return 2;
    }

  std::string error;
  std::vector<std::string> notes;
  std::optional<std::string> out =
      rewriteClassic(buffer.str(), file, options, error, notes);
  if (!out) {
    std::cerr << file << ": error: " << error << "\n";
    return 1;
  }
  for (const std::string &note : notes)
    std::cerr << file << ": note: " << note << "\n";
  std::cout << *out;
  return 0;
}

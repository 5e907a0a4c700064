//===- CommandLine.cpp - The subcommands and their shared options ---------===//

#include "cli/CommandLine.h"

#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace bufferlens;

cl::OptionCategory &bufferlens::optionCategory() {
  static cl::OptionCategory category("BufferLens options");
  return category;
}

cl::SubCommand &bufferlens::lintCommand() {
  static cl::SubCommand command("lint",
                                "report buffer ownership findings in .mlir "
                                "files (directories are searched)");
  return command;
}

cl::SubCommand &bufferlens::explainCommand() {
  static cl::SubCommand command(
      "explain", "what BufferLens knows about the value at FILE:LINE:COL");
  return command;
}

cl::SubCommand &bufferlens::rewriteCommand() {
  static cl::SubCommand command(
      "rewrite", "print the IR with a deallocation strategy's clones and "
                 "frees inserted");
  return command;
}

cl::SubCommand &bufferlens::graphCommand() {
  static cl::SubCommand command(
      "graph", "control-flow graphs with buffer placement as DOT, SVG or PNG");
  return command;
}

cl::SubCommand &bufferlens::serveCommand() {
  static cl::SubCommand command("serve", "the language server (LSP 3.17)");
  return command;
}

static cl::opt<std::string>
    configFile("config",
               cl::desc("settings file (default: the nearest "
                        ".bufferlens.json above the input)"),
               cl::value_desc("FILE"), cl::sub(lintCommand()),
               cl::sub(explainCommand()), cl::sub(rewriteCommand()),
               cl::sub(graphCommand()), cl::cat(optionCategory()));

const std::string &bufferlens::configFileOption() { return configFile; }

int bufferlens::usageError(const cl::SubCommand &command,
                           const std::string &message) {
  llvm::errs() << "bufferlens " << command.getName() << ": " << message
               << "\n(see `bufferlens " << command.getName() << " --help`)\n";
  return 2;
}

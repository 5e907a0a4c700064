//===- main.cpp - The `bufferlens` executable -----------------------------===//
//
// Dispatches to one subcommand. Arguments are parsed by hand: llvm::cl keeps
// its options in process-wide state that MLIR's own registrations share, and
// each subcommand has only a handful of flags.
//
//===----------------------------------------------------------------------===//

#include "Version.h"
#include "cli/Commands.h"

#include <iostream>

using namespace bufferlens;

static const char *kUsage = R"(usage: bufferlens COMMAND [ARGS...]

BufferLens shows who owns every buffer in MLIR files.

commands:
  lint PATH...      report buffer ownership findings (see `lint --help`)
  explain FILE:LINE:COL   what BufferLens knows about the value there
  rewrite --strategy classic|ownership FILE
                    the IR with a deallocation plan applied (see `rewrite --help`)
  graph FILE|DIR    control-flow graphs as DOT, SVG or PNG (see `graph --help`)
  serve             the language server (see `serve --help`)

options:
  --version         print the BufferLens and MLIR versions
  --help            print this help
)";

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  std::string command = args.front();
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--version" || command == "version") {
    std::cout << "bufferlens " << BUFFERLENS_VERSION << " (MLIR "
              << BUFFERLENS_MLIR_VERSION << ")\n";
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (command == "lint")
    return runLint(rest);
  if (command == "explain")
    return runExplain(rest);
  if (command == "rewrite")
    return runRewrite(rest);
  if (command == "graph")
    return runGraph(rest);
  if (command == "serve")
    return runServe(rest);
  std::cerr << "bufferlens: unknown command '" << command << "'\n" << kUsage;
  return 2;
}

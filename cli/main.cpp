//===- main.cpp - The `bufferlens` executable -----------------------------===//
//
// Parses the command line with LLVM's CommandLine library (each command's
// options live in its own file, cli/CommandLine.h) and runs the subcommand
// it names. The help of a subcommand ends with the text below that says
// what the command prints and its exit codes.
//
//===----------------------------------------------------------------------===//

#include "Version.h"
#include "cli/Allocator.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>

namespace cl = llvm::cl;
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

/// The overview `--help` prints above a command's options.
static const char *overviewOf(llvm::StringRef command) {
  if (command == "lint")
    return R"(Lints .mlir files (directories are searched recursively) for buffer
ownership problems.

exit codes: 0 no error findings, 1 error findings (any with --werror, or a
failed --verify), 2 usage or I/O error, or a file whose analysis crashed
(every other file is still linted)
)";
  if (command == "explain")
    return R"(Prints what BufferLens knows about the value (or block, or op) at
FILE:LINE:COL, in the words of the editor's hover. LINE and COL are
1-based, COL in bytes, as compilers print them.
)";
  if (command == "rewrite")
    return R"(Prints FILE's module with the deallocation strategy's clones and frees
inserted (to stdout). `classic`: the classic BufferDeallocation plan
(critical aliases cloned, deallocs at the common post-dominator).
`ownership`: the upstream passes, by --stage: `ownership` (as mlir-opt
--ownership-based-buffer-deallocation), `simplified` (then --canonicalize
--buffer-deallocation-simplification --canonicalize) or `lowered` (the
default: --buffer-deallocation-pipeline).
)";
  if (command == "graph")
    return R"(Draws each function's control-flow graph with allocation, clone and
deallocation placement and the findings at the ops they concern.

exit codes: 0 graphs written, 1 a file does not parse or its rewrite
failed, 2 usage, I/O or rendering error
)";
  if (command == "serve")
    return R"(Runs the BufferLens language server (LSP 3.17) on stdin/stdout, or for
one client on a TCP port (`--listen HOST:PORT`). HOST defaults to
127.0.0.1; PORT 0 picks a free port and prints it on stderr ("listening
on HOST:PORT").
)";
  return "BufferLens shows who owns every buffer in MLIR files.\n";
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  llvm::StringRef command = argv[1];
  if (command == "--version" || command == "version") {
    std::cout << "bufferlens " << BUFFERLENS_VERSION << " (MLIR "
              << BUFFERLENS_MLIR_VERSION << ")\n";
    return 0;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  cl::SubCommand *commands[] = {&lintCommand(), &explainCommand(),
                                &rewriteCommand(), &graphCommand(),
                                &serveCommand()};
  cl::SubCommand *chosen = nullptr;
  for (cl::SubCommand *candidate : commands)
    if (candidate->getName() == command)
      chosen = candidate;
  if (!chosen) {
    std::cerr << "bufferlens: unknown command '" << command.str() << "'\n"
              << kUsage;
    return 2;
  }
  // The options LLVM's own libraries register are not BufferLens'.
  for (cl::SubCommand *sub : commands)
    cl::HideUnrelatedOptions(optionCategory(), *sub);
  if (!cl::ParseCommandLineOptions(argc, argv, overviewOf(command),
                                   &llvm::errs())) {
    llvm::errs() << "(see `bufferlens " << command << " --help`)\n";
    return 2;
  }
  // The server's edits come a few hundred milliseconds apart and each
  // frees and allocates the document's text and diagnostics again; lint
  // analyses function after function. Keep what they free for the next
  // (cli/Allocator.h).
  configureAllocator(std::chrono::seconds(2));
  if (chosen == &lintCommand())
    return runLint();
  if (chosen == &explainCommand())
    return runExplain();
  if (chosen == &rewriteCommand())
    return runRewrite();
  if (chosen == &graphCommand())
    return runGraph();
  return runServe();
}

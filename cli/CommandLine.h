//===- CommandLine.h - The subcommands and their shared options -----------===//
//
// Every subcommand's options are declared with LLVM's CommandLine library
// (`llvm::cl`), each in the file of its command, on the subcommand returned
// here. One parser for all commands: the same spellings (`--format json`,
// `--format=json`, `-format json`) everywhere, and `--help` generated from
// the declarations. Only options of BufferLens' category are shown: the
// options LLVM's own libraries register stay hidden.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_COMMANDLINE_H
#define BUFFERLENS_CLI_COMMANDLINE_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace bufferlens {

/// The category every BufferLens option belongs to.
llvm::cl::OptionCategory &optionCategory();

/// The subcommands. Function-local statics, so that the options of any
/// translation unit can name them during static initialisation.
llvm::cl::SubCommand &lintCommand();
llvm::cl::SubCommand &explainCommand();
llvm::cl::SubCommand &rewriteCommand();
llvm::cl::SubCommand &graphCommand();
llvm::cl::SubCommand &serveCommand();

/// `--config FILE`, shared by lint, explain, rewrite and graph: the settings
/// file to use instead of the nearest `.bufferlens.json`.
const std::string &configFileOption();

/// Prints "bufferlens COMMAND: MESSAGE" and a pointer to the command's
/// help on stderr; returns 2, the exit code of a usage error.
int usageError(const llvm::cl::SubCommand &command, const std::string &message);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_COMMANDLINE_H

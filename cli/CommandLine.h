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

#include "analysis/model/Options.h"

#include <optional>
#include <string>
#include <vector>

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

/// `--load-dialect-plugin PATH` (repeatable, every command): dialect
/// plugins as `mlir-opt --load-dialect-plugin` loads them, as absolute
/// paths, after those of the configuration.
std::vector<std::string> dialectPluginOption();

/// The settings for `file` (loadOptionsFor: `configFile`, else the nearest
/// `.bufferlens.json`) with the plugins of `--load-dialect-plugin` added,
/// and each plugin loaded: one that does not load is said once per process
/// on stderr ("bufferlens COMMAND: PATH: cannot load the dialect plugin:
/// ...") and `pluginFailed` set; the analyses go on without it.
std::optional<std::string> commandOptionsFor(const std::string &file,
                                             const std::string &configFile,
                                             AnalysisOptions &options);

/// Whether a plugin named by the configuration or the flags did not load.
bool pluginFailed();

/// Prints "bufferlens COMMAND: MESSAGE" and a pointer to the command's
/// help on stderr; returns 2, the exit code of a usage error.
int usageError(const llvm::cl::SubCommand &command, const std::string &message);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_COMMANDLINE_H

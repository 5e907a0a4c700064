//===- CommandLine.cpp - The subcommands and their shared options ---------===//

#include "cli/CommandLine.h"
#include "config/Config.h"
#include "ide/DialectPlugins.h"

#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>

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

static cl::list<std::string> loadDialectPlugin(
    "load-dialect-plugin",
    cl::desc("load a dialect plugin built for mlir-opt of the same MLIR "
             "(repeatable; added to \"plugins\" of the settings file)"),
    cl::value_desc("PATH"), cl::sub(lintCommand()), cl::sub(explainCommand()),
    cl::sub(rewriteCommand()), cl::sub(graphCommand()), cl::sub(serveCommand()),
    cl::cat(optionCategory()));

std::vector<std::string> bufferlens::dialectPluginOption() {
  std::vector<std::string> paths;
  for (const std::string &path : loadDialectPlugin) {
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    paths.push_back(ec ? path : absolute.lexically_normal().string());
  }
  return paths;
}

/// The subcommand being run, for messages.
static llvm::StringRef subCommandName() {
  for (cl::SubCommand *command :
       {&lintCommand(), &explainCommand(), &rewriteCommand(), &graphCommand(),
        &serveCommand()})
    if (*command)
      return command->getName();
  return "";
}

static std::atomic<bool> aPluginFailed{false};
bool bufferlens::pluginFailed() { return aPluginFailed; }

std::optional<std::string>
bufferlens::commandOptionsFor(const std::string &file,
                              const std::string &configFile,
                              AnalysisOptions &options) {
  std::optional<std::string> error = loadOptionsFor(file, configFile, options);
  static const std::vector<std::string> fromFlags = dialectPluginOption();
  for (const std::string &path : fromFlags)
    if (!llvm::is_contained(options.dialects.plugins, path))
      options.dialects.plugins.push_back(path);
  static std::mutex saidMutex;
  static std::set<std::string> said;
  for (const std::string &problem :
       loadDialectPlugins(options.dialects.plugins)) {
    aPluginFailed = true;
    std::lock_guard<std::mutex> lock(saidMutex);
    if (said.insert(problem).second)
      llvm::errs() << "bufferlens " << subCommandName() << ": " << problem
                   << "\n";
  }
  return error;
}

int bufferlens::usageError(const cl::SubCommand &command,
                           const std::string &message) {
  llvm::errs() << "bufferlens " << command.getName() << ": " << message
               << "\n(see `bufferlens " << command.getName() << " --help`)\n";
  return 2;
}

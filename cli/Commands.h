//===- Commands.h - The subcommands of the `bufferlens` executable -------===//
//
// Each runs on the options parsed into its subcommand (cli/CommandLine.h)
// and returns the process exit code: 0 success, 1 findings at error
// severity (or a failed check), 2 usage or I/O error.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_COMMANDS_H
#define BUFFERLENS_CLI_COMMANDS_H

namespace bufferlens {

int runLint();
int runExplain();
int runRewrite();
int runGraph();
int runServe();

} // namespace bufferlens

#endif // BUFFERLENS_CLI_COMMANDS_H

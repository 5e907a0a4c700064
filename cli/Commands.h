//===- Commands.h - The subcommands of the `bufferlens` executable
//---------===//
//
// Each returns the process exit code: 0 success, 1 findings at error
// severity (or a failed check), 2 usage or I/O error.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_CLI_COMMANDS_H
#define BUFFERLENS_CLI_COMMANDS_H

#include <string>
#include <vector>

namespace bufferlens {

int runLint(const std::vector<std::string> &args);
int runExplain(const std::vector<std::string> &args);
int runRewrite(const std::vector<std::string> &args);
int runGraph(const std::vector<std::string> &args);
int runServe(const std::vector<std::string> &args);

} // namespace bufferlens

#endif // BUFFERLENS_CLI_COMMANDS_H

//===- DialectPlugins.cpp -------------------------------------------------===//

#include "ide/DialectPlugins.h"
#include "analysis/ir/DialectPlugins.h"

std::vector<std::string>
bufferlens::loadDialectPlugins(const std::vector<std::string> &paths) {
  std::vector<std::string> problems;
  for (const std::string &path : paths)
    if (std::string error = loadDialectPlugin(path); !error.empty())
      problems.push_back(std::move(error));
  return problems;
}

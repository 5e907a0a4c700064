//===- SourceFile.cpp -----------------------------------------------------===//

#include "cli/SourceFile.h"

#include <fstream>
#include <sstream>

using namespace bufferlens;

bool bufferlens::readSourceFile(const std::string &path, std::string &text,
                                std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read the file";
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    error = "cannot read the file";
    return false;
  }
  text = buffer.str();
  // MLIR's lexer stops at a NUL; such a file is not MLIR text.
  if (text.find('\0') != std::string::npos) {
    error = "binary file (contains NUL bytes), not linted";
    text.clear();
    return false;
  }
  return true;
}

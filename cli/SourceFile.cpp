//===- SourceFile.cpp -----------------------------------------------------===//

#include "cli/SourceFile.h"
#include "ide/BinaryText.h"

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
  // The rule the server follows too (ide/BinaryText.h).
  if (findNulByte(text) != std::string::npos) {
    error = std::string(kBinaryTextReason);
    text.clear();
    return false;
  }
  return true;
}

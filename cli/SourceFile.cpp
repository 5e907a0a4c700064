//===- SourceFile.cpp -----------------------------------------------------===//

#include "cli/SourceFile.h"
#include "ide/BinaryText.h"

using namespace bufferlens;

bool bufferlens::readSourceFile(const std::string &path, std::string &text,
                                std::string &error, FileStamp *stamp) {
  if (std::string why = readRegularFile(path, kMaxSourceFileBytes, text, stamp);
      !why.empty()) {
    error = "cannot read the file: " + why;
    return false;
  }
  // The rule the server follows too (ide/BinaryText.h).
  if (findNulByte(text) != std::string::npos) {
    error = std::string(kBinaryTextReason);
    text.clear();
    return false;
  }
  return true;
}

//===- BinaryText.h - The one rule for text with NUL bytes ----------------===//
//
// MLIR's lexer passes over a NUL byte as if it were a space
// (mlir/lib/AsmParser/Lexer.cpp, Lexer::lexToken, `case 0`), so a text
// with NULs "parses" while meaning nothing a person wrote: most likely it
// is a binary file (MLIR bytecode starts with "ML\xEFR" and is full of
// them). `lint` and the server both refuse to analyse such a text and say
// why, `lint` as an I/O error of the file, the server as an error
// diagnostic on the first NUL.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_BINARYTEXT_H
#define BUFFERLENS_IDE_BINARYTEXT_H

#include <string_view>

namespace bufferlens {

/// Where the first NUL byte of `text` is, or npos.
inline size_t findNulByte(std::string_view text) { return text.find('\0'); }

/// Why such a text is not analysed.
constexpr std::string_view kBinaryTextReason =
    "binary text (contains NUL bytes), not analysed";

} // namespace bufferlens

#endif // BUFFERLENS_IDE_BINARYTEXT_H

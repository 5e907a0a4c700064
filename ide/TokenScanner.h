//===- TokenScanner.h - The lexical tokens of MLIR text, for highlighting -===//
//
// A small scanner of MLIR's textual syntax (mlir/docs/LangRef.md, "Lexical
// Structure"): comments, strings, numbers, types, bare identifiers and the
// sigil names (%value, ^block, @symbol, #attribute, !type). Semantic tokens
// need the comments, strings, numbers, types and keywords, which no public
// MLIR API gives: AsmParserState records the definitions and uses of ops,
// values, blocks and aliases only, and MLIR's Lexer
// (mlir/lib/AsmParser/Lexer.h) is not an installed header. The scanner is
// lenient: it never fails, whatever the bytes.
//
//===----------------------------------------------------------------------===//

#ifndef BUFFERLENS_IDE_TOKENSCANNER_H
#define BUFFERLENS_IDE_TOKENSCANNER_H

#include "analysis/model/ModelTypes.h"

#include <string_view>
#include <vector>

namespace bufferlens {

struct ScannedToken {
  enum Kind {
    Comment,   ///< `//` to the end of the line.
    String,    ///< "..." (to the end of the line when unterminated).
    Number,    ///< 42, -1, 0x2A, 1.5e-3.
    Type,      ///< i32, f32, index, memref<...> (with its `<...>`), !t<...>.
    Keyword,   ///< Any other bare identifier.
    OpName,    ///< A dotted bare identifier (or `module`, `return`) that
               ///< starts an operation.
    Value,     ///< %name (with a `#N` result number).
    Block,     ///< ^name.
    Symbol,    ///< @name, @"name".
    Attribute, ///< #name.
  };
  SourceRange range;
  Kind kind;
};

/// The tokens of `text` in order; a token may span lines (a type or a
/// string written over several).
std::vector<ScannedToken> scanTokens(std::string_view text);

} // namespace bufferlens

#endif // BUFFERLENS_IDE_TOKENSCANNER_H

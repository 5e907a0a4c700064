//===- TokenScanner.cpp - The lexical tokens of MLIR text -----------------===//
//
// Follows the lexical rules of mlir/lib/AsmParser/Lexer.cpp where they
// matter for highlighting; see TokenScanner.h for why it exists.
//
//===----------------------------------------------------------------------===//

#include "ide/TokenScanner.h"

#include <cctype>

using namespace bufferlens;

static bool isLetter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
static bool isDigit(char c) {
  return std::isdigit(static_cast<unsigned char>(c));
}
/// bare-id characters after the first (LangRef: letter | digit | [_$.]).
static bool isBareIdChar(char c) {
  return isLetter(c) || isDigit(c) || c == '$' || c == '.';
}
/// suffix-id characters (%name, ^name): also `-`.
static bool isSuffixIdChar(char c) { return isBareIdChar(c) || c == '-'; }

/// Builtin types (mlir/include/mlir/IR/BuiltinTypes.td) spelled as a bare
/// identifier: index, none, iN/siN/uiN, the float types (f32, bf16, tf32,
/// f8E4M3FN...) and those written with a `<...>` body.
static bool isBuiltinType(std::string_view word) {
  if (word == "index" || word == "none" || word == "memref" ||
      word == "tensor" || word == "vector" || word == "complex" ||
      word == "tuple")
    return true;
  auto digitsFrom = [&](size_t i) {
    if (i >= word.size() || !isDigit(word[i]))
      return std::string_view::npos;
    while (i < word.size() && isDigit(word[i]))
      ++i;
    return i;
  };
  for (std::string_view prefix : {"i", "si", "ui"})
    if (word.substr(0, prefix.size()) == prefix &&
        digitsFrom(prefix.size()) == word.size())
      return true;
  for (std::string_view prefix : {"f", "bf", "tf"})
    if (word.substr(0, prefix.size()) == prefix) {
      size_t end = digitsFrom(prefix.size());
      if (end == std::string_view::npos)
        continue;
      for (; end < word.size(); ++end)
        if (!std::isalnum(static_cast<unsigned char>(word[end])))
          return false;
      return true;
    }
  return false;
}

namespace {
class Scanner {
public:
  explicit Scanner(std::string_view text) : text(text) {}

  std::vector<ScannedToken> run() {
    while (pos < text.size()) {
      char c = text[pos];
      size_t begin = pos;
      if (c == '/' && peek(1) == '/') {
        while (pos < text.size() && text[pos] != '\n')
          ++pos;
        emit(begin, ScannedToken::Comment);
      } else if (c == '"') {
        skipString();
        emit(begin, ScannedToken::String);
      } else if (isDigit(c) ||
                 (c == '-' && isDigit(peek(1)) && !afterIdentifier())) {
        if (c == '-')
          ++pos;
        skipNumber();
        emit(begin, ScannedToken::Number);
      } else if (c == '%' || c == '^') {
        ++pos;
        while (pos < text.size() && isSuffixIdChar(text[pos]))
          ++pos;
        // A result of a multi-result op: %0#1.
        if (c == '%' && peek(0) == '#' && isDigit(peek(1))) {
          ++pos;
          while (pos < text.size() && isDigit(text[pos]))
            ++pos;
        }
        if (pos > begin + 1)
          emit(begin, c == '%' ? ScannedToken::Value : ScannedToken::Block);
      } else if (c == '@') {
        ++pos;
        if (peek(0) == '"')
          skipString();
        else
          while (pos < text.size() && isSuffixIdChar(text[pos]))
            ++pos;
        if (pos > begin + 1)
          emit(begin, ScannedToken::Symbol);
      } else if (c == '#' || c == '!') {
        ++pos;
        while (pos < text.size() && isSuffixIdChar(text[pos]))
          ++pos;
        if (pos == begin + 1)
          continue;
        if (c == '!') {
          skipAngleBody();
          emit(begin, ScannedToken::Type);
        } else {
          emit(begin, ScannedToken::Attribute);
        }
      } else if (isLetter(c)) {
        while (pos < text.size() && isBareIdChar(text[pos]))
          ++pos;
        std::string_view word = text.substr(begin, pos - begin);
        if (isBuiltinType(word)) {
          skipAngleBody();
          emit(begin, ScannedToken::Type);
        } else if ((word.find('.') != std::string_view::npos ||
                    word == "module" || word == "return") &&
                   startsOperation(begin)) {
          emit(begin, ScannedToken::OpName);
        } else {
          emit(begin, ScannedToken::Keyword);
        }
      } else {
        ++pos;
      }
    }
    return std::move(tokens);
  }

private:
  char peek(size_t ahead) const {
    return pos + ahead < text.size() ? text[pos + ahead] : '\0';
  }

  void emit(size_t begin, ScannedToken::Kind kind) {
    tokens.push_back(
        {{static_cast<uint32_t>(begin), static_cast<uint32_t>(pos)}, kind});
  }

  /// `-` right after a name or a closing bracket is a minus, not a sign.
  bool afterIdentifier() const {
    if (pos == 0)
      return false;
    char before = text[pos - 1];
    return isSuffixIdChar(before) || before == ')' || before == ']';
  }

  /// From an opening quote past the closing one; an unterminated string
  /// ends at the line's end (the MLIR lexer rejects it there).
  void skipString() {
    ++pos;
    while (pos < text.size() && text[pos] != '"' && text[pos] != '\n') {
      if (text[pos] == '\\' && pos + 1 < text.size() && text[pos + 1] != '\n')
        ++pos;
      ++pos;
    }
    if (pos < text.size() && text[pos] == '"')
      ++pos;
  }

  void skipNumber() {
    if (peek(0) == '0' && peek(1) == 'x' &&
        std::isxdigit(static_cast<unsigned char>(peek(2)))) {
      pos += 2;
      while (pos < text.size() &&
             std::isxdigit(static_cast<unsigned char>(text[pos])))
        ++pos;
      return;
    }
    while (pos < text.size() && isDigit(text[pos]))
      ++pos;
    if (peek(0) == '.') {
      ++pos;
      while (pos < text.size() && isDigit(text[pos]))
        ++pos;
      if ((peek(0) == 'e' || peek(0) == 'E') &&
          (isDigit(peek(1)) ||
           ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
        pos += 2;
        while (pos < text.size() && isDigit(text[pos]))
          ++pos;
      }
    }
  }

  /// A `<...>` right after a type's name, nested brackets, strings and
  /// `->` included. Unbalanced: up to the end of the text.
  void skipAngleBody() {
    if (peek(0) != '<')
      return;
    int depth = 0;
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '"') {
        skipString();
        continue;
      }
      if (c == '-' && peek(1) == '>') {
        pos += 2;
        continue;
      }
      if (c == '/' && peek(1) == '/')
        return; // A comment ends the line: leave it to the scanner.
      ++pos;
      if (c == '<')
        ++depth;
      else if (c == '>' && --depth == 0)
        return;
    }
  }

  /// Whether the identifier at `begin` is where an operation starts: the
  /// first word of its line, or right after the `=` of its results.
  bool startsOperation(size_t begin) const {
    size_t i = begin;
    while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
      --i;
    return i == 0 || text[i - 1] == '\n' || text[i - 1] == '=';
  }

  std::string_view text;
  size_t pos = 0;
  std::vector<ScannedToken> tokens;
};
} // namespace

std::vector<ScannedToken> bufferlens::scanTokens(std::string_view text) {
  return Scanner(text).run();
}

//===- TopLevelSplit.cpp --------------------------------------------------===//

#include "analysis/parts/TopLevelSplit.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>

using namespace bufferlens;

namespace {
/// Walks the text keeping the bracket depth, skipping comments and strings.
struct Scanner {
  std::string_view text;
  size_t pos = 0;
  int depth = 0;
  bool unbalanced = false;

  bool atEnd() const { return pos >= text.size(); }

  /// Advances over one character (a whole comment or string counts as
  /// one step).
  void step() {
    char c = text[pos];
    if (c == '/' && pos + 1 < text.size() && text[pos + 1] == '/') {
      while (pos < text.size() && text[pos] != '\n')
        ++pos;
      return;
    }
    if (c == '"') {
      for (++pos; pos < text.size() && text[pos] != '"'; ++pos)
        if (text[pos] == '\\')
          ++pos;
      ++pos;
      return;
    }
    if (c == '{' || c == '(' || c == '[')
      ++depth;
    else if (c == '}' || c == ')' || c == ']') {
      if (--depth < 0)
        unbalanced = true;
    }
    ++pos;
  }
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/// Offset of the first non-blank character of the line starting at `pos`,
/// or the line end.
size_t firstNonBlank(std::string_view text, size_t pos) {
  while (pos < text.size() && isSpace(text[pos]))
    ++pos;
  return pos;
}

bool startsOp(std::string_view text, size_t pos) {
  if (pos >= text.size())
    return false;
  char c = text[pos];
  if (c == '/' && pos + 1 < text.size() && text[pos + 1] == '/')
    return false;
  return std::isalpha(static_cast<unsigned char>(c)) || c == '"' || c == '%' ||
         c == '#' || c == '!' || c == '_';
}

bool startsWithWord(std::string_view text, size_t pos, std::string_view word) {
  if (text.substr(pos, word.size()) != word)
    return false;
  size_t after = pos + word.size();
  return after >= text.size() ||
         !(std::isalnum(static_cast<unsigned char>(text[after])) ||
           text[after] == '_' || text[after] == '.');
}
/// Steps `scan` to the end of its text. At each line start (and at the
/// first position if `lineStart`), skips the indentation and calls
/// `atLine(first non-blank offset)`; after every other step, `stepped(its
/// offset)`. splitTopLevel and splitTopLevelAfterEdit must see lines the
/// same way, so both walk with this. False when `atLine` says stop or the
/// brackets close more than they open.
template <typename AtLine, typename Stepped>
bool walkLines(Scanner &scan, bool lineStart, AtLine atLine, Stepped stepped) {
  std::string_view text = scan.text;
  // A text that ends with a line break ends at a line start too: the empty
  // line after it (where the next operation of a file-level cut begins).
  while (!scan.atEnd() || lineStart) {
    if (lineStart) {
      lineStart = false;
      size_t first = firstNonBlank(text, scan.pos);
      if (!atLine(first))
        return false;
      scan.pos = first;
      continue;
    }
    if (text[scan.pos] == '\n') {
      ++scan.pos;
      lineStart = true;
      continue;
    }
    size_t at = scan.pos;
    scan.step();
    if (scan.unbalanced)
      return false;
    stepped(at);
  }
  return true;
}
} // namespace

std::vector<TopLevelChunk> bufferlens::splitTopLevel(std::string_view text) {
  // Where the ops live: depth 0, or depth 1 inside a lone module.
  Scanner scan{text};
  int opDepth = 0;
  size_t bodyBegin = 0;
  {
    Scanner probe{text};
    // Skip aliases and comments at the top to find the first real op.
    while (!probe.atEnd()) {
      size_t first = firstNonBlank(text, probe.pos);
      if (first < text.size() && text[first] == '\n') {
        probe.pos = first + 1;
        continue;
      }
      if (first >= text.size())
        break;
      if (startsWithWord(text, first, "module") ||
          startsWithWord(text, first, "builtin.module")) {
        // The body starts after the first `{` at depth 0.
        probe.pos = first;
        while (!probe.atEnd() && !(text[probe.pos] == '{' && probe.depth == 0))
          probe.step();
        if (probe.atEnd())
          return {};
        opDepth = 1;
        bodyBegin = probe.pos + 1;
        break;
      }
      // Anything else at the top: ops directly in the file; step over this
      // line (with whatever it opens) and decide on the next one.
      if (text[first] != '#' && text[first] != '!' &&
          !(text[first] == '/' && first + 1 < text.size() &&
            text[first + 1] == '/'))
        break;
      probe.pos = first;
      while (!probe.atEnd() && (text[probe.pos] != '\n' || probe.depth > 0))
        probe.step();
    }
  }

  std::vector<TopLevelChunk> chunks;
  scan.pos = 0;
  // Scan up to the body, keeping the depth right.
  while (scan.pos < bodyBegin && !scan.atEnd())
    scan.step();
  bool lineStart = opDepth == 1 ? false : true;
  if (opDepth == 1) {
    // The rest of the `module {` line belongs to no chunk.
    while (!scan.atEnd() && text[scan.pos] != '\n')
      scan.step();
    lineStart = true;
    if (!scan.atEnd())
      ++scan.pos;
  }
  bool balanced = walkLines(
      scan, lineStart,
      [&](size_t first) {
        if (scan.depth == opDepth && startsOp(text, first)) {
          if (!chunks.empty() && chunks.back().range.end == 0)
            chunks.back().range.end = first;
          TopLevelChunk chunk;
          chunk.range.begin = first;
          chunk.shared = text[first] == '#' || text[first] == '!';
          chunks.push_back(chunk);
        }
        return true;
      },
      [&](size_t at) {
        // The module's closing brace ends the last op.
        if (scan.depth < opDepth && !chunks.empty() &&
            chunks.back().range.end == 0)
          chunks.back().range.end = at;
      });
  if (!balanced || scan.depth != 0)
    return {};
  if (!chunks.empty() && chunks.back().range.end == 0)
    chunks.back().range.end = text.size();
  for (TopLevelChunk &chunk : chunks)
    if (!chunk.shared)
      chunk.shared = isBodylessSymbol(
          text.substr(chunk.range.begin, chunk.range.end - chunk.range.begin));
  return chunks;
}

/// How many bytes `a` and `b` share from their starts, at most `limit`;
/// compared a block at a time with memcmp (an edit of a 40 MB document
/// compares all of it but the edit).
static size_t commonPrefix(std::string_view a, std::string_view b,
                           size_t limit) {
  constexpr size_t kBlock = 4096;
  size_t at = 0;
  while (at + kBlock <= limit &&
         std::memcmp(a.data() + at, b.data() + at, kBlock) == 0)
    at += kBlock;
  while (at < limit && a[at] == b[at])
    ++at;
  return at;
}

/// The same from their ends.
static size_t commonSuffix(std::string_view a, std::string_view b,
                           size_t limit) {
  constexpr size_t kBlock = 4096;
  size_t at = 0;
  while (at + kBlock <= limit &&
         std::memcmp(a.data() + a.size() - at - kBlock,
                     b.data() + b.size() - at - kBlock, kBlock) == 0)
    at += kBlock;
  while (at < limit && a[a.size() - 1 - at] == b[b.size() - 1 - at])
    ++at;
  return at;
}

/// Whether `op`, the text from one operation's first character up to the
/// next operation's, holds exactly that operation for splitTopLevel: its
/// brackets close, no other operation starts at its depth, no comment or
/// string runs past its end, and it ends where a line's indentation ends
/// (so the next operation still starts a line).
static bool isOneOperation(std::string_view op) {
  Scanner scan{op};
  size_t lastLineCode = 0;
  bool balanced = walkLines(
      scan, /*lineStart=*/false,
      [&](size_t first) {
        lastLineCode = first;
        return !(scan.depth == 0 && startsOp(op, first));
      },
      [](size_t) {});
  return balanced && scan.depth == 0 && scan.pos == op.size() &&
         lastLineCode == op.size();
}

std::vector<TopLevelChunk>
bufferlens::splitTopLevelAfterEdit(std::string_view oldText,
                                   const std::vector<TopLevelChunk> &oldChunks,
                                   std::string_view newText) {
  if (std::optional<std::vector<TopLevelChunk>> chunks =
          splitAfterEditInOneOperation(oldText, oldChunks, newText))
    return std::move(*chunks);
  return splitTopLevel(newText);
}

std::optional<std::vector<TopLevelChunk>>
bufferlens::splitAfterEditInOneOperation(
    std::string_view oldText, const std::vector<TopLevelChunk> &oldChunks,
    std::string_view newText) {
  // The changed bytes: [prefix, oldText.size() - suffix) of the old text.
  size_t limit = std::min(oldText.size(), newText.size());
  size_t prefix = commonPrefix(oldText, newText, limit);
  size_t suffix = commonSuffix(oldText, newText, limit - prefix);
  size_t oldEnd = oldText.size() - suffix;
  // The operation holding them, not its first character (which decides
  // what kind of operation it is). Not the first operation after the
  // leading aliases either (an edit can make it the `module` the others
  // live in) nor the last (whose end is found by what follows it).
  auto holder = std::find_if(
      oldChunks.begin(), oldChunks.end(), [&](const TopLevelChunk &chunk) {
        return chunk.range.begin < prefix && oldEnd < chunk.range.end;
      });
  auto isAlias = [&](const TopLevelChunk &chunk) {
    char first = oldText[chunk.range.begin];
    return first == '#' || first == '!';
  };
  if (holder == oldChunks.end() || holder + 1 == oldChunks.end() ||
      std::all_of(oldChunks.begin(), holder, isAlias))
    return std::nullopt;
  int64_t growth = static_cast<int64_t>(newText.size()) -
                   static_cast<int64_t>(oldText.size());
  SourceRange edited = {holder->range.begin,
                        static_cast<uint32_t>(holder->range.end + growth)};
  std::string_view op = newText.substr(edited.begin, edited.end - edited.begin);
  if (!isOneOperation(op))
    return std::nullopt;
  std::vector<TopLevelChunk> chunks(oldChunks.begin(), holder);
  TopLevelChunk changed;
  changed.range = edited;
  changed.shared = newText[edited.begin] == '#' ||
                   newText[edited.begin] == '!' || isBodylessSymbol(op);
  chunks.push_back(changed);
  for (auto it = holder + 1; it != oldChunks.end(); ++it) {
    TopLevelChunk moved = *it;
    moved.range.begin = static_cast<uint32_t>(moved.range.begin + growth);
    moved.range.end = static_cast<uint32_t>(moved.range.end + growth);
    chunks.push_back(moved);
  }
  return chunks;
}

bool bufferlens::isBodylessSymbol(std::string_view op) {
  size_t first = firstNonBlank(op, 0);
  if (startsWithWord(op, first, "memref.global"))
    return true; // Never has a region.
  if (!startsWithWord(op, first, "func.func"))
    return false;
  // A region opens at depth 0; the only other `{` there is the attribute
  // dictionary after the `attributes` keyword.
  Scanner scan{op};
  scan.pos = first;
  while (!scan.atEnd()) {
    if (op[scan.pos] == '{' && scan.depth == 0) {
      std::string_view before = op.substr(0, scan.pos);
      while (!before.empty() &&
             (isSpace(before.back()) || before.back() == '\n'))
        before.remove_suffix(1);
      constexpr std::string_view kKeyword = "attributes";
      if (before.size() < kKeyword.size() ||
          before.substr(before.size() - kKeyword.size()) != kKeyword)
        return false;
      before.remove_suffix(kKeyword.size());
      if (!before.empty() &&
          (std::isalnum(static_cast<unsigned char>(before.back())) ||
           before.back() == '_' || before.back() == '.'))
        return false; // `!x.my_attributes {`: a type, then a body.
    }
    scan.step();
  }
  return !scan.unbalanced;
}

/// Calls `blank(begin, end)` for each stretch of code in `ranges` that
/// blankOperations replaces: per line, the code before a line break (a CR
/// before it stays) or before a `// bufferlens:` directive; own-line
/// comments are kept whole.
template <typename Blank>
static void forEachCodeStretch(std::string_view text,
                               const std::vector<SourceRange> &ranges,
                               Blank blank) {
  for (const SourceRange &range : ranges) {
    uint32_t i = range.begin;
    while (i < range.end) {
      std::string_view rest = text.substr(i, range.end - i);
      uint32_t lineEnd =
          i + static_cast<uint32_t>(std::min(rest.find('\n'), rest.size()));
      std::string_view line = text.substr(i, lineEnd - i);
      size_t first = line.find_first_not_of(" \t");
      bool comment =
          first != std::string_view::npos && line.substr(first, 2) == "//";
      // A directive after code on the line stays too.
      size_t keepFrom = line.size();
      if (line.find('/') != std::string_view::npos)
        keepFrom = std::min(line.find("// bufferlens:"), line.size());
      if (!comment) {
        bool cr =
            keepFrom == line.size() && !line.empty() && line.back() == '\r';
        uint32_t length = static_cast<uint32_t>(keepFrom - (cr ? 1 : 0));
        if (length)
          blank(i, i + length);
      }
      i = lineEnd + 1;
    }
  }
}

std::string
bufferlens::blankOperations(std::string_view text,
                            const std::vector<SourceRange> &ranges) {
  std::string out(text);
  forEachCodeStretch(text, ranges, [&](uint32_t begin, uint32_t end) {
    std::memset(out.data() + begin, ' ', end - begin);
  });
  return out;
}

uint32_t CompactedText::removedBefore(uint32_t documentOffset) const {
  auto after = std::upper_bound(
      removals.begin(), removals.end(), documentOffset,
      [](uint32_t offset, const std::pair<uint32_t, uint32_t> &removal) {
        return offset < removal.first;
      });
  return after == removals.begin() ? 0 : std::prev(after)->second;
}

CompactedText
bufferlens::compactOperations(std::string_view text,
                              const std::vector<SourceRange> &ranges) {
  CompactedText out;
  uint32_t copied = 0, removed = 0;
  size_t kept = text.size();
  for (const SourceRange &range : ranges)
    kept -= std::min<size_t>(kept, range.end - range.begin);
  out.text.reserve(kept + text.size() / 64);
  forEachCodeStretch(text, ranges, [&](uint32_t begin, uint32_t end) {
    out.text.append(text.substr(copied, begin - copied));
    copied = end;
    bool lineEnds =
        end == text.size() || text[end] == '\n' ||
        (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n');
    if (!lineEnds) {
      out.text.append(end - begin, ' ');
      return;
    }
    removed += end - begin;
    out.removals.emplace_back(end, removed);
  });
  out.text.append(text.substr(copied));
  return out;
}

static bool isSymbolChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

/// The string literal starting at `i` (a quote): its contents, escapes
/// kept as written; `i` moves past it.
static std::string_view stringAt(std::string_view text, size_t &i) {
  size_t begin = ++i;
  for (; i < text.size() && text[i] != '"'; ++i)
    if (text[i] == '\\')
      ++i;
  size_t end = std::min(i, text.size());
  ++i;
  return text.substr(begin, end - begin);
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/// The value of a string literal's contents as MLIR reads them
/// (Token::getStringValue): `\"`, `\\`, `\n`, `\t` and `\XX`, two hex
/// digits. MLIR's lexer rejects any other escape; it is kept as written.
static std::string unescape(std::string_view contents) {
  std::string out;
  out.reserve(contents.size());
  for (size_t i = 0; i < contents.size(); ++i) {
    char c = contents[i];
    if (c != '\\' || i + 1 == contents.size()) {
      out += c;
      continue;
    }
    char next = contents[i + 1];
    if (next == '"' || next == '\\' || next == 'n' || next == 't') {
      out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
      ++i;
    } else if (i + 2 < contents.size() && hexValue(next) >= 0 &&
               hexValue(contents[i + 2]) >= 0) {
      out += static_cast<char>(hexValue(next) << 4 | hexValue(contents[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

/// Whether the text before `i` ends with `sym_name =` (the generic form of
/// a symbol definition).
static bool afterSymName(std::string_view text, size_t i) {
  std::string_view before = text.substr(0, i);
  while (!before.empty() && (before.back() == ' ' || before.back() == '\t'))
    before.remove_suffix(1);
  if (before.empty() || before.back() != '=')
    return false;
  before.remove_suffix(1);
  while (!before.empty() && (before.back() == ' ' || before.back() == '\t'))
    before.remove_suffix(1);
  return before.size() >= 8 && before.substr(before.size() - 8) == "sym_name";
}

std::vector<std::string> bufferlens::symbolNames(std::string_view text) {
  std::vector<std::string> names;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      bool definition = afterSymName(text, i);
      std::string_view contents = stringAt(text, i);
      if (definition && !contents.empty())
        names.push_back(unescape(contents));
      continue;
    }
    if (c != '@') {
      ++i;
      continue;
    }
    ++i;
    // `@"q"`, `@"\71"` and `@q` name the same symbol: keep the name as
    // MLIR reads it.
    if (i < text.size() && text[i] == '"') {
      std::string_view contents = stringAt(text, i);
      if (!contents.empty())
        names.push_back(unescape(contents));
      continue;
    }
    size_t begin = i;
    while (i < text.size() && isSymbolChar(text[i]))
      ++i;
    if (i > begin)
      names.emplace_back(text.substr(begin, i - begin));
  }
  return names;
}

//===- UnifiedDiff.cpp - A unified diff of two texts, as `git diff` prints ===//

#include "cli/UnifiedDiff.h"

#include <algorithm>
#include <vector>

using namespace bufferlens;

/// The lines of `text`, each with its terminator (the last may have none).
static std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    size_t end = text.find('\n');
    end = end == std::string_view::npos ? text.size() : end + 1;
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return lines;
}

namespace {
/// One line of the edit script: ' ' kept, '-' removed, '+' added, with its
/// 0-based line in the old and the new text (where it is or would be).
struct ScriptLine {
  char kind;
  size_t oldLine, newLine;
  std::string_view text;
};
} // namespace

/// The middle part's table would be larger than this: it is replaced as a
/// whole, a correct if not minimal diff. Fixes change a few lines, so the
/// middle is small unless fixes are far apart in a large file.
static constexpr size_t kMaxTableCells = 16u << 20;

static std::vector<ScriptLine>
editScript(const std::vector<std::string_view> &a,
           const std::vector<std::string_view> &b) {
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  size_t n = a.size() - prefix - suffix, m = b.size() - prefix - suffix;

  std::vector<ScriptLine> script;
  for (size_t i = 0; i < prefix; ++i)
    script.push_back({' ', i, i, a[i]});
  if ((n + 1) * (m + 1) > kMaxTableCells) {
    for (size_t i = 0; i < n; ++i)
      script.push_back({'-', prefix + i, prefix, a[prefix + i]});
    for (size_t j = 0; j < m; ++j)
      script.push_back({'+', prefix + n, prefix + j, b[prefix + j]});
  } else {
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    std::vector<uint32_t> lcs((n + 1) * (m + 1), 0);
    auto at = [&](size_t i, size_t j) -> uint32_t & {
      return lcs[i * (m + 1) + j];
    };
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        at(i, j) = a[prefix + i] == b[prefix + j]
                       ? at(i + 1, j + 1) + 1
                       : std::max(at(i + 1, j), at(i, j + 1));
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[prefix + i] == b[prefix + j]) {
        script.push_back({' ', prefix + i, prefix + j, a[prefix + i]});
        ++i, ++j;
      } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
        script.push_back({'-', prefix + i, prefix + j, a[prefix + i]});
        ++i;
      } else {
        script.push_back({'+', prefix + i, prefix + j, b[prefix + j]});
        ++j;
      }
    }
  }
  for (size_t k = 0; k < suffix; ++k)
    script.push_back({' ', a.size() - suffix + k, b.size() - suffix + k,
                      a[a.size() - suffix + k]});
  return script;
}

/// `start,count` of a hunk header, as GNU diff and git print it: an empty
/// side names the line before, a count of 1 is left out.
static std::string hunkRange(size_t first, size_t count) {
  std::string start = std::to_string(count ? first + 1 : first);
  return count == 1 ? start : start + "," + std::to_string(count);
}

std::string bufferlens::unifiedDiff(std::string_view path,
                                    std::string_view before,
                                    std::string_view after) {
  if (before == after)
    return "";
  std::vector<std::string_view> a = splitLines(before), b = splitLines(after);
  std::vector<ScriptLine> script = editScript(a, b);
  constexpr size_t kContext = 3;

  std::string name(path);
  while (name.rfind("./", 0) == 0)
    name.erase(0, 2);
  if (!name.empty() && name.front() == '/')
    name.erase(0, 1);
  std::string out = "--- a/" + name + "\n+++ b/" + name + "\n";
  size_t k = 0;
  while (k < script.size()) {
    if (script[k].kind == ' ') {
      ++k;
      continue;
    }
    // A hunk: from kContext kept lines before this change through the last
    // change that follows within 2 * kContext kept lines, plus context.
    size_t first = k >= kContext ? k - kContext : 0;
    // Kept lines before `k` that belong to no earlier hunk.
    while (first < k && script[first].kind != ' ')
      ++first;
    size_t last = k; // The last change of the hunk.
    for (size_t next = k + 1; next < script.size(); ++next) {
      if (script[next].kind == ' ')
        continue;
      if (next - last - 1 > 2 * kContext)
        break;
      last = next;
    }
    size_t end = std::min(script.size(), last + 1 + kContext);
    size_t oldCount = 0, newCount = 0;
    for (size_t i = first; i < end; ++i) {
      oldCount += script[i].kind != '+';
      newCount += script[i].kind != '-';
    }
    out += "@@ -" + hunkRange(script[first].oldLine, oldCount) + " +" +
           hunkRange(script[first].newLine, newCount) + " @@\n";
    for (size_t i = first; i < end; ++i) {
      out += script[i].kind;
      out += script[i].text;
      if (script[i].text.empty() || script[i].text.back() != '\n')
        out += "\n\\ No newline at end of file\n";
    }
    k = end;
  }
  return out;
}
